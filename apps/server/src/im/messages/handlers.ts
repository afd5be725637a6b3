import type { Database } from '../../db/database';
import type { OpHandlers } from '../handler';
import * as history from './history';
import { getMessageListHopping } from './history-hopping';
import { requireConversation } from './keys';
import * as merger from './merger';
import { type SendDeps, sendMessage } from './send';

/** Sending, history (also opened at a message), merged records: send.ts, history.ts, history-hopping.ts, merger.ts. */
export const messageHandlers: OpHandlers<
  'sendMessage' | 'downloadMergerMessage' | 'getMessageList' | 'syncMessages' | 'getMessageListHopping',
  SendDeps & { db: Database }
> = {
  async sendMessage(deps, session, user, body) {
    return sendMessage(deps, session.id, user, body);
  },

  async downloadMergerMessage({ db }, _session, user, body) {
    return merger.downloadMergerMessage(db, user.userID, body.downloadKey);
  },

  async getMessageList({ db }, _session, user, body) {
    const ref = requireConversation(user.userID, body.conversationID);
    return history.getMessagePage(db, user.userID, ref, body.nextReqMessageID, body.count);
  },

  async syncMessages({ db }, _session, user, body) {
    const ref = requireConversation(user.userID, body.conversationID);
    return history.getMessagesAfter(db, user.userID, ref, body.afterSequence);
  },

  getMessageListHopping: ({ db }, _session, user, body) => getMessageListHopping(db, user.userID, body),
};
