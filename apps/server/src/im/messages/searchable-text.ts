import { MessageType } from '@liaison/protocol';
import { indexTokens } from './tokens';

/**
 * The text of a message that search looks in (docs/search.md): a text's text, a file's name, a
 * location's description, a custom message's description, a merged record's title and abstracts.
 * Images, audio and video have none (found by type only); stickers and group tips are never
 * searched. Null: not searchable by keyword.
 */
export function searchableText(type: string, payload: unknown): string | null {
  const p = (payload ?? {}) as Record<string, unknown>;
  switch (type) {
    case MessageType.TEXT:
      return str(p.text);
    case MessageType.FILE:
      return str(p.fileName);
    case MessageType.LOCATION:
    case MessageType.CUSTOM:
      return str(p.description);
    case MessageType.MERGER:
      return [str(p.title), ...(Array.isArray(p.abstractList) ? p.abstractList.map(str) : [])].join('\n');
    default:
      return null;
  }
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The same text computed by the database, for re-checking candidates (`m` is the messages row). */
export const SEARCHABLE_TEXT_SQL = `CASE m.type
    WHEN 'TIMTextElem' THEN m.payload->>'text'
    WHEN 'TIMFileElem' THEN m.payload->>'fileName'
    WHEN 'TIMLocationElem' THEN m.payload->>'description'
    WHEN 'TIMCustomElem' THEN m.payload->>'description'
    WHEN 'TIMRelayElem' THEN concat_ws(E'\\n', m.payload->>'title',
      (SELECT string_agg(x, E'\\n') FROM jsonb_array_elements_text(m.payload->'abstractList') AS x))
  END`;

/**
 * What a message row stores in search_tokens, as the parameter of TOKENS_SQL: its tokens joined
 * by spaces (no token holds one), or null when it has no searchable text.
 */
export function storedTokens(type: string, payload: unknown): string | null {
  const text = searchableText(type, payload);
  return text === null ? null : indexTokens(text).join(' ');
}

/** The tsvector of a storedTokens value given as `param`. */
export const tokensSql = (param: string) => `array_to_tsvector(string_to_array(${param}, ' '))`;
