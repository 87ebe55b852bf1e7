-- The member self-service link (issue 27 item 6): a link works once, and a new link for a member
-- voids the older ones. The signed credential alone cannot say either, so the upstream keeps, per
-- member, the nonce of the latest link it issued and when that link was spent. A member's link
-- goes with the member.
CREATE TABLE member_self_service_links (
  member_id integer PRIMARY KEY REFERENCES dcoe_members (id) ON DELETE CASCADE,
  nonce text NOT NULL,
  issued_at timestamptz NOT NULL DEFAULT now(),
  spent_at timestamptz
);
