// boardgame.io 0.50 for the serving-model comparison: its server with in-memory storage, and
// clients on its normal client path (boardgame.io/client over its socket.io transport).
//
//     node bench/bgio.js server PORT
//     node bench/bgio.js client PORT PHASE.json OUT.json
//
// NODE_PATH names the node_modules that `npm install boardgame.io@0.50` made (bench/bgio.py,
// outside the repository). The game is the least a 2-seat game can be: one move, `bump`, that
// adds one to a counter and ends the turn. The move is `client: false`, so a client waits for the
// server's answer (no optimistic update): a move counts once the mover's client receives the
// state the server computed after it. One match per slot, both seats playing: the seat whose turn
// it is bumps as soon as it sees the state.
'use strict';
const fs = require('fs');
const http = require('http');

const Counter = {
  name: 'counter',
  setup: () => ({ n: 0 }),
  moves: { bump: { move: ({ G }) => { G.n += 1; }, client: false } },
  turn: { minMoves: 1, maxMoves: 1 },
};

function server(port) {
  const { Server } = require('boardgame.io/server');
  const s = Server({ games: [Counter], origins: [/.*/] });
  s.router.get('/healthz', (ctx) => { ctx.body = 'ok'; });
  s.run(port);
}

function post(port, path, body) {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = http.request({ host: '127.0.0.1', port, path, method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) } },
    (res) => {
      const parts = [];
      res.on('data', (d) => parts.push(d));
      res.on('end', () => {
        const text = Buffer.concat(parts).toString();
        if (res.statusCode !== 200) reject(new Error(`${path}: ${res.statusCode} ${text}`));
        else resolve(JSON.parse(text));
      });
    });
    req.on('error', reject);
    req.end(data);
  });
}

async function client(port, phasePath, outPath) {
  const { Client } = require('boardgame.io/client');
  const { SocketIO } = require('boardgame.io/multiplayer');
  const cfg = JSON.parse(fs.readFileSync(phasePath, 'utf8'));
  const stats = { ops: 0, opsTotal: 0, lat: [], errors: [] };
  const now = () => performance.now() / 1000;
  let measureFrom = Infinity, stopAt = Infinity, stopping = false;
  const clients = [];
  const seats = [];
  for (let i = 0; i < cfg.games; i++) {
    const { matchID } = await post(port, '/games/counter/create', { numPlayers: 2 });
    for (const playerID of ['0', '1']) {
      const { playerCredentials } = await post(port, `/games/counter/${matchID}/join`,
        { playerID, playerName: `p${playerID}` });
      const c = Client({ game: Counter, matchID, playerID, credentials: playerCredentials,
        multiplayer: SocketIO({ server: `http://127.0.0.1:${port}` }), debug: false });
      const seat = { c, playerID, n: -1, sent: null };
      c.subscribe((state) => {
        if (!state || stopping) return;
        const n = state.G.n;
        if (n <= seat.n) return;
        if (seat.sent !== null && n > seat.n && seat.n >= 0) {  // our move came back
          const t = now();
          stats.opsTotal += 1;
          if (t >= measureFrom && t <= stopAt) { stats.ops += 1; stats.lat.push(1000 * (t - seat.sent)); }
          seat.sent = null;
        }
        seat.n = n;
        if (state.ctx.currentPlayer === playerID && state.isActive) {
          seat.sent = now();
          c.moves.bump();
        }
      });
      clients.push(c);
      seats.push(seat);
    }
  }
  const cpu0 = process.cpuUsage();
  const t0 = now();
  measureFrom = t0 + cfg.warmup;
  stopAt = measureFrom + cfg.duration;
  let cpuAt = null, cpuWindow = null;
  for (const c of clients) c.start();
  setTimeout(() => { cpuAt = process.cpuUsage(); }, 1000 * cfg.warmup);
  setTimeout(() => {
    cpuWindow = process.cpuUsage(cpuAt);
    stopping = true;
    for (const c of clients) c.stop();
    const cpu = process.cpuUsage(cpu0);
    fs.writeFileSync(outPath, JSON.stringify({
      ops: stats.ops, ops_total: stats.opsTotal, window: cfg.duration, requests: stats.opsTotal,
      views: 0, statuses: { 200: stats.opsTotal }, errors: stats.errors, exhausted: 0,
      conflicts: 0, versions: {}, cpu_window: (cpuWindow.user + cpuWindow.system) / 1e6,
      cpu_total: (cpu.user + cpu.system) / 1e6,
      lat: stats.lat.map((x) => Math.round(x * 1000) / 1000),
    }));
    process.exit(0);
  }, 1000 * (cfg.warmup + cfg.duration));
}

const [mode, port, ...rest] = process.argv.slice(2);
if (mode === 'server') server(parseInt(port, 10));
else client(parseInt(port, 10), rest[0], rest[1]).catch((e) => { console.error(e); process.exit(1); });
