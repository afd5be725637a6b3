// The callbacks thread's HTTP/1.1 client. Not undici: a callback is one small POST with a small
// answer, written here as one string and read in place. 30,000 POSTs 16 at a time to a node:http
// endpoint in another process took 20–22 µs of CPU each this way, 30–31 through undici's dispatch;
// pipelined 32 deep to an endpoint that answers them together, 4 µs (docs/performance.md, issue 29).
import { isIP, connect as tcpConnect } from 'node:net';
import { connect as tlsConnect } from 'node:tls';

/** Bounds on what an endpoint may answer: a callback's answer is a few hundred bytes. */
const MAX_HEAD_BYTES = 64 * 1024;
const MAX_BODY_BYTES = 1024 * 1024;
/** A kept-alive connection is not reused this close to the endpoint's idle timeout (as undici). */
const IDLE_MARGIN_MS = 1000;
/** Idle time assumed when an endpoint does not say (undici's default). */
const DEFAULT_IDLE_MS = 4000;
/** Pipelined posts out on one connection at most. */
const MAX_IN_LINE = 32;

/**
 * POSTs over kept-alive connections to one origin. `post` sends on a connection with nothing out
 * (a 'before' callback waits for no other answer); `postInLine` pipelines on a connection that has
 * kept itself alive before, filling one before the next, and the posts of one turn of the loop go
 * out in one write. RFC 9112 §9.3.2 lets a client pipeline a POST when it can recover from a
 * partial failure: posts still out when a connection fails reject with its error and the caller
 * retries them (the receiver may see one twice, as after a timeout); posts behind an answer that
 * closes the connection were not read by the endpoint (RFC 9112 §9.6) and go out again at once.
 * Connections are opened as needed, with no cap: the callers bound how many posts are out.
 */
export class CallbackHttp {
  /**
   * @param {URL} origin the endpoint's URL (http or https)
   * @param {{timeoutMs: number, tls?: import('node:tls').ConnectionOptions}} options
   */
  constructor(origin, options) {
    this.secure = origin.protocol === 'https:';
    this.host = origin.host;
    this.hostname = origin.hostname.replace(/^\[(.*)\]$/, '$1');
    this.port = Number(origin.port) || (this.secure ? 443 : 80);
    this.timeoutMs = options.timeoutMs;
    this.tls = options.tls ?? {};
    /** @type {Set<Connection>} */
    this.connections = new Set();
    // One sweep for every post's timeout: a timer per post cost more than the post.
    this.sweep = setInterval(() => this.expire(), Math.max(5, Math.floor(this.timeoutMs / 10)));
    this.sweep.unref();
  }

  /**
   * Resolves with the answer's status and body text; rejects with code CALLBACK_TIMEOUT when the
   * whole answer did not come within the timeout, or with the connection's error.
   * @param {string} path
   * @param {string} body JSON
   * @returns {Promise<{status: number, text: string}>}
   */
  post(path, body) {
    return new Promise((resolve, reject) => {
      this.place({ request: this.request(path, body), resolve, reject, sentAt: 0 }, false);
    });
  }

  /**
   * As `post`, pipelined behind other posts on a connection the endpoint kept alive before.
   * @param {string} path
   * @param {string} body JSON
   * @returns {Promise<{status: number, text: string}>}
   */
  postInLine(path, body) {
    return new Promise((resolve, reject) => {
      this.place({ request: this.request(path, body), resolve, reject, sentAt: 0 }, true);
    });
  }

  /** @param {string} path @param {string} body */
  request(path, body) {
    return `POST ${path} HTTP/1.1\r\nhost: ${this.host}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
  }

  /**
   * Writes an exchange on the fullest kept-alive connection with room (in line), else on an idle
   * one, else on a new one.
   * @param {Exchange} exchange @param {boolean} inLine
   */
  place(exchange, inLine) {
    const now = Date.now();
    let chosen = null;
    for (const connection of this.connections) {
      if (inLine && connection.hasRoomAt(now)) {
        if (!chosen || connection.exchanges.length > chosen.exchanges.length) chosen = connection;
      } else if (!chosen && connection.isIdleAt(now)) chosen = connection;
    }
    exchange.sentAt = now;
    (chosen ?? this.open()).write(exchange);
  }

  /** Closes every connection; posts still out reject. */
  close() {
    clearInterval(this.sweep);
    for (const connection of this.connections) connection.fail(closedError('the callbacks client closed'));
  }

  open() {
    const socket = this.secure
      ? tlsConnect({
          host: this.hostname,
          port: this.port,
          servername: isIP(this.hostname) ? undefined : this.hostname,
          ALPNProtocols: ['http/1.1'],
          ...this.tls,
        })
      : tcpConnect(this.port, this.hostname);
    const connection = new Connection(socket, this);
    this.connections.add(connection);
    return connection;
  }

  /** Fails the connections whose first post's answer is late, and closes those idle too long. */
  expire() {
    const now = Date.now();
    for (const connection of this.connections) {
      const out = connection.exchanges[0];
      if (out && now - out.sentAt > this.timeoutMs) {
        connection.fail(Object.assign(new Error('callback timed out'), { code: 'CALLBACK_TIMEOUT' }));
      } else if (!out && now >= connection.idleUntil) connection.fail(closedError('idle'));
    }
  }
}

/**
 * @typedef {{request: string, resolve: (answer: {status: number, text: string}) => void,
 *   reject: (err: Error) => void, sentAt: number}} Exchange
 */

class Connection {
  /** @param {import('node:net').Socket} socket @param {CallbackHttp} client */
  constructor(socket, client) {
    this.socket = socket;
    this.client = client;
    /** @type {Exchange[]} the posts written whose answers have not been read, oldest first */
    this.exchanges = [];
    this.buffered = null;
    this.idleUntil = Number.POSITIVE_INFINITY;
    /** Whether the endpoint answered on it and kept it open: then posts may be pipelined on it. */
    this.isKeptAlive = false;
    this.isCorked = false;
    this.ended = false;
    socket.setNoDelay(true);
    socket.on('data', (chunk) => this.read(chunk));
    // An answer with neither a length nor chunks ends where the connection does.
    socket.on('end', () => {
      this.ended = true;
      this.read(Buffer.alloc(0));
    });
    socket.on('error', (err) => this.fail(err));
    socket.on('close', () => this.fail(closedError('the endpoint closed the connection before answering')));
  }

  /** Whether a post may go out on it now: none is out, and the endpoint is not about to close it. */
  isIdleAt(now) {
    return this.exchanges.length === 0 && now < this.idleUntil;
  }

  /** Whether a pipelined post may join the ones out on it now. */
  hasRoomAt(now) {
    return this.isKeptAlive && this.exchanges.length < MAX_IN_LINE && now < this.idleUntil;
  }

  /** @param {Exchange} exchange */
  write(exchange) {
    this.exchanges.push(exchange);
    // The posts of this turn of the loop leave in one write.
    if (!this.isCorked) {
      this.isCorked = true;
      this.socket.cork();
      process.nextTick(() => {
        this.isCorked = false;
        this.socket.uncork();
      });
    }
    this.socket.write(exchange.request);
  }

  /** @param {Buffer} chunk */
  read(chunk) {
    this.buffered = this.buffered ? Buffer.concat([this.buffered, chunk]) : chunk;
    try {
      for (;;) {
        const consumed = this.parse(this.buffered);
        if (consumed === 0) break;
        this.buffered = consumed === this.buffered.length ? null : this.buffered.subarray(consumed);
        if (!this.buffered) break;
      }
    } catch (err) {
      this.fail(err);
    }
  }

  /**
   * Reads one answer from the start of the buffer; returns the bytes it took, 0 when the buffer
   * does not hold a whole answer yet.
   * @param {Buffer} buffer
   */
  parse(buffer) {
    const headEnd = buffer.indexOf('\r\n\r\n');
    if (headEnd === -1) {
      if (buffer.length > MAX_HEAD_BYTES) throw protocolError('an answer whose head is too long');
      return 0;
    }
    const head = parseHead(buffer.toString('latin1', 0, headEnd));
    const bodyStart = headEnd + 4;
    if (head.status < 200) return bodyStart; // 1xx: an interim answer, the real one follows.
    let body;
    let end;
    if (head.chunked) {
      const read = readChunks(buffer, bodyStart);
      if (!read) return 0;
      ({ body, end } = read);
    } else if (head.length !== null || head.status === 204 || head.status === 304) {
      end = bodyStart + (head.length ?? 0);
      if (end - bodyStart > MAX_BODY_BYTES) throw protocolError('an answer too long for a callback');
      if (buffer.length < end) return 0;
      body = buffer.subarray(bodyStart, end);
    } else {
      if (buffer.length - bodyStart > MAX_BODY_BYTES) throw protocolError('an answer too long for a callback');
      if (!this.ended) return 0;
      head.close = true;
      end = buffer.length;
      body = buffer.subarray(bodyStart);
    }
    const exchange = this.exchanges.shift();
    if (!exchange) throw protocolError('an answer to no request');
    exchange.resolve({ status: head.status, text: body.toString('utf8') });
    if (head.close) {
      // The endpoint reads nothing after an answer that closes: the posts behind it go out again.
      const unread = this.exchanges.splice(0);
      this.fail(closedError('closed after an answer'));
      for (const next of unread) this.client.place(next, true);
      return 0;
    }
    this.isKeptAlive = true;
    this.idleUntil = Date.now() + (head.idleMs ?? DEFAULT_IDLE_MS) - IDLE_MARGIN_MS;
    return end;
  }

  /** Ends the connection, rejecting the posts still out on it with the error. */
  fail(err) {
    if (this.client.connections.delete(this)) this.socket.destroy();
    for (const exchange of this.exchanges.splice(0)) exchange.reject(err);
  }
}

/** @param {string} text the answer's status line and headers */
function parseHead(text) {
  const lines = text.split('\r\n');
  const statusLine = /^HTTP\/1\.([01]) (\d{3})/.exec(lines[0]);
  if (!statusLine) throw protocolError('an answer that is not HTTP/1.x');
  const head = {
    status: Number(statusLine[2]),
    length: null,
    chunked: false,
    close: statusLine[1] === '0',
    idleMs: null,
  };
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i];
    const colon = line.indexOf(':');
    if (colon === -1) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'content-length') {
      if (!/^\d+$/.test(value)) throw protocolError('an answer with a bad content-length');
      head.length = Number(value);
    } else if (name === 'transfer-encoding') head.chunked = /(^|,)\s*chunked\s*$/i.test(value);
    else if (name === 'connection') {
      const tokens = value.toLowerCase();
      if (tokens.includes('close')) head.close = true;
      else if (tokens.includes('keep-alive')) head.close = false;
    } else if (name === 'keep-alive') {
      const timeout = /timeout=(\d+)/i.exec(value);
      if (timeout) head.idleMs = Number(timeout[1]) * 1000;
    }
  }
  return head;
}

/**
 * A chunked body from `start`: its bytes and where the answer ends, or null while incomplete.
 * @param {Buffer} buffer @param {number} start
 */
function readChunks(buffer, start) {
  const parts = [];
  let size = 0;
  let at = start;
  for (;;) {
    const lineEnd = buffer.indexOf('\r\n', at);
    if (lineEnd === -1) return null;
    const chunkSize = Number.parseInt(buffer.toString('latin1', at, lineEnd).split(';')[0].trim(), 16);
    if (!Number.isFinite(chunkSize) || chunkSize < 0) throw protocolError('an answer with a bad chunk size');
    at = lineEnd + 2;
    if (chunkSize === 0) {
      // Trailers, if any, end with an empty line.
      for (;;) {
        const trailerEnd = buffer.indexOf('\r\n', at);
        if (trailerEnd === -1) return null;
        const empty = trailerEnd === at;
        at = trailerEnd + 2;
        if (empty) return { body: Buffer.concat(parts), end: at };
      }
    }
    size += chunkSize;
    if (size > MAX_BODY_BYTES) throw protocolError('an answer too long for a callback');
    if (buffer.length < at + chunkSize + 2) return null;
    parts.push(buffer.subarray(at, at + chunkSize));
    at += chunkSize + 2;
  }
}

function protocolError(what) {
  return Object.assign(new Error(`the callback endpoint sent ${what}`), { code: 'CALLBACK_BAD_ANSWER' });
}

function closedError(message) {
  return Object.assign(new Error(message), { code: 'CALLBACK_CLOSED' });
}
