import type { GroupMember, GroupProfile, SearchCloudMessagesOptions } from '@liaison/protocol';
import type { RequestFunction } from './core/requests';
import { type ChatResponse, ok } from './core/types';
import type { URLResolver } from './file-urls';
import { fromWire } from './message-model';
import type { Message } from './message-types';

export interface SearchContext {
  request: RequestFunction;
  me(): string;
  resolveURL: URLResolver;
}

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

export interface SearchCloudGroupsOptions {
  keywordList: string[];
  groupTypeList?: GroupProfile['type'][];
  cursor?: string;
  count?: number;
}

export interface SearchCloudGroupMembersOptions {
  groupID: string;
  keywordList: string[];
  cursor?: string;
  count?: number;
}

export interface GetMessageListHoppingOptions {
  conversationID: string;
  /** The message to start from (included). */
  sequence: number;
  /** 0 (default): it and older; 1: it and newer. */
  direction?: 0 | 1;
  /** 1–15; default 15. */
  count?: number;
}

/**
 * Server-side search (docs/search.md), as the reference SDK: searchCloudMessages in one or
 * every conversation, searchCloudGroups, and getMessageListHopping to open history at a hit.
 */
export class Search {
  constructor(private readonly context: SearchContext) {}

  async searchCloudMessages(options: SearchCloudMessagesOptions): Promise<ChatResponse<SearchCloudMessagesResult>> {
    const answer = await this.context.request('searchCloudMessages', options);
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
  ): Promise<ChatResponse<{ groupList: GroupProfile[]; totalCount: number; cursor: string }>> {
    return ok(await this.context.request('searchCloudGroups', options));
  }

  async searchCloudGroupMembers(
    options: SearchCloudGroupMembersOptions,
  ): Promise<ChatResponse<{ memberList: GroupMember[]; totalCount: number; cursor: string }>> {
    return ok(await this.context.request('searchCloudGroupMembers', options));
  }

  async getMessageListHopping(
    options: GetMessageListHoppingOptions,
  ): Promise<ChatResponse<{ messageList: Message[]; isCompleted: boolean }>> {
    const page = await this.context.request('getMessageListHopping', options);
    return ok({ messageList: this.messages(page.messageList), isCompleted: page.isCompleted });
  }

  private messages(list: Parameters<typeof fromWire>[0][]): Message[] {
    const me = this.context.me();
    return list.map((wire) => fromWire(wire, me, this.context.resolveURL));
  }
}
