-- Issue 39 item 15. Department and business unit names are unique in any case, as customers' names
-- are (migration 045): 'application development' beside 'Application Development' is refused. The
-- unique index on lower(name) keeps the constraint's name (<table>_name_key), so a duplicate still
-- names its field and answers the model's duplicate text.
ALTER TABLE departments DROP CONSTRAINT departments_name_key;
CREATE UNIQUE INDEX departments_name_key ON departments (lower(name));
ALTER TABLE business_units DROP CONSTRAINT business_units_name_key;
CREATE UNIQUE INDEX business_units_name_key ON business_units (lower(name));
