// The seat tokens this browser holds, one per game, in localStorage: a token is a secret that
// only its holder ever sees, so it never appears in an address (an invite link carries a join code,
// which the page redeems and then drops from the address).

const PREFIX = "tablefold.token.";

export function tokenFor(gid) {
  try {
    return localStorage.getItem(PREFIX + gid);
  } catch (e) {
    return null;   // storage disabled: the page watches as a spectator
  }
}

export function keepToken(gid, token) {
  try {
    localStorage.setItem(PREFIX + gid, token);
    localStorage.setItem(`tablefold.added.${gid}`, String(Date.now()));
  } catch (e) { /* storage disabled: the token lives as long as the page */ }
}

export function forgetToken(gid) {
  try {
    localStorage.removeItem(PREFIX + gid);
    localStorage.removeItem(`tablefold.added.${gid}`);
  } catch (e) { /* nothing kept */ }
}

/** The games whose tokens this browser holds, newest first: [{id, token, added}]. */
export function heldGames() {
  const out = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (!key || !key.startsWith(PREFIX)) continue;
      const id = key.slice(PREFIX.length);
      out.push({ id, token: localStorage.getItem(key),
                 added: Number(localStorage.getItem(`tablefold.added.${id}`)) || 0 });
    }
  } catch (e) { /* storage disabled */ }
  return out.sort((a, b) => b.added - a.added);
}

/** The page's address for playing a game (the seat's token comes from storage). */
export const playUrl = (gid) => `/play/${encodeURIComponent(gid)}`;

/** An invite link: opening it redeems the join code for its seat in that browser. */
export const inviteUrl = (gid, code) =>
  `${location.origin}/join/${encodeURIComponent(gid)}/${encodeURIComponent(code)}`;
