-- Official-service applications (docs/portal-api.md "Official service"): their SMS codes are kept
-- apart from login codes, so one never stands for the other or delays it.
ALTER TABLE portal_sms_codes ADD COLUMN purpose text NOT NULL DEFAULT 'login';
ALTER TABLE portal_sms_codes DROP CONSTRAINT portal_sms_codes_pkey;
ALTER TABLE portal_sms_codes ADD PRIMARY KEY (mobile, purpose);

-- A checked SMS code becomes a ticket for one application from that number (sha-256 of the ticket).
CREATE TABLE portal_service_tickets (
  ticket_hash text PRIMARY KEY,
  mobile      text NOT NULL,
  expires_at  bigint NOT NULL
);
