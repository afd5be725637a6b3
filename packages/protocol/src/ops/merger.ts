import { z } from 'zod';
import { mergedMessageSchema } from '../message-payloads';

/** Merged chat records too large to travel inline are fetched by their downloadKey. */
export const mergerOps = {
  downloadMergerMessage: {
    request: z.object({ downloadKey: z.string().min(1).max(64) }),
    response: z.object({ messageList: z.array(mergedMessageSchema) }),
  },
} as const;
