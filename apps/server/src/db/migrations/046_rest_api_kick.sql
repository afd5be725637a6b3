-- Issue 29: Tencent's REST API kick. A user's userSigs made (TLS.time, seconds) before this log in
-- no more; a kick moves it to the kick's second. 0: every signature the key made is good.
ALTER TABLE users ADD COLUMN sigs_valid_from bigint NOT NULL DEFAULT 0;
