-- The newest message in the conversation that carries the file: a member whose visible history
-- starts at or above it (joined later, or cleared it) may not fetch the file by its ID.
ALTER TABLE file_grants ADD COLUMN last_seq bigint;

-- Grants made before: the newest message whose content names the file; failing that, the first
-- message, so that only those who could read the whole conversation keep the file.
UPDATE file_grants g SET last_seq = COALESCE(
  (SELECT max(m.seq) FROM messages m WHERE m.conv_key = g.conv_key AND strpos(m.payload::text, g.file_id) > 0),
  1);

ALTER TABLE file_grants ALTER COLUMN last_seq SET NOT NULL;
