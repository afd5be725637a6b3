import {
  ErrorCode,
  LiaisonError,
  Limits,
  type OpName,
  type OpRequestParsed,
  type OpResponse,
  type PushEventName,
} from '@liaison/protocol';
import { isPortalSessionLive, portalSessionOf } from '../auth/portal-binding';
import type { AppCredentials } from '../auth/usersig';
import { verifyUserSig } from '../auth/usersig';
import type { Bus } from '../bus/bus';
import { userTarget } from '../bus/bus';
import type { Database } from '../db/database';
import * as fileGrants from '../files/grants';
import type { CallService } from '../im/calls/call-service';
import { callHandlers } from '../im/calls/handlers';
import * as conversations from '../im/conversations/conversations';
import * as groups from '../im/groups/groups';
import { groupAdminHandlers } from '../im/groups/handlers';
import { messageActionHandlers } from '../im/message-actions/handlers';
import type { MessageActionSettings } from '../im/message-actions/message-actions';
import * as history from '../im/messages/history';
import { requireConversation } from '../im/messages/keys';
import * as merger from '../im/messages/merger';
import type { MessageWriter } from '../im/messages/message-writer';
import * as send from '../im/messages/send';
import { presenceHandlers } from '../im/presence/handlers';
import type { PresenceService } from '../im/presence/presence-service';
import { requireAllowedAvatar } from '../im/profiles/avatars';
import * as users from '../im/profiles/users';
import { reactionHandlers } from '../im/reactions/handlers';
import { receiptHandlers } from '../im/receipts/handlers';
import * as receipts from '../im/receipts/receipts';
import type { BlockerIndex } from '../im/relations/blockers';
import { friendHandlers } from '../im/relations/handlers';
import { searchHandlers } from '../im/search/handlers';
import type { SessionUser } from '../im/session';
import { translationHandlers } from '../im/translation/handlers';
import type { TranslationService } from '../im/translation/translation-service';
import type { Gate } from '../limits/gate';
import type { ModerationProvider } from '../moderation/provider';
import type { SessionRegistry } from './registry';
import type { Session } from './session';

export interface Services {
  db: Database;
  writer: MessageWriter;
  bus: Bus;
  app: AppCredentials;
  registry: SessionRegistry;
  /** AVATAR_URL_HOSTS: https hosts avatars may point at, besides our own uploads. */
  avatarHosts: ReadonlySet<string>;
  /** Logins waiting for the database go through here (see Gate). */
  logins: Gate;
  /** Judges message content before it is stored (moderation/provider.ts). */
  moderation: ModerationProvider;
  /** The revoke window and the clock it is measured with (services/message-actions.ts). */
  messageActions: MessageActionSettings;
  /** Typing relay and online status (presence/). */
  presence: PresenceService;
  /** translateText and convertVoiceToText through the configured providers (translation/). */
  translation: TranslationService;
  /** Who may have blocked someone: one-to-one sends to anyone else skip the blocklist (services/blockers.ts). */
  blockers: BlockerIndex;
  /** Voice and video calls (calls/). */
  calls: CallService;
}

export type Handler<K extends OpName> = (
  services: Services,
  session: Session,
  user: SessionUser,
  body: OpRequestParsed<K>,
) => Promise<OpResponse<K>>;

/** Every op but login: the table the gateway dispatches from. */
export type HandlerTable = { [K in Exclude<OpName, 'login'>]: Handler<K> };

/** Every op but login runs for a logged-in session; the gateway checks that before calling. */
export const handlers: HandlerTable = {
  ...friendHandlers,
  ...groupAdminHandlers,
  ...messageActionHandlers,
  ...reactionHandlers,
  ...searchHandlers,
  ...receiptHandlers,
  ...presenceHandlers,
  ...translationHandlers,
  ...callHandlers,
  async logout(services, session) {
    if (session.expiryTimer) clearTimeout(session.expiryTimer);
    services.registry.remove(session);
    session.user = null;
    return {};
  },

  async heartbeat() {
    return { serverTime: Math.floor(Date.now() / 1000) };
  },

  async getMyProfile({ db }, _session, user) {
    return { profile: await users.getProfile(db, user.userID) };
  },

  async getUserProfile({ db }, _session, _user, body) {
    return { profiles: await users.getProfiles(db, body.userIDList) };
  },

  async updateMyProfile({ db, bus, avatarHosts }, _session, user, body) {
    await requireAllowedAvatar(db, user.userID, body.avatar, avatarHosts);
    const profile = await users.updateProfile(db, user.userID, body);
    // Other sessions learn the new nick from the bus; this one may send again before that.
    user.nick = profile.nick;
    user.avatar = profile.avatar;
    bus.publish([userTarget(user.userID)], { event: 'profile', data: { profile } });
    return { profile };
  },

  async sendMessage(services, session, user, body) {
    return send.sendMessage(services, session.id, user, body);
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

  async getConversationList({ db }, _session, user) {
    return { conversationList: await conversations.listConversations(db, user.userID) };
  },

  async getConversationProfile({ db }, _session, user, body) {
    const ref = requireConversation(user.userID, body.conversationID);
    return { conversation: await conversations.getConversation(db, user.userID, ref) };
  },

  async deleteConversation(services, session, user, body) {
    const ref = requireConversation(user.userID, body.conversationID);
    await receipts.tellPeerWhenCursorMoves(services, user.userID, ref.conversationID, () =>
      conversations.deleteConversation(services.db, user.userID, ref),
    );
    tellOtherTabs(services, session, user, 'conversationDeleted', { conversationID: ref.conversationID });
    return { conversationID: ref.conversationID };
  },

  async pinConversation(services, session, user, body) {
    return patch(services, session, user, body.conversationID, { kind: 'pin', isPinned: body.isPinned });
  },

  async setMessageRemindType(services, session, user, body) {
    return patch(services, session, user, body.conversationID, {
      kind: 'remind',
      messageRemindType: body.messageRemindType,
    });
  },

  async setConversationDraft(services, session, user, body) {
    return patch(services, session, user, body.conversationID, { kind: 'draft', draftText: body.draftText });
  },

  async setMessageRead(services, session, user, body) {
    // C2C: the peer's tabs learn how far I have read (isPeerRead; services/receipts.ts).
    return receipts.tellPeerWhenRead(services, user.userID, body.conversationID, () =>
      patch(services, session, user, body.conversationID, { kind: 'read' }),
    );
  },

  async getTotalUnreadMessageCount({ db }, _session, user) {
    return { totalUnreadCount: await conversations.totalUnread(db, user.userID) };
  },

  async getGroupList({ db }, _session, user) {
    return { groupList: await groups.listGroups(db, user.userID) };
  },

  async getGroupProfile({ db }, _session, user, body) {
    return { group: await groups.getGroupProfile(db, user.userID, body.groupID) };
  },

  async getGroupMemberList({ db }, _session, user, body) {
    return groups.getMembers(db, user.userID, body.groupID, body.count ?? Limits.MEMBER_PAGE_MAX, body.offset ?? 0);
  },

  async createUpload({ db, app }, _session, user, body) {
    return fileGrants.createUpload(db, app, user.userID, body);
  },

  async getFileAccessToken({ app }, session, user) {
    return fileGrants.getFileAccessToken(app, user.userID, session.portalSessionID);
  },
};

/** Verifies the userSig and binds the session to the user. */
export async function login(
  services: Services,
  session: Session,
  body: OpRequestParsed<'login'>,
): Promise<OpResponse<'login'> & { expiresAt: number }> {
  if (session.user) throw new LiaisonError(ErrorCode.ALREADY_LOGGED_IN);
  if (body.SDKAppID !== services.app.sdkAppID) throw new LiaisonError(ErrorCode.USERSIG_APP_MISMATCH);
  const { expiresAt, userbuf } = verifyUserSig(services.app, body.userID, body.userSig);
  const { profile, groupIDs } = await services.logins.run(async () => {
    // A client that gave up while its login was queued has gone; its login would be wasted work.
    if (!session.isOpen) throw new LiaisonError(ErrorCode.NETWORK_ERROR);
    return {
      profile: await users.ensureUser(services.db, body.userID),
      groupIDs: await groups.listGroupIDs(services.db, body.userID),
    };
  });
  // Gone while the database answered: its close has run already, so registering it now would
  // leave it registered for good (its user online, pushes to a dead socket).
  if (!session.isOpen) throw new LiaisonError(ErrorCode.NETWORK_ERROR);
  session.user = { userID: profile.userID, nick: profile.nick, avatar: profile.avatar };
  session.portalSessionID = portalSessionOf(userbuf);
  services.registry.add(session, groupIDs);
  // Checked once registered: a portal logout from now on reaches this session through the bus.
  if (session.portalSessionID !== null && !(await isPortalSessionLive(services.db, session.portalSessionID))) {
    services.registry.remove(session);
    session.user = null;
    session.portalSessionID = null;
    throw new LiaisonError(ErrorCode.USERSIG_REVOKED);
  }
  return { profile, serverTime: Math.floor(Date.now() / 1000), expiresAt };
}

async function patch(
  services: Services,
  session: Session,
  user: SessionUser,
  conversationID: string,
  change: conversations.ConversationPatch,
) {
  const ref = requireConversation(user.userID, conversationID);
  const conversation = await conversations.patchConversation(services.db, user.userID, ref, change);
  tellOtherTabs(services, session, user, 'conversation', { conversation });
  return { conversation };
}

function tellOtherTabs(services: Services, session: Session, user: SessionUser, event: PushEventName, data: unknown) {
  services.bus.publish([userTarget(user.userID)], { event, data, exceptSession: session.id });
}
