-- Issue 27: Tencent's message features. A message sent with isSupportExtension carries key-value
-- extensions any member may set; each key has a version (ext_seq) that a change must name, and a
-- deleted key keeps its row with an empty value so a late change to it still conflicts.
ALTER TABLE messages ADD COLUMN supports_extension boolean NOT NULL DEFAULT false;
-- Who revoked a message, as shown then: {"nick": ..., "avatar": ...}; NULL until revoked.
ALTER TABLE messages ADD COLUMN revoker_info jsonb;

CREATE TABLE message_extensions (
  conv_key   text NOT NULL,
  seq        bigint NOT NULL,
  ext_key    text NOT NULL,
  value      text NOT NULL,
  ext_seq    bigint NOT NULL,
  changed_at bigint NOT NULL,
  PRIMARY KEY (conv_key, seq, ext_key)
);
