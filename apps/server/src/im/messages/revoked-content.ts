import type { MergedMessage, PayloadOf, WireMessage, WireMessageType } from '@liaison/protocol';

/** Group tips and system notices are the server's: nobody revokes them. */
export type RevocableType = Exclude<WireMessageType, 'TIMGroupTipElem' | 'TIMGroupSystemNoticeElem'>;

export function isRevocableType(type: string): type is RevocableType {
  return type in EMPTIED;
}

/**
 * What is left of a revoked message's content: its type stays (clients show "… revoked a
 * message" whatever it was), every field of its payload is emptied, so neither the words nor a
 * file's name or address survive in storage. Each shape still passes its type's payload schema.
 */
const EMPTIED = {
  TIMTextElem: { text: '' },
  TIMImageElem: { uuid: '', imageFormat: 255, imageInfoArray: [] },
  TIMSoundElem: { uuid: '', url: '', remoteAudioUrl: '', size: 0, second: 0, downloadFlag: 0 },
  TIMVideoFileElem: {
    videoUUID: '',
    videoUrl: '',
    remoteVideoUrl: '',
    videoSize: 0,
    videoSecond: 0,
    videoFormat: '',
    videoDownloadFlag: 0,
    snapshotUUID: '',
    snapshotUrl: '',
    snapshotWidth: 0,
    snapshotHeight: 0,
    snapshotSize: 0,
    thumbUrl: '',
  },
  TIMFileElem: { uuid: '', fileName: '', fileSize: 0, fileUrl: '', downloadFlag: 0 },
  TIMLocationElem: { description: '', longitude: 0, latitude: 0 },
  TIMFaceElem: { index: 0, data: '' },
  TIMCustomElem: { data: '', description: '', extension: '' },
  TIMRelayElem: { downloadKey: '', title: '', abstractList: [], compatibleText: '', messageList: [] },
} satisfies { [T in RevocableType]: PayloadOf<T> };

export function emptiedPayload(type: RevocableType): WireMessage['payload'] {
  return structuredClone(EMPTIED[type]);
}

/**
 * A message of a merged record whose original was revoked (or flagged by moderation) since: the
 * marker the record shows instead, its content gone.
 */
export function redactedMergedMessage(message: MergedMessage, why: 'revoked' | 'risk'): MergedMessage {
  const original = message.messageBody[0]?.type ?? 'TIMTextElem';
  // Records never hold tips or notices; should one, it reads as an empty text.
  const type = isRevocableType(original) ? original : 'TIMTextElem';
  return {
    ...message,
    cloudCustomData: '',
    messageBody: [{ type, payload: emptiedPayload(type) }],
    ...(why === 'revoked' ? { isRevoked: true } : { hasRiskContent: true }),
  };
}
