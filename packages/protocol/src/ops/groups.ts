import { z } from 'zod';
import { Limits } from '../constants';
import { displayText, safeText } from '../text';
import {
  groupIDSchema,
  groupMemberSchema,
  groupProfileSchema,
  groupRoleSchema,
  groupTypeSchema,
  joinOptionSchema,
  userIDSchema,
} from '../wire';

/**
 * Tencent's groupCustomField as createGroup and updateGroupProfile take it: the fields named are set
 * and an empty value removes its key; the group keeps at most GROUP_CUSTOM_FIELDS_MAX (10004 past it).
 */
export const groupCustomFieldInput = z
  .array(
    z.object({
      key: safeText({ min: 1, maxBytes: Limits.GROUP_CUSTOM_FIELD_KEY_MAX_BYTES }),
      value: safeText({ maxBytes: Limits.GROUP_CUSTOM_FIELD_VALUE_MAX_BYTES }),
    }),
  )
  .max(Limits.GROUP_CUSTOM_FIELDS_MAX);

/**
 * Creating groups and reading them: my groups, one group's profile, its members page by page.
 * Joining, leaving and administration are in group-admin.ts.
 */
export const groupOps = {
  createGroup: {
    request: z.object({
      type: groupTypeSchema,
      name: displayText({ min: 1, maxBytes: Limits.GROUP_NAME_MAX_BYTES }),
      groupID: groupIDSchema.optional(),
      introduction: displayText({ maxBytes: Limits.GROUP_INTRODUCTION_MAX_BYTES }).optional(),
      notification: displayText({ maxBytes: Limits.GROUP_NOTIFICATION_MAX_BYTES }).optional(),
      avatar: safeText({ maxBytes: Limits.AVATAR_URL_MAX_BYTES }).optional(),
      joinOption: joinOptionSchema.optional(),
      /** role: 'Admin' makes the member an admin at once, as the reference's memberList[].role. */
      memberList: z
        .array(z.object({ userID: userIDSchema, role: z.enum(['Admin', 'Member']).optional() }))
        .max(Limits.CREATE_MEMBER_MAX)
        .optional(),
      /** At most the type's limit (10004 above it); the reference's maxMemberNum. */
      maxMemberNum: z.number().int().min(1).optional(),
      /** Community only: its messages go to its topics (ops/topics.ts); ignored for other types, as Tencent's. */
      isSupportTopic: z.boolean().optional(),
      groupCustomField: groupCustomFieldInput.optional(),
    }),
    response: z.object({ group: groupProfileSchema }),
  },
  getGroupList: {
    request: z.object({}),
    response: z.object({ groupList: z.array(groupProfileSchema) }),
  },
  getGroupProfile: {
    request: z.object({ groupID: groupIDSchema }),
    response: z.object({ group: groupProfileSchema }),
  },
  getGroupMemberList: {
    request: z.object({
      groupID: groupIDSchema,
      count: z.number().int().min(1).max(Limits.MEMBER_PAGE_MAX).optional(),
      /** A number, or its decimal string (the reference's string offset). */
      offset: z
        .union([
          z.number().int().nonnegative(),
          z
            .string()
            .regex(/^\d{1,9}$/)
            .transform(Number),
        ])
        .optional(),
      /** Only members of this role (the reference's role filter). */
      role: groupRoleSchema.optional(),
      /** Only members with this mark (markGroupMemberList), as the reference's filter; 0: every member. */
      filter: z.number().int().nonnegative().optional(),
    }),
    response: z.object({ memberList: z.array(groupMemberSchema), offset: z.number().int() }),
  },
} as const;
