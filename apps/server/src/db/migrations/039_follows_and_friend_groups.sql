-- Issue 27: follows and friend groups (docs/friends-and-blocklist.md). Every table is keyed by the
-- user whose list it is, so it shards by user.

-- followed_id is in user_id's following list (and user_id in followed_id's followers).
CREATE TABLE follows (
  user_id     text NOT NULL,
  followed_id text NOT NULL,
  created_at  bigint NOT NULL,
  PRIMARY KEY (user_id, followed_id)
);
-- A user's followers, newest first.
CREATE INDEX follows_followed ON follows (followed_id, created_at);
-- A user's following list, newest first.
CREATE INDEX follows_user_time ON follows (user_id, created_at);

-- A friend group of user_id's, by its name.
CREATE TABLE friend_groups (
  user_id    text NOT NULL,
  name       text NOT NULL,
  created_at bigint NOT NULL,
  PRIMARY KEY (user_id, name)
);

-- friend_id (in user_id's friend list) is in user_id's friend group `name`.
CREATE TABLE friend_group_members (
  user_id   text NOT NULL,
  name      text NOT NULL,
  friend_id text NOT NULL,
  added_at  bigint NOT NULL,
  PRIMARY KEY (user_id, name, friend_id)
);
-- A friend's groups (Friend.groupList), and taking a deleted friend out of all of them.
CREATE INDEX friend_group_members_friend ON friend_group_members (user_id, friend_id);

-- addFriend({groupName}) on a request: the applicant's group for the recipient once accepted.
ALTER TABLE friend_applications ADD COLUMN group_name text NOT NULL DEFAULT '';
