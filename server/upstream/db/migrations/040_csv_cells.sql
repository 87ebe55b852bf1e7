-- CSV cells rendered by the database, byte for byte as shared/csv.ts `csvCell` renders the API's
-- values: a list's CSV then streams as lines the database writes (db/records/csv-lines.ts) instead
-- of JSON pages the gateway rewrites, at about the speed of COPY. test/upstream/csv-lines.test.ts
-- holds the two renderings equal for every kind of value.

-- RFC 4180 quoting, only where a cell needs it (as csvCell: `"`, `,`, CR or LF).
CREATE FUNCTION csv_quoted(cell text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN cell ~ '[",\r\n]' THEN '"' || replace(cell, '"', '""') || '"' ELSE cell END
$$;

-- A text cell: a leading `'` where a spreadsheet would read a formula (=, +, -, @, TAB, CR, LF).
-- Most cells need neither the prefix nor quotes, and one regular expression tells (a third less
-- time for a million rows than testing for each).
CREATE FUNCTION csv_text(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN value IS NULL THEN ''
    WHEN value !~ '^[=+\-@\t\r\n]|[",\r\n]' THEN value
    WHEN value ~ '^[=+\-@\t\r\n]' THEN csv_quoted('''' || value)
    ELSE csv_quoted(value)
  END
$$;

-- float8's shortest text in JavaScript's Number#toString form. PostgreSQL writes the same shortest
-- digits but switches to an exponent below 1e-4 and from 1e15 (`1e+15`, `1.5e-07`), JavaScript
-- below 1e-6 and from 1e21 (`1000000000000000`, `1.5e-7`); this rewrites PostgreSQL's exponent form.
CREATE FUNCTION csv_js_number_text(pg_text text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  negative boolean := left(pg_text, 1) = '-';
  digits text;
  point int; -- the decimal point sits after `point` digits (JavaScript's n)
  k int;
  plain text;
BEGIN
  IF position('e' IN pg_text) = 0 THEN
    RETURN pg_text; -- NaN, Infinity
  END IF;
  digits := replace(split_part(ltrim(pg_text, '-'), 'e', 1), '.', '');
  point := split_part(pg_text, 'e', 2)::int + 1;
  k := length(digits);
  IF k <= point AND point <= 21 THEN
    plain := digits || repeat('0', point - k);
  ELSIF 0 < point AND point <= 21 THEN
    plain := left(digits, point) || '.' || substr(digits, point + 1);
  ELSIF -6 < point AND point <= 0 THEN
    plain := '0.' || repeat('0', -point) || digits;
  ELSE
    plain := left(digits, 1) || CASE WHEN k > 1 THEN '.' || substr(digits, 2) ELSE '' END
      || 'e' || CASE WHEN point - 1 >= 0 THEN '+' ELSE '-' END || abs(point - 1)::text;
  END IF;
  RETURN CASE WHEN negative THEN '-' || plain ELSE plain END;
END
$$;

-- A number cell: never a formula (csvCell leaves plain numbers alone), except -Infinity's text.
CREATE FUNCTION csv_number(value float8) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN value IS NULL THEN ''
    WHEN value = 0 THEN '0' -- -0 too, as String(-0)
    WHEN value = '-Infinity'::float8 THEN '''-Infinity'
    WHEN abs(value) >= 1e15 OR abs(value) < 1e-4 THEN csv_js_number_text(value::text)
    ELSE value::text
  END
$$;

CREATE FUNCTION csv_boolean(value boolean) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN value IS NULL THEN '' WHEN value THEN 'true' ELSE 'false' END
$$;
