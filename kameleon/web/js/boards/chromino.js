// Chromino: the layout as SVG squares, a pan/zoom viewport that outlives re-renders, and placement highlighting.
// The legal placements come from the view (`placements`: each one's move, hand tile, squares and colours; the
// layout's tiles carry their squares and colours too), so the board reads no notation and works out no tile name:
// it only groups them. Pick a tile in the hand, and every footprint where it may go is drawn as a ghost ("spot"). A click on a square plays the one placement through it, or opens a
// small chooser when several placements (other footprints or the reversed reading) cover that square. Refusals are the
// engine's: the view says why a tile of the hand cannot go anywhere and why the only moves are draw or pass, and a
// click where the picked tile cannot go is sent as that placement, which the server refuses with the engine's reason.
// The log's events (ctx.recent: every move since the reader's own last one) mark the tiles laid since then (class
// `changed`) and the players who drew; tiles laid since the previous render arrive with an animation (`arrive`).
// No notation shows unless the reader turned it on (ctx.showNotation). A hint or an analysis's better move
// (ctx.hint, a token) is drawn as a marked ghost of its placement, and its tile is marked in the hand.
import { add, h } from "../dom.js";
import { t, tn } from "../i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const ORDER = "RYGBP";
const MIN_SPAN = 4;     // cells across the viewBox at the closest zoom
const MAX_SPAN = 160;   // and at the widest: far beyond any real layout (random games stay within ±25, rules §12)
const FIT_MARGIN = 2.5; // a legal placement reaches at most 2 cells beyond the layout, so fitting shows every spot
const DRAG_PX = 5;      // a pointer that moves less than this is a click, not a pan

// Viewport, selected tile and pending choice per page (table or replay), kept across the re-render of every frame.
const pages = new Map();
function memory() {
  const key = location.pathname;
  if (!pages.has(key)) pages.set(key, { box: null, selected: null, pending: null, legalKey: null, laid: null });
  return pages.get(key);
}

const cellKey = (r, c) => `${r},${c}`;
// A footprint's key: its squares (the two readings of one footprint share it).
const spotKey = (p) => p.cells.map(([r, c]) => cellKey(r, c)).join(" ");

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) if (value !== null && value !== undefined) el.setAttribute(key, String(value));
  for (const child of children) if (child) el.append(child);
  return el;
}

// The wild centre: a dark square with a five-colour pinwheel, unlike any ordinary colour.
function wild(x, y) {
  const g = svg("g", { class: "cr-wild", transform: `translate(${x + 0.5} ${y + 0.5})` },
    svg("rect", { class: "cr-sq cr-W", x: -0.44, y: -0.44, width: 0.88, height: 0.88, rx: 0.14 }));
  [...ORDER].forEach((colour, i) => {
    const a0 = (i / 5) * 2 * Math.PI - Math.PI / 2, a1 = ((i + 1) / 5) * 2 * Math.PI - Math.PI / 2, r = 0.3;
    const d = `M0 0L${(r * Math.cos(a0)).toFixed(3)} ${(r * Math.sin(a0)).toFixed(3)}A${r} ${r} 0 0 1 ${(r * Math.cos(a1)).toFixed(3)} ${(r * Math.sin(a1)).toFixed(3)}Z`;
    g.append(svg("path", { class: `cr-${colour}`, d }));
  });
  return g;
}

// A colour square; its letter (the notation's) shows in colour-letter mode.
function square(letter, x, y) {
  if (letter === "*") return wild(x, y);
  return svg("g", { class: "cr-cell" },
    svg("rect", { class: `cr-sq cr-${letter}`, x: x + 0.06, y: y + 0.06, width: 0.88, height: 0.88, rx: 0.14 }),
    svg("text", { class: "cr-letter", x: x + 0.5, y: y + 0.68, "text-anchor": "middle" }, letter));
}

// One tile drawn over its footprint (the view's squares and colours): three squares and an outline (the outline
// shows where one tile ends).
function tileShape(p, attrs) {
  const r0 = Math.min(...p.cells.map(([r]) => r)), c0 = Math.min(...p.cells.map(([, c]) => c));
  const wide = p.cells[0][0] === p.cells[1][0];
  return svg("g", attrs,
    ...p.cells.map(([r, c], i) => square(p.colours[i], c, r)),
    svg("rect", { class: "cr-outline", x: c0 + 0.02, y: r0 + 0.02, width: wide ? 2.96 : 0.96, height: wide ? 0.96 : 2.96, rx: 0.18 }));
}

// A hand tile: the three squares in a row, as a small picture (named in words for screen readers).
function miniTile(name, label) {
  const picture = svg("svg", { viewBox: "0 0 3 1", class: "cr-mini", role: "img", "aria-label": label || tileWords(name) });
  [...name].forEach((letter, i) => picture.append(square(letter, i, 0)));
  return picture;
}

// A tile's colours in words ("red, yellow, green"; a chameleon's centre is "chameleon").
function tileWords(letters) {
  return [...letters].map((letter) => t(`chromino_colour_${letter === "*" ? "W" : letter}`)).join(", ");
}

// A placement in words from the keys chromino_<words>_… ("s": said of `name` by the log, "a": advice to the
// player in a hint): the tile laid, what it scored, the chameleon's extra draw and the last tile.
function placement(e, words, name) {
  const prefix = `chromino_${words}_`;
  const parts = [t(`${prefix}${e.after_draw ? "place_drawn" : "place"}`, { name, tile: tileWords(e.colours) })];
  if (e.points !== null && e.points !== undefined) parts.push(t("chromino_s_points", { n: e.points }));
  if (e.extra_draw) {
    // the drawn tile is named only to whom the event names it (the drawer, or open hands)
    const seen = words === "s" && e.extra_tile;
    parts.push(seen ? t("chromino_s_extra_seen", { name, tile: tileWords(e.extra_tile) }) : t(`${prefix}extra`, { name }));
  }
  if (e.out) parts.push(t(`${prefix}out`, { name }));
  return parts.join(" · ");
}

// One log entry ({seat, move, event}) as a sentence in the interface language, with the mover's name.
export function sentence(entry, ctx) {
  const e = entry.event || {};
  const name = (ctx.names || [])[entry.seat] ?? "?";
  switch (e.kind) {
    case "draw": return e.tile ? t("chromino_s_draw_seen", { name, tile: tileWords(e.tile) }) : t("chromino_s_draw", { name });
    case "pass": return t("chromino_s_pass", { name });
    case "place": return placement(e, "s", name);
    default: return null;
  }
}

// The same entry as advice to the seat that would play it (a hint): an instruction, with no name. It says only
// what the entry holds: a hint's draw comes without its tile (the server's foreseen event), so none is named.
export function advice(entry) {
  const e = entry.event || {};
  switch (e.kind) {
    case "draw": return e.tile ? t("chromino_a_draw_seen", { tile: tileWords(e.tile) }) : t("chromino_a_draw");
    case "pass": return t("chromino_a_pass");
    case "place": return placement(e, "a", null);
    default: return null;
  }
}

// The label of one named part of a seat's score breakdown (State.score_breakdown) for the results table.
export function breakdownLabel(part) {
  const key = `chromino_bd_${part}`;
  const text = t(key);
  return text === key ? part : text;
}

export function breakdownValue(part, value) {
  if (typeof value === "boolean") return t(value ? "chromino_yes" : "chromino_no");
  return String(value);
}

// Every part but the total, as [label, value in words] pairs, in the order a results table shows them.
export function breakdownParts(breakdown) {
  return Object.keys(breakdown).filter((part) => part !== "total")
    .map((part) => [breakdownLabel(part), breakdownValue(part, breakdown[part])]);
}

// How the game ended (State.end_reason), in words.
export function endReason(reason) {
  return reason ? t(`chromino_reason_${reason}`) : null;
}

function fitBox(layout) {
  let top = Infinity, left = Infinity, bottom = -Infinity, right = -Infinity;
  for (const p of layout) {
    for (const [r, c] of p.cells) { top = Math.min(top, r); bottom = Math.max(bottom, r); left = Math.min(left, c); right = Math.max(right, c); }
  }
  if (!layout.length) { top = bottom = 0; left = -1; right = 1; }
  let w = right - left + 1 + 2 * FIT_MARGIN, hgt = bottom - top + 1 + 2 * FIT_MARGIN;
  const cx = (left + right + 1) / 2, cy = (top + bottom + 1) / 2;
  w = Math.min(MAX_SPAN, Math.max(7, w)); hgt = Math.min(MAX_SPAN, Math.max(5, hgt));
  return { x: cx - w / 2, y: cy - hgt / 2, w, h: hgt };
}

// The view's legal placements grouped by tile, then by footprint (a footprint holds one or two readings).
function placementsByTile(placements) {
  const byTile = new Map();
  for (const p of placements || []) {
    if (!byTile.has(p.tile)) byTile.set(p.tile, []);
    byTile.get(p.tile).push(p);
  }
  return byTile;
}

function spotsOf(placements) {
  const spots = new Map();
  for (const p of placements) {
    const key = spotKey(p);
    if (!spots.has(key)) spots.set(key, []);
    spots.get(key).push(p);
  }
  return [...spots.values()];
}

// The placement a click on `cell` with `tile` picked stands for, when none of the tile's legal placements covers
// that square: sent as a move, it brings back the engine's own reason. On a covered square the tile starts there
// (the engine then names that square); on a free one, the first footprint through it with no covered square, so
// the reason is about contacts and colours.
function attemptedMove(tile, cell, occupied) {
  const [r, c] = cell;
  const anchors = occupied.has(cellKey(r, c)) ? [["H", r, c]]
    : [["H", r, c - 1], ["V", r - 1, c], ["H", r, c], ["V", r, c], ["H", r, c - 2], ["V", r - 2, c]];
  const free = anchors.find(([o, row, col]) => [0, 1, 2].every((i) => !occupied.has(o === "H" ? cellKey(row, col + i) : cellKey(row + i, col))));
  const [o, row, col] = free || anchors[0];
  return `${tile} ${o} ${row},${col}`;
}

function playersPanel(view, ctx, drew) {
  return h("div", { class: "cr-players" }, view.players.map((p) => {
    const turn = view.current_player === p.seat;
    const shown = p.seat === ctx.seat ? [] : p.hand || p.revealed;
    return h("div", { class: `cr-player${turn ? " turn" : ""}${p.seat === ctx.seat ? " me" : ""}${drew.has(p.seat) ? " changed" : ""}`, "data-seat": p.seat },
      h("strong", {}, ctx.names[p.seat] || `#${p.seat}`),
      h("span", { class: "cr-count", "data-hand-size": p.hand_size }, `${p.hand_size} ${t("chromino_in_hand")}`),
      p.points !== undefined ? h("span", { class: "cr-points", "data-points": p.points }, `${p.points} ${tn("points_n", p.points)}`) : null,
      p.out ? h("span", { class: "badge open" }, t("chromino_out")) : null,
      shown.length ? h("span", { class: "cr-shown", title: p.hand ? "" : t("chromino_revealed") }, shown.map((name) => miniTile(name, tileWords(name)))) : null);
  }));
}

const sameCell = (a, b) => a[0] === b[0] && a[1] === b[1];
const viewBoxOf = (b) => `${b.x} ${b.y} ${b.w} ${b.h}`;

// The layout, the spots of the picked tile and the pending choice, in board units (one square = 1).
function drawMap(layout, spots, pending, box, marks, hinted = null) {
  const map = svg("svg", { class: "cr-svg", viewBox: viewBoxOf(box), role: "img", "aria-label": `Chromino: ${layout.length}` });
  map.append(
    svg("defs", {}, svg("pattern", { id: "cr-grid", width: 1, height: 1, patternUnits: "userSpaceOnUse" },
      svg("path", { d: "M1 0H0V1", class: "cr-gridline" }))),
    svg("rect", { x: -MAX_SPAN, y: -MAX_SPAN, width: 2 * MAX_SPAN, height: 2 * MAX_SPAN, fill: "url(#cr-grid)" }));
  const numbered = layout.filter((p) => p.item.move_number !== null);
  // With a hint drawn, the last tile laid goes unmarked: its outline would compete with the recommendation.
  const last = numbered.length && !hinted ? numbered.reduce((a, b) => (b.item.move_number > a.item.move_number ? b : a)) : null;
  map.append(svg("g", { class: "cr-layout" }, ...layout.map((p, i) => tileShape(p, {
    class: `cr-tile${p === last ? " last" : ""}${p.item.seat === null ? " start" : ""}${marks.changed.has(spotKey(p)) ? " changed" : ""}${i >= marks.arrivedFrom ? " arrive" : ""}`,
    "data-placed": p.move, "data-seat": p.item.seat ?? "" }))));
  if (spots.length) {
    map.append(svg("g", { class: `cr-spots${pending ? " choosing" : ""}` },
      ...spots.map((readings) => tileShape(readings[0], { class: "cr-spot", "data-move": readings[0].move,
        "data-moves": readings.map((p) => p.move).join("|"), "data-cells": spotKey(readings[0]) })),
      pending ? tileShape(pending, { class: "cr-pending", "data-pending": pending.move }) : null));
  }
  // A hint, or an analysis's better move (ctx.hint): that placement drawn as a marked ghost.
  if (hinted) map.append(svg("g", { class: "cr-hints" }, tileShape(hinted, { class: "cr-spot hinted", "data-hint": hinted.move })));
  return map;
}

// Pan (one pointer), pinch (two) and wheel zoom on `map`; the box lives in `state` so the next render keeps it.
// A pointer that goes down and up without moving is a click on a square: onClick([row, col]).
function viewport(map, state, fit, onClick) {
  const current = () => state.box || fit();
  const setBox = (b) => { state.box = b; map.setAttribute("viewBox", viewBoxOf(b)); };
  // Scale by `factor` around the board point (px, py), which stays where it is on the screen.
  const zoomAt = (base, px, py, factor) => {
    const w = Math.min(MAX_SPAN, Math.max(MIN_SPAN, base.w * factor));
    const k = w / base.w;
    setBox({ x: px - (px - base.x) * k, y: py - (py - base.y) * k, w, h: base.h * k });
  };
  const toBoard = (clientX, clientY) => {
    const m = map.getScreenCTM();
    return m ? new DOMPoint(clientX, clientY).matrixTransform(m.inverse()) : new DOMPoint(0, 0);
  };
  const cellAt = (event) => { const p = toBoard(event.clientX, event.clientY); return [Math.floor(p.y), Math.floor(p.x)]; };

  let hovered = "";
  const hover = (cell) => {
    const key = cell ? cellKey(...cell) : "";
    if (key === hovered) return;
    hovered = key;
    map.querySelectorAll(".cr-spot[data-cells]").forEach((el) => el.classList.toggle("hover", Boolean(key) && el.dataset.cells.split(" ").includes(key)));  // not the hint's ghost
  };

  const pointers = new Map();
  let gesture = null;
  const startGesture = (moved) => {
    const pts = [...pointers.values()];
    const base = { ...current() };
    if (pts.length === 1) {
      gesture = { kind: "pan", base, x: pts[0].x, y: pts[0].y, scale: (map.getScreenCTM() || { a: 1 }).a, moved };
    } else {
      const [a, b] = pts;
      gesture = { kind: "pinch", base, mid: toBoard((a.x + b.x) / 2, (a.y + b.y) / 2), dist: Math.hypot(a.x - b.x, a.y - b.y) || 1, moved: true };
    }
  };
  map.addEventListener("pointerdown", (event) => {
    if (event.button > 0) return;
    map.setPointerCapture(event.pointerId);
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.size <= 2) startGesture(pointers.size > 1);
  });
  map.addEventListener("pointermove", (event) => {
    if (!pointers.has(event.pointerId)) { if (event.pointerType === "mouse") hover(cellAt(event)); return; }
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (!gesture) return;
    if (gesture.kind === "pan") {
      const dx = event.clientX - gesture.x, dy = event.clientY - gesture.y;
      if (!gesture.moved && Math.hypot(dx, dy) < DRAG_PX) return;
      gesture.moved = true;
      map.classList.add("panning");
      setBox({ ...gesture.base, x: gesture.base.x - dx / gesture.scale, y: gesture.base.y - dy / gesture.scale });
    } else if (pointers.size >= 2) {
      const [a, b] = [...pointers.values()];
      zoomAt(gesture.base, gesture.mid.x, gesture.mid.y, gesture.dist / (Math.hypot(a.x - b.x, a.y - b.y) || 1));
    }
  });
  const release = (event, cancelled) => {
    if (!pointers.has(event.pointerId)) return;
    const clicked = !cancelled && gesture && gesture.kind === "pan" && !gesture.moved;
    pointers.delete(event.pointerId);
    map.classList.remove("panning");
    gesture = null;
    if (clicked) onClick(cellAt(event));
    else if (pointers.size === 1) startGesture(true);  // the finger left after a pinch pans on, and never clicks
  };
  map.addEventListener("pointerup", (event) => release(event, false));
  map.addEventListener("pointercancel", (event) => release(event, true));
  map.addEventListener("pointerleave", () => hover(null));
  map.addEventListener("wheel", (event) => {
    event.preventDefault();
    const p = toBoard(event.clientX, event.clientY);
    zoomAt(current(), p.x, p.y, Math.exp(event.deltaY * (event.deltaMode === 1 ? 0.05 : 0.0015)));
  }, { passive: false });

  const centred = (factor) => () => { const b = current(); zoomAt(b, b.x + b.w / 2, b.y + b.h / 2, factor); };
  const button = (kind, key, label, onclick) => h("button", { type: "button", class: "secondary", "data-zoom": kind, title: t(key), "aria-label": t(key), onclick }, label);
  return h("div", { class: "cr-zoom" },
    button("in", "chromino_zoom_in", "+", centred(1 / 1.25)),
    button("out", "chromino_zoom_out", "−", centred(1.25)),
    button("fit", "chromino_fit", "⤢", () => { state.box = null; map.setAttribute("viewBox", viewBoxOf(fit())); }));
}

// Shown when several placements cover the clicked square: step through them, place one, or give up.
function chooserBar(state, choices, play, redraw, showNotation) {
  const n = choices.length;
  const index = state.pending.index % n;
  const step = (by) => () => { state.pending.index = (index + by + n) % n; redraw(); };
  return h("div", { class: "cr-chooser" },
    h("span", { class: "small" }, t("chromino_choose")),
    h("button", { type: "button", class: "secondary", "data-action": "prev", title: t("prev"), onclick: step(-1) }, "◀"),
    showNotation ? h("code", { class: "cr-pending-move", "data-move": choices[index].move }, choices[index].move, h("span", { class: "muted" }, ` (${index + 1}/${n})`))
      : h("span", { class: "cr-pending-move", "data-move": choices[index].move }, t("chromino_option", { n: index + 1, total: n })),
    h("button", { type: "button", class: "secondary", "data-action": "next", title: t("next"), onclick: step(1) }, "▶"),
    h("button", { type: "button", "data-action": "place", onclick: () => play(choices[index].move) }, t("place")),
    h("button", { type: "button", class: "secondary", "data-action": "cancel", "aria-label": "✕", onclick: () => { state.pending = null; redraw(); } }, "✕"));
}

// The seat's own tiles (a click picks one), with the draw and pass buttons.
function handPanel(view, ctx, me, state, byTile, play, redraw) {
  const legal = ctx.legal || [];
  const hintTile = ctx.hint ? ((view.placements || []).find((p) => p.move === ctx.hint) || {}).tile : null;
  const acting = Boolean(ctx.interactive && legal.length);
  const tiles = (me.hand || []).map((name) => {
    const playable = byTile.has(name);
    return h("button", { type: "button", "data-tile": name, title: tileWords(name),
      class: `cr-hand-tile${playable ? " playable" : ""}${state.selected === name ? " selected" : ""}${view.drawn === name ? " drawn" : ""}${hintTile === name ? " hinted" : ""}`,
      onclick: () => {
        if (!ctx.interactive) return;
        if (!legal.length) { ctx.explain(t("not_your_turn")); return; }
        if (!playable) { ctx.explain(t(`chromino_${view.unplayable[name]}`)); return; }
        state.selected = state.selected === name ? null : name;
        state.pending = null;
        redraw();
      } }, miniTile(name));
  });
  // The engine says why the only moves are draw or pass (view.forced), and why a tile cannot go anywhere (view.unplayable).
  const hint = acting && view.forced ? h("span", { class: "cr-hint" }, t(`chromino_${view.forced}`))
    : acting && !state.selected ? h("span", { class: "cr-hint muted" }, t("chromino_pick")) : null;
  // Draw and pass stay clickable when the rules refuse them: the server answers with the engine's reason.
  const action = (move, label) => h("button", { type: "button", "data-move": move, class: legal.includes(move) ? "" : "secondary",
    "data-legal": String(legal.includes(move)), onclick: () => play(move) }, label);
  return h("div", { class: `cr-hand${acting ? " acting" : ""}` },
    h("div", { class: "cr-hand-head" }, h("strong", {}, ctx.owner ? t("chromino_tiles_of", { name: ctx.owner }) : t("chromino_your_tiles")), hint),
    h("div", { class: "cr-hand-tiles" }, tiles),
    ctx.interactive ? h("div", { class: "cr-actions" }, action("draw", t("draw")), action("pass", t("chromino_pass"))) : null);
}

export function render(container, view, ctx) {
  const state = memory();
  const legal = ctx.legal || [];
  const layout = view.layout.map((item) => ({ move: item.move, cells: item.cells, colours: item.colours, item }));
  const occupied = new Set(layout.flatMap((p) => p.cells.map(([r, c]) => cellKey(r, c))));
  const byTile = placementsByTile(view.placements);
  const me = ctx.seat === null || ctx.seat === undefined ? null : view.players[ctx.seat];

  // A new list of legal moves is a new decision: drop the half-made choice (and pick a tile just drawn).
  const legalKey = legal.join("|");
  if (state.legalKey !== legalKey) {
    state.legalKey = legalKey;
    state.pending = null;
    if (view.phase === "after_draw" && view.drawn && byTile.has(view.drawn)) state.selected = view.drawn;
  }
  if (state.selected && !(me && me.hand && me.hand.includes(state.selected) && byTile.has(state.selected))) state.selected = null;
  const chosen = state.selected ? byTile.get(state.selected) : [];
  const through = (cell) => chosen.filter((p) => p.cells.some((x) => sameCell(x, cell)));
  const choices = state.pending ? through(state.pending.cell) : [];
  if (!choices.length) state.pending = null;
  const pending = state.pending ? choices[state.pending.index % choices.length] : null;

  const redraw = () => container.dispatchEvent(new CustomEvent("board-redraw", { bubbles: true }));
  const play = (move) => { state.pending = null; state.selected = null; ctx.play(move); };
  const clickCell = (cell) => {
    if (!ctx.interactive || !me) return;  // watching: the map only pans and zooms
    if (!legal.length) { ctx.explain(t("not_your_turn")); return; }
    if (pending && pending.cells.some((x) => sameCell(x, cell))) { play(pending.move); return; }
    const here = through(cell);
    if (here.length === 1) { play(here[0].move); return; }
    if (here.length > 1) { state.pending = { cell, index: 0 }; redraw(); return; }
    if (state.pending) { state.pending = null; redraw(); }
    if (!state.selected) { ctx.explain(t("chromino_pick")); return; }
    ctx.play(attemptedMove(state.selected, cell, occupied));  // refused: the table page shows the engine's reason
  };

  // What the recent moves changed, and which tiles are new since the previous render (only a step forward animates).
  const changed = new Set(), drew = new Set();
  for (const entry of ctx.recent || []) {
    const e = entry.event || {};
    if (e.kind === "place") changed.add(e.cells.map(([r, c]) => cellKey(r, c)).join(" "));
    if (e.kind === "draw" || (e.kind === "place" && e.extra_draw)) drew.add(entry.seat);
  }
  const laid = state.laid;
  state.laid = layout.length;
  const arrivedFrom = laid !== null && layout.length > laid && layout.length - laid < 12 ? laid : Infinity;

  const fit = () => fitBox(layout);
  const hinted = ctx.hint ? (view.placements || []).find((p) => p.move === ctx.hint) || null : null;
  const map = drawMap(layout, spotsOf(chosen), pending, state.box || fit(), { changed, arrivedFrom }, hinted);
  add(container, h("div", { class: "chromino-board" },
    h("div", { class: "cr-info small" },
      h("span", { class: "cr-bag", "data-bag": view.bag_size }, `${t("chromino_bag")}: ${view.bag_size}`),
      h("span", {}, `${t("round")} ${view.round}`),
      view.final_round ? h("strong", { class: "cr-final" }, t("last_round")) : null),
    playersPanel(view, ctx, drew),
    h("div", { class: "cr-map" }, map, viewport(map, state, fit, clickCell)),
    pending ? chooserBar(state, choices, play, redraw, Boolean(ctx.showNotation)) : null,
    me ? handPanel(view, ctx, me, state, byTile, play, redraw) : null));
}
