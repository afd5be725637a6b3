-- Rich messages: stored files, which conversations may read them, merged chat records, risk flags.

-- One row per upload. Bytes live in the BlobStore under blob_key; images also have large/small sizes.
CREATE TABLE files (
  file_id      text PRIMARY KEY,
  owner_id     text NOT NULL,
  kind         text NOT NULL,
  status       text NOT NULL,
  file_name    text NOT NULL,
  content_type text NOT NULL DEFAULT 'application/octet-stream',
  size         bigint NOT NULL DEFAULT 0,
  width        integer,
  height       integer,
  image_format integer,
  -- Extra sizes of an image: {"large": {"width","height","size"}, "small": {...}}.
  variants     jsonb NOT NULL DEFAULT '{}'::jsonb,
  sha256       text NOT NULL DEFAULT '',
  created_at   bigint NOT NULL,
  -- Set when a message first names the file; files never named are removed after a while.
  used_at      bigint
);

CREATE INDEX files_unused ON files (created_at) WHERE used_at IS NULL;

-- A file (or merged record, by its downloadKey) may be read by the members of these conversations.
CREATE TABLE file_grants (
  file_id  text NOT NULL,
  conv_key text NOT NULL,
  PRIMARY KEY (file_id, conv_key)
);

-- Merged chat records (createMergerMessage), stored once and fetched by downloadKey.
CREATE TABLE merged_records (
  download_key text PRIMARY KEY,
  owner_id     text NOT NULL,
  message_list jsonb NOT NULL,
  created_at   bigint NOT NULL
);

ALTER TABLE messages ADD COLUMN has_risk_content boolean NOT NULL DEFAULT false;
