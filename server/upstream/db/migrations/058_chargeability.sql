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

-- the counts read every resource with its cost center: cloud parents join cost centers by their text
-- (lower(identifier), unique since migration 005), machines by id (indexed since migration 007); the
-- resources without a cost center are found by these
CREATE INDEX cloud_parents_no_cost_center_idx ON cloud_parents (id) WHERE cost_center IS NULL AND terminated IS NOT TRUE;
CREATE INDEX virtual_machines_no_cost_center_idx ON virtual_machines (id) WHERE default_cost_center_id IS NULL;
