import { z } from 'zod';
import { profileSchema, userIDSchema } from '../wire';

/** A connection's life: login with a userSig, liveness checks, logout. */
export const sessionOps = {
  login: {
    request: z.object({
      SDKAppID: z.number().int().positive(),
      userID: userIDSchema,
      userSig: z.string().min(1).max(4096),
    }),
    response: z.object({ profile: profileSchema, serverTime: z.number().int() }),
  },
  /** The client's liveness check: a socket can look open long after its network is gone. */
  heartbeat: {
    request: z.object({}),
    response: z.object({ serverTime: z.number().int() }),
  },
  logout: {
    request: z.object({}),
    response: z.object({}),
  },
} as const;
