-- Every list sorts by its model's default sort column with id as the tie-breaker (ORDER BY col, id).
-- An index on (col, id) yields rows in exactly that order, so a page is a top-N index scan with no
-- sort node, and a deep OFFSET page walks the index alone instead of sorting every earlier row.
-- Where a plain index on col existed, the pair index replaces it (it serves every query the plain did).
CREATE INDEX departments_name_id_idx ON departments (name, id);
CREATE INDEX business_units_name_id_idx ON business_units (name, id);
CREATE INDEX cloud_contacts_email_id_idx ON cloud_contacts (email, id);
CREATE INDEX companies_code_id_idx ON companies (code, id);
CREATE INDEX cost_centers_identifier_id_idx ON cost_centers (identifier, id);
CREATE INDEX sap_cost_centers_identifier_id_idx ON sap_cost_centers (identifier, id);

DROP INDEX members_name_idx;
CREATE INDEX members_name_id_idx ON members (name, id);
DROP INDEX dcoe_members_name_idx;
CREATE INDEX dcoe_members_name_id_idx ON dcoe_members (name, id);
-- listed newest first: a backward scan gives (requested_date DESC, id DESC)
DROP INDEX team_membership_tickets_requested_date_idx;
CREATE INDEX team_membership_tickets_requested_date_id_idx ON team_membership_tickets (requested_date, id);
