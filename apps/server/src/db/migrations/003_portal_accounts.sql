-- Portal accounts and everything about who a user is. Keyed by user so it can be sharded by user.

-- user_id is also the user's IM userID.
CREATE TABLE portal_accounts (
  user_id                 text PRIMARY KEY,
  mobile                  text NOT NULL UNIQUE,
  login_name              text UNIQUE,
  password_hash           text NOT NULL,
  nick_name               text NOT NULL,
  avatar                  text NOT NULL DEFAULT '',
  -- 0 registered, 1 real-name verified person, 2 enterprise (see portal_enterprise_auth.status).
  user_type               smallint NOT NULL DEFAULT 0,
  real_person_auth_status smallint NOT NULL DEFAULT 0,
  real_name               text NOT NULL DEFAULT '',
  id_card_masked          text NOT NULL DEFAULT '',
  -- sha256 of the ID number: one account per person without keeping the number itself.
  id_card_hash            text UNIQUE,
  -- null: not applied; false: awaiting review; true: approved.
  beta_status             boolean,
  beta_applied_at         bigint,
  ai_status               boolean NOT NULL DEFAULT false,
  is_admin                boolean NOT NULL DEFAULT false,
  failed_logins           integer NOT NULL DEFAULT 0,
  locked_until            bigint NOT NULL DEFAULT 0,
  created_at              bigint NOT NULL,
  updated_at              bigint NOT NULL
);

CREATE TABLE portal_sessions (
  session_id text PRIMARY KEY,
  user_id    text NOT NULL,
  created_at bigint NOT NULL,
  last_seen  bigint NOT NULL,
  revoked    boolean NOT NULL DEFAULT false
);
CREATE INDEX portal_sessions_user ON portal_sessions (user_id);

CREATE TABLE portal_enterprise_auth (
  user_id          text PRIMARY KEY,
  enterprise_name  text NOT NULL,
  credit_code      text NOT NULL,
  legal_person     text NOT NULL,
  contact_phone    text NOT NULL,
  address          text NOT NULL,
  business_license text NOT NULL,
  -- 0 pending, 1 approved, 2 rejected.
  status           smallint NOT NULL DEFAULT 0,
  reject_reason    text NOT NULL DEFAULT '',
  submitted_at     bigint NOT NULL,
  reviewed_at      bigint
);

-- Cooperation requests between users; the to-do bar counts the unread ones addressed to a user.
CREATE TABLE portal_cooperation_requests (
  to_user      text NOT NULL,
  id           text NOT NULL,
  from_user    text NOT NULL,
  subject      text NOT NULL,
  message      text NOT NULL,
  -- 0 waiting, 1 agreed, 2 refused.
  apply_status smallint NOT NULL DEFAULT 0,
  readed       boolean NOT NULL DEFAULT false,
  created_at   bigint NOT NULL,
  PRIMARY KEY (to_user, id)
);

CREATE TABLE portal_uploads (
  file_name     text PRIMARY KEY,
  user_id       text NOT NULL,
  original_name text NOT NULL,
  content_type  text NOT NULL,
  size          integer NOT NULL,
  created_at    bigint NOT NULL
);

-- Secrets every process must share (JWT signing key, SM4 key when not configured).
CREATE TABLE portal_secrets (
  name  text PRIMARY KEY,
  value text NOT NULL
);

-- Wrong SMS codes are counted so a code cannot be guessed.
ALTER TABLE portal_sms_codes ADD COLUMN attempts integer NOT NULL DEFAULT 0;
