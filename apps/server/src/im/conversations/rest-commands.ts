import {
  RecentContactAssistFlag,
  RecentContactType,
  RestErrorCode,
  RestRecentContactLimits,
  restRecentContactSchemas,
  type WireConversation,
} from '@liaison/protocol';
import { userTarget } from '../../bus/bus';
import { requireAccount } from '../accounts/accounts';
import { c2cKey, groupKey } from '../messages/keys';
import { type RestServiceCodes, restCommand } from '../rest-command';
import { type ConversationDeps, deleteConversation } from './conversation-deletion';
import { listConversations } from './conversations';

/** Tencent's codes for a refused or failed recentcontact command. */
const RECENT_CONTACT_CODES: RestServiceCodes = {
  invalidParams: RestErrorCode.RECENT_CONTACT_INVALID_PARAMS,
  internal: RestErrorCode.RECENT_CONTACT_INTERNAL,
};

/** A conversation as get_list answers it, and where it sorts. */
interface SessionItem {
  Type: number;
  To_Account?: string;
  GroupId?: string;
  MsgTime: number;
  TopFlag: 0 | 1;
}

/** A page cursor as Tencent's: the MsgTime reached, and how many at that MsgTime were answered. */
interface Cursor {
  time: number;
  index: number;
}

/**
 * recentcontact/*: a user's conversation list, read and changed with the services the SDK's
 * getConversationList and deleteConversation use, so the user's sessions see the same.
 */
export const recentContactCommands = {
  get_list: restCommand({
    schema: restRecentContactSchemas.get_list,
    codes: RECENT_CONTACT_CODES,
    async run(deps: ConversationDeps, body) {
      await requireAccount(deps.db, body.From_Account, RestErrorCode.RECENT_CONTACT_ACCOUNT_NOT_FOUND);
      const withPinned = (body.AssistFlags & RecentContactAssistFlag.PINNED) !== 0;
      const withEmpty = (body.AssistFlags & RecentContactAssistFlag.EMPTY) !== 0;
      const pagePinned = (body.AssistFlags & RecentContactAssistFlag.PINNED_PAGING) !== 0;
      const items = (await listConversations(deps.db, body.From_Account))
        .filter((conversation) => withEmpty || conversation.lastMessage !== null)
        .map((conversation) => sessionItem(conversation, withPinned))
        .sort((a, b) => b.MsgTime - a.MsgTime);
      const pinned = items.filter((item) => item.TopFlag === 1);
      const general = items.filter((item) => item.TopFlag === 0);
      const isFirstCall = [body.TimeStamp, body.StartIndex, body.TopTimeStamp, body.TopStartIndex].every(
        (n) => n === 0,
      );
      const pinnedLeft = after(pinned, { time: body.TopTimeStamp, index: body.TopStartIndex });
      // Without paging, every pinned conversation comes with the first page, and only then.
      const pinnedPage = pagePinned
        ? pinnedLeft.slice(0, RestRecentContactLimits.PAGE_SIZE)
        : isFirstCall
          ? pinnedLeft
          : [];
      const generalLeft = after(general, { time: body.TimeStamp, index: body.StartIndex });
      const room = Math.max(0, RestRecentContactLimits.PAGE_SIZE - (pagePinned ? pinnedPage.length : 0));
      const generalPage = generalLeft.slice(0, room);
      const top = cursorAfter(pinnedPage, { time: body.TopTimeStamp, index: body.TopStartIndex });
      const rest = cursorAfter(generalPage, { time: body.TimeStamp, index: body.StartIndex });
      const complete =
        generalPage.length === generalLeft.length && (!pagePinned || pinnedPage.length === pinnedLeft.length);
      return {
        SessionItem: [...pinnedPage, ...generalPage],
        CompleteFlag: complete ? 1 : 0,
        TimeStamp: rest.time,
        StartIndex: rest.index,
        TopTimeStamp: top.time,
        TopStartIndex: top.index,
        ErrorDisplay: '',
      };
    },
  }),

  delete: restCommand({
    schema: restRecentContactSchemas.delete,
    codes: RECENT_CONTACT_CODES,
    async run(deps: ConversationDeps, body) {
      await requireAccount(deps.db, body.From_Account, RestErrorCode.RECENT_CONTACT_ACCOUNT_NOT_FOUND);
      const ref =
        body.Type === RecentContactType.C2C
          ? { type: 'C2C' as const, target: body.To_Account, key: c2cKey(body.From_Account, body.To_Account) }
          : { type: 'GROUP' as const, target: body.ToGroupid, key: groupKey(body.ToGroupid) };
      const conversationID = `${ref.type}${ref.target}`;
      const isDeleted = await deleteConversation(
        deps,
        body.From_Account,
        { ...ref, conversationID },
        body.ClearRamble === 1,
      );
      // Every session of the user hears of it, as when they deleted it on another device.
      if (isDeleted) {
        deps.bus.publish([userTarget(body.From_Account)], { event: 'conversationDeleted', data: { conversationID } });
      }
      return { ErrorDisplay: '' };
    },
  }),
};

function sessionItem(conversation: WireConversation, withPinned: boolean): SessionItem {
  const MsgTime = conversation.lastMessage?.time ?? Math.floor(conversation.updatedAt / 1000);
  const TopFlag = withPinned && conversation.isPinned ? 1 : 0;
  return conversation.type === 'C2C'
    ? { Type: RecentContactType.C2C, To_Account: conversation.target, MsgTime, TopFlag }
    : { Type: RecentContactType.GROUP, GroupId: conversation.target, MsgTime, TopFlag };
}

/** The items (newest first) past a cursor: older than its time, or at its time past its index. */
function after(items: readonly SessionItem[], cursor: Cursor): SessionItem[] {
  if (cursor.time === 0 && cursor.index === 0) return [...items];
  let seenAtTime = 0;
  return items.filter((item) => {
    if (item.MsgTime < cursor.time) return true;
    if (item.MsgTime > cursor.time) return false;
    seenAtTime += 1;
    return seenAtTime > cursor.index;
  });
}

/** The cursor after a page: the last MsgTime answered and how many at it, all told, were answered. */
function cursorAfter(page: readonly SessionItem[], from: Cursor): Cursor {
  const last = page.at(-1);
  if (!last) return from;
  const carried = from.time === last.MsgTime ? from.index : 0;
  return { time: last.MsgTime, index: carried + page.filter((item) => item.MsgTime === last.MsgTime).length };
}
