-- Issue 27: the rest of Tencent's Profile (docs/sdk.md, Profiles), with Tencent's defaults.
-- Birthday, language, level and role are uint32, so bigint. profile_custom holds the user's
-- Tag_Profile_Custom_* keys and their string values.
ALTER TABLE users
  ADD COLUMN gender            text   NOT NULL DEFAULT 'Gender_Type_Unknown',
  ADD COLUMN birthday          bigint NOT NULL DEFAULT 0,
  ADD COLUMN location          text   NOT NULL DEFAULT '',
  ADD COLUMN language          bigint NOT NULL DEFAULT 0,
  ADD COLUMN message_settings  int    NOT NULL DEFAULT 0,
  ADD COLUMN admin_forbid_type text   NOT NULL DEFAULT 'AdminForbid_Type_None',
  ADD COLUMN level             bigint NOT NULL DEFAULT 0,
  ADD COLUMN role              bigint NOT NULL DEFAULT 0,
  ADD COLUMN profile_custom    jsonb  NOT NULL DEFAULT '{}'::jsonb;

-- Whose friend list holds a user: they hear of the user's profile changes (PROFILE_UPDATED).
CREATE INDEX friends_friend ON friends (friend_id);
