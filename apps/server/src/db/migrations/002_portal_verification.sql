-- Short-lived proofs for the portal's login flows. Keyed so any process can check them.

CREATE TABLE portal_captchas (
  id         text PRIMARY KEY,
  answer     text NOT NULL,
  expires_at bigint NOT NULL
);

CREATE TABLE portal_sms_codes (
  mobile     text PRIMARY KEY,
  code_hash  text NOT NULL,
  sent_at    bigint NOT NULL,
  expires_at bigint NOT NULL
);
