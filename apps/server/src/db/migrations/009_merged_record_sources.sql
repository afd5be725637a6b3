-- Issue 11: where each message of a merged record was copied from, so that a record fetched after
-- one of its originals was revoked shows it revoked. Stored with the record, in the same statement.
CREATE TABLE merged_record_sources (
  download_key text NOT NULL,
  conv_key     text NOT NULL,
  message_id   text NOT NULL,
  PRIMARY KEY (download_key, conv_key, message_id)
);
