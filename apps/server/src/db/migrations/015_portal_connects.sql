-- Who contacted which enterprise from the portal (apply/cooperation/connect): has/connect answers
-- from it, and the statistics may count it. One row per pair; the time is the latest contact.
CREATE TABLE portal_connects (
  user_id    text NOT NULL,
  target_id  text NOT NULL,
  product_id bigint,
  created_at bigint NOT NULL,
  PRIMARY KEY (user_id, target_id)
);
CREATE INDEX portal_connects_target ON portal_connects (target_id, created_at);
