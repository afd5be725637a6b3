import type { Database } from '../../db/database';
import type { OpHandlers } from '../handler';
import { searchCloudUsers } from './cloud-user-search';
import { searchCloudGroups } from './group-search';
import { searchCloudGroupMembers } from './member-search';
import { searchCloudMessages } from './message-search';
import { admitSearch } from './search-budget';
import { searchUsers } from './user-search';

/** Search (docs/search.md): messages, groups, group members and users. */
export const searchHandlers: OpHandlers<
  'searchCloudMessages' | 'searchCloudGroups' | 'searchCloudGroupMembers' | 'searchCloudUsers' | 'searchUsers',
  { db: Database }
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
  searchCloudUsers: ({ db }, session, _user, body) => {
    admitSearch(session);
    return searchCloudUsers(db, body);
  },
  searchUsers: ({ db }, _session, user, body) => searchUsers(db, user.userID, body),
};
