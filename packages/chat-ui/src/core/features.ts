/**
 * The kit's feature flags (spec chat.md §3), all on unless the host turns one off. VoiceCall and
 * VideoCall (issue 16) hide the call buttons of their kind.
 */
export const FEATURE_NAMES = [
  'DownloadFile',
  'CopyMessage',
  'DeleteMessage',
  'RevokeMessage',
  'QuoteMessage',
  'ForwardMessage',
  'TranslateMessage',
  'VoiceToText',
  'MultiSelection',
  'EmojiReaction',
  'InputEmoji',
  'InputStickers',
  'InputImage',
  'InputVoice',
  'InputVideo',
  'InputFile',
  'InputEvaluation',
  'InputQuickReplies',
  'InputMention',
  'MessageSearch',
  'ReadStatus',
  'VoiceCall',
  'VideoCall',
] as const;

export type FeatureName = (typeof FEATURE_NAMES)[number];
export type Features = Readonly<Record<FeatureName, boolean>>;

export function resolveFeatures(overrides: Partial<Record<FeatureName, boolean>> = {}): Features {
  return Object.fromEntries(FEATURE_NAMES.map((name) => [name, overrides[name] ?? true])) as Record<
    FeatureName,
    boolean
  >;
}

/** Registered items that name a feature show only while it is on. */
export function enabledItems<T extends { feature?: FeatureName }>(items: readonly T[], features: Features): T[] {
  return items.filter((item) => item.feature === undefined || features[item.feature]);
}
