-- Issue 26. What no record can plausibly say, kept by the database as well as by the API's rules
-- (shared/rules/plausibility.ts): those judge a write against the stored row, these CHECKs are the
-- referee of two partial writes at once. Named <table>_<column>_check, so a refusal names its field.
-- NOT VALID: rows written before keep loading; every new write is checked.
ALTER TABLE cloud_certifications
  ADD CONSTRAINT cloud_certifications_expiration_date_check CHECK (expiration_date >= issue_date) NOT VALID;
ALTER TABLE cost_centers ADD CONSTRAINT cost_centers_expired_at_check CHECK (expired_at >= active_at) NOT VALID;
ALTER TABLE cost_center_networks ADD CONSTRAINT cost_center_networks_expired_at_check CHECK (expired_at >= active_at) NOT VALID;
ALTER TABLE cost_center_networks ADD CONSTRAINT cost_center_networks_new_network_id_check CHECK (new_network_id <> id) NOT VALID;
ALTER TABLE project_ids ADD CONSTRAINT project_ids_expired_at_check CHECK (expired_at >= active_at) NOT VALID;
ALTER TABLE project_ids ADD CONSTRAINT project_ids_new_project_id_check CHECK (new_project_id <> id) NOT VALID;

-- Customers' names and the missing-tags print messages are unique in any case, as emails are
-- (migration 005): 'GAMING CENTRAL' beside 'Gaming Central' is refused. The unique index on
-- lower(column) keeps the constraint's name (<table>_<column>_key), so a duplicate still names its
-- field and answers the model's duplicate text.
ALTER TABLE customers DROP CONSTRAINT customers_name_key;
CREATE UNIQUE INDEX customers_name_key ON customers (lower(name));
ALTER TABLE missing_report_tags DROP CONSTRAINT missing_report_tags_print_debug_message_key;
CREATE UNIQUE INDEX missing_report_tags_print_debug_message_key ON missing_report_tags (lower(print_debug_message));
