// "My games": the unfinished tables of the person logged in, the games awaiting them counted in the tab's
// title ("(2) kameleon arena"), an optional sound (off unless chosen) and the browser's notifications while a
// page of the arena is open (permission is asked only when the button is clicked).
import { api } from "./api.js";
import { add, clear, h } from "./dom.js";
import { t } from "./i18n.js";

const TITLE = "kameleon arena";
const POLL_MS = 15000;
const SOUND_KEY = "kameleon.sound";
const NOTIFY_KEY = "kameleon.notify";

let signedIn = () => false;
let open = (path) => { location.href = path; };
let awaiting = null;  // ids of the games awaiting me at the last look (null: not looked yet)
let timer = null;
let soon = null;

// A time left in words: "2 d 5 h", "5h07", "4:09" (never below zero).
export function duration(seconds) {
  const left = Math.max(0, seconds);
  const d = Math.floor(left / 86400), hr = Math.floor((left % 86400) / 3600), m = Math.floor((left % 3600) / 60), s = Math.floor(left % 60);
  if (d > 0) return `${d} ${t("days_short")} ${hr} ${t("hours_short")}`;
  if (hr > 0) return `${hr}h${String(m).padStart(2, "0")}`;
  return `${m}:${String(s).padStart(2, "0")}`;
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

// Look at my games now: the title counts those awaiting me; a game that newly awaits me rings / notifies.
export async function lookNow() {
  if (!signedIn()) { awaiting = null; setTitleCount(0); return null; }
  let data;
  try { data = await api("/api/me/games"); } catch { return null; }
  const mine = data.games.filter((g) => g.my_turn);
  setTitleCount(mine.length);
  const here = location.pathname;
  if (awaiting !== null) mine.filter((g) => !awaiting.has(g.id) && here !== `/table/${g.id}`).forEach(tell);
  awaiting = new Set(mine.map((g) => g.id));
  return data;
}

// Soon, once: after a move or a frame, several calls in a row make one request.
export function lookSoon() {
  clearTimeout(soon);
  soon = setTimeout(lookNow, 800);
}

export function watchMyGames(isSignedIn, navigate) {
  signedIn = isSignedIn; open = navigate;
  if (timer) clearInterval(timer);
  timer = setInterval(() => { if (!document.hidden || notifyOn() || soundOn()) lookNow(); }, POLL_MS);
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
