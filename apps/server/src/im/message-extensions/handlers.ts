import type { OpHandlers } from '../handler';
import type { MessageExtensionDeps } from './message-extensions';
import * as extensions from './message-extensions';

/** Message extensions: message-extensions.ts. */
export const messageExtensionHandlers: OpHandlers<
  'setMessageExtensions' | 'getMessageExtensions' | 'deleteMessageExtensions',
  MessageExtensionDeps
> = {
  setMessageExtensions: (services, _session, user, body) =>
    extensions.setMessageExtensions(services, user.userID, body),
  getMessageExtensions: ({ db }, _session, user, body) => extensions.getMessageExtensions(db, user.userID, body),
  deleteMessageExtensions: (services, _session, user, body) =>
    extensions.deleteMessageExtensions(services, user.userID, body),
};
