// Trickdraw on the web page: the Deck (face down, its count) and the open discard pile, each
// player's board of played cards (face up with name and effect; face down as a back, or with the
// card's name on a dimmed face for its owner), hands (your own face up, everyone else's as backs),
// points towards the target, whose turn it is and the effect waiting to be resolved. In team games
// each player shows its team, and the captain's board is the team's. Card texts come from the
// view's catalogue; a card with an invented aspect (docs/games/trickdraw.md) carries a small
// "stand-in" tag that says which.

const COLOURS = {
  trickdraw: "#e8590c", bewitched: "#9c36b5", the_army: "#c92a2a", rally: "#2f9e44",
  local_hero: "#37b24d", the_key: "#f59f00", the_safe: "#f59f00", the_temple: "#f59f00",
  the_treasure: "#fab005", diplomacy: "#1971c2", scout: "#0c8599", scholar: "#1098ad",
  trickster: "#7048e8", villager: "#868e96",
};
const ICONS = {
  trickdraw: "✋", bewitched: "✦", the_army: "⚔", rally: "⚑", local_hero: "★", the_key: "⊸",
  the_safe: "▣", the_temple: "⛩", the_treasure: "◆", diplomacy: "✉", scout: "⌕", scholar: "✎",
  trickster: "↻", villager: "☺",
};
const REASONS = {
  points: "reached the target", pair: "two of The Key, The Safe and The Temple face up",
  treasure: "The Treasure face up at the start of the turn",
  standstill: "the most points when no card could move any more",
};

const CSS = `
.td { display: flex; flex-direction: column; gap: 12px; }
.td-head { display: flex; gap: 8px 16px; flex-wrap: wrap; align-items: baseline; }
.td-head .phase { font-size: 16px; font-weight: bold; }
.td-head .meta { font-size: 12px; color: #6c757d; }
.td-table { display: flex; gap: 18px; align-items: flex-end; background: #2b5d3a; border-radius: 10px; padding: 12px 14px; color: #e9f5ec; flex-wrap: wrap; }
.td-pile { display: flex; flex-direction: column; align-items: center; gap: 4px; font-size: 12px; }
.td-offer { background: #fff3bf; color: #5c3c00; border: 1px solid #ffd43b; border-radius: 8px; padding: 6px 10px; font-size: 13px; }
.td-card { width: 78px; height: 108px; border-radius: 7px; background: #fffdf7; border: 2px solid var(--c); position: relative;
  box-shadow: 0 1px 3px rgba(0,0,0,.35); flex: none; color: #212529; display: flex; flex-direction: column; overflow: hidden; }
.td-card .t { background: var(--c); color: #fff; font-size: 10.5px; font-weight: bold; padding: 2px 4px; line-height: 1.15; min-height: 26px; }
.td-card .i { font-size: 22px; text-align: center; color: var(--c); line-height: 1.1; margin-top: 2px; }
.td-card .e { font-size: 8.5px; padding: 0 4px; line-height: 1.15; color: #343a40; flex: 1; overflow: hidden; }
.td-card .f { display: flex; gap: 2px; justify-content: space-between; padding: 0 2px 2px; min-height: 11px; }
.td-card .f span { white-space: nowrap; font-size: 7.5px; border-radius: 4px; padding: 0 3px; line-height: 11px; }
.td-card .si { background: #fff3bf; color: #7f5f00; margin-left: auto; }
.td-card.used { opacity: .75; }
.td-card .usedtag { background: #dee2e6; }
.td-card.own-down { border-style: dashed; background: #e9ecef; }
.td-card.own-down .t { background: #495057; }
.td-card .down { background: #495057; color: #fff; }
.td-card.offered { outline: 3px solid #ffd43b; outline-offset: 1px; }
.td-back { width: 78px; height: 108px; border-radius: 7px; border: 2px solid #1d2b53; flex: none; position: relative;
  background: repeating-linear-gradient(135deg, #24386b 0 6px, #2f4a8a 6px 12px); box-shadow: 0 1px 3px rgba(0,0,0,.35); }
.td-back::after { content: "TD"; position: absolute; inset: 0; display: flex; align-items: center; justify-content: center;
  color: #ffd43b; font-weight: bold; font-size: 16px; letter-spacing: 1px; }
.td-back.small, .td-card.small { width: 44px; height: 62px; }
.td-back.small::after { content: none; }
.td-card.small .t { font-size: 8px; min-height: 20px; }
.td-card.small .i { font-size: 16px; }
.td-card.small .e, .td-card.small .f { display: none; }
.td-backs { display: flex; }
.td-backs .td-back + .td-back { margin-left: -24px; }
.td-row { display: flex; gap: 6px; flex-wrap: wrap; align-items: flex-start; }
.td-players { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(360px, 100%), 1fr)); gap: 10px; }
.td-player { border: 1px solid #dee2e6; border-radius: 8px; background: #fff; padding: 8px 10px; display: flex; flex-direction: column; gap: 6px; }
.td-player.turn { border-color: #f59f00; background: #fff9db; }
.td-player .top { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
.td-player .pts { margin-left: auto; font-weight: bold; }
.td-player .label { font-size: 11px; color: #6c757d; text-transform: uppercase; letter-spacing: .3px; }
.td-bar { height: 6px; background: #e9ecef; border-radius: 3px; overflow: hidden; }
.td-bar i { display: block; height: 100%; background: var(--seat); }
.td-tag { background: #e9ecef; border-radius: 8px; padding: 0 6px; font-size: 11px; }
.td-tag.turn { background: #ffec99; color: #7f5f00; }
.td-tag.win { background: #d3f9d8; color: #2b8a3e; font-weight: bold; }
.td-empty { font-size: 12px; color: #868e96; font-style: italic; }
`;

export function render(container, view, context) {
  const { h, style } = context.kit;
  style("td-style", CSS);
  const cat = view.cards || {};
  const title = (name) => (cat[name] && cat[name].title) || name;
  const text = (name) => (cat[name] && cat[name].text) || "";
  const invented = (info) => (info.invented && info.invented.length ? `stand-in: ${info.invented.join(", ")} invented` : "");
  const teams = view.teams || null;
  const teamOf = (seat) => (teams ? teams.findIndex((t) => t.seats.includes(seat)) : -1);
  const names = (seats) => seats.map((s) => context.seatName(s)).join(" & ");

  function face(name, { small = false, used = false, ownDown = false, offered = false } = {}) {
    const info = cat[name] || {};
    const cls = `td-card${small ? " small" : ""}${used ? " used" : ""}${ownDown ? " own-down" : ""}${offered ? " offered" : ""}`;
    return h("div", { class: cls, style: { "--c": COLOURS[name] || "#868e96" }, "data-card": name,
                      title: `${title(name)}: ${text(name)}${info.stand_in ? ` (${invented(info)})` : ""}${ownDown ? " · face down (only you and your team see it)" : ""}` },
      h("div", { class: "t" }, title(name)), h("div", { class: "i" }, ICONS[name] || "?"),
      h("div", { class: "e" }, text(name)),
      h("div", { class: "f" },
        ownDown ? h("span", { class: "down" }, "face down") : used ? h("span", { class: "usedtag" }, "used") : null,
        info.stand_in ? h("span", { class: "si", title: invented(info) }, "stand-in") : null));
  }
  const back = (small = false, tip = "face down") => h("div", { class: `td-back${small ? " small" : ""}`, title: tip });
  const backs = (n) => h("div", { class: "td-backs", title: `${n} card${n === 1 ? "" : "s"}` },
    Array.from({ length: n }, () => back(true)));

  // --- header ------------------------------------------------------------------------------------
  const res = view.result;
  const turn = view.turn;
  const winners = res ? (res.winners || (res.winner !== null && res.winner !== undefined ? [res.winner] : [])) : [];
  const phase = view.over ? "Game over"
    : view.phase === "captains" ? `Teams choose their captains · ${context.seatName(view.active[0])} chooses`
    : `${context.seatName(turn)}'s turn${view.played ? " · card played" : " · may play a card"}`;
  const head = h("div", { class: "td-head" },
    h("span", { class: "phase" }, phase),
    h("span", { class: "meta" }, `first to ${view.target} points wins`),
    view.first !== null && view.first !== undefined ? h("span", { class: "meta" }, `first player: ${context.seatName(view.first)}`) : null,
    teams ? h("span", { class: "meta" }, `teams: ${teams.map((t) => names(t.seats)).join(" vs ")}`) : null,
    res ? h("span", { class: "meta" }, winners.length
      ? `${names(winners)} win${winners.length === 1 ? "s" : ""}: ${REASONS[res.reason] || res.reason}`
      : `nobody won: ${REASONS[res.reason] || res.reason}`) : null);

  // --- the middle of the table: Deck, discard pile, the effect waiting ------------------------------
  const top = view.discard.length ? view.discard[view.discard.length - 1] : null;
  const offer = view.offer;
  const table = h("section", { class: "td-table" },
    h("div", { class: "td-pile" }, view.deck ? back(false, `Deck: ${view.deck} cards`) : h("div", { class: "td-back", style: { opacity: .25 } }),
      `Deck · ${view.deck}`),
    h("div", { class: "td-pile", title: view.discard.map(title).join(", ") },
      top ? face(top) : h("div", { class: "td-back", style: { opacity: .25 } }), `Discard · ${view.discard.length}`),
    offer ? h("div", { class: "td-offer" },
      h("b", {}, `${context.seatName(offer.player !== undefined ? offer.player : offer.seat)}: `),
      `${title(offer.card)} (${context.seatName(offer.seat)}'s board, slot ${offer.slot + 1}) offers its effect`,
      offer.cost ? ` · costs Discard ${offer.cost}` : " · free", h("br"), h("i", {}, text(offer.card))) : null,
    view.deck_cards ? h("div", { class: "td-pile" }, h("div", { class: "td-row", style: { maxWidth: "420px" } },
      view.deck_cards.slice(0, 12).map((c) => face(c, { small: true }))),
      `next in the deck${view.deck_cards.length > 12 ? ` (12 of ${view.deck_cards.length})` : ""}`) : null);

  // --- the players ----------------------------------------------------------------------------------
  const ranking = res && res.ranking ? Object.fromEntries(res.ranking.map((r) => [r.seat, r])) : {};
  const players = h("div", { class: "td-players" }, view.boards.map((board, seat) => {
    const hand = view.hands[seat] || { count: 0 };
    const pts = view.points[seat];
    const r = ranking[seat];
    const t = teamOf(seat);
    const team = t >= 0 ? teams[t] : null;
    const captain = team ? team.captain : seat;
    const deciding = offer && (offer.player !== undefined ? offer.player : offer.seat) === seat;
    return h("div", { class: `td-player${view.active.includes(seat) ? " turn" : ""}`, "data-seat": seat },
      h("div", { class: "top" },
        h("i", { class: "tf-dot", style: { "--seat": context.seatColour(seat) } }), h("b", {}, context.seatName(seat)),
        team ? h("span", { class: "td-tag" }, `team ${t + 1}${captain === seat ? " · captain" : ""}`) : null,
        seat === view.turn ? h("span", { class: "td-tag turn" }, "turn") : null,
        deciding ? h("span", { class: "td-tag turn" }, "deciding an effect") : null,
        r ? h("span", { class: `td-tag${r.winner ? " win" : ""}` }, r.winner ? "winner" : `rank ${r.rank}`) : null,
        h("span", { class: "pts" }, `${pts} / ${view.target} pts`)),
      h("div", { class: "td-bar", style: { "--seat": context.seatColour(seat) } },
        h("i", { style: { width: `${Math.min(100, 100 * pts / view.target)}%` } })),
      team && captain !== seat
        ? h("div", { class: "label" }, captain === null || captain === undefined
          ? "Board · the team has no captain yet" : `Plays to ${context.seatName(captain)}'s board`)
        : h("div", { class: "label" }, `Board · ${board.length} card${board.length === 1 ? "" : "s"} (${board.filter((c) => c.up).length} face up)`),
      team && captain !== seat ? null : board.length ? h("div", { class: "td-row td-board" }, board.map((c) => {
        const offered = offer && offer.seat === seat && offer.slot === c.slot;
        const el = c.up ? face(c.card, { used: c.used, offered })
          : c.card ? face(c.card, { ownDown: true, offered }) : back(false, "face down");
        el.dataset.slot = c.slot;
        return el;
      })) : h("span", { class: "td-empty" }, "no cards played"),
      h("div", { class: "label" }, `Hand · ${hand.count} card${hand.count === 1 ? "" : "s"}`),
      hand.cards ? (hand.cards.length ? h("div", { class: "td-row td-hand" }, hand.cards.map((c) => face(c)))
                                      : h("span", { class: "td-empty" }, "empty"))
        : hand.count ? backs(hand.count) : h("span", { class: "td-empty" }, "empty"));
  }));

  container.append(h("div", { class: "td" }, head, table, players));
}

// The pieces a seat clicks to move (the page's move builder): a card of its hand to play or
// discard, a card on a board (its own to use; any to flip: a flip names a board's owner and
// slot), a player (a steal's target, a team's captain). A face (up or down) is chosen beside the
// board.
export function piece({ field, value, view, context }) {
  const { attr } = context.kit;
  const player = (seat) => `.td-player${attr("data-seat", seat)}`;
  const slot = (owner, s) => `${player(owner)} .td-board ${attr("data-slot", s)}`;
  const me = context.viewer;
  if (field === "card" || field === "discard") return `${player(me)} .td-hand .td-card${attr("data-card", value)}`;
  if (field === "slot") {
    const team = (view.teams || []).find((t) => t.seats.includes(me));
    return slot(team && team.captain !== null && team.captain !== undefined ? team.captain : me, value);
  }
  if (field === "flips") return value.map(([owner, s]) => slot(owner, s));
  if (field === "target" || field === "seat") return `${player(value)} .top`;
  return null;
}
