import { z } from 'zod';
import { Limits } from '../constants';
import { displayText, safeText } from '../text';
import { groupIDSchema, groupMemberSchema, groupProfileSchema, joinOptionSchema, userIDSchema } from '../wire';
import { groupCustomFieldInput } from './groups';

/**
 * A join request waiting for the group's owner or admins, as the reference SDK's
 * getGroupApplicationList lists it. applicationType 0: `applicant` asks to join.
 */
export const groupApplicationSchema = z.object({
  applicant: z.string(),
  applicantNick: z.string(),
  applicantAvatar: z.string(),
  groupID: z.string(),
  groupName: z.string(),
  applicationType: z.literal(0),
  /** '' for a join request (the reference fills it for invitations, which need no approval here). */
  userID: z.string(),
  /** The applyMessage. */
  note: z.string(),
  /** Seconds since the epoch. */
  time: z.number().int(),
});
export type GroupApplication = z.infer<typeof groupApplicationSchema>;

const groupRef = z.object({ groupID: groupIDSchema });
const groupResult = z.object({ group: groupProfileSchema });
const userIDList = z.array(userIDSchema).min(1).max(Limits.GROUP_MEMBER_CHANGE_MAX);

/**
 * Group life cycle and administration, with the reference SDK's names and shapes
 * (docs/groups.md): who may do what is decided on the server, by type and role.
 */
export const groupAdminOps = {
  /** FreeAccess groups (and Meeting, Community, AVChatRoom): in at once; Public NeedPermission: a request. */
  joinGroup: {
    request: groupRef.extend({ applyMessage: safeText({ maxBytes: Limits.APPLY_MESSAGE_MAX_BYTES }).optional() }),
    response: z.object({
      status: z.enum(['JoinedSuccess', 'WaitAdminApproval', 'AlreadyInGroup']),
      /** The group as the caller sees it now (the public card while the request waits). */
      group: groupProfileSchema,
    }),
  },
  /** Join requests to every group the caller owns or administers, oldest first. */
  getGroupApplicationList: {
    request: z.object({}),
    response: z.object({ applicationList: z.array(groupApplicationSchema) }),
  },
  handleGroupApplication: {
    request: groupRef.extend({
      applicant: userIDSchema,
      handleAction: z.enum(['Agree', 'Reject']),
      handleMessage: safeText({ maxBytes: Limits.APPLY_MESSAGE_MAX_BYTES }).optional(),
    }),
    response: groupResult,
  },
  addGroupMember: {
    request: groupRef.extend({ userIDList }),
    response: z.object({
      successUserIDList: z.array(z.string()),
      /** Users that do not exist. */
      failureUserIDList: z.array(z.string()),
      /** Already members: nothing to do. */
      existedUserIDList: z.array(z.string()),
      group: groupProfileSchema,
    }),
  },
  deleteGroupMember: {
    request: groupRef.extend({ userIDList, reason: safeText({ maxBytes: Limits.APPLY_MESSAGE_MAX_BYTES }).optional() }),
    response: z.object({ group: groupProfileSchema, userIDList: z.array(z.string()) }),
  },
  quitGroup: {
    request: groupRef,
    response: z.object({ groupID: z.string() }),
  },
  dismissGroup: {
    request: groupRef,
    response: z.object({ groupID: z.string() }),
  },
  changeGroupOwner: {
    request: groupRef.extend({ newOwnerID: userIDSchema }),
    response: groupResult,
  },
  setGroupMemberRole: {
    request: groupRef.extend({ userID: userIDSchema, role: z.enum(['Admin', 'Member']) }),
    response: groupResult,
  },
  /** muteTime: seconds from now; 0 cancels the mute. */
  setGroupMemberMuteTime: {
    request: groupRef.extend({
      userID: userIDSchema,
      muteTime: z.number().int().min(0).max(Limits.MUTE_TIME_MAX_SECONDS),
    }),
    response: z.object({ group: groupProfileSchema, member: groupMemberSchema }),
  },
  updateGroupProfile: {
    request: groupRef
      .extend({
        name: displayText({ maxBytes: Limits.GROUP_NAME_MAX_BYTES }).optional(),
        introduction: displayText({ maxBytes: Limits.GROUP_INTRODUCTION_MAX_BYTES }).optional(),
        notification: displayText({ maxBytes: Limits.GROUP_NOTIFICATION_MAX_BYTES }).optional(),
        avatar: safeText({ maxBytes: Limits.AVATAR_URL_MAX_BYTES }).optional(),
        muteAllMembers: z.boolean().optional(),
        joinOption: joinOptionSchema.optional(),
        groupCustomField: groupCustomFieldInput.min(1).optional(),
      })
      .refine(
        (v) =>
          v.name !== undefined ||
          v.introduction !== undefined ||
          v.notification !== undefined ||
          v.avatar !== undefined ||
          v.muteAllMembers !== undefined ||
          v.joinOption !== undefined ||
          v.groupCustomField !== undefined,
        {
          message:
            'nothing to update: give name, introduction, notification, avatar, muteAllMembers, joinOption or groupCustomField',
        },
      ),
    response: groupResult,
  },
  /** Members only; users who are not in the group are left out of memberList. */
  getGroupMemberProfile: {
    request: groupRef.extend({ userIDList: z.array(userIDSchema).min(1).max(Limits.MEMBER_PROFILE_QUERY_MAX) }),
    response: z.object({ memberList: z.array(groupMemberSchema) }),
  },
  /** userID defaults to the caller; another member's card needs a higher role. */
  setGroupMemberNameCard: {
    request: groupRef.extend({
      userID: userIDSchema.optional(),
      nameCard: displayText({ maxBytes: Limits.NAME_CARD_MAX_BYTES }),
    }),
    response: groupResult,
  },
  /**
   * userID defaults to the caller; another member's fields need a higher role. Fields named are
   * set (an empty value removes the key); the member keeps at most 5.
   */
  setGroupMemberCustomField: {
    request: groupRef.extend({
      userID: userIDSchema.optional(),
      memberCustomField: z
        .array(
          z.object({
            key: safeText({ min: 1, maxBytes: Limits.MEMBER_CUSTOM_FIELD_KEY_MAX_BYTES }),
            value: safeText({ maxBytes: Limits.MEMBER_CUSTOM_FIELD_VALUE_MAX_BYTES }),
          }),
        )
        .min(1)
        .max(Limits.MEMBER_CUSTOM_FIELDS_MAX),
    }),
    response: groupResult,
  },
  /**
   * The owner marks members of an AVChatRoom or a Community (enableMark) or takes a mark off: each
   * member at most once per mark. Answers who was (members) and who was not (not members).
   */
  markGroupMemberList: {
    request: groupRef.extend({
      userIDList: z.array(userIDSchema).min(1).max(Limits.MARK_MEMBERS_PER_CALL_MAX),
      markType: z.number().int().min(Limits.MEMBER_MARK_MIN).max(0xffff_ffff),
      enableMark: z.boolean(),
    }),
    response: z.object({ successUserIDList: z.array(z.string()), failureUserIDList: z.array(z.string()) }),
  },
  /** The group as the caller may see it (a non-member: the public card of a group they could join). */
  searchGroupByID: {
    request: groupRef,
    response: groupResult,
  },
  /** Members online now, on any server process. */
  getGroupOnlineMemberCount: {
    request: groupRef,
    response: z.object({ memberCount: z.number().int().nonnegative() }),
  },
} as const;
