// Tiletum on the web page: the map of Europe (Towns with their Houses, Cathedral Pillars,
// Construction Cost and Bonus tiles, the Architects and Merchants, the Fair towns, the roads), the
// Action wheel with the dice in front of each Action and its Bonus tile, the King track, the
// Character and Contract offers, the Corruption tokens, and each player's board (Resources, VP,
// Storehouse, the six Buildings with rooms, Crests and roofs, Contracts, dice taken). Everything
// is public but the piles (sizes only). With Prospect for Silver: the Prospector Wheel's wedges, the
// Underground maps (from the view's underground_maps), Silver, Mines, Prospectors and
// Technologies. The map, tiles and cards are stand-ins (docs/games/tiletum.md), tagged so.

const RES = { gold: ["Gold", "#fcc419"], food: ["Food", "#f783ac"], wool: ["Wool", "#dee2e6"], stone: ["Stone", "#868e96"], iron: ["Iron", "#4dabf7"] };
const DIE = { yellow: "#fcc419", pink: "#f783ac", light_grey: "#dee2e6", dark_grey: "#868e96", blue: "#4dabf7" };
const ACTION = { architect: "Architect", merchant: "Merchant", character: "Character", contract: "Contract", king: "King", joker: "Joker" };
const KING_TRACK = [-10, -7, -5, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 9, 12, 15];
const TOWN = {   // stand-in map positions, roughly where the towns lie
  hamburg: [330, 40, "Hamburg"], koln: [230, 95, "Köln"], praha: [440, 105, "Praha"], paris: [120, 135, "Paris"],
  tiletum: [270, 175, "Tiletum"], augsburg: [380, 175, "Augsburg"], wien: [500, 180, "Wien"], lyon: [150, 240, "Lyon"],
  milano: [290, 265, "Milano"], venezia: [420, 255, "Venezia"], toulouse: [70, 300, "Toulouse"], firenze: [370, 330, "Firenze"],
  barcelona: [60, 385, "Barcelona"], roma: [440, 395, "Roma"],
};
const ROADS = [["tiletum", "koln"], ["tiletum", "paris"], ["tiletum", "lyon"], ["tiletum", "augsburg"], ["tiletum", "milano"],
  ["koln", "hamburg"], ["koln", "paris"], ["hamburg", "praha"], ["praha", "wien"], ["augsburg", "praha"], ["augsburg", "wien"],
  ["wien", "venezia"], ["venezia", "milano"], ["venezia", "firenze"], ["firenze", "roma"], ["milano", "firenze"], ["milano", "lyon"],
  ["lyon", "toulouse"], ["paris", "toulouse"], ["toulouse", "barcelona"], ["lyon", "barcelona"]];
const COST_TILES = { T1: [2, 3], T2: [3, 5], T3: [3, 4], T4: [4, 6], T5: [4, 7], T6: [5, 8], T7: [5, 9], T8: [6, 10], T9: null };
const CHAR_TYPES = ["architect", "merchant", "character", "contract", "king"];
const CHAR_BONUS = ["2 Gold", "2 Food", "Iron + Stone", "2 VP", "King +1", "2 Wool"];
const CONTRACT_COSTS = [{ food: 2, wool: 1 }, { stone: 2, iron: 1 }, { wool: 2, iron: 1 }, { food: 1, stone: 2 }, { gold: 2, wool: 2 },
  { iron: 2, food: 2 }, { stone: 3 }, { wool: 3 }, { food: 3 }, { iron: 3 }, { gold: 1, food: 1, wool: 1, stone: 1 },
  { wool: 1, stone: 1, iron: 1 }, { food: 2, stone: 2, iron: 1 }, { gold: 3, iron: 2 }, { wool: 2, stone: 2, food: 1 }];
const CREST_FAMILIES = ["lion", "eagle", "rose", "tower", "key", "star"];
const CREST_SIGN = { lion: "♌", eagle: "✈", rose: "✿", tower: "♜", key: "⚷", star: "★" };
const FAIR_TILES = { F1: [0, "House"], F2: [0, "Pillar"], F3: [0, "Character"], F4: [1, "Crest"], F5: [1, "Contract"], F6: [2, "completed Building"], F7: [1, "Cathedral"] };
const FAIR_BOARD = [2, 5, 3, 1];
const CONTRACT_AP = [3, 3, 2, 2, 1];
const ROOMS = [3, 2, 2, 1, 1, 1];
const AP_MARKERS = [3, 2, 2, 1, 1, null];
const CONTRACT_SPACE_VP = [0, 1, 2, 4, 7, 12];
const TECH = { die_manipulation: "Die Manipulation", resource: "Resource", character: "Character", joker: "Joker", architect: "Architect", merchant: "Merchant" };

function tileInfo(id) {
  if (!id) return null;
  const n = Number(id.slice(1));
  if (id.startsWith("KS")) return { kind: "", title: "King's Surprise", text: id };
  if (id[0] === "C") return { kind: "character", title: ACTION[CHAR_TYPES[Math.floor((n - 1) / 6)]], text: CHAR_BONUS[(n - 1) % 6] };
  if (id[0] === "K") {
    const cost = CONTRACT_COSTS[(n - 1) % 15], total = Object.values(cost).reduce((a, b) => a + b, 0);
    const reward = [null, "King +1", "2 Gold"][(n - 1) % 3];
    return { kind: "contract", title: `${2 * total - 2 + ((n - 1) % 2)} VP`, cost, text: reward };
  }
  if (id[0] === "B") {
    if (n <= 18) { const f = CREST_FAMILIES[Math.floor((n - 1) / 3)]; return { kind: "crest", title: `Crest ${CREST_SIGN[f]}`, text: f }; }
    if (n <= 38) { const k = n - 19; return { kind: "helper", title: `${ACTION[CHAR_TYPES[Math.floor(k / 4)]]}`, text: `Helper +${[1, 2, 2, 3][k % 4]} AP` }; }
    if (n <= 44) return { kind: "plus_ap", title: `+${[1, 1, 2, 2, 3, 3][n - 39]} AP`, text: "Helper" };
    return { kind: "helper", title: "Colour", text: "Helper: the die counts as another colour" };
  }
  if (id[0] === "U") return { kind: "helper", title: "Underground", text: id };
  return { kind: "", title: id, text: "" };
}

const CSS = `
.tl { display: flex; flex-direction: column; gap: 12px; }
.tl-head { display: flex; gap: 8px 16px; flex-wrap: wrap; align-items: baseline; }
.tl-head .phase { font-size: 16px; font-weight: bold; }
.tl-head .meta { font-size: 12px; color: #6c757d; }
.tl-standin { font-size: 10px; background: #fff3bf; color: #7f5f00; border-radius: 6px; padding: 0 5px; font-weight: normal; text-transform: none; letter-spacing: 0; }
.tl-main { display: flex; gap: 12px; flex-wrap: wrap; align-items: flex-start; }
.tl-box { background: #f4efe4; border: 1px solid #d9ccb0; border-radius: 8px; padding: 6px 8px; }
.tl-box h3 { margin: 0 0 5px; font-size: 11px; text-transform: uppercase; letter-spacing: .4px; color: #6b5840; display: flex; gap: 6px; align-items: center; }
.tl-col { display: flex; flex-direction: column; gap: 10px; flex: 1 1 330px; }
.tl-row { display: flex; gap: 5px; flex-wrap: wrap; align-items: flex-start; }
.tl-tile { width: 62px; min-height: 50px; border-radius: 5px; background: #fffdf7; border: 2px solid #adb5bd; padding: 2px 3px; font-size: 9.5px; line-height: 1.15; position: relative; }
.tl-tile b { display: block; font-size: 11px; }
.tl-tile .ap { position: absolute; right: 2px; bottom: 1px; font-size: 9px; font-weight: bold; color: #e8590c; }
.tl-tile.character { border-color: #1971c2; } .tl-tile.contract { border-color: #2b8a3e; }
.tl-tile.crest { border-color: #9c36b5; } .tl-tile.helper, .tl-tile.plus_ap { border-color: #e8590c; }
.tl-tile.small { width: 48px; min-height: 34px; font-size: 8.5px; }
.tl-tile.small b { font-size: 9.5px; }
.tl-tile.empty { border-style: dashed; background: transparent; color: #adb5bd; }
.tl-cost i { display: inline-block; width: 9px; height: 9px; border-radius: 2px; border: 1px solid rgba(0,0,0,.4); margin-right: 1px; background: var(--c); vertical-align: -1px; }
.tl-wheel { display: grid; grid-template-columns: repeat(6, 1fr); gap: 4px; }
.tl-wheel > div { background: #fff; border: 1px solid #d9ccb0; border-radius: 6px; padding: 3px; text-align: center; font-size: 10px; min-height: 110px; }
.tl-wheel > div.now { border: 2px solid #e8590c; background: #fff4e6; }
.tl-wheel .v { font-size: 15px; font-weight: bold; color: #6b5840; }
.tl-die { display: inline-flex; width: 17px; height: 17px; border-radius: 3px; border: 1px solid #343a40; align-items: center; justify-content: center; font-size: 10px; font-weight: bold; margin: 1px; background: var(--c); }
.tl-king { display: flex; gap: 2px; }
.tl-king > div { flex: 1; min-width: 22px; height: 44px; border-radius: 3px; background: #fff; border: 1px solid #d9ccb0; font-size: 10px; text-align: center; position: relative; }
.tl-king > div.zero { background: #fff4e6; }
.tl-king .pawns { position: absolute; bottom: 2px; left: 0; right: 0; display: flex; flex-direction: column-reverse; align-items: center; gap: 1px; }
.tl-king .pawns i { width: 12px; height: 8px; border-radius: 3px 3px 1px 1px; background: var(--seat); border: 1px solid rgba(0,0,0,.5); }
.tl-players { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(360px, 100%), 1fr)); gap: 10px; }
.tl-player { border: 1px solid #dee2e6; border-radius: 8px; background: #fff; padding: 8px 10px; display: flex; flex-direction: column; gap: 5px; font-size: 12px; }
.tl-player.turn { border-color: #f59f00; background: #fff9db; }
.tl-player .top { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
.tl-player .vp { margin-left: auto; font-weight: bold; font-size: 14px; }
.tl-player .label { font-size: 10.5px; color: #6c757d; text-transform: uppercase; letter-spacing: .3px; }
.tl-tag { background: #e9ecef; border-radius: 8px; padding: 0 6px; font-size: 11px; }
.tl-tag.turn { background: #ffec99; color: #7f5f00; }
.tl-tag.win { background: #d3f9d8; color: #2b8a3e; font-weight: bold; }
.tl-res { display: flex; gap: 4px; flex-wrap: wrap; }
.tl-res span { border: 1px solid #ced4da; border-radius: 4px; padding: 1px 6px; background: var(--c); font-size: 11px; }
.tl-buildings { display: flex; gap: 4px; align-items: flex-end; }
.tl-bld { border: 1.5px solid #8d6e4a; border-radius: 3px; background: #f8f1e3; padding: 2px; display: flex; flex-direction: column; gap: 2px; align-items: center; font-size: 9px; min-width: 44px; position: relative; }
.tl-bld.done { background: #d3f9d8; border-color: #2b8a3e; }
.tl-bld .roof { width: 0; height: 0; border-left: 22px solid transparent; border-right: 22px solid transparent; border-bottom: 12px solid #c92a2a; margin-top: -14px; }
.tl-bld .room { width: 38px; height: 16px; border: 1px dashed #b5a48a; border-radius: 2px; font-size: 8.5px; line-height: 14px; text-align: center; }
.tl-bld .room.full { border: 1px solid #1971c2; background: #d0ebff; }
.tl-bld .crest { font-size: 11px; color: #9c36b5; }
.tl-wedge { margin-top: 3px; font-size: 9px; min-height: 12px; border-radius: 3px; }
.tl-wedge.prospector { background: #d0bfff; } .tl-wedge.move { background: #c3fae8; }
.tl-ug { border: 1px solid #b5a48a; border-radius: 6px; padding: 4px 6px; background: #efe7d6; font-size: 11px; display: flex; flex-direction: column; gap: 2px; min-width: 230px; }
.tl-ugtown .name { font-weight: bold; margin-right: 4px; }
.tl-sp { display: inline-block; min-width: 14px; padding: 0 2px; margin: 0 1px; border: 1px solid #8d6e4a; border-radius: 2px; font-size: 9px; text-align: center; background: #fff; }
`;

export function render(container, view, context) {
  const { h, s, style } = context.kit;
  style("tl-style", CSS);
  const name = (seat) => (view.bot !== null && view.bot !== undefined && seat === view.bot ? "Cardinalbot" : context.seatName(seat));
  const colour = (seat) => context.seatColour(seat);
  const standIn = (t = "stand-in") => h("span", { class: "tl-standin", title: "not printed on the rules page (docs/games/tiletum.md)" }, t);
  const cost = (c) => h("span", { class: "tl-cost" }, Object.entries(c).flatMap(([r, n]) => Array.from({ length: n }, () => h("i", { style: { "--c": RES[r][1] }, title: RES[r][0] }))));
  function tile(id, { small = false, ap = null } = {}) {
    if (!id) return h("div", { class: `tl-tile empty${small ? " small" : ""}` }, "—");
    const t = tileInfo(id);
    return h("div", { class: `tl-tile ${t.kind}${small ? " small" : ""}`, "data-tile": id, title: `${id}: ${t.title} ${t.text || ""} (stand-in)` },
      h("b", {}, t.title), t.cost ? cost(t.cost) : null, t.text ? h("div", {}, t.text) : null, ap !== null ? h("span", { class: "ap" }, `${ap} AP`) : null);
  }
  const slotted = (i, el) => { el.dataset.slot = i; return el; };
  const die = (d) => h("span", { class: "tl-die", style: { "--c": DIE[d.colour] || "#fff" }, title: `${d.colour.replace("_", " ")} die`, "data-die": d.colour }, d.value);

  // --- header -----------------------------------------------------------------------------------------
  const t = view.turn;
  const res = view.result;
  const head = h("div", { class: "tl-head" },
    h("span", { class: "phase" }, view.phase === "over" ? "Game over"
      : `Round ${view.round} of 4 · pass ${view.pass} of 3` + (t ? ` · ${name(t.seat)} ${t.stage === "choose" ? "chooses a die" : `takes the ${ACTION[t.action] || t.action} Action`}` : "")),
    t && t.die ? h("span", { class: "meta" }, "die ", die(t.die), t.ap !== null && t.ap !== undefined ? ` · ${t.ap} AP` : "", t.helper ? ` · Helper ${t.helper.tile}` : "") : null,
    view.phase === "king_bonus" ? h("span", { class: "meta" }, "King phase: the King Bonus is being chosen") : null,
    h("span", { class: "meta" }, `Turn Order: ${view.order.map(name).join(" → ")}`),
    h("span", { class: "meta" }, "Corruption: ", view.corruption.revealed.length ? view.corruption.revealed.join(", ") : "none yet",
      ` (${view.corruption.pool.length} face down)`),
    standIn("stand-in map & tiles"));

  // --- the map ------------------------------------------------------------------------------------------
  const W = 570, H = 440;
  const map = s("svg", { width: W, height: H, viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": "the map of Europe" });
  map.append(s("rect", { x: 0, y: 0, width: W, height: H, rx: 8, fill: "#dfe8c9" }));
  for (const [a, b] of ROADS) {
    const [x1, y1] = TOWN[a], [x2, y2] = TOWN[b];
    map.append(s("line", { x1, y1, x2, y2, stroke: "#a0856c", "stroke-width": 3, "stroke-dasharray": "6 4" }));
  }
  const fairRound = Object.fromEntries((view.fairs || []).map((f, i) => [f.town, i + 1]));
  for (const [id, town] of Object.entries(view.towns || {})) {
    const pos = TOWN[id]; if (!pos) continue;
    const [x, y, label] = pos;
    const g = s("g", { "data-town": id });
    const fr = fairRound[id];
    g.append(s("rect", { x: x - 34, y: y - 18, width: 68, height: 36, rx: 6, fill: id === "tiletum" ? "#fff3bf" : "#fffdf7", stroke: fr === view.round ? "#e8590c" : "#8d6e4a", "stroke-width": fr === view.round ? 3 : 1.5 }));
    g.append(s("text", { x, y: y - 6, "text-anchor": "middle", "font-size": 10.5, "font-weight": "bold", fill: "#5c3c00" }, label));
    town.houses.forEach((seat, k) => g.append(s("rect", { x: x - 30 + k * 11, y: y - 1, width: 9, height: 8, fill: colour(seat), stroke: "#222", "stroke-width": .8 }, s("title", {}, `House of ${name(seat)}`))));
    town.pillars.forEach((seat, k) => g.append(s("rect", { x: x - 30 + k * 8, y: y + 9, width: 5, height: 8, fill: colour(seat), stroke: "#222", "stroke-width": .8 }, s("title", {}, `Pillar of ${name(seat)}`))));
    if (town.cost) {
      const c = COST_TILES[town.cost];
      g.append(s("g", {}, s("title", {}, c ? `Cathedral: ${c[0]} Stone for ${c[1]} VP; tiles ${town.cathedral_tiles.join(", ")}` : "Cathedral unavailable"),
        s("rect", { x: x + 36, y: y - 18, width: 26, height: 22, rx: 3, fill: c ? "#e9ecef" : "#ffc9c9", stroke: "#495057" }),
        s("text", { x: x + 49, y: y - 4, "text-anchor": "middle", "font-size": 9, fill: "#212529" }, c ? `✝${c[0]}` : "✕")));
    }
    if (town.bonus_tiles.length) g.append(s("g", {}, s("title", {}, `Bonus tiles: ${town.bonus_tiles.map((b) => `${tileInfo(b).title} ${tileInfo(b).text}`).join("; ")}`),
      s("rect", { x: x + 36, y: y + 5, width: 26, height: 14, rx: 3, fill: "#f3d9fa", stroke: "#9c36b5" }),
      s("text", { x: x + 49, y: y + 15, "text-anchor": "middle", "font-size": 9, fill: "#5f3dc4" }, `B×${town.bonus_tiles.length}`)));
    if (fr) g.append(s("g", {}, s("title", {}, `Fair in round ${fr}`), s("circle", { cx: x - 34, cy: y - 18, r: 8, fill: fr === view.round ? "#e8590c" : "#ffa94d" }),
      s("text", { x: x - 34, y: y - 15, "text-anchor": "middle", "font-size": 9, fill: "#fff", "font-weight": "bold" }, `F${fr}`)));
    // pawns: Architect (tall) and Merchant (round) of each seat here
    (view.boards || []).forEach((b, seat) => {
      const k = seat;
      if (b.architect === id) g.append(s("g", {}, s("title", {}, `Architect of ${name(seat)}`),
        s("rect", { x: x - 30 + k * 14, y: y + 20, width: 7, height: 14, rx: 2, fill: colour(seat), stroke: "#111" })));
      if (b.merchant === id) g.append(s("g", {}, s("title", {}, `Merchant of ${name(seat)}`),
        s("circle", { cx: x + 14 + k * 12, cy: y + 27, r: 5.5, fill: colour(seat), stroke: "#111" })));
    });
    map.append(g);
  }
  const mapBox = h("div", { class: "tl-box" }, h("h3", {}, "Map", standIn("roads & towns"),
    h("span", { style: { marginLeft: "auto", textTransform: "none", fontWeight: "normal" } }, "▮ Architect · ● Merchant · ■ House · ▯ Pillar")), map);

  // --- the wheel, King track, offers -------------------------------------------------------------------
  const ug = view.prospect ? view.underground : null;
  const wedge = (w) => (w ? h("div", { class: `tl-wedge ${w}`, title: w === "prospector" ? "Prospector wedge: the Prospector Action instead" : "movement wedge: a free Prospector move" },
    w === "prospector" ? "⛏ Prospector" : "➜ free move") : h("div", { class: "tl-wedge" }, ""));
  const wheel = h("div", { class: "tl-box" }, h("h3", {}, "Action wheel", standIn("order")),
    h("div", { class: "tl-wheel" }, view.wheel.map((action, i) => h("div", { class: t && t.action === action ? "now" : "", "data-action": action, "data-pos": i + 1 },
      h("div", { class: "v" }, i + 1), h("b", {}, ACTION[action] || action),
      h("div", {}, view.dice.filter((d) => d.value === i + 1).map(die)),
      view.action_tiles[action] ? tile(view.action_tiles[action], { small: true }) : null,
      ug ? wedge(ug.wheel[i]) : null))),
    ug ? h("div", { class: "meta", style: { fontSize: "11px", marginTop: "4px" } }, "Prospector Wheel ", standIn("wedges"),
      " · its Bonus tile: ", ug.wheel_tile ? `${tileInfo(ug.wheel_tile).title} ${tileInfo(ug.wheel_tile).text}` : "—") : null);
  const king = h("div", { class: "tl-box" }, h("h3", {}, "King track",
      view.king_bonus ? h("span", { style: { marginLeft: "auto", textTransform: "none" } }, `King Bonus: ${tileInfo(view.king_bonus).title} ${tileInfo(view.king_bonus).text}`) : null),
    h("div", { class: "tl-king" }, KING_TRACK.map((vp, i) => h("div", { class: vp === 0 ? "zero" : "" }, vp > 0 ? `+${vp}` : vp,
      h("span", { class: "pawns" }, view.king.pos.map((p, seat) => [p, seat]).filter(([p]) => p === i)
        .sort((a, b) => view.king.stamp[a[1]] - view.king.stamp[b[1]])
        .map(([, seat]) => h("i", { style: { "--seat": colour(seat) }, title: name(seat) })))))));
  const pile = (n) => (typeof n === "number" ? n : n.length);
  const offers = h("div", { class: "tl-box" }, h("h3", {}, "Characters", standIn(), h("span", { style: { marginLeft: "auto", textTransform: "none" } }, `pile ${pile(view.characters.pile)} · discard ${view.characters.discard.length}`)),
    h("div", { class: "tl-row tl-characters" }, view.characters.offer.map((id, i) => slotted(i, (view.characters.face_down || []).includes(i)
      ? h("div", { class: "tl-tile empty", title: "face down until revealed" }, "face down") : tile(id)))),
    h("h3", { style: { marginTop: "6px" } }, "Contracts", standIn(), h("span", { style: { marginLeft: "auto", textTransform: "none" } }, `pile ${pile(view.contracts.pile)} · Bonus tiles ${pile(view.bonus_pile)}`)),
    h("div", { class: "tl-row tl-contracts" }, view.contracts.offer.map((id, i) => slotted(i, tile(id, { ap: CONTRACT_AP[i] })))),
    h("h3", { style: { marginTop: "6px" } }, "Fairs"),
    h("div", { class: "tl-row", style: { fontSize: "11px" } }, (view.fairs || []).map((f, i) => h("span", { class: "tl-tag", style: i + 1 === view.round ? { background: "#ffd8a8" } : {} },
      `R${i + 1} ${TOWN[f.town] ? TOWN[f.town][2] : f.town}: ${(FAIR_TILES[f.tile] || [0])[0] + FAIR_BOARD[i]} VP per ${(FAIR_TILES[f.tile] || [0, f.tile])[1]}`))));

  // --- players ----------------------------------------------------------------------------------------------
  const ranking = res ? Object.fromEntries(res.ranking.map((r) => [r.seat, r])) : {};
  const players = h("div", { class: "tl-players" }, view.boards.map((b, seat) => {
    const r = ranking[seat];
    const store = Array.from({ length: 4 }, (_, i) => tile(b.store[i] || null, { small: true }));
    const buildings = b.rooms.map((rooms, i) => h("div", { class: `tl-bld${b.completed[i] ? " done" : ""}`, title: `Building ${i + 1}${b.completed[i] ? " (completed)" : ""}`, "data-building": i },
      b.roofs[i] ? h("div", { class: "roof", title: "roof (House still here)" }) : null,
      rooms.map((room, floor) => room ? h("div", { class: "room full", title: room, "data-floor": floor + 1 }, room === "printed" ? "printed" : tileInfo(room).title) : h("div", { class: "room", "data-floor": floor + 1 }, "")),
      h("span", { class: "crest", title: b.crests[i] ? `Crest: ${b.crests[i]}` : "Crest space" }, b.crests[i] ? CREST_SIGN[b.crests[i]] || b.crests[i] : "○"),
      AP_MARKERS[i] ? h("span", { style: { color: "#e8590c" } }, `+${AP_MARKERS[i]} AP`) : null));
    return h("div", { class: `tl-player${view.active.includes(seat) ? " turn" : ""}`, "data-seat": seat },
      h("div", { class: "top" },
        h("i", { class: "tf-dot", style: { "--seat": colour(seat) } }), h("b", {}, name(seat)),
        t && t.seat === seat ? h("span", { class: "tl-tag turn" }, "turn") : null,
        r ? h("span", { class: `tl-tag${r.rank === 1 ? " win" : ""}` }, r.rank === 1 ? "winner" : `rank ${r.rank}`) : null,
        h("span", { class: "tl-tag" }, `King ${KING_TRACK[view.king.pos[seat]] > 0 ? "+" : ""}${KING_TRACK[view.king.pos[seat]]}`),
        h("span", { class: "vp" }, `${b.vp} VP`)),
      h("div", { class: "tl-res" }, Object.entries(RES).map(([k, [label, c]]) => h("span", { style: { "--c": c } }, `${label} ${b.res[k]}`)),
        b.dice && b.dice.length ? h("span", { style: { "--c": "#fff" } }, "dice ", b.dice.map(die)) : null),
      h("div", { class: "label" }, `Architect in ${TOWN[b.architect] ? TOWN[b.architect][2] : b.architect || "—"} · Merchant in ${TOWN[b.merchant] ? TOWN[b.merchant][2] : b.merchant || "—"} · Houses ${b.houses} · Pillars ${b.pillars} left`),
      ug ? h("div", { class: "tl-res" },
        h("span", { style: { "--c": "#e9ecef" } }, `Silver ${b.silver}`),
        h("span", { style: { "--c": "#fff" } }, `Mines ${b.mines} (+${b.locked} locked)`),
        h("span", { style: { "--c": "#fff" } }, "Prospectors ", b.prospectors.map((p, m) => `${m + 1}: ${p || "—"}`).join(" · ")),
        ...Object.entries(b.tech).map(([k, tier]) => h("span", { style: { "--c": "#fff3bf" } }, `${TECH[k] || k} ${"I".repeat(tier)}`)),
        b.resource_tile ? h("span", { style: { "--c": RES[b.resource_tile][1] } }, `pays Gold: ${RES[b.resource_tile][0]}`) : null,
        b.surprises && b.surprises.length ? h("span", { style: { "--c": "#fff" } }, `King's Surprise ×${b.surprises.length}`) : null,
        t && t.seat === seat && t.free_move ? h("span", { style: { "--c": "#d3f9d8" } }, "free Prospector move") : null) : null,
      h("div", { class: "label" }, "Buildings"), h("div", { class: "tl-buildings", style: { marginTop: "12px" } }, buildings),
      h("div", { style: { display: "flex", gap: "12px", flexWrap: "wrap" } },
        h("div", {}, h("div", { class: "label" }, "Storehouse"), h("div", { class: "tl-row tl-store" }, store)),
        h("div", {}, h("div", { class: "label" }, `Contracts (next space ${CONTRACT_SPACE_VP[Math.min(b.contracts.length, 5)]} VP)`),
          h("div", { class: "tl-row" }, b.contracts.length ? b.contracts.map((id) => tile(id, { small: true })) : h("span", { class: "label" }, "none")))));
  }));

  const underground = ug ? h("div", { class: "tl-box" }, h("h3", {}, "Underground", standIn("maps, tablets, Technologies"),
      h("span", { style: { marginLeft: "auto", textTransform: "none", fontWeight: "normal" } },
        `Technologies: ${ug.technologies.map((k) => TECH[k] || k).join(", ")} · overlay: ${ug.overlay === "houses" ? "Houses × (Pillars or Mines)" : "Pillars × (Houses or Mines)"}`)),
    h("div", { class: "tl-row" }, (view.underground_maps || []).map((m) => h("div", { class: "tl-ug", "data-map": m.map },
      h("b", {}, `Map ${m.map}${m.side.toUpperCase()} · hire ${m.start_cost} Silver`),
      Object.entries(m.towns).map(([id, town]) => {
        const here = ug.towns[id] || { houses: [], mines: [], pillars: [], bonus_tiles: [] };
        const who = (view.boards || []).map((b, seat) => (b.prospectors && b.prospectors[m.map - 1] === id ? seat : null)).filter((x) => x !== null);
        return h("div", { class: "tl-ugtown", "data-town": id },
          h("span", { class: "name" }, id), who.map((seat) => h("i", { class: "tf-dot", style: { "--seat": colour(seat) }, title: `Prospector of ${name(seat)}` })),
          h("span", {}, " ⌂ ", town.houses.map(([vp, gold], k) => h("span", { class: "tl-sp", style: here.houses[k] !== null && here.houses[k] !== undefined ? { background: colour(here.houses[k]) } : {}, title: `House space: ${vp} VP${gold ? `, costs ${gold} Gold` : ""}` }, `${vp}${gold ? `/${gold}g` : ""}`))),
          h("span", {}, " ⛏ ", town.mines.map((gold, k) => h("span", { class: "tl-sp", style: here.mines[k] !== null && here.mines[k] !== undefined ? { background: colour(here.mines[k]) } : {}, title: `Mine space: 1 Silver${gold ? ` + ${gold} Gold` : ""}` }, gold ? `${gold}g` : "·"))),
          town.cathedral ? h("span", { title: `Cathedral: ${Object.entries(town.cathedral.cost).map(([k, n]) => `${n} ${k}`).join("")} for ${town.cathedral.vp} VP` }, ` ✝${here.pillars.length}/${town.cathedral.pillars}`) : null,
          here.bonus_tiles.length ? h("span", { title: "Underground Bonus tiles" }, ` B×${here.bonus_tiles.length}`) : null);
      }),
      h("div", { class: "meta", style: { fontSize: "10px" } }, m.roads.map(([a, b]) => {
        const tab = ug.tablets[[a, b].sort().join("|")];
        return `${a}–${b}${tab ? (tab === "X" ? " (tablet taken)" : " (Stone Tablet)") : ""}`;
      }).join(" · ")))))) : null;

  container.append(h("div", { class: "tl" }, head,
    h("div", { class: "tl-main" }, mapBox, h("div", { class: "tl-col" }, wheel, king, offers)), underground, players));
}

// The pieces a seat clicks to move (the page's move builder): a die in front of the wheel (its
// colour and value), the Action it is turned to, a Character or Contract of the offers, a tile
// (of the storehouse, the offers, a Town's Bonus tiles), one of the seat's Buildings (and the
// floor of a room), a Town of the map. Pawns, resources and the other details of an Action are
// chosen beside the board.
export function piece({ type, field, value, move, context }) {
  const { attr } = context.kit;
  const mine = `.tl-player${attr("data-seat", context.viewer)}`;
  if (type === "take_die" && (field === "colour" || field === "value")) return `.tl-wheel .tl-die${attr("data-die", move.colour)}`;
  if (type === "take_die" && field === "to") return `.tl-wheel > ${attr("data-pos", value)}`;
  if (type === "take_character" && field === "slot") return `.tl-characters > ${attr("data-slot", value)}`;
  if (type === "take_contract" && field === "slot") return `.tl-contracts > ${attr("data-slot", value)}`;
  if (type === "place" && field === "tile") return `${mine} .tl-store .tl-tile${attr("data-tile", value)}`;
  if (type === "place" && (field === "floor" || field === "building")) {
    return `${mine} .tl-bld${attr("data-building", move.building)} .room${attr("data-floor", move.floor)}`;
  }
  if ((type === "house" || type === "crest") && field === "building") return `${mine} .tl-bld${attr("data-building", value)}`;
  if (field === "tile") return `.tl-tile${attr("data-tile", value)}`;
  if (field === "town") return `g${attr("data-town", value)}`;
  return null;
}
