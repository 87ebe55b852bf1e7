-- Every select field's choices are a CHECK, as teams, GL types and RI/Reno are since 002: the CCoE
-- member's business unit (spec 000 §9) was the one without. The API only ever accepted these values,
-- so existing rows already satisfy it. A test compares every such list with the registry's options.
ALTER TABLE dcoe_members ADD CONSTRAINT dcoe_members_business_unit_check
  CHECK (business_unit IN ('CCOE', 'CORP', 'GAM', 'LOT', 'BET', 'CIO'));
