import { z } from 'zod';

export const conversationIDSchema = z
  .string()
  .regex(/^(C2C[A-Za-z0-9_-]+|GROUP[A-Za-z0-9_@#.-]+)$/, 'conversationID must be C2C<userID> or GROUP<groupID>')
  .max(64);
