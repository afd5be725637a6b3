-- Issue 12: group administration (docs/groups.md). Tables stay keyed by group or conversation.

-- Muted until this time (ms since the epoch); 0 or a past time: not muted.
ALTER TABLE group_members ADD COLUMN mute_until bigint NOT NULL DEFAULT 0;
-- Owner 0, Admin 1, Member 2: the member list's order (owner and admins first), and how the
-- owner and admins of a 100,000-member group are found without reading the others.
ALTER TABLE group_members ADD COLUMN role_rank smallint GENERATED ALWAYS AS (
  CASE role WHEN 'Owner' THEN 0 WHEN 'Admin' THEN 1 ELSE 2 END) STORED;
CREATE INDEX group_members_in_order ON group_members (group_id, role_rank, join_time, user_id);

-- A dismissed group stays as a tombstone: its ID is never given to another group (whose members
-- would otherwise inherit the old conversation and its history), and it answers 10010.
ALTER TABLE groups ADD COLUMN dismissed_at bigint;

-- Join requests waiting for an owner or admin (Public groups asking for permission). Handling
-- one removes it; asking again replaces the message.
CREATE TABLE group_applications (
  group_id      text NOT NULL,
  applicant     text NOT NULL,
  apply_message text NOT NULL DEFAULT '',
  created_at    bigint NOT NULL,
  PRIMARY KEY (group_id, applicant)
);

-- A member who left keeps the conversation with what they could see: nothing above ceiling_seq
-- (NULL: no ceiling) and why they left in operation_type (4 removed, 5 group dismissed, 8 quit;
-- spec chat.md 'Chat container'). Joining again clears both.
ALTER TABLE user_conversations ADD COLUMN ceiling_seq bigint;
ALTER TABLE user_conversations ADD COLUMN operation_type smallint NOT NULL DEFAULT 0;

-- @-mentions in group messages: one row per mentioned member, and one row for an @all (target
-- '__kImSDK_MesssageAtALL__'), whatever the group's size. A member's are those above their read
-- position, so reading clears them without a write.
CREATE TABLE group_mentions (
  conv_key   text NOT NULL,
  target     text NOT NULL,
  seq        bigint NOT NULL,
  message_id text NOT NULL,
  sender     text NOT NULL,
  PRIMARY KEY (conv_key, target, seq)
);
