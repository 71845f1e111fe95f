// Trinket Trove on the web page: the round's lots (round setup and the bid row, splayed so each
// card's name shows), the character tiles in the turn order row from First to Last, each
// collector's hand (face up only where the view holds its cards; otherwise its size as card
// backs), the deck and the timer deck, Nimbus's set-aside cards, and the final sets and scores.

const COLOURS = {
  Mirror: "#dee2e6", Lure: "#74c0fc", Feather: "#ff8787", Gem: "#b197fc", Crayon: "#ffa94d",
  Bottlecap: "#8ce99a", Marble: "#66d9e8", Key: "#ffe066", Shell: "#faa2c1", Gear: "#adb5bd",
  Button: "#c0eb75", Thimble: "#eebefa", Bell: "#ffd43b",
};

const CSS = `
.tt { display: flex; flex-direction: column; gap: 12px; }
.tt-head { display: flex; flex-wrap: wrap; gap: 10px 18px; align-items: center; }
.tt-head .phase { font-size: 16px; font-weight: bold; }
.tt-pile { display: inline-flex; align-items: center; gap: 6px; font-size: 12px; color: #495057; }
.tt-area { background: #f3ecdf; border-radius: 8px; padding: 8px 10px; }
.tt-area h3 { margin: 0 0 6px; font-size: 12px; text-transform: uppercase; letter-spacing: .4px; color: #7a6a52; }
.tt-row { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; }
.tt-lot { display: flex; flex-direction: column; align-items: center; gap: 4px; min-width: 80px; }
.tt-lot .cap { font-size: 11px; color: #6c757d; text-align: center; }
.tt-lot.claimed { opacity: .55; }
.tt-stack { display: flex; flex-direction: column; }
.tt-stack .tt-card + .tt-card { margin-top: -78px; }
.tt-card { width: 74px; height: 100px; border-radius: 7px; border: 1px solid rgba(0,0,0,.35);
  background: linear-gradient(#fff 0 24px, var(--c) 24px); box-shadow: 0 1px 2px rgba(0,0,0,.25);
  position: relative; font-size: 11px; overflow: hidden; }
.tt-card .val { position: absolute; left: 3px; top: 3px; width: 18px; height: 18px; border-radius: 50%;
  background: var(--c); border: 1px solid rgba(0,0,0,.4); font-weight: bold; text-align: center; line-height: 17px; }
.tt-card .name { position: absolute; left: 22px; top: 5px; font-weight: bold; font-size: 9.5px; letter-spacing: -.3px; }
.tt-card .ladder { position: absolute; left: 3px; right: 3px; bottom: 3px; font-size: 8.5px; line-height: 1.25;
  background: rgba(255,255,255,.7); border-radius: 3px; padding: 1px 3px; }
.tt-card .wild { position: absolute; left: 0; right: 0; top: 46px; text-align: center; font-weight: bold; letter-spacing: 2px; }
.tt-back { width: 30px; height: 42px; border-radius: 4px; border: 1px solid #5c3d1e;
  background: repeating-linear-gradient(45deg, #8d5a2b 0 4px, #a9713d 4px 8px); }
.tt-backs { display: flex; }
.tt-backs .tt-back + .tt-back { margin-left: -20px; }
.tt-tile { display: inline-flex; align-items: center; gap: 4px; padding: 3px 8px; border-radius: 14px;
  background: var(--seat); color: #fff; font-weight: bold; font-size: 12px; white-space: nowrap; }
.tt-tile .zero { background: #fff; color: #212529; border-radius: 50%; width: 16px; height: 16px;
  display: inline-flex; align-items: center; justify-content: center; font-size: 11px; }
.tt-order { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; }
.tt-order .end { font-size: 11px; font-weight: bold; color: #7a6a52; border: 1px dashed #b8a78a; border-radius: 4px; padding: 2px 6px; }
.tt-order .tt-tile.turn { outline: 3px solid #f59f00; outline-offset: 2px; }
.tt-collectors { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(300px, 100%), 1fr)); gap: 10px; }
.tt-collector { border: 1px solid #dee2e6; border-radius: 8px; padding: 8px; background: #fff; }
.tt-collector.turn { border-color: #f59f00; background: #fff9db; }
.tt-collector .top { display: flex; align-items: center; gap: 8px; margin-bottom: 6px; flex-wrap: wrap; }
.tt-collector .pts { margin-left: auto; font-weight: bold; }
.tt-fan { display: flex; flex-wrap: wrap; gap: 4px; }
.tt-fan .tt-card { width: 70px; height: 88px; }
.tt-sets { font-size: 12px; color: #495057; margin-top: 4px; }
.tt-note { background: #fff3bf; border: 1px solid #ffe066; border-radius: 6px; padding: 6px 10px; }
.tt-ref table { border-collapse: collapse; font-size: 11px; }
.tt-ref td, .tt-ref th { border: 1px solid #dee2e6; padding: 1px 5px; text-align: center; }
`;

export function render(container, view, context) {
  const { h, style } = context.kit;
  style("tt-style", CSS);
  const NIMBUS = "nimbus";
  const characterOf = (who) => (who === NIMBUS ? "Nimbus" : view.characters[who]);
  const colourOf = (who) => (who === NIMBUS ? "#5c677d" : context.seatColour(who));
  const nameOf = (who) => (who === NIMBUS ? "Nimbus (automatic)" : context.seatName(who));

  function card(c) {
    const t = view.trinkets[c.trinket];
    return h("div", { class: "tt-card", style: { "--c": COLOURS[c.trinket] || "#eee" }, title: c.trinket,
                      "data-card": c.id },
      h("span", { class: "val" }, c.value), h("span", { class: "name" }, c.trinket),
      t ? h("div", { class: "ladder" }, t.points.join(" · ")) : h("div", { class: "wild" }, "WILD"));
  }
  const backs = (n) => h("div", { class: "tt-backs", title: `${n} cards` },
    Array.from({ length: Math.min(n, 14) }, () => h("div", { class: "tt-back" })));
  const tile = (who, zero = false, extra = "") => h("span",
    { class: `tt-tile${extra}`, style: { "--seat": colourOf(who) }, title: nameOf(who) },
    characterOf(who), zero ? h("span", { class: "zero" }, "0") : null);

  // --- header: round, phase, piles ----------------------------------------------------------
  const current = view.turn;
  const phaseText = {
    setup: "Setting up", over: "Game over",
    bidding: current !== null && current !== undefined ? `Bidding · ${characterOf(current)} to bid` : "Bidding",
    drafting: current !== null && current !== undefined ? `Drafting · ${characterOf(current)} claims lots` : "Drafting",
  }[view.phase] || view.phase;
  const head = h("div", { class: "tt-head" },
    h("span", { class: "phase" }, `Round ${view.round} of ${view.rounds} · ${phaseText}`),
    h("span", { class: "tt-pile" }, backs(1), `deck ${view.deck}`),
    h("span", { class: "tt-pile" }, backs(1), `timer deck ${view.timer_deck}`),
    view.nimbus ? h("span", { class: "tt-pile" }, "2 players: Nimbus plays as a third collector") : null);

  // --- lots: round setup, then the bid row (First to Last) ----------------------------------------
  function lot(l) {
    const claimed = l.claimed_by !== null && l.claimed_by !== undefined;
    const caption = [];
    if (l.bid_of === null && l.lot === 0) caption.push("first lot");
    if (l.value !== undefined) caption.push(`value ${l.value}`);
    return h("div", { class: `tt-lot${claimed ? " claimed" : ""}`, "data-lot": l.lot },
      l.bid_of !== null ? tile(l.bid_of, l.zero) : null,
      l.cards ? h("div", { class: "tt-stack" }, l.cards.map(card)) : backs(l.size),
      h("div", { class: "cap" }, caption.join(" · ")),
      claimed ? h("div", { class: "cap" }, `taken by ${characterOf(l.claimed_by)}`) : null);
  }
  const setupLots = view.lots.filter((l) => l.bid_of === null);
  const bids = view.bid_row.map((i) => view.lots[i]);
  const areas = [];
  if (setupLots.length) {
    areas.push(h("section", { class: "tt-area" }, h("h3", {}, "Round setup lots"),
      h("div", { class: "tt-row" }, setupLots.map(lot))));
  }
  if (view.lots.length) {
    areas.push(h("section", { class: "tt-area" }, h("h3", {}, "Bid row (First → Last)"),
      bids.length ? h("div", { class: "tt-row" }, bids.map(lot)) : h("span", { class: "cap" }, "no bids yet")));
  }

  // --- the turn order row -----------------------------------------------------------------------------
  const orderRow = h("section", { class: "tt-area" }, h("h3", {}, "Turn order row"),
    h("div", { class: "tt-order" }, h("span", { class: "end" }, "FIRST"),
      view.order.map((who) => tile(who, false, who === current && !view.over ? " turn" : "")),
      h("span", { class: "end" }, "LAST")));

  // --- collectors -------------------------------------------------------------------------------------
  const ranking = new Map(((view.result && view.result.ranking) || []).map((r) => [r.seat, r]));
  const collectors = h("div", { class: "tt-collectors" }, view.hands.map((hand) => {
    const r = ranking.get(hand.seat);
    const cards = hand.cards ? [...hand.cards].sort((a, b) => b.value - a.value || a.trinket.localeCompare(b.trinket)) : null;
    return h("div", { class: `tt-collector${hand.seat === current && !view.over ? " turn" : ""}`, "data-seat": hand.seat },
      h("div", { class: "top" }, tile(hand.seat), context.seatName(hand.seat),
        h("span", { class: "pts" }, r ? `#${r.rank} · ${r.points} pts` : `${hand.count} cards`)),
      cards ? h("div", { class: "tt-fan" }, cards.map(card)) : backs(hand.count),
      r ? h("div", { class: "tt-sets" }, r.sets.map((s) =>
        `${s.trinket} ×${s.cards}${s.mirrors ? ` (+${s.mirrors} mirror)` : ""} = ${s.points}`).join(" · ")) : null);
  }));

  const extra = [];
  if (view.tie) {
    extra.push(h("div", { class: "tt-note" },
      `Nimbus's pick is tied between lots ${view.tie.lots.join(", ")}: ${nameOf(view.tie.chooser)} chooses.`));
  }
  if (view.nimbus && view.set_aside.length) {
    extra.push(h("section", { class: "tt-area" }, h("h3", {}, "Set aside by Nimbus (out of the game)"),
      h("div", { class: "tt-fan" }, view.set_aside.map(card))));
  }
  if (view.unseen) {
    extra.push(h("details", { class: "tt-area" }, h("summary", {}, `Never drawn (${view.unseen.length} cards)`),
      h("div", { class: "tt-fan" }, view.unseen.map(card))));
  }
  const ref = h("details", { class: "tt-ref" }, h("summary", {}, "Trinket values and set points"),
    h("table", {}, h("tr", {}, h("th", {}, "Trinket"), h("th", {}, "Value"), h("th", {}, "Points: set of 1 → full set")),
      Object.entries(view.trinkets).map(([name, t]) => h("tr", {},
        h("td", { style: { background: COLOURS[name] } }, name), h("td", {}, t.value), h("td", {}, t.points.join(" / "))))));

  container.append(h("div", { class: "tt" }, head, ...areas, orderRow, ...extra, collectors, ref));
}

// The pieces a seat clicks to move (the page's move builder): the cards of its own hand for a
// bid, and the lots (for a draft, or Nimbus's tied pick).
export function piece({ field, value, context }) {
  const { attr } = context.kit;
  if (field === "cards") return `.tt-collector${attr("data-seat", context.viewer)} .tt-card${attr("data-card", value)}`;
  if (field === "lots" || field === "lot") return `.tt-lot${attr("data-lot", value)}`;
  return null;
}
