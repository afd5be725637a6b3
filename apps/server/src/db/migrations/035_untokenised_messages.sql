-- Issue 26: at every start the server looks for messages without search tokens (stored before
-- search existed; im/search/backfill.ts). At 10M messages that look read the whole table, 89-124 s
-- after each start. This index holds only such messages (none once the back-fill is done), so
-- the look is one index probe. Its predicate is the back-fill query's, word for word.
CREATE INDEX messages_untokenised ON messages (conv_key, seq)
  WHERE search_tokens IS NULL AND NOT is_revoked
    AND type IN ('TIMTextElem', 'TIMFileElem', 'TIMLocationElem', 'TIMCustomElem', 'TIMRelayElem');
