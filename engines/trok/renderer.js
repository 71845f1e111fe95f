// TRÖK on the web page: the Market board (its 3 face-up cards, the Equipment deck and discard
// pile), the Upgrade row numbered 1 to 7, each person's offer (face down until revealed; the
// seat's own choice shown only to it), the Trade Master token, hands (face up where the view
// holds them, else their size), Aare (own, or everyone's once the game is over), Upgrades owned
// and cards stored in carts.

const EQUIPMENT = {
  pickaxe: { value: 1, colour: "#a0856c", label: "Pickaxe" },
  ration: { value: 2, colour: "#69db7c", label: "Ration" },
  gloves: { value: 3, colour: "#51cf66", label: "Gloves" },
  lantern: { value: 4, colour: "#37b24d", label: "Lantern" },
  armor: { value: 5, colour: "#ff8787", label: "Armor" },
  helmet: { value: 6, colour: "#fa5252", label: "Helmet" },
  hammer: { value: 7, colour: "#e03131", label: "Hammer" },
  arcane_stone: { value: "✶", colour: "#845ef7", label: "Arcane Stone" },
};

// The rulebook's Game Aid, shortened: kind -> [name, family, phase, effect].
const UPGRADES = {
  mine: ["Mine", "improvement", "Supply", "one extra card each round"],
  thrud: ["Thrud", "dwarf", "Trök", "+2 Aare when the market renews"],
  grid: ["Grid", "dwarf", "Trök", "+3 to become Trade Master; +1 Aare each round"],
  aegur: ["Aegur", "dwarf", "Combination", "identical cards past the 3rd: 5 Aare"],
  dagda: ["Dagda", "dwarf", "Combination", "3 identical green: 7 Aare"],
  vein: ["Vein", "improvement", "Combination", "one Pickaxe counts as an Arcane Stone"],
  kraal: ["Kraal", "dwarf", "Combination", "3 identical red: 10 Aare"],
  idunn: ["Idunn", "dwarf", "Combination", "a run of 5 takes 2 Upgrades"],
  skaa: ["Skaa", "dwarf", "Combination", "3 different: any Upgrade in the row"],
  mother_dwerg: ["Mother Dwerg", "dwarf", "End of round", "+1 Aare per dwarf owned"],
  cart: ["Cart", "improvement", "End of round", "store one unused card"],
  father_dwerg: ["Father Dwerg", "dwarf", "End of round", "+1 Aare per Mine, Vein, Cart"],
  zoral: ["Zoral", "dwarf", "End of round", "+1 Aare per Pickaxe at the market"],
  astrid: ["Astrid", "dwarf", "End of round", "+2 Aare per green card at the market"],
  ylud: ["Ylud", "dwarf", "End of round", "+3 Aare per red card at the market"],
};

const PHASES = {
  setup: "Setting up",
  trok: "Trök: everyone chooses 3 cards to offer",
  appoint: "A tie: the previous Trade Master names the new one",
  trading: "Trading",
  shortchange: "The Trade Master gives a card to the shortchanged",
  combination: "Combination",
  over: "Game over",
};

const CSS = `
.trok { display: flex; flex-direction: column; gap: 12px; }
.trok-head { display: flex; gap: 8px 16px; flex-wrap: wrap; align-items: baseline; }
.trok-head .phase { font-size: 16px; font-weight: bold; }
.trok-head .meta { font-size: 12px; color: #6c757d; }
.trok-board { display: grid; grid-template-columns: auto 1fr; gap: 12px; align-items: start; }
.trok-market { background: #5f3b1e; color: #f8f0e3; border-radius: 10px; padding: 10px 12px; }
.trok-market h3, .trok-area h3 { margin: 0 0 6px; font-size: 12px; text-transform: uppercase; letter-spacing: .4px; }
.trok-market .piles { display: flex; gap: 12px; margin-top: 8px; font-size: 12px; align-items: center; }
.trok-area { background: #f1ebe1; border-radius: 8px; padding: 8px 10px; }
.trok-area h3 { color: #6b5840; }
.trok-row { display: flex; gap: 6px; flex-wrap: wrap; align-items: flex-start; }
.trok-card { width: 50px; height: 70px; border-radius: 6px; background: var(--c); border: 1px solid rgba(0,0,0,.4);
  position: relative; box-shadow: 0 1px 2px rgba(0,0,0,.3); flex: none; color: #1b1b1b; }
.trok-card .v { position: absolute; left: 4px; top: 2px; font-size: 18px; font-weight: bold; }
.trok-card .l { position: absolute; left: 2px; right: 2px; bottom: 4px; font-size: 9px; text-align: center;
  background: rgba(255,255,255,.75); border-radius: 3px; }
.trok-card.small { width: 36px; height: 50px; }
.trok-card.small .v { font-size: 14px; }
.trok-card.small .l { font-size: 7.5px; }
.trok-back { width: 36px; height: 50px; border-radius: 6px; border: 1px solid #3b2410; flex: none;
  background: repeating-linear-gradient(45deg, #7c4a21 0 5px, #8f5a2c 5px 10px); }
.trok-backs { display: flex; }
.trok-backs .trok-back + .trok-back { margin-left: -22px; }
.trok-up { width: 104px; min-height: 92px; border-radius: 7px; border: 1px solid #b5a48a; background: #fffaf0; padding: 4px 6px;
  font-size: 10px; position: relative; flex: none; }
.trok-up.dwarf { border-top: 5px solid #1971c2; }
.trok-up.improvement { border-top: 5px solid #e8590c; }
.trok-up .pos { position: absolute; right: 4px; top: 2px; font-weight: bold; color: #868e96; font-size: 12px; }
.trok-up .nm { font-weight: bold; font-size: 12px; }
.trok-up .ph { color: #868e96; font-style: italic; }
.trok-up.small { width: auto; min-height: 0; padding: 2px 6px; }
.trok-people { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(320px, 100%), 1fr)); gap: 10px; }
.trok-person { border: 1px solid #dee2e6; border-radius: 8px; background: #fff; padding: 8px 10px; display: flex; flex-direction: column; gap: 6px; }
.trok-person.turn { border-color: #f59f00; background: #fff9db; }
.trok-person .top { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
.trok-person .aare { margin-left: auto; font-weight: bold; }
.trok-person .label { font-size: 11px; color: #6c757d; text-transform: uppercase; letter-spacing: .3px; }
.trok-token { background: #f08c00; color: #fff; border-radius: 10px; padding: 0 8px; font-size: 11px; font-weight: bold; }
.trok-tag { background: #e9ecef; border-radius: 8px; padding: 0 6px; font-size: 11px; }
.trok-tag.perfect { background: #d3f9d8; color: #2b8a3e; }
`;

export function render(container, view, context) {
  const { h, style } = context.kit;
  style("trok-style", CSS);

  function card(name, small = false) {
    const e = EQUIPMENT[name] || { value: "?", colour: "#ddd", label: name };
    return h("div", { class: `trok-card${small ? " small" : ""}`, style: { "--c": e.colour }, title: e.label, "data-card": name },
      h("span", { class: "v" }, e.value), h("span", { class: "l" }, e.label));
  }
  const backs = (n) => h("div", { class: "trok-backs", title: `${n} cards` },
    Array.from({ length: n }, () => h("div", { class: "trok-back" })));
  function upgrade(kind, pos = null) {
    const [name, family, phase, effect] = UPGRADES[kind] || [kind, "", "", ""];
    return h("div", { class: `trok-up ${family}`, title: `${name}: ${effect}`, "data-upgrade": kind,
                      "data-pos": pos === null ? null : pos - 1 },
      pos ? h("span", { class: "pos" }, pos) : null,
      h("div", { class: "nm" }, name), h("div", { class: "ph" }, `${family} · ${phase}`), h("div", {}, effect));
  }
  const upgradeChip = (kind) => h("span", { class: `trok-up small ${(UPGRADES[kind] || [])[1] || ""}`,
                                            title: (UPGRADES[kind] || [])[3] }, (UPGRADES[kind] || [kind])[0]);

  // --- header ---------------------------------------------------------------------------------------
  const acting = view.phase === "trading" ? view.chooser : view.phase === "combination" ? view.turn : null;
  const head = h("div", { class: "trok-head" },
    h("span", { class: "phase" }, `Round ${view.round} · ${PHASES[view.phase] || view.phase}`),
    acting !== null && acting !== undefined ? h("span", { class: "meta" },
      view.phase === "trading" ? `${context.seatName(acting)} takes a card` : `${context.seatName(acting)} presents combinations`) : null,
    view.trade_master !== null && view.trade_master !== undefined ? h("span", { class: "meta" }, `Trade Master: ${context.seatName(view.trade_master)}`) : null,
    view.tied.length ? h("span", { class: "meta" }, `tied for Trade Master: ${view.tied.map(context.seatName).join(", ")}`) : null,
    view.shortchanged !== null && view.shortchanged !== undefined ? h("span", { class: "meta" }, `shortchanged: ${context.seatName(view.shortchanged)}`) : null,
    view.phase === "combination" && view.made ? h("span", { class: "meta" },
      `made: identical ${view.made.identical ? "✓" : "–"}, different ${view.made.different ? "✓" : "–"}` +
      (view.veins_left ? `, veins left ${view.veins_left}` : "")) : null);

  // --- the Market board and the Upgrade row ----------------------------------------------------------
  const market = h("section", { class: "trok-market" }, h("h3", {}, "Market"),
    h("div", { class: "trok-row trok-market-cards" }, view.market.map((c) => card(c))),
    h("div", { class: "piles" }, backs(1), `deck ${view.deck_size}`, h("span", {}, `discard ${view.discard_size}`)));
  const row = h("section", { class: "trok-area" }, h("h3", {}, `Upgrade row · deck ${view.upgrade_deck_size}`),
    h("div", { class: "trok-row" }, view.row.map((kind, i) => upgrade(kind, i + 1))));

  // --- the people ------------------------------------------------------------------------------------
  const people = h("div", { class: "trok-people" }, view.seats.map((p) => {
    const offerShown = p.offer && p.offer.length;
    const offer = offerShown ? h("div", { class: "trok-row trok-offer" }, p.offer.map((c) => card(c, true)))
      : p.chosen ? h("div", { class: "trok-row", title: "your offer: hidden from the others until everyone has chosen" },
          p.chosen.map((c) => card(c, true)))
      : p.has_chosen ? backs(3)
      : h("span", { class: "label" }, view.phase === "trok" ? "choosing…" : "none");
    return h("div", { class: `trok-person${view.active.includes(p.seat) ? " turn" : ""}`, "data-seat": p.seat },
      h("div", { class: "top" },
        h("i", { class: "tf-dot", style: { "--seat": context.seatColour(p.seat) } }), h("b", {}, context.seatName(p.seat)),
        view.trade_master === p.seat ? h("span", { class: "trok-token" }, "Trade Master") : null,
        p.perfect ? h("span", { class: "trok-tag perfect" }, "perfect combination!") : null,
        h("span", { class: "aare", title: "Aare" }, p.aare === null || p.aare === undefined ? "? Aare" : `${p.aare} Aare`)),
      h("div", { class: "label" }, `Offer${p.total !== null && p.total !== undefined ? ` · total ${p.total}` : ""}${p.chosen && !offerShown ? " · your choice, still secret" : ""}`),
      offer,
      h("div", { class: "label" }, `Hand · ${p.hand_size} card${p.hand_size === 1 ? "" : "s"}`),
      p.hand ? h("div", { class: "trok-row trok-hand" }, p.hand.map((c) => card(c, true))) : backs(p.hand_size),
      p.upgrades.length ? h("div", {}, h("div", { class: "label" }, "Upgrades"),
        h("div", { class: "trok-row" }, p.upgrades.map(upgradeChip))) : null,
      p.stored.length ? h("div", {}, h("div", { class: "label" }, "Stored in carts"),
        h("div", { class: "trok-row" }, p.stored.map((c) => card(c, true)))) : null);
  }));

  const extra = [];
  if (view.deck) {   // the open view of a finished game: what was left in the piles
    const pile = (title, counts) => h("div", { class: "trok-area" }, h("h3", {}, title),
      h("div", { class: "trok-row" }, Object.entries(counts).filter(([, n]) => n).map(([k, n]) =>
        h("span", { class: "trok-tag" }, `${EQUIPMENT[k] ? EQUIPMENT[k].label : UPGRADES[k] ? UPGRADES[k][0] : k} ×${n}`))));
    extra.push(pile("Equipment deck", view.deck), pile("Discard pile", view.discard), pile("Upgrade deck", view.upgrade_deck));
  }
  container.append(h("div", { class: "trok" }, head, h("div", { class: "trok-board" }, market, row), people, ...extra));
}

// The pieces a seat clicks to move (the page's move builder): the cards of its own hand (three
// to offer, a combination, one to give, those to store: one click per card), a card of an offer
// to take (it names the offer's seat and the card), a market card to swap, an Upgrade of the
// row, a person to appoint. What a combination counts as ("as") is chosen beside the board.
export function piece({ type, field, value, move, context }) {
  const { attr } = context.kit;
  const person = (seat) => `.trok-person${attr("data-seat", seat)}`;
  const hand = (c) => `${person(context.viewer)} .trok-hand .trok-card${attr("data-card", c)}`;
  if (type === "take" && (field === "from" || field === "card")) {
    return `${person(move.from)} .trok-offer .trok-card${attr("data-card", move.card)}`;
  }
  if (type === "take" && field === "swap") return value === null ? null : `.trok-market-cards .trok-card${attr("data-card", value)}`;
  if (field === "cards" || field === "store") return value.length ? value.map(hand) : null;
  if (type === "give" && field === "card") return hand(value);
  if (field === "picks") return value.length ? value.map((i) => `.trok-up${attr("data-pos", i)}`) : null;
  if (type === "appoint" && field === "seat") return `${person(value)} .top`;
  return null;
}
