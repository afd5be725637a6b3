import type { PushEventName } from '@liaison/protocol';

/**
 * What crosses the bus: a push for the sessions of one user or of one group's members.
 * Subjects: `user.<userID>` and `group.<groupID>`.
 */
export interface BusEnvelope {
  event: PushEventName;
  data: unknown;
  /** The session that caused it; it already has the answer and gets no push. */
  exceptSession?: string;
  /** Group membership changed for the user this envelope is addressed to. */
  membership?: { groupID: string; joined: boolean };
}

export type BusHandler = (subject: string, envelope: BusEnvelope) => void;

/** Fan-out between server processes: in-process by default, NATS when configured. */
export interface Bus {
  publish(subject: string, envelope: BusEnvelope): void;
  /** Receives every user.* and group.* envelope; the gateway picks its local sessions. */
  subscribe(handler: BusHandler): void;
  /** Resolves once everything published so far has left this process (NATS: reached the server). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export const userSubject = (userID: string) => `user.${userID}`;
export const groupSubject = (groupID: string) => `group.${groupID}`;
