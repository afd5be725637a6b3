-- Issue 12: friends, friend requests and the blocklist (docs/friends-and-blocklist.md). Every
-- table is keyed by the user whose list it is, so it shards by user.

-- Who may add the user as a friend; the reference's default is to confirm each request.
ALTER TABLE users ADD COLUMN allow_type text NOT NULL DEFAULT 'AllowType_Type_NeedConfirm';

-- One row per direction: friend_id is in user_id's friend list. Both rows: friends both ways.
CREATE TABLE friends (
  user_id   text NOT NULL,
  friend_id text NOT NULL,
  remark    text NOT NULL DEFAULT '',
  source    text NOT NULL DEFAULT '',
  wording   text NOT NULL DEFAULT '',
  -- friendCustomField as {key: value}.
  custom    jsonb NOT NULL DEFAULT '{}',
  added_at  bigint NOT NULL,
  PRIMARY KEY (user_id, friend_id)
);

-- A friend request waiting for to_id, at most one per direction (asking again replaces it).
CREATE TABLE friend_applications (
  from_id    text NOT NULL,
  to_id      text NOT NULL,
  source     text NOT NULL,
  wording    text NOT NULL DEFAULT '',
  -- The applicant's remark for to_id, used once the request is accepted.
  remark     text NOT NULL DEFAULT '',
  add_type   text NOT NULL,
  -- Read by to_id (setFriendApplicationRead); unread ones are counted.
  is_read    boolean NOT NULL DEFAULT false,
  created_at bigint NOT NULL,
  PRIMARY KEY (from_id, to_id)
);
-- The requests sent to a user: their list and unread count.
CREATE INDEX friend_applications_to ON friend_applications (to_id, created_at);

-- blocked_id is in user_id's blocklist. The send check looks up (recipient, sender) by the key.
CREATE TABLE blacklist (
  user_id    text NOT NULL,
  blocked_id text NOT NULL,
  created_at bigint NOT NULL,
  PRIMARY KEY (user_id, blocked_id)
);

-- searchUsers finds a portal login name whatever its case.
CREATE INDEX portal_accounts_login_name_lower ON portal_accounts (lower(login_name));
