// HTTP helpers: every call sends and receives JSON; errors carry the server's message, in the interface
// language (every call says it in Accept-Language; a logged-in account's language wins on the server), and
// its stable code.
import { language } from "./i18n.js";

export class ApiError extends Error {
  constructor(status, message, code) { super(message); this.status = status; this.code = code; }
}

export async function api(path, { method = "GET", body } = {}) {
  const init = { method, headers: { "Accept-Language": language() }, credentials: "same-origin" };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  if (!response.ok) throw new ApiError(response.status, (data && data.error) || response.statusText, data && data.code);
  return data;
}

export const post = (path, body = {}) => api(path, { method: "POST", body });

// The query that opens a private table to someone holding its invite code ("" without one).
export const inviteQuery = (invite) => (invite ? `?invite=${encodeURIComponent(invite)}` : "");

// The socket's query: the invite code, and the interface language its error frames are written in.
const socketQuery = (invite) => {
  const query = new URLSearchParams({ lang: language() });
  if (invite) query.set("invite", invite);
  return `?${query}`;
};

export function tableSocket(tableId, invite, { onFrame, onStatus }) {
  // A WebSocket that reconnects by itself; each (re)connection starts with a full state frame.
  let socket = null, closed = false, delay = 500;
  const base = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/tables/${encodeURIComponent(tableId)}/ws`;
  const open = () => {
    socket = new WebSocket(base + socketQuery(invite)); // the language as it is now, also after a switch
    socket.onopen = () => { delay = 500; onStatus(true); };
    socket.onmessage = (event) => onFrame(JSON.parse(event.data));
    socket.onclose = () => {
      onStatus(false);
      if (!closed) { setTimeout(open, delay); delay = Math.min(delay * 2, 8000); }
    };
  };
  open();
  return {
    send(message) {
      if (socket && socket.readyState === WebSocket.OPEN) { socket.send(JSON.stringify(message)); return true; }
      return false;
    },
    close() { closed = true; if (socket) socket.close(); },
  };
}
