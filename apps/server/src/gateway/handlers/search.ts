import { getMessageListHopping } from '../../im/messages/history-hopping';
import { searchCloudGroups } from '../../im/search/group-search';
import { searchCloudGroupMembers } from '../../im/search/member-search';
import { searchCloudMessages } from '../../im/search/message-search';
import { admitSearch } from '../../im/search/search-budget';
import type { HandlerTable } from '../handlers';

/** Search (docs/search.md): search/, and history opened at a message (services/history-hopping.ts). */
export const searchHandlers: Pick<
  HandlerTable,
  'searchCloudMessages' | 'searchCloudGroups' | 'searchCloudGroupMembers' | 'getMessageListHopping'
> = {
  searchCloudMessages: ({ db }, session, user, body) => {
    admitSearch(session);
    return searchCloudMessages(db, user.userID, body);
  },
  searchCloudGroups: ({ db }, session, user, body) => {
    admitSearch(session);
    return searchCloudGroups(db, user.userID, body);
  },
  searchCloudGroupMembers: ({ db }, session, user, body) => {
    admitSearch(session);
    return searchCloudGroupMembers(db, user.userID, body);
  },
  getMessageListHopping: ({ db }, _session, user, body) => getMessageListHopping(db, user.userID, body),
};
