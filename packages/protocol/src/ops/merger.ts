import { z } from 'zod';
import { downloadKeySchema, mergedMessageSchema } from '../message-payloads';

/** Merged chat records too large to travel inline are fetched by their downloadKey. */
export const mergerOps = {
  downloadMergerMessage: {
    request: z.object({ downloadKey: downloadKeySchema }),
    response: z.object({ messageList: z.array(mergedMessageSchema) }),
  },
} as const;
