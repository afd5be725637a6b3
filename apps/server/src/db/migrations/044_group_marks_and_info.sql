-- Issue 27: the rest of Tencent's group fields and member marks (docs/groups.md). Keyed by group.

-- markGroupMemberList: a member's marks (markType 1000 and up), one row per member and mark, written
-- only when the owner marks someone. A member who leaves loses their marks with their membership.
CREATE TABLE group_member_marks (
  group_id  text NOT NULL,
  mark_type bigint NOT NULL,
  user_id   text NOT NULL,
  PRIMARY KEY (group_id, mark_type, user_id),
  FOREIGN KEY (group_id, user_id) REFERENCES group_members (group_id, user_id) ON DELETE CASCADE
);
-- A page of members shows each one's marks (markList), read by member.
CREATE INDEX group_member_marks_by_member ON group_member_marks (group_id, user_id);

-- The group's custom fields (groupCustomField): [{key, value}], at most 10.
ALTER TABLE groups ADD COLUMN custom_fields jsonb NOT NULL DEFAULT '[]';
-- infoSequence and lastInfoTime (ms): bumped by every change of the group's profile, never by messages.
ALTER TABLE groups ADD COLUMN info_seq bigint NOT NULL DEFAULT 1;
ALTER TABLE groups ADD COLUMN last_info_time bigint NOT NULL DEFAULT 0;
UPDATE groups SET last_info_time = created_at;
