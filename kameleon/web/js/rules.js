// The rules page: a summary of each game's rules in the reader's language, with game tabs and a table of contents.
//
// Summaries are static fragments, /static/rules/<game>.<language>.html, one per game and language, each a run of
// sections that start with an <h2 id="...">. They are our own files, but they are still parsed inertly and reduced
// to plain markup before they reach the page, so a careless edit can never bring a script or a handler along.
import { add, h } from "./dom.js";
import { language, t } from "./i18n.js";

const FALLBACK = "en";

// Plain text markup the summaries may use; anything else is unwrapped (its text kept) or, if listed in DROPPED, removed.
const ALLOWED = new Set([
  "H2", "H3", "H4", "P", "UL", "OL", "LI", "DL", "DT", "DD", "STRONG", "EM", "B", "I", "CODE", "KBD", "SMALL",
  "SUB", "SUP", "BR", "SPAN", "ABBR", "BLOCKQUOTE", "TABLE", "CAPTION", "THEAD", "TBODY", "TFOOT", "TR", "TH", "TD",
]);
const DROPPED = new Set([
  "SCRIPT", "STYLE", "TEMPLATE", "IFRAME", "FRAME", "OBJECT", "EMBED", "LINK", "META", "BASE", "SVG", "MATH",
  "FORM", "INPUT", "BUTTON", "SELECT", "TEXTAREA", "IMG", "VIDEO", "AUDIO", "CANVAS", "NOSCRIPT",
]);
const ATTRIBUTES = new Set(["id", "class", "colspan", "rowspan", "scope", "title", "lang"]);
const SAFE_ID = /^[a-z][a-z0-9-]*$/;

/** The nodes of `html` reduced to the allowed markup and attributes, ready to insert into this document. */
export function cleanFragment(html) {
  // DOMParser builds an inert document: nothing in it runs or loads while it is cleaned.
  const content = new DOMParser().parseFromString(html, "text/html").body;
  const walk = (parent) => {
    for (const node of [...parent.childNodes]) {
      if (node.nodeType === Node.TEXT_NODE) continue;
      if (node.nodeType !== Node.ELEMENT_NODE) { node.remove(); continue; }
      walk(node);
      if (DROPPED.has(node.tagName)) { node.remove(); continue; }
      if (!ALLOWED.has(node.tagName)) { node.replaceWith(...node.childNodes); continue; }
      for (const { name, value } of [...node.attributes]) {
        if (!ATTRIBUTES.has(name) || (name === "id" && !SAFE_ID.test(value))) node.removeAttribute(name);
      }
    }
  };
  walk(content);
  const fragment = document.createDocumentFragment();
  for (const node of content.childNodes) fragment.append(document.importNode(node, true));
  return fragment;
}

/** The summary of `game` in `wanted`, or in English when that language has none; null when neither exists. */
async function fetchSummary(game, wanted) {
  for (const code of wanted === FALLBACK ? [FALLBACK] : [wanted, FALLBACK]) {
    const response = await fetch(`/static/rules/${encodeURIComponent(game)}.${code}.html`, { credentials: "same-origin" });
    if (response.ok) return { code, html: await response.text() };
    if (response.status !== 404) throw new Error(`/static/rules/${game}.${code}.html: ${response.status} ${response.statusText}`);
  }
  return null;
}

function tableOfContents(article) {
  const links = [...article.querySelectorAll("h2[id]")].map((heading) => h("li", {},
    h("a", { href: `#${heading.id}`, onclick: (event) => {
      // A plain fragment link would add a history entry, and the router re-renders on popstate.
      event.preventDefault();
      heading.scrollIntoView({ block: "start" });
      history.replaceState(history.state, "", `#${heading.id}`);
    } }, heading.textContent)));
  return h("nav", { class: "panel", id: "rules-toc", "aria-label": t("contents") }, h("h3", {}, t("contents")), h("ol", {}, links));
}

/**
 * Render the rules of `game` into `container`. `games` is the arena's catalogue ({name, title}); the page is
 * rebuilt from scratch by the router, which also happens when the reader changes language.
 */
export async function rulesPage(container, game, games) {
  const known = games.find((g) => g.name === game);
  const tabs = h("div", { class: "games-strip", id: "rules-tabs", role: "tablist" }, games.map((g) => h("a", {
    class: g.name === game ? "button" : "button secondary", href: `/rules/${g.name}`, "data-link": true,
    role: "tab", "aria-selected": String(g.name === game), "data-game": g.name }, g.title)));
  const page = h("div", { id: "rules-page" },
    h("div", { class: "panel hero" }, h("h1", {}, `${t("rules")} · ${known ? known.title : game}`), tabs));
  add(container, page);
  if (!known) {
    add(page, h("div", { class: "panel error", id: "rules-error" }, t("rules_unknown", { game })));
    return;
  }
  const summary = await fetchSummary(game, language());
  // The reader may have moved on (another tab, another language) while the summary loaded: that page has it now.
  if (!page.isConnected) return;
  if (!summary) {
    add(page, h("div", { class: "panel error", id: "rules-error" }, t("rules_unavailable", { game: known.title })));
    return;
  }
  const article = h("article", { class: "panel rules", id: "rules", lang: summary.code }, cleanFragment(summary.html));
  const notice = summary.code === language() ? null
    : h("p", { class: "panel muted", id: "rules-fallback" }, t("rules_missing"));
  add(page, notice, h("div", { class: "table-page" }, article, h("aside", { class: "sidebar" }, tableOfContents(article))));
  const target = location.hash && article.querySelector(`h2[id="${CSS.escape(location.hash.slice(1))}"]`);
  if (target) target.scrollIntoView({ block: "start" });
}
