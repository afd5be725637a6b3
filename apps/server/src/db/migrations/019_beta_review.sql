-- A rejected beta application goes back to "not applied" (beta_status NULL) so the user may
-- apply again; the reason stays here so the applicant can read why (docs/portal-api.md
-- "Administration and platform content").
ALTER TABLE portal_accounts ADD COLUMN beta_reject_reason text NOT NULL DEFAULT '';
ALTER TABLE portal_accounts ADD COLUMN beta_reviewed_at bigint;
