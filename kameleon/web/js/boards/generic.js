// The fallback board for games without a dedicated one: the seat's view, readable, and nothing more.
// (The legal moves are offered as buttons by the table page for every game.)
import { add, h } from "../dom.js";

function value(v, depth) {
  if (v === null || v === undefined) return h("span", { class: "muted" }, "—");
  if (Array.isArray(v)) {
    if (v.every((x) => x === null || typeof x !== "object")) return v.length ? v.map(String).join(", ") : h("span", { class: "muted" }, "[]");
    return h("details", { open: depth < 1 && v.length <= 8 }, h("summary", {}, `${v.length} items`),
      v.map((item, i) => h("dl", {}, h("dt", {}, `#${i}`), h("dd", {}, value(item, depth + 1)))));
  }
  if (typeof v === "object") {
    const keys = Object.keys(v);
    const list = h("dl", {}, keys.map((k) => [h("dt", {}, k), h("dd", {}, value(v[k], depth + 1))]));
    return depth < 1 ? list : h("details", { open: depth < 2 && keys.length <= 10 }, h("summary", {}, `${keys.length} fields`), list);
  }
  return String(v);
}

// The moves themselves are the only way to play on this board: the table page offers them as buttons even
// with the Notation switch off.
export const playsByNotation = true;

export function render(container, view) {
  add(container, h("div", { class: "generic" }, value(view, 0)));
}
