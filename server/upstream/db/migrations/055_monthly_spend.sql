-- Issue 42 item 1: the Spend screen reads monthly spend per cost center, business unit, provider and
-- currency. The database keeps that aggregate itself, so a read sums at most twelve small rows per
-- group instead of the bills behind them, and every write path (upload, finalize, process, the CRUD,
-- a psql session) keeps it exact without Node taking part.
--
-- Statement-level triggers with transition tables rather than row triggers: an upload of 50,000
-- lines is one INSERT, and a row trigger would upsert 50,000 times (each a lookup and an update of a
-- hot aggregate row), where a statement trigger sums the statement's rows once and upserts each group
-- once. An UPDATE counts its old rows out and its new rows in within the same upsert, so a bill moved
-- to another month, cost center or currency leaves one group and joins the other. Groups are upserted
-- in key order, so two concurrent statements lock the rows they share in the same order (no
-- deadlock); a group left without lines is deleted, so the table holds only what bills say.
CREATE TABLE monthly_spend (
  month date NOT NULL CHECK (extract(day FROM month) = 1),
  identifier text NOT NULL,
  business_units_id integer,
  provider text NOT NULL,
  currency text,
  amount numeric(18, 2) NOT NULL,
  lines integer NOT NULL
);
-- NULLS NOT DISTINCT: bills without a business unit or currency are still one group (PostgreSQL 15+)
CREATE UNIQUE INDEX monthly_spend_key_idx ON monthly_spend (month, identifier, business_units_id, provider, currency) NULLS NOT DISTINCT;
CREATE INDEX monthly_spend_identifier_lower_idx ON monthly_spend (lower(identifier), month);
-- the groups a statement emptied: found without reading the table
CREATE INDEX monthly_spend_empty_idx ON monthly_spend (month) WHERE lines = 0;

-- A transition table exists only in the triggers that name it, and PL/pgSQL plans a statement when
-- it first runs: each event's branch reads the tables its own trigger has.
CREATE FUNCTION monthly_spend_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO monthly_spend AS s (month, identifier, business_units_id, provider, currency, amount, lines)
    SELECT date_trunc('month', date)::date, identifier, business_units_id, provider, currency, sum(amount), sum(lines)::int
    FROM (SELECT date, identifier, business_units_id, provider, currency, amount, 1 AS lines FROM new_bills) AS changed
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (month, identifier, business_units_id, provider, currency)
    DO UPDATE SET amount = s.amount + excluded.amount, lines = s.lines + excluded.lines;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO monthly_spend AS s (month, identifier, business_units_id, provider, currency, amount, lines)
    SELECT date_trunc('month', date)::date, identifier, business_units_id, provider, currency, sum(amount), sum(lines)::int
    FROM (SELECT date, identifier, business_units_id, provider, currency, -amount AS amount, -1 AS lines FROM old_bills) AS changed
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (month, identifier, business_units_id, provider, currency)
    DO UPDATE SET amount = s.amount + excluded.amount, lines = s.lines + excluded.lines;
  ELSE
    INSERT INTO monthly_spend AS s (month, identifier, business_units_id, provider, currency, amount, lines)
    SELECT date_trunc('month', date)::date, identifier, business_units_id, provider, currency, sum(amount), sum(lines)::int
    FROM (SELECT date, identifier, business_units_id, provider, currency, amount, 1 AS lines FROM new_bills
          UNION ALL
          SELECT date, identifier, business_units_id, provider, currency, -amount AS amount, -1 AS lines FROM old_bills) AS changed
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (month, identifier, business_units_id, provider, currency)
    DO UPDATE SET amount = s.amount + excluded.amount, lines = s.lines + excluded.lines;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM monthly_spend WHERE lines = 0;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER cloud_bills_monthly_spend_insert AFTER INSERT ON cloud_bills
  REFERENCING NEW TABLE AS new_bills FOR EACH STATEMENT EXECUTE FUNCTION monthly_spend_apply();
CREATE TRIGGER cloud_bills_monthly_spend_update AFTER UPDATE ON cloud_bills
  REFERENCING OLD TABLE AS old_bills NEW TABLE AS new_bills FOR EACH STATEMENT EXECUTE FUNCTION monthly_spend_apply();
CREATE TRIGGER cloud_bills_monthly_spend_delete AFTER DELETE ON cloud_bills
  REFERENCING OLD TABLE AS old_bills FOR EACH STATEMENT EXECUTE FUNCTION monthly_spend_apply();

CREATE FUNCTION monthly_spend_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE monthly_spend;
  RETURN NULL;
END
$$;
CREATE TRIGGER cloud_bills_monthly_spend_truncate AFTER TRUNCATE ON cloud_bills
  FOR EACH STATEMENT EXECUTE FUNCTION monthly_spend_clear();

-- the bills stored before this migration
INSERT INTO monthly_spend (month, identifier, business_units_id, provider, currency, amount, lines)
SELECT date_trunc('month', date)::date, identifier, business_units_id, provider, currency, sum(amount), count(*)::int
FROM cloud_bills GROUP BY 1, 2, 3, 4, 5;
