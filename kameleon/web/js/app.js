// The arena's single-page front end: a small router and one function per page.
import { accuracyTable, analysisPanel, evalGraph, labelName, lossShare, markBadge, MARKED, markHint } from "./analysis.js";
import { api, inviteQuery, post, tableSocket } from "./api.js";
import { boardFor } from "./boards/index.js";
import { add, clear, h, icon, toast } from "./dom.js";
import { language, pct, setLanguage, t, translateStatic } from "./i18n.js";
import { duration, durationWords, lookNow, lookSoon, myGamesPage, setTableHere, timeControlText, turnAtTable, watchMyGames } from "./mygames.js";
import { optionField, optionShown } from "./option_labels.js";
import { rulesPage } from "./rules.js";

const app = document.getElementById("app");
let me = null;
let catalogue = null;
let leavePage = () => {};

// ---------- shell ----------

// The language chosen last wins: the account's (chosen on some browser), unless the menu was used on this
// page since it loaded, which then becomes the account's too.
let pickedHere = false;

async function refreshMe() {
  me = (await api("/api/me")).user;
  if (me && me.language !== language()) {
    if (pickedHere) post("/api/me/language", { language: language() }).catch(() => {});
    else { setLanguage(me.language); langSelect.value = me.language; translateStatic(); }
  }
  const who = clear(document.getElementById("who"));
  if (me) {
    // Logging out ends the session on every table: asked once more (on a phone it sits under the thumb).
    const logout = async (e) => {
      e.preventDefault();
      if (!confirm(t("logout_confirm"))) return;
      await post("/api/auth/logout"); await refreshMe(); go("/");
    };
    add(who, h("a", { href: `/profile/${me.id}`, "data-link": true, id: "me-link" }, me.name), " ",
      h("a", { href: "#", id: "logout", onclick: logout }, t("logout")));
  } else {
    add(who, h("a", { href: "/login", "data-link": true, id: "login-link" }, t("login")));
  }
  document.getElementById("nav-my-games").hidden = !me;
  lookNow();
}

// Leaving a page closes the phone menu; drawing the same page again (the account arriving) leaves it as it was.
function go(path) { history.pushState({}, "", path); showMenu(false); route(); }

// Phones: the account controls (colour letters, language, name, Log out) fold behind a menu button.
const topbar = document.querySelector(".topbar");
const menuButton = document.getElementById("menu-button");
function showMenu(open) {
  topbar.classList.toggle("menu-open", open);
  menuButton.setAttribute("aria-expanded", String(open));
}
menuButton.append(icon("menu"));
menuButton.addEventListener("click", () => showMenu(!topbar.classList.contains("menu-open")));

document.addEventListener("click", (event) => {
  const link = event.target.closest("a[data-link]");
  if (link && link.origin === location.origin && !event.ctrlKey && !event.metaKey) { event.preventDefault(); go(link.pathname + link.search); }
});
window.addEventListener("popstate", () => { showMenu(false); route(); });

// Notation: the moves as tokens, for experts: the "Your moves" list and the tokens in the log. Off by default.
const notationOn = () => localStorage.getItem("kameleon.notation") === "1";
function setNotation(on) { localStorage.setItem("kameleon.notation", on ? "1" : "0"); }

// Colour letters: every colour also written as a letter, for players who tell some colours apart with difficulty.
const lettersButton = document.getElementById("letters");
function showLetters(on) {
  document.body.classList.toggle("letters", on);
  lettersButton.setAttribute("aria-pressed", String(on));
  localStorage.setItem("kameleon.letters", on ? "1" : "0");
}
lettersButton.addEventListener("click", () => showLetters(!document.body.classList.contains("letters")));
showLetters(localStorage.getItem("kameleon.letters") === "1");

const langSelect = document.getElementById("language");
langSelect.value = language();
langSelect.addEventListener("change", async () => {
  pickedHere = true;
  setLanguage(langSelect.value);
  if (me) { try { await post("/api/me/language", { language: langSelect.value }); } catch { /* guests keep it locally */ } }
  translateStatic(); await refreshMe(); route();
});

// The last hint asked, by table: a table page drawn again (a language switch) shows it still where it holds.
let keptHint = { table: null, hint: null };

// Routes run one after the other: two overlapping renders (a language switch while a page is still loading)
// would otherwise both clear the page first and then both fill it.
let routing = Promise.resolve();
function route() {
  routing = routing.then(renderRoute, renderRoute);
  return routing;
}

async function renderRoute() {
  leavePage(); leavePage = () => {};
  document.getElementById("toast").hidden = true;
  clear(app);
  const path = location.pathname;
  let m;
  try {
    if (path === "/") await lobbyPage();
    else if (path === "/login") loginPage();
    else if (path === "/games") leavePage = await myGamesPage(app, me);
    else if ((m = path.match(/^\/table\/([\w-]+)$/))) await tablePage(m[1]);
    else if ((m = path.match(/^\/replay\/([\w-]+)$/))) await replayPage(m[1]);
    else if ((m = path.match(/^\/profile\/(\d+)$/))) await profilePage(m[1]);
    else if (path === "/leaderboard") await leaderboardPage();
    else if (path === "/rules") await rulesPage(app, catalogue.games[0]?.name ?? "", catalogue.games);
    else if ((m = path.match(/^\/rules\/([\w-]+)$/))) await rulesPage(app, m[1], catalogue.games);
    else add(app, h("div", { class: "panel error", id: "not-found" }, t("not_found", { path }), " ", h("a", { href: "/", "data-link": true }, t("lobby"))));
  } catch (error) {
    add(app, h("div", { class: "panel error" }, error.message));
  }
}

// A bot level in the interface's language (a level without a translation keeps its own name).
function levelName(level) {
  const key = `level_${level}`;
  const text = t(key);
  return text === key ? level : text;
}
// A seat's name in the interface's language: a bot by its level ("bot medio 2"), a person a bot finished for by
// their own name (the mark goes beside it where there is room).
function seatName(s) {
  if (s.person) return s.person;
  if (s.kind === "bot" && s.bot) {
    const number = /^.* bot (\d+)$/.exec(s.name || "");
    return number ? t("bot_name_n", { level: levelName(s.bot), n: number[1] }) : t("bot_name", { level: levelName(s.bot) });
  }
  return s.name || `${t("empty")} (${s.seat})`;
}
const namesOf = (table) => table.seats.map(seatName);
// A person's seat a bot finished reads as the person with why ("Ann (expelled)"), never "Ann (bot)".
const forfeitMark = (s) => t(s.forfeit === "expelled" ? "seat_expelled" : "seat_left");
const seatLabel = (s) => (s.person ? h("span", { class: "forfeited" }, s.person, " ", h("span", { class: "muted small" }, `(${forfeitMark(s)})`))
  : s.name ? seatName(s) : h("span", { class: "muted empty-seat" }, t("empty_seat")));
const seatLabels = (seats) => seats.flatMap((s, i) => (i ? [", ", seatLabel(s)] : [seatLabel(s)]));
const gameTitle = (name) => (catalogue.games.find((g) => g.name === name) || { title: name }).title;

// ---------- lobby ----------


function newTableForm() {
  const error = h("div", { class: "error", id: "create-error" });
  const gameSelect = h("select", { id: "game", name: "game" }, catalogue.games.map((g) => h("option", { value: g.name }, g.title)));
  const players = h("select", { id: "players", name: "players" });
  const extra = h("div", { class: "grid2" });
  const fillGame = () => {
    const game = catalogue.games.find((g) => g.name === gameSelect.value);
    // Two seats by default where the game allows them: a one-seat table (Chromino alone) is chosen, not stumbled into.
    const usual = game.players.find((n) => n >= 2) ?? game.players[0];
    add(clear(players), ...game.players.map((n) => h("option", { value: n, selected: n === usual }, n)));
    add(clear(extra), ...game.options.filter((o) => o.name !== "players" && optionShown(game.name, o, notationOn()))
      .map((o) => optionField(game.name, o, Math.max(...game.players))));
  };
  gameSelect.addEventListener("change", fillGame);
  const bots = h("input", { type: "checkbox", id: "fill-bots", checked: true });
  const level = h("select", { id: "bot-level", "aria-label": t("bot_level") }, catalogue.bots.map((b) => h("option", { value: b, selected: b === catalogue.default_bot }, levelName(b))));
  const priv = h("input", { type: "checkbox", id: "private" });
  const rated = h("input", { type: "checkbox", id: "rated", checked: true });
  const minutes = h("input", { type: "number", min: 1, max: 1440, step: 1, id: "time-initial", "aria-label": t("time_minutes"), placeholder: "—", style: "width:6rem" });
  const increment = h("input", { type: "number", min: 0, max: 86400, step: 1, id: "time-increment", "aria-label": t("time_increment"), placeholder: "0", style: "width:6rem" });
  const profiles = catalogue.time_profiles || {};
  const profileLabel = (name) => {
    const p = profiles[name];
    return p.per_move ? `${t("turn_based")} · ${t("per_move", { time: durationWords(p.per_move) })}` : `${t(`time_${name}`)} · ${Math.round(p.initial / 60)} ${t("minutes_short")} + ${p.increment} ${t("seconds_short")}`;
  };
  const timeProfile = h("select", { id: "time-profile", "aria-label": t("time_control") },
    h("optgroup", { label: t("real_time") }, Object.keys(profiles).filter((n) => !profiles[n].per_move).map((n) => h("option", { value: n, selected: n === catalogue.default_time }, profileLabel(n)))),
    h("optgroup", { label: t("turn_based") }, Object.keys(profiles).filter((n) => profiles[n].per_move).map((n) => h("option", { value: n }, profileLabel(n)))),
    h("option", { value: "custom" }, t("time_custom")),
    h("option", { value: "none" }, t("no_limit")));
  const custom = h("span", { id: "time-custom", hidden: true }, " ", minutes, ` ${t("minutes_short")} + `, increment, ` ${t("seconds_short")}`);
  const timeNote = h("p", { class: "small muted", id: "time-note" });
  const showTime = () => {
    custom.hidden = timeProfile.value !== "custom";
    timeNote.textContent = timeProfile.value === "none" ? t("no_limit_note") : t("out_of_time_note");
    timeNote.classList.toggle("warn", timeProfile.value === "none");
  };
  timeProfile.addEventListener("change", showTime);
  showTime();
  const form = h("form", { id: "new-table" },
    h("div", { class: "grid2" },
      h("div", {}, h("label", { for: "game" }, t("game")), gameSelect),
      h("div", {}, h("label", { for: "players" }, t("players")), players)),
    h("label", {}, bots, " ", t("bots"), " ", level),
    h("label", {}, priv, " ", t("private")),
    h("label", { title: t("rated_help") }, rated, " ", t("rated")),
    h("label", {}, t("time_control"), " ", timeProfile, custom), timeNote,
    h("details", {}, h("summary", { class: "small" }, t("options")), extra),
    h("div", { class: "actions" }, h("button", { type: "submit", id: "create" }, t("create"))),
    error);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const options = { players: Number(players.value) };
    // Each field knows its option's value (`optionField`); an option left at its default is not sent.
    extra.querySelectorAll("[data-option]").forEach((field) => {
      const value = field.optionValue();
      if (value !== undefined) options[field.dataset.option] = value;
    });
    try {
      const body = { game: gameSelect.value, options, private: priv.checked };
      if (!rated.checked) body.rated = false;  // a friendly game: no rating changes; against bots, hints
      if (bots.checked && Number(players.value) > 1) body.bots = level.value;  // a table of one has no seat to fill
      if (timeProfile.value === "none") body.time = null;  // no limit: nobody can be expelled
      else if (timeProfile.value === "custom") { if (minutes.value) body.time = { initial: Number(minutes.value) * 60, increment: Number(increment.value || 0) }; }
      else body.time = profiles[timeProfile.value];
      const created = await post("/api/tables", body);
      go(`/table/${created.table.id}`);
    } catch (e) { error.textContent = e.message; }
  });
  fillGame();
  return form;
}

function tableList(title, tables, action, id) {
  const rows = tables.map((tb) => h("tr", {},
    h("td", { class: "game-name" }, gameTitle(tb.game)),
    h("td", { class: "seat-names" }, seatLabels(tb.seats)),
    h("td", { class: "time-control small muted" }, timeControlText(tb.time)),
    h("td", { class: "table-status" }, h("span", { class: `badge ${tb.status}` }, t(`status_${tb.status}`)),
      tb.rated === false ? [" ", h("span", { class: "badge unrated", title: t("rated_help") }, t("unrated"))] : null),
    h("td", { class: "table-action" }, action(tb))));
  return h("section", { class: "panel", id },
    h("h2", {}, title),
    tables.length ? h("table", { class: "list lobby-list" }, h("tbody", {}, rows)) : h("p", { class: "muted" }, t("no_tables")));
}

const LOBBY_REFRESH_MS = 5000;

// A game in progress: its players play it (a seat a bot took over is no longer theirs), the others watch.
function liveButton(tb) {
  const mine = me && tb.seats.some((s) => s.user_id === me.id && s.kind === "human");
  return h("a", { class: `button${mine ? "" : " secondary"}`, href: `/table/${tb.id}`, "data-link": true }, mine ? t("resume") : t("watch"));
}

// The lobby's three lists of tables, by their section ids.
function lobbyLists(tables) {
  const open = tables.filter((x) => x.status === "open");
  const live = tables.filter((x) => x.status === "playing");
  const done = tables.filter((x) => x.status === "finished" || x.status === "imported");
  return {
    "open-tables": tableList(t("open_tables"), open, joinButton, "open-tables"),
    "live-tables": tableList(t("live_games"), live, liveButton, "live-tables"),
    "finished-tables": tableList(t("finished"), done, (tb) => h("a", { class: "button secondary", href: `/replay/${tb.id}`, "data-link": true }, t("replay")), "finished-tables"),
  };
}

// "Join" in the lobby seats you at once and opens the table (one click); a visitor not logged in, or someone
// seated there already, just opens it.
function joinButton(tb) {
  const link = h("a", { class: "button join", href: `/table/${tb.id}`, "data-link": true }, t("join"));
  link.addEventListener("click", async (event) => {
    if (!me || tb.seats.some((s) => s.user_id === me.id)) return;
    event.preventDefault(); event.stopPropagation();
    try { await post(`/api/tables/${tb.id}/join`, {}); } catch (e) { toast(e.message, true); return; }
    go(`/table/${tb.id}`);
  }, { capture: true });
  return link;
}

// ---------- Play now ----------

const PLAY_BOTS_AFTER = 20;  // seconds a Play now request waits for people before bots fill the empty seats
const PLAY_POLL_MS = 1000;
const playerCount = (game) => game.players.find((n) => n >= 2) ?? game.players[0];  // the smallest table with company

// The front page's "Play now" panel: a button per game; a visitor not logged in gives a guest name inline; while
// waiting, a spinner with Cancel; once seated, the table opens.
function playNowPanel(setLeave) {
  const box = h("section", { class: "panel", id: "play-now" });
  let poller = null;
  let signedHere = false;  // a guest name given here: the rest of the front page is redrawn for them on Cancel
  const stop = () => { if (poller) { clearInterval(poller); poller = null; } };
  setLeave(() => { if (poller) { stop(); api("/api/play", { method: "DELETE", body: {} }).catch(() => {}); } });
  const choose = () => {
    stop();
    add(clear(box), h("h2", {}, t("play_now")), h("p", { class: "muted small" }, t("play_now_hint")),
      h("div", { class: "play-games" }, catalogue.games.map((g) => h("button", {
        type: "button", class: "play-game", "data-game": g.name, onclick: () => (me ? queue(g) : askName(g)),
      }, h("span", { class: "play-title" }, g.title), h("span", { class: "small" }, `${t("play_now")} · ${t("players_n", { n: playerCount(g) })}`)))));
  };
  const askName = (game) => {
    const input = h("input", { id: "play-name", name: "name", required: true, maxlength: 40, autocomplete: "nickname" });
    const error = h("div", { class: "error" });
    const form = h("form", { id: "play-guest" },
      h("label", { for: "play-name" }, t("play_as")), h("div", { class: "actions" }, input, h("button", { type: "submit", id: "play-go" }, t("play_go")),
        h("button", { type: "button", class: "secondary", onclick: choose }, t("cancel"))), error);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      try { await post("/api/auth/guest", { name: input.value, language: language() }); await refreshMe(); } catch (e) { error.textContent = e.message; return; }
      signedHere = true;
      queue(game);
    });
    add(clear(box), h("h2", {}, `${t("play_now")}: ${game.title}`), form);
    input.focus();
  };
  const queue = async (game, resumed = null) => {
    const line = h("p", { id: "play-status" }, t("play_waiting", { game: game.title }));
    const bots = h("p", { class: "muted small", id: "play-bots" });
    const cancel = h("button", { type: "button", class: "secondary", id: "play-cancel", onclick: async () => {
      stop();
      try { await api("/api/play", { method: "DELETE", body: {} }); } catch { /* gone already */ }
      if (signedHere) route(); else choose();
    } }, t("cancel"));
    add(clear(box), h("h2", {}, `${t("play_now")}: ${game.title}`),
      h("div", { class: "waiting" }, h("span", { class: "spinner", "aria-hidden": "true" }), h("div", {}, line, bots)), h("div", { class: "actions" }, cancel));
    const follow = (answer) => {
      if (answer.table) { stop(); go(`/table/${answer.table}`); return; }
      // Dropped while the page did not ask (a tab asleep past the server's patience): say so, offer the games again.
      if (answer.status === "none") {
        stop();
        const say = () => toast(t("play_ended"), true);
        if (signedHere) route().then(say); else { say(); choose(); }  // a guest named here: the whole page is theirs now
        return;
      }
      bots.textContent = answer.bots_in === null || answer.bots_in === undefined ? "" : t("play_bots_in", { n: Math.ceil(answer.bots_in) });
    };
    try {
      follow(resumed || await post("/api/play", { game: game.name, players: playerCount(game), bots_after: PLAY_BOTS_AFTER }));
    } catch (e) { toast(e.message, true); choose(); return; }
    if (!box.isConnected) return;
    poller = poller || setInterval(async () => {
      try { follow(await api("/api/play")); } catch (e) { stop(); toast(e.message, true); choose(); }
    }, PLAY_POLL_MS);
  };
  choose();
  // Back on the front page while waiting (a reload, the back button): the wait goes on where it was.
  if (me) {
    api("/api/play").then((answer) => {
      const game = catalogue.games.find((g) => g.name === answer.game);
      if (answer.status === "waiting" && game && box.isConnected && !poller) queue(game, answer);
    }).catch(() => {});
  }
  return box;
}

async function lobbyPage() {
  const { tables } = await api("/api/tables");
  const lists = lobbyLists(tables);
  // Tables open, start and end while the lobby is shown: its lists follow (the new-table form is left alone).
  const refresher = setInterval(async () => {
    if (document.hidden) return;
    let fresh;
    try { fresh = lobbyLists((await api("/api/tables")).tables); } catch { return; }  // next time, then
    for (const [id, section] of Object.entries(fresh)) document.getElementById(id)?.replaceWith(section);
  }, LOBBY_REFRESH_MS);
  let leaveQueue = () => {};
  const playNow = playNowPanel((f) => { leaveQueue = f; });
  leavePage = () => { clearInterval(refresher); leaveQueue(); };
  const importer = h("input", { type: "file", accept: "application/json,.json", id: "import-file", "aria-label": t("import") });
  importer.addEventListener("change", async () => {
    const file = importer.files[0];
    importer.value = "";  // choosing the same file again, once fixed, fires "change" again
    if (!file) return;
    let record;
    try { record = JSON.parse(await file.text()); } catch { toast(t("not_a_record", { file: file.name }), true); return; }
    try {
      const created = await post("/api/records", record);
      go(`/replay/${created.table.id}`);
    } catch (e) { toast(e.message, true); }
  });
  add(app, 
    h("div", { class: "hero panel" },
      h("div", {}, h("h1", {}, "kameleon arena"), h("p", { class: "muted" }, t("welcome"))),
      h("div", { class: "games-strip" }, catalogue.games.map((g) => h("a", { class: "badge", href: `/rules/${g.name}`, "data-link": true }, g.title)),
        h("a", { href: "/rules", "data-link": true, id: "lobby-rules" }, t("rules")))),
    playNow,
    h("div", { class: "grid2" },
      h("section", { class: "panel" }, h("h2", {}, t("new_table")),
        me ? newTableForm() : h("p", {}, h("a", { href: "/login", "data-link": true }, t("need_login")))),
      h("div", {}, lists["open-tables"], lists["live-tables"])),
    lists["finished-tables"],
    me ? h("section", { class: "panel" }, h("h2", {}, t("import")), importer) : null,
  );
}

// ---------- login ----------

function loginPage() {
  const next = new URLSearchParams(location.search).get("next") || "/";
  const form = (id, title, fields, submit) => {
    const error = h("div", { class: "error" });
    const el = h("form", { id, class: "panel" }, h("h2", {}, title), fields, h("div", { class: "actions" }, h("button", { type: "submit" }, title)), error);
    el.addEventListener("submit", async (event) => {
      event.preventDefault();
      const data = Object.fromEntries(new FormData(el));
      try { await submit(data); await refreshMe(); go(next); } catch (e) { error.textContent = e.message; }
    });
    return el;
  };
  // Ids carry the form's name: the sign-up and log-in forms share a page and their fields' names.
  const field = (formId, name, type = "text", extra = {}) => [h("label", { for: `${formId}-${name}` }, t(name)), h("input", { id: `${formId}-${name}`, name, type, required: true, ...extra })];
  add(app, h("div", { class: "grid2" },
    form("signup-form", t("signup"), [field("signup-form", "username", "text", { autocomplete: "username" }), field("signup-form", "password", "password", { autocomplete: "new-password", minlength: 8 })],
      (d) => post("/api/auth/signup", { ...d, language: language() })),
    h("div", {},
      form("login-form", t("login"), [field("login-form", "username", "text", { autocomplete: "username" }), field("login-form", "password", "password", { autocomplete: "current-password" })],
        (d) => post("/api/auth/login", d)),
      form("guest-form", t("guest"), [field("guest-form", "name")], (d) => post("/api/auth/guest", { ...d, language: language() })))));
}

// ---------- table ----------

// The expert switch: shows the moves in notation (the token list and the notation in the log) when pressed.
function notationToggle(redraw) {
  const on = notationOn();
  return h("button", { type: "button", class: `secondary small toggle${on ? " on" : ""}`, id: "notation-toggle", "aria-pressed": String(on),
    title: t("notation_hint"), onclick: () => { setNotation(!notationOn()); redraw(); } }, t("notation"));
}

// The log entries a viewer has not seen yet: those since their own last move (a spectator: the last move).
// Boards mark what these changed (class `changed`) and animate what they brought (class `arrive`).
function recentOf(log, seat) {
  if (seat === null || seat === undefined) return log.slice(-1);
  let last = log.length - 1;
  while (last >= 0 && log[last].seat !== seat) last--;
  return log.slice(last + 1);
}

// One log entry as a sentence in the interface language: the board's own wording, else "{name} moved".
function sentenceOf(board, entry, ctx) {
  let text = null;
  try { text = board.sentence ? board.sentence(entry, ctx) : null; } catch (error) { console.error(error); }
  if (text) return text;
  return entry.seat === null || entry.seat === undefined ? t("log_table") : t("log_moved", { name: ctx.names[entry.seat] ?? "?" });
}

// A hint's move as advice to the reader ("draw a card"): the board's own wording of it, else its log sentence.
function adviceOf(board, entry, ctx) {
  let text = null;
  try { text = board.advice ? board.advice(entry, ctx) : null; } catch (error) { console.error(error); }
  return text || sentenceOf(board, entry, ctx);
}

// The log panel's items: sentences, newest last (the list scrolls to it); the notation beside each when asked for.
// `judged`: the index of a move the board shows the position before (an analysis's better move): it alone is marked.
function logItems(board, log, ctx, upTo = log.length, judged = null) {
  const fresh = new Set(ctx.recent || []);
  const cls = (entry, i) => judged !== null ? (i === judged ? "judged" : "")
    : [i === upTo - 1 ? "current" : "", fresh.has(entry) ? "recent" : ""].join(" ").trim();
  return log.slice(0, upTo).map((entry, i) => h("li", { class: cls(entry, i), "data-seat": entry.seat ?? "" },
    sentenceOf(board, entry, ctx), ctx.showNotation ? h("code", { class: "notation" }, entry.move) : null));
}

// How the game ended, in words: the board's wording of the game's own reason code, when it has one.
function reasonText(board, reason) {
  if (!reason) return null;
  try { return (board.endReason && board.endReason(reason)) || null; } catch { return null; }
}

// The value of one part of a score breakdown when the board does not word it.
function plainValue(value) {
  if (value === null || value === undefined) return "—";
  if (Array.isArray(value)) return value.map(plainValue).join(", ");
  if (typeof value === "object") return Object.entries(value).map(([k, v]) => `${k.replaceAll("_", " ")} ${plainValue(v)}`).join(", ");
  if (typeof value === "boolean") return t(value ? "yes" : "no");
  return String(value);
}

// Each seat's breakdown as [label, value] pairs, worded by the board when it can.
function breakdownRows(board, breakdown) {
  if (board.breakdownParts) {
    try { return board.breakdownParts(breakdown); } catch (error) { console.error(error); }
  }
  const label = (part) => { try { return (board.breakdownLabel && board.breakdownLabel(part)) || part.replaceAll("_", " "); } catch { return part; } };
  return Object.keys(breakdown).filter((part) => part !== "total").map((part) => [label(part), plainValue(breakdown[part])]);
}

function ratingChange(change) {
  if (!change) return h("span", { class: "muted" }, "—");
  const sign = change.change > 0 ? "+" : change.change < 0 ? "−" : "±";
  return h("span", { class: `rating-change ${change.change > 0 ? "up" : change.change < 0 ? "down" : ""}` },
    `${sign}${Math.abs(change.change)}`, h("span", { class: "small muted" }, ` → ${change.after}`),
    change.provisional ? h("span", { class: "badge provisional", title: t("provisional_hint", { n: PROVISIONAL_GAMES }) }, t("provisional")) : null);
}
const PROVISIONAL_GAMES = 5;  // kameleon/server/ratings.py PROVISIONAL_GAMES

// The results table of a finished game: places (ties share one; a forfeit is last), names, the score's parts,
// the total and each person's rating change.
function resultsTable(board, result, names, ctx = {}) {
  const seats = result.scores.map((_, seat) => seat);
  const places = result.places || result.scores.map((_, seat) => (result.winners.includes(seat) ? 1 : 2));
  const breakdown = result.breakdown || result.scores.map((total) => ({ total }));
  const parts = seats.map((seat) => breakdownRows(board, breakdown[seat] || {}));
  const labels = [];
  for (const rows of parts) for (const [label] of rows) if (!labels.includes(label)) labels.push(label);
  const forfeits = new Set(result.forfeits || []);
  const rated = (result.ratings || []).some((r) => r);
  const order = [...seats].sort((a, b) => places[a] - places[b] || a - b);
  // A game whose "score" only says who won (Le Caméléon: 1 / 0 / −1) leaves the total out: the places say it.
  const total = board.showsTotal !== false;
  return h("table", { class: "list results", id: "results" },
    h("thead", {}, h("tr", {}, h("th", {}, t("place_header")), h("th", {}, t("player")), labels.map((l) => h("th", { class: "part" }, l)),
      total ? h("th", {}, t("total")) : null, rated ? h("th", {}, t("rating")) : null)),
    h("tbody", {}, order.map((seat) => {
      const values = new Map(parts[seat]);
      return h("tr", { class: places[seat] === 1 && !forfeits.has(seat) ? "winner" : "", "data-seat": seat },
        h("td", { class: "place" }, places[seat] === 1 && !forfeits.has(seat) ? icon("trophy", t("first_place")) : null, ` ${places[seat]}`),
        h("td", {}, names[seat], badgeOf(board, seat, { ...ctx, names }), forfeits.has(seat) ? h("span", { class: "badge forfeit", title: t("forfeit_hint") }, t("forfeit")) : null,
          // Phones: the parts under the name instead of in columns of their own.
          parts[seat].length ? h("div", { class: "parts-inline small muted" }, parts[seat].map(([l, v]) => `${l}: ${v}`).join(" · ")) : null),
        labels.map((l) => h("td", { class: "part" }, values.has(l) ? String(values.get(l)) : "—")),
        total ? h("td", { class: "total" }, String((breakdown[seat] || {}).total ?? result.scores[seat])) : null,
        rated ? h("td", {}, ratingChange((result.ratings || [])[seat])) : null);
    })));
}

// A seat's side or colour, when the board says (Le Caméléon: Round or Square).
function badgeOf(board, seat, ctx) {
  if (!board.seatBadge) return null;
  try {
    const badge = board.seatBadge(seat, ctx);
    return badge ? h("span", { class: "seat-side" }, " ", badge) : null;
  } catch (error) { console.error(error); return null; }
}

// The line above the results: who won (never a seat that forfeited), or a shared first place, and how it ended.
function resultLine(board, result, names, view = null) {
  // A board may word the whole result itself (Le Caméléon: "Bruno (Round) wins: ..."), unless someone forfeited.
  let worded = null;
  if (board.resultText && view && !(result.forfeits || []).length) {
    try { worded = board.resultText(view, names); } catch (error) { console.error(error); }
  }
  if (worded) return [h("strong", { id: "result-line" }, worded)];
  const winners = result.winners.map((s) => names[s]);
  const line = winners.length > 1 && winners.length === names.length ? t("result_draw")
    : winners.length ? t("winner", { names: winners.join(", ") }) : t("game_over");
  const reason = reasonText(board, result.reason);
  return [h("strong", { id: "result-line" }, line), reason ? h("span", { class: "muted", id: "result-reason" }, ` — ${reason}`) : null];
}

async function tablePage(tableId) {
  const invite = new URLSearchParams(location.search).get("invite");
  const asked = inviteQuery(invite);
  let info = await api(`/api/tables/${tableId}${asked}`);
  let frame = null;
  let board = await boardFor(info.table.game);
  const conn = h("span", { class: "conn" });
  const boardBox = h("div", { class: "panel", id: "board" });
  boardBox.addEventListener("board-redraw", () => render());
  const movesBox = h("div", { class: "panel", id: "moves" });
  const resultBox = h("div", { id: "result" });
  const seatsBox = h("div", { class: "panel", id: "seats" });
  // A board may say which side or colour a seat plays (Le Caméléon: Round or Square).
  const seatBadge = (seat, ctx) => (frame ? badgeOf(board, seat, { ...ctx, view: frame.view }) : null);
  const controls = h("div", { class: "panel", id: "controls" });
  const logList = h("ol", { class: "log", id: "log" });
  const chatLines = h("div", { class: "chat-lines", id: "chat-lines" });
  const chatInput = h("input", { maxlength: 300, id: "chat-input", "aria-label": t("chat") });
  const chatForm = h("form", {}, chatInput, h("button", { type: "submit" }, t("send")));
  let filter = "";
  const status = h("div", { class: "status-line" });
  let clockAt = performance.now();
  // A seat's clock: its time left (turn-based: only the seat to move has a deadline running), "out of time",
  // or nothing at all (a bot's seat, a waiting seat of a turn-based game): never a figure that stays frozen.
  const clockText = (seat) => {
    const c = frame && frame.clock;
    if (!c || c.remaining[seat] === null || c.remaining[seat] === undefined) return "";
    if (c.out_of_time.includes(seat)) return t("out_of_time");
    if (c.per_move && c.running !== seat) return "";
    const spent = c.running === seat ? (performance.now() - clockAt) / 1000 : 0;
    return duration(c.remaining[seat] - spent);
  };
  const ticker = setInterval(() => {
    document.querySelectorAll("[data-clock-seat]").forEach((el) => { el.textContent = clockText(Number(el.dataset.clockSeat)); });
  }, 500);

  let sentFor = -1;  // the number of moves played when this page last sent one: a double click sends it once
  let wasMine = null;  // whether the last frame was my turn (null: no frame yet), to signal a turn that begins
  let freshConnection = false;  // each (re)connection resends the recent chat, which replaces what is shown
  // The socket sends the log once: whole in the first frame (and after a sync, and once the game is over:
  // log_from 0), then in each frame only the entries from log_from on, which this page appends to its own.
  // A frame that does not follow on (one was missed) asks for the whole log, and those after it wait for it.
  let resyncing = false;
  const logOf = (message) => {
    const from = message.log_from ?? 0;
    if (from === 0) { resyncing = false; return message.log; }
    const follows = frame && frame.log.length === from && from + message.log.length === message.table.moves;
    if (!resyncing && follows) { frame.log.push(...message.log); return frame.log; }
    if (!resyncing) { resyncing = true; socket.send({ type: "sync" }); }
    return null;
  };
  const socket = tableSocket(tableId, invite, {
    onStatus: (up) => {
      conn.textContent = up ? `● ${t("connected")}` : `○ ${t("disconnected")}`; conn.className = `conn${up ? "" : " down"}`;
      // A move sent as the connection dropped may never have arrived: the new connection's state says, and the
      // move may be played again from the same position (the server refuses one it already took: `expect`).
      if (up) { freshConnection = true; sentFor = -1; }
    },
    onFrame: async (message) => {
      if (message.type === "state") {
        const log = logOf(message);
        if (!log) return;
        message.log = log;
        const seatChanged = !frame || frame.seat !== message.seat || frame.table.status !== message.table.status;
        frame = message;
        clockAt = performance.now();
        const mineNow = frame.seat !== null && frame.table.status === "playing" && frame.legal.length > 0;
        if (mineNow) {
          const table = frame.table;
          turnAtTable({ id: tableId, title: table.title, moves: frame.log.length,
            opponents: namesOf(table).filter((_, seat) => seat !== frame.seat) }, wasMine === false);
        }
        wasMine = mineNow;
        lookSoon();
        if (seatChanged) info = await api(`/api/tables/${tableId}${asked}`);
        render();
      } else if (message.type === "error") {
        sentFor = -1;
        toast(message.error, true);
      } else if (message.type === "chat") {
        if (message.history && freshConnection) clear(chatLines);
        freshConnection = false;
        add(chatLines, h("div", {}, h("strong", {}, message.name), ": ", message.text));
        chatLines.scrollTop = chatLines.scrollHeight;
      } else if (message.type === "out_of_time") {
        toast(message.seat === frame.seat ? t("you_out_of_time") : t("seat_out_of_time", { name: namesOf(frame.table)[message.seat] }), true);
      } else if (message.type === "expelled") {
        if (!message.history) toast(t("expelled", { name: namesOf(frame.table)[message.seat] }), true);
      } else if (message.type === "rematch") {
        toast(`${t("rematch")}: /table/${message.table}`);
        info = await api(`/api/tables/${tableId}${asked}`);
        render();
      }
    },
  });
  setTableHere(tableId);
  leavePage = () => { socket.close(); clearInterval(ticker); setTableHere(null); };
  chatForm.addEventListener("submit", (event) => {
    event.preventDefault();
    if (!chatInput.value.trim()) { chatInput.value = ""; return; }
    if (socket.send({ type: "chat", text: chatInput.value })) chatInput.value = "";
    else toast(t("not_sent"), true);  // the line stays typed, to be sent again once the table is live
  });

  const play = (move) => {
    if (!frame || frame.table.status !== "playing") return;
    if (frame.seat === null) { toast(t("spectating"), true); return; }
    if (!frame.legal.length) { toast(t("not_your_turn"), true); return; }
    if (sentFor === frame.log.length) return;  // already sent from this position: its answer is on its way
    sentFor = frame.log.length;
    if (!socket.send({ type: "move", move, expect: frame.log.length })) { sentFor = -1; toast(t("not_sent"), true); }
  };
  const act = async (path, body) => {
    try { info = await post(`/api/tables/${tableId}/${path}`, body); if (path === "rematch") go(`/table/${info.table.id}`); }
    catch (e) { toast(e.message, true); }
  };
  // Hints: in an unrated game against bots alone, on my turn, the strongest bot's move for my seat (the server
  // refuses elsewhere, in words). It holds for the position it was asked in, and outlives a redraw of this table's
  // page (a language switch draws it anew): the entry is worded by the board, in the language of the moment.
  let hint = keptHint.table === tableId ? keptHint.hint : null, hinting = false;
  // Why hints are off at this table (a rated game, or people at it), said on the disabled button without asking the
  // server; null where they are allowed.
  const hintRefusal = (table) => table.rated !== false ? "hint_off_rated"
    : table.seats.every((s) => s.seat === frame.seat || (s.kind === "bot" && !s.person)) ? null : "hint_off_people";
  let hintWhy = false;  // the reason shown under the disabled button (a tap on a phone, which has no tooltip)
  const askHint = async () => {
    if (hinting) return;
    if (hint && hint.moves === frame.log.length) {  // this position's hint is already shown: asking again costs a search
      document.getElementById("hint-line")?.scrollIntoView({ block: "nearest" });
      return;
    }
    hinting = true; render();
    try { hint = await post(`/api/tables/${tableId}/hint`); keptHint = { table: tableId, hint }; } catch (e) { toast(e.message, true); }
    hinting = false; render();
  };

  // On my turn: the Hint button, or, where hints are off, the same button disabled with its reason as a tooltip
  // (aria-disabled, so that a tap still reaches it and shows the reason under the status line).
  function hintButton(table) {
    const refusal = hintRefusal(table);
    if (refusal) {
      return h("button", { type: "button", class: "secondary small off", id: "hint-button", "aria-disabled": "true", title: t(refusal),
        "aria-describedby": hintWhy ? "hint-why" : null, "aria-expanded": String(hintWhy), onclick: () => { hintWhy = !hintWhy; render(); document.getElementById("hint-button")?.focus(); } }, t("hint"));
    }
    return h("button", { type: "button", class: "secondary small", id: "hint-button", disabled: hinting, title: t("hint_help"), onclick: askHint }, hinting ? t("hint_thinking") : t("hint"));
  }

  function render() {
    const table = frame.table;
    const names = namesOf(table);
    const mine = frame.seat !== null && table.status === "playing" && frame.legal.length > 0;
    const turn = table.current_player;
    add(clear(status), 
      h("span", { class: `turn-banner${mine ? " mine" : ""}`, id: "turn" },
        table.status === "playing" ? (mine ? t("your_turn") : t("turn_of", { name: names[turn] ?? "?" }))
          : table.status === "open" ? `${table.title} · ${t("waiting_start")}` : t("game_over")),
      frame.seat === null ? watcherNote(table) : null,
      h("span", { class: "status-tools" }, mine ? hintButton(table) : null, notationToggle(render), conn), lateNote(table, names));
    const showNotation = notationOn();
    const hinted = hint && mine && hint.moves === frame.log.length ? hint.entry : null;
    const ctx = { seat: frame.seat, legal: frame.legal, names, play, interactive: table.status === "playing",
      explain: (message) => toast(message, true), log: frame.log, recent: recentOf(frame.log, frame.seat), showNotation,
      hint: hinted ? hinted.move : null };
    // With a hint shown the board marks the hint alone: the last moves' outline would compete with it.
    const boardCtx = hinted ? { ...ctx, recent: [] } : ctx;
    const refusal = mine ? hintRefusal(table) : null;
    const why = refusal && hintWhy ? h("p", { class: "hint-why small muted", id: "hint-why" }, t(refusal)) : null;
    // The newest move in words above the board (on a phone the log is far below it).
    const newest = frame.log.length ? h("div", { class: "last-move small", id: "last-move" }, sentenceOf(board, frame.log[frame.log.length - 1], ctx)) : null;
    // The hint as advice (the board's words to the reader) and on the board; its token only with the notation on.
    const hintLine = hinted ? h("div", { class: "hint-line", id: "hint-line" }, h("strong", {}, `${t("hint_suggested")} `), adviceOf(board, hinted, ctx),
      showNotation ? h("code", { class: "notation" }, hinted.move) : null) : null;
    add(clear(boardBox), status, why, newest, hintLine);
    board.render(boardBox, frame.view, boardCtx);
    if (hinted) markHint(boardBox, hinted.move);

    clear(movesBox);
    // The token list is for experts, except on a board that can be played only through it (the generic one).
    const tokens = showNotation || Boolean(board.playsByNotation);
    movesBox.hidden = !(mine && tokens);
    if (mine && tokens) {
      const shown = frame.legal.filter((m) => m.toLowerCase().includes(filter.toLowerCase())).slice(0, 200);
      const filterBox = frame.legal.length > 24 ? h("input", { class: "move-filter", placeholder: t("filter_moves"), value: filter,
        oninput: (e) => { filter = e.target.value; render(); document.querySelector(".move-filter").focus(); } }) : null;
      const typed = h("input", { placeholder: t("type_move"), id: "typed-move" });
      add(movesBox, h("h3", {}, t("moves")), filterBox,
        h("div", { class: "moves", id: "legal-moves" }, shown.map((m) => h("button", { type: "button", "data-move": m, class: m === ctx.hint ? "hinted" : null, onclick: () => play(m) }, m))),
        h("form", { class: "actions", onsubmit: (e) => { e.preventDefault(); if (typed.value.trim()) play(typed.value.trim()); } }, typed,
          h("button", { type: "submit", class: "secondary", "aria-label": t("send") }, icon("enter"))));
    }
    clear(resultBox);
    if (table.result) {
      add(resultBox, h("div", { class: "panel result", id: "final" },
        h("h2", {}, t("results")),
        h("div", { class: "result-line" }, resultLine(board, table.result, names, frame.view)),
        h("div", { class: "results-scroll" }, resultsTable(board, table.result, names, { ...ctx, view: frame.view })),
        h("div", { class: "actions" },
          h("a", { class: "button secondary", href: `/replay/${tableId}`, "data-link": true, id: "replay-link" }, t("replay")),
          table.rematch_id ? h("a", { class: "button", href: `/table/${table.rematch_id}`, "data-link": true }, t("rematch"))
            : frame.seat !== null || (me && table.created_by === me.id) ? h("button", { onclick: () => act("rematch") }, t("rematch")) : null)));
    }
    renderSidebar(table, names, ctx);
    add(clear(logList), ...logItems(board, frame.log, ctx));
    logList.scrollTop = logList.scrollHeight;
  }

  // Not seated: a person whose seat a bot finished is told why, in words, every time they come back.
  function watcherNote(table) {
    const gone = me && table.seats.find((s) => s.user_id === me.id && s.forfeit);
    if (!gone) return h("span", { class: "muted small" }, t("spectating"));
    return h("span", { class: "forfeit-note", id: "forfeit-note" }, t(gone.forfeit === "expelled" ? "you_were_expelled" : "you_left_game"));
  }

  // Someone to move is out of time: they may still move; the other people at the table may expel them.
  function lateNote(table, names) {
    const late = frame.clock && table.status === "playing" ? frame.clock.out_of_time.filter((s) => s === table.current_player) : [];
    if (!late.length) return null;
    const text = late[0] === frame.seat ? t("you_out_of_time") : frame.seat !== null ? t("may_expel", { name: names[late[0]] }) : t("seat_out_of_time", { name: names[late[0]] });
    return h("span", { class: "late-note", id: "late-note" }, text);
  }
  const expel = (seat, name) => { if (confirm(t("expel_confirm", { name }))) act("expel", { seat }); };

  function renderSidebar(table, names, ctx) {
    const seated = info.seat !== null;
    const manager = me && (seated || table.created_by === me.id);
    // The rules open in a new tab, so reading them never drops the table's connection.
    const rulesLink = h("a", { href: `/rules/${table.game}`, target: "_blank", rel: "noopener", class: "small", id: "table-rules" }, t("rules"));
    add(clear(seatsBox), h("h3", {}, `${table.title} · ${t("seats")} `, rulesLink), h("ul", { class: "seats" }, table.seats.map((s) => h("li", { class: table.current_player === s.seat ? "turn" : "" },
      h("span", { class: "seat-dot" }),
      h("span", { class: "name" }, s.user_id && s.kind === "human" ? h("a", { href: `/profile/${s.user_id}`, "data-link": true }, names[s.seat]) : s.kind === "empty" ? h("span", { class: "muted" }, t("empty")) : names[s.seat],
        frame.seat === s.seat ? h("span", { class: "you" }, " ", icon("star", t("you"))) : null),
      seatBadge(s.seat, ctx),
      s.kind === "bot" ? h("span", { class: "badge" }, t("bot_badge")) : null,
      s.forfeit ? h("span", { class: `badge ${s.forfeit === "expelled" ? "late" : "left"}`, "data-forfeit": s.forfeit, title: t(s.forfeit === "expelled" ? "expelled_hint" : "left_hint") }, forfeitMark(s)) : null,
      frame.clock && frame.clock.remaining[s.seat] !== null ? h("span", { class: `clock${frame.clock.running === s.seat ? " running" : ""}${frame.clock.out_of_time.includes(s.seat) ? " late" : ""}`, "data-clock-seat": s.seat }, clockText(s.seat)) : null,
      frame.clock && table.status === "playing" && frame.seat !== null && frame.seat !== s.seat && s.seat === table.current_player && frame.clock.out_of_time.includes(s.seat)
        ? h("button", { class: "danger", "data-expel": s.seat, onclick: () => expel(s.seat, names[s.seat]) }, t("expel")) : null,
      table.status === "open" && s.kind === "empty" && me && !seated ? h("button", { class: "secondary", onclick: () => act("join", { seat: s.seat, invite }) }, t("join")) : null,
      table.status === "open" && s.kind === "empty" && manager ? h("button", { class: "secondary", "data-add-bot": s.seat, onclick: () => act("bots", { seat: s.seat, level: catalogue.default_bot }) }, t("add_bot")) : null))));
    clear(controls);
    const buttons = [];
    if (table.status === "open" && manager) buttons.push(h("button", { id: "start", onclick: () => act("start"), disabled: table.seats.some((s) => s.kind === "empty") }, t("start")));
    // Leaving a game in progress hands the seat to a bot for good (a forfeit): asked once more.
    const leave = () => { if (table.status !== "playing" || confirm(t("leave_confirm"))) act("leave"); };
    if (seated && table.status !== "finished") buttons.push(h("button", { class: "secondary", onclick: leave }, t("leave")));
    if (table.status === "finished" || table.status === "imported") buttons.push(h("a", { class: "button secondary", href: `/api/tables/${tableId}/record`, download: true }, t("record")));
    if (!me && (table.status === "open" || table.status === "playing")) buttons.push(h("a", { class: "button", href: `/login?next=${encodeURIComponent(location.pathname + location.search)}`, "data-link": true }, t("login")));
    add(controls, h("div", { class: "actions" }, buttons));
    if (info.invite && table.status === "open") {
      const link = `${location.origin}/table/${tableId}?invite=${info.invite}`;
      const input = h("input", { value: link, readonly: true, id: "invite-link" });
      add(controls, h("label", {}, t("invite")), h("div", { class: "invite" }, input,
        h("button", { class: "secondary", onclick: () => { input.select(); navigator.clipboard?.writeText(link); } }, t("copy"))));
    }
    controls.hidden = !controls.querySelector("button, a, input");
  }

  add(app, h("div", { class: "table-page" },
    h("div", {}, resultBox, boardBox, movesBox),
    h("aside", { class: "sidebar" }, seatsBox, controls,
      h("div", { class: "panel" }, h("h3", {}, t("log")), logList),
      h("div", { class: "panel chat" }, h("h3", {}, t("chat")), chatLines, me ? chatForm : null))));
}

// ---------- replay ----------

async function replayPage(tableId) {
  const { table } = await api(`/api/tables/${tableId}`);
  if (!["finished", "imported"].includes(table.status)) {  // the record would tell every hidden card
    add(app, h("div", { class: "panel", id: "replay-not-over" }, t("replay_not_over"), " ",
      h("a", { href: `/table/${tableId}`, "data-link": true }, t("watch"))));
    return;
  }
  const board = await boardFor(table.game);
  const total = table.moves;
  const names = namesOf(table);
  const cache = new Map();
  let step = total, timer = null;
  let analysis = null;  // the finished analysis, once there: its decisions by ply mark the log
  let marks = new Map();
  let better = null;  // the marked decision whose better move the board shows (on the position before it)
  let fullLog = [];
  const boardBox = h("div", { class: "panel", id: "replay-board" });
  const betterBox = h("div", { class: "panel better-move", id: "better-move", hidden: true, "aria-live": "polite" });
  const graphBox = h("div", { id: "analysis-graph" });
  const label = h("span", { id: "replay-step" });
  const slider = h("input", { type: "range", min: 0, max: total, value: step, id: "replay-slider", "aria-label": t("replay") });
  const logList = h("ol", { class: "log", id: "replay-log" });
  const percent = (value) => pct(value);
  // A marked move in words, and its better move: the board's sentence of the log entry played, and the best move
  // (from the analysis's best_entry) worded as advice, as a hint is (nobody played it); tokens only with the notation on.
  const decisionWords = (d, ctx) => {
    const played = fullLog[d.ply];
    const bestEntry = d.best_entry || { seat: d.seat, move: d.best, event: { kind: "move" } };
    const showNotation = notationOn();
    return [
      h("p", {}, h("strong", { class: `an-label ${d.label}` }, labelName(d.label)), " · ",
        t("an_loss", { loss: percent(lossShare(d)), before: percent(d.best_value), after: percent(d.value) })),
      h("p", { id: "better-played" }, `${t("an_played")} `, played ? sentenceOf(board, played, ctx) : "",
        showNotation ? h("code", { class: "notation" }, d.played) : null),
      h("p", { id: "better-best" }, h("strong", {}, `${t("an_better")} `), adviceOf(board, bestEntry, ctx),
        showNotation ? h("code", { class: "notation" }, d.best) : null),
    ];
  };
  const showBetterBox = (ctx) => {
    const shown = better || (step > 0 ? marks.get(step - 1) : null);
    betterBox.hidden = !shown;
    if (!shown) { clear(betterBox); return; }
    // From one marked move to the next, whoever made it: marks close together on a long game's graph are hard to pick.
    const order = [...marks.keys()].sort((a, b) => a - b);
    const at = order.indexOf(shown.ply);
    const hop = (ply, id, label, glyph) => h("button", { type: "button", class: "secondary", id, title: label, "aria-label": label,
      disabled: ply === undefined, onclick: () => select(marks.get(ply)) }, glyph);
    add(clear(betterBox), h("h3", {}, better ? t("an_better_title") : t("an_marked_title")), decisionWords(shown, ctx),
      h("div", { class: "actions" }, better
        ? h("button", { type: "button", class: "secondary", id: "back-to-played", onclick: () => goTo(better.ply + 1) }, t("an_back_to_played"))
        : h("button", { type: "button", id: "show-better", onclick: () => select(shown) }, t("an_show_better")),
        hop(order[at - 1], "prev-mark", t("an_prev_mark"), "◀ ?"), hop(order[at + 1], "next-mark", t("an_next_mark"), "? ▶")));
  };
  const drawGraph = () => {
    if (!analysis) return;
    add(clear(graphBox), evalGraph(analysis, names, total, better ? better.ply + 1 : step, select));
  };
  const show = async (n, chosen = null) => {
    const wanted = chosen ? chosen.ply : Math.max(0, Math.min(total, n));
    step = wanted;
    better = chosen;
    // The better move is drawn on its seat's view of the position before the move (the game is over: no secret).
    const key = chosen ? `${chosen.ply}@${chosen.seat}` : wanted;
    const path = chosen ? `/api/tables/${tableId}/replay/${chosen.ply}?seat=${chosen.seat}` : `/api/tables/${tableId}/replay/${wanted}`;
    if (!cache.has(key)) cache.set(key, await api(path));
    if (step !== wanted || better !== chosen) return;  // a later click asked for another move while this one was on its way
    const data = cache.get(key);
    if (wanted === total && !chosen) fullLog = data.log;
    slider.value = step;
    // The better move's position is the one before the judged move: the counter names that move, and the log marks it.
    label.textContent = chosen ? t("step_before", { n: chosen.ply + 1, total }) : t("step", { n: step, total });
    clear(boardBox);
    const upTo = chosen ? chosen.ply + 1 : step;
    const log = fullLog.length ? fullLog.slice(0, upTo) : data.log;
    // With the better move shown, the last move's outline is left off the board: only the recommendation stands out.
    // `owner`: whose view the board shows (the judged seat's, in a replay, which need not be the reader's).
    const ctx = { seat: chosen ? chosen.seat : null, owner: chosen ? names[chosen.seat] ?? `#${chosen.seat + 1}` : null, legal: [], names,
      play: () => {}, explain: () => {}, interactive: false, log: data.log,
      recent: chosen ? [] : data.log.slice(-1), showNotation: notationOn(), hint: chosen ? chosen.best : null };
    board.render(boardBox, data.view, ctx);
    if (chosen) markHint(boardBox, chosen.best);
    const items = logItems(board, log, ctx, log.length, chosen ? chosen.ply : null);
    items.forEach((item, i) => {
      const d = marks.get(i);
      if (d) item.append(" ", markBadge(d, select));
      // A move of the log is a way back to the position after it (its mark, when it has one, shows the better move).
      item.classList.add("goto");
      item.tabIndex = 0;
      item.title = t("replay_goto", { n: i + 1 });
      item.addEventListener("click", (event) => { if (!event.target.closest(".an-mark")) goTo(i + 1); });
      item.addEventListener("keydown", (event) => {
        if (event.key === "Enter" && !event.target.closest(".an-mark")) { event.preventDefault(); goTo(i + 1); }
      });
    });
    add(clear(logList), ...items);
    logList.scrollTop = logList.scrollHeight;
    showBetterBox(ctx);
    drawGraph();
  };
  const select = async (d) => {
    pause();
    await show(d.ply, d);
    // Bring what changed into view: the board, when the mark chosen (on the graph, below it) left it off screen, else
    // the words under it (a mark in the log, beside it).
    const top = boardBox.getBoundingClientRect().top;
    if (top < 0 || top > innerHeight / 2) boardBox.scrollIntoView({ block: "start", behavior: "smooth" });
    else betterBox.scrollIntoView({ block: "nearest", behavior: "smooth" });
  };
  const playButton = h("button", { class: "secondary", id: "replay-play", onclick: () => {
    if (timer) { pause(); return; }
    if (step >= total) step = 0;
    add(clear(playButton), icon("pause"), ` ${t("pause")}`);
    timer = setInterval(async () => { if (step >= total) { pause(); return; } await show(step + 1); }, 600);
  } }, icon("play"), ` ${t("play")}`);
  function pause() {
    if (timer) clearInterval(timer);
    timer = null;
    add(clear(playButton), icon("play"), ` ${t("play")}`);
  }
  // Stepping by hand stops the playback: the reader has taken over.
  const goTo = (n) => { pause(); return show(n); };
  slider.addEventListener("input", () => goTo(Number(slider.value)));
  // The arrow keys step through the game, Home and End jump to its ends (a focused field keeps its keys).
  const keys = { ArrowLeft: () => goTo(step - 1), ArrowRight: () => goTo(step + 1), Home: () => goTo(0), End: () => goTo(total) };
  const onKey = (event) => {
    if (!keys[event.key] || event.altKey || event.ctrlKey || event.metaKey || event.target.closest("input, select, textarea")) return;
    event.preventDefault();
    keys[event.key]();
  };
  document.addEventListener("keydown", onKey);
  // The analysis: asked for by anyone who may see the replay; shown to everyone once done.
  const panel = analysisPanel(tableId, me, (done, box) => {
    analysis = done;
    marks = new Map(done.decisions.filter((d) => MARKED.has(d.label)).map((d) => [d.ply, d]));
    add(box, h("h2", {}, t("an_title")), h("p", { class: "small muted" }, t("an_done_intro", { level: levelName((done.level || "").split(/[@:]/)[0]) })),
      h("div", { class: "results-scroll" }, accuracyTable(done, names)),
      h("p", { class: "small muted", id: "an-accuracy-help" }, t("an_accuracy_help")), graphBox);
    show(better ? better.ply : step, better);
  });
  leavePage = () => { pause(); panel.stop(); document.removeEventListener("keydown", onKey); };
  const result = table.result ? h("details", { class: "result", id: "replay-result" },
    h("summary", {}, resultLine(board, table.result, names)),
    h("div", { class: "results-scroll" }, resultsTable(board, table.result, names))) : null;
  add(app,
    h("div", { class: "panel" }, h("h1", {}, `${t("replay")} · ${table.title}`), result,
      h("div", { class: "replay-controls" },
        // On a phone the step buttons keep their icons only (their names stay as tooltips and for screen readers).
        h("button", { class: "secondary", id: "replay-first", title: t("first"), onclick: () => goTo(0) }, icon("first"), h("span", { class: "btn-label" }, ` ${t("first")}`)),
        h("button", { class: "secondary", id: "replay-prev", title: t("prev"), onclick: () => goTo(step - 1) }, icon("prev"), h("span", { class: "btn-label" }, ` ${t("prev")}`)),
        slider,
        h("button", { class: "secondary", id: "replay-next", title: t("next"), onclick: () => goTo(step + 1) }, h("span", { class: "btn-label" }, `${t("next")} `), icon("next")),
        h("button", { class: "secondary", id: "replay-last", title: t("last"), onclick: () => goTo(total) }, h("span", { class: "btn-label" }, `${t("last")} `), icon("last")),
        playButton, label),
      h("a", { class: "small", href: `/api/tables/${tableId}/record`, download: true }, t("record"))),
    h("div", { class: "table-page" }, h("div", {}, boardBox, betterBox, panel.element),
      h("aside", { class: "sidebar" }, h("div", { class: "panel" }, h("h3", {}, t("log")), logList))));
  await show(step);
}

// ---------- profile and leaderboard ----------

// A displayed rating (1500 to start with), marked provisional during a player's first games.
function ratingCell(entry) {
  return h("span", { class: "rating" }, String(entry.rating),
    entry.provisional ? h("span", { class: "badge provisional", title: t("provisional_hint", { n: PROVISIONAL_GAMES }) }, t("provisional")) : null);
}

// Mails when it is my turn (own profile only; hidden when the arena has no mail server).
async function mailPanel() {
  let settings;
  try { settings = await api("/api/me/notifications"); } catch { return null; }
  if (!settings.available || (me && me.guest)) return null;  // mails are for registered accounts
  const email = h("input", { type: "email", id: "mail-address", name: "email", maxlength: 254, autocomplete: "email", value: settings.pending || settings.email || "" });
  const turn = h("input", { type: "checkbox", id: "mail-turn", checked: settings.turn_email });
  const note = h("p", { class: "small muted", id: "mail-state" });
  const error = h("div", { class: "error" });
  const show = (s) => {
    note.textContent = s.pending ? t("mail_pending", { email: s.pending }) : s.email ? t("mail_confirmed", { email: s.email }) : t("mail_none");
  };
  show(settings);
  const form = h("form", { class: "panel", id: "mail-settings" }, h("h2", {}, t("mail_title")),
    h("label", { for: "mail-address" }, t("mail_address")), email,
    h("label", {}, turn, " ", t("mail_turn")), note,
    h("div", { class: "actions" }, h("button", { type: "submit", id: "mail-save" }, t("save"))), error);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    const body = { turn_email: turn.checked };
    if (email.value.trim() !== (settings.email || "") && email.value.trim() !== (settings.pending || "")) body.email = email.value.trim();
    try { settings = await post("/api/me/notifications", body); show(settings); toast(t("saved")); } catch (e) { error.textContent = e.message; }
  });
  return form;
}

async function profilePage(userId) {
  const data = await api(`/api/users/${userId}`);
  const mailSettings = me && String(me.id) === String(userId) ? await mailPanel() : null;
  add(app, h("div", { class: "panel" }, h("h1", {}, data.user.name), data.user.guest ? h("span", { class: "badge" }, t("guest_badge")) : null),
    h("div", { class: "grid2" },
      h("section", { class: "panel" }, h("h2", {}, t("rating")),
        data.ratings.length ? h("table", { class: "list" },
          h("thead", {}, h("tr", {}, h("th", {}, t("game")), h("th", {}, t("rating")), h("th", {}, `${t("wins")} / ${t("games")}`))),
          h("tbody", {}, data.ratings.map((r) => h("tr", {}, h("td", {}, gameTitle(r.game)), h("td", {}, ratingCell(r)), h("td", {}, `${r.wins} / ${r.games}`)))))
          : h("p", { class: "muted" }, t("no_tables"))),
      h("section", { class: "panel" }, h("h2", {}, t("games")),
        data.games.length ? h("table", { class: "list" }, h("tbody", {}, data.games.map((g) => h("tr", {},
          h("td", {}, gameTitle(g.game)),
          h("td", { class: "outcome" }, g.status === "finished" ? (g.won ? icon("trophy", t("won")) : h("span", { class: "muted", title: t("lost") }, t("lost")))
            : h("span", { class: `badge ${g.status}` }, t(`status_${g.status}`))),
          h("td", { class: "small" }, g.place ? t("place_n", { n: g.place }) : "", g.rating ? [" ", ratingChange(g.rating)] : null),
          h("td", { class: "small muted date" }, g.finished_at ? new Date(g.finished_at).toLocaleDateString(language()) : ""),
          h("td", {}, h("a", { href: g.status === "finished" ? `/replay/${g.id}` : `/table/${g.id}`, "data-link": true }, g.status === "finished" ? t("replay") : t("watch")))))))
          : h("p", { class: "muted" }, t("no_tables")))),
    mailSettings);
}

async function leaderboardPage() {
  const params = new URLSearchParams(location.search);
  const game = params.get("game") || (catalogue.games[0] && catalogue.games[0].name);
  const select = h("select", { id: "board-game" }, catalogue.games.map((g) => h("option", { value: g.name, selected: g.name === game }, g.title)));
  select.addEventListener("change", () => go(`/leaderboard?game=${select.value}`));
  const data = await api(`/api/leaderboard/${game}`);
  add(app, h("section", { class: "panel" }, h("div", { class: "hero" }, h("h1", {}, t("leaderboard")), select),
    data.players.length ? h("table", { class: "list", id: "leaderboard" },
      h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, t("name")), h("th", {}, t("rating")), h("th", {}, t("games")), h("th", {}, t("wins")))),
      h("tbody", {}, data.players.map((p, i) => h("tr", {}, h("td", {}, i + 1),
        h("td", {}, p.player.startsWith("user:") ? h("a", { href: `/profile/${p.player.slice(5)}`, "data-link": true }, p.name) : p.name),
        h("td", {}, ratingCell(p)), h("td", {}, p.games), h("td", {}, p.wins)))))
      : h("p", { class: "muted" }, t("no_tables"))));
}

// ---------- start ----------

setLanguage(language());
translateStatic();
catalogue = await api("/api/games");
await refreshMe();
watchMyGames(() => me !== null, go);
route();
