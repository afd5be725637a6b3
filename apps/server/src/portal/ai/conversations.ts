import {
  AI_LIMITS,
  type AiConversation,
  type AiMessage,
  type AiMessageState,
  type AiReference,
} from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import type { ChatTurn } from './chat-model';

/** The AI assistant's conversations and messages (migration 020), each conversation one user's. */

interface ConversationRow {
  id: unknown;
  title: string;
  updated_at: unknown;
}

interface MessageRow {
  id: unknown;
  role: 'user' | 'assistant';
  content: string;
  state: string;
  refs: unknown;
  created_at: unknown;
}

/** The conversation's id when it is `userId`'s; null for anyone else's, a deleted one or a malformed id. */
export async function ownConversation(db: Sql, userId: string, id: string): Promise<string | null> {
  if (!/^\d{1,18}$/.test(id)) return null;
  const [row] = await db.query<{ id: unknown }>(
    'SELECT id FROM portal_ai_conversations WHERE id = $1 AND user_id = $2',
    [id, userId],
  );
  return row ? String(toNumber(row.id)) : null;
}

export async function createConversation(db: Sql, userId: string, prompt: string, now: number): Promise<string> {
  const title = [...prompt.replace(/\s+/gu, ' ').trim()].slice(0, AI_LIMITS.title).join('');
  const [row] = await db.query<{ id: unknown }>(
    `INSERT INTO portal_ai_conversations (user_id, title, created_at, updated_at) VALUES ($1, $2, $3, $3) RETURNING id`,
    [userId, title, now],
  );
  return String(toNumber(row?.id));
}

/** The user's conversations, the most recently used first. */
export async function listConversations(db: Sql, userId: string): Promise<AiConversation[]> {
  const rows = await db.query<ConversationRow>(
    `SELECT id, title, updated_at FROM portal_ai_conversations WHERE user_id = $1
      ORDER BY updated_at DESC, id DESC LIMIT $2`,
    [userId, AI_LIMITS.conversationsPerPage],
  );
  return rows.map((row) => ({ id: String(toNumber(row.id)), title: row.title, updatedAt: toNumber(row.updated_at) }));
}

/** Deletes the conversation and its messages; false when it is not the user's. */
export async function deleteConversation(db: Sql, userId: string, id: string): Promise<boolean> {
  if (!/^\d{1,18}$/.test(id)) return false;
  const rows = await db.query('DELETE FROM portal_ai_conversations WHERE id = $1 AND user_id = $2 RETURNING id', [
    id,
    userId,
  ]);
  return rows.length > 0;
}

export async function listMessages(db: Sql, conversationId: string): Promise<AiMessage[]> {
  const rows = await db.query<MessageRow>(
    `SELECT id, role, content, state, refs, created_at FROM portal_ai_messages WHERE conversation_id = $1 ORDER BY id`,
    [conversationId],
  );
  return rows.map(toMessage);
}

export interface NewMessage {
  role: 'user' | 'assistant';
  content: string;
  state: AiMessageState;
  references: AiReference[];
}

/** Adds a message and marks the conversation used now; the message's id. */
export async function addMessage(db: Sql, conversationId: string, message: NewMessage, now: number): Promise<string> {
  const [row] = await db.query<{ id: unknown }>(
    `INSERT INTO portal_ai_messages (conversation_id, role, content, state, refs, created_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6) RETURNING id`,
    [conversationId, message.role, message.content, message.state, JSON.stringify(message.references), now],
  );
  await db.query('UPDATE portal_ai_conversations SET updated_at = $2 WHERE id = $1', [conversationId, now]);
  return String(toNumber(row?.id));
}

export async function finishMessage(db: Sql, id: string, content: string, state: AiMessageState): Promise<void> {
  await db.query('UPDATE portal_ai_messages SET content = $2, state = $3 WHERE id = $1', [id, content, state]);
}

export async function deleteMessage(db: Sql, id: string): Promise<void> {
  await db.query('DELETE FROM portal_ai_messages WHERE id = $1', [id]);
}

/** The conversation's last answer and the prompt it answered: what a retry asks again. */
export async function lastExchange(
  db: Sql,
  conversationId: string,
): Promise<{ prompt: AiMessage; answer: AiMessage } | null> {
  const rows = await db.query<MessageRow>(
    `SELECT id, role, content, state, refs, created_at FROM portal_ai_messages WHERE conversation_id = $1
      ORDER BY id DESC LIMIT 2`,
    [conversationId],
  );
  const [answer, prompt] = rows.map(toMessage);
  if (answer?.role !== 'assistant' || prompt?.role !== 'user') return null;
  return { prompt, answer };
}

/**
 * The last `historyTurns` exchanges before message `beforeId` (all when null), as the model reads
 * them: each prompt with the answer it got. An exchange whose answer has no text is left out.
 */
export async function historyTurns(db: Sql, conversationId: string, beforeId: string | null): Promise<ChatTurn[]> {
  // Failed answers may sit between the exchanges: read twice as many messages as a full history has.
  const newestFirst = await db.query<MessageRow>(
    `SELECT id, role, content, state, refs, created_at FROM portal_ai_messages
      WHERE conversation_id = $1 AND ($2::bigint IS NULL OR id < $2::bigint) ORDER BY id DESC LIMIT $3`,
    [conversationId, beforeId, 4 * AI_LIMITS.historyTurns],
  );
  const rows = newestFirst.reverse();
  const turns: ChatTurn[] = [];
  rows.forEach((row, i) => {
    const previous = rows[i - 1];
    if (row.role !== 'assistant' || row.content === '' || previous?.role !== 'user') return;
    turns.push({ role: 'user', content: previous.content }, { role: 'assistant', content: row.content });
  });
  return turns.slice(-2 * AI_LIMITS.historyTurns);
}

function toMessage(row: MessageRow): AiMessage {
  return {
    id: String(toNumber(row.id)),
    role: row.role,
    content: row.content,
    state: row.state as AiMessageState,
    references: Array.isArray(row.refs) ? (row.refs as AiReference[]) : [],
    createdAt: toNumber(row.created_at),
  };
}
