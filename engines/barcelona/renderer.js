// Barcelona on the web page: the city (a grid of crossings with their Citizen stacks and
// Intersections, the streets with their Action tiles, Street tiles, Trams and Passengers, and the
// blocks with Buildings and Building markers), the Cerdà and Sagrada Família tracks, the Citizen
// tracks, the Cerdà scoring tiles, the Modernisme display, the Sidewalk, the Public Services and
// each player's board (VP, Coins, Cloths in the Warehouse, Citizens in hand, Projects, pieces).
// Everything is public (engine.py, `view`). The grid, the street benefits, the Citizen-track VP and
// piece counts are stand-ins (docs/games/barcelona.md), tagged so on the page.

const SIZE = 5;
const CLASSES = {
  upper: { fill: "#f2c94c", ink: "#5c4400", name: "Upper class" },
  middle: { fill: "#4dabf7", ink: "#0b3a66", name: "Middle class" },
  working: { fill: "#a5734a", ink: "#ffffff", name: "Working class" },
};
const ACTIONS = {
  cloth_vp: "Cloth + VP", coins: "Coins", cerda: "Cerdà", cobblestone: "Cobblestone",
  wide_street: "Wide Street", narrow_streets: "2 Narrow", intersection: "Intersection",
  take_project: "Take Project", improve_project: "Improve Proj.", public_service: "Public Service",
  tram: "Tram",
};
const WIDE = ["col2", "row2", "diag"];   // stand-in: which streets are Wide
const CERDA_LABELS = [0, 1, null, "start", null, 2, null, 3, null, 4];
const SAGRADA_STEPS = 8, SAGRADA_SLOTS = { 1: 1, 3: 2, 5: 3, 7: 4 };
const SAGRADA_TILES = {
  1: [{ vp: 5 }, { vp: 3, mix: 1 }, { coins: 1, cloths: 1 }, { cerda: 1, vp: 2 }],
  2: [{ vp: 7 }, { vp: 5, mix: 1 }, { mix: 2 }, { cerda: 1, vp: 4 }],
  3: [{ vp: 10 }, { vp: 6, mix: 2 }, { mix: 3 }, { cerda: 2, vp: 4 }],
  4: [{ vp: 18 }, { vp: 8, mix: 3 }, { mix: 5 }, { cerda: 3, vp: 6 }],
};
const CONDITIONS = {
  block_line: [2, "per Building in your longest line of blocks"], coins: [2, "per Coin"], cloths: [2, "per Cloth"],
  services: [2, "per Public Service"], top_markers: [2, "per marker on top"], cobblestones: [2, "per Cobblestone"],
  narrow: [1, "per Narrow Street tile"], wide: [2, "per Wide Street tile"], passengers: [2, "per Passenger"],
  intersections: [2, "per Intersection"], corners: [3, "per Corner Building"], projects: [2, "per Project"],
  bottom_markers: [2, "per covered marker"], empty_spots: [3, "per empty marker spot"],
  busy_intersections: [3, "per busy Intersection"], multiplier: [2, "per Cerdà multiplier"],
  busy_passengers: [3, "per busy Passenger"], narrow_line: [2, "per Narrow tile in a line"],
  wide_line: [2, "per Wide tile in a line"],
};
const SIDEWALK = [
  ["sagrada", "coin_cloth", "coins2", "improve", "sagrada"],
  ["cerda2", "take", "coin", "cloth", "wide"],
  ["narrow2", "cerda", "centre", "cerda", "narrow2"],
  ["wide", "cloth", "coin", "take", "cerda2"],
  ["sagrada", "improve", "narrow2", "coin_cloth", "sagrada"],
];
const SIDEWALK_TEXT = {
  sagrada: "Sagrada", coin_cloth: "Coin+Cloth", coins2: "2 Coins", improve: "Improve", cerda2: "2 Cerdà",
  take: "Take", coin: "Coin", cloth: "Cloth", wide: "Wide", narrow2: "2 Narrow", cerda: "Cerdà", centre: "",
};
const SERVICES = {
  sant_antoni: "Sant Antoni", estacio_franca: "Estació de França", hospital_santa_creu: "Hospital de la Santa Creu",
  passeig_companys: "Passeig Companys", universitat: "Universitat", museu_modernisme: "Museu del Modernisme",
  pavello_operacions: "Pavelló d'Operacions",
};
const SERVICE_STACK = [{ coins: 3, vp: 10 }, { coins: 2, vp: 6 }, { coins: 1, vp: 3 }];
const PROJECT_SPACES = [[1, 2], [1, 2], [1, 3], [2, 3], [2, 4]];
const BUILDING = { corner: "C", level1: "1", level2: "2", level3: "3" };
const PHASES = { start: "starting", place: "places Citizens", actions: "takes street actions", build: "constructs", done: "ends the turn" };
const PENDING = {
  benefits: "chooses Intersection benefits", sagrada: "may move on the Sagrada Família",
  sagrada_tile: "chooses a Sagrada Família tile", bonus: "may take a granted action",
  store: "chooses what to keep in the Warehouse",
};

const CSS = `
.bc { display: flex; flex-direction: column; gap: 12px; }
.bc-head { display: flex; gap: 8px 16px; flex-wrap: wrap; align-items: baseline; }
.bc-head .phase { font-size: 16px; font-weight: bold; }
.bc-head .meta { font-size: 12px; color: #6c757d; }
.bc-standin { font-size: 10px; background: #fff3bf; color: #7f5f00; border-radius: 6px; padding: 0 5px; font-weight: normal; text-transform: none; letter-spacing: 0; }
.bc-main { display: flex; gap: 12px; flex-wrap: wrap; align-items: flex-start; }
.bc-city { background: #efe6d2; border-radius: 10px; padding: 6px; border: 1px solid #d8c8a4; }
.bc-city svg { display: block; }
.bc-side { display: flex; flex-direction: column; gap: 10px; flex: 1 1 300px; min-width: 300px; }
.bc-box { background: #f8f5ee; border: 1px solid #e4dccb; border-radius: 8px; padding: 6px 8px; }
.bc-box h3 { margin: 0 0 5px; font-size: 11px; text-transform: uppercase; letter-spacing: .4px; color: #7a6a4f; display: flex; gap: 6px; align-items: center; }
.bc-track { display: flex; gap: 2px; }
.bc-track .sp { flex: 1; min-width: 22px; height: 34px; background: #fff; border: 1px solid #d8c8a4; border-radius: 3px; font-size: 10px; text-align: center; position: relative; color: #7a6a4f; }
.bc-track .sp.slot { background: #fff4e6; border-color: #e8590c; }
.bc-track .pawns { position: absolute; bottom: 2px; left: 0; right: 0; display: flex; justify-content: center; gap: 1px; flex-wrap: wrap; }
.bc-track .pawns i { width: 8px; height: 8px; border-radius: 50%; background: var(--seat); border: 1px solid rgba(0,0,0,.4); }
.bc-ctrack { display: grid; gap: 1px; font-size: 8px; align-items: center; }
.bc-ctrack .cell { height: 18px; border-radius: 3px; border: 1px solid #d8c8a4; background: #fff; text-align: center; line-height: 16px; color: #7a6a4f; }
.bc-ctrack .cell.sec { border-right: 2px solid #7a6a4f; }
.bc-ctrack .cell.covered { background: repeating-linear-gradient(45deg, #ced4da 0 3px, #e9ecef 3px 6px); color: transparent; }
.bc-ctrack .cell.citizen { background: var(--c); border-color: rgba(0,0,0,.35); color: transparent; }
.bc-tiles { display: flex; gap: 6px; flex-wrap: wrap; }
.bc-tile { width: 74px; min-height: 58px; border-radius: 6px; background: #fff; border: 2px solid #8c6d3f; padding: 3px 4px; font-size: 9.5px; line-height: 1.15; }
.bc-tile .vp { font-weight: bold; font-size: 13px; color: #8c6d3f; }
.bc-tile.cerda { border-color: #2b8a3e; }
.bc-tile.cerda .vp { color: #2b8a3e; }
.bc-tile.done { opacity: .45; }
.bc-sidewalk { display: grid; grid-template-columns: repeat(5, 52px); gap: 2px; }
.bc-sidewalk div { height: 30px; background: #dcd3c0; border-radius: 3px; font-size: 9px; text-align: center; display: flex; align-items: center; justify-content: center; line-height: 1.05; position: relative; }
.bc-sidewalk div.stone { background: var(--seat); color: #fff; font-weight: bold; box-shadow: inset 0 0 0 2px rgba(0,0,0,.25); }
.bc-sidewalk div.centre { background: #868e96; color: #fff; }
.bc-services { display: grid; grid-template-columns: 1fr auto; gap: 1px 8px; font-size: 11px; }
.bc-services .none { color: #adb5bd; text-decoration: line-through; }
.bc-players { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(330px, 100%), 1fr)); gap: 10px; }
.bc-player { border: 1px solid #dee2e6; border-radius: 8px; background: #fff; padding: 8px 10px; display: flex; flex-direction: column; gap: 5px; font-size: 12px; }
.bc-player.turn { border-color: #f59f00; background: #fff9db; }
.bc-player .top { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
.bc-player .vp { margin-left: auto; font-weight: bold; font-size: 14px; }
.bc-player .label { font-size: 10.5px; color: #6c757d; text-transform: uppercase; letter-spacing: .3px; }
.bc-tag { background: #e9ecef; border-radius: 8px; padding: 0 6px; font-size: 11px; }
.bc-tag.turn { background: #ffec99; color: #7f5f00; }
.bc-tag.win { background: #d3f9d8; color: #2b8a3e; font-weight: bold; }
.bc-cit { display: inline-block; width: 16px; height: 22px; border-radius: 8px 8px 3px 3px; background: var(--c); border: 1px solid rgba(0,0,0,.45); margin-right: 3px; vertical-align: middle; }
.bc-ware { display: flex; gap: 3px; align-items: center; }
.bc-ware i { width: 18px; height: 18px; border-radius: 3px; border: 1px solid #ced4da; background: #f8f9fa; display: inline-flex; align-items: center; justify-content: center; font-style: normal; font-size: 10px; }
.bc-ware i.coin { background: #ffd43b; border-color: #f08c00; border-radius: 50%; }
.bc-ware i.cloth { background: #e64980; border-color: #a61e4d; }
.bc-projects { display: flex; gap: 3px; }
.bc-projects div { width: 58px; min-height: 40px; border: 1px dashed #ced4da; border-radius: 4px; font-size: 9px; padding: 2px; text-align: center; color: #868e96; line-height: 1.1; }
.bc-projects div.full { border: 2px solid #8c6d3f; background: #fffaf0; color: #212529; }
.bc-projects div.full.topped { border-color: #e8590c; background: #fff4e6; }
.bc-pieces { display: flex; flex-wrap: wrap; gap: 3px 10px; color: #495057; font-size: 11px; }
.bc-space { fill: transparent; pointer-events: none; }
.bc-space.tf-piece { pointer-events: auto; }
.bc-space.tf-piece { fill: rgba(245, 159, 0, .55); stroke: #e8590c; stroke-width: 1.5; }
.bc-space.tf-piece.tf-chosen { fill: rgba(25, 113, 194, .6); stroke: #1971c2; }
`;

export function render(container, view, context) {
  const { h, s, style } = context.kit;
  style("bc-style", CSS);
  if (view.started === false || !view.players) {
    container.append(h("div", { class: "bc" }, h("div", { class: "bc-head" }, h("span", { class: "phase" }, "Setting up the city…"))));
    return;
  }
  const standIn = (what = "stand-in") => h("span", { class: "bc-standin", title: "not printed on the rules page: a stand-in (docs/games/barcelona.md)" }, what);
  const colour = (seat) => context.seatColour(seat);
  const name = (seat) => context.seatName(seat);
  const condText = (c) => CONDITIONS[c] ? `${CONDITIONS[c][0]} VP ${CONDITIONS[c][1]}` : String(c).replace(/_/g, " ");

  // --- header ---------------------------------------------------------------------------------------
  const pend = view.pending && view.pending.length ? view.pending[0] : null;
  const res = view.result;
  const head = h("div", { class: "bc-head" },
    h("span", { class: "phase" }, view.over ? "Game over"
      : `${name(view.turn)} ${PHASES[view.phase] || view.phase}`),
    pend ? h("span", { class: "meta" }, `${name(pend.seat)} ${PENDING[pend.kind] || pend.kind}` +
      (pend.steps ? ` (up to ${pend.steps} step${pend.steps === 1 ? "" : "s"})` : "") +
      (pend.level ? ` (level ${pend.level})` : "") +
      (pend.actions ? `: ${[].concat(pend.actions).map((a) => ACTIONS[a] || a).join(", ")}` : "") +
      (pend.kind === "store" ? ` (gained ${pend.coins} Coin${pend.coins === 1 ? "" : "s"}, ${pend.cloths} Cloth${pend.cloths === 1 ? "" : "s"})` : "")) : null,
    h("span", { class: "meta" }, `Cerdà Scorings done: ${view.scored} of 3`),
    h("span", { class: "meta" }, `first player: ${name(view.first)}`),
    view.ending ? h("span", { class: "meta" }, "the game ends this round") : null,
    res ? h("span", { class: "meta" }, `${res.ranking.filter((r) => r.rank === 1).map((r) => name(r.seat)).join(" & ")} wins with ${res.ranking[0].points} VP` +
      (res.tiebreak && res.tiebreak !== "points" ? ` (tie broken by ${res.tiebreak})` : "")) : null);

  // --- the city ----------------------------------------------------------------------------------------
  const G = 92, MX = 84, MY = 52;   // crossing spacing and margins (room for the Action tiles)
  const W = MX + 40 + G * (SIZE - 1), H = MY + 40 + G * (SIZE - 1);
  const at = (x, y) => [MX + x * G, MY + y * G];
  const cross = (id) => id.split(",").map(Number);
  const spaceEnds = (sp) => {
    let m;
    if ((m = /^c(\d)\.(\d)$/.exec(sp))) return [[+m[1], +m[2]], [+m[1], +m[2] + 1]];
    if ((m = /^r(\d)\.(\d)$/.exec(sp))) return [[+m[2], +m[1]], [+m[2] + 1, +m[1]]];
    if ((m = /^d(\d)$/.exec(sp))) return [[+m[1], +m[1]], [+m[1] + 1, +m[1] + 1]];
    return null;
  };
  const mid = (sp) => { const e = spaceEnds(sp); if (!e) return null; const [a, b] = [at(...e[0]), at(...e[1])]; return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, Math.atan2(b[1] - a[1], b[0] - a[0]) * 180 / Math.PI]; };
  const svg = s("svg", { width: W, height: H, viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": "the city of Barcelona" });
  const usedStreets = new Set(view.used || []);
  const here = view.crossing ? cross(view.crossing) : null;
  const through = here ? [`col${here[0]}`, `row${here[1]}`].concat(here[0] === here[1] ? ["diag"] : []) : [];

  // blocks and buildings
  for (let y = 0; y < SIZE - 1; y++) for (let x = 0; x < SIZE - 1; x++) {
    const [x0, y0] = at(x, y), [x1, y1] = at(x + 1, y + 1), p = 9;
    if (x === y) {
      svg.append(s("polygon", { points: `${x0 + p * 1.9},${y0 + p} ${x1 - p},${y0 + p} ${x1 - p},${y1 - p * 1.9}`, fill: "#e0d4b8", stroke: "#c9b994", "data-block": `t${x}u` }));
      svg.append(s("polygon", { points: `${x0 + p},${y0 + p * 1.9} ${x0 + p},${y1 - p} ${x1 - p * 1.9},${y1 - p}`, fill: "#e0d4b8", stroke: "#c9b994", "data-block": `t${x}l` }));
    } else {
      svg.append(s("rect", { x: x0 + p, y: y0 + p, width: G - 2 * p, height: G - 2 * p, rx: 4, fill: "#e0d4b8", stroke: "#c9b994", "data-block": `b${x},${y}` }));
    }
  }
  for (const [id, b] of Object.entries(view.buildings || {})) {
    let cx, cy, m;
    if ((m = /^b(\d),(\d)$/.exec(id))) { [cx, cy] = at(+m[1] + 0.5, +m[2] + 0.5); }
    else if ((m = /^t(\d)([ul])$/.exec(id))) { const i = +m[1]; [cx, cy] = m[2] === "u" ? at(i + 0.72, i + 0.28) : at(i + 0.28, i + 0.72); }
    else continue;
    const topTile = b.tiles[b.tiles.length - 1];
    const owner = b.markers[b.markers.length - 1];
    const w = topTile === "corner" ? 30 : 44;
    const g = s("g", { "data-building": id },
      s("title", {}, `${b.tiles.map((t) => t === "corner" ? "Corner" : `Level ${BUILDING[t]}`).join(" under ")} · markers (bottom to top): ${b.markers.map(name).join(", ")}`),
      s("rect", { x: cx - w / 2, y: cy - w / 2, width: w, height: w, rx: 4, fill: "#fff", stroke: "#6b5a3e", "stroke-width": 1.5 }),
      b.tiles.length > 1 ? s("rect", { x: cx - w / 2 + 3, y: cy - w / 2 - 3, width: w, height: w, rx: 4, fill: "none", stroke: "#6b5a3e", "stroke-dasharray": "2 2" }) : null,
      s("text", { x: cx, y: cy + (topTile === "corner" ? 4 : 2), "text-anchor": "middle", "font-size": topTile === "corner" ? 11 : 16, "font-weight": "bold", fill: "#6b5a3e" },
        topTile === "corner" ? "C" : `L${BUILDING[topTile]}`),
      b.markers.map((seat, k) => s("circle", { cx: cx - (b.markers.length - 1) * 5 + k * 10, cy: cy + w / 2 - 6, r: 4.5, fill: colour(seat), stroke: "#222", "stroke-width": k === b.markers.length - 1 ? 1.5 : .5, opacity: k === b.markers.length - 1 ? 1 : .6 })));
    svg.append(g);
  }

  // streets
  const streetLine = (street, a, b) => {
    const wide = WIDE.includes(street);
    const hot = through.includes(street);
    return s("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: hot ? (usedStreets.has(street) ? "#adb5bd" : "#ffd43b") : "#9e9484",
                       "stroke-width": wide ? 14 : 8, "stroke-linecap": "round", opacity: hot ? 1 : .9 });
  };
  for (let i = 0; i < SIZE; i++) {
    svg.append(streetLine(`col${i}`, at(i, 0), at(i, SIZE - 1)));
    svg.append(streetLine(`row${i}`, at(0, i), at(SIZE - 1, i)));
  }
  svg.append(streetLine("diag", at(0, 0), at(SIZE - 1, SIZE - 1)));


  // Action tiles at the head of each street
  const actionTile = (street, x, y) => {
    const act = (view.layout || {})[street];
    const used = usedStreets.has(street);
    return s("g", { "data-street": street },
      s("title", {}, `${street}: ${ACTIONS[act] || act}${used ? " (used this turn)" : ""}`),
      s("rect", { x: x - 31, y: y - 11, width: 62, height: 22, rx: 4, fill: used ? "#dee2e6" : "#2f5d8a", stroke: "#1c3d5e" }),
      s("text", { x, y: y + 3.5, "text-anchor": "middle", "font-size": 8.5, fill: used ? "#868e96" : "#fff", "font-weight": "bold" }, ACTIONS[act] || act));
  };
  for (let i = 0; i < SIZE; i++) {
    const [cx] = at(i, 0), [, ry] = at(0, i);
    svg.append(actionTile(`col${i}`, cx, 14));
    svg.append(actionTile(`row${i}`, 33, ry));
  }
  svg.append(actionTile("diag", W - 34, H - 14));

  // Street tiles, Passengers, Trams
  for (const [sp, t] of Object.entries(view.street_tiles || {})) {
    const m = mid(sp); if (!m) continue;
    const len = t.kind === "wide" ? 46 : 40, th = t.kind === "wide" ? 14 : 9;
    svg.append(s("rect", { x: m[0] - len / 2, y: m[1] - th / 2, width: len, height: th, rx: 2, fill: colour(t.seat), stroke: "#222", "stroke-width": .8,
                           transform: `rotate(${m[2]} ${m[0]} ${m[1]})` }, s("title", {}, `${t.kind === "wide" ? "Wide" : "Narrow"} Street tile of ${name(t.seat)}`)));
  }
  for (const [sp, seat] of Object.entries(view.passengers || {})) {
    const m = mid(sp); if (!m) continue;
    svg.append(s("g", {}, s("title", {}, `Passenger of ${name(seat)}`),
      s("circle", { cx: m[0] + 12, cy: m[1] - 12, r: 7, fill: "#fff", stroke: colour(seat), "stroke-width": 3 }),
      s("text", { x: m[0] + 12, y: m[1] - 9, "text-anchor": "middle", "font-size": 8, "font-weight": "bold", fill: colour(seat) }, "P")));
  }
  (view.trams || []).forEach((sp, seat) => {
    if (!sp) return;
    const m = mid(sp); if (!m) return;
    svg.append(s("g", { transform: `rotate(${m[2]} ${m[0]} ${m[1]})` }, s("title", {}, `Tram of ${name(seat)}`),
      s("rect", { x: m[0] - 14, y: m[1] - 8, width: 28, height: 16, rx: 5, fill: colour(seat), stroke: "#111", "stroke-width": 1.5 }),
      s("rect", { x: m[0] - 10, y: m[1] - 5, width: 8, height: 6, fill: "#e7f5ff" }), s("rect", { x: m[0] + 2, y: m[1] - 5, width: 8, height: 6, fill: "#e7f5ff" })));
  });

  // crossings: Intersections and Citizen stacks
  for (let y = 0; y < SIZE; y++) for (let x = 0; x < SIZE; x++) {
    const id = `${x},${y}`;
    const [cx, cy] = at(x, y);
    const owner = (view.intersections || {})[id];
    const stack = (view.stacks || {})[id];
    const g = s("g", { "data-crossing": id });
    if (owner !== undefined) g.append(s("rect", { x: cx - 15, y: cy - 15, width: 30, height: 30, rx: 5, fill: "#fff", stroke: colour(owner), "stroke-width": 4, transform: `rotate(45 ${cx} ${cy})` }));
    else g.append(s("circle", { cx, cy, r: 10, fill: x === y ? "#fff4e6" : "#f8f9fa", stroke: "#6b5a3e", "stroke-width": 1 }));
    if (stack && stack.length) {
      const top = stack[stack.length - 1], c = CLASSES[top] || { fill: "#ccc", ink: "#000" };
      g.append(s("path", { d: `M${cx - 8} ${cy + 10} L${cx - 8} ${cy - 1} A8 8 0 0 1 ${cx + 8} ${cy - 1} L${cx + 8} ${cy + 10} Z`, fill: c.fill, stroke: "#222", "stroke-width": 1.2 }));
      g.append(s("circle", { cx, cy: cy - 12, r: 5, fill: c.fill, stroke: "#222", "stroke-width": 1.2 }));
      if (stack.length > 1) g.append(s("text", { x: cx + 10, y: cy + 14, "font-size": 10, "font-weight": "bold", fill: "#222" }, `×${stack.length}`));
    } else if (x === y) {
      g.append(s("text", { x: cx, y: cy + 3.5, "text-anchor": "middle", "font-size": 9, fill: "#a0856c" }, "1¢"));
    }
    if (here && here[0] === x && here[1] === y) g.append(s("circle", { cx, cy, r: 20, fill: "none", stroke: "#f08c00", "stroke-width": 2.5, "stroke-dasharray": "4 3" }));
    g.append(s("title", {}, `crossing ${id}${owner !== undefined ? ` · Intersection of ${name(owner)}` : ""}${stack ? ` · Citizens: ${stack.join(", ")} (top: ${stack[stack.length - 1]})` : ""}${x === y ? " · on the Diagonal" : ""}`));
    svg.append(g);
  }
  if (context.playing) {      // each street space, as a target for the seat's clicks (invisible until offered)
    const spaces = [];
    for (let a = 0; a < SIZE; a++) for (let b = 0; b < SIZE - 1; b++) spaces.push(`c${a}.${b}`, `r${a}.${b}`);
    for (let i = 0; i < SIZE - 1; i++) spaces.push(`d${i}`);
    for (const sp of spaces) {
      const m = mid(sp);
      svg.append(s("rect", { x: m[0] - 22, y: m[1] - 9, width: 44, height: 18, rx: 4, class: "bc-space", "data-space": sp,
                             transform: `rotate(${m[2]} ${m[0]} ${m[1]})` }, s("title", {}, `street space ${sp}`)));
    }
  }
  const city = h("section", { class: "bc-city" },
    h("div", { style: { display: "flex", gap: "6px", alignItems: "center", fontSize: "11px", color: "#7a6a4f", padding: "0 4px 4px" } },
      h("b", {}, "CITY"), standIn("stand-in grid"), `${Object.keys(view.buildings || {}).length} buildings`), svg);

  // --- side: tracks, tiles, sidewalk, services --------------------------------------------------------
  const seatsAt = (key, pos) => view.players.map((p, i) => [p, i]).filter(([p]) => p[key] === pos).map(([, i]) => i);
  const pawns = (seats) => h("span", { class: "pawns" }, seats.map((i) => h("i", { style: { "--seat": colour(i) }, title: name(i) })));
  const cerda = h("div", { class: "bc-box" }, h("h3", {}, "Cerdà track (multiplier)"),
    h("div", { class: "bc-track" }, CERDA_LABELS.map((lab, i) => h("div", { class: `sp${lab !== null && lab !== "start" ? " slot" : ""}` },
      lab === null ? "" : lab === "start" ? "▶" : `×${lab}`, pawns(seatsAt("cerda", i))))));
  const sagrada = h("div", { class: "bc-box" }, h("h3", {}, "Sagrada Família", standIn("8 steps")),
    h("div", { class: "bc-track" }, Array.from({ length: SAGRADA_STEPS + 1 }, (_, i) => h("div", { class: `sp${SAGRADA_SLOTS[i] ? " slot" : ""}`,
      title: SAGRADA_SLOTS[i] ? `level ${SAGRADA_SLOTS[i]} tiles left: ${(view.sagrada_pool[String(SAGRADA_SLOTS[i])] || []).length}` : `step ${i}` },
      SAGRADA_SLOTS[i] ? `L${SAGRADA_SLOTS[i]}·${(view.sagrada_pool[String(SAGRADA_SLOTS[i])] || []).length}` : i, pawns(seatsAt("sagrada", i))))));
  const TRACK_VP = view.track_vp || [];   // stand-in values, sent with the view
  const SECTION = view.section_spaces || 1;
  const ctrack = h("div", { class: "bc-box" },
    h("h3", {}, "Citizen tracks", standIn(), h("span", { style: { marginLeft: "auto", textTransform: "none" } }, `Building VP now ${view.building_vp}`)),
    h("div", { class: "bc-ctrack", style: { gridTemplateColumns: `62px repeat(${TRACK_VP.length || 1}, 1fr)` } }, Object.keys(CLASSES).map((cls) => [
      h("span", {}, h("i", { class: "bc-cit", style: { "--c": CLASSES[cls].fill, width: "10px", height: "13px" } }), cls),
      (view.tracks[cls] || []).map((cell, i) => h("div", {
        class: `cell${(i + 1) % SECTION === 0 ? " sec" : ""}${cell ? ` ${cell}` : ""}`, style: { "--c": CLASSES[cls].fill },
        title: `${TRACK_VP[i]} VP${cell ? ` · ${cell}` : ""}${i < view.scored * SECTION ? " · section scored" : ""}` }, TRACK_VP[i])),
    ])),
    h("div", { class: "bc-pieces", style: { marginTop: "4px" } }, `in the bag: ${Object.entries(view.bag).map(([c, n]) => `${n} ${c}`).join(", ")}`));
  const tiles = h("div", { class: "bc-box" }, h("h3", {}, "Cerdà scoring tiles · Modernisme display", h("span", { style: { marginLeft: "auto", textTransform: "none" } }, `deck ${view.deck_size}`)),
    h("div", { class: "bc-tiles" },
      view.cerda_tiles.map((c, i) => h("div", { class: `bc-tile cerda${i < view.scored ? " done" : ""}`, title: i < view.scored ? "scored" : "still to score" },
        h("div", { class: "vp" }, `Cerdà ${i + 1}`), condText(c))),
      view.display.map((t, i) => t ? h("div", { class: "bc-tile", "data-tile": t.id, "data-display": i }, h("div", { class: "vp" }, `#${i}`), condText(t.condition))
        : h("div", { class: "bc-tile", style: { borderStyle: "dashed", opacity: .5 } }, "empty"))));
  const sidewalk = h("div", { class: "bc-box" }, h("h3", {}, "Sidewalk · Cobblestones"),
    h("div", { class: "bc-sidewalk" }, SIDEWALK.map((row, r) => row.map((kind, c) => {
      const seat = (view.sidewalk || {})[`${r},${c}`];
      return seat !== undefined ? h("div", { class: "stone", style: { "--seat": colour(seat) }, title: `${SIDEWALK_TEXT[kind]}: Cobblestone of ${name(seat)}`, "data-sidewalk": `${r},${c}` }, SIDEWALK_TEXT[kind])
        : h("div", { class: kind === "centre" ? "centre" : "", title: kind === "centre" ? "the printed Cobblestone" : SIDEWALK_TEXT[kind], "data-sidewalk": `${r},${c}` }, kind === "centre" ? "■" : SIDEWALK_TEXT[kind]);
    }))));
  const services = h("div", { class: "bc-box" }, h("h3", {}, "Public Services"),
    h("div", { class: "bc-services" }, Object.entries(view.services || {}).map(([svc, left]) => {
      const top = left.length ? SERVICE_STACK[left[0]] : null;
      return [h("span", { class: top ? "" : "none", "data-service": svc }, SERVICES[svc] || svc),
        h("span", { class: top ? "" : "none" }, top ? `${top.coins} Coins → ${top.vp} VP · ${left.length} left` : "none left")];
    })));
  const side = h("div", { class: "bc-side" }, cerda, sagrada, ctrack, tiles, h("div", { style: { display: "flex", gap: "10px", flexWrap: "wrap" } }, sidewalk, services));

  // --- players --------------------------------------------------------------------------------------
  const ranking = res ? Object.fromEntries(res.ranking.map((r) => [r.seat, r])) : {};
  const players = h("div", { class: "bc-players" }, view.players.map((p, seat) => {
    const r = ranking[seat];
    const slots = [];
    for (let i = 0; i < p.capacity; i++) slots.push(i < p.coins ? h("i", { class: "coin", title: "Coin" }, "¢")
      : i < p.coins + p.cloths ? h("i", { class: "cloth", title: "Cloth" }) : h("i", { title: "empty Warehouse space" }));
    const sag = (p.sagrada_tiles || []).map(([lvl, idx]) => {
      const t = (SAGRADA_TILES[lvl] || [])[idx] || {};
      return `L${lvl}: ${[t.vp ? `${t.vp} VP` : "", t.mix ? `${t.mix} Coin/Cloth` : "", t.coins ? `${t.coins} Coin` : "", t.cloths ? `${t.cloths} Cloth` : "", t.cerda ? `${t.cerda} Cerdà` : ""].filter(Boolean).join(" + ")}`;
    });
    return h("div", { class: `bc-player${view.active.includes(seat) ? " turn" : ""}`, "data-seat": seat },
      h("div", { class: "top" },
        h("i", { class: "tf-dot", style: { "--seat": colour(seat) } }), h("b", {}, name(seat)),
        seat === view.turn && !view.over ? h("span", { class: "bc-tag turn" }, "turn") : null,
        pend && pend.seat === seat && seat !== view.turn ? h("span", { class: "bc-tag turn" }, "choosing") : null,
        r ? h("span", { class: `bc-tag${r.rank === 1 ? " win" : ""}` }, r.rank === 1 ? "winner" : `rank ${r.rank}`) : null,
        h("span", { class: "bc-tag", title: "Cerdà multiplier" }, `×${p.multiplier}`),
        h("span", { class: "vp" }, `${p.vp} VP`)),
      h("div", { style: { display: "flex", gap: "14px", alignItems: "center", flexWrap: "wrap" } },
        h("div", {}, h("div", { class: "label" }, "Citizens in hand"),
          p.hand.length ? p.hand.map((c) => h("i", { class: "bc-cit", style: { "--c": (CLASSES[c] || {}).fill }, title: (CLASSES[c] || {}).name || c })) : h("span", { class: "label" }, "none")),
        h("div", {}, h("div", { class: "label" }, `Warehouse · ${p.coins} Coins, ${p.cloths} Cloths`), h("div", { class: "bc-ware" }, slots))),
      h("div", { class: "label" }, "Modernisme Projects"),
      h("div", { class: "bc-projects" }, p.projects.map((pr, i) => pr.tile === null || pr.tile === undefined
        ? h("div", { "data-slot": i + 1 }, `space ${i + 1}`, h("br"), `×${PROJECT_SPACES[i][0]} / ×${PROJECT_SPACES[i][1]}`)
        : h("div", { class: `full${pr.top ? " topped" : ""}`, "data-slot": i + 1, title: `${condText(pr.condition)}, ×${PROJECT_SPACES[i][pr.top ? 1 : 0]}${pr.top ? " (improved)" : ""}` },
          h("b", {}, `×${PROJECT_SPACES[i][pr.top ? 1 : 0]}`), h("br"), String(pr.condition).replace(/_/g, " ")))),
      h("div", { class: "bc-pieces" },
        h("span", {}, `Cerdà ${p.cerda}`), h("span", {}, `Sagrada ${p.sagrada}`),
        h("span", {}, `Cobblestones ${p.cobblestones}`), h("span", {}, `Intersections ${p.intersections}`),
        h("span", {}, `Passengers ${p.passengers}`),
        h("span", { title: "Street tiles left" }, `Wide ${p.wide} · Narrow ${p.narrow.join("/")} left`),
        h("span", { title: "Building markers left per spot" }, `markers ${p.markers.join("/")}`)),
      p.services.length ? h("div", { class: "bc-pieces" }, "Services: ", p.services.map((x) => SERVICES[x] || x).join(", ")) : null,
      sag.length ? h("div", { class: "bc-pieces" }, "Sagrada tiles: ", sag.join("; ")) : null,
      view.final && view.final[seat] ? h("div", { class: "bc-pieces" }, `final scoring: Cobblestones ${view.final[seat].cobblestones}, Passengers ${view.final[seat].passengers}, Projects ${view.final[seat].projects}`) : null);
  }));

  container.append(h("div", { class: "bc" }, head, h("div", { class: "bc-main" }, city, side), players));
}

// The pieces a seat clicks to move (the page's move builder): a crossing (to place Citizens, an
// Intersection), a street space (Street tiles, the Tram), a block (to build), a Sidewalk space, a
// Modernisme tile of the display and a space of the seat's Projects, a Public Service. A Citizen's
// class, Coins, Cloths and steps are chosen beside the board.
export function piece({ type, field, value, context }) {
  const { attr } = context.kit;
  const mine = `.bc-player${attr("data-seat", context.viewer)}`;
  if (field === "crossing") return `g${attr("data-crossing", value)}`;
  if (type === "cobblestone" && field === "space") return `.bc-sidewalk ${attr("data-sidewalk", value)}`;
  if (type === "build" && field === "space") return `${attr("data-block", value)}, g${attr("data-building", value)}`;
  if ((field === "space" || field === "then") && typeof value === "string") return `.bc-space${attr("data-space", value)}`;
  if (type === "take_project" && field === "tile") return `.bc-tile${attr("data-display", value)}`;
  if (field === "slot") return `${mine} .bc-projects ${attr("data-slot", value)}`;
  if (field === "service") return `.bc-services ${attr("data-service", value)}`;
  return null;
}
