-- Every table is keyed by conversation or user so it can be sharded by either later.

CREATE TABLE users (
  user_id        text PRIMARY KEY,
  nick           text NOT NULL DEFAULT '',
  avatar         text NOT NULL DEFAULT '',
  self_signature text NOT NULL DEFAULT '',
  created_at     bigint NOT NULL,
  updated_at     bigint NOT NULL
);

-- One row per conversation: 'c:<userA>:<userB>' (sorted) or 'g:<groupID>'.
CREATE TABLE conversations (
  conv_key  text PRIMARY KEY,
  max_seq   bigint NOT NULL DEFAULT 0,
  last_time bigint NOT NULL DEFAULT 0
);

CREATE TABLE messages (
  conv_key          text NOT NULL,
  seq               bigint NOT NULL,
  id                text NOT NULL,
  conv_type         text NOT NULL,
  sender            text NOT NULL,
  recipient         text NOT NULL,
  type              text NOT NULL,
  payload           jsonb NOT NULL,
  at_user_list      jsonb NOT NULL,
  time              bigint NOT NULL,
  client_time       bigint NOT NULL,
  random            bigint NOT NULL,
  nick              text NOT NULL,
  avatar            text NOT NULL,
  cloud_custom_data text NOT NULL,
  need_read_receipt boolean NOT NULL,
  PRIMARY KEY (conv_key, seq),
  UNIQUE (conv_key, id)
);

-- A user's view of a conversation. Unread is derived: conversations.max_seq - read_seq.
CREATE TABLE user_conversations (
  user_id     text NOT NULL,
  conv_key    text NOT NULL,
  conv_type   text NOT NULL,
  target      text NOT NULL,
  read_seq    bigint NOT NULL DEFAULT 0,
  -- History at or below this sequence is not visible to the user (deleted, or before joining).
  floor_seq   bigint NOT NULL DEFAULT 0,
  hidden      boolean NOT NULL DEFAULT false,
  is_pinned   boolean NOT NULL DEFAULT false,
  remind_type text NOT NULL DEFAULT 'AcceptAndNotify',
  draft_text  text NOT NULL DEFAULT '',
  updated_at  bigint NOT NULL,
  PRIMARY KEY (user_id, conv_key)
);

CREATE TABLE groups (
  group_id     text PRIMARY KEY,
  type         text NOT NULL,
  name         text NOT NULL,
  avatar       text NOT NULL DEFAULT '',
  introduction text NOT NULL DEFAULT '',
  notification text NOT NULL DEFAULT '',
  owner_id     text NOT NULL,
  join_option  text NOT NULL,
  max_members  integer NOT NULL,
  member_count integer NOT NULL DEFAULT 0,
  mute_all     boolean NOT NULL DEFAULT false,
  created_at   bigint NOT NULL
);

CREATE TABLE group_members (
  group_id  text NOT NULL,
  user_id   text NOT NULL,
  role      text NOT NULL,
  join_time bigint NOT NULL,
  name_card text NOT NULL DEFAULT '',
  PRIMARY KEY (group_id, user_id)
);

CREATE INDEX group_members_by_user ON group_members (user_id);
