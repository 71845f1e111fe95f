// Iberian Gauge on the web page: the hex map of the peninsula (easy and difficult terrain, urban
// hexes and Major Cities, named) with each Railroad's Locomotives as cubes of its colour, the
// round track, the Railroads' share values, dividends, treasuries and shares, and each player's
// cash and shares. Everything is public (engine.py, `view`).

const RAILROADS = {
  red: "#e03131", light_blue: "#4dabf7", orange: "#fd7e14", purple: "#7048e8", yellow: "#fcc419",
};
const TERRAIN = {
  easy: { fill: "#e8e2c0", name: "Easy" },
  difficult: { fill: "#c4a47c", name: "Difficult" },
  urban: { fill: "#f8f9fa", name: "Urban" },
  major_city: { fill: "#ffe3e3", name: "Major City" },
};
const R = 13.5;                     // hex radius (flat-topped)
const DX = 1.5 * R, DY = Math.sqrt(3) / 2 * R;

const CSS = `
.ig { display: flex; flex-direction: column; gap: 12px; }
.ig-head { display: flex; gap: 8px 16px; flex-wrap: wrap; align-items: baseline; }
.ig-head .phase { font-size: 16px; font-weight: bold; }
.ig-head .meta { font-size: 12px; color: #6c757d; }
.ig-rounds { display: flex; flex-wrap: wrap; gap: 3px; }
.ig-rounds span { font-size: 11px; padding: 2px 6px; border-radius: 4px; background: #e9ecef; color: #495057; }
.ig-rounds span.build { background: #d0ebff; }
.ig-rounds span.current { outline: 2px solid #f59f00; font-weight: bold; }
.ig-rounds span.done { opacity: .5; }
.ig-main { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; }
.ig-map { background: #a5d8ff; border-radius: 8px; padding: 4px 0; }
.ig-map svg { display: block; }
.ig-side { display: flex; flex-direction: column; gap: 10px; flex: 1 1 330px; }
.ig-table { border-collapse: collapse; font-size: 12px; width: 100%; background: #fff; }
.ig-table td, .ig-table th { border: 1px solid #dee2e6; padding: 2px 4px; text-align: center; white-space: nowrap; }
.ig-table th { background: #f8f9fa; font-weight: normal; color: #495057; }
@media (max-width: 600px) { .ig-table td, .ig-table th { white-space: normal; padding: 2px; } .ig-side { flex-basis: 100%; } }
.ig-table .rr { text-align: left; font-weight: bold; }
.ig-side .ig-table .rr { white-space: normal; min-width: 90px; }
.ig-sw { display: inline-block; width: 11px; height: 11px; border-radius: 2px; border: 1px solid rgba(0,0,0,.4); margin-right: 4px; vertical-align: -1px; }
.ig-table tr.acting { background: #fff9db; }
.ig-table tr.turn { background: #fff9db; }
`;

export function render(container, view, context) {
  const { h, s, style } = context.kit;
  style("ig-style", CSS);
  const rrName = Object.fromEntries(view.railroads.map((r) => [r.id, r.name]));
  const swatch = (id) => h("i", { class: "ig-sw", style: { background: RAILROADS[id] || "#999" } });

  // --- header and round track -----------------------------------------------------------------
  const turn = view.turn !== null && view.turn !== undefined ? context.seatName(view.turn) : null;
  const phaseText = view.over ? "Game over"
    : view.phase === "stock" ? `Stock round${turn ? ` · ${turn} buys or passes` : ""}`
    : view.phase === "build" ? `Build round${turn ? ` · ${turn} builds` : ""}`
    : view.phase;
  const head = h("div", { class: "ig-head" },
    h("span", { class: "phase" }, `Round ${view.round} of ${view.rounds.length} · ${phaseText}`),
    view.build ? h("span", { class: "meta" }, swatch(view.build.railroad),
      `${rrName[view.build.railroad]} is building, run by ${context.seatName(view.build.owner)}${view.build.new_city ? " (reached a new city)" : ""}`) : null,
    view.stock ? h("span", { class: "meta" }, `passes in a row: ${view.stock.passes}`) : null,
    view.priority !== null && view.priority !== undefined ? h("span", { class: "meta" }, `priority: ${context.seatName(view.priority)}`) : null);
  const rounds = h("div", { class: "ig-rounds" }, view.rounds.map((kind, i) => h("span", {
    class: `${kind}${i + 1 === view.round ? " current" : ""}${i + 1 < view.round ? " done" : ""}`,
  }, `${i + 1} ${kind}`)));

  // --- the map --------------------------------------------------------------------------------------
  const cols = view.board.map((x) => x.hex[0]), rows = view.board.map((x) => x.hex[1]);
  const minC = Math.min(...cols), minR = Math.min(...rows);
  const PAD = 28;                  // room for the names of coastal cities
  const W = (Math.max(...cols) - minC) * DX + 2 * R + 2 * PAD, H = (Math.max(...rows) - minR) * DY + 2 * DY + 14;
  const centre = (hex) => [PAD + R + (hex[0] - minC) * DX, DY + 1 + (hex[1] - minR) * DY];
  const corners = (cx, cy) => Array.from({ length: 6 }, (_, i) => {
    const a = Math.PI / 3 * i;
    return `${(cx + R * Math.cos(a)).toFixed(1)},${(cy + R * Math.sin(a)).toFixed(1)}`;
  }).join(" ");
  const svg = s("svg", { width: W, height: H, viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": "map of Iberia" });
  const labels = [];
  for (const hex of view.board) {
    const [cx, cy] = centre(hex.hex);
    const t = TERRAIN[hex.terrain] || { fill: "#fff", name: hex.terrain };
    const g = s("g", { class: "ig-hex", "data-hex": hex.hex.join(","), "data-terrain": hex.terrain },
      s("title", {}, `${hex.name ? `${hex.name} · ` : ""}${t.name}${hex.railroads.length ? ` · ${hex.railroads.map((r) => rrName[r]).join(", ")}` : ""}`),
      s("polygon", { points: corners(cx, cy), fill: t.fill, stroke: "#8c7b5a", "stroke-width": 0.6 }));
    if (hex.terrain === "difficult") {      // a little mountain
      g.append(s("path", { d: `M ${cx - 6} ${cy + 4} L ${cx - 1} ${cy - 4} L ${cx + 2} ${cy} L ${cx + 4} ${cy - 2} L ${cx + 7} ${cy + 4}`,
                           fill: "none", stroke: "#8a6a45", "stroke-width": 1, opacity: 0.6 }));
    }
    if (hex.terrain === "urban" || hex.terrain === "major_city") {
      const big = hex.terrain === "major_city";
      g.append(s("circle", { cx, cy, r: big ? 9 : 6, fill: big ? "#c92a2a" : "#495057", opacity: hex.railroads.length ? 0.35 : 0.9 }));
      if (hex.name) labels.push([cx, cy + (big ? 14 : 11) + 6, hex.name, big]);
    }
    // Locomotives: one cube per Railroad present
    const n = hex.railroads.length;
    hex.railroads.forEach((rr, i) => {
      const size = n > 1 ? 8 : 11;
      const x = cx - (n * (size + 1)) / 2 + i * (size + 1);
      g.append(s("rect", { x, y: cy - size / 2, width: size, height: size, rx: 1.5, fill: RAILROADS[rr] || "#999",
                           stroke: "#212529", "stroke-width": 0.9, class: "ig-loco", "data-railroad": rr }));
    });
    svg.append(g);
  }
  for (const [x, y, name, big] of labels) {
    svg.append(s("text", { x, y, "text-anchor": "middle", "font-size": big ? 10 : 8, "font-weight": big ? "bold" : "normal",
                           fill: "#212529", stroke: "#fff", "stroke-width": 2.5, "paint-order": "stroke" }, name));
  }

  // --- the Railroads --------------------------------------------------------------------------------
  const rrTable = h("table", { class: "ig-table" },
    h("tr", {}, ["Railroad", "Share value", "Dividend per share", "Treasury", "Shares sold (owners)", "Unsold", "Locomotives left", "Major Cities"].map((x) => h("th", {}, x))),
    view.railroads.map((r) => h("tr", { class: view.build && view.build.railroad === r.id ? "acting" : "", "data-railroad": r.id },
      h("td", { class: "rr" }, swatch(r.id), r.name),
      h("td", {}, r.share_value === null || r.share_value === undefined ? "–" : `₱${r.share_value}`),
      h("td", {}, r.floated ? `₱${r.dividend} (level ${r.dividend_level})` : "–"),
      h("td", {}, `₱${r.treasury}`),
      h("td", { title: r.shares.map((owner) => context.seatName(owner)).join(", ") },
        r.shares.length ? r.shares.map((owner) => h("i", { class: "tf-dot", title: context.seatName(owner),
                                                          style: { "--seat": context.seatColour(owner), margin: "0 1px" } })) : "–"),
      h("td", {}, `${r.shares_left} of ${r.shares_total}`),
      h("td", {}, r.locomotives),
      h("td", { title: `special dividend ₱${r.special_dividend}${r.special_dividend_paid ? " (paid)" : ""}` },
        `${r.major_cities}${r.special_dividend_paid ? " ★" : ""}`))));

  // --- the players ---------------------------------------------------------------------------------
  const ranking = new Map(((view.result && view.result.ranking) || []).map((r) => [r.seat, r]));
  const ids = view.railroads.map((r) => r.id);
  const players = h("table", { class: "ig-table" },
    h("tr", {}, h("th", {}, "Player"), h("th", {}, "Cash"), ids.map((id) => h("th", {}, swatch(id))), h("th", {}, "Worth")),
    view.cash.map((cash, seat) => h("tr", { class: view.turn === seat && !view.over ? "turn" : "", "data-seat": seat },
      h("td", { class: "rr" }, h("i", { class: "tf-dot", style: { "--seat": context.seatColour(seat) } }), context.seatName(seat)),
      h("td", {}, `₱${cash}`),
      ids.map((id) => h("td", {}, view.shares_held[seat][id] || "")),
      h("td", {}, h("b", {}, `₱${view.scores[seat]}`), ranking.has(seat) ? ` #${ranking.get(seat).rank}` : ""))));

  container.append(h("div", { class: "ig" }, head, rounds,
    h("div", { class: "ig-main" }, h("div", { class: "ig-map" }, svg), h("div", { class: "ig-side" }, players)),
    rrTable));
}

// The pieces a seat clicks to move (the page's move builder): a hex of the map (to build on, or
// the city a Railroad floats in) and a Railroad's row of the table (to buy its share or float it).
// A share value and a lease are chosen beside the board.
export function piece({ field, value, context }) {
  const { attr } = context.kit;
  if (field === "hex" || field === "city") return `.ig-hex${attr("data-hex", value.join(","))}`;
  if (field === "railroad") return `tr${attr("data-railroad", value)}`;
  return null;
}
