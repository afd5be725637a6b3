import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  ErrorCode,
  errorMessages,
  isOpName,
  LiaisonError,
  Limits,
  ops,
  type RequestFrame,
  requestFrameSchema,
} from '@liaison/protocol';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import type { z } from 'zod';
import type { TrustProxy } from '../limits/client-address';
import type { LimitSettings } from '../limits/settings';
import { LoginDeadlines } from './deadlines';
import { handlers, login, type Services } from './handlers';
import { ConnectionLimits } from './limits';
import { Session } from './session';

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
  /** Closes every connection with "going away" so clients reconnect elsewhere. */
  close(): Promise<void>;
  /** Drops the sockets of one user (or all) without a close handshake, as a network failure would. */
  dropConnections(userID?: string): number;
  sessionCount(): number;
}

export function createGateway(
  services: Services,
  log: (err: unknown, context: string) => void,
  logClientFault: (err: unknown) => void,
  options: GatewayOptions,
): Gateway {
  const wss = new WebSocketServer({ noServer: true, maxPayload: Limits.FRAME_MAX_BYTES });
  const guards: Guards = {
    limits: new ConnectionLimits(options.limits, options.trustProxy),
    deadlines: new LoginDeadlines(options.limits.imLoginTimeoutMs),
  };
  const sockets = new Set<WebSocket>();
  let nextSessionID = 0;
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
    const session = new Session(`${processTag}-${++nextSessionID}`, socket);
    if (!guards.limits.opened(session, req)) {
      socket.on('error', (err) => logClientFault(err));
      return;
    }
    guards.deadlines.opened(session);
    sockets.add(socket);
    socket.isAlive = true;
    socket.on('pong', () => {
      socket.isAlive = true;
    });
    socket.on('message', (data: RawData, isBinary: boolean) => {
      void handleFrame(services, guards, session, data, isBinary, log);
    });
    socket.on('close', () => {
      sockets.delete(socket);
      guards.limits.closed(session);
      guards.deadlines.settled(session);
      if (session.expiryTimer) clearTimeout(session.expiryTimer);
      services.registry.remove(session);
    });
    // A client's protocol fault (e.g. an oversized frame) closes its socket; it is not ours to alarm on.
    socket.on('error', (err) => logClientFault(err));
  });

  return {
    handleUpgrade(req, socket, head) {
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    },
    async close() {
      clearInterval(heartbeat);
      for (const socket of sockets) socket.close(1001, 'server shutting down');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
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
  log: (err: unknown, context: string) => void,
): Promise<void> {
  const refusal = guards.limits.admitFrame(session);
  let frame: RequestFrame;
  try {
    if (isBinary) throw new Error('binary frame');
    const parsed = requestFrameSchema.safeParse(JSON.parse(data.toString()));
    if (!parsed.success) throw new Error('not a request frame');
    frame = parsed.data;
  } catch {
    session.reply({ id: null, ok: false, error: errorBody(new LiaisonError(ErrorCode.MALFORMED_FRAME)) });
    return;
  }
  if (refusal) {
    session.reply({ id: frame.id, ok: false, error: refusal.toJSON() });
    return;
  }
  try {
    session.reply({ id: frame.id, ok: true, data: await dispatch(services, guards, session, frame) });
  } catch (err) {
    if (!(err instanceof LiaisonError)) log(err, `op ${frame.op}`);
    session.reply({ id: frame.id, ok: false, error: errorBody(err) });
  }
}

async function dispatch(services: Services, guards: Guards, session: Session, frame: RequestFrame): Promise<unknown> {
  const op = frame.op;
  if (!isOpName(op)) throw new LiaisonError(ErrorCode.UNKNOWN_OP, `Unknown operation: ${op}`);
  const body = parseBody(ops[op].request, frame.body ?? {});
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
  const handler = handlers[op] as (s: Services, session: Session, u: typeof user, b: unknown) => Promise<unknown>;
  const result = await handler(services, session, user, body);
  if (op === 'logout') {
    // Logged out but still connected: the socket must log in again in time, like a new one.
    guards.limits.loggedOut(session);
    guards.deadlines.opened(session);
  }
  return result;
}

function parseBody(schema: z.ZodType, body: unknown): unknown {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const detail = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ');
  throw new LiaisonError(ErrorCode.INVALID_PARAMS, `${errorMessages[ErrorCode.INVALID_PARAMS]}: ${detail}`);
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
