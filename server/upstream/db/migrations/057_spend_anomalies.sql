-- Issue 42 item 2: spend anomalies. What is an anomaly is read from monthly_spend (migration 055);
-- this migration adds what that cannot answer.
--
-- The acknowledgements: one per cost center, month and currency (an anomaly's key), with a note.
-- They are a registry model (shared/resources/spend-anomaly-acknowledgements.ts) written through the
-- generic CRUD, so the change log (record_changes) keeps who acknowledged, when, and every later note.
CREATE TABLE spend_anomaly_acknowledgements (
  id serial PRIMARY KEY,
  identifier text NOT NULL CHECK (identifier ~ '\S'),
  -- a day of the anomaly's month (the web sends its first): the month counts, as in monthly_spend
  month date NOT NULL,
  currency text,
  note text NOT NULL CONSTRAINT spend_anomaly_acknowledgements_note_check CHECK (note ~ '\S'),
  created_at timestamptz NOT NULL DEFAULT now()
);
-- one per anomaly, whichever day of its month names it; bills without a currency are an anomaly's
-- key too (NULLS NOT DISTINCT, PostgreSQL 15+)
CREATE UNIQUE INDEX spend_anomaly_acknowledgements_key_idx
  ON spend_anomaly_acknowledgements (identifier, (date_trunc('month', month::timestamp)::date), currency) NULLS NOT DISTINCT;
-- the list's sorts (migration 018's rule: every list column a (key, id) index)
CREATE INDEX spend_anomaly_acknowledgements_month_id_idx ON spend_anomaly_acknowledgements (month, id);
CREATE INDEX spend_anomaly_acknowledgements_identifier_lower_id_idx ON spend_anomaly_acknowledgements (lower(identifier), id) INCLUDE (identifier);
CREATE INDEX spend_anomaly_acknowledgements_currency_lower_id_idx ON spend_anomaly_acknowledgements (lower(currency), id) INCLUDE (currency);
CREATE INDEX spend_anomaly_acknowledgements_created_at_id_idx ON spend_anomaly_acknowledgements (created_at, id);

-- What grew: an anomaly's bills, by provider, GL account and line, in its month and the six before,
-- read for one cost center and seven months at a time (never a sum over every bill).
CREATE INDEX cloud_bills_identifier_date_idx ON cloud_bills (identifier, date);
