-- The command palette's search (issue 29 item 6, shared/calls/search.ts): identifiers, codes, emails
-- and names match by their start, in any case. Each field it matches that way gets an index on its
-- lower-cased value in the "C" collation: a LIKE 'cc00%' on that expression is then a range of the
-- index (the planner derives >= 'cc00' AND < 'cc01' only for a "C" index, whatever the database's
-- collation), read in the index's order, so the first five matches cost a few index rows at any size
-- (about 0.03 ms at a million cost centers, where a substring search over trigrams reads a posting
-- list per common trigram and cannot serve one or two letters at all). The id is the tie-break.
CREATE INDEX cost_centers_identifier_prefix_idx ON cost_centers ((lower(identifier) COLLATE "C"), id);
CREATE INDEX cloud_contacts_email_prefix_idx ON cloud_contacts ((lower(email) COLLATE "C"), id);
CREATE INDEX cloud_contacts_name_prefix_idx ON cloud_contacts ((lower(name) COLLATE "C"), id);
CREATE INDEX members_name_prefix_idx ON members ((lower(name) COLLATE "C"), id);
CREATE INDEX members_email_prefix_idx ON members ((lower(email) COLLATE "C"), id);
CREATE INDEX companies_code_prefix_idx ON companies ((lower(code) COLLATE "C"), id);
CREATE INDEX cloud_parents_identifier_prefix_idx ON cloud_parents ((lower(identifier) COLLATE "C"), id);
CREATE INDEX cloud_parents_name_prefix_idx ON cloud_parents ((lower(name) COLLATE "C"), id);
CREATE INDEX cloud_parents_email_prefix_idx ON cloud_parents ((lower(email) COLLATE "C"), id);
CREATE INDEX cloud_projects_name_prefix_idx ON cloud_projects ((lower(name) COLLATE "C"), id);
