// Tekhenu: Obelisk of the Sun on the web page: the Obelisk wheel (six god sections in their light,
// Sunny / Shaded / Dark, with the dice in each), the Horus statue slots, Ra's pillar display, the
// Temple (its 3x3 Pillar grid, the building spaces and Gold spaces around it), the Osiris
// districts, the Market, the round track with Maat and Scoring rounds, and each player's board
// (resources, production, Population / Happiness, Faith, Scribes, Maat scales, cards, Decrees:
// face down for others until revealed). Components are stand-ins (docs/games/tekhenu.md).

const GOD_NAME = { horus: "Horus", ra: "Ra", hathor: "Hathor", bastet: "Bastet", thoth: "Thoth", osiris: "Osiris" };
const GOD_SIGN = { horus: "𓅃", ra: "☉", hathor: "♉", bastet: "🐈", thoth: "𓁟", osiris: "☥" };
const LIGHT = { sunny: "#ffe066", shaded: "#ced4da", dark: "#495057" };
const DIE = [["white", 8], ["yellow", 8], ["black", 8], ["brown", 8], ["gray", 4]];
const DIE_COLOUR = DIE.flatMap(([c, n]) => Array(n).fill(c));
const DIE_FILL = { white: "#ffffff", yellow: "#fcc419", black: "#212529", brown: "#8d5524", gray: "#adb5bd" };
const DIE_INK = { white: "#212529", yellow: "#212529", black: "#ffffff", brown: "#ffffff", gray: "#212529" };
const RES = { papyrus: ["Papyrus", "#e9d8a6"], bread: ["Bread", "#e3a857"], limestone: ["Limestone", "#f1f3f5"], granite: ["Granite", "#868e96"] };
const DISTRICTS = ["papyrus", "bread", "limestone", "granite"];
const SPACE_SHOWS = ["papyrus", "faith", "bread", "granite", "faith", "limestone", "bread", "faith", "papyrus"];
const PHASES = {
  decrees: "Every player keeps one of two Decrees", draft: "Drafting Starting cards",
  destiny: "Choosing Destiny cards", play: "Taking dice", maat: "Maat phase",
  final: "Game end", over: "Game over",
};
const STEP = {
  bonus: () => "chooses a Horus bonus", thoth: () => "takes Thoth's cards",
  extra: (st) => `may take a free action (${st.why})`,
  card_offer: (st) => `may use ${st.cards.join(", ")} after ${st.action}`,
  upkeep: (st) => `owes ${st.bread} Bread upkeep: how much Gold pays it?`,
};

const CSS = `
.tk { display: flex; flex-direction: column; gap: 12px; }
.tk-head { display: flex; gap: 8px 16px; flex-wrap: wrap; align-items: baseline; }
.tk-head .phase { font-size: 16px; font-weight: bold; }
.tk-head .meta { font-size: 12px; color: #6c757d; }
.tk-standin { font-size: 10px; background: #fff3bf; color: #7f5f00; border-radius: 6px; padding: 0 5px; font-weight: normal; text-transform: none; letter-spacing: 0; }
.tk-rounds { display: flex; gap: 2px; }
.tk-rounds span { font-size: 10px; width: 24px; text-align: center; padding: 2px 0; border-radius: 3px; background: #f3e9d2; color: #6b5840; }
.tk-rounds span.maat { border-bottom: 3px solid #7048e8; }
.tk-rounds span.score { background: #ffd8a8; font-weight: bold; }
.tk-rounds span.now { outline: 2px solid #e8590c; font-weight: bold; }
.tk-rounds span.done { opacity: .5; }
.tk-main { display: flex; gap: 12px; flex-wrap: wrap; align-items: flex-start; }
.tk-box { background: #f7efdc; border: 1px solid #e0cfa8; border-radius: 8px; padding: 6px 8px; }
.tk-box h3 { margin: 0 0 5px; font-size: 11px; text-transform: uppercase; letter-spacing: .4px; color: #8a6d3b; display: flex; gap: 6px; align-items: center; }
.tk-col { display: flex; flex-direction: column; gap: 10px; flex: 1 1 280px; }
.tk-row { display: flex; gap: 6px; flex-wrap: wrap; align-items: flex-start; }
.tk-card { width: 64px; min-height: 46px; border-radius: 5px; background: #fffaf0; border: 1.5px solid #b08d57; padding: 2px 4px; font-size: 9.5px; line-height: 1.15; }
.tk-card b { display: block; font-size: 11px; }
.tk-card.technology { border-color: #1971c2; } .tk-card.blessing { border-color: #2b8a3e; } .tk-card.decree { border-color: #9c36b5; }
.tk-card.starting { border-color: #e8590c; } .tk-card.destiny { border-color: #c2255c; }
.tk-back { width: 40px; height: 54px; border-radius: 5px; border: 1.5px solid #5f3dc4; flex: none;
  background: repeating-linear-gradient(45deg, #7048e8 0 4px, #845ef7 4px 8px); }
.tk-pillar { width: 58px; height: 58px; border-radius: 4px; border: 2px solid #b08d57; background: #fff8e6; font-size: 10px; text-align: center; display: flex; flex-direction: column; justify-content: center; }
.tk-players { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(340px, 100%), 1fr)); gap: 10px; }
.tk-player { border: 1px solid #dee2e6; border-radius: 8px; background: #fff; padding: 8px 10px; display: flex; flex-direction: column; gap: 5px; font-size: 12px; }
.tk-player.turn { border-color: #f59f00; background: #fff9db; }
.tk-player .top { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
.tk-player .vp { margin-left: auto; font-weight: bold; font-size: 14px; }
.tk-player .label { font-size: 10.5px; color: #6c757d; text-transform: uppercase; letter-spacing: .3px; }
.tk-tag { background: #e9ecef; border-radius: 8px; padding: 0 6px; font-size: 11px; }
.tk-tag.turn { background: #ffec99; color: #7f5f00; }
.tk-tag.win { background: #d3f9d8; color: #2b8a3e; font-weight: bold; }
.tk-res { display: flex; gap: 4px; flex-wrap: wrap; }
.tk-res span { border: 1px solid #ced4da; border-radius: 4px; padding: 1px 5px; background: var(--c, #f8f9fa); font-size: 11px; }
.tk-res span small { color: #495057; }
.tk-meter { display: grid; grid-template-columns: 78px 1fr 28px; gap: 4px; align-items: center; font-size: 11px; }
.tk-meter .bar { height: 7px; background: #e9ecef; border-radius: 3px; overflow: hidden; }
.tk-meter .bar i { display: block; height: 100%; background: var(--c); }
.tk-scales { display: flex; gap: 3px; align-items: center; flex-wrap: wrap; }
.tk-die { display: inline-flex; width: 18px; height: 18px; border-radius: 4px; border: 1px solid #343a40; align-items: center; justify-content: center; font-size: 11px; font-weight: bold; }
`;

export function render(container, view, context) {
  const { h, s, style } = context.kit;
  style("tk-style", CSS);
  const name = (seat) => context.seatName(seat);
  const colour = (seat) => context.seatColour(seat);
  const standIn = (t = "stand-in") => h("span", { class: "tk-standin", title: "not printed on the rules page (docs/games/tekhenu.md)" }, t);
  const die = (d) => {
    const c = DIE_COLOUR[d.id] || "gray";
    return h("span", { class: "tk-die", style: { background: DIE_FILL[c], color: DIE_INK[c] }, title: `${c} die ${d.value}` }, d.value);
  };
  const card = (id) => {
    const k = id[0];
    const kind = { T: "technology", B: "blessing", D: "decree", S: "starting", X: "destiny" }[k] || "";
    return h("div", { class: `tk-card ${kind}`, "data-card": id, title: `${kind} card ${id} (stand-in text)` }, h("b", {}, id), kind);
  };

  // --- header and round track ------------------------------------------------------------------------
  const pend = view.pending && view.pending.length ? view.pending[0] : null;  // the step owed now
  const res = view.result;
  // `turn` counts places in turn order: the seat to play is order[turn]
  const acting = view.phase === "play" && view.turn < view.order.length ? view.order[view.turn] : null;
  const head = h("div", { class: "tk-head" },
    h("span", { class: "phase" }, view.over ? "Game over" : `${view.round ? `Round ${view.round} of 16 · ` : ""}${PHASES[view.phase] || view.phase}` +
      (acting !== null && acting !== undefined ? ` · ${name(acting)}'s turn` : "")),
    pend ? h("span", { class: "meta" }, `${name(pend.seat)} ${STEP[pend.kind] ? STEP[pend.kind](pend) : pend.kind}`) : null,
    view.awaited && view.awaited.length && view.phase !== "play" ? h("span", { class: "meta" }, `waiting for ${view.awaited.map(name).join(", ")}`) : null,
    h("span", { class: "meta" }, `turn order: ${view.order.map(name).join(" → ")}`),
    res ? h("span", { class: "meta" }, `${name(res.ranking[0].seat)} wins with ${res.ranking[0].points} VP`) : null,
    standIn("stand-in components"));
  const rounds = h("div", { class: "tk-rounds", title: "rounds: Maat after 4, 8, 12, 16 (purple), Scoring after 8 and 16" },
    Array.from({ length: 16 }, (_, i) => h("span", { class: `${(i + 1) % 4 === 0 ? "maat" : ""}${i + 1 === 8 || i + 1 === 16 ? " score" : ""}${i + 1 === view.round ? " now" : ""}${i + 1 < view.round ? " done" : ""}` }, i + 1)));

  // --- the Obelisk wheel ------------------------------------------------------------------------------
  const R = 150, C = 188;
  const wheel = s("svg", { width: 2 * C, height: 2 * C, viewBox: `0 0 ${2 * C} ${2 * C}`, role: "img", "aria-label": "the Obelisk wheel" });
  const gods = view.gods || [];
  gods.forEach((god, i) => {
    const a0 = (i * 60 - 90 - 30) * Math.PI / 180, a1 = ((i + 1) * 60 - 90 - 30) * Math.PI / 180;
    const light = (view.lights || [])[i];
    const p = (a, r) => [C + r * Math.cos(a), C + r * Math.sin(a)];
    const [x0, y0] = p(a0, R), [x1, y1] = p(a1, R);
    wheel.append(s("path", { d: `M${C} ${C} L${x0} ${y0} A${R} ${R} 0 0 1 ${x1} ${y1} Z`, fill: LIGHT[light] || "#eee", stroke: "#8a6d3b", "stroke-width": 2 },
      s("title", {}, `${GOD_NAME[god]} · ${light}`)));
    const am = (a0 + a1) / 2;
    const [lx, ly] = p(am, R + 18);
    const ink = light === "dark" ? "#fff" : "#5c3c00";
    wheel.append(s("text", { x: lx, y: ly + 4, "text-anchor": "middle", "font-size": 13, "font-weight": "bold", fill: "#5c3c00" }, GOD_NAME[god]));
    const [sx, sy] = p(am, R - 14);
    wheel.append(s("text", { x: sx, y: sy + 3, "text-anchor": "middle", "font-size": 9, fill: ink }, light));
    const dice = (view.sections || [])[i] || [];
    dice.forEach((d, k) => {
      const row = Math.floor(k / 3), col = k % 3, n = Math.min(3, dice.length - row * 3);
      const [dx, dy] = p(am, R - 62 - row * 24);
      const tx = dx + (col - (n - 1) / 2) * 22 * Math.cos(am + Math.PI / 2), ty = dy + (col - (n - 1) / 2) * 22 * Math.sin(am + Math.PI / 2);
      const c = DIE_COLOUR[d.id] || "gray";
      wheel.append(s("g", { "data-die": d.id }, s("title", {}, `${c} die showing ${d.value}`),
        s("rect", { x: tx - 9, y: ty - 9, width: 18, height: 18, rx: 4, fill: DIE_FILL[c], stroke: "#222", "stroke-width": 1.2 }),
        s("text", { x: tx, y: ty + 4, "text-anchor": "middle", "font-size": 12, "font-weight": "bold", fill: DIE_INK[c] }, d.value)));
    });
  });
  wheel.append(s("circle", { cx: C, cy: C, r: 24, fill: "#d4a72c", stroke: "#8a6d3b", "stroke-width": 2 }));
  wheel.append(s("polygon", { points: `${C},${C - 20} ${C + 7},${C + 14} ${C - 7},${C + 14}`, fill: "#fff3bf", stroke: "#8a6d3b" }));
  const obelisk = h("div", { class: "tk-box" }, h("h3", {}, "Obelisk", standIn("wheel layout"), h("span", { style: { marginLeft: "auto", textTransform: "none" } }, `dice in supply ${view.supply.length}`)), wheel);

  // --- Horus and Ra -----------------------------------------------------------------------------------
  const horus = h("div", { class: "tk-box" }, h("h3", {}, "Horus · statues"),
    h("div", { class: "tk-row" }, (view.horus_gods || []).map((god, i) => {
      const here = (view.statues || []).filter((st) => (typeof st.slot === "number" ? st.slot === i : st.god === god));
      return h("div", { class: "tk-pillar", style: { width: "52px", height: "52px" }, title: `slot ${i + 1}: ${GOD_NAME[god]}` },
        h("b", {}, `${i + 1} ${GOD_NAME[god] || god}`),
        h("div", {}, here.length ? here.map((st) => h("i", { class: "tf-dot", style: { "--seat": colour(st.seat), margin: "0 1px" }, title: name(st.seat) })) : "—"));
    })));
  const ra = h("div", { class: "tk-box" }, h("h3", {}, "Ra · pillar display"),
    h("div", { class: "tk-row" }, (view.ra || []).map((tile, i) => h("div", { class: "tk-pillar", title: `${["5-6 · 3 VP", "3-4 · 2 VP", "1-2 · 1 VP"][i]}` },
      h("b", {}, tile || "—"), h("span", {}, ["dice 5-6", "dice 3-4", "dice 1-2"][i]), h("span", {}, `stack ${(view.stacks[i] || []).length}`)))));

  // --- the Temple -------------------------------------------------------------------------------------
  const T = 64, O = 40;
  const temple = s("svg", { width: 3 * T + 2 * O, height: 3 * T + 2 * O, role: "img", "aria-label": "the Temple" });
  temple.append(s("rect", { x: O - 4, y: O - 4, width: 3 * T + 8, height: 3 * T + 8, fill: "#e8d5a3", stroke: "#8a6d3b", "stroke-width": 2, rx: 4 }));
  (view.temple || []).forEach((cell, i) => {
    const r = Math.floor(i / 3), c = i % 3, x = O + c * T, y = O + r * T;
    if (cell) {
      temple.append(s("g", { "data-cell": i }, s("title", {}, `${cell.tile} of ${name(cell.seat)}, turned ${cell.rotation * 90}°`),
        s("rect", { x: x + 3, y: y + 3, width: T - 6, height: T - 6, rx: 4, fill: "#fff8e6", stroke: colour(cell.seat), "stroke-width": 4 }),
        s("text", { x: x + T / 2, y: y + T / 2 - 2, "text-anchor": "middle", "font-size": 12, "font-weight": "bold", fill: "#5c3c00" }, cell.tile),
        s("text", { x: x + T / 2, y: y + T / 2 + 14, "text-anchor": "middle", "font-size": 14, fill: colour(cell.seat),
                     transform: `rotate(${cell.rotation * 90} ${x + T / 2} ${y + T / 2 + 10})` }, "▲")));
    } else {
      temple.append(s("g", { "data-cell": i, class: "tk-space" },
        s("rect", { x: x + 3, y: y + 3, width: T - 6, height: T - 6, rx: 4, fill: "#f3e9d2", stroke: "#c9b27c", "stroke-dasharray": "3 3" }),
        s("text", { x: x + T / 2, y: y + T / 2 + 4, "text-anchor": "middle", "font-size": 10, fill: "#a08050" }, SPACE_SHOWS[i])));
    }
  });
  const spaces = view.spaces || [];
  const templeBox = h("div", { class: "tk-box" }, h("h3", {}, "Temple", standIn("3×3 grid")), temple,
    h("div", { class: "label", style: { fontSize: "11px", color: "#8a6d3b" } }, `Hathor building spaces (${spaces.filter((x) => x !== null).length} of ${spaces.length} built)`),
    h("div", { class: "tk-row", style: { gap: "3px" } }, spaces.map((seat, i) => h("span", { "data-bspace": i,
      style: { width: "16px", height: "16px", borderRadius: "3px", border: "1px solid #8a6d3b", background: seat === null ? "#fff" : colour(seat) },
      title: seat === null ? `space ${i + 1}: empty` : `space ${i + 1}: ${name(seat)}` }))),
    h("div", { style: { fontSize: "11px", color: "#8a6d3b", marginTop: "4px" } }, "Gold spaces: ",
      (view.gold_spaces || []).map((seat, i) => h("span", { class: "tk-tag", "data-gold": i, style: { marginRight: "3px", background: seat === null ? "#ffe066" : colour(seat), color: seat === null ? "#5c3c00" : "#fff" } },
        seat === null ? `${i + 1}: 2 Gold` : `${i + 1}: ${name(seat)}`))));

  // --- Osiris districts -------------------------------------------------------------------------------
  const osiris = h("div", { class: "tk-box" }, h("h3", {}, "Osiris · districts"),
    h("table", { style: { borderCollapse: "collapse", fontSize: "11px" } },
      h("tr", {}, h("th", {}, ""), DISTRICTS.map((d, i) => h("th", { "data-district": i, style: { padding: "0 6px", background: RES[d][1] } }, RES[d][0]))),
      [5, 4, 3, 2, 1, 0].map((row) => h("tr", {}, h("td", { style: { color: "#8a6d3b", paddingRight: "4px" } }, `row ${row + 1}`),
        (view.districts || []).map((dist) => h("td", { style: { border: "1px solid #e0cfa8", height: "20px", textAlign: "center", background: "#fffaf0" } },
          (dist[row] || []).map((seat) => h("i", { class: "tf-dot", style: { "--seat": colour(seat), margin: "0 1px", width: "9px", height: "9px" }, title: name(seat) }))))))));

  // --- Market and displays ------------------------------------------------------------------------------
  const market = h("div", { class: "tk-box" }, h("h3", {}, "Market", standIn("card texts"),
      h("span", { style: { marginLeft: "auto", textTransform: "none" } }, `deck ${view.deck_size} · discard ${view.discard.length}`)),
    (view.market || []).map((sec, i) => h("div", { class: "tk-row", "data-section": i, style: { marginBottom: "4px", alignItems: "center" } },
      h("span", { class: "tk-section", style: { width: "54px", fontSize: "10px", color: "#8a6d3b" } }, `section ${i + 1}`, h("br"), `Happiness ${[1, 5, 9, 13][i]}+`),
      sec.length ? sec.map(card) : h("span", { style: { fontSize: "11px", color: "#adb5bd" } }, view.filled && view.filled[i] ? "empty" : "not yet filled"))),
    view.starting_display && view.starting_display.length && view.phase === "draft"
      ? h("div", {}, h("div", { style: { fontSize: "10px", color: "#8a6d3b" } }, "Starting cards"), h("div", { class: "tk-row" }, view.starting_display.map(card))) : null,
    view.destiny_display && view.destiny_display.length
      ? h("div", {}, h("div", { style: { fontSize: "10px", color: "#8a6d3b" } }, "Destiny cards"), h("div", { class: "tk-row" }, view.destiny_display.map(card))) : null);

  // --- players ----------------------------------------------------------------------------------------------
  const ranking = res ? Object.fromEntries(res.ranking.map((r) => [r.seat, r])) : {};
  const meter = (label, v, max, c) => h("div", { class: "tk-meter" }, h("span", {}, label),
    h("div", { class: "bar", style: { "--c": c } }, h("i", { style: { width: `${Math.min(100, 100 * v / max)}%` } })), h("b", {}, v));
  const players = h("div", { class: "tk-players" }, (view.players_view || []).map((p) => {
    const seat = p.seat, r = ranking[seat];
    const decrees = p.decrees !== null && p.decrees !== undefined
      ? (p.decrees.length ? p.decrees.map(card) : [h("span", { class: "label" }, "none")])
      : Array.from({ length: p.decree_count }, () => h("div", { class: "tk-back", title: "a secret Decree" }));
    return h("div", { class: `tk-player${(view.active || []).includes(seat) ? " turn" : ""}`, "data-seat": seat },
      h("div", { class: "top" },
        h("i", { class: "tf-dot", style: { "--seat": colour(seat) } }), h("b", {}, name(seat)),
        seat === acting ? h("span", { class: "tk-tag turn" }, "turn") : null,
        (view.awaited || []).includes(seat) && view.phase !== "play" ? h("span", { class: "tk-tag turn" }, "to choose") : null,
        r ? h("span", { class: `tk-tag${r.rank === 1 ? " win" : ""}` }, r.rank === 1 ? "winner" : `rank ${r.rank}`) : null,
        h("span", { class: "tk-tag", title: "place in turn order" }, `order ${view.order.indexOf(seat) + 1}`),
        h("span", { class: "vp" }, `${p.vp} VP`)),
      h("div", { class: "tk-res" },
        Object.entries(RES).map(([k, [label, c]]) => h("span", { style: { "--c": c }, title: `${label}: ${p[k]}, production ${p.production[k]}${p.excess[k] ? `, excess ${p.excess[k]}` : ""}` },
          `${label} ${p[k]} `, h("small", {}, `+${p.production[k]}`))),
        h("span", { style: { "--c": "#ffe066" } }, `Gold ${p.gold}`), h("span", {}, `Scribes ${p.scribes}`), h("span", { style: { "--c": "#e5dbff" } }, `Faith ${p.faith}`)),
      meter("Population", p.population, 21, "#4dabf7"), meter("Happiness", p.happiness, 21, "#f06595"),
      h("div", { class: "tk-scales" }, h("span", { class: "label" }, `Maat scales (balance ${p.balance > 0 ? "+" : ""}${p.balance})`),
        h("span", { title: "pure dice" }, "pure:"), (p.scales.pure || []).map((d) => die(typeof d === "object" ? d : { id: d, value: "" })),
        h("span", { title: "tainted dice" }, "tainted:"), (p.scales.tainted || []).map((d) => die(typeof d === "object" ? d : { id: d, value: "" })),
        (p.scales.anubis || []).length ? [h("span", {}, "Anubis:"), p.scales.anubis.map((d) => die(typeof d === "object" ? d : { id: d, value: "" }))] : null),
      h("div", { class: "label" }, `Statues ${p.statues} · Pillars ${p.pillars} · Buildings ${p.buildings} of ${view.buildings_per_player || 10}${p.milestones.length ? ` · milestones ${p.milestones.join(", ")}` : ""}`),
      h("div", { class: "tk-row" }, p.starting.map(card), p.destiny ? card(p.destiny) : null, p.cards.map(card)),
      h("div", { class: "label" }, `Decrees · ${p.decree_count}${p.decrees === null ? " (secret)" : ""}`),
      h("div", { class: "tk-row" }, decrees,
        p.offer && p.offer.length ? [h("span", { class: "label" }, "dealt:"), p.offer.map((id) => h("div", { style: { outline: id === p.chosen ? "3px solid #f59f00" : "none", borderRadius: "5px" }, title: id === p.chosen ? "your choice" : "" }, card(id)))]
          : p.has_chosen && view.phase === "decrees" ? h("span", { class: "tk-tag" }, "has chosen") : null));
  }));

  container.append(h("div", { class: "tk" }, head, rounds,
    h("div", { class: "tk-main" }, obelisk, h("div", { class: "tk-col" }, horus, ra, market), templeBox, osiris),
    players));
}

// The pieces a seat clicks to move (the page's move builder): a die on the Obelisk (its id and
// value), the space an Action builds on (a Temple space for Ra, a building space for Hathor, a
// Gold space for Horus's people), an Osiris district, a card (dealt, on display or in the Market),
// a Market section to refresh. The Action, a rotation or a track are chosen beside the board.
export function piece({ type, field, value, move, context }) {
  const { attr } = context.kit;
  if (type === "take" && (field === "die" || field === "value")) return `g${attr("data-die", move.die)}`;
  if (field === "space") {
    if (move.action === "ra") return `g${attr("data-cell", value)}`;
    if (move.action === "hathor") return `span${attr("data-bspace", value)}`;
    if (move.action === "horus") return `span${attr("data-gold", value)}`;
    return null;
  }
  if (field === "district") return `th${attr("data-district", value)}`;
  if (["decree", "card", "cards"].includes(field)) return `.tk-card${attr("data-card", value)}`;
  if (type === "refresh" && field === "section") return `${attr("data-section", value)} .tk-section`;
  return null;
}
