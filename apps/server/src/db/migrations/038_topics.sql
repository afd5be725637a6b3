-- Issue 27: communities with topics (Tencent's GRP_COMMUNITY with isSupportTopic). A topic is a
-- conversation of its own (conversations 'g:<topicID>', user_conversations conv_type 'TOPIC') whose
-- audience is the community's members; this table holds its profile.
ALTER TABLE groups ADD COLUMN is_support_topic boolean NOT NULL DEFAULT false;

CREATE TABLE topics (
  topic_id     text PRIMARY KEY,
  group_id     text NOT NULL,
  topic_name   text NOT NULL,
  avatar       text NOT NULL DEFAULT '',
  introduction text NOT NULL DEFAULT '',
  notification text NOT NULL DEFAULT '',
  custom_data  text NOT NULL DEFAULT '',
  mute_all     boolean NOT NULL DEFAULT false,
  -- The conversation's head when the topic was made: history below it is not the topic's (a topic
  -- made again with a deleted one's ID starts after what the old one held).
  start_seq    bigint NOT NULL DEFAULT 0,
  created_at   bigint NOT NULL
);

CREATE INDEX topics_by_group ON topics (group_id, created_at);
