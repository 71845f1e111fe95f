// Turn clocks beside the seats: the view carries each seat's time left when it was read and whose
// clocks run; the page counts the running ones down between views (the service enforces the
// deadline; this is only what the players see).

/** "4:05", "1:02:05"; "0:00" once the time is spent. */
export function clockText(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600), minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}

/** What a timeout does, in words. */
export const onTimeoutText = {
  bot: "a bot moves for a seat out of time",
  skip: "a seat out of time is skipped",
  lose: "a seat out of time loses",
};

export class Clocks {
  constructor() {
    this.clock = null;
    this.readAt = 0;
    this.timer = null;
  }

  /** The clock of the newest view (null: an untimed game). */
  update(clock) {
    this.clock = clock || null;
    this.readAt = performance.now();
    if (this.clock && this.clock.running.length && !this.timer) {
      this.timer = setInterval(() => this.tick(), 250);
    } else if ((!this.clock || !this.clock.running.length) && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
    this.tick();
  }

  left(seat) {
    if (!this.clock) return null;
    let ms = this.clock.left_ms[seat];
    if (this.clock.running.includes(seat)) ms -= performance.now() - this.readAt;
    return ms;
  }

  /** The element that shows a seat's time (kept up to date by tick). */
  tag(h, seat) {
    if (!this.clock) return null;
    const el = h("span", { class: "tag clock", "data-clock-seat": seat, role: "timer",
                           "aria-label": `seat ${seat}: time left` });
    this.paint(el, seat);
    return el;
  }

  paint(el, seat) {
    const ms = this.left(seat);
    el.textContent = `⏱ ${clockText(ms)}`;
    el.classList.toggle("running", this.clock.running.includes(seat));
    el.classList.toggle("low", ms < 20_000);
  }

  tick() {
    if (!this.clock) return;
    for (const el of document.querySelectorAll("[data-clock-seat]")) {
      this.paint(el, Number(el.dataset.clockSeat));
    }
  }
}
