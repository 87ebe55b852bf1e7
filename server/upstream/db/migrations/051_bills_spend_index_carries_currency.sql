-- The billing dashboard names the currency of the spend it shows (its chart's axis, its table): the
-- aggregate reads each bill's currency beside its amount. The (date, identifier) index carries both,
-- so the sum over a window stays an index-only scan (migration 017 carried the amount alone).
DROP INDEX cloud_bills_date_identifier_idx;
CREATE INDEX cloud_bills_date_identifier_idx ON cloud_bills (date, identifier) INCLUDE (amount, currency);
