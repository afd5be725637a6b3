-- Issue 26: the search index's pending list is cleaned up inline, by whichever insert fills it,
-- and every send waiting behind that batch waits for the clean-up: at PostgreSQL's 4 MB a
-- 400-message batch took 825 ms instead of 17. At 256 kB each clean-up is a sixteenth as long
-- and the CPU per message is no higher (docs/performance.md, issue 26).
ALTER INDEX messages_search_tokens SET (gin_pending_list_limit = 256);
