// Small DOM helpers shared by the page and handed to every renderer as `context.kit`, so an
// engine's renderer.js needs no import of its own.

const SVG = "http://www.w3.org/2000/svg";

function setAttrs(el, attrs) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "style" && typeof v === "object") {
      for (const [prop, value] of Object.entries(v)) {
        if (value === null || value === undefined) continue;
        if (prop.startsWith("--") || prop.includes("-")) el.style.setProperty(prop, String(value));
        else el.style[prop] = value;
      }
    }
    else if (k === "text") el.textContent = v;
    else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** An HTML element: h("div", {class: "x"}, "text", h("b", {}, "bold")). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

/** An SVG element, same signature as h. */
export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

/** An attribute selector with its value quoted safely: attr("data-card", "gem-4"). */
export function attr(name, value) {
  return `[${name}="${String(value).replace(/["\\]/g, "\\$&")}"]`;
}

/** Add a renderer's stylesheet once (by id). */
export function style(id, css) {
  if (document.getElementById(id)) return;
  document.head.append(h("style", { id }, css));
}

// One colour per seat, the same on every part of the page.
export const SEAT_COLOURS = ["#d9480f", "#1971c2", "#2b8a3e", "#9c36b5", "#e67700", "#0c8599"];

export function seatColour(seat) {
  return typeof seat === "number" ? SEAT_COLOURS[seat % SEAT_COLOURS.length] : "#868e96";
}

/** A seat's badge: a coloured dot and its name. */
export function seatChip(context, seat, extra = "") {
  return h("span", { class: "tf-chip", style: { "--seat": seatColour(seat) } },
    h("i", { class: "tf-dot" }), context.seatName(seat), extra);
}
