// Picks a game's board module; games without one get the generic board (the raw view).
// A board may ship a stylesheet of its own (static/css/<game>.css), linked once when the board is first used.
import * as generic from "./generic.js";

const BOARDS = {
  coloretto: () => import("./coloretto.js"),
  cameleon: () => import("./cameleon.js"),
  chromino: () => import("./chromino.js"),
  cardcassonne: () => import("./cardcassonne.js"),
};
const STYLED = new Set(["chromino", "cardcassonne", "coloretto", "cameleon"]);

function linkStyle(game) {
  if (!STYLED.has(game) || document.querySelector(`link[data-board="${game}"]`)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = `/static/css/${game}.css`;
  link.dataset.board = game;
  document.head.append(link);
}

// `?board=raw` on a table or replay page shows the raw view instead: what a new game's board starts from.
export async function boardFor(game) {
  const load = BOARDS[game];
  if (!load || new URLSearchParams(location.search).get("board") === "raw") return generic;
  try {
    const board = await load();
    linkStyle(game);
    return board;
  } catch { return generic; }
}
