// One game's page (/play/{id} and /watch/{id}): a seat plays there, and anyone follows the game
// live (server-sent events, reconnected with a fresh ticket) and replays it (any step, from a
// side the service allows). Everything drawn here is exactly what the API answered for the chosen
// side: the page never combines sides or guesses hidden parts.
//
// The renderer contract: the engine's module /renderers/<engine>.js exports
// `render(container, view, context)`; `container` is empty, `view` is the engine's view() for
// the side being watched, and `context` is built by `contextFor` below. When the page speaks for
// a seat whose turn it is, the move builder (moves.js) makes the renderer's pieces the controls;
// the renderer's optional `piece` export says which element stands for which part of a move.
import * as kit from "./kit.js";
import { get, post, engineTitles } from "./api.js";
import * as fallback from "./fallback.js";
import { MoveBuilder, canon } from "./moves.js";
import { tokenFor as heldToken, keepToken, forgetToken, playUrl } from "./seats.js";
import { inviteList } from "./invites.js";
import { Clocks, onTimeoutText } from "./clock.js";

const { h, s } = kit;
const $ = (id) => document.getElementById(id);
const gid = decodeURIComponent(location.pathname.replace(/\/+$/, "").split("/").pop());
const base = `/games/${encodeURIComponent(gid)}`;

const st = {
  token: heldToken(gid),
  me: { seat: null, operator: false },   // who the token proves: a seat, or the operator
  engine: null, title: "", players: 0, seats: [], readOnly: false,
  version: 0, over: false, result: null,
  renderer: fallback,
  mode: "live", perspective: "spectator", at: 1,
  log: new Map(),            // version -> record, as the current perspective may see it
  undoneBy: new Map(),       // version -> the undo record's version that took it back
  lastSeen: 0,               // the last version received: `since` on every (re)connect
  source: null, streamGen: 0, retryMs: 500, reconnectTimer: null,
  frameSeq: 0, frame: null,
  open: false, rematch: null,     // an open table (free seats anyone may take); the rematch's id
  builder: null, posting: false,  // the move builder of the seat's own page; a move on its way
  baseTitle: document.title, rematchMade: null,
};

// --- sides --------------------------------------------------------------------------------------
const clocks = new Clocks();   // a clocked table's time left per seat, counted down between views
const ownSeat = () => (st.token && st.me.seat !== null ? String(st.me.seat) : null);

/** The bearer token a request for this side carries: none for the public side. */
function tokenFor(perspective) {
  return perspective === "spectator" ? null : st.token;
}

/** The sides the service allows this viewer now; others are not offered. */
function allowedSides() {
  const sides = [["spectator", "Spectator (public side)"]];
  for (let i = 0; i < st.players; i++) {
    if (String(i) === ownSeat() || st.over || st.me.operator) {
      sides.push([String(i), `${seatName(i)}${String(i) === ownSeat() ? "" : "'s side"}`]);
    }
  }
  if (st.over || st.me.operator) sides.push(["all", "Everything (open view)"]);
  return sides;
}

function fillPerspectives() {
  const select = $("perspective");
  const sides = allowedSides();
  if (!sides.some(([v]) => v === st.perspective)) st.perspective = ownSeat() ?? "spectator";
  select.replaceChildren(...sides.map(([value, label]) =>
    h("option", { value, selected: value === st.perspective }, label)));
  select.disabled = sides.length < 2;
  $("perspective-hint").textContent = st.over || st.me.operator ? ""
    : "other seats' sides open once the game is over";
}

function seatName(i) {
  if (typeof i !== "number") return i === "system" ? "the table" : String(i);
  const seat = st.seats[i] || {};
  const who = seat.name || (seat.kind === "bot" ? `${seat.bot || ""} bot`.trim() : null);
  const you = String(i) === ownSeat() ? " (you)" : "";
  return `Seat ${i}${who ? ` · ${who}` : ""}${you}`;
}

// --- frames: one drawable answer of the API -------------------------------------------------------
function frameOfGame(body, perspective) {
  return { state: body.state, active: body.active, awaited: body.awaited, result: body.result,
           at: body.version, version: body.version, viewer: perspective === "all" ? "all" : body.seat,
           record: st.log.get(body.version) || null, undoneBy: null, legalMoves: body.legal_moves,
           undo: body.undo || null, perspective, live: true };
}

function frameOfReplay(body, perspective) {
  return { state: body.state, active: body.active, awaited: null, result: body.result,
           at: body.at, version: body.version, viewer: body.viewer, record: body.record,
           undoneBy: body.undone_by, legalMoves: [], perspective };
}

function noteGame(body) {
  st.engine = body.engine;
  st.seats = body.seats;
  if ("clock" in body) clocks.update(body.clock);
  st.players = body.seats.length;
  st.readOnly = body.read_only;
  st.open = !!body.open;
  if (body.rematch) st.rematch = body.rematch;
  st.version = Math.max(st.version, body.version);
  st.result = body.result;
  if (body.result && !st.over) {
    st.over = true;
    fillPerspectives();
  }
}

/** The newest state from a side: GET /games/{id} where it can say it, else the replay's end. */
async function liveFrame(perspective) {
  if (perspective === "spectator" || perspective === ownSeat()) {
    const body = await get(base, tokenFor(perspective));
    noteGame(body);
    return frameOfGame(body, perspective);
  }
  if (perspective === "all") {
    const body = await get(`${base}?as=all`, st.token);
    noteGame(body);
    return frameOfGame(body, perspective);
  }
  return replayFrame(perspective, st.version);
}

async function replayFrame(perspective, at) {
  const side = perspective === "spectator" || perspective === ownSeat() ? "" : `&as=${perspective}`;
  const body = await get(`${base}/replay?at=${at}${side}`, tokenFor(perspective));
  st.version = Math.max(st.version, body.version);
  return frameOfReplay(body, perspective);
}

async function show(load) {
  const seq = ++st.frameSeq;
  try {
    const frame = await load();
    if (seq === st.frameSeq) draw(frame);
  } catch (e) {
    if (seq !== st.frameSeq) return;
    if (e.status === 403) {
      // a side the service does not allow (yet): say why and fall back to the viewer's own
      notice(`${e.message} Showing ${ownSeat() !== null ? "your seat's" : "the public"} side.`);
      st.perspective = ownSeat() ?? "spectator";
      fillPerspectives();
      restartFeed();
      refresh();
    } else {
      notice(e.message);
    }
  }
}

function refresh() {
  if (st.mode === "live") return show(() => liveFrame(st.perspective));
  return show(() => replayFrame(st.perspective, st.at));
}

// --- drawing ------------------------------------------------------------------------------------
function contextFor(frame) {
  return {
    engine: st.engine, title: st.title, mode: st.mode,
    viewer: frame.viewer,                 // a seat, null (spectator) or "all"
    players: st.players, seats: st.seats,
    active: frame.active || [], awaited: frame.awaited, result: frame.result,
    at: frame.at, version: st.version, record: frame.record, undoneBy: frame.undoneBy,
    legalMoves: frame.legalMoves || [],
    playing: playsHere(frame),            // the page makes this seat's moves (its pieces are controls)
    seatName, seatColour: kit.seatColour,
    kit,
  };
}

function draw(frame) {
  st.frame = frame;
  const context = contextFor(frame);
  const board = $("board");
  board.replaceChildren();
  board.dataset.at = frame.at;
  board.dataset.viewer = frame.viewer === null ? "spectator" : String(frame.viewer);
  try {
    st.renderer.render(board, frame.state, context);
  } catch (e) {
    console.error(e);
    board.replaceChildren();
    fallback.render(board, frame.state, context);
    notice(`The drawing of this game failed (${e.message}); showing its view as JSON.`);
  }
  const banner = $("undone-banner");
  banner.hidden = !frame.undoneBy;
  banner.textContent = frame.undoneBy
    ? `Step ${frame.at} was taken back by step ${frame.undoneBy}: this is how it stood before the undo.` : "";
  $("board").classList.toggle("undone", !!frame.undoneBy);
  drawSeats(frame);
  drawRecord(frame);
  drawSteps();
  drawReplayBar();
  drawStatus();
  drawPlay(frame, context);
}

// --- playing: the seat's own page ------------------------------------------------------------------
/** Whether this frame is the live view of the seat this page speaks for. */
function playsHere(frame) {
  return !!frame && frame.live && st.mode === "live" && ownSeat() !== null && !st.me.operator
    && frame.perspective === ownSeat() && !st.readOnly;
}

const mySeat = () => (ownSeat() === null ? null : Number(ownSeat()));
const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function drawPlay(frame, context) {
  const playing = playsHere(frame);
  const me = mySeat();
  const over = !!frame.result;
  const awaited = frame.awaited || frame.active || [];
  const active = frame.active || [];
  const myTurn = playing && !over && awaited.includes(me);
  const chosen = playing && !over && !myTurn && active.includes(me);   // a simultaneous step
  const moves = playing && !over ? frame.legalMoves || [] : [];
  document.body.dataset.version = String(frame.version);
  document.body.dataset.seat = playing ? String(me) : "";
  document.body.dataset.turn = over ? "over" : myTurn ? "you" : chosen ? "chosen" : "wait";

  // whose turn it is, for everyone; the seat's own in words
  const others = awaited.filter((x) => x !== me);
  let line;
  if (st.mode !== "live") line = `Replay: step ${frame.at} of ${st.version}`;
  else if (over) line = "Game over";
  else if (myTurn) line = others.length ? `Your turn (also waiting for ${plural(others.length, "other player")})` : "Your turn";
  else if (chosen) line = `You have chosen. Waiting for ${plural(others.length, "player")}: you may change your choice until then.`;
  else if (!awaited.length) line = "";
  else if (awaited.length === 1) line = `Waiting for ${seatName(awaited[0])}`;
  else line = `Waiting for ${plural(awaited.length, "player")}: ${awaited.map(seatName).join(", ")}`;
  $("turn").textContent = line;
  $("turn").dataset.turn = document.body.dataset.turn;
  document.title = `${myTurn ? "● Your turn · " : ""}${st.baseTitle}`;

  // the move builder: the renderer's pieces and the buttons beside the board
  const panel = $("moves");
  if (moves.length && (myTurn || chosen)) {
    const old = st.builder;
    st.builder = new MoveBuilder({ options: moves, renderer: st.renderer, board: $("board"), panel,
                                   context, view: frame.state, send: sendMove, kit });
    if (old && old.signature === st.builder.signature) st.builder.history = old.history;
    st.builder.busy = st.posting;
    st.builder.show();
    $("play").hidden = false;
  } else {
    st.builder = null;
    panel.replaceChildren();
    $("play").hidden = true;
  }

  // undo and restart turn, with how far they reach
  const reach = playing && !over && frame.undo ? frame.undo.steps : 0;
  $("undo-box").hidden = !playing || over;
  $("undo-step").disabled = st.posting || reach < 1;
  $("undo-turn").disabled = st.posting || reach < 2;
  $("undo-step").textContent = reach ? `↶ Undo (${plural(reach, "step")} back possible)` : "↶ Undo";
  $("undo-step").title = reach ? "take back your latest step" : "nothing of yours to take back since the last reveal or another player's move";
  $("undo-turn").textContent = reach > 1 ? `⟲ Restart turn (${plural(reach, "step")})` : "⟲ Restart turn";
  $("undo-box").dataset.steps = String(reach);

  drawSeatOffer(frame);
  drawEnd(frame);
}

function resultText(result) {
  const ranking = (result && result.ranking) || [];
  const first = ranking.filter((r) => r.rank === 1).map((r) => seatName(r.seat).replace(/ \(you\)$/, ""));
  if (!first.length) return "finished";
  const you = ranking.find((r) => r.seat === mySeat());
  const won = you && you.rank === 1;
  return `${first.join(" and ")} ${first.length > 1 ? "share first place" : "wins"}` +
    (you && !won ? ` · you are #${you.rank}` : won ? " · well played!" : "");
}

function playError(text) {
  const el = $("play-error");
  el.textContent = text || "";
  el.hidden = !text;
}

const newMoveId = () => (crypto.randomUUID ? crypto.randomUUID()
  : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`);

/** POST a body the service records at most once (move_id): retried as it is when the outcome
 * is unknown (503 outcome_unknown, or no answer at all). */
async function postOnce(url, body) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await post(url, st.token, body);
    } catch (e) {
      const unknown = e.status === 0 || (e.status === 503 && e.code === "outcome_unknown");
      if (!unknown || attempt >= 5 || (e.status === 0 && !body.move_id)) throw e;
      await new Promise((r) => setTimeout(r, 500 * (attempt + 1)));
    }
  }
}

function setPosting(on) {
  st.posting = on;
  document.body.dataset.busy = on ? "1" : "";
  if (st.builder) st.builder.setBusy(on);
  for (const id of ["undo-step", "undo-turn"]) if (on) $(id).disabled = true;
}

async function sendMove(move) {
  if (st.posting || !st.frame) return;
  const body = { move, expected_version: st.frame.version, move_id: newMoveId() };
  await act(() => postOnce(`${base}/moves`, body));
}

async function undo(to) {
  if (st.posting || !st.frame) return;
  await act(() => post(`${base}/undo`, st.token, { to, expected_version: st.frame.version }));
}

/** A move or an undo: the answer is the seat's new view; a refusal is said beside the board. */
async function act(call) {
  setPosting(true);
  playError("");
  notice("");
  let answer = null;
  try {
    answer = await call();
    if (st.builder) st.builder.history = [];   // made: the next move starts with nothing chosen
  } catch (e) {
    if (e.status === 409 && e.code === "stale_version") {
      playError("The game moved on before your move arrived, so it was not played. The table is " +
                "shown as it stands now: choose again.");
      if (st.builder) st.builder.history = [];
      try { answer = await get(base, st.token); } catch (e2) { notice(e2.message); }
    } else if (e.status === 422) {
      playError(`Not allowed: ${e.message}`);
      if (st.builder) { st.builder.history = []; st.builder.show(); }
    } else {
      playError(e.message);
    }
  } finally {
    setPosting(false);
  }
  if (answer) acceptView(answer);
  else if (st.frame) drawPlay(st.frame, contextFor(st.frame));
}

/** A view of the seat's own side (an answer, or the stream's): drawn unless an newer one is. */
function acceptView(body) {
  noteGame(body);
  if (st.mode !== "live" || !streamIsThisSide()) { drawReplayBar(); drawStatus(); return; }
  const drawn = st.frame && st.frame.live && st.frame.perspective === st.perspective ? st.frame : null;
  if (drawn && body.version < drawn.version) return;
  if (drawn && body.version === drawn.version && canon(body.state) === canon(drawn.state)
      && canon(body.legal_moves || []) === canon(drawn.legalMoves || [])) {
    // the same position (a seat taken, a rematch named): only what changed
    drawn.undo = body.undo || drawn.undo;
    drawSeats(drawn);
    drawPlay(drawn, contextFor(drawn));
    return;
  }
  st.frameSeq++;
  draw(frameOfGame(body, st.perspective));
  if (st.over) {
    closeStream();
    catchUp();
  }
}

/** The records the stream did not bring before it closed (the game ended with this seat's own
 * move, whose answer came first): read from the log, then drawn. */
async function catchUp() {
  const gen = st.streamGen;
  if (st.lastSeen >= st.version) return;
  try {
    const side = st.perspective === "all" ? "&as=all" : "";
    const token = st.perspective === "all" || st.perspective === ownSeat() ? st.token : null;
    const page = await get(`${base}/log?since=${st.lastSeen + 1}&limit=1000${side}`, token);
    if (gen !== st.streamGen) return;
    page.records.forEach(keep);
  } catch (e) {
    return;   // the steps stay as they were; a reload reads them all
  }
  drawSteps();
  if (st.frame) drawRecord(st.frame);
}

// --- a free seat of an open table --------------------------------------------------------------------
function drawSeatOffer(frame) {
  const box = $("seat-offer");
  const free = st.seats.filter((seat) => seat.kind === "human" && !seat.claimed);
  if (!st.open || frame.result || ownSeat() !== null || st.me.operator || !free.length || st.readOnly) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  box.hidden = false;
  box.replaceChildren(h("span", {}, "This table is open: take a free seat and play. "),
    free.map((seat) => h("button", { type: "button", class: "tf-move", "data-seat": seat.seat,
                                     onclick: () => takeSeat(seat.seat) }, `Sit at ${seatName(seat.seat)}`)));
}

async function takeSeat(seat) {
  try {
    const joined = await post(`${base}/join`, null, { seat });
    keepToken(gid, joined.token);
    st.token = joined.token;
    st.me = { seat: joined.seat, operator: false };
    st.perspective = String(joined.seat);
    history.replaceState(null, "", playUrl(gid));
    afterIdentity();
  } catch (e) {
    playError(e.message);
    refresh();
  }
}

// --- the end: the result and a rematch -----------------------------------------------------------------
function drawEnd(frame) {
  const box = $("end");
  if (!frame.result || st.mode !== "live") { box.hidden = true; return; }
  box.hidden = false;
  const ranking = (frame.result.ranking || []).slice().sort((a, b) => a.rank - b.rank);
  const rows = ranking.map((r) => h("li", { "data-seat": r.seat, class: r.seat === mySeat() ? "you" : "" },
    h("i", { class: "tf-dot", style: { "--seat": kit.seatColour(r.seat) } }),
    `#${r.rank} ${seatName(r.seat)}`, r.points !== undefined ? ` · ${plural(r.points, "point")}` : ""));
  const parts = [h("h2", {}, "Game over"), h("p", { class: "end-result" }, resultText(frame.result)),
                 rows.length ? h("ol", { class: "end-ranking" }, rows) : null];
  const made = st.rematchMade;
  if (made) {
    parts.push(h("p", {}, "A rematch is set: the same seats and options. ",
      h("a", { href: playUrl(made.id), class: "tf-link-button", id: "rematch-link" }, "Play the rematch")));
    parts.push(inviteList(made.id, made.join_codes, seatName));
  } else if (st.rematch) {
    const held = heldToken(st.rematch);
    parts.push(h("p", {}, "A rematch was made. ",
      h("a", { href: held ? playUrl(st.rematch) : `/watch/${encodeURIComponent(st.rematch)}`, id: "rematch-link" },
        held ? "Play the rematch" : "Open it (ask its creator for your invite link)")));
  } else if (ownSeat() !== null && !st.me.operator && !st.readOnly) {
    parts.push(h("p", {}, h("button", { type: "button", id: "rematch", class: "tf-move tf-confirm",
      onclick: askRematch }, "Rematch: play again, same seats and options")));
  }
  box.replaceChildren(...parts.filter(Boolean));
}

async function askRematch() {
  try {
    const made = await post(`${base}/rematch`, st.token);
    keepToken(made.id, made.token);
    st.rematchMade = made;
    st.rematch = made.id;
  } catch (e) {
    if (e.code === "rematch_exists" && e.body && e.body.rematch) st.rematch = e.body.rematch;
    else playError(e.message);
  }
  if (st.frame) drawEnd(st.frame);
}

function drawSeats(frame) {
  const ranks = new Map(((frame.result && frame.result.ranking) || []).map((r) => [r.seat, r]));
  $("seats").replaceChildren(...st.seats.map((seat, i) => {
    const rank = ranks.get(i);
    const active = (frame.active || []).includes(i);
    const waiting = frame.awaited ? frame.awaited.includes(i) : active;
    return h("li", { class: `seat${active ? " active" : ""}${String(i) === ownSeat() ? " you" : ""}`,
                     style: { "--seat": kit.seatColour(i) }, "data-seat": i },
      h("i", { class: "tf-dot" }), h("span", { class: "seat-name" }, seatName(i)),
      seat.kind === "human" && !seat.claimed ? h("span", { class: "tag" }, "empty") : null,
      active ? h("span", { class: "tag turn" }, waiting ? "to move" : "has chosen") : null,
      clocks.tag(h, i),
      seat.kind === "human" && seat.played_by === "bot"
        ? h("span", { class: "tag bot-playing" }, `a ${seat.bot || "random"} bot plays this seat`) : null,
      seat.kind === "human" && seat.played_by === "bot" && String(i) === ownSeat() && !st.over
        ? h("button", { type: "button", class: "take-back", onclick: () => takeSeatBack(i) },
            "Take my seat back") : null,
      rank ? h("span", { class: "tag rank" },
        `#${rank.rank}${rank.points !== undefined ? ` · ${rank.points} pts` : ""}`) : null);
  }));
  const clock = clocks.clock;
  $("seats").title = clock ? `Clock: ${clock.base_seconds} s and ${clock.increment_seconds} s a move; `
    + (onTimeoutText[clock.on_timeout] || "") : "";
}

/** The seat's player takes back the seat a bot played (after a timeout or the operator's hand). */
async function takeSeatBack(seat) {
  await act(async () => {
    await post(`${base}/seats/${seat}/return`, st.token);
    return get(base, st.token);
  });
}

function who(record) {
  if (record.by === "system") return record.v === 1 ? "Setup" : "The table";
  const name = seatName(record.by);
  return record.bot && !name.includes("bot") ? `${name} (${record.bot} bot)` : name;
}

function valueText(v) {
  if (typeof v === "string") return v;
  if (Array.isArray(v) && v.every((x) => typeof x === "string")) return v.join(", ") || "none";
  return JSON.stringify(v);
}

function moveText(move) {
  const { type, ...rest } = move;
  const parts = Object.entries(rest).filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => `${k.replace(/_/g, " ")} ${valueText(v)}`);
  return [type.replace(/_/g, " "), ...parts].join(" · ");
}

function what(record) {
  if (record.undo) return `took back step${record.undo.length > 1 ? "s" : ""} ${record.undo.join(", ")}`;
  if (record.move) return moveText(record.move);
  if (record.simultaneous) return "made a secret choice";
  if (record.v === 1) return "the table is set up";
  const kinds = (record.events || []).map((e) => e.type.replace(/_/g, " "));
  return kinds.join(", ") || "—";
}

function drawRecord(frame) {
  const record = frame.record || st.log.get(frame.at);
  $("record-title").textContent = st.mode === "live" ? `Latest step (${frame.at})` : `Step ${frame.at}`;
  if (!record) { $("record").replaceChildren(h("p", { class: "dim" }, "—")); return; }
  const undone = frame.undoneBy || st.undoneBy.get(record.v);
  const events = record.events || [];
  $("record").replaceChildren(...[
    h("p", { class: `record-line${undone ? " undone" : ""}` },
      h("b", {}, who(record)), " ", what(record)),
    undone ? h("p", { class: "taken-back" }, `↶ taken back by step ${undone}`) : null,
    events.length ? h("ul", { class: "events" }, events.map((e) =>
      h("li", {}, e.type.replace(/_/g, " "), e.reveal ? h("span", { class: "tag reveal" }, "reveal") : null))) : null,
    record.at ? h("p", { class: "dim small" }, new Date(record.at).toLocaleString()) : null,
    h("details", { class: "raw" }, h("summary", {}, "record as sent"),
      h("pre", { class: "tf-json" }, JSON.stringify(record, null, 2)))].filter(Boolean));
}

function drawSteps() {
  const list = $("steps");
  const current = st.mode === "replay" ? st.at : null;
  const versions = [...st.log.keys()].sort((a, b) => a - b);
  list.replaceChildren(...versions.map((v) => {
    const record = st.log.get(v);
    const undone = st.undoneBy.get(v);
    return h("li", { class: `step${undone ? " undone" : ""}${record.undo ? " undo" : ""}${v === current ? " current" : ""}`,
                     "data-v": v, title: undone ? `taken back by step ${undone}` : "",
                     onclick: () => { setMode("replay"); goTo(v); } },
      h("span", { class: "v" }, v), h("span", { class: "who" }, who(record)), " ",
      h("span", { class: "what" }, what(record)));
  }));
  const item = current ? list.querySelector(`[data-v="${current}"]`) : list.lastElementChild;
  if (item) item.scrollIntoView({ block: "nearest" });
}

function drawReplayBar() {
  const slider = $("slider");
  slider.max = Math.max(1, st.version);
  slider.value = st.at;
  $("step-label").textContent = `step ${st.at} of ${st.version}`;
  $("step-first").disabled = $("step-back").disabled = st.at <= 1;
  $("step-last").disabled = $("step-forward").disabled = st.at >= st.version;
}

function drawStatus(text) {
  const el = $("status");
  let state = el.dataset.state;
  if (st.over) { state = "over"; text = "finished"; }
  else if (st.readOnly && !st.source) { state = "over"; text = "read-only"; }
  if (text) el.textContent = text;
  el.dataset.state = state;
}

function setStatus(state, text) {
  $("status").dataset.state = state;
  drawStatus(text);
}

function notice(text) {
  const el = $("notice");
  el.textContent = text || "";
  el.hidden = !text;
}

// --- the step list (the log, as this side may see it) ------------------------------------------------
function keep(record) {
  st.log.set(record.v, record);
  for (const v of record.undo || []) st.undoneBy.set(v, record.v);
  st.lastSeen = Math.max(st.lastSeen, record.v);
  st.version = Math.max(st.version, record.v);
}

/** The whole log as this side may see it; kept only if no newer side was chosen meanwhile. */
async function loadLog(perspective, gen) {
  const side = perspective === "all" ? "&as=all" : "";
  const token = perspective === "all" || perspective === ownSeat() ? st.token : null;
  const records = [];
  for (let since = 1; ; ) {
    const page = await get(`${base}/log?since=${since}&limit=1000${side}`, token);
    records.push(...page.records);
    if (page.records.length < 1000) break;
    since = page.records[page.records.length - 1].v + 1;
  }
  if (gen !== st.streamGen) return false;
  st.log.clear(); st.undoneBy.clear(); st.lastSeen = 0;
  records.forEach(keep);
  return true;
}

// --- live: server-sent events with a single-use ticket -------------------------------------------------
/** The stream speaks for the viewer's own seat, or for the public side. */
function streamToken() {
  return st.perspective === ownSeat() || (st.perspective === "all" && st.me.operator) ? st.token : null;
}

function streamIsThisSide() {
  return st.perspective === "spectator" || st.perspective === ownSeat();
}

function closeStream() {
  clearTimeout(st.reconnectTimer);
  if (st.source) st.source.close();
  st.source = null;
}

async function openStream() {
  const gen = ++st.streamGen;
  closeStream();
  if (st.over || st.readOnly) { drawStatus(); return; }
  let ticket;
  try {
    ({ ticket } = await post(`${base}/stream-ticket`, streamToken()));
  } catch (e) {
    if (gen === st.streamGen) reconnectLater(gen, e.message);
    return;
  }
  if (gen !== st.streamGen) return;
  const url = `${base}/stream?ticket=${encodeURIComponent(ticket)}&since=${st.lastSeen}`;
  const source = new EventSource(url);
  st.source = source;
  source.addEventListener("open", () => {
    if (gen !== st.streamGen) return;
    st.retryMs = 500;
    setStatus("live", "live");
  });
  source.addEventListener("record", (ev) => {
    if (gen !== st.streamGen) return;
    const { record } = JSON.parse(ev.data);
    if (record.v <= st.lastSeen) return;  // never twice
    keep(record);
    drawSteps();
    drawReplayBar();
    if (st.mode === "live" && st.frame && st.frame.at === record.v) drawRecord(st.frame);
  });
  source.addEventListener("view", (ev) => {
    if (gen !== st.streamGen) return;
    const body = JSON.parse(ev.data);
    if (st.mode === "live" && streamIsThisSide()) {
      acceptView(body);
      return;
    }
    noteGame(body);
    if (st.mode === "live") {
      refresh();
    } else {
      drawReplayBar();
      drawStatus();
    }
    if (st.over) closeStream();
  });
  // The service ends each stream after a while, and a network drop ends it too: EventSource
  // reopens the same address by itself and resends Last-Event-ID (the ticket stays valid while it
  // is used). Only when it gives up (the ticket expired, an error answer) does the page take a
  // fresh ticket and resume from the last version it saw.
  source.addEventListener("error", () => {
    if (gen !== st.streamGen) return;
    if (source.readyState === EventSource.CONNECTING) {
      setStatus("connecting", "reconnecting…");
      return;
    }
    source.close();
    st.source = null;
    reconnectLater(gen, "reconnecting…");
  });
}

function reconnectLater(gen, why) {
  if (st.over) { drawStatus(); return; }
  setStatus("connecting", why.length < 40 ? why : "reconnecting…");
  const wait = st.retryMs;
  st.retryMs = Math.min(st.retryMs * 2, 8000);
  st.reconnectTimer = setTimeout(() => { if (gen === st.streamGen) openStream(); }, wait);
}

/** A new side: its own log, and a stream that speaks for it. */
async function restartFeed() {
  closeStream();
  const gen = ++st.streamGen;
  try {
    if (!(await loadLog(st.perspective, gen))) return;
  } catch (e) {
    if (gen !== st.streamGen) return;
    notice(e.message);
  }
  drawSteps();
  if (st.frame) drawRecord(st.frame);
  openStream();
}

// --- controls -----------------------------------------------------------------------------------
function setMode(mode) {
  if (st.mode === mode) return;
  st.mode = mode;
  $("mode-live").setAttribute("aria-selected", String(mode === "live"));
  $("mode-replay").setAttribute("aria-selected", String(mode === "replay"));
  $("replay-bar").hidden = mode !== "replay";
  document.body.dataset.mode = mode;
  saveHash();
  if (mode === "live") refresh();
}

function goTo(at) {
  st.at = Math.min(Math.max(1, at), Math.max(1, st.version));
  drawReplayBar();
  saveHash();
  refresh();
}

function saveHash() {
  const parts = [st.mode === "replay" ? `at=${st.at}` : "live"];
  if (st.perspective !== (ownSeat() ?? "spectator")) parts.push(`as=${st.perspective}`);
  history.replaceState(null, "", `#${parts.join("&")}`);
}

function icon(path) {
  return s("svg", { viewBox: "0 0 16 16", width: 14, height: 14, "aria-hidden": "true" },
    s("path", { d: path, fill: "currentColor" }));
}

function wireControls() {
  $("step-first").append(icon("M2 2h2v12H2zM14 2v12L5 8z"));
  $("step-back").append(icon("M12 2v12L3 8z"));
  $("step-forward").append(icon("M4 2v12l9-6z"));
  $("step-last").append(icon("M12 2h2v12h-2zM2 2v12l9-6z"));
  $("mode-live").onclick = () => setMode("live");
  $("mode-replay").onclick = () => { if (st.mode !== "replay") { st.at = st.version; setMode("replay"); goTo(st.at); } };
  $("step-first").onclick = () => goTo(1);
  $("step-back").onclick = () => goTo(st.at - 1);
  $("step-forward").onclick = () => goTo(st.at + 1);
  $("step-last").onclick = () => goTo(st.version);
  // the board's pieces are the seat's controls while it plays (the move builder decorates them)
  $("board").addEventListener("click", (ev) => { if (st.builder) st.builder.handle(ev); });
  $("board").addEventListener("keydown", (ev) => {
    if ((ev.key === "Enter" || ev.key === " ") && st.builder && ev.target.closest(".tf-piece")) st.builder.handle(ev);
  });
  $("undo-step").onclick = () => undo("step");
  $("undo-turn").onclick = () => undo("checkpoint");
  $("slider").addEventListener("input", (ev) => goTo(Number(ev.target.value)));
  document.addEventListener("keydown", (ev) => {
    if (st.mode !== "replay" || ev.target.closest("input, select, textarea, button, .tf-piece")) return;
    const moves = { ArrowLeft: st.at - 1, ArrowRight: st.at + 1, Home: 1, End: st.version };
    if (ev.key in moves) { ev.preventDefault(); goTo(moves[ev.key]); }
  });
  $("perspective").addEventListener("change", (ev) => {
    st.perspective = ev.target.value;
    notice("");
    saveHash();
    restartFeed();
    refresh();
  });
  $("token-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const token = $("token").value.trim();
    if (token) await useToken(token);
  });
  $("token-forget").onclick = () => {
    forgetToken(gid);
    st.token = null;
    st.me = { seat: null, operator: false };
    $("token").value = "";
    st.perspective = "spectator";
    afterIdentity();
  };
}

/** Check a pasted token with the service, then watch from its seat. */
async function useToken(token) {
  try {
    const body = await get(base, token);
    keepToken(gid, token);
    st.token = token;
    st.me = { seat: body.seat, operator: body.seat === null };  // accepted but no seat: the operator
    st.perspective = st.me.operator ? (st.over ? "all" : "spectator") : String(body.seat);
    notice("");
    $("token-box").open = false;
    afterIdentity();
  } catch (e) {
    notice(`That token does not open a seat here: ${e.message}`);
  }
}

function afterIdentity() {
  $("token-summary").textContent = st.me.operator ? "Watching as the operator"
    : ownSeat() !== null ? `Playing as ${seatName(st.me.seat)}` : "Play as your seat";
  fillPerspectives();
  saveHash();
  restartFeed();
  refresh();
}

// --- start ---------------------------------------------------------------------------------------
async function loadRenderer(engine) {
  try {
    st.renderer = await import(`/renderers/${encodeURIComponent(engine)}.js`);
  } catch (e) {
    st.renderer = fallback;  // the engine has no renderer (404), or it failed to load
  }
}

async function start() {
  wireControls();
  $("game-id").textContent = gid;
  const titles = engineTitles();
  if (st.token) {
    try {
      const body = await get(base, st.token);
      st.me = { seat: body.seat, operator: body.seat === null };
    } catch (e) {
      if (e.status === 401 || e.status === 403) {
        forgetToken(gid);
        st.token = null;
        notice(`The saved token was not accepted (${e.message}); watching as a spectator.`);
      }
    }
  }
  let body;
  try {
    body = await get(base, st.token);
  } catch (e) {
    setStatus("error", e.status === 404 ? "no such game" : "error");
    notice(e.message);
    return;
  }
  noteGame(body);
  st.over = !!body.result;
  st.title = (await titles)[st.engine] || st.engine;
  st.baseTitle = `${st.title} · ${gid} · tablefold`;
  document.title = st.baseTitle;
  $("title").textContent = st.title;
  await loadRenderer(st.engine);

  const hash = new URLSearchParams(location.hash.slice(1));
  st.perspective = ownSeat() ?? "spectator";
  fillPerspectives();
  // a side named in the address is asked for even if not offered: the service decides, and the
  // page says why when it refuses (403)
  if (hash.has("as")) st.perspective = hash.get("as");
  $("token-summary").textContent = st.me.operator ? "Watching as the operator"
    : ownSeat() !== null ? `Playing as ${seatName(st.me.seat)}` : "Play as your seat";
  if (location.pathname.startsWith("/play/") && ownSeat() === null && !st.me.operator
      && !(st.open && st.seats.some((x) => x.kind === "human" && !x.claimed)) && !body.result) {
    notice("This browser holds no seat at this table (open your invite link here to take yours): watching as a spectator.");
  }
  if (hash.has("at")) {
    st.at = Math.min(Math.max(1, Number(hash.get("at")) || 1), st.version);
    setMode("replay");
  }
  await restartFeed();
  await refresh();
}

// The page's state, for the browser's console and the tests (the move builder of the seat's turn
// is `tablefold.st.builder`).
window.tablefold = { st };

start();
