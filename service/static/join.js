// An invite link /join/{id}/{code}: redeem the join code for the seat's token, keep the token in
// this browser (localStorage, per game) and go on to the game's page. The address is replaced,
// so the code leaves the history and the token never appears in any address.
import { h } from "./kit.js";
import { post } from "./api.js";
import { keepToken, tokenFor, playUrl } from "./seats.js";

const [, , gid, code] = location.pathname.split("/").map(decodeURIComponent);
const $ = (id) => document.getElementById(id);

async function join() {
  try {
    const { token } = await post(`/games/${encodeURIComponent(gid)}/join`, null, { code });
    keepToken(gid, token);
    location.replace(playUrl(gid));
  } catch (e) {
    $("status").dataset.state = "error";
    $("status").textContent = "not joined";
    if (tokenFor(gid)) {
      // this browser already took a seat at this table (the link was opened twice)
      $("join-message").textContent = "You already have a seat at this table; going there…";
      setTimeout(() => location.replace(playUrl(gid)), 800);
      return;
    }
    history.replaceState(null, "", `/watch/${encodeURIComponent(gid)}`);
    $("join-message").textContent = e.code === "bad_join_code"
      ? "This invite link was already used, or it is not one of this table's. Ask the table's creator for a new one."
      : `The seat could not be taken: ${e.message}`;
    const links = $("join-links");
    links.hidden = false;
    links.replaceChildren(h("a", { href: `/watch/${encodeURIComponent(gid)}` }, "Watch this game"), " · ",
      h("a", { href: "/" }, "Back to the lobby"));
  }
}

join();
