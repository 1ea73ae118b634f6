// Cardcassonne: the four rows with their followers, the seat's hand, herds and chests, and the 100-space score track.
// Pick a hand card (or the follower), then one of the highlighted rows; round-end decisions are buttons.
// Everything shown comes from the seat's view: other hands are sizes only, face-down cards of others are backs;
// which follower secures a card, and why nothing can be placed now, are the engine's own (view fields), and a
// move the engine refuses is sent all the same so that the table page shows the engine's reason.
import { add, h } from "../dom.js";
import { t } from "../i18n.js";

const ROWS = "YRGB";
const SPACES_PER_BOARD = 25;

let selected = null;  // the face code of the chosen hand card, or "F" for the follower

// Move tokens of the rules' notation (§11.2): "YP3" (face up, own row), "DRG@G", "?YP3@B", "F@G", "J@R".
// Decisions (keep, ten, wild@G) are lower case and do not match.
function parseMove(move) {
  const m = /^(\?)?([A-Z]+\d?)(?:@([YRGB]))?$/.exec(move);
  if (!m) return null;
  return { down: Boolean(m[1]), face: m[2], row: m[3] || m[2][0] };
}

// Row -> move for every legal move that puts `face` ("F" for the follower, "J" for the setup joker) in a row.
function targetsFor(legal, face) {
  const found = new Map();
  if (!face) return found;
  for (const move of legal) {
    const p = parseMove(move);
    if (p && p.face === face) found.set(p.row, move);
  }
  return found;
}

const colourOf = (face) => (face && ROWS.includes(face[0]) ? face[0] : null);
const colourName = (code) => t(`cc_colour_${code}`);

// Small pictures drawn for this board (constant strings, never user data).
const ICONS = {
  P: '<svg viewBox="0 0 20 20" aria-hidden="true"><circle cx="10" cy="5.5" r="3.3"/><path d="M4 18c0-5 2.5-8 6-8s6 3 6 8z"/></svg>',
  H: '<svg viewBox="0 0 20 20" aria-hidden="true"><path d="M10 2 2 9h2.5v9h11V9H18z"/><rect x="8.3" y="12" width="3.4" height="6" fill="rgba(0,0,0,.35)"/></svg>',
  A: '<svg viewBox="0 0 20 20" aria-hidden="true"><ellipse cx="9" cy="11" rx="6.5" ry="4.5"/><circle cx="16" cy="8" r="2.6"/><path d="M5 14v4M8 15v3M11 15v3M14 14v4" stroke="currentColor" stroke-width="1.6" stroke-linecap="round"/></svg>',
  DRG: '<svg viewBox="0 0 20 20" aria-hidden="true"><path d="M10 1c1 4 6 5 6 11a6 6 0 0 1-12 0c0-3 2-4 2-7 2 1 3 3 3 5 2-2 1-6 1-9z"/></svg>',
  FAI: '<svg viewBox="0 0 20 20" aria-hidden="true"><path d="m10 1 2.6 5.6 6.1.7-4.5 4.2 1.2 6L10 14.5 4.6 17.5l1.2-6L1.3 7.3l6.1-.7z"/></svg>',
  MEEPLE: '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 2a3.5 3.5 0 0 1 3.5 3.5c0 1-.3 1.7-.8 2.3 3.5.6 7.3 2 7.3 4.2 0 1.2-2.5 1.5-4.5 1.2l3 7.8c.2.5-.2 1-.7 1h-5.3L12 17l-2.5 5H4.2c-.5 0-.9-.5-.7-1l3-7.8c-2 .3-4.5 0-4.5-1.2 0-2.2 3.8-3.6 7.3-4.2-.5-.6-.8-1.3-.8-2.3A3.5 3.5 0 0 1 12 2z"/></svg>',
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
  const el = h(tag, { ...attrs, class: `cc-card ${look} k-${kind[0]}${attrs.class ? ` ${attrs.class}` : ""}`, title: attrs.title || face, "aria-label": attrs.title || face, "data-letter": colour });
  if (kind[0] === "P") add(el, icon("P"), h("b", {}, kind.slice(1)));
  else if (kind === "H" || kind === "WH") add(el, icon("H"));
  else if (kind === "A" || kind === "WA") add(el, icon("A"));
  else add(el, icon(kind));
  if (kind === "WA" || kind === "WH") add(el, h("b", { class: "cc-wild-mark" }, "W"));
  return el;
}

function backEl(placer) {
  return h("span", { class: `cc-card back seat-${placer}`, title: "?", "aria-label": "?" }, "?");
}

function meeple(seat, extra = "") {
  const el = icon("MEEPLE", `cc-meeple seat-${seat}${extra}`);
  el.dataset.follower = seat;
  return el;
}

function entryEl(entry, names) {
  if (entry.kind === "follower") {
    const el = meeple(entry.seat);
    el.title = names[entry.seat] || `seat ${entry.seat}`;
    el.dataset.secures = entry.secures;
    return el;
  }
  let card;
  if (entry.face === null) card = backEl(entry.placer);
  else {
    card = faceEl(entry.face, "span", {  // the engine says which card lies misplaced in its row (rules §8.5)
      class: [entry.face_down ? `down seat-${entry.placer}` : "", entry.misplaced ? "misplaced" : ""].join(" ").trim(),
      title: entry.face_down ? `?${entry.face}` : entry.face,
    });
  }
  const owner = entry.secured_by;
  return h("span", { class: `cc-entry${owner === null ? "" : ` secured by-${owner}`}` }, card);
}

function rowsPanel(view, ctx, targets, onRow) {
  return h("div", { class: "cc-rows" }, view.rows.map((row) => {
    const move = targets.get(row.row);
    const slot = h("button", { type: "button", class: `cc-slot${move ? " target" : ""}`, "data-move": move,
      "aria-label": move || colourName(row.row) }, move ? (move.startsWith("?") ? "?" : "+") : "");
    return h("div", { class: `cc-row r-${row.row}${move ? " target" : ""}`, "data-row": row.row, onclick: () => onRow(row.row) },
      h("span", { class: `cc-head c-${row.row}`, title: colourName(row.row) }, row.row),
      h("span", { class: "cc-entries" }, row.entries.map((entry) => entryEl(entry, ctx.names)), slot));
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

function scoreTrack(view, ctx) {
  return h("section", { class: "score-track" },
    h("h3", {}, t("cc_score_track")),
    trackCells(view.players),
    h("div", { class: "cc-legend" }, view.players.map((p) => h("span", { class: `cc-score seat-${p.seat}`, "data-seat": p.seat, "data-points": p.score },
      h("span", { class: "cc-dot" }), ctx.names[p.seat] || `seat ${p.seat}`, " ",
      h("strong", { class: "cc-points" }, p.score),
      p.track.tile ? h("span", { class: "badge", title: "100/200" }, `+${p.track.tile}`) : null))));
}

function herdsEl(p) {
  const chips = [];
  for (const k of ROWS) {
    const herd = p.herds[k];
    if (herd.real || herd.wild) {
      chips.push(h("span", { class: `cc-herd c-${k}`, title: `${colourName(k)}: ${herd.real}${herd.wild ? ` + ${herd.wild} W` : ""}` },
        icon("A"), herd.wild ? `${herd.real}+${herd.wild}` : herd.real));
    }
  }
  if (p.loose_wilds) chips.push(h("span", { class: "cc-herd j-WA", title: t("cc_loose", { n: p.loose_wilds }) }, icon("A"), `W${p.loose_wilds}`));
  return h("span", { class: "cc-herds", title: t("cc_herds") }, chips.length ? chips : h("span", { class: "muted" }, "—"));
}

function playerEl(view, ctx, p) {
  const turn = view.current_player === p.seat && !view.final;
  const winner = view.final && view.winners.includes(p.seat);
  const chest = p.chest_points === null ? t("cc_chest", { n: p.chest_size }) : t("cc_chest_points", { n: p.chest_size, points: p.chest_points });
  return h("section", { class: `cc-player seat-${p.seat}${turn ? " turn" : ""}${ctx.seat === p.seat ? " me" : ""}${winner ? " winner" : ""}`, "data-seat": p.seat },
    h("header", {},
      h("span", { class: "cc-dot" }),
      h("strong", { class: "cc-name" }, ctx.names[p.seat] || `seat ${p.seat}`, winner ? " 🏆" : ""),
      view.dealer === p.seat ? h("span", { class: "badge", title: t("cc_dealer") }, t("cc_dealer")) : null,
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
  if (view.phase === "setup_joker") return t("cc_phase_setup", { name, card: view.setup_joker });
  if (view.phase === "resolve") return t("cc_phase_resolve", { name, row: view.claim.row });
  if (view.phase === "over") return t("cc_phase_over");
  return t("cc_phase_play", { name });
}

function claimPanel(view, ctx, legal) {
  const claim = view.claim;
  if (!claim) return null;
  const name = ctx.names[claim.seat] || `seat ${claim.seat}`;
  const pending = claim.pending.length ? claim.pending[0] : null;
  const pendingAt = claim.pending_index ?? -1;
  const mine = legal.some((m) => m === "keep" || m === "ten" || m.startsWith("wild@"));
  const buttons = legal.map((move) => {
    if (move === "keep") return h("button", { type: "button", "data-move": move, onclick: () => ctx.play(move) }, t("cc_keep", { card: pending }));
    if (move === "ten") return h("button", { type: "button", class: "secondary", "data-move": move, onclick: () => ctx.play(move) }, t("cc_ten", { card: pending }));
    const kind = move.startsWith("wild@") ? move.slice(5) : null;
    return kind ? h("button", { type: "button", class: `cc-wild c-${kind}`, "data-move": move, onclick: () => ctx.play(move) }, t("cc_wild", { colour: colourName(kind) })) : null;
  });
  return h("div", { class: "cc-claim", "data-row": claim.row },
    h("div", { class: "small" }, t("cc_secured", { row: claim.row, name }), " ",
      h("span", { class: "cc-claim-cards" }, claim.cards.map((face, i) => faceEl(face, "span", { class: `mini${i === pendingAt ? " pending" : ""}` })))),
    h("div", { class: "small" }, pending ? t("cc_misplaced", { card: pending }) : t("cc_assign_wild")),
    mine ? h("div", { class: "cc-decision" }, buttons) : null);
}

function lastClaims(view, ctx) {
  if (!view.events.length) return null;
  const latest = view.events[view.events.length - 1].round;
  const recent = view.events.filter((e) => e.round === latest);
  return h("div", { class: "cc-events small" }, h("span", { class: "muted" }, `${t("cc_last_claims")}: `),
    recent.map((e) => h("span", { class: `cc-event seat-${e.seat}` }, h("span", { class: "cc-dot" }),
      e.row === null ? t("cc_claim_chest", { name: ctx.names[e.seat], points: e.points }) : t("cc_claim", { name: ctx.names[e.seat], points: e.points, row: e.row }))));
}

export function render(container, view, ctx) {
  const legal = ctx.legal || [];
  const redraw = () => container.dispatchEvent(new CustomEvent("board-redraw", { bubbles: true }));
  const me = ctx.seat === null || ctx.seat === undefined ? null : view.players[ctx.seat];
  const setup = targetsFor(legal, "J");
  if (selected && !targetsFor(legal, selected).size) selected = null;
  const targets = setup.size ? setup : targetsFor(legal, selected);
  const faceDown = legal.some((m) => m.startsWith("?"));
  const deciding = legal.some((m) => m === "keep" || m === "ten" || m.startsWith("wild@"));

  // The engine's reason why the seat to move can put no card, or not its follower, into a row now (null: it can).
  const refusal = (face) => (view.cannot_place ? view.cannot_place[face === "F" ? "follower" : "card"] : null);
  const onRow = (row) => {
    if (targets.has(row)) { const move = targets.get(row); selected = null; ctx.play(move); return; }
    if (!legal.length) { ctx.play(null); return; }  // the table page explains: not your turn, or you are watching
    // A chosen card into a row that is no target: the engine refuses the move with its reason (the selection stays).
    if (selected) { ctx.play(`${faceDown ? "?" : ""}${selected}@${row}`); return; }
    ctx.explain(refusal(null) || t("cc_why_no_card"));
  };
  const onPick = (face) => {
    if (!legal.length) { ctx.play(null); return; }
    if (!targetsFor(legal, face).size) {
      const why = refusal(face);
      if (why) ctx.explain(why); else ctx.play(face);  // a face the view does not refuse: the engine says why
      return;
    }
    selected = selected === face ? null : face;
    redraw();
  };

  let hand = null;
  if (me && me.hand && !view.final) {
    const cards = me.hand.map((face) => faceEl(face, "button", {
      type: "button", "data-card": face,
      class: `${selected === face ? "selected" : ""}${targetsFor(legal, face).size ? " playable" : ""}`,
      onclick: () => onPick(face),
    }));
    const follower = h("button", {
      type: "button", "data-card": "F", title: t("cc_follower"),
      class: `cc-follower-pick seat-${me.seat}${selected === "F" ? " selected" : ""}${targetsFor(legal, "F").size ? " playable" : ""}${me.follower_placed ? " used" : ""}`,
      onclick: () => onPick("F"),
    }, meeple(me.seat), h("span", { class: "small" }, t("cc_follower")));
    const prompt = !legal.length || deciding ? null
      : setup.size ? t("cc_why_joker")
        : selected ? t("cc_pick_row") : t("cc_pick");
    hand = h("section", { class: "cc-hand" },
      h("h3", {}, t("cc_hand")),
      h("div", { class: "cc-hand-cards" }, cards, follower),
      prompt ? h("div", { class: "cc-prompt small" }, prompt, faceDown && !setup.size ? h("strong", {}, ` · ${t("cc_face_down")}`) : null) : null);
  }

  add(container, h("div", { class: `cardcassonne-board${ctx.interactive ? "" : " passive"}`, "data-phase": view.phase },
    h("div", { class: "cc-info" },
      h("span", { class: "cc-round" }, t("cc_round", { n: view.round, total: view.rounds })),
      h("span", { class: "cc-deck" }, t("cc_deck", { n: view.deck_size })),
      h("strong", { class: "cc-phase", "data-phase": view.phase }, phaseText(view, ctx)),
      view.setup_joker ? faceEl(view.setup_joker, "span", { class: "mini pending" }) : null),
    rowsPanel(view, ctx, targets, onRow),
    claimPanel(view, ctx, legal),
    hand,
    h("div", { class: "cc-players" }, view.players.map((p) => playerEl(view, ctx, p))),
    scoreTrack(view, ctx),
    lastClaims(view, ctx)));
}
