-- Issue 11: message actions, reactions, receipts, status. Side data is written when someone acts,
-- never one row per recipient at send time.

-- Revoke and modify change a stored message; change_seq orders those changes per conversation so
-- a client that was offline asks for the ones it missed (syncMessageChanges).
ALTER TABLE messages ADD COLUMN is_revoked boolean NOT NULL DEFAULT false;
ALTER TABLE messages ADD COLUMN revoker text NOT NULL DEFAULT '';
ALTER TABLE messages ADD COLUMN version integer NOT NULL DEFAULT 0;
ALTER TABLE messages ADD COLUMN change_seq bigint NOT NULL DEFAULT 0;
-- Group messages with needReadReceipt: how many members (sender excluded) could read it when sent.
ALTER TABLE messages ADD COLUMN receipt_targets integer NOT NULL DEFAULT 0;
CREATE INDEX messages_changed ON messages (conv_key, change_seq) WHERE change_seq > 0;

ALTER TABLE conversations ADD COLUMN change_seq bigint NOT NULL DEFAULT 0;

-- Deleted for one user only.
CREATE TABLE message_deletions (
  user_id    text NOT NULL,
  conv_key   text NOT NULL,
  seq        bigint NOT NULL,
  change_seq bigint NOT NULL,
  PRIMARY KEY (user_id, conv_key, seq)
);
CREATE INDEX message_deletions_changed ON message_deletions (user_id, conv_key, change_seq);

CREATE TABLE message_reactions (
  conv_key    text NOT NULL,
  seq         bigint NOT NULL,
  reaction_id text NOT NULL,
  user_id     text NOT NULL,
  created_at  bigint NOT NULL,
  PRIMARY KEY (conv_key, seq, reaction_id, user_id)
);

CREATE TABLE message_receipts (
  conv_key text NOT NULL,
  seq      bigint NOT NULL,
  user_id  text NOT NULL,
  read_at  bigint NOT NULL,
  PRIMARY KEY (conv_key, seq, user_id)
);

ALTER TABLE users ADD COLUMN custom_status text NOT NULL DEFAULT '';
