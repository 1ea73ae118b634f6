// Cardcassonne: the four rows with their followers, the seat's hand, herds and chests, and the 100-space score track.
// Pick a hand card (or the follower), then one of the highlighted rows; round-end decisions are buttons named in words.
// Everything shown comes from the seat's view: other hands are sizes only, face-down cards of others are backs;
// which follower secures a card, and the move each pick-and-place stands for (view.moves), are the engine's own: the
// board finds the legal ones among ctx.legal by equality and never reads notation. A move the engine refuses is sent
// all the same, so that the table page shows the engine's reason in the reader's language. Cards are named in words
// (cardName); no notation shows unless ctx.showNotation. Log sentences (sentence), a hint's advice (advice), the
// results table's parts (breakdownLabel / breakdownParts) and the seats' follower colours (seatBadge) are exported
// for the table page.
// A hint or an analysis's better move (ctx.hint, a token) marks its card and row (class `hinted`).
import { add, h } from "../dom.js";
import { t } from "../i18n.js";

const ROWS = "YRGB";
const SPACES_PER_BOARD = 25;

let selected = null;  // the face code of the chosen hand card, or "F" for the follower
let animated = -1;  // the move count whose arrivals were last animated: a redraw of the same position does not replay them

// The move the view says each pick-and-place stands for (view.moves, the engine's), legal when ctx.legal lists it.
// `face` is a hand face or "F"; the board never reads or writes notation itself.
function targetsFor(view, legal, face) {
  const found = new Map();
  const place = view.moves && face ? view.moves.place[face] : null;
  if (!place) return found;
  for (const row of ROWS) if (legal.includes(place[row])) found.set(row, place[row]);
  return found;
}

function setupTargets(view, legal) {
  const found = new Map();
  if (!view.moves) return found;
  for (const row of ROWS) if (legal.includes(view.moves.joker[row])) found.set(row, view.moves.joker[row]);
  return found;
}

const colourOf = (face) => (face && ROWS.includes(face[0]) ? face[0] : null);
const colourName = (code) => t(`cc_colour_${code}`);
const rowName = (code) => t(`cc_row_${code}`);

// A face code ("YP2", "GA", "DRG", "WA") in words, for titles, prompts and sentences.
export function cardName(face) {
  return face ? t(`cc_face_${face}`) : t("cc_face_down_card");  // the engine's catalogs name the cards the same way
}

const cardList = (faces) => faces.map(cardName).join(", ");

// Small pictures drawn for this board (constant strings, never user data).
const ICONS = {
  P: '<svg viewBox="0 0 20 20" aria-hidden="true"><circle cx="10" cy="5.5" r="3.3"/><path d="M4 18c0-5 2.5-8 6-8s6 3 6 8z"/></svg>',
  H: '<svg viewBox="0 0 20 20" aria-hidden="true"><path d="M10 2 2 9h2.5v9h11V9H18z"/><rect x="8.3" y="12" width="3.4" height="6" fill="rgba(0,0,0,.35)"/></svg>',
  A: '<svg viewBox="0 0 20 20" aria-hidden="true"><ellipse cx="9" cy="11" rx="6.5" ry="4.5"/><circle cx="16" cy="8" r="2.6"/><path d="M5 14v4M8 15v3M11 15v3M14 14v4" stroke="currentColor" stroke-width="1.6" stroke-linecap="round"/></svg>',
  DRG: '<svg viewBox="0 0 20 20" aria-hidden="true"><path d="M10 1c1 4 6 5 6 11a6 6 0 0 1-12 0c0-3 2-4 2-7 2 1 3 3 3 5 2-2 1-6 1-9z"/></svg>',
  FAI: '<svg viewBox="0 0 20 20" aria-hidden="true"><path d="m10 1 2.6 5.6 6.1.7-4.5 4.2 1.2 6L10 14.5 4.6 17.5l1.2-6L1.3 7.3l6.1-.7z"/></svg>',
  MEEPLE: '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 2a3.5 3.5 0 0 1 3.5 3.5c0 1-.3 1.7-.8 2.3 3.5.6 7.3 2 7.3 4.2 0 1.2-2.5 1.5-4.5 1.2l3 7.8c.2.5-.2 1-.7 1h-5.3L12 17l-2.5 5H4.2c-.5 0-.9-.5-.7-1l3-7.8c-2 .3-4.5 0-4.5-1.2 0-2.2 3.8-3.6 7.3-4.2-.5-.6-.8-1.3-.8-2.3A3.5 3.5 0 0 1 12 2z"/></svg>',
  TROPHY: '<svg viewBox="0 0 20 20" aria-hidden="true"><path d="M5 2h10v3h3v2a4 4 0 0 1-4 4h-.3A5 5 0 0 1 11 13.6V16h3v2H6v-2h3v-2.4A5 5 0 0 1 6.3 11H6a4 4 0 0 1-4-4V5h3zm0 5V6.5H3.5V7A2.5 2.5 0 0 0 5 9.3zm10 0v2.3A2.5 2.5 0 0 0 16.5 7v-.5H15z"/></svg>',
  // The landscape each row's scoring board shows: cloister (yellow), road (red), field (green), city (blue).
  ROW_Y: '<svg viewBox="0 0 20 20" aria-hidden="true"><path d="M10 1.5 12 4v3h3l2 3v8H3v-8l2-3h3V4z"/><rect x="8.6" y="12" width="2.8" height="6" rx="1.4" fill="rgba(0,0,0,.35)"/></svg>',
  ROW_R: '<svg viewBox="0 0 20 20" aria-hidden="true"><path d="M8 19c0-4 6-5 6-9s-4-5-4-8h2c0 2.5 4 3.5 4 8s-6 5-6 9z"/></svg>',
  ROW_G: '<svg viewBox="0 0 20 20" aria-hidden="true"><path d="M10 19V6M10 9 6.5 6.5M10 9l3.5-2.5M10 13l-3.5-2.5M10 13l3.5-2.5M10 6 8 3M10 6l2-3" stroke="currentColor" stroke-width="1.8" fill="none" stroke-linecap="round"/></svg>',
  ROW_B: '<svg viewBox="0 0 20 20" aria-hidden="true"><path d="M2 18V7h2V5h2v2h2V3h4v4h2V5h2v2h2v11z"/><rect x="8.5" y="12" width="3" height="6" fill="rgba(0,0,0,.35)"/></svg>',
  CHEST: '<svg viewBox="0 0 20 20" aria-hidden="true"><path d="M2 8a4 4 0 0 1 4-4h8a4 4 0 0 1 4 4v1H2z"/><rect x="2" y="10" width="16" height="7" rx="1"/><rect x="8.5" y="8" width="3" height="4" fill="rgba(255,255,255,.7)"/></svg>',
};

function icon(name, cls = "cc-icon") {
  const el = h("span", { class: cls });
  el.innerHTML = ICONS[name];
  return el;
}

// One card face: its colour (or the joker look), its kind's picture and a people card's value.
function faceEl(face, tag = "span", attrs = {}) {
  const colour = colourOf(face);
  const kind = colour ? face.slice(1) : face;
  const look = colour ? `c-${colour}` : `j-${face}`;
  const name = attrs.title || cardName(face);
  const el = h(tag, { ...attrs, class: `cc-card ${look} k-${kind[0]}${attrs.class ? ` ${attrs.class}` : ""}`, title: name, "aria-label": name, "data-face": face, "data-letter": colour });
  if (kind[0] === "P") add(el, icon("P"), h("b", {}, kind.slice(1)));
  else if (kind === "H" || kind === "WH") add(el, icon("H"));
  else if (kind === "A" || kind === "WA") add(el, icon("A"));
  else add(el, icon(kind));
  if (kind === "WA" || kind === "WH") add(el, h("b", { class: "cc-wild-mark", "aria-hidden": "true" }, "★"));
  return el;
}

function backEl(placer) {
  return h("span", { class: `cc-card back seat-${placer}`, title: t("cc_face_down_card"), "aria-label": t("cc_face_down_card") }, "?");
}

function meeple(seat, extra = "") {
  const el = icon("MEEPLE", `cc-meeple seat-${seat}${extra}`);
  el.dataset.follower = seat;
  return el;
}

function entryEl(entry, names, fresh) {
  if (entry.kind === "follower") {
    const el = meeple(entry.seat, fresh ? " changed arrive" : "");
    el.title = names[entry.seat] || `seat ${entry.seat}`;
    el.dataset.secures = entry.secures;
    return el;
  }
  let card;
  if (entry.face === null) card = backEl(entry.placer);
  else {
    const name = cardName(entry.face);
    card = faceEl(entry.face, "span", {  // the engine says which card lies misplaced in its row (rules §8.5)
      class: [entry.face_down ? `down seat-${entry.placer}` : "", entry.misplaced ? "misplaced" : ""].join(" ").trim(),
      title: entry.face_down ? `${name} (${t("cc_face_down_card")})` : name,
    });
  }
  const owner = entry.secured_by;
  return h("span", { class: `cc-entry${owner === null ? "" : ` secured by-${owner}`}${fresh ? " changed arrive" : ""}` }, card);
}

// What the moves since the viewer's own last one changed (ctx.recent's events): per row, how many of its last
// entries are new (only since the last round end, which clears the secured cards), and the seats that scored.
function changes(recent) {
  const rows = new Map(), scored = new Set();
  for (const entry of recent || []) {
    const e = entry.event || {};
    if (e.round_over) rows.clear();
    if (e.kind === "card" || e.kind === "follower") {
      if (!e.round_over) rows.set(e.row, (rows.get(e.row) || 0) + 1);
    }
    if (e.kind === "joker") {
      rows.set(e.row, (rows.get(e.row) || 0) + 1);
      for (const shown of e.display || []) rows.set(shown.row, (rows.get(shown.row) || 0) + 1);
    }
    for (const claim of e.claims || []) scored.add(claim.seat);
    for (const chest of e.chests || []) scored.add(chest.seat);
  }
  return { rows, scored };
}

function rowsPanel(view, ctx, targets, onRow, changed) {
  return h("div", { class: "cc-rows" }, view.rows.map((row) => {
    const move = targets.get(row.row);
    const down = move && view.moves && selected && selected !== "F" && view.players[ctx.seat]?.next_card_face_down;
    const slot = h("button", { type: "button", class: `cc-slot${move ? " target" : ""}`, "data-move": move,
      "aria-label": rowName(row.row), title: move ? (ctx.showNotation ? `${rowName(row.row)} · ${move}` : rowName(row.row)) : null },
      move ? (down ? "?" : "+") : "");
    const fresh = changed.rows.get(row.row) || 0;
    const first = row.entries.length - fresh;
    return h("div", { class: `cc-row r-${row.row}${move ? " target" : ""}`, "data-row": row.row, onclick: () => onRow(row.row) },
      h("span", { class: `cc-head c-${row.row}`, title: colourName(row.row), "aria-label": colourName(row.row) }, icon(`ROW_${row.row}`)),
      h("span", { class: "cc-entries" }, row.entries.map((entry, i) => entryEl(entry, ctx.names, i >= first)), slot));
  }));
}

// The track as four boards of 25 spaces (tinted with the board's colour); a score of 0 waits beside space 1.
// A grid of cells rather than a picture, so that CSS can wrap it into shorter lines on a phone.
function trackCells(players) {
  const at = new Map();
  for (const p of players) {
    const space = p.track.space || 0;
    at.set(space, [...(at.get(space) || []), p.seat]);
  }
  const markers = (space) => (at.get(space) || []).map((seat) =>
    h("span", { class: `cc-marker seat-${seat}`, "data-seat": seat, title: String(players[seat].score) }));
  const cells = [];
  for (let space = 1; space <= 4 * SPACES_PER_BOARD; space++) {
    const board = ROWS[Math.floor((space - 1) / SPACES_PER_BOARD)];
    cells.push(h("span", { class: `cc-space c-${board}${space % 5 ? "" : " five"}`, "data-space": space },
      space % 5 ? null : h("small", {}, space), markers(space)));
  }
  return h("div", { class: "cc-track" }, h("span", { class: "cc-space cc-start", "data-space": 0 }, h("small", {}, 0), markers(0)),
    h("div", { class: "cc-spaces" }, cells));
}

function scoreTrack(view, ctx, changed) {
  return h("section", { class: "score-track" },
    h("h3", {}, t("cc_score_track")),
    trackCells(view.players),
    h("div", { class: "cc-legend" }, view.players.map((p) => h("span", { class: `cc-score seat-${p.seat}${changed.scored.has(p.seat) ? " changed" : ""}`, "data-seat": p.seat, "data-points": p.score },
      h("span", { class: "cc-dot" }), ctx.names[p.seat] || `seat ${p.seat}`, " ",
      h("strong", { class: "cc-points" }, p.score),
      p.track.tile ? h("span", { class: "badge", title: "100/200" }, `+${p.track.tile}`) : null))));
}

function herdsEl(p) {
  const chips = [];
  for (const k of ROWS) {
    const herd = p.herds[k];
    if (herd.real || herd.wild) {
      const title = `${t("cc_herd", { colour: colourName(k) })}: ${herd.real}${herd.wild ? ` + ${herd.wild} ${t("cc_face_WA")}` : ""}`;
      chips.push(h("span", { class: `cc-herd c-${k}`, title, "aria-label": title }, icon("A"), herd.wild ? `${herd.real}+${herd.wild}★` : herd.real));
    }
  }
  if (p.loose_wilds) chips.push(h("span", { class: "cc-herd j-WA", title: t("cc_loose", { n: p.loose_wilds }) }, icon("A"), `★${p.loose_wilds}`));
  return h("span", { class: "cc-herds", title: t("cc_herds") }, chips.length ? chips : h("span", { class: "muted" }, "—"));
}

function playerEl(view, ctx, p, changed) {
  const turn = view.current_player === p.seat && !view.final;
  const winner = view.final && view.winners.includes(p.seat);
  const chest = p.chest_points === null ? t("cc_chest", { n: p.chest_size }) : t("cc_chest_points", { n: p.chest_size, points: p.chest_points });
  return h("section", { class: `cc-player seat-${p.seat}${turn ? " turn" : ""}${ctx.seat === p.seat ? " me" : ""}${winner ? " winner" : ""}${changed.scored.has(p.seat) ? " changed" : ""}`, "data-seat": p.seat },
    h("header", {},
      h("span", { class: "cc-dot" }),
      h("strong", { class: "cc-name" }, ctx.names[p.seat] || `seat ${p.seat}`),
      winner ? icon("TROPHY", "cc-icon cc-trophy") : null,
      view.dealer === p.seat && !view.final ? h("span", { class: "badge", title: t("cc_dealer") }, t("cc_dealer")) : null,
      h("span", { class: "cc-points" }, p.score)),
    h("div", { class: "cc-facts" },
      h("span", { class: "cc-hand-size", "data-hand-size": p.hand_size }, h("span", { class: "cc-mini-back" }), t("cc_hand_size", { n: p.hand_size })),
      h("span", { class: "cc-follower-state", title: p.follower_placed ? t("cc_follower_placed") : t("cc_follower_ready") },
        meeple(p.seat, p.follower_placed ? " used" : ""), p.follower_placed ? "0" : "1"),
      herdsEl(p),
      h("span", { class: "cc-chest", title: chest, "data-chest-size": p.chest_size, "data-chest-points": p.chest_points ?? undefined }, icon("CHEST"), p.chest_points === null ? p.chest_size : `${p.chest_size} · ${p.chest_points}`),
      p.chest ? h("span", { class: "cc-chest-cards" }, p.chest.map((face) => faceEl(face, "span", { class: "mini" }))) : null));
}

function phaseText(view, ctx) {
  const name = view.current_player === null ? "" : ctx.names[view.current_player] || `seat ${view.current_player}`;
  if (view.phase === "setup_joker") return t("cc_phase_setup", { name, card: cardName(view.setup_joker) });
  if (view.phase === "resolve") return t("cc_phase_resolve", { name, row: rowName(view.claim.row) });
  if (view.phase === "over") return t("cc_phase_over");
  return t("cc_phase_play", { name });
}

function claimPanel(view, ctx, legal) {
  const claim = view.claim;
  if (!claim) return null;
  const name = ctx.names[claim.seat] || `seat ${claim.seat}`;
  const pending = claim.pending.length ? claim.pending[0] : null;
  const pendingAt = claim.pending_index ?? -1;
  const moves = view.moves;
  const buttons = [];
  if (moves && legal.includes(moves.keep)) {
    buttons.push(h("button", { type: "button", "data-move": moves.keep, "data-choice": "keep", onclick: () => ctx.play(moves.keep) }, t("cc_keep")));
  }
  if (moves && legal.includes(moves.ten)) {
    buttons.push(h("button", { type: "button", class: "secondary", "data-move": moves.ten, "data-choice": "ten", onclick: () => ctx.play(moves.ten) }, t("cc_ten")));
  }
  for (const kind of ROWS) {
    const move = moves ? moves.wild[kind] : null;
    if (move && legal.includes(move)) {
      buttons.push(h("button", { type: "button", class: `cc-wild c-${kind}`, "data-move": move, "data-choice": `wild-${kind}`, onclick: () => ctx.play(move) }, t("cc_wild", { colour: colourName(kind) })));
    }
  }
  return h("div", { class: "cc-claim", "data-row": claim.row },
    h("div", { class: "small" }, t("cc_secured", { row: rowName(claim.row), name }), " ",
      h("span", { class: "cc-claim-cards" }, claim.cards.map((face, i) => faceEl(face, "span", { class: `mini${i === pendingAt ? " pending" : ""}` })))),
    h("div", { class: "small cc-question" }, pending ? t("cc_misplaced", { card: cardName(pending), row: rowName(claim.row) }) : t("cc_assign_wild")),
    buttons.length ? h("div", { class: "cc-decision" }, buttons) : null);
}

function lastClaims(view, ctx) {
  if (!view.events.length) return null;
  const latest = view.events[view.events.length - 1].round;
  const recent = view.events.filter((e) => e.round === latest && (e.cards.length || e.to_chest || e.row === null));
  return h("div", { class: "cc-events small" }, h("span", { class: "muted" }, `${t("cc_last_claims")}: `),
    recent.map((e) => h("span", { class: `cc-event seat-${e.seat}` }, h("span", { class: "cc-dot" }),
      e.row === null ? t("cc_claim_chest", { name: ctx.names[e.seat], points: e.points }) : t("cc_claim", { name: ctx.names[e.seat], points: e.points, colour: colourName(e.row) }))));
}

// What a move set off (cards turned up, the rows claimed, the chests, a new round), in words. `you`: the seat
// a hint speaks to, whose claims and chest are said to it ("you take…") rather than by its name; null in the log.
function aftermath(e, who, you = null) {
  const parts = [];
  if (e.revealed && e.revealed.length) parts.push(t("cc_s_revealed", { cards: cardList(e.revealed.map((r) => r.card)) }));
  for (const claim of e.claims || []) {
    if (!(claim.cards.length + claim.to_chest)) continue;
    const args = { row: rowName(claim.row), points: claim.points };
    parts.push(claim.seat === you ? t("cc_a_claim", args) : t("cc_s_claim", { ...args, name: who(claim.seat) }));
  }
  for (const chest of e.chests || []) {
    parts.push(chest.seat === you ? t("cc_a_chest", { points: chest.points }) : t("cc_s_chest", { name: who(chest.seat), points: chest.points }));
  }
  if (e.new_round) parts.push(t("cc_s_round", { n: e.new_round.round }));
  return parts;
}

// The key of a card event's words: face up, face down and named (the mover's own card), or face down unseen.
const cardKey = (e, prefix) => `${prefix}${!e.face_down ? "card" : e.face ? "card_down" : "card_hidden"}`;

// One move's own words (its first part) from the keys cc_<words>_… ("s": a sentence said of `name`, "a": advice
// to the player), with the parts every kind has; null for an event this board does not know.
function moveWords(e, words, name) {
  const prefix = `cc_${words}_`;
  const row = rowName(e.row);
  switch (e.kind) {
    case "card": return [t(cardKey(e, prefix), { name, card: cardName(e.face), row })];
    case "follower": return [t(`${prefix}follower`, { name, row, n: (e.cards || []).length })];
    case "joker": {
      const parts = [t(`${prefix}joker`, { name, card: cardName(e.card), row })];
      if (e.display && e.display.length) parts.push(t("cc_s_display", { cards: cardList(e.display.map((d) => d.card)) }));
      return parts;
    }
    case "decision": return [t(`${prefix}${e.choice === "keep" ? "keep" : "ten"}`, { name, card: cardName(e.card) })];
    case "wild": return [t(`${prefix}wild`, { name, colour: colourName(e.herd) })];
    default: return null;
  }
}

const namer = (ctx) => (seat) => (ctx.names || [])[seat] ?? `#${seat + 1}`;

// One log entry ({seat, move, event}) as a sentence in the interface language, with the mover's name.
export function sentence(entry, ctx) {
  const e = entry.event || {};
  const who = namer(ctx);
  const parts = moveWords(e, "s", who(entry.seat));
  return parts ? [...parts, ...aftermath(e, who)].join(" · ") : null;
}

// The same entry as advice to the seat that would play it (a hint): an instruction, with no name (what follows
// it is said to that seat, other seats by their names). It says only what the entry holds (the server's
// foreseen event): a card the seat cannot know is not named.
export function advice(entry, ctx = {}) {
  const e = entry.event || {};
  const parts = moveWords(e, "a", null);
  return parts ? [...parts, ...aftermath(e, namer(ctx), entry.seat)].join(" · ") : null;
}

// The label of one named part of a seat's score breakdown (State.score_breakdown) for the results table.
export function breakdownLabel(part) {
  const key = `cc_part_${part}`;
  const text = t(key);
  return text === key ? part : text;
}

export function breakdownValue(part, value) {
  return String(value);
}

// Every part but the total, as [label, value] pairs, in the order of the game's scoring.py.
export function breakdownParts(breakdown) {
  return ["people", "animals", "tens", "lone_wilds", "buildings"].filter((part) => part in breakdown)
    .map((part) => [breakdownLabel(part), breakdownValue(part, breakdown[part])]);
}

// A seat's follower, in its colour, for the seat lists of the table page.
export function seatBadge(seat, ctx) {
  const el = icon("MEEPLE", `cc-meeple cc-seat-badge seat-${seat}`);
  const title = t("cc_follower_of", { name: (ctx && ctx.names && ctx.names[seat]) || `#${seat + 1}` });
  el.title = title;
  el.setAttribute("aria-label", title);
  el.removeAttribute("aria-hidden");
  return el;
}

export function render(container, view, ctx) {
  const legal = ctx.legal || [];
  const redraw = () => container.dispatchEvent(new CustomEvent("board-redraw", { bubbles: true }));
  const me = ctx.seat === null || ctx.seat === undefined ? null : view.players[ctx.seat];
  const setup = setupTargets(view, legal);
  if (selected && !targetsFor(view, legal, selected).size) selected = null;
  const targets = setup.size ? setup : targetsFor(view, legal, selected);
  const deciding = view.phase === "resolve" && legal.length > 0;
  const faceDown = Boolean(me && me.next_card_face_down && legal.length && !setup.size && !deciding);
  const changed = changes(ctx.recent);
  const animate = view.moves_played !== animated;
  animated = view.moves_played;

  // A click that matches no legal move sends the move it stands for all the same (view.moves, the engine's):
  // the server refuses it with the engine's explanation, in the reader's language.
  const attempt = (face, row) => {
    const place = view.moves && view.moves.place[face];
    if (place) ctx.play(place[row]);
    else ctx.explain(t("cc_why_no_card"));
  };
  // A hint, or an analysis's better move (ctx.hint): the card (or follower) and the row it goes to.
  let hintFace = null, hintRow = null;
  if (ctx.hint && view.moves) {
    for (const [face, rows] of Object.entries(view.moves.place || {})) {
      for (const row of ROWS) if (rows[row] === ctx.hint) { hintFace = face; hintRow = row; }
    }
    for (const row of ROWS) if ((view.moves.joker || {})[row] === ctx.hint) hintRow = row;
  }
  const onRow = (row) => {
    if (targets.has(row)) { const move = targets.get(row); selected = null; ctx.play(move); return; }
    // The hinted row, tapped before its card: the hint's move, as the marks on the board say.
    if (!selected && row === hintRow && legal.includes(ctx.hint)) { ctx.play(ctx.hint); return; }
    if (!legal.length) { ctx.play(null); return; }  // the table page explains: not your turn, or you are watching
    if (selected) { attempt(selected, row); return; }  // the selection stays
    if (view.cannot_place && view.cannot_place.card) { attempt("F", row); return; }  // nothing can go anywhere now
    ctx.explain(setup.size ? t("cc_why_joker") : t("cc_why_no_card"));
  };
  const onPick = (face) => {
    if (!legal.length) { ctx.play(null); return; }
    if (!targetsFor(view, legal, face).size) { attempt(face, ROWS[0]); return; }
    selected = selected === face ? null : face;
    redraw();
  };

  let hand = null;
  if (me && me.hand && !view.final) {
    const cards = me.hand.map((face) => faceEl(face, "button", {
      type: "button", "data-card": face,
      class: `${selected === face ? "selected" : ""}${targetsFor(view, legal, face).size ? " playable" : ""}`,
      onclick: () => onPick(face),
    }));
    const follower = h("button", {
      type: "button", "data-card": "F", title: t("cc_follower"),
      class: `cc-follower-pick seat-${me.seat}${selected === "F" ? " selected" : ""}${targetsFor(view, legal, "F").size ? " playable" : ""}${me.follower_placed ? " used" : ""}`,
      onclick: () => onPick("F"),
    }, meeple(me.seat), h("span", { class: "small" }, t("cc_follower")));
    const prompt = !legal.length || deciding ? null
      : setup.size ? t("cc_why_joker")
        : selected ? t("cc_pick_row") : t("cc_pick");
    hand = h("section", { class: "cc-hand" },
      h("h3", {}, ctx.owner ? t("cc_hand_of", { name: ctx.owner }) : t("cc_hand")),  // a replay shows another seat's
      h("div", { class: "cc-hand-cards" }, cards, follower),
      prompt ? h("div", { class: "cc-prompt small" }, prompt, faceDown ? h("strong", {}, ` · ${t("cc_face_down")}`) : null) : null);
  }

  const round = view.round === 0 ? t("cc_setup") : t("cc_round", { n: view.round, total: view.rounds });
  add(container, h("div", { class: `cardcassonne-board${ctx.interactive ? "" : " passive"}${animate ? "" : " settled"}`, "data-phase": view.phase },
    h("div", { class: "cc-info" },
      h("span", { class: "cc-round" }, round),
      h("span", { class: "cc-deck" }, t("cc_deck", { n: view.deck_size })),
      h("strong", { class: "cc-phase", "data-phase": view.phase }, phaseText(view, ctx)),
      view.setup_joker ? faceEl(view.setup_joker, "span", { class: "mini pending" }) : null),
    rowsPanel(view, ctx, targets, onRow, changed),
    claimPanel(view, ctx, legal),
    hand,
    h("div", { class: "cc-players" }, view.players.map((p) => playerEl(view, ctx, p, changed))),
    scoreTrack(view, ctx, changed),
    lastClaims(view, ctx)));
  if (hintRow) container.querySelector(`.cc-row[data-row="${hintRow}"]`)?.classList.add("hinted");
  if (hintFace) container.querySelector(`.cc-hand [data-card="${hintFace}"]`)?.classList.add("hinted");
}
