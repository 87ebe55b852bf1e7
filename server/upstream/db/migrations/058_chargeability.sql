-- Issue 42 item 4: the Chargeability screen compares this month's counts of unchargeable resources
-- with last month's. Which resources cannot be charged depends on the clock (a cost center expires
-- without any row changing) and on four tables (the resources, cost centers, cloud contacts,
-- business units), so last month cannot be recomputed from today's rows: the portal keeps, per
-- month, the counts as it last read them in that month (GET /chargeability writes them), and the
-- screen says when last month's were taken. One row per month, replaced whole, so two reads at once
-- never leave a month half-written.
CREATE TABLE chargeability_months (
  month date PRIMARY KEY CHECK (extract(day FROM month) = 1),
  -- [{kind, business_units_id, business_unit_name, provider, counts: {missing, …, total}}]
  counts jsonb NOT NULL,
  taken_at timestamptz NOT NULL
);

-- The read starts from the few (db/records/chargeability.ts): the resources naming no cost center,
-- the cost centers not approved (expired ones and terminated owners have their indexes since
-- migration 018), and the cloud parents naming a cost center, by the name as the read compares it.
CREATE INDEX cloud_parents_no_cost_center_idx ON cloud_parents (id)
  WHERE nullif(btrim(cost_center), '') IS NULL AND terminated IS NOT TRUE;
CREATE INDEX virtual_machines_no_cost_center_idx ON virtual_machines (id) WHERE default_cost_center_id IS NULL;
CREATE INDEX cost_centers_not_approved_idx ON cost_centers (id) WHERE approved IS NOT TRUE;
CREATE INDEX cloud_parents_cost_center_trimmed_idx ON cloud_parents (lower(btrim(cost_center)));
