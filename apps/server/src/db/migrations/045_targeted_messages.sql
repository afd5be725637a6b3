-- Issue 27: targeted group messages (Tencent's receiverList) and Tencent's messageControlInfo.
-- Both are rare: every column is NULL for an ordinary message, which writes nothing more.
-- The members a targeted message is for, besides its sender; nobody else sees it.
ALTER TABLE messages ADD COLUMN receivers text[];
-- Bit 1: counts as no one's unread (targeted messages too). Bit 2: never a conversation's last message.
ALTER TABLE messages ADD COLUMN control smallint;
-- Only the messages kept out of unread counts: a count walks those, not every message unread.
CREATE INDEX messages_uncounted ON messages (conv_key, seq) WHERE (control & 1) = 1;
-- The newest of them in the conversation: a reader whose read cursor is past it has nothing to subtract.
ALTER TABLE conversations ADD COLUMN uncounted_seq bigint;
