// Le Caméléon: the 8-file board drawn from the view; disc = Round, square = Square, colour = kind.
// Click one of your pieces to see where it can go, then click the destination. The view says which
// squares have legal moves and where they lead (`moves`), and why no move starts from the other
// pieces (`no_move_from`): the board computes no rule. Captures and rewards that follow a displacement
// are offered as buttons in "Your moves".
import { add, h } from "../dom.js";
import { t } from "../i18n.js";

const COLOURS = { B: "#3b6fd8", R: "#d63a3a", Y: "#f2c81e", V: "#8e44ad", O: "#f08a24", G: "#3fa34d", K: "#1d2733" };
const FILES = "abcdefgh";
let selected = null;

function piece(letter) {
  const round = letter === letter.toUpperCase();
  const kind = letter.toUpperCase();
  const fill = COLOURS[kind] || "#888";
  const text = kind === "Y" ? "#4a3b00" : "#fff";
  const shape = round
    ? `<circle cx="20" cy="20" r="15" fill="${fill}" stroke="#fff" stroke-width="2.5"/>`
    : `<rect x="6" y="6" width="28" height="28" rx="4" fill="${fill}" stroke="#fff" stroke-width="2.5"/>`;
  const el = h("span", { class: "cm-piece", title: `${t(round ? "cm_round" : "cm_square")} ${kind}` });
  el.innerHTML = `<svg viewBox="0 0 40 40" aria-hidden="true">${shape}<text x="20" y="25" text-anchor="middle" font-size="13" font-weight="700" fill="${text}">${kind}</text></svg>`;
  return el;
}

export function render(container, view, ctx) {
  const height = view.ranks;
  const mine = (ctx.legal || []).length > 0;  // only the seat to move may play the view's moves
  const moves = mine ? view.moves || {} : {};
  const targets = selected && moves[selected] ? moves[selected] : {};
  if (selected && !moves[selected]) selected = null;
  const reserveRanks = new Set(view.reserves.flat().map((square) => Number(square.slice(1))));  // the rows holding reserve squares
  const grid = h("div", { class: "cm-board", style: `grid-template-columns: repeat(${FILES.length}, 1fr)` });
  for (let index = 0; index < height; index++) {
    const rank = height - index;
    for (let f = 0; f < FILES.length; f++) {
      const square = `${FILES[f]}${rank}`;
      const letter = view.pieces[square] || null;
      const dark = (f + 1 + rank) % 2 === 0;  // drawing only: a1 is dark, as on the real board
      const cls = ["cm-sq", dark ? "dark" : "light", reserveRanks.has(rank) ? "reserve" : "",
        square === selected ? "selected" : "", square in targets ? "target" : "", square in moves ? "movable" : ""].join(" ");
      const cell = h("button", { type: "button", class: cls, "data-square": square, title: square, disabled: !ctx.interactive,
        onclick: () => {
          if (square in targets) { const move = targets[square]; selected = null; ctx.play(move); return; }
          if (square in moves) { selected = square === selected ? null : square; container.dispatchEvent(new CustomEvent("board-redraw", { bubbles: true })); return; }
          if (!mine) ctx.play(null);  // the table page explains: not your turn, or you are watching
          else if (view.no_move_from[square]) ctx.explain(t(`cm_no_move_${view.no_move_from[square]}`, { square }));
        } },
      letter ? piece(letter) : null,
      f === 0 ? h("span", { class: "cm-rank" }, rank) : null,
      index === height - 1 ? h("span", { class: "cm-file" }, FILES[f]) : null);
      add(grid, cell);
    }
  }
  const side = view.to_move === "round" ? `● ${t("cm_round")}` : `■ ${t("cm_square")}`;
  add(container,
    h("div", { class: "small muted cm-info" }, `${side} · ${t("cm_move", { n: view.move_number })} · ${t("cm_no_progress", { n: view.no_progress })}`,
      view.pending ? h("strong", {}, ` · ${t("cm_finish_capture")}`) : null,
      view.reason ? h("strong", {}, ` · ${t(`cm_reason_${view.reason}`)}`) : null),
    grid);
}
