// Le Caméléon: the 8-file board from the view's CPN; disc = Round, square = Square, colour = kind.
// Click one of your pieces to see where it can go (from the legal moves), then click the destination.
// Captures and rewards that follow a displacement are offered as buttons in "Your moves".
import { add, h } from "../dom.js";
import { t } from "../i18n.js";

const COLOURS = { B: "#3b6fd8", R: "#d63a3a", Y: "#f2c81e", V: "#8e44ad", O: "#f08a24", G: "#3fa34d", K: "#1d2733" };
const FILES = "abcdefghijk";
let selected = null;

function ranksOf(cpn) {
  // CPN placement: ranks from the top down, files a→h, digits = runs of empty squares.
  return cpn.split(" ")[0].split("/").map((rank) => {
    const row = [];
    for (const ch of rank) {
      if (/\d/.test(ch)) for (let i = 0; i < Number(ch); i++) row.push(null);
      else row.push(ch);
    }
    return row;
  });
}

function destinations(legal, from) {
  const found = new Map();
  for (const move of legal) {
    const m = move.match(/^([a-k]\d+)-([a-k]\d+)(?!\d)/);
    if (m && m[1] === from && !found.has(m[2])) found.set(m[2], move);
  }
  return found;
}

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
  const ranks = ranksOf(view.cpn);
  const height = ranks.length;
  const legal = ctx.legal || [];
  const targets = selected ? destinations(legal, selected) : new Map();
  const movable = new Set(legal.map((m) => (m.match(/^([a-k]\d+)-/) || [])[1]).filter(Boolean));
  if (selected && !movable.has(selected)) selected = null;
  const grid = h("div", { class: "cm-board", style: `grid-template-columns: repeat(${ranks[0].length}, 1fr)` });
  ranks.forEach((row, index) => {
    const rank = height - index;
    row.forEach((letter, f) => {
      const square = `${FILES[f]}${rank}`;
      const dark = (f + 1 + rank) % 2 === 0;
      const reserve = rank === 1 || rank === height;
      const cls = ["cm-sq", dark ? "dark" : "light", reserve ? "reserve" : "",
        square === selected ? "selected" : "", targets.has(square) ? "target" : "", movable.has(square) ? "movable" : ""].join(" ");
      const cell = h("button", { type: "button", class: cls, "data-square": square, title: square, disabled: !ctx.interactive,
        onclick: () => {
          if (targets.has(square)) { const move = targets.get(square); selected = null; ctx.play(move); return; }
          if (movable.has(square)) { selected = square === selected ? null : square; container.dispatchEvent(new CustomEvent("board-redraw", { bubbles: true })); return; }
          if (!legal.length) ctx.play(null);  // the table page explains: not your turn, or you are watching
          else if (letter) ctx.explain(t("cm_no_move_from", { square }));
        } },
      letter ? piece(letter) : null,
      f === 0 ? h("span", { class: "cm-rank" }, rank) : null,
      index === height - 1 ? h("span", { class: "cm-file" }, FILES[f]) : null);
      add(grid, cell);
    });
  });
  const side = view.to_move === "round" ? `● ${t("cm_round")}` : `■ ${t("cm_square")}`;
  add(container,
    h("div", { class: "small muted cm-info" }, `${side} · ${t("cm_move", { n: view.move_number })} · ${t("cm_no_progress", { n: view.no_progress })}`,
      view.pending ? h("strong", {}, ` · ${t("cm_finish_capture")}`) : null,
      view.reason ? h("strong", {}, ` · ${t(`cm_reason_${view.reason}`)}`) : null),
    grid);
}
