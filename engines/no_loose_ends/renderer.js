// No Loose Ends on the web page: each player's bids ("evidence", face up) with the tricks that
// cover them (face down on the bid, as at the table), their loose ends (face up below), their
// hand (face up only where the view holds it, else its size), the trick in progress with its lead
// suit (Blue is trump), the cover choice a trick's winner faces, and the scores round by round.

const SUITS = {
  blue: { colour: "#1c7ed6", theme: "Key Evidence (trump)" },
  gray: { colour: "#6c757d", theme: "Footprints" },
  red: { colour: "#e03131", theme: "Camera / Witnesses" },
  yellow: { colour: "#e0a800", theme: "Fingerprints" },
};

const CSS = `
.nle { display: flex; flex-direction: column; gap: 12px; }
.nle-head { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: baseline; }
.nle-head .phase { font-size: 16px; font-weight: bold; }
.nle-head .meta { color: #6c757d; font-size: 12px; }
.nle-card { width: 42px; height: 60px; border-radius: 6px; background: #fff; border: 2px solid var(--c);
  color: var(--c); position: relative; font-weight: bold; box-shadow: 0 1px 2px rgba(0,0,0,.2); flex: none; }
.nle-card .n { position: absolute; left: 4px; top: 2px; font-size: 17px; }
.nle-card .pip { position: absolute; right: 4px; bottom: 4px; width: 14px; height: 14px; border-radius: 50%; background: var(--c); }
.nle-card.getaway { background: #212529; color: #fff; border-color: #000; }
.nle-card.getaway .n { font-size: 9px; top: 22px; left: 3px; letter-spacing: .3px; }
.nle-card.small { width: 30px; height: 42px; }
.nle-card.small .n { font-size: 13px; left: 3px; }
.nle-card.small .pip { width: 9px; height: 9px; right: 3px; bottom: 3px; }
.nle-card.eligible { outline: 3px solid #f59f00; outline-offset: 1px; }
.nle-card.promoted::after { content: "B"; position: absolute; right: -6px; top: -6px; background: #7048e8; color: #fff; border-radius: 50%; width: 15px; height: 15px; font-size: 10px; text-align: center; line-height: 15px; }
.nle-back { width: 42px; height: 60px; border-radius: 6px; border: 2px solid #343a40;
  background: repeating-linear-gradient(135deg, #343a40 0 5px, #495057 5px 10px); flex: none; }
.nle-back.small { width: 22px; height: 32px; border-width: 1px; }
.nle-backs { display: flex; }
.nle-backs .nle-back + .nle-back { margin-left: -16px; }
.nle-row { display: flex; gap: 5px; flex-wrap: wrap; align-items: flex-end; }
.nle-bid { position: relative; }
.nle-bid .coverstack { position: absolute; left: 8px; top: 14px; }
.nle-bid .coverstack .nle-back { width: 34px; height: 48px; box-shadow: 0 2px 4px rgba(0,0,0,.4); }
.nle-bid .coverstack span { position: absolute; left: 0; right: 0; top: 14px; text-align: center; color: #fff; font-weight: bold; font-size: 13px; }
.nle-table { background: #2b6e4f; border-radius: 10px; padding: 12px; color: #fff; display: flex; gap: 16px; align-items: center; flex-wrap: wrap; min-height: 96px; }
.nle-play { display: flex; flex-direction: column; align-items: center; gap: 3px; font-size: 11px; }
.nle-play.winning .nle-card { outline: 3px solid #ffd43b; outline-offset: 1px; }
.nle-table .lead { font-size: 12px; opacity: .9; }
.nle-players { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(320px, 100%), 1fr)); gap: 10px; }
.nle-player { border: 1px solid #dee2e6; border-radius: 8px; padding: 8px 10px; background: #fff; display: flex; flex-direction: column; gap: 6px; }
.nle-player.turn { border-color: #f59f00; background: #fff9db; }
.nle-player .top { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
.nle-player .score { margin-left: auto; font-size: 18px; font-weight: bold; }
.nle-player .label { font-size: 11px; color: #6c757d; text-transform: uppercase; letter-spacing: .3px; }
.nle-tag { font-size: 11px; padding: 0 6px; border-radius: 8px; background: #e9ecef; }
.nle-tag.snitch { background: #ffe3e3; color: #c92a2a; }
.nle-loose { display: flex; gap: 8px; flex-wrap: wrap; }
.nle-loose .trick { display: flex; gap: 2px; padding: 2px; border: 1px dashed #fa5252; border-radius: 4px; }
.nle-note { background: #fff3bf; border: 1px solid #ffe066; border-radius: 6px; padding: 6px 10px; }
.nle-scores { border-collapse: collapse; font-size: 12px; }
.nle-scores td, .nle-scores th { border: 1px solid #dee2e6; padding: 2px 8px; text-align: center; }
.nle-scores th { background: #f8f9fa; }
`;

function parseCard(name) {
  if (name === "getaway") return { getaway: true };
  const [suit, value] = name.split("-");
  return { suit, value: Number(value) };
}

export function render(container, view, context) {
  const { h, style } = context.kit;
  style("nle-style", CSS);
  const n = view.hand_sizes.length;
  const eligible = new Set(view.cover ? view.cover.eligible : []);

  function card(name, { small = false, extra = "" } = {}) {
    const c = parseCard(name);
    if (c.getaway) {
      return h("div", { class: `nle-card getaway${small ? " small" : ""}${extra}`, title: "Getaway Card", "data-card": name },
        h("span", { class: "n" }, small ? "GA" : "GETAWAY"));
    }
    const suit = SUITS[c.suit] || { colour: "#000", theme: c.suit };
    return h("div", { class: `nle-card${small ? " small" : ""}${extra}`, style: { "--c": suit.colour },
                      title: `${c.suit} ${c.value} · ${suit.theme}`, "data-card": name },
      h("span", { class: "n" }, c.value), h("i", { class: "pip" }));
  }
  const backs = (count, small = true) => h("div", { class: "nle-backs", title: `${count} cards` },
    Array.from({ length: count }, () => h("div", { class: `nle-back${small ? " small" : ""}` })));

  // --- header ------------------------------------------------------------------------------------
  const turnName = view.turn !== null && view.turn !== undefined ? context.seatName(view.turn) : null;
  const phase = {
    planning: `Planning${turnName ? ` · ${turnName} bids or passes` : ""}`,
    tricks: `Trick-taking${turnName ? ` · ${turnName} to play` : ""}`,
    cover: "Covering a bid card",
    over: "Game over",
  }[view.phase] || view.phase;
  const variants = Object.entries(view.options || {}).filter(([, on]) => on).map(([k]) => k.replace(/_/g, " "));
  const head = h("div", { class: "nle-head" },
    h("span", { class: "phase" }, `Round ${view.round} of ${view.rounds} · ${phase}`),
    h("span", { class: "meta" }, `max bid ${view.max_bid}`),
    view.tricks.total ? h("span", { class: "meta" }, `trick ${Math.min(view.tricks.played + 1, view.tricks.total)} of ${view.tricks.total}`) : null,
    h("span", { class: "meta" }, "Blue is trump"),
    variants.length ? h("span", { class: "meta" }, `variants: ${variants.join(", ")}`) : null);

  // --- the trick in progress --------------------------------------------------------------------------
  const winner = view.cover ? view.cover.seat : null;
  const table = h("div", { class: "nle-table" },
    h("div", { class: "lead" },
      view.trick.lead_suit ? `Lead suit: ${view.trick.lead_suit}` : view.phase === "planning" ? "Bidding: no trick yet" : "Trick: waiting for the lead",
      view.trick.leader !== null && view.trick.leader !== undefined ? h("div", {}, `led by ${context.seatName(view.trick.leader)}`) : null),
    view.trick.cards.map((p) => h("div", { class: `nle-play${view.cover && p.card === view.cover.card ? " winning" : ""}`, "data-seat": p.seat },
      card(p.card), context.seatName(p.seat))));

  const notes = [];
  if (view.cover) {
    notes.push(h("div", { class: "nle-note" },
      `${context.seatName(winner)} won the trick with ${view.cover.card} and chooses which bid card to cover: `,
      view.cover.eligible.join(", "), "."));
  }

  // --- each player: bids with covers, loose ends, hand -------------------------------------------------
  const players = [];
  for (let seat = 0; seat < n; seat++) {
    const bids = view.bids[seat] || [];
    const hand = seat === context.viewer ? view.hand : view.hands ? view.hands[seat] : null;
    const snitch = view.snitches.includes(seat);
    const covered = bids.filter((b) => b.cover).length;
    players.push(h("div", { class: `nle-player${view.active.includes(seat) ? " turn" : ""}`, "data-seat": seat },
      h("div", { class: "top" },
        h("i", { class: "tf-dot", style: { "--seat": context.seatColour(seat) } }), h("b", {}, context.seatName(seat)),
        view.passed[seat] && view.phase === "planning" ? h("span", { class: "nle-tag" }, "passed") : null,
        snitch ? h("span", { class: "nle-tag snitch" }, "snitch") : null,
        h("span", { class: "nle-tag" }, `${view.won[seat]} trick${view.won[seat] === 1 ? "" : "s"} won`),
        h("span", { class: "score", title: "points" }, view.scores[seat])),
      h("div", { class: "label" }, `Evidence (bid): ${bids.length}, covered ${covered}`),
      bids.length ? h("div", { class: "nle-row" }, bids.map((b) => h("div", { class: "nle-bid" },
        card(b.card, { extra: `${seat === winner && eligible.has(b.card) && !b.cover ? " eligible" : ""}${b.promoted ? " promoted" : ""}` }),
        b.cover ? h("div", { class: "coverstack", title: `covered by a trick of ${b.cover.length} cards` },
          h("div", { class: "nle-back" }), h("span", {}, "✓")) : null)))
        : h("div", { class: "label" }, snitch ? "no bid: snitching" : "no bid yet"),
      view.loose_ends[seat].length ? h("div", {}, h("div", { class: "label" }, `Loose ends: ${view.loose_ends[seat].length}`),
        h("div", { class: "nle-loose" }, view.loose_ends[seat].map((trick) =>
          h("div", { class: "trick" }, trick.map((c) => card(c, { small: true })))))) : null,
      h("div", { class: "label" }, `Hand: ${view.hand_sizes[seat]} card${view.hand_sizes[seat] === 1 ? "" : "s"}`),
      hand ? h("div", { class: "nle-row nle-hand" }, hand.map((c) => card(c, { small: true }))) : backs(view.hand_sizes[seat])));
  }

  // --- scores round by round -------------------------------------------------------------------------
  const scoreRows = view.history.map((round) => h("tr", {}, h("th", {}, `Round ${round.round}`),
    round.lines.map((ln) => h("td", { title: `covered ${ln.covered}, loose ends ${ln.loose_ends}${ln.perfect_crime ? ", perfect crime" : ""}${ln.snitch ? `, snitch ${ln.snitch}` : ""}` },
      `${ln.points > 0 ? "+" : ""}${ln.points}${ln.perfect_crime ? " ★" : ""}`))));
  const scores = h("table", { class: "nle-scores" },
    h("tr", {}, h("th", {}, ""), Array.from({ length: n }, (_, s) => h("th", {}, context.seatName(s)))),
    h("tr", {}, h("th", {}, "Start"), Array.from({ length: n }, () => h("td", {}, 5))),
    scoreRows,
    h("tr", {}, h("th", {}, "Total"), view.scores.map((sc) => h("td", {}, h("b", {}, sc)))));

  const extra = [];
  if (view.set_aside_cards && view.set_aside_cards.length) {
    extra.push(h("div", {}, h("div", { class: "label" }, "Not dealt this round"),
      h("div", { class: "nle-row" }, view.set_aside_cards.map((c) => card(c, { small: true })))));
  }
  container.append(h("div", { class: "nle" }, head, table, ...notes,
    h("div", { class: "nle-players" }, players), ...extra, scores));
}

// The pieces a seat clicks to move (the page's move builder): a card of its hand to bid or play,
// one of its bid cards to cover.
export function piece({ type, field, value, context }) {
  const { attr } = context.kit;
  const mine = `.nle-player${attr("data-seat", context.viewer)}`;
  if (field !== "card") return null;
  if (type === "cover") return `${mine} .nle-bid .nle-card${attr("data-card", value)}`;
  return `${mine} .nle-hand .nle-card${attr("data-card", value)}`;
}
