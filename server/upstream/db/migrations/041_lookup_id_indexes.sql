-- A list sorted by a looked-up row's field (the company's AWS GL, the owner's email) is read key by
-- key (db/records/join-sort.ts): for each looked-up row with the key, its first base rows in id
-- order. A (lookup, id) index gives them as a top-N scan; the plain (lookup) index it replaces had
-- to read and sort all of them (166,000 cost centers per company at 1M). The pair index serves
-- every query the plain one did (foreign-key checks, lookups by the column).
-- test/upstream/database.test.ts proves every lookup that a join field reads has its index.
DROP INDEX cost_centers_cloud_contact_id_idx;
CREATE INDEX cost_centers_cloud_contact_id_id_idx ON cost_centers (cloud_contact_id, id);
DROP INDEX cost_centers_companies_id_idx;
CREATE INDEX cost_centers_companies_id_id_idx ON cost_centers (companies_id, id);
DROP INDEX cost_centers_business_units_id_idx;
CREATE INDEX cost_centers_business_units_id_id_idx ON cost_centers (business_units_id, id);
DROP INDEX cost_centers_departments_id_idx;
CREATE INDEX cost_centers_departments_id_id_idx ON cost_centers (departments_id, id);
DROP INDEX cost_centers_new_cost_center_id_idx;
CREATE INDEX cost_centers_new_cost_center_id_id_idx ON cost_centers (new_cost_center_id, id);
DROP INDEX cost_centers_alt_cost_center_id_idx;
CREATE INDEX cost_centers_alt_cost_center_id_id_idx ON cost_centers (alt_cost_center_id, id);
DROP INDEX sap_cost_centers_cloud_contact_id_idx;
CREATE INDEX sap_cost_centers_cloud_contact_id_id_idx ON sap_cost_centers (cloud_contact_id, id);
DROP INDEX sap_cost_centers_companies_id_idx;
CREATE INDEX sap_cost_centers_companies_id_id_idx ON sap_cost_centers (companies_id, id);
DROP INDEX members_business_units_id_idx;
CREATE INDEX members_business_units_id_id_idx ON members (business_units_id, id);
DROP INDEX members_departments_id_idx;
CREATE INDEX members_departments_id_id_idx ON members (departments_id, id);
DROP INDEX virtual_machines_business_units_id_idx;
CREATE INDEX virtual_machines_business_units_id_id_idx ON virtual_machines (business_units_id, id);
DROP INDEX virtual_machines_default_cost_center_id_idx;
CREATE INDEX virtual_machines_default_cost_center_id_id_idx ON virtual_machines (default_cost_center_id, id);
DROP INDEX github_organization_apps_cost_centers_id_idx;
CREATE INDEX github_organization_apps_cost_centers_id_id_idx ON github_organization_apps (cost_centers_id, id);
DROP INDEX github_copilot_users_cost_center_idx;
CREATE INDEX github_copilot_users_cost_center_id_idx ON github_copilot_users (cost_center, id);
DROP INDEX github_copilot_users_cloud_contact_id_idx;
CREATE INDEX github_copilot_users_cloud_contact_id_id_idx ON github_copilot_users (cloud_contact_id, id);
DROP INDEX github_copilot_users_github_organization_app_id_idx;
CREATE INDEX github_copilot_users_github_organization_app_id_id_idx ON github_copilot_users (github_organization_app_id, id);
DROP INDEX cloud_certifications_member_id_idx;
CREATE INDEX cloud_certifications_member_id_id_idx ON cloud_certifications (member_id, id);
DROP INDEX cost_center_networks_cost_center_id_idx;
CREATE INDEX cost_center_networks_cost_center_id_id_idx ON cost_center_networks (cost_center_id, id);
DROP INDEX cost_center_networks_new_network_id_idx;
CREATE INDEX cost_center_networks_new_network_id_id_idx ON cost_center_networks (new_network_id, id);
DROP INDEX project_ids_cost_center_network_id_idx;
CREATE INDEX project_ids_cost_center_network_id_id_idx ON project_ids (cost_center_network_id, id);
DROP INDEX project_ids_new_project_id_idx;
CREATE INDEX project_ids_new_project_id_id_idx ON project_ids (new_project_id, id);
DROP INDEX cloud_bills_business_units_id_idx;
CREATE INDEX cloud_bills_business_units_id_id_idx ON cloud_bills (business_units_id, id);
DROP INDEX cloud_bills_cost_center_networks_id_idx;
CREATE INDEX cloud_bills_cost_center_networks_id_id_idx ON cloud_bills (cost_center_networks_id, id);
