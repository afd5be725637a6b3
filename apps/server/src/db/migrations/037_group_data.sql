-- Issue 27: what a group's members share beside messages (docs/groups.md). Rows are written
-- only when someone sets them, keyed by group; nothing is stored per member.

-- Group attributes (init/set/deleteGroupAttributes): string values, at most 16 keys per group.
CREATE TABLE group_attributes (
  group_id text NOT NULL,
  key      text NOT NULL,
  value    text NOT NULL,
  PRIMARY KEY (group_id, key)
);

-- Group counters: integers changed in place (value = value + n), so concurrent increments on
-- any process all count.
CREATE TABLE group_counters (
  group_id text NOT NULL,
  key      text NOT NULL,
  value    bigint NOT NULL,
  PRIMARY KEY (group_id, key)
);

-- Pinned group messages, by the message's sequence in the group's conversation.
CREATE TABLE group_pinned_messages (
  group_id  text NOT NULL,
  seq       bigint NOT NULL,
  pinned_by text NOT NULL,
  pinned_at bigint NOT NULL,
  PRIMARY KEY (group_id, seq)
);

-- A member's custom fields (setGroupMemberCustomField): [{key, value}], at most 5.
ALTER TABLE group_members ADD COLUMN custom_fields jsonb NOT NULL DEFAULT '[]';
