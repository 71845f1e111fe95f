// Imperial Steam on the web page: the (stand-in) map from Wien to Trieste with each seat's
// tracks, stations and State Railway access, the hub cities (coloured by their Hub City tile)
// and their influence, each city's tile (in its tooltip), and one panel per seat
// (money, influence, share value, goods, workers, trains, contracts, keys). Open bids show only
// as "has bid" (the view hides their amounts). The connections come from the view; city
// positions are display coordinates for the stand-in map of data.py, not the printed board.

const POS = {
  wien: [560, 60], st_poelten: [420, 50], linz: [260, 60], wr_neustadt: [560, 150],
  gloggnitz: [480, 210], muerzzuschlag: [450, 280], bruck: [380, 320], graz: [470, 380],
  leoben: [300, 330], selzthal: [220, 220], marburg: [460, 470], pettau: [570, 490],
  cilli: [420, 550], klagenfurt: [250, 450], villach: [150, 500], laibach: [300, 600],
  adelsberg: [300, 690], trieste: [180, 680],
};
const HUB_FILL = { bronze: "#e0a96d", white: "#f8f9fa", green: "#8ce99a", blue: "#74c0fc" };
const KIND = { plain: "#adb5bd", bridge: "#868e96", tunnel: "#f08c00" };
const SHARE = [40, 60, 90, 130, 180, 240];
const PHASES = { setup: "Setting up", bid: "Opening blind bid", actions: "Perform actions", over: "Game over" };

const CSS = `
.ist { display: flex; flex-direction: column; gap: 10px; font-size: 13px; }
.ist-head { font-weight: bold; font-size: 15px; }
.ist-body { display: grid; grid-template-columns: auto 1fr; gap: 12px; align-items: start; }
.ist-map { background: #f4efe3; border-radius: 8px; }
.ist-seats { display: flex; flex-direction: column; gap: 8px; }
.ist-seat { border: 2px solid var(--seat); border-radius: 8px; padding: 6px 10px; }
.ist-seat.turn { background: #fff9db; }
.ist-seat .row { color: #495057; }
`;

export function render(container, view, context) {
  const { h, s, style } = context.kit;
  style("ist-style", CSS);
  const seats = view.seats || [];
  const W = 700, H = 740;
  const svg = s("svg", { width: W, height: H, viewBox: `0 0 ${W} ${H}`, class: "ist-map",
                         role: "img", "aria-label": "the map" });
  for (const [id, [a, b, kind]] of Object.entries(view.connections || {})) {
    const [x1, y1] = POS[a], [x2, y2] = POS[b];
    const crowned = (view.state_rails || []).includes(id);
    svg.append(s("line", { x1, y1, x2, y2, stroke: KIND[kind], "stroke-width": 8,
                           "stroke-dasharray": crowned ? "4 4" : null, "data-conn": id },
      s("title", {}, `${id} (${kind}${crowned ? ", State Railway" : ""})`)));
    const owners = seats.filter((p) => (p.tracks || []).includes(id) || (p.rails || []).includes(id));
    owners.forEach((p, i) => {
      const off = (i - (owners.length - 1) / 2) * 5;
      svg.append(s("line", { x1: x1 + off, y1: y1 + off, x2: x2 + off, y2: y2 + off,
                             stroke: context.seatColour(p.seat), "stroke-width": 3 }));
    });
  }
  const hubs = view.hubs || {};
  const offers = view.offers || {};
  for (const [city, [x, y]] of Object.entries(POS)) {
    const hub = hubs[city];
    const owner = (view.stations || {})[city];
    const offer = offers[city] || {};
    const about = [hub ? `hub (${hub.tile})` : offer.tile ? `tile ${offer.tile}` : "no tile",
                   `Business tokens ${(offer.stack || []).join(" ") || "none"}`,
                   `influence +${offer.hex || 0}`,
                   `demands ${(offer.demands || []).join(", ") || "none"}`].join(" · ");
    svg.append(s("g", { "data-city": city },
      s("title", {}, `${city}: ${about}`),
      s("circle", { cx: x, cy: y, r: hub ? 16 : 11, fill: hub ? HUB_FILL[hub.tile] || "#ffe066" : "#fff",
                    stroke: owner !== undefined ? context.seatColour(owner) : "#495057",
                    "stroke-width": owner !== undefined ? 4 : 1.5 }),
      s("text", { x, y: y - 20, "text-anchor": "middle", "font-size": 12 },
        city + (hub ? ` (${hub.col})` : ""))));
  }
  const panels = seats.map((p) => {
    const turn = view.turn === p.seat && view.phase === "actions";
    const goods = Object.entries(p.goods || {}).map(([g, n]) => `${g} ${n}`).join(", ");
    const rank = view.result ? view.result.ranking.find((r) => r.seat === p.seat) : null;
    return h("div", { class: `ist-seat${turn ? " turn" : ""}`, style: { "--seat": context.seatColour(p.seat) },
                      "data-seat": p.seat },
      h("b", {}, context.seatName(p.seat)), ` · ${p.money} guldens · influence ${p.col} · share ${SHARE[p.share]}`,
      view.phase === "bid" ? h("div", { class: "row" }, p.has_bid ? (p.bid !== null ? `bid ${p.bid}` : "has bid") : "bidding…") : null,
      h("div", { class: "row" }, `goods: ${goods}; landing ${Object.values(p.landing || {}).reduce((a, b) => a + b, 0)}`),
      h("div", { class: "row" }, `training ${p.training.join("/")} · working ${p.working.join("/")} · factories ${p.factories.map((f) => `${f.site}(${f.goods})`).join(" ") || "none"}`),
      h("div", { class: "row" }, `trains ${p.trains.map((l) => "IS-" + l).join(" ")} · cars ${p.freight} freight, ${p.passenger} passenger, ${p.reserved} reserved`),
      h("div", { class: "row" }, `contracts ${p.contracts.join(" ") || "none"} · keys ${p.keys.map((k) => k.kind + " " + k.hub).join(", ") || "none"} · shareholders ${p.shareholders}`),
      rank ? h("div", {}, h("b", {}, `rank ${rank.rank}: ${rank.points}`)) : null);
  });
  const head = `Round ${view.round} · ${PHASES[view.phase] || view.phase}` +
    (view.trieste ? " · Trieste connected: last round" : "") +
    ` · market ${Object.entries(view.market || {}).map(([g, n]) => `${g} ${n}`).join(", ")}`;
  container.append(h("div", { class: "ist" }, h("div", { class: "ist-head" }, head),
    h("div", { class: "ist-body" }, svg, h("div", { class: "ist-seats" }, panels))));
}

// The pieces a seat clicks to move (the page's move builder): the connections of the map (the
// tracks to build, one click each) and its cities (a station, a factory's site, a delivery, a
// hire). Money, goods, workers and trains are chosen beside the board.
export function piece({ type, field, value, context }) {
  const { attr } = context.kit;
  const city = (id) => `g${attr("data-city", id)}`;
  if (type === "build_tracks" && field === "tracks") return value.length ? value.map((id) => `line${attr("data-conn", id)}`) : null;
  if (type === "second_track" && field === "track") return `line${attr("data-conn", value)}`;
  if ((type === "station" || type === "deliver") && field === "city") return city(value);
  if (type === "hire" && field === "column") return city(value);
  if ((type === "factory" || type === "deliver") && field === "site") return city(String(value).split("-")[0]);
  return null;
}
