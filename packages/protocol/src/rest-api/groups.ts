import { z } from 'zod';
import { GroupType, Limits } from '../constants';
import { groupAdminOps } from '../ops/group-admin';
import { groupCustomFieldInput, groupOps } from '../ops/groups';
import { safeText } from '../text';
import { groupIDSchema, groupRoleSchema, joinOptionSchema, remindTypeSchema, userIDSchema } from '../wire';

/** Tencent's limits for its group management commands (group_open_http_svc). */
export const RestGroupLimits = {
  /** get_group_info: at most 50 groups a call. */
  GROUPS_PER_INFO: 50,
  /** add_group_member: at most 300 accounts a call. */
  ADD_PER_CALL: 300,
  /** delete_group_member: at most 100 accounts a call. */
  DELETE_PER_CALL: 100,
  /** forbid_send_msg: at most 500 accounts a call. */
  MUTE_PER_CALL: 500,
  /** get_role_in_group: at most 500 accounts a call. */
  ROLES_PER_CALL: 500,
  /** get_group_member_info: at most 200 members a page, Tencent's maximum (and Liaison's default). */
  MEMBERS_PER_PAGE: 200,
  /** get_joined_group_list: at most 10000 groups a page (Tencent's limit on a user's groups). */
  JOINED_PER_PAGE: 10000,
} as const;

/** add_group_member's Result for each account: 0 not added, 1 added, 2 already a member. */
export const RestAddMemberResult = { FAILED: 0, ADDED: 1, ALREADY_MEMBER: 2 } as const;

/**
 * Tencent's REST group types: its current names (Work, Meeting) and the older ones Liaison stores
 * (Private, ChatRoom), both accepted.
 */
const restGroupTypeSchema = z
  .enum(['Public', 'Private', 'Work', 'ChatRoom', 'Meeting', 'AVChatRoom', 'Community'])
  .transform((type): GroupType => {
    if (type === 'Work') return GroupType.WORK;
    if (type === 'Meeting') return GroupType.MEETING;
    return type;
  });

const createShape = groupOps.createGroup.request.shape;
const profileShape = groupAdminOps.updateGroupProfile.request.shape;

/** A UserID another backend names: looked up (70107 / 10010 style refusals), never created here. */
const accountSchema = userIDSchema;
const silenceSchema = z.union([z.literal(0), z.literal(1)]).optional();
/** Tencent's [{Key, Value}] for the SDK's [{key, value}], with the SDK's limits on each. */
function keyValues(field: z.ZodObject<{ key: z.ZodType<string>; value: z.ZodType<string> }>) {
  return z.array(z.object({ Key: field.shape.key, Value: field.shape.value }));
}
const appDefinedData = keyValues(groupCustomFieldInput.element).max(Limits.GROUP_CUSTOM_FIELDS_MAX);
const groupRef = z.object({ GroupId: groupIDSchema });
const onOff = z.enum(['On', 'Off']);
const accountList = (max: number) => z.array(accountSchema).min(1).max(max);
const muteSeconds = z.number().int().min(0).max(Limits.MUTE_TIME_MAX_SECONDS);
/**
 * Seconds from now, 0 lifts the mute, 4294967295 for good: `MuteTime` in Tencent's current docs,
 * `ShutUpTime` in its earlier ones; either is read, MuteTime first when both come.
 */
const muteFields = { MuteTime: muteSeconds.optional(), ShutUpTime: muteSeconds.optional() };

/** Request bodies of group_open_http_svc, by command. */
export const restGroupSchemas = {
  create_group: z.object({
    /** Absent: the calling administrator owns the group (docs/server-api.md). */
    Owner_Account: accountSchema.optional(),
    Type: restGroupTypeSchema,
    GroupId: createShape.groupID,
    Name: createShape.name,
    Introduction: createShape.introduction,
    Notification: createShape.notification,
    FaceUrl: createShape.avatar,
    MaxMemberCount: createShape.maxMemberNum,
    ApplyJoinOption: joinOptionSchema.optional(),
    MemberList: z
      .array(z.object({ Member_Account: accountSchema, Role: z.enum(['Admin', 'Member']).optional() }))
      .max(Limits.CREATE_MEMBER_MAX)
      .optional(),
    AppDefinedData: appDefinedData.optional(),
    /** Community only: 1 makes a community with topics. */
    SupportTopic: z.union([z.literal(0), z.literal(1)]).optional(),
  }),
  get_group_info: z.object({
    GroupIdList: z.array(groupIDSchema).min(1).max(RestGroupLimits.GROUPS_PER_INFO),
    /** Accepted; every field is answered (docs/server-api.md). */
    ResponseFilter: z.object({}).passthrough().optional(),
  }),
  get_group_member_info: groupRef.extend({
    Limit: z.number().int().min(1).max(RestGroupLimits.MEMBERS_PER_PAGE).optional(),
    Offset: z.number().int().min(0).optional(),
    /** Accepted; every field is answered. */
    MemberInfoFilter: z.array(z.string()).optional(),
    MemberRoleFilter: z.array(groupRoleSchema).max(1).optional(),
  }),
  add_group_member: groupRef.extend({
    Silence: silenceSchema,
    MemberList: z
      .array(z.object({ Member_Account: accountSchema }))
      .min(1)
      .max(RestGroupLimits.ADD_PER_CALL),
  }),
  delete_group_member: groupRef.extend({
    Silence: silenceSchema,
    Reason: safeText({ maxBytes: Limits.GROUP_INTRODUCTION_MAX_BYTES }).optional(),
    MemberToDel_Account: accountList(RestGroupLimits.DELETE_PER_CALL),
  }),
  modify_group_base_info: groupRef.extend({
    Name: profileShape.name,
    Introduction: profileShape.introduction,
    Notification: profileShape.notification,
    FaceUrl: profileShape.avatar,
    ApplyJoinOption: joinOptionSchema.optional(),
    /** Tencent's current name; ShutUpAllMember, its earlier one, is read too (MuteAllMember first). */
    MuteAllMember: onOff.optional(),
    ShutUpAllMember: onOff.optional(),
    AppDefinedData: appDefinedData.min(1).optional(),
    /** A group's limit is set when it is made: a new one is refused (10004), not ignored. */
    MaxMemberNum: z
      .number()
      .refine(() => false, { message: 'a group’s member limit is set when it is made' })
      .optional(),
  }),
  destroy_group: groupRef,
  get_role_in_group: groupRef.extend({ User_Account: accountList(RestGroupLimits.ROLES_PER_CALL) }),
  forbid_send_msg: groupRef
    .extend({ Members_Account: accountList(RestGroupLimits.MUTE_PER_CALL), ...muteFields })
    .transform(({ ShutUpTime, ...body }, ctx) => {
      const muteTime = body.MuteTime ?? ShutUpTime;
      if (muteTime !== undefined) return { ...body, MuteTime: muteTime };
      ctx.addIssue({ code: 'custom', message: 'MuteTime is required', path: ['MuteTime'] });
      return z.NEVER;
    }),
  get_group_muted_account: groupRef,
  /** Tencent's earlier name of get_group_muted_account, answered in its earlier field names. */
  get_group_shutted_uin: groupRef,
  change_group_owner: groupRef.extend({ NewOwner_Account: accountSchema }),
  modify_group_member_info: groupRef
    .extend({
      Member_Account: accountSchema,
      Role: z.enum(['Admin', 'Member']).optional(),
      NameCard: groupAdminOps.setGroupMemberNameCard.request.shape.nameCard.optional(),
      ...muteFields,
      AppMemberDefinedData: keyValues(groupAdminOps.setGroupMemberCustomField.request.shape.memberCustomField.element)
        .min(1)
        .max(Limits.MEMBER_CUSTOM_FIELDS_MAX)
        .optional(),
      /** The member's receive option for the group, as their setMessageRemindType sets it (Tencent's four). */
      MsgFlag: remindTypeSchema.optional(),
    })
    .transform(({ ShutUpTime, ...body }) => {
      const muteTime = body.MuteTime ?? ShutUpTime;
      return muteTime === undefined ? body : { ...body, MuteTime: muteTime };
    }),
  get_online_member_num: groupRef,
  get_joined_group_list: z.object({
    Member_Account: accountSchema,
    Limit: z.number().int().min(1).max(RestGroupLimits.JOINED_PER_PAGE).optional(),
    Offset: z.number().int().min(0).optional(),
    /** One type only, by Tencent's names (new or old). */
    GroupType: restGroupTypeSchema.optional(),
    /** 1: AVChatRooms are listed too (Tencent leaves them out by default). */
    WithHugeGroups: z.union([z.literal(0), z.literal(1)]).optional(),
    /** Accepted; every field is answered. */
    ResponseFilter: z.object({}).passthrough().optional(),
  }),
} as const;
