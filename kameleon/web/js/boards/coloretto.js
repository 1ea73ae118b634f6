// The Coloretto board: the rows (trucks), the draw pile, the drawn card and every collection with its live score.
// Everything the rules derive comes from the view (free places, the colours that count positively or negatively,
// the colour each wild card counts as, the totals, the move a click on a row, the pile or a declaration button
// stands for): the board shows those fields and works none of them out, nor writes any notation. A click the rules
// refuse is still sent, so that the table page shows the engine's own explanation in the reader's language.
// The log's events (ctx.recent: every move since the reader's own last one) mark what changed (class `changed`);
// cards that were not on the board at the previous render arrive with an animation (class `arrive`). A hint or an
// analysis's better move (ctx.hint, a token) marks the row, the pile or the button that stands for it.
import { add, h } from "../dom.js";
import { t, tn } from "../i18n.js";

const SPECIAL = { "+2": ["plus2", "+2"], joker: ["joker", "J"], "golden joker": ["golden", "★"], "last round": ["last", "LAST"] };

// A chameleon silhouette drawn on every colour card (a constant string, never user data).
const CHAMELEON = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M3 14c0-4 3-7 8-7 3 0 5 1 7 3l3 1-2 2c-1 2-3 3-6 3h-2c-1 2-3 2-4 1 1-1 1-2 0-2-2 0-4-1-4-1z" fill="rgba(255,255,255,.6)"/><circle cx="17" cy="11" r="1" fill="rgba(0,0,0,.55)"/><path d="M5 15c-1 2 0 5 3 5 2 0 3-2 1-3" fill="none" stroke="rgba(255,255,255,.6)" stroke-width="1.6" stroke-linecap="round"/></svg>';

// A card's name (the view's: "blue", "+2", "golden joker"...) in the interface language.
export function cardName(name) {
  const [cls] = SPECIAL[name] || [name];
  return t(`coloretto_card_${cls}`);
}

export function card(name, small = false) {
  const [cls, label] = SPECIAL[name] || [name, ""];
  const letter = SPECIAL[name] ? null : name[0].toUpperCase() + name.slice(1, 2);  // shown in colour-letter mode
  const title = cardName(name);
  const el = h("span", { class: `card c-${cls}${small ? " small" : ""}`, title, "aria-label": title, "data-card": name, "data-letter": letter }, label);
  if (!SPECIAL[name]) el.innerHTML = CHAMELEON;
  return el;
}

// "2 blue, +2": equal cards counted together, in the order they first appear.
function cardList(names) {
  const counts = new Map();
  for (const name of names) counts.set(name, (counts.get(name) || 0) + 1);
  return [...counts].map(([name, n]) => (n > 1 ? t("coloretto_count", { n, card: cardName(name) }) : cardName(name))).join(", ");
}

// What a take brought besides the row (a golden joker's bonus, the last round card, the discards), in words with
// no one's name, so that the log's sentence and the hint's advice say it alike.
function takeExtras(e) {
  const parts = [];
  if (e.bonus) parts.push(t("coloretto_s_bonus", { card: cardName(e.bonus) }));
  if (e.bonus && e.last_round) parts.push(t("coloretto_s_bonus_last"));
  if (e.discarded && e.discarded.length) parts.push(t("coloretto_s_discarded", { cards: cardList(e.discarded) }));
  return parts;
}

// One log entry ({seat, move, event}) as a sentence in the interface language, with the mover's name.
export function sentence(entry, ctx) {
  const e = entry.event || {};
  const name = (ctx.names || [])[entry.seat] ?? "?";
  switch (e.kind) {
    case "draw":
      if (!e.card) return t("coloretto_s_draw_unseen", { name });
      return t(e.last_round ? "coloretto_s_draw_last" : "coloretto_s_draw", { name, card: cardName(e.card) });
    case "place": return t("coloretto_s_place", { name, card: cardName(e.card), row: e.row });
    case "take": return [t("coloretto_s_take", { name, row: e.row, cards: cardList(e.cards) }), ...takeExtras(e)].join(" · ");
    case "joker": return t("coloretto_s_joker", { name, colour: cardName(e.colour) });
    case "positive": return t("coloretto_s_positive", { name, colour: cardName(e.colour) });
    case "done": return t("coloretto_s_done", { name });
    default: return null;
  }
}

// The same entry as advice to the seat that would play it (a hint): an instruction, with no name. It says only
// what the entry holds: a hint's draw comes without its card (the server's foreseen event), so none is named.
export function advice(entry) {
  const e = entry.event || {};
  switch (e.kind) {
    case "draw":
      if (!e.card) return t("coloretto_a_draw");
      return t(e.last_round ? "coloretto_a_draw_last" : "coloretto_a_draw_card", { card: cardName(e.card) });
    case "place": return t("coloretto_a_place", { card: cardName(e.card), row: e.row });
    case "take": return [t("coloretto_a_take", { row: e.row, cards: cardList(e.cards) }), ...takeExtras(e)].join(" · ");
    case "joker": return t("coloretto_a_joker", { colour: cardName(e.colour) });
    case "positive": return t("coloretto_a_positive", { colour: cardName(e.colour) });
    case "done": return t("coloretto_a_done");
    default: return null;
  }
}

// The label of one named part of a seat's score breakdown (State.score_breakdown) for the results table.
export function breakdownLabel(part) {
  const key = `coloretto_bd_${part}`;
  const text = t(key);
  return text === key ? part : text;
}

// The value of one named part, in words: numbers as they are, colour piles as "blue 6 (1 joker) +21".
export function breakdownValue(part, value) {
  if (part === "piles") {
    return value.map((p) => `${cardName(p.colour)} ${p.cards}${p.jokers ? ` (${t("coloretto_bd_with_jokers", { n: p.jokers })})` : ""} ${p.points > 0 ? "+" : ""}${p.points}`).join(", ");
  }
  if (part === "jokers") return value.length ? cardList(value) : t("coloretto_bd_none");
  if (typeof value === "number" && part !== "total" && value > 0) return `+${value}`;
  return String(value);
}

// Every part but the total, as [label, value in words] pairs, in the order a results table shows them.
export function breakdownParts(breakdown) {
  return ["positive", "negative", "plus_two", "piles", "jokers"].filter((part) => part in breakdown)
    .map((part) => [breakdownLabel(part), breakdownValue(part, breakdown[part])]);
}

// What the recent events changed: per row, how many of its cards are new; the seats that took a row and the
// colours they took; whether the drawn card is new.
function changes(recent) {
  const rows = new Map(), seats = new Map();
  let drawn = false;
  for (const entry of recent || []) {
    const e = entry.event || {};
    if (e.kind === "place") { rows.set(e.row, (rows.get(e.row) || 0) + 1); drawn = false; }
    if (e.kind === "draw") drawn = true;
    if (e.kind === "take") {
      rows.set(e.row, "taken");
      const taken = seats.get(entry.seat) || new Set();
      for (const name of [...e.cards, ...(e.bonus ? [e.bonus] : [])]) taken.add(name);
      seats.set(entry.seat, taken);
      if (e.round_over) for (const [row, n] of rows) if (n !== "taken") rows.delete(row);  // a new round: empty rows
    }
  }
  return { rows, seats, drawn };
}

// Cards seen at the previous render of each page, so that only cards new since then arrive with an animation.
const seen = new Map();

function rowsPanel(view, ctx, changed, before) {
  const legal = new Set(ctx.legal || []);
  const placing = view.phase === "place";
  return h("div", { class: "rows" }, view.rows.map((row) => {
    const move = row.move;
    const can = legal.has(move);
    const fresh = changed.rows.get(row.row);
    const earlier = before ? before[row.row - 1] : row.cards.length;
    const slots = row.cards.map((name, i) => {
      const el = card(name);
      if (typeof fresh === "number" && i >= row.cards.length - fresh) el.classList.add("changed");
      if (i >= earlier) el.classList.add("arrive");
      return el;
    });
    for (let i = 0; i < row.free; i++) slots.push(h("span", { class: "card slot" }));
    const taker = row.taken_by === null ? null : ctx.names[row.taken_by];
    return h("button", {
      class: `row${can ? " legal" : ""}${row.taken_by !== null ? " taken" : ""}${fresh ? " changed" : ""}${move === ctx.hint ? " hinted" : ""}`,
      "data-row": row.row, "data-move": move, type: "button", disabled: !ctx.interactive,
      onclick: () => ctx.play(move),
    },
    h("span", { class: "label" }, `${t("row")} ${row.row}`),
    h("span", { class: "cards" }, slots),
    taker ? h("span", { class: "hint muted" }, t("coloretto_taken_by", { name: taker })) : can ? h("span", { class: "hint" }, placing ? t("place") : t("take")) : null);
  }));
}

function collection(view, ctx, seat, changed) {
  const p = view.players[seat];
  const s = view.scores[seat];
  const positive = new Set(s.positive), negative = new Set(s.negative);
  const took = changed.seats.get(seat);
  // The best (or declared) colour of each wild card, shown as "+n" on that colour's pile.
  const wild = {};
  for (const colour of s.joker_colours) wild[colour] = (wild[colour] || 0) + 1;
  const stack = (name, cls, ...content) => h("span", { class: `stack${cls}${took && took.has(name) ? " changed" : ""}`, "data-colour": name }, card(name, true), ...content);
  const stacks = Object.entries(p.colours).filter(([colour, n]) => n > 0 || wild[colour]).map(([colour, n]) => {
    const cls = positive.has(colour) ? " positive" : negative.has(colour) ? " negative" : "";
    return stack(colour, cls, h("span", {}, n, wild[colour] ? h("small", { class: "wild", title: cardName("joker") }, ` +${wild[colour]}`) : null));
  });
  if (p.plus_two) stacks.push(stack("+2", "", p.plus_two));
  if (p.jokers) stacks.push(stack("joker", "", p.jokers));
  if (p.golden_jokers) stacks.push(stack("golden joker", "", p.golden_jokers));
  const turn = view.current_player === seat && !view.final;
  const cls = `collection${turn ? " turn" : ""}${ctx.seat === seat ? " me" : ""}${took ? " changed" : ""}`;
  return h("section", { class: cls, "data-seat": seat },
    h("header", {},
      h("strong", {}, ctx.names[seat] || `#${seat + 1}`),
      h("span", { class: "score", title: t("score") }, s.total, h("small", {}, ` ${tn("points_n", s.total)}`))),
    h("div", { class: "stacks" }, stacks.length ? stacks : h("span", { class: "muted small" }, "—")),
    view.active && !view.active[seat] && !view.final && view.phase !== "declare" ? h("div", { class: "passed" }, `✓ ${t("coloretto_has_row")}`) : null);
}

// Manual scoring: the seat to move gives its wild cards a colour and marks its positive colours by clicking
// colour cards; each button carries the move the view names for it.
function declarationPanel(view, ctx) {
  const moves = view.declaration_moves;
  if (!moves || !ctx.interactive) return null;
  const button = (move, content, cls = "") => h("button", { type: "button", class: `secondary cl-declare${cls}`, "data-move": move, onclick: () => ctx.play(move) }, content);
  const joker = Object.entries(moves.joker || {});
  const positive = Object.entries(moves.positive || {});
  return h("div", { class: "panel cl-declaration" },
    joker.length ? h("div", {}, h("strong", {}, t("coloretto_declare_joker")), " ",
      joker.map(([colour, move]) => button(move, card(colour, true)))) : null,
    positive.length ? h("div", {}, h("strong", {}, t("coloretto_declare_positive")), " ",
      positive.map(([colour, move]) => button(move, card(colour, true)))) : null,
    moves.done ? button(moves.done, `✓ ${t("coloretto_confirm")}`, " done") : null);
}

export function render(container, view, ctx) {
  const legal = new Set(ctx.legal || []);
  const canDraw = legal.has(view.pile_move);
  const changed = changes(ctx.recent);
  const page = location.pathname;
  const before = seen.get(page);
  seen.set(page, { rows: view.rows.map((row) => row.cards.length), drawn: view.drawn, moves: view.moves_played });
  // Only a move forward animates (a replay stepping back, or a first render, shows the board as it is).
  const forward = before && view.moves_played > before.moves && view.moves_played - before.moves < 20;
  const drawnCard = view.drawn ? card(view.drawn) : null;
  if (drawnCard && (changed.drawn || (forward && before.drawn !== view.drawn))) drawnCard.classList.add("changed");
  if (drawnCard && forward && !before.drawn) drawnCard.classList.add("arrive");
  const top = h("div", { class: "cl-top" },
    h("button", { class: `pile${canDraw ? " can" : ""}${view.pile_move === ctx.hint ? " hinted" : ""}`, type: "button", "data-move": view.pile_move, disabled: !ctx.interactive,
      onclick: () => ctx.play(view.pile_move), title: t("draw") },
    h("span", { class: "back" }, view.pile_size), h("span", { class: "small muted" }, t("pile"))),
    drawnCard ? h("div", { class: "drawn" }, h("span", { class: "small" }, t("drawn")), drawnCard) : null,
    h("div", { class: "small muted" }, `${t("round")} ${view.round}`, view.final_round ? h("strong", { style: "color:#b3261e" }, ` · ${t("last_round")}`) : null));
  add(container,
    top,
    declarationPanel(view, ctx),
    h("h3", {}, t("rows")),
    rowsPanel(view, ctx, changed, forward ? before.rows : null),
    h("h3", {}, t("collections")),
    h("div", { class: "collections" }, view.players.map((_, seat) => collection(view, ctx, seat, changed))),
  );
}
