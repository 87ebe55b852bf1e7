-- Issue 37 item 3. Writes besides the generic CRUD (uploads, the billing automation, the account
-- requests, the member self-service) log their changes too; `source` names the call that made one
-- (its route, '/cloud_bills/upload'), so an auditor tells a file's thousands of rows from a person's
-- edit. NULL: the record's own CRUD (every entry written before this column).
ALTER TABLE record_changes ADD COLUMN source text;

-- a list column sorts through its (key, id) index, as migration 047's others do
CREATE INDEX record_changes_source_lower_id_idx ON record_changes (lower(source), id) INCLUDE (source);
