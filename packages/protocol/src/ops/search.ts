import { z } from 'zod';
import { Gender, MessageType } from '../constants';
import { safeText } from '../text';
import {
  groupIDSchema,
  groupMemberSchema,
  groupProfileSchema,
  groupTypeSchema,
  profileSchema,
  userIDSchema,
  wireMessageSchema,
} from '../wire';
import { conversationIDSchema } from './conversation-id';
import { ProfileLimits } from './profiles';

/** Search limits (docs/search.md). */
export const SearchLimits = {
  KEYWORDS_MAX: 5,
  /** Characters (UTF-16 units) per keyword. */
  KEYWORD_MAX_LENGTH: 100,
  SENDERS_MAX: 5,
  /** In one conversation: messages per page. */
  MESSAGES_PAGE_MAX: 100,
  MESSAGES_PAGE_DEFAULT: 20,
  /** Across conversations: conversations per page. */
  CONVERSATIONS_PAGE_MAX: 100,
  CONVERSATIONS_PAGE_DEFAULT: 20,
  /** Across conversations, a conversation's messageCount stops here: "100" reads "100 or more". */
  CONVERSATION_HITS_MAX: 100,
  GROUPS_PAGE_MAX: 50,
  GROUPS_PAGE_DEFAULT: 20,
  MEMBERS_PAGE_MAX: 100,
  MEMBERS_PAGE_DEFAULT: 20,
  /** searchCloudUsers, as the reference: default 20, at most 100 a page. */
  USERS_PAGE_MAX: 100,
  USERS_PAGE_DEFAULT: 20,
  /** searchCloudGroupMembers: groups named in groupIDList. */
  MEMBER_SEARCH_GROUPS_MAX: 1000,
  /** getMessageListHopping: at most this many messages, as the reference SDK. */
  HOPPING_COUNT_MAX: 15,
  CURSOR_MAX_LENGTH: 200,
} as const;

/** The message types a search may ask for: stickers and group tips/notices are never searched. */
export const searchableMessageTypes = [
  MessageType.TEXT,
  MessageType.IMAGE,
  MessageType.AUDIO,
  MessageType.VIDEO,
  MessageType.FILE,
  MessageType.LOCATION,
  MessageType.CUSTOM,
  MessageType.MERGER,
] as const;
export const searchableMessageTypeSchema = z.enum(searchableMessageTypes);

const keywordSchema = safeText({ min: 1 })
  .refine((k) => k.trim().length > 0, { message: 'a keyword must hold more than spaces' })
  .refine((k) => k.length <= SearchLimits.KEYWORD_MAX_LENGTH, {
    message: `a keyword is at most ${SearchLimits.KEYWORD_MAX_LENGTH} characters`,
  });

/** Groups and members are searched by 1–5 keywords (Tencent's SDK refuses a search without). */
const keywordListSchema = z
  .array(keywordSchema)
  .min(1, 'give keywordList: 1 to 5 keywords')
  .max(SearchLimits.KEYWORDS_MAX);

/** Opaque to clients: a value from the previous page's answer. */
const cursorSchema = z.string().max(SearchLimits.CURSOR_MAX_LENGTH);

/** searchCloudUsers narrows by female or male only, as the reference. */
const searchGenderSchema = z.enum([Gender.FEMALE, Gender.MALE]);
const birthdaySchema = z.number().int().min(0).max(ProfileLimits.UINT32_MAX);

export const searchCloudMessagesRequestSchema = z
  .object({
    /** 0–5 keywords; none only when messageTypeList or senderUserIDList narrows the search. */
    keywordList: z.array(keywordSchema).max(SearchLimits.KEYWORDS_MAX).optional(),
    /** 'or' by default, as the reference SDK. */
    keywordListMatchType: z.enum(['and', 'or']).optional(),
    senderUserIDList: z.array(userIDSchema).max(SearchLimits.SENDERS_MAX).optional(),
    /** Default: every searchable type. */
    messageTypeList: z.array(searchableMessageTypeSchema).max(searchableMessageTypes.length).optional(),
    /** Without it: every conversation I am in, grouped by conversation. */
    conversationID: conversationIDSchema.optional(),
    /** Seconds; the newest moment searched (0: now). */
    timePosition: z.number().int().nonnegative().optional(),
    /** Seconds back from timePosition (0: no limit). */
    timePeriod: z.number().int().nonnegative().optional(),
    cursor: cursorSchema.optional(),
    /** Messages per page in one conversation; conversations per page across them. */
    count: z.number().int().min(1).max(SearchLimits.MESSAGES_PAGE_MAX).optional(),
  })
  .refine(
    (v) =>
      (v.keywordList?.length ?? 0) > 0 || (v.messageTypeList?.length ?? 0) > 0 || (v.senderUserIDList?.length ?? 0) > 0,
    { message: 'give keywordList, or narrow the search by messageTypeList or senderUserIDList' },
  );
export type SearchCloudMessagesOptions = z.input<typeof searchCloudMessagesRequestSchema>;

export const searchResultItemSchema = z.object({
  conversationID: z.string(),
  /**
   * In one conversation: the total of its matches. Across conversations: matches in this one,
   * counted up to SearchLimits.CONVERSATION_HITS_MAX (docs/search.md "Global search").
   */
  messageCount: z.number().int().nonnegative(),
  /**
   * In one conversation: this page's matches, newest first. Across conversations: the match
   * itself when messageCount is 1, else empty (search the conversation for them), as the reference.
   */
  messageList: z.array(wireMessageSchema),
});
export type SearchResultItem = z.infer<typeof searchResultItemSchema>;

export const searchCloudMessagesResponseSchema = z.object({
  /** In one conversation: one item (none without a match). Across: one per conversation, latest match first. */
  searchResultList: z.array(searchResultItemSchema),
  /** In one conversation: matching messages. Across conversations: conversations with a match. */
  totalCount: z.number().int().nonnegative(),
  /** '' when there is nothing more. */
  cursor: z.string(),
});

export const searchOps = {
  /** Server-side message search (docs/search.md): Chinese by substring, Latin words by prefix. */
  searchCloudMessages: {
    request: searchCloudMessagesRequestSchema,
    response: searchCloudMessagesResponseSchema,
  },
  /**
   * Groups by exact ID or a piece of their name: mine of any type, and those I could ask to
   * join (as searchGroupByID shows them), mine first. A group matches any keyword, or with
   * keywordListMatchType 'and' every one. Answered as Tencent's: searchResultList.
   */
  searchCloudGroups: {
    request: z.object({
      keywordList: keywordListSchema,
      keywordListMatchType: z.enum(['and', 'or']).optional(),
      groupTypeList: z.array(groupTypeSchema).optional(),
      cursor: cursorSchema.optional(),
      count: z.number().int().min(1).max(SearchLimits.GROUPS_PAGE_MAX).optional(),
    }),
    response: z.object({
      searchResultList: z.array(groupProfileSchema),
      totalCount: z.number().int(),
      cursor: z.string(),
    }),
  },
  /**
   * Members of the groups I am in (those of groupIDList, of groupTypeList; AVChatRooms never, as
   * Tencent's) whose userID, nick or name card holds a keyword (any, or with 'and' every one;
   * any case): by group, and in each those where a keyword is a prefix first. How the mention
   * list of a group too large to read whole finds people. Answered as Tencent's: a
   * searchResultList item per group, its groupInfo and its members.
   */
  searchCloudGroupMembers: {
    request: z.object({
      keywordList: keywordListSchema,
      keywordListMatchType: z.enum(['and', 'or']).optional(),
      groupTypeList: z.array(groupTypeSchema).optional(),
      groupIDList: z.array(groupIDSchema).max(SearchLimits.MEMBER_SEARCH_GROUPS_MAX).optional(),
      cursor: cursorSchema.optional(),
      count: z.number().int().min(1).max(SearchLimits.MEMBERS_PAGE_MAX).optional(),
    }),
    response: z.object({
      searchResultList: z.array(
        z.object({
          groupInfo: groupProfileSchema.pick({ groupID: true, name: true, type: true, avatar: true }),
          memberList: z.array(groupMemberSchema),
        }),
      ),
      totalCount: z.number().int(),
      cursor: z.string(),
    }),
  },
  /**
   * Users whose userID is a keyword or whose nick holds one (any case), narrowed by gender and
   * birthday (docs/search.md, Users): Tencent's searchCloudUsers. Bad options are 27003.
   */
  searchCloudUsers: {
    request: z
      .object({
        keywordList: z.array(keywordSchema).min(1).max(SearchLimits.KEYWORDS_MAX),
        /** 'or' by default, as the reference. */
        keywordListMatchType: z.enum(['and', 'or']).optional(),
        /** Tencent's declarations name it userGenderType, its documentation gender: either is taken. */
        userGenderType: searchGenderSchema.optional(),
        gender: searchGenderSchema.optional(),
        /** uint32 birthdays such as 19900101, both ends included. */
        miniBirthday: birthdaySchema.optional(),
        maxBirthday: birthdaySchema.optional(),
        cursor: cursorSchema.optional(),
        count: z.number().int().min(1).max(SearchLimits.USERS_PAGE_MAX).optional(),
      })
      .refine((v) => v.miniBirthday === undefined || v.maxBirthday === undefined || v.maxBirthday >= v.miniBirthday, {
        message: 'maxBirthday must not be below miniBirthday',
      })
      .refine((v) => v.userGenderType === undefined || v.gender === undefined || v.userGenderType === v.gender, {
        message: 'userGenderType and gender disagree',
      }),
    response: z.object({
      /** Profiles without their custom fields, as the reference's; ask getUserProfile for those. */
      searchResultList: z.array(profileSchema),
      totalCount: z.number().int().nonnegative(),
      /** '' when there is nothing more. */
      cursor: z.string(),
    }),
  },
  /**
   * A page of history starting at a message, either way (0: it and older, 1: it and newer),
   * oldest first: how 'Locate in chat' opens a conversation at a message without loading
   * everything after it. The start is a sequence, or, as Tencent's SDK starts a one-to-one chat,
   * a message time in seconds (0 or neither: the newest).
   */
  getMessageListHopping: {
    request: z.object({
      conversationID: conversationIDSchema,
      sequence: z.number().int().positive().optional(),
      time: z.number().int().nonnegative().optional(),
      direction: z.union([z.literal(0), z.literal(1)]).optional(),
      count: z.number().int().min(1).max(SearchLimits.HOPPING_COUNT_MAX).optional(),
    }),
    response: z.object({ messageList: z.array(wireMessageSchema), isCompleted: z.boolean() }),
  },
} as const;
