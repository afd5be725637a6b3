/**
 * Content moderation (docs/moderation.md). A provider judges a text or an image (by the sha256 of
 * its bytes) before a message is stored: 'block' refuses the send, 'pass' lets it through, and
 * 'review' lets it through while the provider keeps looking; it may then report the message as
 * risky later (a late verdict), and the message is flagged where it is already delivered.
 */
export type Verdict = 'pass' | 'block' | 'review';

/** What a provider is told about the content it judges. */
export interface ModerationContext {
  /** The message's ID, so a late verdict can name it. */
  messageID: string;
  /** Its conversation's storage key, echoed back by late verdicts to narrow the lookup. */
  conversationKey: string;
}

export interface ModerationProvider {
  checkText(text: string, context: ModerationContext): Promise<Verdict>;
  checkImage(sha256: string, context: ModerationContext): Promise<Verdict>;
  /** Providers that may answer late call the listener with a message found risky after delivery. */
  onLateVerdict?(listener: LateVerdictListener): void;
  /** Stops watching files, timers and the like. */
  close?(): void;
}

export type LateVerdictListener = (flag: { messageID: string; conversationKey: string | null }) => Promise<boolean>;

/** Lets everything through: the provider when nothing is configured. */
export const passAll: ModerationProvider = {
  checkText: async () => 'pass',
  checkImage: async () => 'pass',
};

/**
 * Asks each provider in turn: the first 'block' wins; a 'review' from any of them is kept (the
 * message goes out and may be flagged later).
 */
export function chainProviders(providers: ModerationProvider[]): ModerationProvider {
  if (providers.length === 0) return passAll;
  if (providers.length === 1) return providers[0] as ModerationProvider;
  const ask = async (check: (p: ModerationProvider) => Promise<Verdict>): Promise<Verdict> => {
    let verdict: Verdict = 'pass';
    for (const provider of providers) {
      const answer = await check(provider);
      if (answer === 'block') return 'block';
      if (answer === 'review') verdict = 'review';
    }
    return verdict;
  };
  return {
    checkText: (text, context) => ask((p) => p.checkText(text, context)),
    checkImage: (sha256, context) => ask((p) => p.checkImage(sha256, context)),
    onLateVerdict(listener) {
      for (const p of providers) p.onLateVerdict?.(listener);
    },
    close() {
      for (const p of providers) p.close?.();
    },
  };
}
