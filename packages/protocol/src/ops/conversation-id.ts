import { z } from 'zod';
import { Limits } from '../constants';

export const conversationIDSchema = z
  .string()
  .regex(/^(C2C[A-Za-z0-9_-]+|GROUP[A-Za-z0-9_@#.-]+)$/, 'conversationID must be C2C<userID> or GROUP<groupID>')
  // 'GROUP' and a topic ID, the longest target (Tencent's topic IDs are `<communityID>@TOPIC#_<part>`).
  .max(5 + Limits.TOPIC_ID_MAX);
