import { z } from 'zod';
import { Limits } from '../constants';
import { displayText, safeText } from '../text';
import { allowTypeSchema, profileSchema, userIDSchema } from '../wire';

/** User profiles: my own, which I may change, and anyone's by userID. */
export const profileOps = {
  getMyProfile: {
    request: z.object({}),
    response: z.object({ profile: profileSchema }),
  },
  getUserProfile: {
    request: z.object({ userIDList: z.array(userIDSchema).min(1).max(100) }),
    response: z.object({ profiles: z.array(profileSchema) }),
  },
  updateMyProfile: {
    request: z
      .object({
        nick: displayText({ maxBytes: Limits.NICK_MAX_BYTES }).optional(),
        avatar: safeText({ maxBytes: Limits.AVATAR_URL_MAX_BYTES }).optional(),
        selfSignature: displayText({ maxBytes: Limits.SELF_SIGNATURE_MAX_BYTES }).optional(),
        /** Who may add me as a friend (docs/friends-and-blocklist.md). */
        allowType: allowTypeSchema.optional(),
      })
      .refine(
        (v) =>
          v.nick !== undefined || v.avatar !== undefined || v.selfSignature !== undefined || v.allowType !== undefined,
        { message: 'nothing to update: give nick, avatar, selfSignature or allowType' },
      ),
    response: z.object({ profile: profileSchema }),
  },
} as const;
