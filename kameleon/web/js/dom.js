// A tiny element builder: h("div", {class: "x", onclick: f}, child, "text", [more]).

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "class") el.className = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (value === true) el.setAttribute(key, "");
    else el.setAttribute(key, String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

export function clear(el) { while (el.firstChild) el.removeChild(el.firstChild); return el; }

let toastTimer = null;
export function toast(message, bad = false) {
  const el = document.getElementById("toast");
  el.textContent = message;
  el.className = bad ? "bad" : "";
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.hidden = true; }, bad ? 6000 : 3000);
}

/** Append children, skipping null/undefined/false (the DOM's own append would print "null"). */
export function add(el, ...children) { append(el, children); return el; }

// Icons as inline SVG (never emoji: a system without an emoji font shows those as empty boxes). Each is drawn
// in currentColor on a 24-unit grid; `label` makes it an image with a name, otherwise it is decoration.
const ICONS = {
  trophy: "M7 4h10v3a5 5 0 0 1-10 0zM7 5H4v2a3 3 0 0 0 3 3M17 5h3v2a3 3 0 0 1-3 3M12 12v4M8 20h8M9 16h6v4H9z",
  star: "M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z",
  play: "M7 4l12 8-12 8z",
  pause: "M7 4h3v16H7zM14 4h3v16h-3z",
  first: "M6 5v14M18 5l-9 7 9 7z",
  last: "M18 5v14M6 5l9 7-9 7z",
  prev: "M16 5l-9 7 9 7z",
  next: "M8 5l9 7-9 7z",
  menu: "M4 6h16M4 12h16M4 18h16",
  enter: "M19 5v7H6M10 8l-4 4 4 4",
};
const FILLED = new Set(["star", "play", "pause", "first", "last", "prev", "next"]);

export function icon(name, label = null) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", `icon icon-${name}`);
  if (label) { svg.setAttribute("role", "img"); svg.setAttribute("aria-label", label); }
  else svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(ns, "path");
  path.setAttribute("d", ICONS[name]);
  if (FILLED.has(name)) { path.setAttribute("fill", "currentColor"); path.setAttribute("stroke", "currentColor"); path.setAttribute("stroke-linejoin", "round"); }
  else { path.setAttribute("fill", "none"); path.setAttribute("stroke", "currentColor"); path.setAttribute("stroke-width", "2"); path.setAttribute("stroke-linecap", "round"); path.setAttribute("stroke-linejoin", "round"); }
  svg.append(path);
  return svg;
}
