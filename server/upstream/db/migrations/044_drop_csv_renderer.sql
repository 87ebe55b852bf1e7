-- One renderer of CSV cells, shared/csv.ts, in the gateway: it writes a list's CSV from the JSON
-- pages every provider API offers (keyset pages by `after=`), so the database no longer renders
-- CSV lines for a text/csv answer of the list. Migration 040's functions go.
DROP FUNCTION csv_text(text);
DROP FUNCTION csv_quoted(text);
DROP FUNCTION csv_number(float8);
DROP FUNCTION csv_js_number_text(text);
DROP FUNCTION csv_boolean(boolean);
