import { communityOfTopic, isTopicID, type PushEventName } from '@liaison/protocol';

/** A push for the sessions of some users and groups: targets are `user.<userID>` and `group.<groupID>`. */
export interface BusEnvelope {
  event: PushEventName;
  data: unknown;
  /** The session that caused it; it already has the answer and gets no push. */
  exceptSession?: string;
  /** Group membership changed for the user targets of this envelope. */
  membership?: { groupID: string; joined: boolean };
  /** Only for the user targets' sessions logged in through this portal session, which it then closes. */
  endPortalSession?: string;
  /** For every session of the user targets, which it then closes (a kick by the REST API). */
  endUserSessions?: boolean;
  /** Only for the other processes: the publisher has delivered to its own sessions already. */
  elsewhereOnly?: boolean;
}

/** What a process receives: the envelope with its push frame already serialised, once for all. */
export interface BusDelivery {
  targets: string[];
  event: PushEventName;
  /** The `{event, data}` frame exactly as sessions receive it. */
  frame: string;
  exceptSession?: string | undefined;
  membership?: { groupID: string; joined: boolean } | undefined;
  endPortalSession?: string | undefined;
  endUserSessions?: boolean | undefined;
  /** Milliseconds since the epoch when the publishing process sent it (the bus-lag metric). */
  publishedAt?: number;
  /** With BusEnvelope.elsewhereOnly: the publishing bus, which skips its own echo. */
  origin?: string | undefined;
}

export type BusHandler = (delivery: BusDelivery) => void;

/** A note from one server process to all of them (itself included) that no session receives. */
export type SignalHandler = (data: unknown) => void;

/** Fan-out between server processes: in-process by default, NATS when configured. */
export interface Bus {
  /** One envelope for all its targets: a message reaches its recipient and the sender's tabs in one publish. */
  publish(targets: string[], envelope: BusEnvelope): void;
  /** Receives every delivery; the gateway picks its local sessions. */
  subscribe(handler: BusHandler): void;
  /**
   * Process-to-process notes on a named channel (presence beats and changes): every process,
   * the publisher included, gets each one; sessions never see them.
   */
  signal(channel: string, data: unknown): void;
  onSignal(channel: string, handler: SignalHandler): void;
  /** Resolves once everything published so far has left this process (NATS: reached the server). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export const userTarget = (userID: string) => `user.${userID}`;
/** A community topic's audience is its community's: what is published for the topic reaches every member. */
export const groupTarget = (groupID: string) => `group.${isTopicID(groupID) ? communityOfTopic(groupID) : groupID}`;

export function toDelivery(targets: string[], envelope: BusEnvelope): BusDelivery {
  return {
    targets,
    event: envelope.event,
    frame: JSON.stringify({ event: envelope.event, data: envelope.data }),
    exceptSession: envelope.exceptSession,
    membership: envelope.membership,
    endPortalSession: envelope.endPortalSession,
    endUserSessions: envelope.endUserSessions,
    publishedAt: Date.now(),
  };
}
