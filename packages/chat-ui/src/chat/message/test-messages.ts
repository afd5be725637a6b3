import { type ChatSDK, type Message, messageFromRecord } from '@liaison/sdk';
import type { MessageOf } from './message-of';

/**
 * Messages as the SDK delivers them, for renderer tests: every common field set, the type's
 * payload given by the test.
 */
export function makeMessage<T extends Message['type']>(
  type: T,
  payload: MessageOf<T>['payload'],
  patch: Partial<Omit<Message, 'type' | 'payload'>> = {},
): MessageOf<T> {
  const ID = patch.ID ?? `msg-${++counter}`;
  const message = {
    ...messageFromRecord({
      ID,
      from: 'ben',
      nick: 'Ben',
      avatar: '',
      time: 1_760_000_000,
      cloudCustomData: '',
      messageBody: [],
    }),
    type,
    payload,
    conversationID: 'C2Cben',
    to: 'ann',
    clientTime: 1_760_000_000,
    sequence: counter,
    random: counter,
    ...patch,
  };
  // The common fields above and the type's payload from the caller make one message of type T.
  return message as unknown as MessageOf<T>;
}
let counter = 0;

/**
 * Renderers that never call the SDK still read the kit's context; they get this stand-in. It is
 * never ready and reports nothing, so the kit's stores that listen to it (a row's sender names
 * follow my remarks) stay empty. A test that needs the SDK (merged records by downloadKey) uses a
 * real one against a real server.
 */
export const NO_SDK = { on() {}, off() {}, isReady: () => false } as unknown as ChatSDK;

export const imagePayload = (width: number, height: number, name = 'cat') => ({
  uuid: `${name}-uuid-0000000000`,
  imageFormat: 3 as const,
  imageInfoArray: [
    { type: 1 as const, size: 90_000, width, height, url: `https://files.test/${name}.png` },
    {
      type: 2 as const,
      size: 40_000,
      width: Math.min(width, 720),
      height,
      url: `https://files.test/${name}-large.png`,
    },
    { type: 3 as const, size: 8_000, width: Math.min(width, 198), height, url: `https://files.test/${name}-small.png` },
  ],
});
