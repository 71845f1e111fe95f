// Follow a live stream with the `eventsource` package (the WHATWG EventSource, as browsers
// implement it: it reconnects by itself and resends Last-Event-ID) for a number of seconds,
// printing one JSON line per thing that happens: opened, an error, a message.
//   node follow.mjs URL SECONDS
import { EventSource } from "eventsource";

const [url, seconds] = process.argv.slice(2);
const say = (what) => process.stdout.write(JSON.stringify({ at: Date.now(), ...what }) + "\n");
const source = new EventSource(url);
source.onopen = () => say({ kind: "open" });
source.onerror = (e) => say({ kind: "error", state: source.readyState, message: e?.message ?? null });
for (const name of ["record", "view"]) {
  source.addEventListener(name, (e) => say({ kind: name, id: e.lastEventId, data: JSON.parse(e.data) }));
}
setTimeout(() => { say({ kind: "done", state: source.readyState }); source.close(); process.exit(0); },
           Number(seconds) * 1000);
