-- A list sorted by a looked-up row's field (the owner's email, the company's AWS GL, a replacement's
-- identifier) had no index to walk: the key lived in the looked-up table and the id in the base
-- table, so a deep page (OFFSET 500,000 of a million cost centers) joined and sorted every row
-- (110-430 ms). Each such list column now has its sort key on the base table, `sort_<field>` (the
-- looked-up value, lower() for text, as the list sorts it), with a (key, id) index: any page of any
-- joined sort is a walk of one index, as a column of the table's own is.
--
-- Triggers keep the keys: a row's keys are read from its looked-up rows when it is inserted or its
-- lookup changes; a looked-up row whose value changes rewrites the keys of the rows that use it
-- (through the (lookup, id) index of migration 041). The read locks the looked-up row FOR SHARE, so
-- a change of it waits for the insert to commit and then rewrites that row too, and an insert after
-- an uncommitted change waits to read the new value (a plain read, or the foreign key's KEY SHARE,
-- would let the two pass each other and leave the old key). Lookups have no ON DELETE action, so a
-- looked-up row in use is never deleted. The keys are not part of a record's version (repository.ts).
-- The price is paid by writes: a bulk insert runs at about 0.7x its rate without the keys, and a new
-- value of a looked-up row rewrites every row that uses it (a company's AWS GL into its 166,668 of a
-- million cost centers: about 12 s; a contact's email: their ten or so; BENCHMARKS.md).
-- test/upstream/database.test.ts proves every joined list column of the registry has its key and
-- index, and that the keys follow every write.
DO $migration$
DECLARE
  lookup record;
  base record;
BEGIN
  CREATE TEMPORARY TABLE joined_sort_keys ON COMMIT DROP AS
  SELECT * FROM (VALUES
    ('cost_centers', 'cloud_contact_email', 'cloud_contact_id', 'cloud_contacts', 'email'),
    ('cost_centers', 'company_code', 'companies_id', 'companies', 'code'),
    ('cost_centers', 'aws_gl', 'companies_id', 'companies', 'aws_gl'),
    ('cost_centers', 'gcp_gl', 'companies_id', 'companies', 'gcp_gl'),
    ('cost_centers', 'azure_gl', 'companies_id', 'companies', 'azure_gl'),
    ('cost_centers', 'owner_terminated', 'cloud_contact_id', 'cloud_contacts', 'terminated'),
    ('cost_centers', 'business_unit_name', 'business_units_id', 'business_units', 'name'),
    ('cost_centers', 'department_name', 'departments_id', 'departments', 'name'),
    ('cost_centers', 'new_cost_center_identifier', 'new_cost_center_id', 'cost_centers', 'identifier'),
    ('cost_centers', 'alt_cost_center_identifier', 'alt_cost_center_id', 'cost_centers', 'identifier'),
    ('sap_cost_centers', 'cloud_contact_email', 'cloud_contact_id', 'cloud_contacts', 'email'),
    ('sap_cost_centers', 'company_code', 'companies_id', 'companies', 'code'),
    ('sap_cost_centers', 'aws_gl', 'companies_id', 'companies', 'aws_gl'),
    ('sap_cost_centers', 'gcp_gl', 'companies_id', 'companies', 'gcp_gl'),
    ('sap_cost_centers', 'azure_gl', 'companies_id', 'companies', 'azure_gl'),
    ('members', 'business_unit_name', 'business_units_id', 'business_units', 'name'),
    ('members', 'department_name', 'departments_id', 'departments', 'name'),
    ('virtual_machines', 'business_unit_name', 'business_units_id', 'business_units', 'name'),
    ('virtual_machines', 'cost_center', 'default_cost_center_id', 'cost_centers', 'identifier'),
    ('github_organization_apps', 'cost_center', 'cost_centers_id', 'cost_centers', 'identifier'),
    ('github_copilot_users', 'cost_center_identifier', 'cost_center', 'cost_centers', 'identifier'),
    ('github_copilot_users', 'cloud_contact_email', 'cloud_contact_id', 'cloud_contacts', 'email'),
    ('github_copilot_users', 'github_organization', 'github_organization_app_id', 'github_organization_apps', 'name'),
    ('cloud_certifications', 'member_name', 'member_id', 'members', 'name'),
    ('cost_center_networks', 'cost_center_identifier', 'cost_center_id', 'cost_centers', 'identifier'),
    ('cost_center_networks', 'replacement_network', 'new_network_id', 'cost_center_networks', 'identifier'),
    ('project_ids', 'cost_center_network_identifier', 'cost_center_network_id', 'cost_center_networks', 'identifier'),
    ('project_ids', 'replacement_project', 'new_project_id', 'project_ids', 'identifier'),
    ('cloud_bills', 'business_unit_name', 'business_units_id', 'business_units', 'name'),
    ('cloud_bills', 'cost_center_network_identifier', 'cost_center_networks_id', 'cost_center_networks', 'identifier')
  ) AS v(base, field, lookup, looked, looked_column);
  -- each key as the list sorts it (lower() for text), over the looked-up row `l`, NEW and OLD
  ALTER TABLE joined_sort_keys ADD COLUMN sort_column text, ADD COLUMN key_type text,
    ADD COLUMN read_key text, ADD COLUMN new_key text, ADD COLUMN old_key text;
  UPDATE joined_sort_keys AS k SET sort_column = 'sort_' || k.field, key_type = CASE WHEN c.data_type = 'boolean' THEN 'boolean' ELSE 'text' END
  FROM information_schema.columns AS c
  WHERE c.table_schema = current_schema() AND c.table_name = k.looked AND c.column_name = k.looked_column;
  UPDATE joined_sort_keys SET
    read_key = format(CASE key_type WHEN 'text' THEN 'lower(%s)' ELSE '%s' END, format('l.%I', looked_column)),
    new_key = format(CASE key_type WHEN 'text' THEN 'lower(%s)' ELSE '%s' END, format('NEW.%I', looked_column)),
    old_key = format(CASE key_type WHEN 'text' THEN 'lower(%s)' ELSE '%s' END, format('OLD.%I', looked_column));

  -- one row per lookup of a base table: what its triggers read and write
  CREATE TEMPORARY TABLE joined_lookups ON COMMIT DROP AS
  SELECT k.base, k.lookup, k.looked, k.base || '_' || k.lookup || '_sort_keys' AS rewrite,
         string_agg(format('ADD COLUMN %I %s', k.sort_column, k.key_type), ', ' ORDER BY k.field) AS columns,
         string_agg(k.read_key, ', ' ORDER BY k.field) AS keys,
         string_agg(format('%I', k.sort_column), ', ' ORDER BY k.field) AS targets,
         string_agg(format('NEW.%I', k.sort_column), ', ' ORDER BY k.field) AS new_targets,
         string_agg(format('NEW.%I := NULL;', k.sort_column), ' ' ORDER BY k.field) AS cleared,
         string_agg(format('%I', k.looked_column), ', ' ORDER BY k.field) AS looked_columns,
         string_agg(format('%I = %s', k.sort_column, k.new_key), ', ' ORDER BY k.field) AS assignments,
         string_agg(format('%s IS DISTINCT FROM %s', k.old_key, k.new_key), ' OR ' ORDER BY k.field) AS changed
  FROM joined_sort_keys AS k GROUP BY k.base, k.lookup, k.looked;

  FOR lookup IN SELECT * FROM joined_lookups LOOP
    EXECUTE format('ALTER TABLE %I %s', lookup.base, lookup.columns);
    EXECUTE format('UPDATE %1$I AS t SET (%2$s) = (SELECT %3$s FROM %4$I AS l WHERE l.id = t.%5$I) WHERE t.%5$I IS NOT NULL',
      lookup.base, lookup.targets, lookup.keys, lookup.looked, lookup.lookup);
    -- a looked-up row's new value, into the rows that use it
    EXECUTE format($f$CREATE FUNCTION %1$I() RETURNS trigger LANGUAGE plpgsql AS $body$
      BEGIN
        UPDATE %2$I SET %3$s WHERE %4$I = NEW.id;
        RETURN NULL;
      END $body$$f$, lookup.rewrite, lookup.base, lookup.assignments, lookup.lookup);
    EXECUTE format('CREATE TRIGGER %1$I AFTER UPDATE OF %2$s ON %3$I FOR EACH ROW WHEN (%4$s) EXECUTE FUNCTION %1$I()',
      lookup.rewrite, lookup.looked_columns, lookup.looked, lookup.changed);
  END LOOP;

  FOR base IN
    SELECT g.base, string_agg(format('%I', g.lookup), ', ') AS lookups,
           -- on insert every lookup's keys, on update those of the lookups that changed
           -- (a row without a looked-up row reads nothing: a fifth of a bulk insert's time went to such reads)
           string_agg(format('IF TG_OP = ''INSERT'' OR NEW.%1$I IS DISTINCT FROM OLD.%1$I THEN
               IF NEW.%1$I IS NULL THEN %5$s
               ELSE SELECT %2$s INTO %3$s FROM %4$I AS l WHERE l.id = NEW.%1$I FOR SHARE;
               END IF;
             END IF;', g.lookup, g.keys, g.new_targets, g.looked, g.cleared), E'\n') AS reads
    FROM joined_lookups AS g
    GROUP BY g.base
  LOOP
    EXECUTE format($f$CREATE FUNCTION %1$I() RETURNS trigger LANGUAGE plpgsql AS $body$
      BEGIN
        %2$s
        RETURN NEW;
      END $body$$f$, base.base || '_sort_keys', base.reads);
    EXECUTE format('CREATE TRIGGER %1$I BEFORE INSERT OR UPDATE OF %2$s ON %3$I FOR EACH ROW EXECUTE FUNCTION %1$I()',
      base.base || '_sort_keys', base.lookups, base.base);
  END LOOP;

  FOR lookup IN SELECT * FROM joined_sort_keys LOOP
    EXECUTE format('CREATE INDEX %I ON %I (%I, id)', lookup.base || '_' || lookup.sort_column || '_id_idx', lookup.base, lookup.sort_column);
  END LOOP;
END
$migration$;
