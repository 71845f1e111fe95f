// The benchmark's load generator: closed-loop HTTP/1.1 clients on loopback, one Node process.
//
//     node bench/loadgen.js PHASE.json OUT.json   (bench/load.py writes the one, reads the other)
//
// A Python client process per core is weaker than the servers it loads (its CPU per request is
// of the order of the service's), so the load comes from one Node event loop holding every
// connection, with a minimal HTTP/1.1 client on raw sockets (keep-alive, Content-Length or
// chunked answers). It reports the CPU it used, so the benchmark can say what the load cost.
//
// Every slot is one game in play at a time (a 2-seat table): one connection per seat, at most
// one request of the slot in flight, except for `stream`, where each seat is its own client.
// Kinds:
//   move     POST /games/{id}/moves, the tiny engine's fixed cycle (bench/fixtures.py), with
//            expected_version, a fresh move_id and Prefer: return=minimal
//   append   POST /bare/{id}/append, the same body (the bare Flask app, the asyncio floor)
//   read     GET /games/{id}, the seats in turn
//   bare_read GET /bare/{id}/read
//   stream   Tic Tac Trek: each seat follows GET /games/{id}/stream (server-sent events) and posts
//            a random legal move when the stream's view says the seat is awaited; at the game's
//            end the server ends the stream and the next table's goes on the same connection
//   poll     Tic Tac Trek: GET /games/{id} as the seat to move, then POST its move (an ideal
//            poller: the next GET comes right after the move is confirmed)
//   socket   Tic Tac Trek as `stream`, the stream taken as a WebSocket (GET /games/{id}/stream
//            with Upgrade: websocket): each seat sends its move on it when its view says the seat
//            is awaited, and is answered on it; at the game's end the server closes it and the
//            next table's is a new connection
// A slot holds a list of games: `per_game` moves on one (or the game's end) and it takes the next.
'use strict';
const net = require('net');
const crypto = require('crypto');
const fs = require('fs');

const cfg = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
// `ports`: several API nodes; each connection keeps to one, taken in turn (a 2-seat slot's seats
// on different nodes, as behind a proxy without affinity)
const PORTS = cfg.ports && cfg.ports.length ? cfg.ports : [cfg.port];
let portsGiven = 0;
const HOST = '127.0.0.1';
const ID = Math.random().toString(36).slice(2, 10);

const stats = {
  ops: 0, opsTotal: 0, requests: 0, views: 0, lat: [], statuses: {}, errors: [],
  exhausted: 0, conflicts: 0,
};
let t0 = 0, measureFrom = 0, stopAt = 0, stopping = false, cpuAtWindow = null, cpuWindow = null;
const now = () => performance.now() / 1000;

function note(status) {
  stats.statuses[status] = (stats.statuses[status] || 0) + 1;
}
function error(msg) {
  if (stats.errors.length < 10) stats.errors.push(String(msg).slice(0, 300));
}

// --- a minimal HTTP/1.1 client ------------------------------------------------------------------
class Conn {
  constructor() {
    this.port = PORTS[portsGiven++ % PORTS.length];
    this.sock = null;
    this.cb = null;
    this.chunks = [];
    this.buf = null;
  }
  open() {
    this.sock = net.connect(this.port, HOST);
    this.sock.setNoDelay(true);
    this.buf = Buffer.alloc(0);
    this.sock.on('data', (d) => this.onData(d));
    this.sock.on('error', (e) => this.fail(e));
    this.sock.on('close', () => this.fail(new Error('connection closed')));
  }
  request(method, path, headers, body, cb) {
    if (this.sock === null || this.sock.destroyed) this.open();
    this.cb = cb;
    this.sent = now();
    let head = `${method} ${path} HTTP/1.1\r\nHost: ${HOST}:${this.port}\r\n${headers}`;
    if (body !== null) {
      head += `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    } else {
      head += '\r\n';
    }
    stats.requests++;
    this.sock.write(head);
  }
  fail(e) {
    if (this.sock) this.sock.destroy();
    this.sock = null;
    const cb = this.cb;
    this.cb = null;
    if (cb) {
      error(e.message);
      cb(-1, null, this.sent);
    }
  }
  onData(d) {
    this.buf = this.buf.length ? Buffer.concat([this.buf, d]) : d;
    for (;;) {
      const end = this.buf.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = this.buf.toString('latin1', 0, end);
      const status = parseInt(head.slice(9, 12), 10);
      const lower = head.toLowerCase();
      let body, rest;
      const m = /\r\ncontent-length:\s*(\d+)/.exec(lower);
      if (m) {
        const len = parseInt(m[1], 10);
        if (this.buf.length < end + 4 + len) return;
        body = this.buf.subarray(end + 4, end + 4 + len);
        rest = this.buf.subarray(end + 4 + len);
      } else if (lower.includes('transfer-encoding: chunked')) {
        const parts = [];
        let at = end + 4;
        for (;;) {
          const lineEnd = this.buf.indexOf('\r\n', at);
          if (lineEnd < 0) return;
          const size = parseInt(this.buf.toString('latin1', at, lineEnd), 16);
          if (this.buf.length < lineEnd + 2 + size + 2) return;
          if (size === 0) { at = lineEnd + 4; break; }
          parts.push(this.buf.subarray(lineEnd + 2, lineEnd + 2 + size));
          at = lineEnd + 2 + size + 2;
        }
        body = Buffer.concat(parts);
        rest = this.buf.subarray(at);
      } else {
        body = Buffer.alloc(0);  // no body (204, 304) or read-until-close: not used here
        rest = this.buf.subarray(end + 4);
      }
      this.buf = Buffer.from(rest);
      if (lower.includes('\r\nconnection: close')) {
        this.sock.destroy();
        this.sock = null;
      }
      const cb = this.cb;
      this.cb = null;
      if (cb) cb(status, body, this.sent);
    }
  }
  close() {
    this.cb = null;
    if (this.sock) this.sock.destroy();
    this.sock = null;
  }
}

// A server-sent event stream: GET, then a chunked body read as it comes, cut into events. When
// the server ends the answer (a finished game's stream does), `onEnd` gets the connection, still
// open, for the next request, as an HTTP client's pool keeps it; otherwise null.
class Sse {
  constructor(port, path, headers, onEvent, onEnd, sock = null) {
    this.port = port;
    this.onEvent = onEvent;
    this.onEnd = onEnd;
    this.text = '';
    this.raw = Buffer.alloc(0);
    this.headDone = false;
    this.chunked = false;
    this.closed = false;
    if (sock === null) {
      sock = net.connect(this.port, HOST);
      sock.setNoDelay(true);
    }
    this.sock = sock;
    this.sock.on('data', (d) => this.onData(d));
    this.sock.on('error', (e) => { error(`stream: ${e.message}`); this.end(); });
    this.sock.on('close', () => this.end());
    stats.requests++;
    this.sock.write(`GET ${path} HTTP/1.1\r\nHost: ${HOST}:${this.port}\r\nAccept: text/event-stream\r\n${headers}\r\n`);
  }
  end() {
    if (this.closed) return;
    this.closed = true;
    this.sock.destroy();
    this.onEnd(null);
  }
  finished() {  // the answer is complete: the connection goes to whoever asks next
    if (this.closed) return;
    this.closed = true;
    for (const name of ['data', 'error', 'close']) this.sock.removeAllListeners(name);
    this.onEnd(this.sock);
  }
  close() {
    this.closed = true;
    this.sock.destroy();
  }
  onData(d) {
    this.raw = this.raw.length ? Buffer.concat([this.raw, d]) : d;
    if (this.failed) return;
    if (!this.headDone) {
      const end = this.raw.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = this.raw.toString('latin1', 0, end).toLowerCase();
      const status = parseInt(head.slice(9, 12), 10);
      note(`stream ${status}`);
      if (status !== 200) {  // read the error's body (chunked or not), then close
        this.failed = status;
        setTimeout(() => { error(`stream answered ${status}: ${this.raw.toString('utf8', end + 4, end + 400)}`); this.end(); }, 200);
        return;
      }
      this.chunked = head.includes('transfer-encoding: chunked');
      this.headDone = true;
      this.raw = this.raw.subarray(end + 4);
    }
    let complete = false;   // the answer's last chunk came: its events go first, then the end
    if (this.chunked) {
      let at = 0;
      for (;;) {
        const lineEnd = this.raw.indexOf('\r\n', at);
        if (lineEnd < 0) break;
        const size = parseInt(this.raw.toString('latin1', at, lineEnd), 16);
        if (this.raw.length < lineEnd + 2 + size + 2) break;
        if (size === 0) { complete = true; at = this.raw.length; break; }
        this.text += this.raw.toString('utf8', lineEnd + 2, lineEnd + 2 + size);
        at = lineEnd + 2 + size + 2;
      }
      this.raw = this.raw.subarray(at);
    } else {
      this.text += this.raw.toString('utf8');
      this.raw = Buffer.alloc(0);
    }
    let cut;
    while (!this.closed && (cut = this.text.indexOf('\n\n')) >= 0) {
      const block = this.text.slice(0, cut);
      this.text = this.text.slice(cut + 2);
      let event = 'message', data = [], id = null;
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
        else if (field === 'id') id = value;
      }
      if (data.length) this.onEvent(event, data.join('\n'), id);
    }
    if (complete) this.finished();
  }
}

// A WebSocket client (RFC 6455): the handshake, masked text frames out, the server's frames in
// (text, ping, close). `onMessage` gets each text message; `onEnd` the close code (or -1).
class Ws {
  constructor(port, path, headers, onMessage, onEnd) {
    this.onMessage = onMessage;
    this.onEnd = onEnd;
    this.raw = Buffer.alloc(0);
    this.headDone = false;
    this.closed = false;
    this.sock = net.connect(port, HOST);
    this.sock.setNoDelay(true);
    this.sock.on('data', (d) => this.onData(d));
    this.sock.on('error', (e) => { error(`socket: ${e.message}`); this.end(-1); });
    this.sock.on('close', () => this.end(-1));
    stats.requests++;
    const key = crypto.randomBytes(16).toString('base64');
    this.sock.write(`GET ${path} HTTP/1.1\r\nHost: ${HOST}:${port}\r\nUpgrade: websocket\r\n` +
      `Connection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n${headers}\r\n`);
  }
  send(text) {
    const payload = Buffer.from(text, 'utf8');
    const n = payload.length;
    const head = n < 126 ? Buffer.from([0x81, 0x80 | n]) : Buffer.from([0x81, 0x80 | 126, n >> 8, n & 255]);
    const mask = crypto.randomBytes(4);
    for (let i = 0; i < n; i++) payload[i] ^= mask[i & 3];
    this.sock.write(Buffer.concat([head, mask, payload]));
  }
  frame(opcode, payload) {
    const mask = crypto.randomBytes(4);
    for (let i = 0; i < payload.length; i++) payload[i] ^= mask[i & 3];
    this.sock.write(Buffer.concat([Buffer.from([0x80 | opcode, 0x80 | payload.length]), mask, payload]));
  }
  end(code) {
    if (this.closed) return;
    this.closed = true;
    this.sock.destroy();
    this.onEnd(code);
  }
  close() { this.closed = true; this.sock.destroy(); }
  onData(d) {
    this.raw = this.raw.length ? Buffer.concat([this.raw, d]) : d;
    if (!this.headDone) {
      const end = this.raw.indexOf('\r\n\r\n');
      if (end < 0) return;
      const status = parseInt(this.raw.toString('latin1', 9, 12), 10);
      note(`socket ${status}`);
      if (status !== 101) {
        error(`socket answered ${status}: ${this.raw.toString('utf8', end + 4, end + 300)}`);
        return this.end(-1);
      }
      this.headDone = true;
      this.raw = this.raw.subarray(end + 4);
    }
    while (!this.closed && this.raw.length >= 2) {
      const opcode = this.raw[0] & 15;
      let n = this.raw[1] & 127, at = 2;
      if (n === 126) { if (this.raw.length < 4) return; n = this.raw.readUInt16BE(2); at = 4; }
      else if (n === 127) { if (this.raw.length < 10) return; n = Number(this.raw.readBigUInt64BE(2)); at = 10; }
      if (this.raw.length < at + n) return;
      const payload = this.raw.subarray(at, at + n);
      this.raw = this.raw.subarray(at + n);
      if (opcode === 1) this.onMessage(payload.toString('utf8'));
      else if (opcode === 9) this.frame(10, Buffer.from(payload));
      else if (opcode === 8) {
        const code = n >= 2 ? payload.readUInt16BE(0) : 1005;
        this.frame(8, Buffer.from(payload.subarray(0, 2)));
        return this.end(code);
      }
    }
  }
}

// --- what the clients send ----------------------------------------------------------------------
function nextTiny(version, lead) {  // bench/fixtures.py next_move
  if (version <= lead) return [0, { type: 'add' }];
  const k = (version - lead - 1) % 4;
  if (k < 2) return [k, { type: 'end' }];
  return [k - 2, { type: 'choose', n: version % 10 }];
}

let moveIds = 0;
function moveBody(move, version) {
  return JSON.stringify({ move, expected_version: version, move_id: `${ID}-${++moveIds}` });
}
const auth = (token) => `Authorization: Bearer ${token}\r\n`;
const MINIMAL = 'Prefer: return=minimal\r\n';

function concrete(option) {  // docs/examples/play_by_stream.py concrete()
  const move = Object.assign({}, option.move);
  for (const [name, part] of Object.entries(option.choose || {})) {
    if (part.one_of) move[name] = part.one_of[Math.floor(Math.random() * part.one_of.length)];
    else {
      const items = part.subset.slice();
      const k = Math.min(part.max === undefined ? items.length : part.max, items.length);
      move[name] = items.slice(0, Math.max(part.min || 0, Math.floor(Math.random() * (k + 1))));
    }
  }
  return move;
}
const pick = (list) => list[Math.floor(Math.random() * list.length)];

function answered(status, sent, counted) {
  const t = now();
  note(status);
  if (counted && status >= 200 && status < 300) {
    stats.opsTotal++;
    if (t >= measureFrom && t <= stopAt) {
      stats.ops++;
      stats.lat.push(1000 * (t - sent));
    }
  }
}

// --- the slots ----------------------------------------------------------------------------------
const versions = {};
let inflight = 0;
const live = [];

class Slot {
  constructor(spec) {
    this.games = spec.games;
    this.perGame = spec.per_game || null;
    this.index = 0;
    this.done = 0;
    this.conns = [new Conn(), new Conn()];
    this.turn = 0;
    for (const g of this.games) versions[g.gid] = g.version;
  }
  get game() { return this.games[this.index]; }
  nextGame() {
    this.index++;
    this.done = 0;
    if (this.index >= this.games.length) { stats.exhausted++; this.index = -1; return false; }
    return true;
  }
  step() {
    if (stopping || this.index < 0) return;
    if (this.perGame !== null && this.done >= this.perGame && !this.nextGame()) return;
    const g = this.game;
    inflight++;
    if (cfg.kind === 'move' || cfg.kind === 'append') {
      const [seat, move] = nextTiny(g.version, g.lead || 0);
      const path = cfg.kind === 'move' ? `/games/${g.gid}/moves` : `/bare/${g.gid}/append`;
      this.conns[seat].request('POST', path, auth(g.tokens[seat]) + MINIMAL, moveBody(move, g.version),
        (status, body, sent) => {
          inflight--;
          answered(status, sent, true);
          if (status === 200) {
            g.version++;
            this.done++;
          } else if (cfg.kind === 'move' && body && body.length) {
            stats.conflicts++;
            try { const v = JSON.parse(body).version; if (v) g.version = v; } catch (e) { /* keep */ }
            if (stats.conflicts < 5 || status >= 500) error(`move ${status}: ${body.toString().slice(0, 200)}`);
          }
          versions[g.gid] = g.version;
          this.step();
        });
    } else {  // read, bare_read
      const seat = this.turn++ % 2;
      const path = cfg.kind === 'read' ? `/games/${g.gid}` : `/bare/${g.gid}/read`;
      this.conns[seat].request('GET', path, auth(g.tokens[seat]), null, (status, body, sent) => {
        inflight--;
        answered(status, sent, true);
        if (status !== 200 && stats.errors.length < 5) error(`read ${status}: ${body}`);
        this.step();
      });
    }
  }
  close() { for (const c of this.conns) c.close(); }
}

// Tic Tac Trek by polling: GET as the seat to move, then POST.
class PollSlot extends Slot {
  step(seat = 0) {
    if (stopping || this.index < 0) return;
    const g = this.game;
    inflight++;
    this.conns[seat].request('GET', `/games/${g.gid}`, auth(g.tokens[seat]), null, (status, body, sent) => {
      inflight--;
      answered(status, sent, false);
      if (status !== 200) { error(`poll ${status}: ${body}`); return this.later(seat); }
      const view = JSON.parse(body);
      stats.views++;
      if (view.result !== null) { if (this.nextGame()) this.step(0); return; }
      if (!view.awaited.includes(seat) || !view.legal_moves.length) return this.step(view.awaited[0] ?? seat);
      if (stopping) return;
      const move = concrete(pick(view.legal_moves));
      inflight++;
      this.conns[seat].request('POST', `/games/${g.gid}/moves`, auth(g.tokens[seat]) + MINIMAL,
        moveBody(move, view.version), (status2, body2, sent2) => {
          inflight--;
          answered(status2, sent2, true);
          if (status2 !== 200) { error(`poll move ${status2}: ${body2}`); return this.step(seat); }
          const answer = JSON.parse(body2);
          if (answer.result !== null) { if (this.nextGame()) this.step(0); return; }
          this.step(answer.awaited[0] ?? seat);
        });
    });
  }
  later(seat) { setTimeout(() => this.step(seat), 10); }
}

// Tic Tac Trek by following the live stream: each seat its own client.
class StreamSeat {
  constructor(slot, seat) {
    this.slot = slot;
    this.seat = seat;
    this.index = 0;
    this.conn = new Conn();
    this.sse = null;
    this.posting = false;
    this.posted = -1;     // the version our last move was meant for
    this.pending = null;  // a view that arrived while a move was in flight
  }
  get game() { return this.slot.games[this.index]; }
  open(sock = null) {
    if (stopping || this.index >= this.slot.games.length) {
      if (sock) sock.destroy();
      if (!stopping) stats.exhausted++;
      return;
    }
    const g = this.game, index = this.index;
    let over = false;
    this.sse = new Sse(this.conn.port, `/games/${g.gid}/stream`, auth(g.tokens[this.seat]),
      (event, data) => {
        if (event !== 'view' || index !== this.index) return;
        const view = JSON.parse(data);
        if (view.result !== null) over = true;
        this.onView(view);
      },
      (kept) => {
        if (!stopping && index === this.index && over) {  // the game's end ends its stream
          this.index++;
          this.posted = -1;
          this.pending = null;
          this.open(kept);   // the next table's stream on the same connection
          return;
        }
        if (kept) kept.destroy();
        if (!stopping && index === this.index) { error('stream ended early'); setTimeout(() => this.open(), 50); }
      }, sock);
  }
  onView(view) {
    stats.views++;
    if (this.posting) { this.pending = view; return; }
    if (view.result !== null) return;   // the stream ends after it: see open()
    if (!view.awaited.includes(this.seat) || !view.legal_moves.length || view.version <= this.posted) return;
    if (stopping) return;
    const g = this.game;
    this.posting = true;
    this.posted = view.version;
    inflight++;
    this.conn.request('POST', `/games/${g.gid}/moves`, auth(g.tokens[this.seat]) + MINIMAL,
      moveBody(concrete(pick(view.legal_moves)), view.version), (status, body, sent) => {
        inflight--;
        this.posting = false;
        answered(status, sent, true);
        if (status !== 200 && status !== 409) error(`stream move ${status}: ${body}`);
        if (status === 409) stats.conflicts++;
        const pending = this.pending;
        this.pending = null;
        if (pending) this.onView(pending);
      });
  }
  close() { if (this.sse) this.sse.close(); this.conn.close(); }
}

// Tic Tac Trek on a WebSocket stream: each seat its own client, its moves sent on its stream.
class SocketSeat {
  constructor(slot, seat) {
    this.slot = slot;
    this.seat = seat;
    this.index = 0;
    this.ws = null;
    this.posting = false;
    this.posted = -1;
    this.pending = null;
    this.sent = 0;
  }
  get game() { return this.slot.games[this.index]; }
  open() {
    if (stopping || this.index >= this.slot.games.length) {
      if (!stopping) stats.exhausted++;
      return;
    }
    const g = this.game, index = this.index;
    let over = false;
    this.ws = new Ws(PORTS[(portsGiven++) % PORTS.length], `/games/${g.gid}/stream`, auth(g.tokens[this.seat]),
      (text) => {
        if (index !== this.index) return;
        const m = JSON.parse(text);
        if (m.type === 'view') {
          if (m.view.result !== null) over = true;
          this.onView(m.view);
        } else if (m.type === 'moved' || m.type === 'error') {
          inflight--;
          this.posting = false;
          const status = m.type === 'moved' ? 200 : (m.code === 'stale_version' ? 409 : 400);
          answered(status, this.sent, true);
          if (status === 409) stats.conflicts++;
          else if (status !== 200) error(`socket move: ${text.slice(0, 200)}`);
          const pending = this.pending;
          this.pending = null;
          if (pending) this.onView(pending);
        }
      },
      (code) => {
        if (this.posting) { inflight--; this.posting = false; }
        if (!stopping && index === this.index && over) {  // the game's end closes its stream
          this.index++;
          this.posted = -1;
          this.pending = null;
          this.open();
          return;
        }
        if (!stopping && index === this.index) { error(`socket closed early (${code})`); setTimeout(() => this.open(), 50); }
      });
  }
  onView(view) {
    stats.views++;
    if (this.posting) { this.pending = view; return; }
    if (view.result !== null) return;
    if (!view.awaited.includes(this.seat) || !view.legal_moves.length || view.version <= this.posted) return;
    if (stopping) return;
    this.posting = true;
    this.posted = view.version;
    inflight++;
    this.sent = now();
    stats.requests++;
    this.ws.send(`{"type":"move",${moveBody(concrete(pick(view.legal_moves)), view.version).slice(1)}`);
  }
  close() { if (this.ws) this.ws.close(); }
}

function finish() {
  const cpu = process.cpuUsage();
  const out = {
    ops: stats.ops, ops_total: stats.opsTotal, window: cfg.duration, requests: stats.requests,
    views: stats.views, statuses: stats.statuses, errors: stats.errors, exhausted: stats.exhausted,
    conflicts: stats.conflicts, versions,
    cpu_window: cpuWindow ? (cpuWindow.user + cpuWindow.system) / 1e6 : 0,
    cpu_total: (cpu.user + cpu.system) / 1e6,
    lat: stats.lat.map((x) => Math.round(x * 1000) / 1000),
  };
  fs.writeFileSync(process.argv[3], JSON.stringify(out));
  process.exit(0);
}

function main() {
  for (const spec of cfg.slots) {
    if (cfg.kind === 'stream' || cfg.kind === 'socket') {
      const slot = { games: spec.games };
      const Seat = cfg.kind === 'stream' ? StreamSeat : SocketSeat;
      for (const seat of [0, 1]) live.push(new Seat(slot, seat));
    } else {
      live.push(cfg.kind === 'poll' ? new PollSlot(spec) : new Slot(spec));
    }
  }
  // idle spectators: live streams of other games (nobody moves in them), opened before the load
  // and held (no token: a spectator's)
  const idle = [];
  for (let i = 0; i < (cfg.idle_streams || 0); i++) {
    const gid = cfg.idle_games[i % cfg.idle_games.length];
    idle.push(new Sse(PORTS[portsGiven++ % PORTS.length], `/games/${gid}/stream`, '', () => { stats.views++; }, (kept) => { if (kept) kept.destroy(); }));
  }
  live.push({ close: () => { for (const s of idle) s.close(); }, step: () => {} });
  t0 = now();
  measureFrom = t0 + cfg.warmup;
  stopAt = measureFrom + cfg.duration;
  for (const s of live) (s.open ? s.open() : s.step());
  setTimeout(() => { cpuAtWindow = process.cpuUsage(); }, 1000 * cfg.warmup);
  setTimeout(() => {
    cpuWindow = process.cpuUsage(cpuAtWindow);
    stopping = true;
    for (const s of live) if (s.sse) s.sse.close();   // a socket stays open for its answers
    const waitUntil = now() + 10;
    const wait = () => {
      if (inflight <= 0 || now() > waitUntil) {
        for (const s of live) s.close();
        finish();
      } else setTimeout(wait, 5);
    };
    wait();
  }, 1000 * (cfg.warmup + cfg.duration));
}

main();
