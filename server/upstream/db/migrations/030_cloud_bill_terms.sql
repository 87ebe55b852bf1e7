-- The history's Invoice Num and Identifier searches at a million bills (issue 10 item 6). A trigram
-- index on the bills themselves answers '%INV-202605-42%' slowly: every invoice number shares
-- 'INV-20…', so the index reads a posting list of every bill for each common trigram (50 ms a
-- page, twice with the pager's count). Yet a million bills carry only a few thousand invoice
-- numbers and cost centers: the search looks among those distinct values (lowercased, here, with
-- their own trigram index), then takes the bills of the values found by the (lower(col), id)
-- btree indexes of migration 018. Company code and GL account keep their own trigram search: a
-- handful of values each, whose statistics the planner knows exactly.
--
-- Triggers keep every value the bills hold here (a value no bill holds any more only costs a probe
-- that finds nothing), so the search is never stale.
CREATE TABLE cloud_bill_terms (
  field text NOT NULL CHECK (field = ANY (ARRAY['reference', 'identifier'])),
  term text NOT NULL,
  PRIMARY KEY (field, term)
);
DO $$
DECLARE
  ops text := (SELECT quote_ident(n.nspname) || '.gin_trgm_ops'
               FROM pg_opclass c JOIN pg_namespace n ON n.oid = c.opcnamespace
               JOIN pg_am a ON a.oid = c.opcmethod
               WHERE c.opcname = 'gin_trgm_ops' AND a.amname = 'gin');
BEGIN
  -- no pending list: new values are few, and until a VACUUM flushed it every search read the whole
  -- list (the planner then scanned the table: 11,000 values ILIKE'd twice a page)
  EXECUTE format('CREATE INDEX cloud_bill_terms_term_trgm_idx ON cloud_bill_terms USING gin (term %s) WITH (fastupdate = off)', ops);
END $$;

-- Records the values, in one sorted statement: transactions adding the same new values take their
-- locks in the same order, so two uploads at once wait for each other instead of deadlocking.
CREATE FUNCTION note_cloud_bill_terms(refs text[], identifiers text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO cloud_bill_terms (field, term)
  SELECT DISTINCT field, term
  FROM (SELECT 'reference' AS field, lower(r) AS term FROM unnest(refs) AS r
        UNION ALL
        SELECT 'identifier', lower(i) FROM unnest(identifiers) AS i) AS values_of
  WHERE term IS NOT NULL
  ORDER BY field, term
  ON CONFLICT DO NOTHING
$$;

CREATE FUNCTION cloud_bill_terms_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM note_cloud_bill_terms(
    (SELECT array_agg(DISTINCT reference) FROM changed_bills),
    (SELECT array_agg(DISTINCT identifier) FROM changed_bills));
  RETURN NULL;
END $$;
CREATE TRIGGER cloud_bill_terms_inserted AFTER INSERT ON cloud_bills
  REFERENCING NEW TABLE AS changed_bills FOR EACH STATEMENT EXECUTE FUNCTION cloud_bill_terms_changed();
CREATE TRIGGER cloud_bill_terms_updated AFTER UPDATE ON cloud_bills
  REFERENCING NEW TABLE AS changed_bills FOR EACH STATEMENT EXECUTE FUNCTION cloud_bill_terms_changed();

SELECT note_cloud_bill_terms(
  (SELECT array_agg(DISTINCT reference) FROM cloud_bills),
  (SELECT array_agg(DISTINCT identifier) FROM cloud_bills));
ANALYZE cloud_bill_terms;

-- the bills' own trigram indexes of these two columns serve nothing now, and cost every insert
DROP INDEX cloud_bills_reference_trgm_idx;
DROP INDEX cloud_bills_identifier_trgm_idx;
