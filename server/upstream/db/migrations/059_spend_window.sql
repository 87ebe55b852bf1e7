-- Issue 42 item 7: the Spend screen opens on every group's 12-month figures sorted by one of them.
-- Summing monthly_spend for that takes seconds at a million bills (every row of the window, grouped,
-- before the first row can be sorted), so the database keeps one row per group with the current
-- window's months and the figures the screen sorts by, and the totals per currency, provider and
-- business unit the screen's totals and pager add up. Both follow monthly_spend by the same kind of
-- statement trigger as 055 follows the bills: bills -> monthly_spend -> spend_window ->
-- spend_window_totals, each adding the changed rows' differences.
--
-- The window is the 12 months ending with spend_window_month.month. When the month turns, the first
-- read of the new window re-bases it (spend_window_rebase, once a month); until the first read there
-- is no window to keep, and the triggers skip it. A read of another month sums monthly_spend as before.
CREATE TABLE spend_window_month (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  month date NOT NULL CHECK (extract(day FROM month) = 1)
);

-- m0 is the window's oldest month, m11 its last (the "current" month)
CREATE TABLE spend_window (
  identifier text NOT NULL,
  business_units_id integer,
  provider text NOT NULL,
  currency text,
  m0 numeric(18, 2) NOT NULL, m1 numeric(18, 2) NOT NULL, m2 numeric(18, 2) NOT NULL,
  m3 numeric(18, 2) NOT NULL, m4 numeric(18, 2) NOT NULL, m5 numeric(18, 2) NOT NULL,
  m6 numeric(18, 2) NOT NULL, m7 numeric(18, 2) NOT NULL, m8 numeric(18, 2) NOT NULL,
  m9 numeric(18, 2) NOT NULL, m10 numeric(18, 2) NOT NULL, m11 numeric(18, 2) NOT NULL,
  lines integer NOT NULL,
  total numeric(18, 2) GENERATED ALWAYS AS (m0 + m1 + m2 + m3 + m4 + m5 + m6 + m7 + m8 + m9 + m10 + m11) STORED,
  change numeric(18, 2) GENERATED ALWAYS AS (m11 - m10) STORED,
  -- null when the month before has nothing to compare with
  change_ratio numeric GENERATED ALWAYS AS (CASE WHEN m10 = 0 THEN NULL ELSE (m11 - m10) / abs(m10) END) STORED
);
CREATE UNIQUE INDEX spend_window_key_idx ON spend_window (identifier, business_units_id, provider, currency) NULLS NOT DISTINCT;
CREATE INDEX spend_window_empty_idx ON spend_window (identifier) WHERE lines = 0;
-- one index per order the screen offers, each ending in the rows' own order (the ties' tie-break),
-- so a page is the index's first rows whichever way it is read; a null sorts last both ways, so the
-- nullable orders have one index per direction
CREATE INDEX spend_window_identifier_idx ON spend_window (lower(identifier), identifier, provider, currency, business_units_id);
CREATE INDEX spend_window_provider_idx ON spend_window (provider, lower(identifier), identifier, currency, business_units_id);
CREATE INDEX spend_window_total_idx ON spend_window (total, lower(identifier), identifier, provider, currency, business_units_id);
CREATE INDEX spend_window_current_idx ON spend_window (m11, lower(identifier), identifier, provider, currency, business_units_id);
CREATE INDEX spend_window_change_idx ON spend_window (change, lower(identifier), identifier, provider, currency, business_units_id);
CREATE INDEX spend_window_change_ratio_idx ON spend_window (change_ratio ASC NULLS LAST, lower(identifier), identifier, provider, currency, business_units_id);
CREATE INDEX spend_window_change_ratio_desc_idx ON spend_window (change_ratio DESC NULLS LAST, lower(identifier) DESC, identifier DESC, provider DESC, currency DESC, business_units_id DESC);
CREATE INDEX spend_window_currency_idx ON spend_window (currency ASC NULLS LAST, lower(identifier), identifier, provider, business_units_id);
CREATE INDEX spend_window_currency_desc_idx ON spend_window (currency DESC NULLS LAST, lower(identifier) DESC, identifier DESC, provider DESC, business_units_id DESC);
CREATE INDEX spend_window_business_unit_idx ON spend_window (business_units_id, lower(identifier), identifier, provider, currency);

-- the window's sums per currency, provider and business unit, and how many groups each holds: the
-- screen's totals and its pager count, unless it is filtered by owner or cost center
CREATE TABLE spend_window_totals (
  currency text,
  provider text NOT NULL,
  business_units_id integer,
  m0 numeric(18, 2) NOT NULL, m1 numeric(18, 2) NOT NULL, m2 numeric(18, 2) NOT NULL,
  m3 numeric(18, 2) NOT NULL, m4 numeric(18, 2) NOT NULL, m5 numeric(18, 2) NOT NULL,
  m6 numeric(18, 2) NOT NULL, m7 numeric(18, 2) NOT NULL, m8 numeric(18, 2) NOT NULL,
  m9 numeric(18, 2) NOT NULL, m10 numeric(18, 2) NOT NULL, m11 numeric(18, 2) NOT NULL,
  groups integer NOT NULL
);
CREATE UNIQUE INDEX spend_window_totals_key_idx ON spend_window_totals (currency, provider, business_units_id) NULLS NOT DISTINCT;

-- A statement's changed monthly_spend rows, as differences (old rows negated), added to their groups'
-- window rows. The transition tables exist only in the trigger that names them, so the statement is
-- written once and run by EXECUTE over the event's own rows.
CREATE FUNCTION spend_window_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  base date;
  changed text;
BEGIN
  SELECT month INTO base FROM spend_window_month;
  IF base IS NULL THEN
    RETURN NULL;
  END IF;
  changed := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT identifier, business_units_id, provider, currency, month, amount, lines FROM new_spend'
    WHEN 'DELETE' THEN 'SELECT identifier, business_units_id, provider, currency, month, -amount, -lines FROM old_spend'
    ELSE 'SELECT identifier, business_units_id, provider, currency, month, amount, lines FROM new_spend
          UNION ALL SELECT identifier, business_units_id, provider, currency, month, -amount, -lines FROM old_spend'
  END;
  EXECUTE format($sql$
    INSERT INTO spend_window AS w (identifier, business_units_id, provider, currency,
      m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, lines)
    SELECT identifier, business_units_id, provider, currency,
      coalesce(sum(amount) FILTER (WHERE n = 0), 0), coalesce(sum(amount) FILTER (WHERE n = 1), 0),
      coalesce(sum(amount) FILTER (WHERE n = 2), 0), coalesce(sum(amount) FILTER (WHERE n = 3), 0),
      coalesce(sum(amount) FILTER (WHERE n = 4), 0), coalesce(sum(amount) FILTER (WHERE n = 5), 0),
      coalesce(sum(amount) FILTER (WHERE n = 6), 0), coalesce(sum(amount) FILTER (WHERE n = 7), 0),
      coalesce(sum(amount) FILTER (WHERE n = 8), 0), coalesce(sum(amount) FILTER (WHERE n = 9), 0),
      coalesce(sum(amount) FILTER (WHERE n = 10), 0), coalesce(sum(amount) FILTER (WHERE n = 11), 0),
      sum(lines)::int
    FROM (SELECT c.*, 11 - ((extract(year FROM $1) - extract(year FROM c.month)) * 12
                            + extract(month FROM $1) - extract(month FROM c.month))::int AS n
          FROM (%s) AS c (identifier, business_units_id, provider, currency, month, amount, lines)) AS changed
    WHERE n BETWEEN 0 AND 11
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (identifier, business_units_id, provider, currency)
    DO UPDATE SET m0 = w.m0 + excluded.m0, m1 = w.m1 + excluded.m1, m2 = w.m2 + excluded.m2,
      m3 = w.m3 + excluded.m3, m4 = w.m4 + excluded.m4, m5 = w.m5 + excluded.m5,
      m6 = w.m6 + excluded.m6, m7 = w.m7 + excluded.m7, m8 = w.m8 + excluded.m8,
      m9 = w.m9 + excluded.m9, m10 = w.m10 + excluded.m10, m11 = w.m11 + excluded.m11,
      lines = w.lines + excluded.lines$sql$, changed) USING base;
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM spend_window WHERE lines = 0;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER monthly_spend_window_insert AFTER INSERT ON monthly_spend
  REFERENCING NEW TABLE AS new_spend FOR EACH STATEMENT EXECUTE FUNCTION spend_window_apply();
CREATE TRIGGER monthly_spend_window_update AFTER UPDATE ON monthly_spend
  REFERENCING OLD TABLE AS old_spend NEW TABLE AS new_spend FOR EACH STATEMENT EXECUTE FUNCTION spend_window_apply();
CREATE TRIGGER monthly_spend_window_delete AFTER DELETE ON monthly_spend
  REFERENCING OLD TABLE AS old_spend FOR EACH STATEMENT EXECUTE FUNCTION spend_window_apply();

-- the window rows' differences added to their totals; a group that came or went counts in `groups`
CREATE FUNCTION spend_window_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  columns text := 'currency, provider, business_units_id, m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11';
  negated text := 'currency, provider, business_units_id, -m0, -m1, -m2, -m3, -m4, -m5, -m6, -m7, -m8, -m9, -m10, -m11';
  changed text;
BEGIN
  changed := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT %s, 1 FROM new_window', columns)
    WHEN 'DELETE' THEN format('SELECT %s, -1 FROM old_window', negated)
    ELSE format('SELECT %s, 0 FROM new_window UNION ALL SELECT %s, 0 FROM old_window', columns, negated)
  END;
  EXECUTE format($sql$
    INSERT INTO spend_window_totals AS s (currency, provider, business_units_id,
      m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, groups)
    SELECT currency, provider, business_units_id, sum(m0), sum(m1), sum(m2), sum(m3), sum(m4), sum(m5),
      sum(m6), sum(m7), sum(m8), sum(m9), sum(m10), sum(m11), sum(groups)::int
    FROM (%s) AS changed (currency, provider, business_units_id, m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, groups)
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (currency, provider, business_units_id)
    DO UPDATE SET m0 = s.m0 + excluded.m0, m1 = s.m1 + excluded.m1, m2 = s.m2 + excluded.m2,
      m3 = s.m3 + excluded.m3, m4 = s.m4 + excluded.m4, m5 = s.m5 + excluded.m5,
      m6 = s.m6 + excluded.m6, m7 = s.m7 + excluded.m7, m8 = s.m8 + excluded.m8,
      m9 = s.m9 + excluded.m9, m10 = s.m10 + excluded.m10, m11 = s.m11 + excluded.m11,
      groups = s.groups + excluded.groups$sql$, changed);
  IF TG_OP = 'DELETE' THEN
    DELETE FROM spend_window_totals WHERE groups = 0;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER spend_window_totals_insert AFTER INSERT ON spend_window
  REFERENCING NEW TABLE AS new_window FOR EACH STATEMENT EXECUTE FUNCTION spend_window_totals_apply();
CREATE TRIGGER spend_window_totals_update AFTER UPDATE ON spend_window
  REFERENCING OLD TABLE AS old_window NEW TABLE AS new_window FOR EACH STATEMENT EXECUTE FUNCTION spend_window_totals_apply();
CREATE TRIGGER spend_window_totals_delete AFTER DELETE ON spend_window
  REFERENCING OLD TABLE AS old_window FOR EACH STATEMENT EXECUTE FUNCTION spend_window_totals_apply();

CREATE FUNCTION spend_window_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE spend_window, spend_window_totals;
  RETURN NULL;
END
$$;
CREATE TRIGGER monthly_spend_window_truncate AFTER TRUNCATE ON monthly_spend
  FOR EACH STATEMENT EXECUTE FUNCTION spend_window_clear();

-- The window moved to the 12 months ending with `last`: rebuilt from monthly_spend. The lock waits for
-- the bills' writers that hold monthly_spend and keeps new ones out until the new window commits;
-- each statement after it reads what they committed (READ COMMITTED), so no difference is lost.
CREATE FUNCTION spend_window_rebase(last date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE monthly_spend IN SHARE ROW EXCLUSIVE MODE;
  IF (SELECT month FROM spend_window_month) IS NOT DISTINCT FROM last THEN
    RETURN;
  END IF;
  TRUNCATE spend_window, spend_window_totals;
  INSERT INTO spend_window_month (month) VALUES (last)
    ON CONFLICT (only_row) DO UPDATE SET month = excluded.month;
  INSERT INTO spend_window (identifier, business_units_id, provider, currency,
    m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, lines)
  SELECT identifier, business_units_id, provider, currency,
    coalesce(sum(amount) FILTER (WHERE n = 0), 0), coalesce(sum(amount) FILTER (WHERE n = 1), 0),
    coalesce(sum(amount) FILTER (WHERE n = 2), 0), coalesce(sum(amount) FILTER (WHERE n = 3), 0),
    coalesce(sum(amount) FILTER (WHERE n = 4), 0), coalesce(sum(amount) FILTER (WHERE n = 5), 0),
    coalesce(sum(amount) FILTER (WHERE n = 6), 0), coalesce(sum(amount) FILTER (WHERE n = 7), 0),
    coalesce(sum(amount) FILTER (WHERE n = 8), 0), coalesce(sum(amount) FILTER (WHERE n = 9), 0),
    coalesce(sum(amount) FILTER (WHERE n = 10), 0), coalesce(sum(amount) FILTER (WHERE n = 11), 0),
    sum(lines)::int
  FROM (SELECT s.*, 11 - ((extract(year FROM last) - extract(year FROM s.month)) * 12
                          + extract(month FROM last) - extract(month FROM s.month))::int AS n
        FROM monthly_spend s
        WHERE s.month BETWEEN (last - interval '11 months')::date AND last) AS window_rows
  GROUP BY 1, 2, 3, 4;
END
$$;
