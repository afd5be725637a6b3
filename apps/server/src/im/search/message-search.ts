import {
  ErrorCode,
  LiaisonError,
  type OpRequestParsed,
  type OpResponse,
  SearchLimits,
  searchableMessageTypes,
  toConversationID,
  type WireMessage,
} from '@liaison/protocol';
import { z } from 'zod';
import type { Database, Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import { columnsOf, VISIBLE_TO_ME, visibleRange } from '../messages/history';
import { requireConversation } from '../messages/keys';
import { redactInlineRecords } from '../messages/merged-redaction';
import { SEARCHABLE_TEXT_SQL } from '../messages/searchable-text';
import { queryTokens } from '../messages/tokens';
import { type MessageRow, toWireMessage } from '../rows';
import { decodeCursor, encodeCursor, escapeLike } from './cursor';
import { indexRows, tokenStats } from './token-frequency';

type Request = OpRequestParsed<'searchCloudMessages'>;
type Response = OpResponse<'searchCloudMessages'>;

/**
 * searchCloudMessages (docs/search.md). Candidates come from the token index (im/messages/tokens.ts),
 * then each keyword is checked as a substring of the message's searchable text, so a hit is
 * always a real one. Only what I can read: conversations I am in or was in (up to when I left),
 * above my floor (joined later, deleted the conversation), not revoked, not deleted by me.
 */
export async function searchCloudMessages(db: Database, userID: string, body: Request): Promise<Response> {
  const filters = new Filters(userID, body);
  const count = body.count;
  return body.conversationID
    ? searchConversation(db, userID, body.conversationID, filters, count ?? SearchLimits.MESSAGES_PAGE_DEFAULT, body)
    : searchEverywhere(
        db,
        filters,
        Math.min(count ?? SearchLimits.CONVERSATIONS_PAGE_DEFAULT, SearchLimits.CONVERSATIONS_PAGE_MAX),
        body,
      );
}

async function searchConversation(
  db: Sql,
  userID: string,
  conversationID: string,
  filters: Filters,
  count: number,
  body: Request,
): Promise<Response> {
  const ref = requireConversation(userID, conversationID);
  const cursor = body.cursor ? decodeCursor(body.cursor, conversationCursor) : null;
  const range = await visibleRange(db, userID, ref);
  if (range === null) return { searchResultList: [], totalCount: 0, cursor: '' };
  const params = filters.params;
  const key = filters.param(ref.key);
  const floor = filters.param(range.floor);
  const ceiling = filters.param(range.ceiling ?? Number.MAX_SAFE_INTEGER);
  const before = filters.param(cursor?.s ?? Number.MAX_SAFE_INTEGER);
  const limit = filters.param(count + 1);
  // The total is counted with the first page and carried in the cursor: pages stay consistent.
  const rows = await db.query<MessageRow & { total: unknown }>(
    `SELECT ${columnsOf('m')}, ${cursor ? '0' : 'count(*) OVER ()'} AS total FROM messages m
      WHERE m.conv_key = ${key} AND m.seq > ${floor} AND m.seq <= ${ceiling} AND m.seq < ${before}
        AND ${filters.sql()}
      ORDER BY m.seq DESC LIMIT ${limit}`,
    params,
  );
  const total = cursor ? cursor.n : toNumber(rows[0]?.total ?? 0);
  const page = rows.slice(0, count);
  const last = page.at(-1);
  const messageList = await redactInlineRecords(db, page.map(toWireMessage));
  return {
    searchResultList: page.length > 0 ? [{ conversationID: ref.conversationID, messageCount: total, messageList }] : [],
    totalCount: total,
    cursor: rows.length > count && last ? encodeCursor({ s: toNumber(last.seq), n: total }) : '',
  };
}

interface HitRow {
  conv_key: string;
  conv_type: string;
  target: string;
  hits: unknown;
  last_seq: unknown;
  last_time: unknown;
  total: unknown;
}

async function searchEverywhere(db: Database, filters: Filters, count: number, body: Request): Promise<Response> {
  const cursor = body.cursor ? decodeCursor(body.cursor, everywhereCursor) : null;
  const params = filters.params;
  const afterTime = filters.param(cursor?.t ?? null);
  const afterKey = filters.param(cursor?.k ?? null);
  const limit = filters.param(count + 1);
  const cap = filters.param(SearchLimits.CONVERSATION_HITS_MAX);
  const useIndex = await fromIndex(db, body);
  // Grouped per conversation, latest hit first; the count of conversations comes with every page.
  const statement = `WITH hits AS (${useIndex ? hitsFromIndex(filters, cap) : hitsByConversation(filters, cap)}),
       counted AS (SELECT *, count(*) OVER () AS total FROM hits)
     SELECT * FROM counted
      WHERE ${afterTime}::bigint IS NULL OR (last_time, conv_key) < (${afterTime}::bigint, ${afterKey}::text)
      ORDER BY last_time DESC, conv_key DESC LIMIT ${limit}`;
  const rows = useIndex
    ? await db.query<HitRow>(statement, params)
    : await db.transaction(async (tx) => {
        // Judging a conversation small, the planner would read all of it as a bitmap and sort it,
        // where walking its key backwards stops at the cap (docs/performance.md "Message search").
        await tx.query('SET LOCAL enable_bitmapscan = off');
        return tx.query<HitRow>(statement, params);
      });
  const page = rows.slice(0, count);
  // A conversation with one hit shows it; with more, the count (search in it for them), as the reference.
  const single = page.filter((row) => toNumber(row.hits) === 1);
  const messages = new Map<string, WireMessage>();
  if (single.length > 0) {
    const found = await db.query<MessageRow & { conv_key: string }>(
      `SELECT m.conv_key, ${columnsOf('m')} FROM messages m
         JOIN unnest($1::text[], $2::bigint[]) AS s(k, seq) ON m.conv_key = s.k AND m.seq = s.seq`,
      [single.map((row) => row.conv_key), single.map((row) => toNumber(row.last_seq))],
    );
    const redacted = await redactInlineRecords(db, found.map(toWireMessage));
    found.forEach((row, i) => {
      messages.set(row.conv_key, redacted[i] as WireMessage);
    });
  }
  const last = page.at(-1);
  return {
    searchResultList: page.map((row) => {
      const one = messages.get(row.conv_key);
      return {
        conversationID: toConversationID(row.conv_type as 'C2C' | 'GROUP', row.target),
        messageCount: toNumber(row.hits),
        messageList: one ? [one] : [],
      };
    }),
    totalCount: toNumber(rows[0]?.total ?? 0),
    cursor: rows.length > count && last ? encodeCursor({ t: toNumber(last.last_time), k: last.conv_key }) : '',
  };
}

/**
 * Whether to start from the token index: only when the keywords match few messages in all
 * (docs/search.md "Global search"). The index hands over every match of every user, each read from
 * its page; walking my conversations instead reads my messages newest first and stops at the cap
 * in each, which is cheaper unless the keywords are rare.
 */
async function fromIndex(db: Sql, body: Request): Promise<boolean> {
  const keywords = body.keywordList ?? [];
  if (keywords.length === 0) return false;
  const stats = await tokenStats(db);
  return stats !== null && indexRows(stats, keywords, body.keywordListMatchType === 'and') <= INDEX_ROWS_MAX;
}

/** Above this many index rows, walking the user's conversations is cheaper (docs/performance.md). */
const INDEX_ROWS_MAX = 20_000;

/** Per conversation of mine: its hits (counted up to the cap), its latest hit. Starts from the token index. */
function hitsFromIndex(filters: Filters, cap: string): string {
  return `SELECT m.conv_key, uc.conv_type, uc.target, LEAST(count(*), ${cap}) AS hits, max(m.seq) AS last_seq,
                 max(m.time) AS last_time
            FROM user_conversations uc
            JOIN messages m ON m.conv_key = uc.conv_key AND m.seq > uc.floor_seq
                           AND (uc.ceiling_seq IS NULL OR m.seq <= uc.ceiling_seq)
           WHERE uc.user_id = $1 AND ${filters.sql()}
           GROUP BY m.conv_key, uc.conv_type, uc.target`;
}

/**
 * The same rows, conversation by conversation, newest first, stopping at the cap. The keyword test
 * is kept away from the token index here: a plan made once for all the conversations would read a
 * common token's whole posting list again for each one.
 */
function hitsByConversation(filters: Filters, cap: string): string {
  return `SELECT uc.conv_key, uc.conv_type, uc.target, h.hits, h.last_seq, h.last_time
            FROM user_conversations uc
            CROSS JOIN LATERAL (
              SELECT count(*) AS hits, max(x.seq) AS last_seq, max(x.time) AS last_time
                FROM (SELECT m.seq, m.time FROM messages m
                       WHERE m.conv_key = uc.conv_key AND m.seq > uc.floor_seq
                         AND (uc.ceiling_seq IS NULL OR m.seq <= uc.ceiling_seq) AND ${filters.sql({ indexed: false })}
                       ORDER BY m.seq DESC LIMIT ${cap}) x
            ) h
           WHERE uc.user_id = $1 AND h.hits > 0`;
}

/** The conditions on a message row `m` that both searches share, with their parameters ($1 is the user). */
class Filters {
  readonly params: unknown[];
  private readonly conditions: string[] = [];
  /** The token index condition, when there are keywords. */
  private tokens: string | null = null;

  constructor(userID: string, body: Request) {
    this.params = [userID];
    const keywords = body.keywordList ?? [];
    const matchAll = body.keywordListMatchType === 'and';
    if (keywords.length > 0) {
      this.tokens = `m.search_tokens @@ ${this.param(toTsquery(keywords, matchAll))}::tsquery`;
      // Case-insensitive substring of the searchable text, with the database's own lower() on both sides.
      const patterns = keywords.map((keyword) => `%${escapeLike(keyword)}%`);
      this.conditions.push(
        `lower(${SEARCHABLE_TEXT_SQL}) LIKE ${matchAll ? 'ALL' : 'ANY'} (SELECT lower(p) FROM unnest(${this.param(patterns)}::text[]) AS p)`,
      );
    }
    this.conditions.push(`m.type = ANY(${this.param(body.messageTypeList ?? [...searchableMessageTypes])}::text[])`);
    if (body.senderUserIDList && body.senderUserIDList.length > 0) {
      this.conditions.push(`m.sender = ANY(${this.param(body.senderUserIDList)}::text[])`);
    }
    const { from, to } = timeWindow(body.timePosition ?? 0, body.timePeriod ?? 0);
    if (to !== null) this.conditions.push(`m.time <= ${this.param(to)}`);
    if (from !== null) this.conditions.push(`m.time >= ${this.param(from)}`);
    this.conditions.push('NOT m.is_revoked', VISIBLE_TO_ME);
  }

  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  /** `indexed: false` words the token condition so that no plan can answer it from the index. */
  sql({ indexed = true } = {}): string {
    if (this.tokens === null) return this.conditions.join(' AND ');
    const tokens = indexed ? this.tokens : `coalesce(${this.tokens}, false)`;
    return [tokens, ...this.conditions].join(' AND ');
  }
}

/**
 * The index query: per keyword all of its tokens; keywords joined by AND or OR. A keyword with
 * no letter, digit or CJK character cannot be looked up in the index and is refused (never a scan).
 */
export function toTsquery(keywords: readonly string[], matchAll: boolean): string {
  const perKeyword = keywords.map((keyword) => {
    const { exact, prefix } = queryTokens(keyword);
    const terms = [...exact.map(quoteLexeme), ...prefix.map((token) => `${quoteLexeme(token)}:*`)];
    if (terms.length === 0) {
      throw new LiaisonError(ErrorCode.INVALID_PARAMS, `keyword "${keyword}" has no letter, digit or CJK character`);
    }
    return `(${terms.join(' & ')})`;
  });
  return perKeyword.join(matchAll ? ' & ' : ' | ');
}

function quoteLexeme(token: string): string {
  return `'${token.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/** In ms since the epoch, both ends included; null: no bound. timePosition 0 is now. */
export function timeWindow(timePosition: number, timePeriod: number): { from: number | null; to: number | null } {
  const to = timePosition > 0 ? timePosition * 1000 + 999 : null;
  if (timePeriod === 0) return { from: null, to };
  const end = timePosition > 0 ? timePosition : Math.floor(Date.now() / 1000);
  return { from: (end - timePeriod) * 1000, to };
}

const conversationCursor = z.object({ s: z.number().int().nonnegative(), n: z.number().int().nonnegative() });
const everywhereCursor = z.object({ t: z.number().int().nonnegative(), k: z.string().min(1).max(200) });
