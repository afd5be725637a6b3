import type { OpHandlers } from '../handler';
import type { TopicDeps } from './topics';
import * as topics from './topics';

/** Communities and their topics: topics.ts. */
export const topicHandlers: OpHandlers<
  | 'getJoinedCommunityList'
  | 'createTopicInCommunity'
  | 'deleteTopicFromCommunity'
  | 'updateTopicProfile'
  | 'getTopicList',
  TopicDeps
> = {
  getJoinedCommunityList: ({ db }, _session, user) => topics.getJoinedCommunityList(db, user.userID),
  createTopicInCommunity: (deps, _session, user, body) => topics.createTopic(deps, user.userID, body),
  deleteTopicFromCommunity: (deps, _session, user, body) => topics.deleteTopics(deps, user.userID, body),
  updateTopicProfile: (deps, _session, user, body) => topics.updateTopic(deps, user.userID, body),
  getTopicList: ({ db }, _session, user, body) => topics.getTopicList(db, user.userID, body),
};
