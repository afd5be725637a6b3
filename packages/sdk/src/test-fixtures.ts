import type { WireConversation, WireMessage } from '@liaison/protocol';

/** Wire objects as the server sends them, for the SDK's unit tests; each test overrides what it needs. */

/** A delivered text message; the fixtures' default type. */
export type TextWire = Extract<WireMessage, { type: 'TIMTextElem' }>;

export function wireMessage(overrides: Partial<TextWire> = {}): TextWire {
  const sequence = overrides.sequence ?? 1;
  return {
    ID: `bob-${sequence}`,
    conversationType: 'C2C',
    from: 'bob',
    to: 'me',
    type: 'TIMTextElem',
    payload: { text: `m${sequence}` },
    atUserList: [],
    sequence,
    time: sequence,
    clientTime: sequence,
    random: 0,
    nick: '',
    avatar: '',
    cloudCustomData: '',
    needReadReceipt: false,
    hasRiskContent: false,
    isRevoked: false,
    revoker: '',
    version: 0,
    changeSequence: 0,
    ...overrides,
  };
}

export function wireConversation(overrides: Partial<WireConversation> = {}): WireConversation {
  return {
    conversationID: 'C2Cbob',
    type: 'C2C',
    target: 'bob',
    unreadCount: 0,
    maxSequence: 0,
    readSequence: 0,
    lastMessage: null,
    isPinned: false,
    messageRemindType: 'AcceptAndNotify',
    draftText: '',
    updatedAt: 0,
    changeSequence: 0,
    peerReadSequence: 0,
    userProfile: null,
    groupProfile: null,
    operationType: 0,
    groupAtInfoList: [],
    customData: '',
    markList: [],
    conversationGroupList: [],
    ...overrides,
  };
}
