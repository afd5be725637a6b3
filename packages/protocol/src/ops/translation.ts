import { z } from 'zod';
import { Limits } from '../constants';
import { safeText } from '../text';
import { messageIDSchema } from '../wire';
import { conversationIDSchema } from './conversation-id';

/** A language tag such as 'en', 'zh', 'zh-TW'. */
const languageSchema = z
  .string()
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'language must be a tag such as en or zh-TW')
  .max(16);

/**
 * Machine translation and speech-to-text run through providers the server is configured with
 * (TRANSLATE_URL, STT_URL); unconfigured, they answer 60050 / 60051.
 */
export const translationOps = {
  translateText: {
    request: z.object({
      sourceTextList: z
        .array(safeText({ min: 1, maxBytes: Limits.MESSAGE_MAX_BYTES }))
        .min(1)
        .max(Limits.TRANSLATE_TEXTS_MAX),
      /** Absent: detected by the provider. */
      source: languageSchema.optional(),
      target: languageSchema,
    }),
    response: z.object({ translatedTextList: z.array(z.string()) }),
  },
  /** Transcribes a voice message the caller may read. */
  convertVoiceToText: {
    request: z.object({
      conversationID: conversationIDSchema,
      messageID: messageIDSchema,
      language: languageSchema.optional(),
    }),
    response: z.object({ result: z.string() }),
  },
} as const;
