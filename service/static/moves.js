// The move builder: one for every game, working from the seat's `legal_moves` options alone.
//
// An option is a concrete move, or a template whose `choose` parts are `one_of` (pick one value)
// or `subset` (pick some items, at least `min`, at most `max`). The builder turns every one_of
// into its concrete alternatives (they are few) and keeps subsets as they are, so a *candidate*
// is a move with fixed fields and maybe some subsets still to fill.
//
// Each field's value (and each subset item) is clicked on the board where the game's renderer
// draws it: the renderer's optional export
//
//     piece({type, field, value, move, view, context}) -> CSS selector | [selector, ...] | null
//
// names the element inside the board that stands for a value (a board cell, a card in hand, a
// lot, a die, a track space); an array names one element per item of a list value (three cards
// of an offer, clicked in any order). A value with no piece, or whose piece is not drawn, gets a
// button beside the board instead, so every game is playable even where its renderer maps nothing.
// (`move` is the rest of the concrete move, `view` what the renderer drew). An optional
// `label({type, field, value, move, view, context}) -> string | null` names values in words.
//
// Clicking narrows the candidates to those that agree; clicking a chosen thing again unchooses it.
// A click that leaves exactly one concrete move (an option without a template) sends it at once:
// a concrete move is one click. A template's move is sent by its Confirm button, shown once the
// move is complete (with the subset's min and max). Every control carries `data-move`: the move's
// JSON when the control sends it (pieces and buttons that complete a concrete move, whole-move
// buttons, Confirm), or, with `data-pick`, the move as it will stand after the click when the click
// only chooses a part. So a test can drive any game by clicking `[data-move]` controls alone.

const LIST_MAX = 24;     // a group of at most this many moves with nothing on the board: one button each
const CONFIRM_MAX = 6;   // at most this many complete template moves, not all chosen: a Confirm each

/** JSON with sorted keys: equal values, equal text. */
export function canon(value) {
  if (Array.isArray(value)) return `[${value.map(canon).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canon(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value === undefined ? null : value);
}

export const humanize = (name) => String(name).replace(/_/g, " ");

export function valueText(value) {
  if (value === null || value === undefined) return "none";
  if (value === true) return "yes";
  if (value === false) return "no";
  if (Array.isArray(value)) return value.length ? value.map(valueText).join(", ") : "none";
  if (typeof value === "object") return Object.entries(value).map(([k, v]) => `${humanize(k)} ${valueText(v)}`).join(", ");
  return humanize(value);
}

/** The options as candidates: every one_of made concrete, subsets kept. */
export function candidates(options) {
  const out = [];
  options.forEach((option, src) => {
    const choose = option.choose || {};
    const ones = Object.entries(choose).filter(([, p]) => "one_of" in p);
    const subsets = Object.fromEntries(Object.entries(choose).filter(([, p]) => "subset" in p)
      .map(([name, p]) => [name, { items: p.subset, min: p.min ?? 0, max: Math.min(p.max ?? p.subset.length, p.subset.length) }]));
    const template = ones.some(([, p]) => p.one_of.length > 1) || Object.keys(subsets).length > 0;
    let moves = [{ ...option.move }];
    for (const [name, part] of ones) {
      moves = moves.flatMap((m) => part.one_of.map((v) => ({ ...m, [name]: v })));
    }
    for (const name of Object.keys(subsets)) for (const m of moves) delete m[name];
    for (const move of moves) out.push({ src, template, move, subsets });
  });
  return out;
}

export class MoveBuilder {
  /**
   * options: the seat's legal_moves; renderer: the game's module (piece, label optional);
   * board: the element the renderer drew into; panel: where the builder's buttons go;
   * context: the renderer's context; send(move): post a complete move.
   */
  constructor({ options, renderer, board, panel, context, view, send, kit }) {
    this.options = options;
    this.view = view;
    this.renderer = renderer || {};
    this.board = board;
    this.panel = panel;
    this.context = context;
    this.send = send;
    this.kit = kit;
    this.busy = false;
    this.history = [];        // [{key, el}]: the clicks so far (el: which element of the key's)
    this.selectorCache = new Map();
    this.cands = candidates(options).map((c) => ({ ...c, atoms: this.atomsOf(c) }));
    this.root = this.cands.map((c) => ({ c, used: [] }));
    this.keyInfo = new Map();      // key -> [candidate, atom] (the first that names it)
    this.pieceKeys = [];           // the keys of pieces on the board, in the options' order
    for (const c of this.cands) {
      for (const a of c.atoms) {
        if (this.keyInfo.has(a.key)) continue;
        this.keyInfo.set(a.key, [c, a]);
        if (!a.row) this.pieceKeys.push(a.key);
      }
    }
    this.signature = canon(options);
  }

  // --- pieces ------------------------------------------------------------------------------------
  elements(selector) {
    if (!this.selectorCache.has(selector)) {
      let found = [];
      try { found = [...this.board.querySelectorAll(selector)]; } catch (e) { found = []; }
      this.selectorCache.set(selector, found);
    }
    return this.selectorCache.get(selector);
  }

  pieceOf(type, field, value, move) {
    if (typeof this.renderer.piece !== "function") return null;
    let sel = null;
    try { sel = this.renderer.piece({ type, field, value, move, view: this.view, context: this.context }); } catch (e) { sel = null; }
    if (typeof sel === "string") return this.elements(sel).length ? sel : null;
    if (Array.isArray(sel) && sel.length && sel.every((x) => typeof x === "string" && this.elements(x).length)) return sel;
    return null;
  }

  label(type, field, value, move) {
    if (typeof this.renderer.label === "function") {
      try {
        const text = this.renderer.label({ type, field, value, move, view: this.view, context: this.context });
        if (text) return text;
      } catch (e) { /* the default below */ }
    }
    return valueText(value);
  }

  /** What can be clicked for a candidate: one atom per field value (or list item, or subset item). */
  atomsOf(c) {
    const atoms = [];
    const type = c.move.type;
    for (const [field, value] of Object.entries(c.move)) {
      if (field === "type") continue;
      const sel = this.pieceOf(type, field, value, c.move);
      if (typeof sel === "string") atoms.push({ key: sel, field, value });
      else if (Array.isArray(sel)) sel.forEach((key, part) => atoms.push({ key, field, value, part }));
      else atoms.push({ key: `row\u0000${type}\u0000${field}\u0000${canon(value)}`, field, value, row: true });
    }
    for (const [field, sub] of Object.entries(c.subsets)) {
      sub.items.forEach((item, j) => {
        const sel = this.pieceOf(type, field, item, c.move);
        const key = typeof sel === "string" ? sel : `row\u0000${type}\u0000${field}\u0000${canon(item)}`;
        atoms.push({ key, field, value: item, item: j, sub: true, row: typeof sel !== "string" });
      });
    }
    return atoms;
  }

  // --- narrowing -----------------------------------------------------------------------------------
  apply(r, key) {
    // a piece may stand for several fields of a move (a die: its colour and its value): a click
    // takes every field it names, and one item of a list or subset
    const atoms = r.c.atoms;
    let first = -1;
    for (let a = 0; a < atoms.length; a++) {
      if (atoms[a].key !== key || r.used.includes(a)) continue;
      if (atoms[a].sub) {
        const f = atoms[a].field;
        const picked = r.used.filter((u) => atoms[u].sub && atoms[u].field === f).length;
        if (picked >= r.c.subsets[f].max) continue;
      }
      first = a;
      break;
    }
    if (first < 0) return null;
    const used = [...r.used, first];
    const fields = new Set([atoms[first].field]);
    if (!atoms[first].sub) {
      atoms.forEach((a, i) => {
        if (a.key === key && !a.sub && !used.includes(i) && !fields.has(a.field)) {
          used.push(i);
          fields.add(a.field);
        }
      });
    }
    return { c: r.c, used };
  }

  narrow(cands, key) {
    const out = [];
    for (const r of cands) {
      const next = this.apply(r, key);
      if (next) out.push(next);
    }
    return out;
  }

  replay(history) {
    let cands = this.root;
    for (const { key } of history) cands = this.narrow(cands, key);
    return cands;
  }

  picks(r, field) {
    return r.used.filter((u) => r.c.atoms[u].sub && r.c.atoms[u].field === field)
      .map((u) => r.c.atoms[u].item).sort((a, b) => a - b);
  }

  complete(r) {
    return Object.entries(r.c.subsets).every(([f, sub]) => this.picks(r, f).length >= sub.min);
  }

  room(r) {
    return Object.entries(r.c.subsets).some(([f, sub]) => this.picks(r, f).length < sub.max);
  }

  moveOf(r) {
    if (!r.m) {
      const move = { ...r.c.move };
      for (const [f, sub] of Object.entries(r.c.subsets)) move[f] = this.picks(r, f).map((j) => sub.items[j]);
      r.m = move;
    }
    return r.m;
  }

  /** The canonical text of a candidate's move, or of one of its fields. */
  textOf(r, field) {
    if (!r.t) r.t = {};
    const k = field === undefined ? "\u0000" : field;
    if (!(k in r.t)) {
      const m = this.moveOf(r);
      r.t[k] = field === undefined ? canon(m) : field in m ? canon(m[field]) : "\u0000absent";
    }
    return r.t[k];
  }

  distinct(cands) {
    const seen = new Map();
    for (const r of cands) {
      if (!this.complete(r)) continue;
      const k = this.textOf(r);
      if (!seen.has(k)) seen.set(k, this.moveOf(r));
    }
    return [...seen.values()];
  }

  /** The one move a click leaves when it should be sent at once, else null. */
  made(cands) {
    if (!cands.length || cands.some((r) => r.c.template || !this.complete(r))) return null;
    const moves = this.distinct(cands);
    return moves.length === 1 ? moves[0] : null;
  }

  /** The move as far as the candidates agree on it. */
  partial(cands) {
    if (!cands.length) return {};
    const first = this.moveOf(cands[0]);
    const out = {};
    for (const [k, v] of Object.entries(first)) {
      const text = this.textOf(cands[0], k);
      if (cands.every((r) => this.textOf(r, k) === text)) out[k] = v;
    }
    return out;
  }

  /** What clicking a thing with `key` does now: {cands, history, move (sent) | partial}. */
  effect(key, el) {
    const i = this.history.findIndex((h) => h.key === key && h.el === el);
    let history, cands;
    if (i >= 0) {                               // chosen: unchoose it
      history = this.history.filter((_, j) => j !== i);
      cands = this.replay(history);
      return { history, cands, pick: true, chosen: true, partial: this.partial(cands) };
    }
    if (!this.narrowCache.has(key)) this.narrowCache.set(key, this.narrow(this.current, key));
    cands = this.narrowCache.get(key);
    history = [...this.history, { key, el }];
    if (!cands.length && this.history.length && !this.subsetKey(key)) {
      // not possible with what is chosen: start again from the longest prefix that allows it
      for (let n = this.history.length - 1; n >= 0 && !cands.length; n--) {
        cands = this.narrow(this.prefixes[n], key);
        history = [...this.history.slice(0, n), { key, el }];
      }
    }
    if (!cands.length) return null;
    const move = this.made(cands);
    return move ? { history, cands, move } : { history, cands, pick: true, partial: this.partial(cands) };
  }

  subsetKey(key) {
    const info = this.keyInfo.get(key);
    return !!(info && info[1].sub);
  }

  // --- drawing -------------------------------------------------------------------------------------
  /** Decorate the board's pieces and fill the panel; call after every draw of the board. */
  show() {
    this.prefixes = [this.root];
    for (const { key } of this.history) this.prefixes.push(this.narrow(this.prefixes[this.prefixes.length - 1], key));
    this.current = this.prefixes[this.prefixes.length - 1];
    if (!this.current.length && this.history.length) {   // the options changed under the choice
      this.history = [];
      return this.show();
    }
    this.effects = new Map();
    this.narrowCache = new Map();
    this.decorate();
    this.fillPanel();
  }

  effectOf(key, el) {
    const k = `${key}\u0001${el}`;
    if (!this.effects.has(k)) this.effects.set(k, this.effect(key, el));
    return this.effects.get(k);
  }

  decorate() {
    for (const el of this.board.querySelectorAll(".tf-piece")) {
      el.classList.remove("tf-piece", "tf-chosen");
      for (const a of ["data-move", "data-pick", "tabindex", "role", "aria-pressed", "aria-label"]) el.removeAttribute(a);
      delete el.tfTarget;
    }
    const taken = new Set();
    for (const key of this.pieceKeys) {
      this.elements(key).forEach((el, j) => {
        if (taken.has(el)) return;       // the first key that names an element owns it
        const effect = this.effectOf(key, j);
        if (!effect) return;
        taken.add(el);
        el.classList.add("tf-piece");
        if (effect.chosen) el.classList.add("tf-chosen");
        el.setAttribute("tabindex", "0");
        el.setAttribute("role", "button");
        el.setAttribute("data-move", JSON.stringify(effect.move || effect.partial));
        if (effect.pick) {
          el.setAttribute("data-pick", "");
          el.setAttribute("aria-pressed", String(!!effect.chosen));
        }
        el.setAttribute("aria-label", this.pieceLabel(key, effect));
        el.tfTarget = { key, el: j };
      });
    }
    this.board.classList.toggle("tf-busy", this.busy);
  }

  pieceLabel(key, effect) {
    const info = this.keyInfo.get(key);
    if (!info) return "choose";
    const [c, a] = info;
    const what = `${humanize(a.field)} ${this.label(c.move.type, a.field, a.value, c.move)}`;
    if (effect.chosen) return `${what}: chosen (press to unchoose)`;
    if (effect.move) return `${humanize(c.move.type)}: ${what}`;
    return `choose ${what}`;
  }

  /** A click on the board (delegated by the page). Returns whether it was a piece. */
  handle(event) {
    const el = event.target.closest && event.target.closest(".tf-piece");
    if (!el || !this.board.contains(el) || !el.tfTarget) return false;
    event.preventDefault();
    if (this.busy) return true;
    this.activate(el.tfTarget.key, el.tfTarget.el, el);
    return true;
  }

  activate(key, el, control) {
    const effect = this.effectOf(key, el);
    if (!effect) return;
    if (effect.move) {
      // a tampered control sends what it says: the service is the judge
      this.send(control ? JSON.parse(control.getAttribute("data-move")) : effect.move);
      return;
    }
    this.history = effect.history;
    this.show();
    this.refocus(key, el);
  }

  refocus(key, el) {
    const target = key.startsWith("row\u0000")
      ? [...this.panel.querySelectorAll("button")].find((b) => b.tfKey === key)
      : this.elements(key)[el];
    if (target && target.isConnected) target.focus({ preventScroll: true });
  }

  setBusy(busy) {
    this.busy = busy;
    this.board.classList.toggle("tf-busy", busy);
    for (const b of this.panel.querySelectorAll("button")) b.disabled = busy || b.dataset.off === "1";
  }

  // --- the panel beside the board ------------------------------------------------------------------------
  button(text, { move, pick, pressed, off, cls = "", onclick, key }) {
    const { h } = this.kit;
    const b = h("button", { type: "button", class: `tf-move${cls ? ` ${cls}` : ""}`,
                            "data-move": move ? JSON.stringify(move) : null, "data-pick": pick ? "" : null,
                            "aria-pressed": pressed === undefined ? null : String(pressed),
                            "data-off": off ? "1" : null, disabled: off || this.busy }, text);
    b.tfKey = key;
    b.addEventListener("click", (ev) => {
      ev.preventDefault();
      if (this.busy || off) return;
      onclick(b);
    });
    return b;
  }

  sendButton(text, move, cls = "") {
    return this.button(text, { move, cls, onclick: (b) => this.send(JSON.parse(b.getAttribute("data-move"))) });
  }

  moveText(move, fields) {
    const shown = (fields || Object.keys(move)).filter((f) => f !== "type" && f in move);
    const parts = shown.map((f) => `${humanize(f)}: ${this.label(move.type, f, move[f], move)}`);
    return [humanize(move.type), ...parts].join(" · ");
  }

  /** Fields whose values differ among the moves (what tells them apart). */
  differing(moves) {
    const fields = new Set();
    for (const m of moves) for (const f of Object.keys(m)) fields.add(f);
    return [...fields].filter((f) => f !== "type" && new Set(moves.map((m) => canon(m[f]))).size > 1);
  }

  fillPanel() {
    const { h } = this.kit;
    const groups = new Map();
    for (const r of this.current) {
      const t = r.c.move.type;
      if (!groups.has(t)) groups.set(t, []);
      groups.get(t).push(r);
    }
    const parts = [];
    if (this.history.length) {
      const p = this.partial(this.current);
      parts.push(h("div", { class: "tf-chosen-line" },
        h("span", {}, "Chosen so far: ", h("b", {}, this.moveText(p, Object.keys(p)))),
        this.button("Clear", { cls: "tf-clear", onclick: () => { this.history = []; this.show(); } })));
    }
    for (const [type, cands] of groups) parts.push(this.group(type, cands, groups.size > 1));
    this.panel.replaceChildren(...parts);
  }

  group(type, cands, titled) {
    const { h } = this.kit;
    const hasSub = cands.some((r) => Object.keys(r.c.subsets).length);
    const onBoard = cands.some((r) => r.c.atoms.some((a) => !a.row));
    const all = this.distinct(cands);
    const box = h("div", { class: "tf-group", "data-type": type });
    const title = titled ? h("div", { class: "tf-group-title" }, humanize(type)) : null;
    // nothing of it on the board: one button per move
    if (!onBoard && !hasSub && all.length <= LIST_MAX) {
      const fields = this.differing(all);
      box.append(...[title, h("div", { class: "tf-row" },
        all.map((m) => this.sendButton(this.moveText(m, all.length === 1 ? null : fields), m)))].filter(Boolean));
      return box;
    }
    const rows = [];
    const opened = new Map();
    const opens = (field) => {
      if (!opened.has(field)) opened.set(field, this.opens(cands, field));
      return opened.get(field);
    };
    // a candidate is settled when nothing of its own is left to choose (a subset may still grow)
    const settled = (r) => r.c.atoms.every((a, i) => a.sub || r.used.includes(i) || (a.row && !opens(a.field)));
    // concrete moves so settled: their own buttons
    const direct = this.distinct(cands.filter((r) => !r.c.template && settled(r)));
    if (direct.length && direct.length <= LIST_MAX) {
      const fields = this.differing(direct);
      rows.push(h("div", { class: "tf-row" }, direct.map((m) => this.sendButton(this.moveText(m, fields), m))));
    }
    // each field: its values as buttons (those with no piece), and a hint where they are on the board
    const board = [];
    const hint = h("div", { class: "tf-hint" });
    rows.push(hint);
    const fields = [];
    for (const r of cands) for (const a of r.c.atoms) if (!fields.includes(a.field)) fields.push(a.field);
    for (const field of fields) {
      const sub = cands.map((r) => r.c.subsets[field]).find(Boolean);
      const chosenCount = sub ? Math.max(...cands.map((r) => this.picks(r, field).length)) : 0;
      const range = () => (sub ? h("span", { class: "tf-range" },
        `choose ${sub.min === sub.max ? sub.min : `${sub.min} to ${sub.max}`}, ${chosenCount} chosen`) : null);
      const rowKeys = new Map();
      let onTheBoard = false;
      for (const r of cands) {
        r.c.atoms.forEach((a, i) => {
          if (a.field !== field) return;
          if (!a.row) {
            onTheBoard = onTheBoard || (!r.used.includes(i)
              && this.elements(a.key).some((el) => el.classList.contains("tf-piece") && !el.classList.contains("tf-chosen")));
          } else if (!rowKeys.has(a.key)) rowKeys.set(a.key, { a, r });
        });
      }
      if (onTheBoard) board.push(sub ? `${humanize(field)} (${range().textContent})` : humanize(field));
      if (!rowKeys.size || !(sub || opens(field) || this.history.some((e) => rowKeys.has(e.key)))) continue;
      const buttons = [];
      for (const [key, { a, r }] of rowKeys) {
        const effect = this.effectOf(key, 0);
        if (!effect) continue;
        buttons.push(this.button(this.label(type, field, a.value, r.c.move), {
          key, move: effect.move || effect.partial, pick: !!effect.pick,
          pressed: effect.pick ? !!effect.chosen : undefined, cls: effect.chosen ? "tf-on" : "",
          onclick: (b) => this.activate(key, 0, b) }));
      }
      if (buttons.length) {
        rows.push(h("div", { class: "tf-field" },
          h("span", { class: "tf-field-name" }, humanize(field), onTheBoard ? null : range()), buttons));
      }
    }
    if (board.length) hint.textContent = `Click on the board (highlighted): ${board.join(", ")}`;
    else rows.splice(rows.indexOf(hint), 1);
    // a template's move, once settled and complete: Confirm
    const templates = cands.filter((r) => r.c.template);
    if (templates.length) {
      let ready = this.distinct(templates.filter(settled));
      if (!ready.length && this.history.length) {
        // a few complete moves left, though not every part is chosen: a Confirm each, as a shortcut
        const few = this.distinct(templates);
        if (few.length <= CONFIRM_MAX) ready = few;
      }
      if (ready.length && (this.history.length || hasSub || ready.length === 1)) {
        rows.push(h("div", { class: "tf-row" }, ready.map((m) =>
          this.sendButton(`Confirm ${this.moveText(m)}`, m, "tf-confirm"))));
      } else if (hasSub && !ready.length) {
        const need = Math.min(...templates.map((r) => Object.entries(r.c.subsets)
          .reduce((n, [f, s]) => n + Math.max(0, s.min - this.picks(r, f).length), 0)));
        rows.push(h("div", { class: "tf-row" }, this.button(`Confirm (choose ${need} more)`, { off: true, cls: "tf-confirm" })));
      }
    }
    box.append(...[title, ...rows].filter(Boolean));
    return box;
  }

  /** Whether a field still tells the candidates apart (else there is nothing to choose in it). */
  opens(cands, field) {
    if (cands.some((r) => r.c.subsets[field])) return true;
    const first = this.textOf(cands[0], field);
    return cands.some((r) => this.textOf(r, field) !== first);
  }
}
