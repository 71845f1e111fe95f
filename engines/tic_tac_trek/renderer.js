// Tic Tac Trek on the web page: the tableau of terrain tiles (the rules page's colours), each
// showing ✖ or ⭕, the campfires (✖'s on logs, ⭕'s on a stone disc) with their values at the end,
// the tile drawn for the player to move, the spaces it may go, the scores and the bag.
// The view is public: every viewer sees the same table (engine.py, `view`).

const TERRAIN = {
  Mountain: { fill: "#b9a7e3", ink: "#2b2340", name: "Mountain" },   // lavender
  Desert: { fill: "#f59f3a", ink: "#3b2200", name: "Desert" },       // orange
  Grassland: { fill: "#82d943", ink: "#183400", name: "Grassland" }, // bright green
  Forest: { fill: "#2f6b3a", ink: "#f1f8f1", name: "Forest" },       // dark green
  Lake: { fill: "#1f9e9b", ink: "#f0fbfb", name: "Lake (wild)" },    // teal
};
const GLYPH = { X: "✖", O: "⭕" };
const T = 64;      // tile size
const GAP = 4;

const CSS = `
.ttt { display: flex; flex-direction: column; gap: 14px; }
.ttt-players { display: grid; grid-template-columns: 1fr auto 1fr; gap: 12px; align-items: stretch; }
.ttt-player { border: 2px solid #dee2e6; border-radius: 8px; padding: 8px 12px; display: flex; gap: 10px; align-items: center; }
.ttt-player.turn { border-color: #e8a200; background: #fff9db; }
.ttt-player.right { flex-direction: row-reverse; text-align: right; }
.ttt-player .who { font-weight: bold; }
.ttt-player .pts { font-size: 28px; font-weight: bold; min-width: 44px; text-align: center; }
.ttt-player .fires { display: flex; gap: 2px; margin-top: 3px; }
.ttt-player.right .fires { justify-content: flex-end; }
.ttt-player .sub { font-size: 12px; color: #6c757d; }
.ttt-drawn { display: flex; flex-direction: column; align-items: center; justify-content: center; min-width: 150px; text-align: center; font-size: 12px; color: #495057; }
@media (max-width: 600px) { .ttt-players { grid-template-columns: 1fr 1fr; } .ttt-drawn { grid-column: 1 / -1; grid-row: 2; min-width: 0; } .ttt-player { padding: 6px 8px; } .ttt-player .pts { font-size: 22px; min-width: 30px; } }
.ttt-drawn .label { margin-bottom: 4px; }
.ttt-over { font-weight: bold; font-size: 14px; color: #212529; max-width: 200px; }
.ttt-table { overflow: auto; background: #efe9dc; border-radius: 8px; padding: 12px; display: flex; justify-content: center; }
.ttt-table svg { display: block; }
.ttt-bag { display: flex; flex-wrap: wrap; gap: 10px; align-items: center; font-size: 12px; color: #495057; }
.ttt-bag .sw { display: inline-flex; align-items: center; gap: 5px; }
.ttt-bag .sw i { display: inline-block; width: 16px; height: 16px; border-radius: 3px; border: 1px solid rgba(0,0,0,.25); }
`;

const key = (c) => `${c[0]},${c[1]}`;

export function render(container, view, context) {
  const { h, s, style } = context.kit;
  style("ttt-style", CSS);
  const symbols = view.symbols || [];
  const seatOf = (symbol) => symbols.indexOf(symbol);

  // --- glyphs drawn as shapes (fonts differ; the table should not) ---------------------------
  function symbolShape(symbol, cx, cy, r, ink) {
    if (symbol === "X") {
      const d = r * 0.72;
      return s("g", { stroke: ink, "stroke-width": r * 0.34, "stroke-linecap": "round" },
        s("line", { x1: cx - d, y1: cy - d, x2: cx + d, y2: cy + d }),
        s("line", { x1: cx - d, y1: cy + d, x2: cx + d, y2: cy - d }));
    }
    return s("circle", { cx, cy, r: r * 0.78, fill: "none", stroke: ink, "stroke-width": r * 0.32 });
  }

  function campfireShape(symbol, cx, cy, size) {
    const k = size / 24;
    const base = symbol === "X"
      ? s("g", { stroke: "#6b3e1f", "stroke-width": 3.2 * k, "stroke-linecap": "round" },   // logs
          s("line", { x1: cx - 9 * k, y1: cy + 9 * k, x2: cx + 9 * k, y2: cy + 5 * k }),
          s("line", { x1: cx - 9 * k, y1: cy + 5 * k, x2: cx + 9 * k, y2: cy + 9 * k }))
      : s("ellipse", { cx, cy: cy + 8 * k, rx: 10 * k, ry: 3.6 * k, fill: "#868e96",        // stone disc
                       stroke: "#495057", "stroke-width": 1.2 * k });
    const flame = `M ${cx} ${cy - 11 * k} C ${cx + 8 * k} ${cy - 3 * k}, ${cx + 7 * k} ${cy + 6 * k}, ${cx} ${cy + 6 * k}
                   C ${cx - 7 * k} ${cy + 6 * k}, ${cx - 8 * k} ${cy - 2 * k}, ${cx - 2 * k} ${cy - 6 * k}
                   C ${cx - 2 * k} ${cy - 2 * k}, ${cx + 1 * k} ${cy - 1 * k}, ${cx} ${cy - 11 * k} Z`;
    const inner = `M ${cx} ${cy - 3 * k} C ${cx + 4 * k} ${cy + 1 * k}, ${cx + 3 * k} ${cy + 5 * k}, ${cx} ${cy + 5 * k}
                   C ${cx - 3 * k} ${cy + 5 * k}, ${cx - 4 * k} ${cy + 1 * k}, ${cx} ${cy - 3 * k} Z`;
    return s("g", { class: `ttt-campfire ${symbol}` },
      s("circle", { cx, cy: cy + 1 * k, r: 13 * k, fill: "rgba(255,255,255,.82)" }),
      base,
      s("path", { d: flame, fill: "#f03e3e" }),
      s("path", { d: inner, fill: "#ffd43b" }));
  }

  function tileSvg(terrain, symbol, size) {
    const t = TERRAIN[terrain] || { fill: "#ccc", ink: "#000" };
    return s("svg", { width: size, height: size, viewBox: `0 0 ${size} ${size}` },
      s("rect", { x: 1, y: 1, width: size - 2, height: size - 2, rx: 7, fill: t.fill,
                  stroke: "rgba(0,0,0,.35)", "stroke-width": 1.5 }),
      symbol ? symbolShape(symbol, size / 2, size / 2, size * 0.3, t.ink) : null);
  }

  // --- the players: symbol, points, campfires -------------------------------------------------
  const lastPlaced = (context.record && (context.record.events || []).find((e) => e.type === "placed")) || null;
  const result = view.result;
  const winner = result && result.ranking ? result.ranking[0] : null;

  function player(seat, right) {
    const symbol = symbols[seat];
    const turn = view.turn === seat && !view.over;
    const fires = [];
    for (let i = 0; i < (view.campfires_placed || [])[seat]; i++) {
      fires.push(s("svg", { width: 18, height: 18, viewBox: "0 0 24 24" }, campfireShape(symbol, 12, 11, 22)));
    }
    for (let i = 0; i < (view.supply || [])[seat]; i++) {
      fires.push(s("svg", { width: 18, height: 18, viewBox: "0 0 24 24", opacity: 0.22 },
        campfireShape(symbol, 12, 11, 22)));
    }
    const rank = result && result.ranking ? result.ranking.find((r) => r.seat === seat) : null;
    return h("div", { class: `ttt-player${turn ? " turn" : ""}${right ? " right" : ""}`, "data-seat": seat },
      symbol ? s("svg", { width: 40, height: 40, viewBox: "0 0 40 40",
        "aria-label": GLYPH[symbol], role: "img" },
        s("rect", { x: 1, y: 1, width: 38, height: 38, rx: 6, fill: "#fff", stroke: context.seatColour(seat), "stroke-width": 2.5 }),
        symbolShape(symbol, 20, 20, 12, "#212529")) : null,
      h("div", { style: { flex: 1 } },
        h("div", { class: "who" }, context.seatName(seat)),
        h("div", { class: "sub" },
          `${(view.campfires_placed || [])[seat] ?? 0} campfire${(view.campfires_placed || [])[seat] === 1 ? "" : "s"} out, ` +
          `${(view.supply || [])[seat] ?? 6} in supply${view.first === seat ? " · first player" : ""}` +
          (rank ? ` · rank ${rank.rank}` : "")),
        h("div", { class: "fires" }, fires)),
      h("div", { class: "pts", title: "points" }, (view.scores || [])[seat] ?? 0));
  }

  // --- the drawn tile, or the outcome --------------------------------------------------------------
  let middle;
  if (view.over && result) {
    const why = { points: "on points", campfires: "tie on points: more campfires placed",
                  final_turn: "tie: the player who took the final turn loses" }[result.tiebreak] || "";
    middle = h("div", { class: "ttt-drawn" },
      h("div", { class: "ttt-over" }, `${context.seatName(winner.seat)} wins`),
      h("div", {}, `${result.scores.join(" – ")} · ${why}`));
  } else if (view.drawn) {
    const symbol = symbols[view.drawn.seat];
    middle = h("div", { class: "ttt-drawn", "data-drawn": view.drawn.terrain },
      h("div", { class: "label" }, `Drawn for ${context.seatName(view.drawn.seat)}`),
      tileSvg(view.drawn.terrain, symbol, 56),
      h("div", {}, TERRAIN[view.drawn.terrain]?.name || view.drawn.terrain));
  } else {
    middle = h("div", { class: "ttt-drawn" }, symbols.length ? "" : "Setting up…");
  }

  // --- the tableau --------------------------------------------------------------------------------
  const tiles = view.tiles || [];
  const legal = view.legal_cells || [];
  const cells = [...tiles.map((t) => t.cell), ...legal];
  const xs = cells.map((c) => c[0]), ys = cells.map((c) => c[1]);
  const minX = Math.min(...xs, 0) - 1, maxX = Math.max(...xs, 1) + 1;
  const minY = Math.min(...ys, 0) - 1, maxY = Math.max(...ys, 0) + 1;
  const W = (maxX - minX + 1) * (T + GAP), H = (maxY - minY + 1) * (T + GAP);
  const px = (c) => [(c[0] - minX) * (T + GAP) + GAP / 2, (c[1] - minY) * (T + GAP) + GAP / 2];
  const centre = (c) => { const [x, y] = px(c); return [x + T / 2, y + T / 2]; };

  const svg = s("svg", { width: W, height: H, viewBox: `0 0 ${W} ${H}`, class: "ttt-board",
                         role: "img", "aria-label": "the tableau" });
  const occupied = new Set(tiles.map((t) => key(t.cell)));
  for (let y = minY; y <= maxY; y++) {       // the empty spaces, faintly
    for (let x = minX; x <= maxX; x++) {
      if (occupied.has(key([x, y]))) continue;
      const [cx, cy] = centre([x, y]);
      svg.append(s("circle", { cx, cy, r: 2, fill: "#c8bfae" }));
    }
  }
  const drawnTerrain = view.drawn && TERRAIN[view.drawn.terrain];
  for (const cell of legal) {                // where the drawn tile may go
    const [x, y] = px(cell);
    svg.append(s("rect", { x: x + 3, y: y + 3, width: T - 6, height: T - 6, rx: 7, class: "ttt-legal",
                           "data-cell": key(cell), fill: drawnTerrain ? drawnTerrain.fill : "#fff",
                           "fill-opacity": 0.28, stroke: "#495057", "stroke-width": 1.5,
                           "stroke-dasharray": "5 4" }));
  }
  for (const tile of tiles) {
    const [x, y] = px(tile.cell);
    const t = TERRAIN[tile.terrain] || { fill: "#ccc", ink: "#000" };
    const isLast = lastPlaced && key(lastPlaced.cell) === key(tile.cell);
    const g = s("g", { class: `ttt-tile${isLast ? " last" : ""}`, "data-cell": key(tile.cell),
                       "data-terrain": tile.terrain, "data-symbol": tile.symbol,
                       "data-campfire": tile.campfire ? "1" : null },
      s("title", {}, `${tile.terrain} · ${GLYPH[tile.symbol]}${tile.campfire ? " · campfire" : ""}` +
        (tile.value !== undefined ? ` · ${tile.value} points` : "")),
      s("rect", { x, y, width: T, height: T, rx: 8, fill: t.fill,
                  stroke: isLast ? "#ffd43b" : "rgba(0,0,0,.35)", "stroke-width": isLast ? 4 : 1.5 }),
      symbolShape(tile.symbol, x + (tile.campfire ? T * 0.3 : T / 2), y + (tile.campfire ? T * 0.3 : T / 2),
                  tile.campfire ? T * 0.17 : T * 0.27, t.ink));
    if (tile.campfire) g.append(campfireShape(tile.symbol, x + T * 0.6, y + T * 0.6, T * 0.55));
    if (tile.value !== undefined) {
      g.append(s("circle", { cx: x + T - 13, cy: y + 13, r: 10, fill: "#212529" }),
               s("text", { x: x + T - 13, y: y + 17.5, "text-anchor": "middle", fill: "#fff",
                           "font-size": 13, "font-weight": "bold" }, tile.value));
    }
    svg.append(g);
  }
  if (lastPlaced && lastPlaced.rows) {       // the rows the latest tile completed
    for (const row of lastPlaced.rows) {
      const [x1, y1] = centre(row[0]), [x2, y2] = centre(row[row.length - 1]);
      svg.append(s("line", { x1, y1, x2, y2, stroke: "#ffd43b", "stroke-width": 5, "stroke-linecap": "round",
                             opacity: 0.85, class: "ttt-row" }));
    }
  }

  // --- the bag --------------------------------------------------------------------------------------
  const bag = view.bag || {};
  const bagRow = h("div", { class: "ttt-bag" },
    h("b", {}, `${view.tiles_in_bag ?? 0} tiles in the bag:`),
    Object.entries(TERRAIN).map(([name, t]) =>
      h("span", { class: "sw" }, h("i", { style: { background: t.fill } }), `${t.name} ${bag[name] ?? 0}`)));

  container.append(h("div", { class: "ttt" },
    h("div", { class: "ttt-players" }, player(0, false), middle, player(1, true)),
    h("div", { class: "ttt-table" }, svg),
    bagRow));
}

// The pieces a seat clicks to move (the page's move builder): a space the drawn tile may go.
export function piece({ type, field, value }) {
  if (type === "place" && field === "cell") return `.ttt-legal[data-cell="${value[0]},${value[1]}"]`;
  return null;
}
