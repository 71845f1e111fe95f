// Invite links to copy and send: one per human seat still to fill (/join/{id}/{code}).
import { h } from "./kit.js";
import { inviteUrl } from "./seats.js";

/** One invite link per seat still to fill, to copy and send. */
export function inviteList(id, codes, seatName = (seat) => `Seat ${seat}`) {
  const items = Object.entries(codes || {}).map(([seat, code]) => {
    const url = inviteUrl(id, code);
    const input = h("input", { type: "text", readonly: true, value: url, class: "invite-url",
                               "aria-label": `invite link for seat ${seat}`, onfocus: (ev) => ev.target.select() });
    return h("li", { "data-seat": seat }, h("span", { class: "invite-seat" }, seatName(Number(seat))), input,
      h("button", { type: "button", class: "tf-copy", onclick: (ev) => copy(url, input, ev.target) }, "Copy"));
  });
  return items.length ? h("div", { class: "invites" }, h("p", { class: "dim" }, "Send each player their own link:"),
    h("ul", { class: "invite-list" }, items)) : null;
}

export async function copy(text, input, button) {
  try {
    await navigator.clipboard.writeText(text);
  } catch (e) {
    input.select();
    try { document.execCommand("copy"); } catch (e2) { /* the link stays selected to copy by hand */ }
  }
  button.textContent = "Copied";
  setTimeout(() => { button.textContent = "Copy"; }, 1500);
}

