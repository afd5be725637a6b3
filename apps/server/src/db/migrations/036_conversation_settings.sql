-- Issue 27: the conversation features of the reference SDK 3.6.6.

-- A deleted conversation stays out of the list until a message above hidden_seq arrives. Deleting
-- with its history moves floor_seq there too; deleting without (clearHistoryMessage: false) keeps
-- the history readable. Conversations hidden before this migration were deleted with their history.
ALTER TABLE user_conversations ADD COLUMN hidden_seq bigint NOT NULL DEFAULT 0;
UPDATE user_conversations SET hidden_seq = floor_seq WHERE hidden;

-- setConversationCustomData (at most 256 bytes) and markConversation: the marks are bit positions
-- 0–63 (the reference's mark types are 2^n; 0–3 are its star, unread, fold and hide).
ALTER TABLE user_conversations ADD COLUMN custom_data text NOT NULL DEFAULT '';
ALTER TABLE user_conversations ADD COLUMN mark_bits integer[] NOT NULL DEFAULT '{}';

-- A user's conversation groups (createConversationGroup), and the conversations in each.
CREATE TABLE conversation_groups (
  user_id    text NOT NULL,
  group_name text NOT NULL,
  created_at bigint NOT NULL,
  PRIMARY KEY (user_id, group_name)
);

CREATE TABLE conversation_group_members (
  user_id    text NOT NULL,
  group_name text NOT NULL,
  conv_key   text NOT NULL,
  added_at   bigint NOT NULL,
  PRIMARY KEY (user_id, group_name, conv_key),
  FOREIGN KEY (user_id, group_name) REFERENCES conversation_groups (user_id, group_name)
    ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX conversation_group_members_conv ON conversation_group_members (user_id, conv_key);

-- setAllReceiveMessageOpt: the user's notification setting for every message, with its window
-- (seconds since the epoch; 0 and 0 when there is none).
CREATE TABLE user_receive_options (
  user_id     text PRIMARY KEY,
  remind_type text NOT NULL,
  start_time  bigint NOT NULL,
  end_time    bigint NOT NULL,
  is_repeated boolean NOT NULL
);
