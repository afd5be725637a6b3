import {
  type GroupMember,
  type GroupProfile,
  type OpRequest,
  type Profile,
  type SearchCloudMessagesOptions as SearchCloudMessagesRequest,
  SearchLimits,
  searchableMessageTypes,
} from '@liaison/protocol';
import { invalidParams } from './core/errors';
import type { RequestFunction } from './core/requests';
import { type ChatResponse, ok, type TYPES } from './core/types';
import type { URLResolver } from './file-urls';
import { fromWire } from './message-model';
import type { Message } from './message-types';

export interface SearchContext {
  request: RequestFunction;
  me(): string;
  resolveURL: URLResolver;
}

/**
 * Tencent's MESSAGE_SEARCH_OPTIONS: messageTypeList holds TYPES.MSG_* values, typed as any string by
 * Tencent; a type that cannot be searched (faces, group tips and notices, as Tencent's) is refused here.
 */
export type SearchCloudMessagesOptions = Omit<SearchCloudMessagesRequest, 'messageTypeList'> & {
  messageTypeList?: string[];
};

export interface SearchResultItem {
  conversationID: string;
  messageCount: number;
  messageList: Message[];
}

export interface SearchCloudMessagesResult {
  searchResultList: SearchResultItem[];
  totalCount: number;
  cursor: string;
}

/** Tencent's GROUP_CLOUD_SEARCH_OPTIONS; keywordList is required at run time (60003 without), as Tencent's. */
export interface SearchCloudGroupsOptions {
  keywordList?: string[];
  /** 'or' (default): any keyword matches; 'and': every one. */
  keywordListMatchType?: 'and' | 'or';
  /** Typed as Tencent types it (string); a value that is not a group type is refused (60003). */
  groupTypeList?: string[];
  cursor?: string;
  count?: number;
}

/** Tencent's MEMBER_CLOUD_SEARCH_OPTIONS: without groupIDList, every group I am in (not AVChatRooms). */
export interface SearchCloudGroupMembersOptions extends SearchCloudGroupsOptions {
  groupIDList?: string[];
}

/** A group whose members a searchCloudGroupMembers page found. */
export interface GroupMemberSearchResult {
  groupInfo: Pick<GroupProfile, 'groupID' | 'name' | 'type' | 'avatar'>;
  memberList: GroupMember[];
}

/** Tencent's USER_CLOUD_SEARCH_OPTIONS; keywordList is optional in its declarations but required by its SDK (27003 here). */
export interface SearchCloudUsersOptions {
  keywordList?: string[];
  keywordListMatchType?: 'or' | 'and';
  /** Tencent's declarations' name; its documentation says `gender`, which is taken too. */
  userGenderType?: typeof TYPES.GENDER_FEMALE | typeof TYPES.GENDER_MALE;
  gender?: typeof TYPES.GENDER_FEMALE | typeof TYPES.GENDER_MALE;
  miniBirthday?: number;
  maxBirthday?: number;
  count?: number;
  cursor?: string;
}

export interface GetMessageListHoppingOptions {
  conversationID: string;
  /** The message to start from (included): a group's way, and any conversation's here. */
  sequence?: number;
  /** A one-to-one chat's way, as Tencent's: the message time in seconds to start from; 0 the newest. */
  time?: number;
  /** 0 (default): it and older; 1: it and newer. */
  direction?: number;
  /** Default and most 15; more is read as 15, as Tencent's SDK does. */
  count?: number;
}

/**
 * Server-side search (docs/search.md), as the reference SDK: searchCloudMessages in one or
 * every conversation, searchCloudGroups, and getMessageListHopping to open history at a hit.
 */
export class Search {
  constructor(private readonly context: SearchContext) {}

  async searchCloudMessages(options: SearchCloudMessagesOptions): Promise<ChatResponse<SearchCloudMessagesResult>> {
    if (typeof options !== 'object' || options === null) throw invalidParams('options must be an object');
    const { messageTypeList, ...rest } = options;
    const answer = await this.context.request('searchCloudMessages', {
      ...rest,
      ...(messageTypeList === undefined ? {} : { messageTypeList: searchableTypes(messageTypeList) }),
    });
    return ok({
      searchResultList: answer.searchResultList.map((item) => ({
        conversationID: item.conversationID,
        messageCount: item.messageCount,
        messageList: this.messages(item.messageList),
      })),
      totalCount: answer.totalCount,
      cursor: answer.cursor,
    });
  }

  async searchCloudGroups(
    options: SearchCloudGroupsOptions,
  ): Promise<ChatResponse<{ searchResultList: GroupProfile[]; totalCount: number; cursor: string }>> {
    return ok(await this.context.request('searchCloudGroups', groupSearch(options)));
  }

  /** Members by group, as Tencent's: searchResultList [{groupInfo, memberList}]. */
  async searchCloudGroupMembers(
    options: SearchCloudGroupMembersOptions,
  ): Promise<ChatResponse<{ searchResultList: GroupMemberSearchResult[]; totalCount: number; cursor: string }>> {
    return ok(
      await this.context.request('searchCloudGroupMembers', {
        ...groupSearch(options),
        groupIDList: options.groupIDList,
      }),
    );
  }

  /** Profiles without custom fields, exact userID matches first (docs/search.md, Users). */
  async searchCloudUsers(
    options: SearchCloudUsersOptions,
  ): Promise<ChatResponse<{ searchResultList: Profile[]; totalCount: number; cursor: string }>> {
    // keywordList may be missing from the options: the schema refuses that with 27003.
    return ok(await this.context.request('searchCloudUsers', { ...options } as OpRequest<'searchCloudUsers'>));
  }

  async getMessageListHopping(
    options: GetMessageListHoppingOptions,
  ): Promise<ChatResponse<{ messageList: Message[]; isCompleted: boolean }>> {
    const { conversationID, sequence, time, direction, count } = options ?? {};
    const page = await this.context.request('getMessageListHopping', {
      conversationID,
      sequence,
      time,
      // Anything but 0 or 1 is the server's to refuse (60003).
      direction: direction as 0 | 1 | undefined,
      count: count !== undefined && count > SearchLimits.HOPPING_COUNT_MAX ? SearchLimits.HOPPING_COUNT_MAX : count,
    });
    return ok({ messageList: this.messages(page.messageList), isCompleted: page.isCompleted });
  }

  private messages(list: Parameters<typeof fromWire>[0][]): Message[] {
    const me = this.context.me();
    return list.map((wire) => fromWire(wire, me, this.context.resolveURL));
  }
}

/** Tencent's search options as the protocol takes them; what it does not accept is the server's to refuse (60003). */
function groupSearch(options: SearchCloudGroupsOptions): OpRequest<'searchCloudGroups'> {
  return {
    // Required by the protocol: left out, the request is refused before it is sent.
    keywordList: options.keywordList as string[],
    keywordListMatchType: options.keywordListMatchType,
    groupTypeList: options.groupTypeList as OpRequest<'searchCloudGroups'>['groupTypeList'],
    cursor: options.cursor,
    count: options.count,
  };
}

type SearchableType = (typeof searchableMessageTypes)[number];
const SEARCHABLE: ReadonlySet<string> = new Set(searchableMessageTypes);

/** The list as the server takes it; 60003 naming the first type that cannot be searched. */
function searchableTypes(list: unknown): SearchableType[] {
  if (!Array.isArray(list)) throw invalidParams('messageTypeList must be an array of message types');
  const refused = list.find((type) => typeof type !== 'string' || !SEARCHABLE.has(type));
  if (refused !== undefined) {
    throw invalidParams(
      `messageTypeList: ${String(refused)} cannot be searched (${searchableMessageTypes.join(', ')})`,
    );
  }
  return list as SearchableType[];
}
