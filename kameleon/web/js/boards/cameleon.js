// Le Caméléon: the 8-file board drawn from the view; disc = Round, square = Square, colour = kind.
// Click one of your pieces to see where it can go, then click the destination. A capture is finished on the
// board too: the view's `pending` names the pieces being captured, the reward and, per choice, what to click
// (a captured piece, a reward colour, a free square of your reserve). The board computes no rule: the view says
// which squares have moves and where they lead, and every other click is sent to the server as the move it
// would be, so that the engine's own explanation comes back in the reader's language.
// The log's events (ctx.recent) mark the squares the last moves changed (class `changed`); pieces that arrive
// since the previous render animate (`arrive`, none under prefers-reduced-motion). No notation shows unless
// ctx.showNotation. A hint or an analysis's better move (ctx.hint, a token) marks its squares (class `hinted`: the
// piece's, dashed, and where it goes, solid), what it takes (`hint-victim`) and where its rewards go (`hint-reward`).
import { add, h } from "../dom.js";
import { t } from "../i18n.js";

const COLOURS = { B: "#3b6fd8", R: "#d63a3a", Y: "#f2c81e", V: "#8e44ad", O: "#f08a24", G: "#3fa34d", K: "#1d2733" };
const FILES = "abcdefgh";
const SIDE_MARK = { round: "●", square: "■" };
let selected = null;
const seen = new Map();  // per page: the pieces at the previous render, so that only new arrivals animate

const kindOf = (letter) => letter.toUpperCase();
const isRound = (letter) => letter === letter.toUpperCase();
const colourName = (letter) => t(`cm_colour_${kindOf(letter)}`);

function pieceSvg(letter, extra = "") {
  const round = isRound(letter);
  const kind = kindOf(letter);
  const fill = COLOURS[kind] || "#888";
  const text = kind === "Y" ? "#4a3b00" : "#fff";
  const shape = round
    ? `<circle cx="20" cy="20" r="15" fill="${fill}" stroke="#fff" stroke-width="2.5"/>`
    : `<rect x="6" y="6" width="28" height="28" rx="4" fill="${fill}" stroke="#fff" stroke-width="2.5"/>`;
  const el = h("span", { class: `cm-piece${extra}`, title: `${colourName(letter)} · ${t(round ? "cm_round" : "cm_square")}`, "data-piece": letter });
  el.innerHTML = `<svg viewBox="0 0 40 40" aria-hidden="true">${shape}<text class="cm-letter" x="20" y="25" text-anchor="middle" font-size="13" font-weight="700" fill="${text}">${kind}</text></svg>`;
  return el;
}

function sideOf(seat) { return seat === 0 ? "round" : seat === 1 ? "square" : null; }

// Who plays which side: "● Round" / "■ Square" (with the piece shape), for the seats list and the results table.
export function seatBadge(seat, ctx = {}) {
  const side = sideOf(seat);
  if (!side) return null;
  return h("span", { class: `cm-seat-badge ${side}`, title: t(side === "round" ? "cm_round_help" : "cm_square_help") },
    h("span", { class: "cm-mark", "aria-hidden": "true" }, SIDE_MARK[side]), " ", t(`cm_${side}`));
}

// The captures of a ply in words; the reward just placed (`placed`: its reserve square) is said by the sentence itself.
// `won`: the key that words a reward won (said of the mover in the log, to the player in a hint).
function captureWords(captures, placed = null, won = "cm_s_capture_reward") {
  return captures.map((c) => (c.reward && c.square !== placed
    ? t(won, { piece: colourName(c.piece), square: c.victim, reward: colourName(c.reward), reserve: c.square })
    : t("cm_s_capture_plain", { piece: colourName(c.piece), square: c.victim }))).join(", ");
}

// One ply's words from the keys cm_<words>_… ("s": a sentence said of `name`, "a": advice to the player): the
// ply, its captures, what follows; null for an event this board does not know.
function plyWords(e, words, name) {
  const prefix = `cm_${words}_`;
  const parts = [];
  if (e.kind === "move") {
    parts.push(t(`${prefix}${e.leaves_reserve ? "enter" : "move"}`, { name, piece: colourName(e.piece), from: e.from, to: e.to }));
  } else if (e.kind === "pass") {
    parts.push(t(`${prefix}pass`, { name }));
  } else if (e.kind === "choice") {
    if (e.choice === "room") parts.push(t(`${prefix}room`, { name, square: e.victim }));
    else if (e.choice === "reward") parts.push(t(`${prefix}reward`, { name, reward: colourName(e.reward), square: e.victim }));
    else parts.push(t(`${prefix}reserve`, { name, reward: colourName(e.reward), square: e.square }));
  } else {
    return null;
  }
  if (e.captures && e.captures.length) {
    parts.push(t(`${prefix}captured`, { list: captureWords(e.captures, e.kind === "choice" ? e.square : null, `${prefix}capture_reward`) }));
  }
  if (e.choices_follow) parts.push(t(`${prefix}choosing`));
  if (e.game_over) parts.push(endReason(e.reason) || t("cm_s_game_over"));
  return parts.join(" · ");
}

// One log entry ({seat, move, event}) as a sentence in the interface language, with the mover's name.
export function sentence(entry, ctx = {}) {
  const e = entry.event || {};
  return plyWords(e, "s", (ctx.names || [])[entry.seat] ?? t(e.side ? `cm_${e.side}` : "cm_round"));
}

// The same entry as advice to the seat that would play it (a hint): an instruction, with no name. It says only
// what the entry holds (the server's foreseen event).
export function advice(entry) {
  return plyWords(entry.event || {}, "a", null);
}

// How the game ended (State.end_reason), in words.
export function endReason(reason) {
  return reason ? t(`cm_reason_${reason}`) : null;
}

// The label of one named part of a seat's score breakdown (State.score_breakdown) for the results table.
// The score only says who won (1 / 0 / -1): the results table shows places and the outcome, not that number.
export const showsTotal = false;

export function breakdownLabel(part) {
  const key = `cm_bd_${part}`;
  const text = t(key);
  return text === key ? part : text;
}

export function breakdownValue(part, value) {
  if (part === "outcome") return value ? t(`cm_outcome_${value}`) : "";
  return String(value);
}

// Every part but the total, as [label, value in words] pairs, in the order a results table shows them.
export function breakdownParts(breakdown) {
  return Object.keys(breakdown).filter((part) => part !== "total")
    .map((part) => [breakdownLabel(part), breakdownValue(part, breakdown[part])]);
}

// The result in words: "Bruno (Round) wins: all the pieces of one side were captured" or "Draw: ...".
export function resultText(view, names = []) {
  if (!view.terminal) return null;
  const why = endReason(view.reason);
  if (view.winners.length === 1) {
    const seat = view.winners[0];
    const text = t("cm_result_win", { name: names[seat] ?? t(`cm_${sideOf(seat)}`), side: t(`cm_${sideOf(seat)}`) });
    return why ? `${text}: ${why}` : text;
  }
  return why ? `${t("cm_result_draw")}: ${why}` : t("cm_result_draw");
}

// A diagonal neighbour of `square` inside the grid: the target of a move sent only for the server to explain why
// no move starts there (the explanation is about the piece, whatever the direction).
function probe(square, ranks) {
  const f = FILES.indexOf(square[0]), r = Number(square.slice(1));
  for (const [df, dr] of [[1, 1], [-1, 1], [1, -1], [-1, -1]]) {
    const nf = f + df, nr = r + dr;
    if (nf >= 0 && nf < 8 && nr >= 1 && nr <= ranks) return `${square}-${FILES[nf]}${nr}`;
  }
  return null;
}

// What the recent log entries changed: squares emptied, squares reached, squares whose piece was captured.
function changes(recent) {
  const from = new Set(), to = new Set(), captured = new Set();
  for (const entry of recent || []) {
    const e = entry.event || {};
    const ply = e.kind === "move" ? e : e.ply || null;
    if (ply && ply.from) { from.add(ply.from); to.add(ply.to); }
    for (const c of e.captures || []) { captured.add(c.victim); if (c.square) to.add(c.square); }
  }
  return { from, to, captured };
}

function prompt(view, ctx, mine) {
  const p = view.pending;
  const names = ctx.names || [];
  if (view.terminal) return h("div", { class: "cm-prompt over", id: "cm-result" }, resultText(view, names));
  if (p && !mine) return h("div", { class: "cm-prompt" }, t("cm_prompt_opponent_capture", { name: names[view.current_player] ?? "?" }));
  if (!p) return mine ? h("div", { class: "cm-prompt" }, t(selected ? "cm_prompt_target" : "cm_prompt_pick")) : null;
  const certain = p.captures.filter((c) => c.certain);
  const list = (certain.length ? certain : p.captures).map((c) => t("cm_s_capture_plain", { piece: colourName(c.piece), square: c.victim })).join(", ");
  const box = h("div", { class: "cm-prompt capture", id: "cm-capture" }, h("strong", {}, t("cm_prompt_capture", { list })), " ");
  if (p.step === "reserve") {
    const o = p.options[0];
    add(box, t("cm_prompt_reserve", { reward: o.kind ? colourName(o.kind) : "?", square: o.victim ?? "?" }), " ",
      o.kind ? pieceSvg(view.current_player === 1 ? o.kind.toLowerCase() : o.kind, " inline") : null);
  } else if (p.step === "room") {
    add(box, t("cm_prompt_room"));
  } else {
    add(box, t("cm_prompt_reward", { square: p.options[0].victim }),
      h("span", { class: "cm-rewards" }, p.options.map((o) => h("button", { type: "button", class: `cm-reward${o.move === ctx.hint ? " hinted" : ""}`, "data-reward": o.kind,
        title: colourName(o.kind), onclick: () => ctx.play(o.move) },
      pieceSvg(view.current_player === 1 ? o.kind.toLowerCase() : o.kind), h("span", {}, colourName(o.kind)),
      ctx.showNotation ? h("code", {}, o.move) : null))));
  }
  return box;
}

function seatsBar(view, ctx) {
  const names = ctx.names || [];
  return h("div", { class: "cm-seats" }, [0, 1].map((seat) => {
    const side = sideOf(seat);
    const score = (view.scores || [])[seat] || {};
    const turn = !view.terminal && view.current_player === seat;
    return h("div", { class: `cm-seat ${side}${turn ? " turn" : ""}${seat === ctx.seat ? " me" : ""}`, "data-seat": seat },
      seatBadge(seat, ctx), h("strong", { class: "cm-name" }, names[seat] ?? ""),
      h("span", { class: "small muted" }, t("cm_pieces_left", { n: score.pieces ?? 0 }), " · ", t("cm_captured_n", { n: score.captured ?? 0 })));
  }));
}

export function render(container, view, ctx) {
  const height = view.ranks;
  const mine = (ctx.legal || []).length > 0;  // only the seat to move may play the view's moves
  const pending = mine ? view.pending : null;
  const moves = mine && !pending ? view.moves || {} : {};
  if (selected && !moves[selected]) selected = null;
  const targets = selected ? moves[selected] : {};
  const options = new Map();
  if (pending && pending.step !== "reward") for (const o of pending.options) options.set(pending.step === "room" ? o.victim : o.square, o);
  const victims = new Map(((view.pending && view.pending.captures) || []).map((c) => [c.victim, c]));
  const { from, to, captured } = changes(ctx.recent);
  const key = location.pathname;
  const before = seen.get(key) || null;
  seen.set(key, { ...view.pieces });
  // A hint, or an analysis's better move (ctx.hint): the squares it moves from and to, or the choice it makes.
  const hinted = new Set();
  const hintFrom = new Set(), hintVictims = new Set(), hintRewards = new Set();
  if (ctx.hint) {
    for (const [start, ends] of Object.entries(view.moves || {})) {
      // A whole ply's token ("g5-f4xd7=O@c9") begins with its displacement's; a displacement whose choices follow is
      // written "g5-f4*" on its own, its star standing for the choices the ply's token spells.
      for (const [end, move] of Object.entries(ends)) {
        const bare = move.endsWith("*") ? move.slice(0, -1) : move;
        if (move === ctx.hint || ctx.hint.startsWith(`${bare}x`)) {
          hinted.add(start); hinted.add(end); hintFrom.add(start);
          // The rest of the token names what the ply takes ("xd7") and where each reward goes ("@c9").
          for (const [, square] of ctx.hint.matchAll(/x([a-h][1-9])/g)) hintVictims.add(square);
          for (const [, square] of ctx.hint.matchAll(/@([a-h][1-9])/g)) hintRewards.add(square);
        }
      }
    }
    for (const o of (view.pending && view.pending.options) || []) {
      if (o.move === ctx.hint) hinted.add(view.pending.step === "room" ? o.victim : o.square);
    }
  }
  const reserveRanks = new Set(view.reserves.flat().map((square) => Number(square.slice(1))));
  const reserveSquares = new Set(view.reserves.flat());
  const redraw = () => container.dispatchEvent(new CustomEvent("board-redraw", { bubbles: true }));
  const grid = h("div", { class: "cm-board", style: `grid-template-columns: repeat(${FILES.length}, minmax(0, 1fr))` });
  for (let index = 0; index < height; index++) {
    const rank = height - index;
    for (let f = 0; f < FILES.length; f++) {
      const square = `${FILES[f]}${rank}`;
      const letter = view.pieces[square] || null;
      const dark = (f + 1 + rank) % 2 === 0;  // drawing only: a1 is dark, as on the real board
      const option = options.get(square);
      const victim = victims.get(square);
      const cls = ["cm-sq", dark ? "dark" : "light", reserveRanks.has(rank) ? "reserve" : "", reserveSquares.has(square) ? "slot" : "",
        square === selected ? "selected" : "", square in targets ? "target" : "", square in moves ? "movable" : "",
        option ? "option" : "", victim ? (victim.certain ? "victim" : "victim maybe") : "",
        from.has(square) || to.has(square) || captured.has(square) ? "changed" : "", captured.has(square) && !letter ? "captured" : "",
        hinted.has(square) ? (hintFrom.has(square) ? "hinted hint-from" : "hinted hint-to") : "",
        hintVictims.has(square) ? "hint-victim" : "", hintRewards.has(square) ? "hint-reward" : ""]
        .filter(Boolean).join(" ");
      const arrived = letter && before && before[square] !== letter;
      let title = square;
      if (ctx.showNotation && square in targets) title = `${square} · ${targets[square]}`;
      if (ctx.showNotation && option) title = `${square} · ${option.move}`;
      const ghost = option && pending.step === "reserve" && option.kind && !letter
        ? pieceSvg(view.current_player === 1 ? option.kind.toLowerCase() : option.kind, " ghost") : null;
      const cell = h("button", { type: "button", class: cls, "data-square": square, title, disabled: !ctx.interactive,
        onclick: () => {
          if (!mine) { ctx.play(null); return; }  // the table page explains: not your turn, or you are watching
          if (option) { ctx.play(option.move); return; }
          if (pending) { const move = probe(square, height); if (move) ctx.play(move); return; }
          if (square in targets) { const move = targets[square]; selected = null; ctx.play(move); return; }
          if (square in moves) { selected = square === selected ? null : square; redraw(); return; }
          if (selected) { const move = `${selected}-${square}`; selected = null; ctx.play(move); return; }
          if (letter) { const move = probe(square, height); if (move) ctx.play(move); }
        } },
      letter ? pieceSvg(letter, arrived ? " arrive" : "") : ghost,
      victim ? h("span", { class: "cm-x", "aria-hidden": "true" }, "✕") : null,
      f === 0 ? h("span", { class: "cm-rank" }, rank) : null,
      index === height - 1 ? h("span", { class: "cm-file" }, FILES[f]) : null);
      add(grid, cell);
    }
  }
  // One move count everywhere: the log's entries (one per stored move), which the view's count equals for a game
  // played at a table (each capture choice is a stored move of its own).
  const played = Array.isArray(ctx.log) ? ctx.log.length : view.moves_played ?? 0;
  const counts = [t("cm_moves_played", { n: played }), t("cm_no_progress", { n: view.no_progress })];
  add(container,
    seatsBar(view, ctx),
    prompt(view, ctx, mine),
    h("div", { class: "cm-wrap" }, grid),
    h("div", { class: "small muted cm-info" }, counts.join(" · ")));
}
