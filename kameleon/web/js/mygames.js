// "My games": the unfinished tables of the person logged in, the games awaiting them counted in the tab's
// title ("(2) kameleon arena"), an optional sound (off unless chosen) and the browser's notifications while a
// page of the arena is open (permission is asked only when the button is clicked).
import { api } from "./api.js";
import { add, clear, h } from "./dom.js";
import { language, t } from "./i18n.js";

const TITLE = "kameleon arena";
const POLL_MS = 15000;
// A background tab keeps counting, more slowly (browsers allow a hidden page about one timer a minute anyway).
const HIDDEN_POLL_MS = 60000;
const SOUND_KEY = "kameleon.sound";
const NOTIFY_KEY = "kameleon.notify";

let signedIn = () => false;
let open = (path) => { location.href = path; };
// "<table id>:<moves played>" of each turn awaiting me that was seen (null: not looked yet). Keyed by the move
// count too, so that a new turn of the same game rings even when the last one came and went between two looks.
let awaiting = null;
const turnKey = (game) => `${game.id}:${game.moves}`;
let timer = null;
let soon = null;

const UNITS = [["day", 86400], ["hour", 3600], ["minute", 60], ["second", 1]];

// A span of time in words, in the interface language with its plurals ("1 day", "12 hours", "3 dni",
// "1 heure 30 minutes"): at most the two largest units, rounded down.
export function durationWords(seconds) {
  let left = Math.max(0, Math.floor(seconds));
  const parts = [];
  for (const [unit, size] of UNITS) {
    const n = Math.floor(left / size);
    left -= n * size;
    if (n > 0 || (unit === "second" && !parts.length)) parts.push([unit, n]);
  }
  return parts.slice(0, 2).map(([unit, n]) => {
    try { return new Intl.NumberFormat(language(), { style: "unit", unit, unitDisplay: "long" }).format(n); }
    catch { return `${n} ${unit}${n === 1 ? "" : "s"}`; }
  }).join(" ");
}

// A time left: in words from an hour up ("2 days 5 hours", "5 hours 7 minutes"), never like a time of day;
// below an hour a countdown "4:09" (never below zero).
export function duration(seconds) {
  const left = Math.max(0, seconds);
  if (left >= 3600) return durationWords(left);
  const m = Math.floor(left / 60), s = Math.floor(left % 60);
  return `${m}:${String(s).padStart(2, "0")}`;
}

// A table's time control in words: "2 min + 5 s", "1 day per move", "no limit".
export function timeControlText(time) {
  if (!time) return t("no_limit_short");
  if (time.per_move) return t("per_move", { time: durationWords(time.per_move) });
  const minutes = time.initial / 60;
  const initial = Number.isInteger(minutes) ? `${minutes} ${t("minutes_short")}` : durationWords(time.initial);
  return `${initial} + ${time.increment || 0} ${t("seconds_short")}`;
}

export function setTitleCount(n) {
  document.title = n > 0 ? `(${n}) ${TITLE}` : TITLE;
}

export const soundOn = () => localStorage.getItem(SOUND_KEY) === "1";
const notifyOn = () => localStorage.getItem(NOTIFY_KEY) === "1" && "Notification" in window && Notification.permission === "granted";

// A short two-note chime made by Web Audio: no sound file to load.
export function chime() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  try {
    const audio = new Context();
    [660, 880].forEach((pitch, i) => {
      const tone = audio.createOscillator(), gain = audio.createGain();
      const start = audio.currentTime + i * 0.16;
      tone.frequency.value = pitch;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.2, start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.15);
      tone.connect(gain).connect(audio.destination);
      tone.start(start); tone.stop(start + 0.16);
    });
    setTimeout(() => audio.close(), 600);
  } catch { /* no audio: the title still counts */ }
}

function tell(game) {
  if (soundOn()) chime();
  if (!notifyOn() || !document.hidden) return;
  try {
    const note = new Notification(t("notify_turn", { game: game.title }), { body: t("notify_body", { names: game.opponents.join(", ") }), tag: game.id });
    note.onclick = () => { window.focus(); open(`/table/${game.id}`); note.close(); };
  } catch { /* some browsers only notify from a service worker */ }
}

// The table page open here: its socket's frames say at once when a turn of mine begins, so the poll leaves
// that table to it.
let tableHere = null;

// Look at my games now: the title counts those awaiting me; a turn that newly awaits me rings / notifies.
export async function lookNow() {
  if (!signedIn()) { awaiting = null; setTitleCount(0); return null; }
  let data;
  try { data = await api("/api/me/games"); } catch { return null; }
  const mine = data.games.filter((g) => g.my_turn);
  setTitleCount(mine.length);
  if (awaiting !== null) mine.filter((g) => !awaiting.has(turnKey(g)) && g.id !== tableHere).forEach(tell);
  const seen = new Set(mine.map(turnKey));
  // The turns the table page signalled itself stay known, so the next look does not ring them again.
  if (awaiting !== null) awaiting.forEach((key) => { if (key.startsWith(`${tableHere}:`)) seen.add(key); });
  awaiting = seen;
  return data;
}

// The table page's socket: a frame where it is my turn (`game`: id, title, opponents, moves); `begins`: the
// frame before was not. A turn that begins rings / notifies while the tab is hidden (in sight, the page
// itself shows it); every such turn is remembered so that no later look rings it again.
export function turnAtTable(game, begins) {
  const key = turnKey(game);
  const known = awaiting !== null && awaiting.has(key);
  if (awaiting === null) awaiting = new Set();
  awaiting.add(key);
  if (begins && !known && document.hidden) tell(game);
}

export function setTableHere(tableId) { tableHere = tableId; }

// Soon, once: after a move or a frame, several calls in a row make one request.
export function lookSoon() {
  clearTimeout(soon);
  soon = setTimeout(lookNow, 800);
}

export function watchMyGames(isSignedIn, navigate) {
  signedIn = isSignedIn; open = navigate;
  clearTimeout(timer);
  // The title count keeps running in a hidden tab too, at a slower pace.
  const next = () => { timer = setTimeout(async () => { await lookNow(); next(); }, document.hidden ? HIDDEN_POLL_MS : POLL_MS); };
  next();
  document.addEventListener("visibilitychange", () => { if (!document.hidden) lookNow(); });
  return lookNow();
}

function settings() {
  const sound = h("input", { type: "checkbox", id: "turn-sound", checked: soundOn(),
    onchange: (e) => { localStorage.setItem(SOUND_KEY, e.target.checked ? "1" : "0"); if (e.target.checked) chime(); } });
  const state = h("span", { class: "small muted", id: "notify-state" });
  const button = h("button", { type: "button", class: "secondary", id: "notify-button" });
  const show = () => {
    const supported = "Notification" in window;
    const on = notifyOn();
    button.textContent = on ? t("notify_off") : t("notify_on");
    button.hidden = !supported || Notification.permission === "denied";
    state.textContent = !supported ? t("notify_unsupported") : Notification.permission === "denied" ? t("notify_denied") : on ? t("notify_active") : "";
  };
  button.addEventListener("click", async () => {
    if (notifyOn()) { localStorage.setItem(NOTIFY_KEY, "0"); show(); return; }
    const answer = await Notification.requestPermission();  // only ever asked here, on a click
    localStorage.setItem(NOTIFY_KEY, answer === "granted" ? "1" : "0");
    show();
  });
  show();
  return h("section", { class: "panel my-settings", id: "turn-alerts" }, h("h2", {}, t("turn_alerts")),
    h("label", {}, sound, " ", t("turn_sound")), h("div", { class: "actions" }, button, state));
}

function row(game) {
  const late = game.out_of_time.length > 0;
  const when = game.status === "open" ? h("span", { class: "badge open" }, t("status_open"))
    : game.seconds_left === null ? h("span", { class: "muted" }, t("no_limit_short"))
    : late ? h("span", { class: "badge late" }, t("out_of_time"))
    : h("span", { class: "deadline", title: new Date(game.deadline).toLocaleString() }, duration(game.seconds_left));
  return h("li", { class: `my-game${game.my_turn ? " mine" : ""}`, "data-table": game.id },
    h("a", { href: `/table/${game.id}`, "data-link": true, class: "my-game-link" },
      h("span", { class: "my-game-title" }, game.title),
      h("span", { class: "my-game-who small muted" }, t("against", { names: game.opponents.join(", ") || "—" })),
      h("span", { class: "my-game-time small muted" }, timeControlText(game.time)),
      h("span", { class: `my-game-turn${game.my_turn ? " mine" : ""}` }, game.status === "open" ? t("waiting_start") : game.my_turn ? t("your_turn") : t("their_turn")),
      h("span", { class: "my-game-when" }, when)));
}

export async function myGamesPage(app, me) {
  if (!me) {
    add(app, h("div", { class: "panel", id: "my-games" }, h("h1", {}, t("my_games")), h("p", {}, h("a", { href: "/login?next=/games", "data-link": true }, t("need_login")))));
    return () => {};
  }
  const list = h("ul", { class: "my-games", id: "my-games-list" });
  const fill = (data) => {
    if (!data) return;
    add(clear(list), ...(data.games.length ? data.games.map(row) : [h("li", { class: "muted" }, t("no_games"))]));
  };
  add(app, h("div", { class: "grid2 my-page" },
    h("section", { class: "panel", id: "my-games" }, h("h1", {}, t("my_games")), list),
    settings()));
  fill(await lookNow());
  const refresher = setInterval(async () => { if (!document.hidden) fill(await lookNow()); }, 5000);
  return () => clearInterval(refresher);
}
