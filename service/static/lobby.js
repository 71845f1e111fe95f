// The lobby: a new table (its game, options from the engine's schema, its seats), the games this
// browser sits at, open tables with free seats, and every game to watch. The lists refresh every
// few seconds while the tab is visible.
import { h } from "./kit.js";
import { get, post } from "./api.js";
import { heldGames, keepToken, forgetToken, playUrl } from "./seats.js";
import { inviteList } from "./invites.js";

const REFRESH_MS = 5000;
const MINE_MAX = 30;        // my games looked up at each refresh
const $ = (id) => document.getElementById(id);
let engines = [];           // GET /engines
let titles = {};
let bots = ["random"], levels = null;   // the seat bots the service offers (its OpenAPI description)

function ago(when) {
  const seconds = Date.parse(when) / 1000;
  const d = Math.max(0, Date.now() / 1000 - seconds);
  if (d < 60) return "just now";
  if (d < 3600) return `${Math.floor(d / 60)} min ago`;
  if (d < 86400) return `${Math.floor(d / 3600)} h ago`;
  return new Date(seconds * 1000).toLocaleDateString();
}

function seatText(seat) {
  if (seat.name) return seat.name;
  return seat.kind === "bot" ? `${seat.bot || "a"} bot` : "player";
}

const seatLabel = (seats, i) => `Seat ${i}${seats[i] && seats[i].name ? ` · ${seats[i].name}` : ""}`;

// --- a new table -----------------------------------------------------------------------------------
function engineOf(name) {
  return engines.find((e) => e.name === name);
}

function fillPlayers() {
  const e = engineOf($("engine").value);
  if (!e) return;
  const select = $("players");
  const keep = Number(select.value) || Math.max(e.min_players, Math.min(2, e.max_players));
  const n = Math.min(Math.max(keep, e.min_players), e.max_players);
  select.replaceChildren(...Array.from({ length: e.max_players - e.min_players + 1 }, (_, i) => {
    const v = e.min_players + i;
    return h("option", { value: v, selected: v === n }, v);
  }));
  $("engine-players").textContent = e.min_players === e.max_players
    ? `${e.title} is played by ${e.min_players}` : `${e.title}: ${e.min_players} to ${e.max_players} players`;
  fillSeats();
  fillOptions(e);
}

function fillSeats() {
  const n = Number($("players").value);
  const box = $("seat-rows");
  const old = [...box.querySelectorAll(".seat-row")].map((row) => ({
    kind: row.querySelector(".seat-kind").value, name: row.querySelector(".seat-name").value,
    me: row.querySelector(".seat-me").checked, level: row.querySelector(".seat-level")?.value }));
  const rows = [];
  for (let i = 0; i < n; i++) {
    const was = old[i] || { kind: i === 0 ? "human" : "bot:random", name: "", me: i === 0 };
    const kind = h("select", { class: "seat-kind", "aria-label": `seat ${i}: who plays` },
      h("option", { value: "human", selected: was.kind === "human" }, "Player"),
      bots.map((b) => h("option", { value: `bot:${b}`, selected: was.kind === `bot:${b}` }, `${b[0].toUpperCase()}${b.slice(1)} bot`)));
    const level = levels ? h("select", { class: "seat-level", "aria-label": `seat ${i}: bot level` },
      Array.from({ length: levels.max - levels.min + 1 }, (_, k) => levels.min + k)
        .map((v) => h("option", { value: v, selected: String(v) === was.level }, `level ${v}`))) : null;
    const name = h("input", { type: "text", class: "seat-name", maxlength: 40, placeholder: "name (optional)",
                              value: was.name, "aria-label": `seat ${i}: name` });
    const me = h("input", { type: "radio", name: "me", class: "seat-me", checked: was.me, "aria-label": `seat ${i}: I sit here` });
    const meLabel = h("label", { class: "seat-me-label" }, me, "I sit here");
    const sync = () => {
      const human = kind.value === "human";
      meLabel.hidden = !human;
      if (!human) me.checked = false;
      if (level) level.hidden = kind.value !== "bot:search";
    };
    kind.addEventListener("change", sync);
    const row = h("div", { class: "seat-row", "data-seat": i }, h("span", { class: "seat-no" }, `Seat ${i}`),
      kind, level, name, meLabel);
    sync();
    rows.push(row);
  }
  box.replaceChildren(...rows);
}

/** A form for the engine's options JSON Schema: enums as selects, booleans as checkboxes,
 * numbers as number fields, each with its default. */
function fillOptions(e) {
  const props = (e.options && e.options.properties) || {};
  const fields = Object.entries(props).map(([name, schema]) => {
    const types = [].concat(schema.type || []);
    const label = name.replace(/_/g, " ");
    let input;
    if (schema.enum) {
      input = h("select", { "data-option": name, "aria-label": label },
        schema.enum.map((v) => h("option", { value: JSON.stringify(v), selected: v === schema.default }, v === null ? "(default)" : String(v).replace(/_/g, " "))));
    } else if (types.includes("boolean")) {
      input = h("input", { type: "checkbox", "data-option": name, checked: schema.default === true, "aria-label": label });
      return h("div", { class: "option" }, h("label", {}, input, label), schema.description ? h("span", { class: "help" }, schema.description) : null);
    } else if (types.includes("integer") || types.includes("number")) {
      input = h("input", { type: "number", "data-option": name, "aria-label": label, step: types.includes("integer") ? 1 : "any",
                           min: schema.minimum, max: schema.maximum, value: schema.default ?? "",
                           placeholder: types.includes("null") ? "default" : null });
    } else {
      input = h("input", { type: "text", "data-option": name, "aria-label": label, value: schema.default ?? "" });
    }
    return h("div", { class: "option" }, h("label", {}, label, input), schema.description ? h("span", { class: "help" }, schema.description) : null);
  });
  $("options").replaceChildren(...fields);
  $("options-box").hidden = fields.length === 0;
}

function readOptions(e) {
  const props = (e.options && e.options.properties) || {};
  const out = {};
  for (const el of $("options").querySelectorAll("[data-option]")) {
    const name = el.dataset.option;
    const schema = props[name] || {};
    const types = [].concat(schema.type || []);
    if (el.tagName === "SELECT") out[name] = JSON.parse(el.value);
    else if (el.type === "checkbox") out[name] = el.checked;
    else if (el.type === "number") {
      if (el.value === "") { if (types.includes("null")) out[name] = null; continue; }
      out[name] = types.includes("integer") ? parseInt(el.value, 10) : Number(el.value);
    } else out[name] = el.value;
  }
  return out;
}

async function create(ev) {
  ev.preventDefault();
  const e = engineOf($("engine").value);
  const seats = [];
  let claim = null;
  $("seat-rows").querySelectorAll(".seat-row").forEach((row, i) => {
    const kind = row.querySelector(".seat-kind").value;
    const name = row.querySelector(".seat-name").value.trim();
    const seat = kind === "human" ? { kind: "human" } : { kind: "bot", bot: kind.slice(4) };
    const level = row.querySelector(".seat-level");
    if (seat.bot === "search" && level) seat.level = Number(level.value);
    if (name) seat.name = name;
    seats.push(seat);
    if (kind === "human" && row.querySelector(".seat-me").checked) claim = i;
  });
  const body = { engine: e.name, seats, options: readOptions(e), open: $("open").checked };
  if ($("clock-base").value) {
    body.clock = { base_seconds: Number($("clock-base").value),
                   increment_seconds: Number($("clock-increment").value),
                   on_timeout: $("clock-timeout").value };
  }
  if (claim !== null) body.claim = claim;
  const error = $("create-error");
  error.hidden = true;
  $("create-button").disabled = true;
  try {
    const made = await post("/games", null, body);
    if (made.token) keepToken(made.id, made.token);
    showCreated(made, e, seats, claim);
    refresh();
  } catch (err) {
    error.textContent = err.message;
    error.hidden = false;
  } finally {
    $("create-button").disabled = false;
  }
}

function showCreated(made, e, seats, claim) {
  const box = $("created");
  box.hidden = false;
  const codes = made.join_codes || {};
  box.replaceChildren(
    h("p", {}, h("b", {}, `${e.title}: table ${made.id} is set.`), " ",
      claim !== null ? "Your seat is kept in this browser." : "Nobody has taken a seat yet: open a link below to sit there."),
    Object.keys(codes).length ? inviteList(made.id, codes, (i) => seatLabel(seats, i)) : null,
    h("p", {}, claim !== null
      ? h("a", { href: playUrl(made.id), class: "tf-link-button", id: "play-now" }, "Play now")
      : h("a", { href: `/watch/${encodeURIComponent(made.id)}`, id: "watch-now" }, "Watch the table")));
}

// --- the lists ----------------------------------------------------------------------------------------
function row(game) {
  const state = game.finished ? "finished" : "running";
  return h("tr", { "data-game": game.id, class: `game ${state}` },
    h("td", {}, h("a", { href: `/watch/${encodeURIComponent(game.id)}` },
      titles[game.engine] || game.engine)),
    h("td", { class: "mono" }, game.id),
    h("td", {}, h("ol", { class: "seat-list", start: 0 },
      game.seats.map((seat) => h("li", { class: seat.kind }, seatText(seat))))),
    h("td", { class: "num" }, game.version),
    h("td", {}, h("span", { class: `pill ${state}` }, state),
      game.read_only ? h("span", { class: "pill read-only" }, "read-only") : null),
    h("td", { title: game.created }, ago(game.created)));
}

async function myGames() {
  const held = heldGames().slice(0, MINE_MAX);
  const found = await Promise.all(held.map(async ({ id, token }) => {
    try {
      return { id, view: await get(`/games/${encodeURIComponent(id)}`, token) };
    } catch (e) {
      if (e.status === 404 || e.status === 401 || e.status === 403) forgetToken(id);  // expired or not ours
      return null;
    }
  }));
  const items = found.filter(Boolean).map(({ id, view }) => {
    const me = view.seat;
    const over = !!view.result;
    const yours = !over && (view.awaited || []).includes(me);
    const rank = over ? (view.result.ranking || []).find((r) => r.seat === me) : null;
    const state = over ? `finished${rank ? ` · you are #${rank.rank}` : ""}`
      : yours ? "your turn" : (view.awaited || []).length ? `waiting for ${view.awaited.map((s) => seatLabel(view.seats, s)).join(", ")}` : "running";
    return h("li", { "data-game": id, class: yours ? "your-turn" : "" },
      h("a", { href: playUrl(id), class: "what" }, titles[view.engine] || view.engine),
      h("span", { class: "mono dim" }, id),
      h("span", {}, `you: ${seatLabel(view.seats, me)}`),
      h("span", { class: `pill ${yours ? "turn" : over ? "finished" : "running"}` }, state),
      h("button", { type: "button", class: "tf-move forget", title: "forget this seat's token in this browser",
                    onclick: () => { forgetToken(id); refresh(); } }, "Forget"));
  });
  $("my-games").replaceChildren(...items);
  $("mine-empty").hidden = items.length > 0;
}

function openTables(games) {
  const held = new Set(heldGames().map((g) => g.id));
  const items = games.filter((g) => g.open && !g.finished && !g.read_only && g.free_seats.length).map((g) =>
    h("li", { "data-game": g.id },
      h("a", { href: `/watch/${encodeURIComponent(g.id)}`, class: "what" }, titles[g.engine] || g.engine),
      h("span", { class: "mono dim" }, g.id),
      h("span", {}, g.seats.map((s, i) => `${i}: ${seatText(s)}`).join(" · ")),
      held.has(g.id) ? h("a", { href: playUrl(g.id) }, "your seat")
        : g.free_seats.map((seat) => h("button", { type: "button", class: "tf-move", "data-seat": seat,
            onclick: () => sit(g.id, seat) }, `Sit at seat ${seat}`))));
  $("open-tables").replaceChildren(...items);
  $("open-empty").hidden = items.length > 0;
}

async function sit(gid, seat) {
  try {
    const joined = await post(`/games/${encodeURIComponent(gid)}/join`, null, { seat });
    keepToken(gid, joined.token);
    location.href = playUrl(gid);
  } catch (e) {
    $("status").dataset.state = "error";
    $("status").textContent = e.message;
    refresh();
  }
}

async function refresh() {
  const status = document.getElementById("status");
  try {
    const [{ games }] = await Promise.all([get("/games?limit=100"), myGames()]);
    document.querySelector("#games tbody").replaceChildren(...games.map(row));
    document.getElementById("empty").hidden = games.length > 0;
    document.getElementById("games").hidden = games.length === 0;
    openTables(games);
    status.dataset.state = "live";
    status.textContent = `${games.length} game${games.length === 1 ? "" : "s"}`;
  } catch (e) {
    status.dataset.state = "error";
    status.textContent = e.message;
  }
}

async function start() {
  try {
    ({ engines } = await get("/engines"));
  } catch (e) {
    engines = [];
  }
  titles = Object.fromEntries(engines.map((e) => [e.name, e.title]));
  try {
    const spec = await get("/openapi.json");
    const seat = spec.components.schemas.SeatSpec.properties;
    if (seat.bot && seat.bot.enum) bots = seat.bot.enum;
    if (seat.level) levels = { min: seat.level.minimum ?? 1, max: seat.level.maximum ?? 1 };
  } catch (e) { /* the random bot */ }
  $("engine").replaceChildren(...engines.map((e) => h("option", { value: e.name }, e.title)));
  $("engine").addEventListener("change", () => { $("players").value = ""; fillPlayers(); });
  $("players").addEventListener("change", fillSeats);
  $("create").addEventListener("submit", create);
  fillPlayers();
  await refresh();
  setInterval(() => { if (!document.hidden) refresh(); }, REFRESH_MS);
}

start();
