import {
  ErrorCode,
  LiaisonError,
  type PushEvent,
  type PushEventName,
  pushEventSchemas,
  pushFrameSchema,
  type ResponseFrame,
  responseFrameSchema,
} from '@liaison/protocol';
import { describeIssues } from './errors';

/** A push the SDK understands, discriminated by `event`. */
export type KnownPush = { [K in PushEventName]: { event: K; data: PushEvent<K> } }[PushEventName];

export type Incoming =
  | { kind: 'response'; frame: ResponseFrame }
  | { kind: 'push'; push: KnownPush }
  /** A push event this SDK version does not know: a newer server; ignored. */
  | { kind: 'unknownPush'; event: string }
  | { kind: 'malformed'; error: LiaisonError };

/** Parses one frame from the server. Never throws: anything unexpected is `malformed`. */
export function parseIncoming(raw: unknown): Incoming {
  const text = frameText(raw);
  if (text === null) return malformed('a binary frame of an unknown kind');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return malformed('not JSON');
  }
  if (typeof value === 'object' && value !== null && 'event' in value) return parsePush(value);
  const response = responseFrameSchema.safeParse(value);
  if (!response.success) return malformed(`neither a response nor a push: ${describeIssues(response.error, 'frame')}`);
  return { kind: 'response', frame: response.data };
}

function parsePush(value: object): Incoming {
  const frame = pushFrameSchema.safeParse(value);
  if (!frame.success) return malformed(`bad push: ${describeIssues(frame.error, 'frame')}`);
  const { event, data } = frame.data;
  if (!isPushEventName(event)) return { kind: 'unknownPush', event };
  const parsed = pushEventSchemas[event].safeParse(data);
  if (!parsed.success) return malformed(`bad ${event} push: ${describeIssues(parsed.error, 'data')}`);
  // The schema for `event` produced `parsed.data`, so the pair is a KnownPush.
  return { kind: 'push', push: { event, data: parsed.data } as KnownPush };
}

function isPushEventName(event: string): event is PushEventName {
  return Object.hasOwn(pushEventSchemas, event);
}

function frameText(raw: unknown): string | null {
  if (typeof raw === 'string') return raw;
  if (raw instanceof ArrayBuffer) return new TextDecoder().decode(raw);
  if (ArrayBuffer.isView(raw)) return new TextDecoder().decode(raw);
  if (Array.isArray(raw) && raw.every((part) => part instanceof Uint8Array)) {
    // ws may hand over a fragmented message as a list of chunks: join bytes before decoding.
    const chunks: Uint8Array[] = raw;
    const joined = new Uint8Array(chunks.reduce((size, chunk) => size + chunk.length, 0));
    let offset = 0;
    for (const chunk of chunks) {
      joined.set(chunk, offset);
      offset += chunk.length;
    }
    return new TextDecoder().decode(joined);
  }
  return null;
}

function malformed(detail: string): Incoming {
  return {
    kind: 'malformed',
    error: new LiaisonError(ErrorCode.MALFORMED_FRAME, `Malformed frame from server: ${detail}`),
  };
}
