// Picks a game's board module; games without one get the generic board.
import * as generic from "./generic.js";

const BOARDS = { coloretto: () => import("./coloretto.js"), cameleon: () => import("./cameleon.js") };

export async function boardFor(game) {
  const load = BOARDS[game];
  if (!load) return generic;
  try { return await load(); } catch { return generic; }
}
