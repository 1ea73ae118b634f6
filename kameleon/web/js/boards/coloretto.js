// The Coloretto board: the rows (trucks), the draw pile, the drawn card and every collection with its live score.
// Everything the rules derive comes from the view (free places, the colours that count positively or negatively,
// the colour each wild card counts as, the totals, the move a click on a row or the pile stands for): the board shows
// those fields and works none of them out, nor writes any notation.
import { add, h } from "../dom.js";
import { t } from "../i18n.js";

const SPECIAL = { "+2": ["plus2", "+2"], joker: ["joker", "J"], "golden joker": ["golden", "★"], "last round": ["last", "LAST"] };

// A chameleon silhouette drawn on every colour card (a constant string, never user data).
const CHAMELEON = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M3 14c0-4 3-7 8-7 3 0 5 1 7 3l3 1-2 2c-1 2-3 3-6 3h-2c-1 2-3 2-4 1 1-1 1-2 0-2-2 0-4-1-4-1z" fill="rgba(255,255,255,.6)"/><circle cx="17" cy="11" r="1" fill="rgba(0,0,0,.55)"/><path d="M5 15c-1 2 0 5 3 5 2 0 3-2 1-3" fill="none" stroke="rgba(255,255,255,.6)" stroke-width="1.6" stroke-linecap="round"/></svg>';

export function card(name, small = false) {
  const [cls, label] = SPECIAL[name] || [name, ""];
  const letter = SPECIAL[name] ? null : name[0].toUpperCase() + name.slice(1, 2);  // shown in colour-letter mode
  const el = h("span", { class: `card c-${cls}${small ? " small" : ""}`, title: name, "aria-label": name, "data-letter": letter }, label);
  if (!SPECIAL[name]) el.innerHTML = CHAMELEON;
  return el;
}

function rowsPanel(view, ctx) {
  const legal = new Set(ctx.legal || []);
  const placing = view.phase === "place";
  return h("div", { class: "rows" }, view.rows.map((row) => {
    const move = row.move;
    const can = legal.has(move);
    const slots = row.cards.map((name) => card(name));
    for (let i = 0; i < row.free; i++) slots.push(h("span", { class: "card slot" }));
    const taker = row.taken_by === null ? null : ctx.names[row.taken_by];
    return h("button", {
      class: `row${can ? " legal" : ""}${row.taken_by !== null ? " taken" : ""}`,
      "data-row": row.row, "data-move": move, type: "button", disabled: !ctx.interactive,
      onclick: () => ctx.play(move),
    },
    h("span", { class: "label" }, `${t("row")} ${row.row}`),
    h("span", { class: "cards" }, slots),
    taker ? h("span", { class: "hint muted" }, taker) : can ? h("span", { class: "hint" }, placing ? t("place") : t("take")) : null);
  }));
}

function collection(view, ctx, seat) {
  const p = view.players[seat];
  const s = view.scores[seat];
  const positive = new Set(s.positive), negative = new Set(s.negative);
  // The best (or declared) colour of each wild card, shown as "+n" on that colour's pile.
  const wild = {};
  for (const colour of s.joker_colours) wild[colour] = (wild[colour] || 0) + 1;
  const stacks = Object.entries(p.colours).filter(([colour, n]) => n > 0 || wild[colour]).map(([colour, n]) => {
    const cls = positive.has(colour) ? " positive" : negative.has(colour) ? " negative" : "";
    return h("span", { class: `stack${cls}`, "data-colour": colour }, card(colour, true),
      h("span", {}, n, wild[colour] ? h("small", { class: "wild", title: "joker" }, ` +${wild[colour]}`) : null));
  });
  if (p.plus_two) stacks.push(h("span", { class: "stack" }, card("+2", true), p.plus_two));
  if (p.jokers) stacks.push(h("span", { class: "stack" }, card("joker", true), p.jokers));
  if (p.golden_jokers) stacks.push(h("span", { class: "stack" }, card("golden joker", true), p.golden_jokers));
  const turn = view.current_player === seat && !view.final;
  const cls = `collection${turn ? " turn" : ""}${ctx.seat === seat ? " me" : ""}`;
  return h("section", { class: cls, "data-seat": seat },
    h("header", {},
      h("strong", {}, ctx.names[seat] || `seat ${seat}`),
      h("span", { class: "score", title: t("score") }, s.total, h("small", {}, ` ${t("score")}`))),
    h("div", { class: "stacks" }, stacks.length ? stacks : h("span", { class: "muted small" }, "—")),
    view.active && !view.active[seat] && !view.final ? h("div", { class: "passed" }, `✓ ${t("take")}`) : null);
}

export function render(container, view, ctx) {
  const legal = new Set(ctx.legal || []);
  const canDraw = legal.has(view.pile_move);
  const top = h("div", { class: "cl-top" },
    h("button", { class: `pile${canDraw ? " can" : ""}`, type: "button", "data-move": view.pile_move, disabled: !ctx.interactive,
      onclick: () => ctx.play(view.pile_move), title: t("draw") },
    h("span", { class: "back" }, view.pile_size), h("span", { class: "small muted" }, t("pile"))),
    view.drawn ? h("div", { class: "drawn" }, h("span", { class: "small" }, t("drawn")), card(view.drawn)) : null,
    h("div", { class: "small muted" }, `${t("round")} ${view.round}`, view.final_round ? h("strong", { style: "color:#b3261e" }, ` · ${t("last_round")}`) : null));
  add(container, 
    top,
    h("h3", {}, t("rows")),
    rowsPanel(view, ctx),
    h("h3", {}, t("collections")),
    h("div", { class: "collections" }, view.players.map((_, seat) => collection(view, ctx, seat))),
  );
}
