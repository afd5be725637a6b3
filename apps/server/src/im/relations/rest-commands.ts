import {
  BlackCheckRelation,
  BlackCheckType,
  ErrorCode,
  errorMessages,
  type Friend,
  LiaisonError,
  RestErrorCode,
  RestSnsLimits,
  restSnsSchemas,
} from '@liaison/protocol';
import { requireAccount } from '../accounts/accounts';
import { type RestServiceCodes, restCommand } from '../rest-command';
import { addToBlacklist, blacklistEntries, removeFromBlacklist } from './blacklist';
import { addFriend, checkFriend, deleteFriend, importFriends } from './friends';
import { friendsOf, linksBothWays, type RelationDeps, unique } from './relations';

/** Tencent's codes for a refused or failed sns command. */
const SNS_CODES: RestServiceCodes = {
  invalidParams: RestErrorCode.SNS_INVALID_PARAMS,
  internal: RestErrorCode.SNS_INTERNAL,
};

/**
 * No session acts for the administrator: every session of both users hears of the change, as
 * when one of them made it on another device.
 */
const NO_SESSION = '';

/**
 * sns/*: friends and the blocklist, acted out for From_Account with the services the SDK's ops
 * use (friends.ts, blacklist.ts), so both users' clients get the same events (FRIEND_LIST_UPDATED,
 * BLACKLIST_UPDATED, …). Batches answer each account on its own, as Tencent's ResultItem does.
 */
export const snsCommands = {
  friend_add: restCommand({
    schema: restSnsSchemas.friend_add,
    codes: SNS_CODES,
    async run(deps: RelationDeps, body) {
      await requireAccount(deps.db, body.From_Account, RestErrorCode.SNS_ACCOUNT_NOT_FOUND);
      return eachAccount(body.AddFriendItem, async (item) => {
        const added = await addFriend(
          deps,
          NO_SESSION,
          body.From_Account,
          {
            to: item.To_Account,
            source: item.AddSource,
            ...(item.Remark === undefined ? {} : { remark: item.Remark }),
            ...(item.AddWording === undefined ? {} : { wording: item.AddWording }),
            ...(item.GroupName === undefined ? {} : { groupName: item.GroupName }),
            ...(body.AddType === undefined ? {} : { type: body.AddType }),
          },
          body.ForceAddFlags === 1,
        );
        return added.code;
      });
    },
  }),

  friend_import: restCommand({
    schema: restSnsSchemas.friend_import,
    codes: SNS_CODES,
    async run(deps: RelationDeps, body) {
      await requireAccount(deps.db, body.From_Account, RestErrorCode.SNS_ACCOUNT_NOT_FOUND);
      const now = Date.now();
      const codes = await importFriends(
        deps,
        body.From_Account,
        body.AddFriendItem.map((item) => ({
          friendID: item.To_Account,
          remark: item.Remark ?? '',
          source: item.AddSource,
          wording: item.AddWording ?? '',
          addedAt: item.AddTime === undefined ? now : item.AddTime * 1000,
          groups: unique(item.GroupName ?? []),
          custom: Object.fromEntries((item.CustomItem ?? []).map(({ Tag, Value }) => [Tag, String(Value)])),
        })),
      );
      return resultItems(
        unique(body.AddFriendItem.map((item) => item.To_Account)).map((id) => result(id, codes.get(id) ?? 0)),
      );
    },
  }),

  friend_delete: restCommand({
    schema: restSnsSchemas.friend_delete,
    codes: SNS_CODES,
    async run(deps: RelationDeps, body) {
      await requireAccount(deps.db, body.From_Account, RestErrorCode.SNS_ACCOUNT_NOT_FOUND);
      const answer = await deleteFriend(deps, NO_SESSION, body.From_Account, {
        userIDList: body.To_Account,
        // Tencent's REST default, unlike its SDK's, takes the friend off one list only.
        type: body.DeleteType ?? 'Delete_Type_Single',
      });
      const failed = new Set(answer.failureUserIDList.map((failure) => failure.userID));
      return resultItems(
        unique(body.To_Account).map((id) => result(id, failed.has(id) ? RestErrorCode.SNS_NOT_FRIEND : 0)),
      );
    },
  }),

  friend_get: restCommand({
    schema: restSnsSchemas.friend_get,
    codes: SNS_CODES,
    async run(deps: RelationDeps, body) {
      await requireAccount(deps.db, body.From_Account, RestErrorCode.SNS_ACCOUNT_NOT_FOUND);
      const friends = await friendsOf(deps.db, body.From_Account);
      const page = friends.slice(body.StartIndex, body.StartIndex + RestSnsLimits.FRIENDS_PER_PAGE);
      const next = body.StartIndex + page.length;
      const complete = next >= friends.length;
      return {
        UserDataItem: page.map((friend) => ({ To_Account: friend.userID, ValueItem: friendValues(friend) })),
        StandardSequence: 0,
        CustomSequence: 0,
        FriendNum: friends.length,
        CompleteFlag: complete ? 1 : 0,
        NextStartIndex: complete ? 0 : next,
        ErrorDisplay: '',
      };
    },
  }),

  friend_check: restCommand({
    schema: restSnsSchemas.friend_check,
    codes: SNS_CODES,
    async run(deps: RelationDeps, body) {
      await requireAccount(deps.db, body.From_Account, RestErrorCode.SNS_ACCOUNT_NOT_FOUND);
      const answer = await checkFriend(deps.db, body.From_Account, {
        userIDList: body.To_Account,
        type: body.CheckType,
      });
      return {
        InfoItem: answer.successUserIDList.map((item) => ({
          To_Account: item.userID,
          Relation: item.relation,
          ResultCode: 0,
          ResultInfo: '',
        })),
        ErrorDisplay: '',
      };
    },
  }),

  black_list_add: restCommand({
    schema: restSnsSchemas.black_list_add,
    codes: SNS_CODES,
    async run(deps: RelationDeps, body) {
      await requireAccount(deps.db, body.From_Account, RestErrorCode.SNS_ACCOUNT_NOT_FOUND);
      return eachAccount(
        unique(body.To_Account).map((To_Account) => ({ To_Account })),
        async ({ To_Account }) => {
          await addToBlacklist(deps, NO_SESSION, body.From_Account, { userIDList: [To_Account] });
          return 0;
        },
      );
    },
  }),

  black_list_delete: restCommand({
    schema: restSnsSchemas.black_list_delete,
    codes: SNS_CODES,
    async run(deps: RelationDeps, body) {
      await requireAccount(deps.db, body.From_Account, RestErrorCode.SNS_ACCOUNT_NOT_FOUND);
      return eachAccount(
        unique(body.To_Account).map((To_Account) => ({ To_Account })),
        async ({ To_Account }) => {
          await removeFromBlacklist(deps, NO_SESSION, body.From_Account, { userIDList: [To_Account] });
          return 0;
        },
      );
    },
  }),

  black_list_get: restCommand({
    schema: restSnsSchemas.black_list_get,
    codes: SNS_CODES,
    async run(deps: RelationDeps, body) {
      await requireAccount(deps.db, body.From_Account, RestErrorCode.SNS_ACCOUNT_NOT_FOUND);
      const entries = await blacklistEntries(deps.db, body.From_Account);
      const page = entries.slice(body.StartIndex, body.StartIndex + body.MaxLimited);
      const next = body.StartIndex + page.length;
      return {
        BlackListItem: page.map((entry) => ({
          To_Account: entry.userID,
          AddBlackTimeStamp: Math.floor(entry.blockedAt / 1000),
        })),
        StartIndex: next < entries.length ? next : 0,
        // Tencent's answers spell it so; its field table's spelling is given too.
        CurruentSequence: 0,
        CurrentSequence: 0,
        ErrorDisplay: '',
      };
    },
  }),

  black_list_check: restCommand({
    schema: restSnsSchemas.black_list_check,
    codes: SNS_CODES,
    async run(deps: RelationDeps, body) {
      await requireAccount(deps.db, body.From_Account, RestErrorCode.SNS_ACCOUNT_NOT_FOUND);
      const asked = unique(body.To_Account);
      const links = await linksBothWays(deps.db, { table: 'blacklist', other: 'blocked_id' }, body.From_Account, asked);
      const both = body.CheckType === BlackCheckType.BOTH;
      return {
        BlackListCheckItem: asked.map((id) => {
          const { mine, theirs } = links(id);
          return { To_Account: id, Relation: blackRelation(mine, both && theirs), ResultCode: 0, ResultInfo: '' };
        }),
        ErrorDisplay: '',
      };
    },
  }),
};

interface ItemResult {
  To_Account: string;
  ResultCode: number;
  ResultInfo: string;
}

/**
 * A batch acted out one account at a time, in order: a service's refusal becomes that account's
 * ResultCode, in Tencent's numbering, and the others go on.
 */
async function eachAccount<T extends { To_Account: string }>(
  items: readonly T[],
  act: (item: T) => Promise<number>,
): Promise<ReturnType<typeof resultItems>> {
  const results: ItemResult[] = [];
  for (const item of items) {
    try {
      results.push(result(item.To_Account, await act(item)));
    } catch (error) {
      if (!(error instanceof LiaisonError)) throw error;
      results.push({ To_Account: item.To_Account, ResultCode: restCode(error.code), ResultInfo: error.message });
    }
  }
  return resultItems(results);
}

function result(userID: string, code: number): ItemResult {
  return {
    To_Account: userID,
    ResultCode: restCode(code),
    ResultInfo: code === 0 ? '' : ((errorMessages as Record<number, string>)[code] ?? ''),
  };
}

/** Where Tencent's sns service numbers a refusal otherwise than the SDK's ops do. */
function restCode(code: number): number {
  if (code === ErrorCode.USER_NOT_FOUND) return RestErrorCode.SNS_ACCOUNT_NOT_FOUND;
  if (code === ErrorCode.FRIEND_ADD_FORBIDDEN) return RestErrorCode.SNS_ADD_FORBIDDEN;
  return code;
}

/** Tencent's ResultItem, and Fail_Account only when an account failed. */
function resultItems(results: readonly ItemResult[]) {
  const failed = results.filter((item) => item.ResultCode !== 0).map((item) => item.To_Account);
  return { ResultItem: results, ...(failed.length > 0 ? { Fail_Account: failed } : {}), ErrorDisplay: '' };
}

/** A friend's Tag_SNS_* values; those never given are left out, as Tencent's. */
function friendValues(friend: Friend): Array<{ Tag: string; Value: string | number | string[] }> {
  return [
    { Tag: 'Tag_SNS_IM_AddSource', Value: friend.source },
    ...(friend.wording === '' ? [] : [{ Tag: 'Tag_SNS_IM_AddWording', Value: friend.wording }]),
    ...(friend.remark === '' ? [] : [{ Tag: 'Tag_SNS_IM_Remark', Value: friend.remark }]),
    ...(friend.groupList.length === 0 ? [] : [{ Tag: 'Tag_SNS_IM_Group', Value: friend.groupList }]),
    { Tag: 'Tag_SNS_IM_AddTime', Value: friend.addTime },
    ...friend.friendCustomField.map(({ key, value }) => ({ Tag: key, Value: value })),
  ];
}

function blackRelation(mine: boolean, theirs: boolean): string {
  if (mine && theirs) return BlackCheckRelation.BOTH_WAY;
  if (mine) return BlackCheckRelation.A_WITH_B;
  if (theirs) return BlackCheckRelation.B_WITH_A;
  return BlackCheckRelation.NO;
}
