-- Issue 13: message search (docs/search.md). The tokens are made by the application
-- (search/tokens.ts) and stored as given, so PGlite and PostgreSQL index alike without any
-- extension. NULL: not indexed yet (rows stored before this migration, filled in the background
-- at start-up), or nothing to search by keyword (images, audio, video, stickers, tips, revoked).
ALTER TABLE messages ADD COLUMN search_tokens tsvector;
CREATE INDEX messages_search_tokens ON messages USING gin (search_tokens);
