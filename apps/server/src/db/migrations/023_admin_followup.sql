-- Admins follow up what comes in (docs/portal-api.md "Report centre", "Official service"): a
-- handled report keeps the admin's result note, when and by whom; an application keeps the note
-- of its latest follow-up (status 0 new, 1 contacted, 2 closed), when and by whom.
ALTER TABLE portal_reports ADD COLUMN result text NOT NULL DEFAULT '';
ALTER TABLE portal_reports ADD COLUMN handled_at bigint;
ALTER TABLE portal_reports ADD COLUMN handled_by text;

ALTER TABLE portal_service_applications ADD COLUMN note text NOT NULL DEFAULT '';
ALTER TABLE portal_service_applications ADD COLUMN followed_at bigint;
ALTER TABLE portal_service_applications ADD COLUMN followed_by text;
