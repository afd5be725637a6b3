import { z } from 'zod';
import type { LateVerdictListener, ModerationContext, ModerationProvider, Verdict } from './provider';

const answerSchema = z.object({ verdict: z.enum(['pass', 'block', 'review']) });

/** A provider that does not answer within this long is treated as having passed the content. */
const REQUEST_TIMEOUT_MS = 3_000;

export interface HttpProviderOptions {
  /** MODERATION_URL: POST {type, text | sha256, messageID, conversationKey} → {verdict}. */
  url: string;
  log?: (line: string) => void;
  /** How long to wait for an answer; default 3 s. */
  timeoutMs?: number;
}

/**
 * A moderation service over HTTP. Each text and image is POSTed to it; it answers 'pass', 'block'
 * or 'review'. After a 'review' the message is delivered, and the service reports a risky one
 * later to our callback (moderation/callback-route.ts). An unreachable or confused service lets
 * the content through and is logged: chat stays available when moderation is down (the choice is
 * documented in docs/moderation.md).
 */
export function httpProvider(options: HttpProviderOptions): ModerationProvider & {
  /** A late verdict received by the callback route; false when no such message is stored (yet). */
  lateVerdict(flag: { messageID: string; conversationKey: string | null }): Promise<boolean>;
} {
  const log = options.log ?? (() => {});
  const listeners: LateVerdictListener[] = [];
  const ask = async (body: Record<string, string>, context: ModerationContext): Promise<Verdict> => {
    try {
      const response = await fetch(options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...body, messageID: context.messageID, conversationKey: context.conversationKey }),
        signal: AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return answerSchema.parse(await response.json()).verdict;
    } catch (err) {
      log(`moderation: ${options.url} did not answer usably, content passed unchecked: ${(err as Error).message}`);
      return 'pass';
    }
  };
  return {
    checkText: (text, context) => ask({ type: 'text', text }, context),
    checkImage: (sha256, context) => ask({ type: 'image', sha256 }, context),
    onLateVerdict(listener) {
      listeners.push(listener);
    },
    async lateVerdict(flag) {
      let found = false;
      for (const listener of listeners) found = (await listener(flag)) || found;
      return found;
    },
  };
}
