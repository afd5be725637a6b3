import { randomBytes } from 'node:crypto';
import { type GroupSystemNoticeType, SYSTEM_SENDER, type WireMessage } from '@liaison/protocol';
import type { Bus, BusEnvelope } from '../../bus/bus';

export interface Notice {
  groupID: string;
  groupName: string;
  operationType: GroupSystemNoticeType;
  operatorID: string;
  /** The applicant's message (join request) or the handler's (its answer); '' otherwise. */
  handleMessage?: string;
  /** A CUSTOM notice's text (send_group_system_notification). */
  userDefinedField?: string;
}

/**
 * A group system notice (TIMGroupSystemNoticeElem from '@TIM#SYSTEM') to some users' sessions or
 * to a whole group's. Notices are not stored: what they announce is state the client reads again
 * after a reconnect (join requests, the group list, a conversation's operationType).
 * `membership` also takes the targets' sessions out of (or into) the group's routing, on every
 * process, as the notice reaches them.
 */
export function publishNotice(
  bus: Bus,
  targets: string[],
  notice: Notice,
  membership?: BusEnvelope['membership'],
): void {
  if (targets.length === 0) return;
  bus.publish(targets, {
    event: 'groupSystemNotice',
    data: { message: noticeMessage(notice) },
    ...(membership ? { membership } : {}),
  });
}

function noticeMessage(notice: Notice): WireMessage {
  const now = Math.floor(Date.now() / 1000);
  return {
    ID: `notice-${randomBytes(12).toString('base64url')}`,
    conversationType: 'GROUP',
    from: SYSTEM_SENDER,
    to: notice.groupID,
    type: 'TIMGroupSystemNoticeElem',
    payload: {
      operationType: notice.operationType,
      operatorID: notice.operatorID,
      groupProfile: { groupID: notice.groupID, name: notice.groupName },
      handleMessage: notice.handleMessage ?? '',
      ...(notice.userDefinedField === undefined ? {} : { userDefinedField: notice.userDefinedField }),
    },
    atUserList: [],
    sequence: 0,
    time: now,
    clientTime: now,
    random: randomBytes(4).readUInt32BE(0),
    nick: '',
    avatar: '',
    cloudCustomData: '',
    needReadReceipt: false,
    hasRiskContent: false,
    isRevoked: false,
    revoker: '',
    version: 0,
    changeSequence: 0,
  };
}
