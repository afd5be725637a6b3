-- Private uploads (identity documents, business licences) are served only to their owner and
-- to platform admins, through signed links; the rest (ability pictures, avatars) stay public.
ALTER TABLE portal_uploads ADD COLUMN private boolean NOT NULL DEFAULT false;
UPDATE portal_uploads SET private = true WHERE file_name IN (SELECT business_license FROM portal_enterprise_auth);
