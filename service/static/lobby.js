// The lobby: the newest games, refreshed every few seconds while the tab is visible.
import { h } from "./kit.js";
import { get, engineTitles } from "./api.js";

const REFRESH_MS = 5000;
let titles = {};

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

async function refresh() {
  const status = document.getElementById("status");
  try {
    const { games } = await get("/games?limit=100");
    document.querySelector("#games tbody").replaceChildren(...games.map(row));
    document.getElementById("empty").hidden = games.length > 0;
    document.getElementById("games").hidden = games.length === 0;
    status.dataset.state = "live";
    status.textContent = `${games.length} game${games.length === 1 ? "" : "s"}`;
  } catch (e) {
    status.dataset.state = "error";
    status.textContent = e.message;
  }
}

titles = await engineTitles();
await refresh();
setInterval(() => { if (!document.hidden) refresh(); }, REFRESH_MS);
