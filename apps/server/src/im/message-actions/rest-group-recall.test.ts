import { ErrorCode, RestErrorCode } from '@liaison/protocol';
import LiaisonChat from '@liaison/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { nextEvent, sendText, useServer } from '../../integration/harness';
import { groupOf, importAccounts, REST_OK, refused } from '../../integration/rest-group-helpers';
import { RestClient } from '../../rest-api/test-client';

/** group_open_http_svc/group_msg_recall through HTTP, and what members' SDK sessions see of it. */
const { EVENT } = LiaisonChat;
const { server, user } = useServer();
let admin: RestClient;
beforeAll(() => {
  admin = new RestClient(server());
});

/** The sequence of the group's oldest tip (the member who joined at its creation), read through the REST API. */
async function firstTipSequence(GroupId: string): Promise<number> {
  const page = await admin.call('group_open_http_svc/group_msg_get_simple', { GroupId, ReqMsgNumber: 20 });
  const tips = (page.RspMsgList as Array<{ MsgSeq: number; IsSystemMsg: number }>).filter((m) => m.IsSystemMsg === 1);
  const oldest = tips.at(-1);
  if (!oldest) throw new Error(`${GroupId} has no tip`);
  return oldest.MsgSeq;
}

describe('group_open_http_svc/group_msg_recall', () => {
  it('recalls by sequence: members see the revoke; each sequence has Tencent’s RetCode', async () => {
    await importAccounts(admin, 'rgm-rc-owner', 'rgm-rc-ann');
    await groupOf(admin, 'rgm-rc-owner', 'rgm-rc-group', ['rgm-rc-ann']);
    const ann = await user('rgm-rc-ann');
    const sent = await sendText(ann, 'rgm-rc-group', 'regret this', 'GROUP');
    const revoked = nextEvent<Array<{ ID: string; isRevoked: boolean }>>(ann, EVENT.MESSAGE_REVOKED, (messages) =>
      messages.some((m) => m.ID === sent.ID),
    );
    const tipSeq = await firstTipSequence('rgm-rc-group');
    const answer = await admin.call('group_open_http_svc/group_msg_recall', {
      GroupId: 'rgm-rc-group',
      MsgSeqList: [{ MsgSeq: sent.sequence }, { MsgSeq: 9999 }, { MsgSeq: tipSeq }],
      Reason: 'spam',
    });
    expect(answer).toEqual({
      ...REST_OK,
      RecallRetList: [
        { MsgSeq: sent.sequence, RetCode: 0 },
        { MsgSeq: 9999, RetCode: RestErrorCode.GROUP_MSG_NOT_FOUND },
        { MsgSeq: tipSeq, RetCode: RestErrorCode.GROUP_MSG_NOT_RECALLABLE },
      ],
    });
    expect((await revoked).find((m) => m.ID === sent.ID)?.isRevoked).toBe(true);
    const again = await admin.call('group_open_http_svc/group_msg_recall', {
      GroupId: 'rgm-rc-group',
      MsgSeqList: [{ MsgSeq: sent.sequence }],
    });
    expect(again.RecallRetList).toEqual([{ MsgSeq: sent.sequence, RetCode: 0 }]);
  });

  it('refuses an unknown group with 10010 and more than 10 sequences with 10004', async () => {
    expect(
      await admin.call('group_open_http_svc/group_msg_recall', { GroupId: 'rgm-rc-none', MsgSeqList: [{ MsgSeq: 1 }] }),
    ).toMatchObject(refused(ErrorCode.GROUP_NOT_FOUND));
    const eleven = Array.from({ length: 11 }, (_, i) => ({ MsgSeq: i + 1 }));
    expect(
      await admin.call('group_open_http_svc/group_msg_recall', { GroupId: 'rgm-rc-none', MsgSeqList: eleven }),
    ).toMatchObject(refused(RestErrorCode.GROUP_INVALID_PARAMS));
  });
});
