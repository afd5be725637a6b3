/**
 * The ceiling: a bare `ws` relay speaking the same frames as Liaison, with no auth, no validation
 * and no storage. `login` binds the connection to body.userID; `sendMessage` pushes
 * {event:'message', data:{message}} to the sessions of body.to and acks the sender at once.
 * Run as its own process: PORT=<port> node --import tsx bench/relay.ts (GET /healthz, WS /im).
 */
import { createServer } from 'node:http';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';

interface Frame {
  id: number;
  op: string;
  body?: { userID?: string; to?: string } & Record<string, unknown>;
}

const port = Number(process.env.PORT ?? 0);
const host = process.env.HOST ?? '127.0.0.1';
const byUser = new Map<string, Set<WebSocket>>();

const http = createServer((req, res) => {
  if (req.url === '/healthz') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ status: 'ok', sessions: wss.clients.size }));
  } else {
    res.writeHead(404).end();
  }
});
const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
http.on('upgrade', (req, socket, head) => {
  if ((req.url ?? '').split('?')[0] !== '/im') {
    socket.destroy();
    return;
  }
  wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
});

wss.on('connection', (ws: WebSocket) => {
  let userID: string | null = null;
  ws.on('message', (data: RawData) => {
    let frame: Frame;
    try {
      frame = JSON.parse(data.toString()) as Frame;
    } catch {
      ws.send('{"id":null,"ok":false,"error":{"code":60001,"message":"Malformed frame"}}');
      return;
    }
    if (frame.op === 'login') {
      userID = String(frame.body?.userID ?? '');
      const set = byUser.get(userID) ?? new Set<WebSocket>();
      byUser.set(userID, set);
      set.add(ws);
      ws.send(JSON.stringify({ id: frame.id, ok: true, data: { profile: { userID }, serverTime: 0 } }));
      return;
    }
    if (frame.op === 'sendMessage' && userID && frame.body) {
      const peers = byUser.get(String(frame.body.to));
      if (!peers) {
        ws.send(JSON.stringify({ id: frame.id, ok: false, error: { code: 20003, message: 'unknown peer' } }));
        return;
      }
      const message = JSON.stringify({ message: { ...frame.body, from: userID } });
      const push = `{"event":"message","data":${message}}`;
      for (const peer of peers) peer.send(push);
      ws.send(`{"id":${frame.id},"ok":true,"data":${message}}`);
      return;
    }
    ws.send(JSON.stringify({ id: frame.id, ok: true, data: {} }));
  });
  ws.on('close', () => {
    if (userID === null) return;
    const set = byUser.get(userID);
    set?.delete(ws);
    if (set?.size === 0) byUser.delete(userID);
  });
  ws.on('error', () => undefined);
});

http.listen(port, host);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const ws of wss.clients) ws.terminate();
    http.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 2000).unref();
  });
}
