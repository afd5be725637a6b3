import type { HandlerTable } from '../../gateway/handlers';
import { getMessageListHopping } from '../messages/history-hopping';
import { searchCloudGroups } from './group-search';
import { searchCloudGroupMembers } from './member-search';
import { searchCloudMessages } from './message-search';
import { admitSearch } from './search-budget';

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
