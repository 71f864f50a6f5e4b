// Shared helpers of the lobby, the table and the replay viewer: DOM building (text only, never
// innerHTML with data), the JSON API, tokens in localStorage, toasts and countdowns.
import { t } from "./i18n.js";

/** Build an element: el("button", {class: "x", "data-testid": "draw", onclick: fn}, "text", child...).
 *  Strings become text nodes (so user text is always escaped); null/false children are skipped. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k === "dataset") Object.assign(node.dataset, v);
    else if (k === "style" && typeof v === "object") Object.assign(node.style, v);
    else if (v === true) node.setAttribute(k, "");
    else node.setAttribute(k, String(v));
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(node, c);
    else if (c instanceof Node) node.appendChild(c);
    else node.appendChild(document.createTextNode(String(c)));
  }
}

/** Replace the children of `node` (same rules as el). */
export function fill(node, ...children) {
  node.replaceChildren();
  append(node, children);
  return node;
}

export const $ = (sel, root = document) => root.querySelector(sel);
export const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));

/** An HTTP error with the server's one-line message (`{"detail": ...}`). */
export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** JSON request to the API; throws ApiError with the server's detail. */
export async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  let r;
  try {
    r = await fetch(path, init);
  } catch (e) {
    throw new ApiError(0, t("err.network"));
  }
  let data = null;
  try {
    data = await r.json();
  } catch (e) {
    data = null;
  }
  if (!r.ok) {
    const detail = data && typeof data.detail === "string" ? data.detail : `HTTP ${r.status}`;
    throw new ApiError(r.status, detail);
  }
  return data;
}

// ------------------------------------------------------------------ storage (never throws)
export const store = {
  get(key) {
    try { return localStorage.getItem(key); } catch (e) { return null; }
  },
  set(key, value) {
    try { localStorage.setItem(key, value); } catch (e) { /* private mode */ }
  },
  remove(key) {
    try { localStorage.removeItem(key); } catch (e) { /* private mode */ }
  },
};

export const tokenKey = (table) => `unokit:token:${table}`;
export const hostKey = (table) => `unokit:host:${table}`;
export const NAME_KEY = "unokit:name";

/** A short table code as typed by a person: upper case, letters and digits only. */
export function cleanCode(text) {
  return String(text || "").toUpperCase().replace(/[^A-Z0-9]/g, "").slice(0, 12);
}

// ------------------------------------------------------------------ toasts
let toastBox = null;

/** Show a short message (kind: "info", "error", "notice"); it goes away by itself or on a click. */
export function toast(message, kind = "info", ms = 5000) {
  if (!toastBox) {
    toastBox = el("div", { class: "toasts", "data-testid": "toasts", "aria-live": "polite", role: "status" });
    document.body.appendChild(toastBox);
  }
  const node = el("div", { class: `toast toast-${kind}`, "data-testid": `toast-${kind}`, role: kind === "error" ? "alert" : null },
    String(message));
  const close = () => node.remove();
  node.addEventListener("click", close);
  toastBox.appendChild(node);
  while (toastBox.children.length > 4) toastBox.firstChild.remove();
  setTimeout(close, ms);
  return node;
}

// ------------------------------------------------------------------ countdowns
// An element with data-deadline (performance.now() milliseconds) shows the seconds left, updated
// by one shared timer; data-prefix is written before the number.
const ticking = new Set();
let tickTimer = null;

export function countdown(node, seconds, format = (s) => `${s}`) {
  node.dataset.deadline = String(performance.now() + seconds * 1000);
  node._format = format;
  ticking.add(node);
  paint(node);
  if (!tickTimer) tickTimer = setInterval(tick, 200);
  return node;
}

function paint(node) {
  const left = Math.max(0, (Number(node.dataset.deadline) - performance.now()) / 1000);
  const shown = left >= 10 ? Math.round(left) : Math.ceil(left * 10) / 10;
  const text = node._format(left >= 10 ? String(shown) : shown.toFixed(1));
  if (node.textContent !== text) node.textContent = text;
  node.classList.toggle("urgent", left < 5);
}

function tick() {
  for (const node of ticking) {
    if (!node.isConnected) ticking.delete(node);
    else paint(node);
  }
  if (!ticking.size) {
    clearInterval(tickTimer);
    tickTimer = null;
  }
}

/** Keep the keyboard focus across a re-render: the element focused before (by data-focus-key) gets it back. */
export function keepFocus(render) {
  const active = document.activeElement;
  const key = active && active.dataset ? active.dataset.focusKey : null;
  render();
  if (key) {
    const again = document.querySelector(`[data-focus-key="${CSS.escape(key)}"]`);
    if (again && again !== document.activeElement) again.focus({ preventScroll: true });
  }
}

/** Format an epoch time (seconds) in the page's language. */
export function when(epochSeconds, lang) {
  try {
    return new Date(epochSeconds * 1000).toLocaleString(lang === "pt" ? "pt-BR" : "en-GB",
      { dateStyle: "medium", timeStyle: "short" });
  } catch (e) {
    return new Date(epochSeconds * 1000).toISOString();
  }
}
