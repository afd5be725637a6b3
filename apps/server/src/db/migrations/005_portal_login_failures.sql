-- Wrong passwords are counted per (account, client address), so that failures from one address
-- lock that address out without locking the real user out everywhere (issue 9).
-- login_key: 'user:<user_id>', or 'name:<login name>' for a name no account has, so an unknown
-- name locks exactly like a known one and the lock does not tell which names exist.
CREATE TABLE portal_login_failures (
  login_key    text NOT NULL,
  address      text NOT NULL,
  failures     integer NOT NULL DEFAULT 0,
  -- How many times this pair has been locked: each lock lasts twice the one before.
  lockouts     integer NOT NULL DEFAULT 0,
  locked_until bigint NOT NULL DEFAULT 0,
  updated_at   bigint NOT NULL,
  PRIMARY KEY (login_key, address)
);

CREATE INDEX portal_login_failures_updated ON portal_login_failures (updated_at);

ALTER TABLE portal_accounts DROP COLUMN failed_logins;
ALTER TABLE portal_accounts DROP COLUMN locked_until;
