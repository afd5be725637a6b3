import type { OpName } from '@liaison/protocol';
import type { AppCredentials } from '../auth/usersig';
import type { Bus } from '../bus/bus';
import type { Callbacks } from '../callbacks/callbacks';
import type { Database } from '../db/database';
import type { CallService } from '../im/calls/call-service';
import type { AbilitySwitches } from '../im/deployment/abilities';
import type { OpHandler } from '../im/handler';
import type { MessageActionSettings } from '../im/message-actions/message-actions';
import type { MessageWriter } from '../im/messages/message-writer';
import type { PresenceService } from '../im/presence/presence-service';
import type { BlockerIndex } from '../im/relations/blockers';
import type { TranslationService } from '../im/translation/translation-service';
import type { Gate } from '../limits/gate';
import type { ModerationProvider } from '../moderation/provider';
import type { SessionRegistry } from './registry';
import type { Session } from './session';

/** Everything the op handlers may need; each capability's handlers take the part they use. */
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
  /** The revoke window and the clock it is measured with (im/message-actions/message-actions.ts). */
  messageActions: MessageActionSettings;
  /** Typing relay and online status (im/presence/). */
  presence: PresenceService;
  /** translateText and convertVoiceToText through the configured providers (im/translation/). */
  translation: TranslationService;
  /** Who may have blocked someone: one-to-one sends to anyone else skip the blocklist (im/relations/blockers.ts). */
  blockers: BlockerIndex;
  /** Voice and video calls (im/calls/). */
  calls: CallService;
  /** The operator's switches for the reference's paid-plan capabilities (im/deployment/). */
  abilities: AbilitySwitches;
  /** Tencent's third-party callbacks to the app backend (callbacks/); null when CALLBACK_URL is unset. */
  callbacks: Callbacks | null;
}

/** Every op but login: the table the gateway dispatches from. */
export type HandlerTable = { [K in Exclude<OpName, 'login'>]: OpHandler<K, Services, Session> };
