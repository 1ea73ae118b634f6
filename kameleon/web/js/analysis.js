// A finished game's analysis in the replay view: the "Analyse this game" button, its progress, then the evaluation
// graph (inline SVG: one line per seat, each with its own colour, dash and marker shape), the accuracy of each
// player, the marks on inaccuracies, mistakes and blunders in the move log and on the graph, and the better move of a marked decision (its
// sentence comes from the board; the board draws it through ctx.hint). And the board's hint highlighting shared
// with the table page's hint button. The analysis is the server's (GET/POST /api/tables/{id}/analysis).
import { api, post } from "./api.js";
import { add, clear, h } from "./dom.js";
import { pct, t } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const COLOURS = ["#1f5fbf", "#c0392b", "#1e8449", "#7d3c98", "#b9770e"];
const SHAPES = ["circle", "square", "triangle", "diamond", "cross"];
const DASHES = ["", "7 4", "2 3", "9 3 2 3", "4 2"];
const POLL_MS = 1500;
const HIT_PX = 14;  // how near a tap must fall to a graph mark to select it (a 28 px target)
export const MARKED = new Set(["inaccuracy", "mistake", "blunder"]);
const SYMBOL = { inaccuracy: "?!", mistake: "?", blunder: "??" };

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) if (value !== null && value !== undefined) el.setAttribute(key, String(value));
  for (const child of children) if (child) el.append(child);
  return el;
}

// A seat's marker at (x, y): circle, square, triangle, diamond or cross, so that seats differ by shape too.
function marker(seat, x, y, r, attrs = {}) {
  const shape = SHAPES[seat % SHAPES.length];
  const common = { fill: COLOURS[seat % COLOURS.length], stroke: "#fff", "stroke-width": 1.5, ...attrs };
  if (shape === "circle") return svg("circle", { cx: x, cy: y, r, ...common });
  if (shape === "square") return svg("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, ...common });
  const points = shape === "triangle" ? [[x, y - r * 1.2], [x + r * 1.1, y + r * 0.8], [x - r * 1.1, y + r * 0.8]]
    : shape === "diamond" ? [[x, y - r * 1.3], [x + r * 1.1, y], [x, y + r * 1.3], [x - r * 1.1, y]]
      : [[x - r, y - r], [x, y - r * 0.3], [x + r, y - r], [x + r * 0.3, y], [x + r, y + r], [x, y + r * 0.3], [x - r, y + r], [x - r * 0.3, y]];
  return svg("polygon", { points: points.map((p) => p.join(",")).join(" "), ...common });
}

// The seat's key in the legend, the accuracy table and the log marks: its marker in a small SVG.
export function seatKey(seat) {
  const el = svg("svg", { viewBox: "0 0 16 16", class: "an-key", "aria-hidden": "true" }, marker(seat, 8, 8, 5));
  return el;
}

const percent = (value) => pct(value);
// The win chance a decision lost, as its two chances are shown (each rounded to a whole point), so that the sum
// reads right: "77% → 66% (−11%)".
export const lossShare = (d) => Math.max(0, Math.round(d.best_value * 100) - Math.round(d.value * 100)) / 100;
export const labelName = (label) => t(`an_label_${label}`);

// The log mark of a decision: "?!" (inaccuracy), "?" (mistake) or "??" (blunder), named in words for screen readers and on hover.
export function markBadge(decision, onclick) {
  const words = t("an_mark", { label: labelName(decision.label), loss: percent(lossShare(decision)) });
  return h("button", { type: "button", class: `an-mark ${decision.label}`, "data-ply": decision.ply, "data-label": decision.label,
    title: words, "aria-label": words, onclick: (event) => { event.stopPropagation(); onclick(decision); } }, SYMBOL[decision.label] || "");
}

// The evaluation graph: each seat's expected result after each of its decisions (the value of the move played),
// from 0% to 100%, over the game's moves; its inaccuracies, mistakes and blunders marked bigger (a click selects
// them); a vertical line at the step shown.
export function evalGraph(analysis, names, total, step, onSelect) {
  // On a phone the picture is drawn about as wide as the screen and taller, so that its text keeps a readable size
  // and the marks stay apart.
  const phone = window.innerWidth < 600;
  const W = phone ? 340 : 640, H = phone ? 260 : 200, L = phone ? 44 : 40, R = 12, T = 14, B = phone ? 30 : 26;
  const x = (ply) => L + ((W - L - R) * (ply + 1)) / Math.max(1, total);
  // A long game packs its decisions close: the marks shrink with the room a move has (to half their size at most).
  const shrink = Math.min(1, Math.max(0.5, ((W - L - R) / Math.max(1, total)) / 4));
  const y = (value) => T + (H - T - B) * (1 - value);
  const seats = [...new Set(analysis.decisions.map((d) => d.seat))].sort((a, b) => a - b);
  const title = svg("title", { id: "an-graph-title" });
  title.textContent = t("an_graph_title");
  const desc = svg("desc", { id: "an-graph-desc" });
  desc.textContent = seats.map((seat) => {
    const mine = analysis.decisions.filter((d) => d.seat === seat);
    const count = (label) => mine.filter((d) => d.label === label).length;
    const accuracy = (analysis.players.find((p) => p.seat === seat) || {}).accuracy;
    return t("an_graph_seat", { name: names[seat] ?? `#${seat + 1}`, accuracy: percent((accuracy ?? 0) / 100), inaccuracies: count("inaccuracy"), mistakes: count("mistake"), blunders: count("blunder"),
      start: mine.length ? percent(mine[0].value) : "—", end: mine.length ? percent(mine[mine.length - 1].value) : "—" });
  }).join(" ");
  const graph = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: `an-graph${phone ? " phone" : ""}`, id: "an-graph", role: "img", "aria-labelledby": "an-graph-title an-graph-desc" }, title, desc);
  for (const v of [0, 0.25, 0.5, 0.75, 1]) {
    graph.append(svg("line", { x1: L, x2: W - R, y1: y(v), y2: y(v), class: v === 0.5 ? "an-axis mid" : "an-axis" }));
    const label = svg("text", { x: L - 6, y: y(v) + 4, "text-anchor": "end", class: "an-tick" });
    label.textContent = percent(v);
    graph.append(label);
  }
  const moves = svg("text", { x: (L + W - R) / 2, y: H - 8, "text-anchor": "middle", class: "an-tick" });
  moves.textContent = t("an_graph_moves", { n: total });
  graph.append(moves);
  if (step !== null && step !== undefined) graph.append(svg("line", { x1: x(step - 1), x2: x(step - 1), y1: T, y2: H - B, class: "an-now", id: "an-now" }));
  const onTop = [], targets = [];
  for (const seat of seats) {
    const mine = analysis.decisions.filter((d) => d.seat === seat);
    const colour = COLOURS[seat % COLOURS.length];
    graph.append(svg("polyline", { points: mine.map((d) => `${x(d.ply).toFixed(1)},${y(d.value).toFixed(1)}`).join(" "),
      fill: "none", stroke: colour, "stroke-width": 2, "stroke-dasharray": DASHES[seat % DASHES.length] || null, class: "an-line", "data-seat": seat }));
    for (const d of mine) {
      const big = MARKED.has(d.label);
      const size = shrink * ({ blunder: 7, mistake: 5.5, inaccuracy: 4.2 }[d.label] ?? 2.5);
      if (!big) { graph.append(marker(seat, x(d.ply), y(d.value), size, { class: "an-point", "data-ply": d.ply })); continue; }
      const words = `${names[seat] ?? ""}: ${t("an_mark", { label: labelName(d.label), loss: percent(lossShare(d)) })}`;
      const tip = svg("title");
      tip.textContent = words;
      const dot = svg("g", { class: `an-point marked ${d.label}`, "data-ply": d.ply, "data-label": d.label, tabindex: 0, role: "button", "aria-label": words },
        tip, marker(seat, x(d.ply), y(d.value), size, { class: "an-dot" }));
      dot.addEventListener("click", (event) => { event.stopPropagation(); onSelect(d); });
      targets.push([x(d.ply), y(d.value), d]);
      dot.addEventListener("keydown", (event) => { if (event.key === "Enter" || event.key === " ") { event.preventDefault(); onSelect(d); } });
      onTop.push(dot);
    }
  }
  // A tap near a mark selects it: an invisible layer under the marks takes the taps around them and picks the nearest
  // mark within HIT_PX screen pixels, so that even a small mark is a target of HIT_PX * 2 on a phone, and marks close
  // together do not hide one another's targets.
  const catcher = svg("rect", { x: 0, y: 0, width: W, height: H, class: "an-hit", "aria-hidden": "true" });
  catcher.addEventListener("click", (event) => {
    const matrix = graph.getScreenCTM();
    if (!matrix) return;
    const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    let nearest = null, reach = HIT_PX / (matrix.a || 1);
    for (const [tx, ty, d] of targets) { const r = Math.hypot(tx - p.x, ty - p.y); if (r <= reach) { nearest = d; reach = r; } }
    if (nearest) onSelect(nearest);
  });
  graph.append(catcher);
  // The marked points are drawn last (blunders on top), so that no line, small point or lesser mark covers them.
  const rank = { inaccuracy: 0, mistake: 1, blunder: 2 };
  graph.append(...onTop.sort((a, b) => rank[a.dataset.label] - rank[b.dataset.label]));
  const legend = h("ul", { class: "an-legend small" }, seats.map((seat) => h("li", { "data-seat": seat }, seatKey(seat),
    h("span", { class: "an-swatch", style: `border-top: 3px ${DASHES[seat % DASHES.length] ? "dashed" : "solid"} ${COLOURS[seat % COLOURS.length]}` }),
    " ", names[seat] ?? `#${seat + 1}`)));
  return h("figure", { class: "an-figure" }, graph, h("figcaption", { class: "small muted" }, t("an_graph_caption")), legend);
}

// Accuracy per player, with how many inaccuracies, mistakes and blunders each made.
export function accuracyTable(analysis, names) {
  const count = (seat, label) => analysis.decisions.filter((d) => d.seat === seat && d.label === label).length;
  return h("table", { class: "list an-accuracy", id: "an-accuracy" },
    h("thead", {}, h("tr", {}, h("th", {}, t("player")), h("th", { title: t("an_accuracy_help") }, t("an_accuracy")),
      ["inaccuracy", "mistake", "blunder"].map((label) => h("th", { title: labelName(label), "aria-label": labelName(label) },
        h("span", { "aria-hidden": "true" }, SYMBOL[label]), " ", h("span", { class: "an-word" }, labelName(label)))))),
    h("tbody", {}, analysis.players.map((p) => h("tr", { "data-seat": p.seat },
      h("td", {}, seatKey(p.seat), " ", names[p.seat] ?? `#${p.seat + 1}`),
      h("td", { class: "an-accuracy-value" }, percent(p.accuracy / 100)),
      h("td", {}, count(p.seat, "inaccuracy")), h("td", {}, count(p.seat, "mistake")), h("td", {}, count(p.seat, "blunder"))))));
}

// The analysis panel of a replay: asks, follows the progress, and calls onDone(analysis) once it is there.
export function analysisPanel(tableId, me, onDone) {
  const box = h("section", { class: "panel analysis", id: "analysis", "aria-live": "polite" });
  let timer = null, left = false;
  const stop = () => { if (timer) { clearTimeout(timer); timer = null; } };
  const ask = async () => {
    try { follow(await post(`/api/tables/${tableId}/analysis`)); } catch (e) { failed(e.message); }
  };
  const button = (label) => h("button", { type: "button", id: "analyse", onclick: ask }, label);
  const failed = (message) => {
    add(clear(box), h("h2", {}, t("an_title")), h("p", { class: "error", id: "analysis-error" }, message),
      me ? button(t("an_retry")) : null);
  };
  const follow = (job) => {
    stop();
    if (left) return;  // the reader went to another page meanwhile
    if (job.status === "done") {
      clear(box); onDone(job.analysis, box);
      // Judged by an earlier analyser (another network, calibration or budget): today's might differ.
      if (job.stale) {
        const note = h("p", { class: "small an-stale", id: "analysis-stale" }, t("an_stale"), " ", me ? button(t("an_again")) : null);
        const intro = box.querySelector("h2 + p");  // read before the verdicts it qualifies
        if (intro) intro.after(note); else add(box, note);
      }
      return;
    }
    if (job.status === "failed") { failed(job.error || t("an_failed")); return; }
    if (job.status === "none") {
      add(clear(box), h("h2", {}, t("an_title")), h("p", { class: "small muted" }, t("an_intro")),
        me ? button(t("an_ask")) : h("p", { class: "small" }, h("a", { href: `/login?next=${encodeURIComponent(location.pathname)}`, "data-link": true }, t("an_login"))));
      return;
    }
    const total = job.total || 0;
    const bar = h("progress", { id: "analysis-progress", max: total || 1, value: job.done || 0, "aria-label": t("an_progress_label") });
    if (!total) bar.removeAttribute("value");  // not known yet: an indeterminate bar
    add(clear(box), h("h2", {}, t("an_title")),
      h("p", { id: "analysis-status" }, job.status === "pending" ? t("an_pending") : total ? t("an_running", { done: job.done, total }) : t("an_starting")), bar);
    timer = setTimeout(async () => {
      try { follow(await api(`/api/tables/${tableId}/analysis`)); } catch (e) { failed(e.message); }
    }, POLL_MS);
  };
  api(`/api/tables/${tableId}/analysis`).then(follow, (e) => failed(e.message));
  return { element: box, stop: () => { left = true; stop(); } };
}

// Highlight on a rendered board every element that stands for `token` (`data-move`), besides what the board's own
// ctx.hint drawing does; the token itself shows nowhere unless the notation is on.
export function markHint(container, token) {
  if (!token) return;
  container.querySelectorAll("[data-move]").forEach((el) => { if (el.dataset.move === token) el.classList.add("hinted"); });
}
