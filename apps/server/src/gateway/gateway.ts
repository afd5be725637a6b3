import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  ErrorCode,
  errorMessages,
  GOING_AWAY_CLOSE_CODE,
  invalidParamsCode,
  isOpName,
  LiaisonError,
  Limits,
  type OpName,
  ops,
  type RequestFrame,
  requestFrameSchema,
  requestSchemaError,
} from '@liaison/protocol';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import type { z } from 'zod';
import { clientAddress, type TrustProxy } from '../limits/client-address';
import type { LimitSettings } from '../limits/settings';
import type { ClientLog } from '../logging/client-log';
import { observeOp } from '../metrics/metrics';
import { LoginDeadlines } from './deadlines';
import type { Services } from './handler-table';
import { handlers } from './handlers';
import { ConnectionLimits } from './limits';
import { Session } from './session';
import { login } from './session-handlers';

/** How long a client gets to answer the going-away close before its socket is cut. */
const CLOSE_GRACE_MS = 1_000;

export interface GatewayOptions {
  /** The IM limits and deadlines (IM_* settings). */
  limits: LimitSettings;
  trustProxy: TrustProxy | null;
}

/** What guards every connection: its limits and its login deadline. */
interface Guards {
  limits: ConnectionLimits;
  deadlines: LoginDeadlines;
}

export interface Gateway {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /**
   * Shuts down: refuses new connections and ignores new frames, runs `flush` (answer what is in
   * flight), then closes every connection with "going away" so clients reconnect elsewhere at
   * once, cutting those that do not finish the close handshake within a short grace.
   */
  close(flush?: () => Promise<void>): Promise<void>;
  /** Drops the sockets of one user (or all) without a close handshake, as a network failure would. */
  dropConnections(userID?: string): number;
  sessionCount(): number;
}

export function createGateway(services: Services, log: ClientLog, options: GatewayOptions): Gateway {
  const wss = new WebSocketServer({ noServer: true, maxPayload: Limits.FRAME_MAX_BYTES });
  const guards: Guards = {
    limits: new ConnectionLimits(options.limits),
    deadlines: new LoginDeadlines(options.limits.imLoginTimeoutMs),
  };
  const sockets = new Set<WebSocket>();
  let nextSessionID = 0;
  let closing = false;
  /** Frames being answered: shutdown waits for them before the database closes under them. */
  const answering = new Set<Promise<void>>();
  const processTag = `${process.pid}-${Date.now().toString(36)}`;

  const heartbeat = setInterval(() => {
    for (const socket of sockets) {
      const alive = socket as WebSocket & { isAlive?: boolean };
      if (alive.isAlive === false) {
        socket.terminate();
        continue;
      }
      alive.isAlive = false;
      socket.ping();
    }
  }, options.limits.imHeartbeatMs);
  heartbeat.unref();

  wss.on('connection', (socket: WebSocket & { isAlive?: boolean }, req: IncomingMessage) => {
    const address = clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], options.trustProxy);
    const session = new Session(`${processTag}-${++nextSessionID}`, socket);
    if (!guards.limits.opened(session, address)) {
      socket.on('error', (err) => log.info(address, { reason: err.message }, 'client socket closed on error'));
      return;
    }
    guards.deadlines.opened(session);
    sockets.add(socket);
    socket.isAlive = true;
    socket.on('pong', () => {
      socket.isAlive = true;
    });
    socket.on('message', (data: RawData, isBinary: boolean) => {
      // While shutting down, a frame goes unanswered: the socket closes next and the SDK re-sends
      // it (sends are idempotent by message ID) on its new connection.
      if (closing) return;
      const answer = handleFrame(services, guards, session, data, isBinary, (outcome) =>
        logOutcome(log, address, session, outcome),
      );
      answering.add(answer);
      void answer.finally(() => answering.delete(answer));
    });
    socket.on('close', () => {
      sockets.delete(socket);
      guards.limits.closed(session);
      guards.deadlines.settled(session);
      if (session.expiryTimer) clearTimeout(session.expiryTimer);
      services.registry.remove(session);
    });
    // A client's protocol fault (e.g. an oversized frame) closes its socket; it is not ours to alarm on.
    socket.on('error', (err) => log.info(address, { reason: err.message }, 'client socket closed on error'));
  });

  return {
    handleUpgrade(req, socket, head) {
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    },
    async close(flush) {
      clearInterval(heartbeat);
      closing = true;
      const closed = new Promise<void>((resolve) => wss.close(() => resolve()));
      await flush?.();
      await Promise.all(answering);
      for (const socket of sockets) socket.close(GOING_AWAY_CLOSE_CODE, 'server shutting down');
      const grace = setTimeout(() => {
        for (const socket of sockets) socket.terminate();
      }, CLOSE_GRACE_MS);
      await closed;
      clearTimeout(grace);
    },
    dropConnections(userID) {
      let dropped = 0;
      for (const session of services.registry.all()) {
        if (userID === undefined || session.user?.userID === userID) {
          session.socket.terminate();
          dropped++;
        }
      }
      return dropped;
    },
    sessionCount: () => services.registry.size,
  };
}

async function handleFrame(
  services: Services,
  guards: Guards,
  session: Session,
  data: RawData,
  isBinary: boolean,
  log: (outcome: Failure) => void,
): Promise<void> {
  const refusal = guards.limits.admitFrame(session);
  let frame: RequestFrame;
  try {
    if (isBinary) throw new Error('binary frame');
    const parsed = requestFrameSchema.safeParse(JSON.parse(data.toString()));
    if (!parsed.success) throw new Error('not a request frame');
    frame = parsed.data;
  } catch {
    const refusal = new LiaisonError(ErrorCode.MALFORMED_FRAME);
    log({ op: null, err: refusal });
    session.reply({ id: null, ok: false, error: errorBody(refusal) });
    return;
  }
  if (refusal) {
    session.reply({ id: frame.id, ok: false, error: refusal.toJSON() });
    return;
  }
  try {
    session.reply({
      id: frame.id,
      ok: true,
      data: await observeOp(frame.op, dispatch(services, guards, session, frame)),
    });
  } catch (err) {
    log({ op: frame.op, err });
    session.reply({ id: frame.id, ok: false, error: errorBody(err) });
  }
}

async function dispatch(services: Services, guards: Guards, session: Session, frame: RequestFrame): Promise<unknown> {
  const op = frame.op;
  if (!isOpName(op)) throw new LiaisonError(ErrorCode.UNKNOWN_OP, `Unknown operation: ${op}`);
  const body = parseBody(op, frame.body ?? {});
  if (op === 'login') {
    const credentials = body as z.output<typeof ops.login.request>;
    guards.limits.admitLogin(session, credentials.userID, services.registry);
    const { expiresAt, ...result } = await login(services, session, credentials);
    guards.limits.loggedIn(session);
    guards.deadlines.settled(session);
    scheduleExpiry(session, expiresAt);
    return result;
  }
  const user = session.user;
  if (!user) throw new LiaisonError(ErrorCode.NOT_LOGGED_IN);
  if (op === 'sendMessage')
    guards.limits.admitSend(session, user.userID, body as z.output<typeof ops.sendMessage.request>);
  services.abilities.admit(op);
  const handler = handlers[op] as (s: Services, session: Session, u: typeof user, b: unknown) => Promise<unknown>;
  const result = await handler(services, session, user, body);
  if (op === 'logout') {
    // Logged out but still connected: the socket must log in again in time, like a new one.
    guards.limits.loggedOut(session);
    guards.deadlines.opened(session);
  }
  return result;
}

function parseBody(op: OpName, body: unknown): unknown {
  const parsed = (ops[op].request as z.ZodType).safeParse(body);
  if (parsed.success) return parsed.data;
  const detail = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ');
  throw requestSchemaError(parsed.error, detail, invalidParamsCode(op));
}

interface Failure {
  op: string | null;
  err: unknown;
}

/** A catalogue error answers the client and is one line at info; anything else is our fault. */
function logOutcome(log: ClientLog, address: string, session: Session, { op, err }: Failure): void {
  const user = session.user?.userID;
  if (err instanceof LiaisonError) log.info(address, { op, user, code: err.code }, 'IM request refused');
  else log.fault(address, err, `IM op ${op} failed`);
}

/** A session ends when its userSig does; the client must log in again with a fresh one. */
function scheduleExpiry(session: Session, expiresAt: number): void {
  const ms = expiresAt * 1000 - Date.now();
  if (ms > 2 ** 31 - 1) return;
  session.expiryTimer = setTimeout(() => {
    session.push('kicked', { reason: 'userSigExpired' });
    session.socket.close(4001, 'userSig expired');
  }, ms);
  session.expiryTimer.unref();
}

function errorBody(err: unknown) {
  return err instanceof LiaisonError
    ? err.toJSON()
    : { code: ErrorCode.INTERNAL, message: errorMessages[ErrorCode.INTERNAL] };
}
