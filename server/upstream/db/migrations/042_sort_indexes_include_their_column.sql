-- A deep page (OFFSET 500,000 of a million rows) reads every earlier entry of its sort's index. An
-- index on (lower(col), id) holds the key but not col itself, and PostgreSQL's planner offers an
-- index-only scan only when every column the query names is in the index (lower(col) names col):
-- so each skipped entry also fetched its table row. Each such index now carries col (INCLUDE), and
-- the walk reads the index alone (the visibility map permitting, as autovacuum keeps it): the middle
-- page at 1M rows went from 280 to 62 ms on the 2-core machine (BENCHMARKS.md).
-- test/upstream/database.test.ts proves every case-insensitive sort index includes its column.
DO $$
DECLARE
  found record;
  parts text[];
BEGIN
  FOR found IN
    SELECT c.relname AS name, pg_get_indexdef(c.oid) AS def
    FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
    WHERE c.relnamespace = current_schema()::regnamespace AND NOT i.indisunique
  LOOP
    -- `CREATE INDEX <name> ON <table> USING btree ([<column>, ]lower(<column>), id)`
    parts := regexp_match(found.def, '^CREATE INDEX \S+ ON (\S+) USING btree \(((?:\S+, )?lower\(("?\w+"?)\), id)\)$');
    CONTINUE WHEN parts IS NULL;
    EXECUTE format('DROP INDEX %I', found.name);
    EXECUTE format('CREATE INDEX %I ON %s (%s) INCLUDE (%s)', found.name, parts[1], parts[2], parts[3]);
  END LOOP;
END
$$;
