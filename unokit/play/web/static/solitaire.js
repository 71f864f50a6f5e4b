// The guide's UNO solitaire: one person against the deal, drawn from the state the server sends
// (unokit/play/web/solitaire.py). The server holds the game and judges every move; the page only
// shows what a player may see (face-down cards are backs, the stock a count) and sends moves in
// the notation of the terminal game: d, w>f, w>3, 3>f, 3>5.
import { $, api, ApiError, el, fill, store } from "./common.js";
import { cardEl, faceSymbol, parseCard, SHAPE } from "./cards.js";
import { applyI18n, langToggle, onLang, t } from "./i18n.js";

const GAME_KEY = "unokit:solitaire";
const FACES = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "+2", "R", "S"];   // ranks 1..12
const COLUMNS = 7;
const FOUNDATIONS = 8;

let gameId = null;
let state = null;
let selected = null;          // the chosen source: "w" or "1".."7"
let hinted = null;            // {src, dst} of the last hint, until the next move
let message = { kind: "info", make: () => t("sol.pickSource") };   // remade in the language shown
let chain = Promise.resolve();   // requests go one after the other, in the order clicked

init();

async function init() {
  $("#lang-slot").appendChild(langToggle());
  applyI18n();
  onLang(() => { applyI18n(); render(); });
  $("#undo").addEventListener("click", () => queue(undo));
  $("#hint").addEventListener("click", () => queue(hint));
  $("#new-deal").addEventListener("click", () => queue(() => newDeal(null)));
  $("#won-new").addEventListener("click", () => queue(() => newDeal(null)));
  $("#stock").addEventListener("click", () => { selected = null; queue(() => move("d")); });
  $("#waste").addEventListener("click", () => place("w"));
  $("#move-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const input = $("#move-input");
    const text = input.value.trim();
    if (!text) return;
    input.value = "";                 // at once: the next move may be typed while this one travels
    selected = null;
    queue(async () => {
      if (!(await move(text)) && !input.value) input.value = text;     // refused: there to correct
    });
  });
  $("#rules-link").addEventListener("click", () => { $("#rules").open = true; });
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && selected !== null) {
      selected = null;
      say("sol.pickSource");
    }
  });
  buildBoard();
  const seed = new URLSearchParams(location.search).get("seed");
  // a chosen deal: at most 15 digits, which a JavaScript number holds exactly
  if (seed !== null && /^\d{1,15}$/.test(seed)) return queue(() => newDeal(Number(seed)));
  const saved = store.get(GAME_KEY);
  if (saved && /^[A-Za-z0-9_-]{8,64}$/.test(saved)) {
    try {
      gameId = saved;
      show(await api(`/api/solitaire/${saved}`));
      return;
    } catch (e) {
      if (!(e instanceof ApiError) || e.status === 0) return sayRaw(e.message, "error");
      return queue(lost);            // evicted, or the server restarted: a new deal
    }
  }
  queue(() => newDeal(null));
}

function queue(fn) {
  chain = chain.then(fn).catch((e) => sayRaw(e.message || String(e), "error"));
  return chain;
}

// ------------------------------------------------------------------ requests
async function newDeal(seed, keepMessage = false) {
  const made = await api("/api/solitaire", seed === null ? {} : { seed });
  gameId = made.id;
  store.set(GAME_KEY, gameId);
  selected = null;
  hinted = null;
  if (!keepMessage) say("sol.pickSource");
  show(made.state);
}

/** Send one move; true when the server made it. */
async function move(text) {
  try {
    const s = await api(`/api/solitaire/${gameId}/move`, { move: text });
    hinted = null;
    if (s.won) say("sol.won", { n: s.moves }, "win");
    else say("sol.pickSource");
    show(s);
    return true;
  } catch (e) {
    selected = null;
    if (e instanceof ApiError && e.status === 404) return lost();
    if (e instanceof ApiError && e.status >= 400 && e.status < 500) say("sol.illegal", { why: e.message }, "error");
    else sayRaw(e.message, "error");
    render();
    return false;
  }
}

async function undo() {
  selected = null;
  try {
    const before = state && state.last;
    const s = await api(`/api/solitaire/${gameId}/undo`, {});
    hinted = null;
    say("sol.undone", { move: before || "" });
    show(s);
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return lost();
    if (e instanceof ApiError && e.status === 409) say("sol.noUndo", {}, "error");
    else sayRaw(e.message, "error");
  }
}

async function hint() {
  selected = null;
  say("sol.thinking", {}, "info");
  try {
    const h = await api(`/api/solitaire/${gameId}/hint`);
    if (!h.move) {
      hinted = null;
      say("sol.hintNone", {}, "hint");
    } else {
      const [src, dst] = h.move === "d" ? ["d", ""] : h.move.split(">");
      hinted = { src, dst };
      const what = describe(h.move);     // in words of the position the hint was asked for
      message = { kind: "hint", make: () => hintWords(h, what()) };
    }
    render();
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return lost();
    sayRaw(e.message, "error");
  }
}

/** The hint in the page's language (the server's own words name the card the draws lead to). */
function hintWords(h, what) {
  // whether a win is still there, in a player's words (the solver's own line, N moves long, is no goal to a person)
  const verdict = h.verdict ? t(`sol.verdict.${h.verdict}`) : "";
  const first = h.draws > 0 ? t("sol.hintDraws", { n: h.draws, then: h.then })
    : t("sol.hintMove", { move: h.move, what });
  return `${first} ${verdict}`.trim();
}

async function lost() {
  say("sol.gone");
  await newDeal(null, true);
}

// ------------------------------------------------------------------ choosing moves by clicking
/** A click on the waste ("w") or a column ("1".."7"). */
function place(where) {
  if (!state || state.won) return;
  if (selected === null) {
    if (where === "w" ? !state.waste.length : !state.columns[Number(where) - 1].up.length) {
      say(where === "w" ? "sol.wasteEmpty" : "sol.columnEmpty", { i: where }, "error");
      return;
    }
    selected = where;
    say("sol.selected", { what: placeName(where) });
    return;
  }
  const src = selected;
  if (where === src) {                 // the same source twice: the best place
    const best = bestFrom(src);
    selected = null;
    if (best === null) {
      say("sol.nowhere", { what: placeName(src) }, "error");
      return;
    }
    queue(() => move(best));
    return;
  }
  if (where === "w") {                 // the waste is never a destination: it becomes the source
    selected = null;
    place("w");
    return;
  }
  selected = null;
  queue(() => move(`${src}>${where}`));
}

function toFoundation() {
  if (selected === null) {
    say("sol.pickSource", {}, "error");
    return;
  }
  const src = selected;
  selected = null;
  queue(() => move(`${src}>f`));
}

/** The source's card home if it can go, else the first column that takes it (as the terminal game). */
function bestFrom(src) {
  const legal = new Set(state.legal);
  for (const dst of ["f", "1", "2", "3", "4", "5", "6", "7"]) {
    if (dst !== src && legal.has(`${src}>${dst}`)) return `${src}>${dst}`;
  }
  return null;
}

function placeName(where) {
  return where === "w" ? t("sol.theWaste") : t("sol.column", { i: where });
}

/** A move in words (a function: it speaks the language shown when called). */
function describe(text) {
  const draw = !!(state && state.stock);
  return () => {
    if (text === "d") return draw ? t("sol.desc.draw") : t("sol.desc.redeal");
    const [src, dst] = text.split(">");
    const from = placeName(src);
    return dst === "f" ? t("sol.desc.toFoundation", { from }) : t("sol.desc.toColumn", { from, to: dst });
  };
}

// ------------------------------------------------------------------ messages
function say(key, vars = {}, kind = "info") {
  message = { kind, make: () => t(key, vars) };
  render();
}

function sayRaw(text, kind = "error") {
  message = { kind, make: () => String(text) };
  render();
}

function renderMessage() {
  const node = $("#message");
  node.className = `sol-message kind-${message.kind}`;
  node.dataset.kind = message.kind;
  node.textContent = message.make();
}

// ------------------------------------------------------------------ drawing
function buildBoard() {
  const found = $("#foundations");
  for (let i = 1; i <= FOUNDATIONS; i++) {
    found.appendChild(el("button", { type: "button", class: "sol-pile sol-foundation", "data-testid": `foundation-${i}`,
      "data-index": String(i), onclick: toFoundation }));
  }
  const cols = $("#columns");
  for (let i = 1; i <= COLUMNS; i++) {
    cols.appendChild(el("button", { type: "button", class: "sol-col", "data-testid": `column-${i}`,
      "data-col": String(i), onclick: () => place(String(i)) }));
  }
}

function show(s) {
  state = s;
  render();
}

/** A face-up card, with its face in the top corner too (columns overlap: the corner is what shows). */
function card(code) {
  const node = cardEl(code);
  const c = parseCard(code);
  node.querySelector(".corner.tl").textContent = `${SHAPE[c.color] || ""}${faceSymbol(c)}`;
  return node;
}

function back() {
  return el("span", { class: "card back", "aria-hidden": "true" }, el("span", { class: "face" }, "UNO"));
}

function slot(text = "") {
  return el("span", { class: "sol-slot", "aria-hidden": "true" }, text);
}

function render() {
  renderMessage();
  const s = state;
  if (!s) return;
  const mark = (node, where) => {
    node.classList.toggle("selected", selected === where);
    node.classList.toggle("hinted", !!hinted && (hinted.src === where || hinted.dst === where));
  };

  // stock and waste
  const stock = $("#stock");
  fill(stock, s.stock ? back() : slot(s.waste_count ? "↺" : ""), el("span", { class: "sol-count" }, String(s.stock)));
  stock.setAttribute("aria-label", s.stock ? t("sol.stock", { n: s.stock }) : t("sol.stockEmpty"));
  stock.disabled = !s.stock && !s.waste_count;
  mark(stock, "d");
  const waste = $("#waste");
  const shown = s.waste.map((code, i) => {
    const node = card(code);
    if (i === s.waste.length - 1) node.dataset.testid = "waste-top";
    return node;
  });
  fill(waste, shown.length ? el("span", { class: "sol-fan" }, shown) : slot(),
    el("span", { class: "sol-count" }, String(s.waste_count)));
  waste.setAttribute("aria-label", t("sol.waste", { n: s.waste_count }) +
    (s.waste.length ? `: ${shown[shown.length - 1].getAttribute("aria-label")}` : ""));
  mark(waste, "w");

  // foundations: a hint to "f" lights the one the card would go to
  const goesTo = hinted && hinted.dst === "f" ? foundationFor(topOf(hinted.src)) : -1;
  document.querySelectorAll(".sol-foundation").forEach((node, i) => {
    const top = s.foundations[i];
    fill(node, top ? card(top) : slot(String(i + 1)));
    node.setAttribute("aria-label", `${t("sol.foundation", { i: i + 1 })}: ${top ? node.firstChild.getAttribute("aria-label") : t("sol.empty")}`);
    node.classList.toggle("hinted", i === goesTo);
    node.classList.toggle("target", selected !== null);
  });

  // columns
  document.querySelectorAll(".sol-col").forEach((node, i) => {
    const col = s.columns[i];
    const where = String(i + 1);
    const ups = col.up.map(card);
    const parts = [];
    for (let k = 0; k < col.down; k++) parts.push(back());
    parts.push(...ups);
    fill(node, el("span", { class: "sol-col-head", "aria-hidden": "true" }, where),
      parts.length ? el("span", { class: "sol-stack" }, parts) : slot());
    const words = [t("sol.columnLabel", { i: where })];
    if (col.down) words.push(t("sol.down", { n: col.down }));
    if (ups.length) words.push(ups.map((u) => u.getAttribute("aria-label")).join(", "));
    if (!parts.length) words.push(t("sol.empty"));
    node.setAttribute("aria-label", words.join(": "));
    mark(node, where);
  });

  fill($("#moves"), t("sol.moves", { n: s.moves }));
  fill($("#home"), t("sol.home", { n: s.home }));
  $("#undo").disabled = !s.can_undo;
  $("#hint").disabled = s.won;
  $("#won").hidden = !s.won;
  fill($("#won-text"), t("sol.won", { n: s.moves }));
  document.body.classList.toggle("choosing", selected !== null);
}

function topOf(src) {
  if (src === "w") return state.waste[state.waste.length - 1] || null;
  const col = state.columns[Number(src) - 1];
  return col && col.up.length ? col.up[col.up.length - 1] : null;
}

/** The foundation (0-based) a card goes to: a 1 to the leftmost empty one, any other card to the
 *  leftmost one topped by its colour one rank lower (the rule of unokit/solitaire/game.py). */
function foundationFor(code) {
  if (!code) return -1;
  const c = parseCard(code);
  const r = FACES.indexOf(c.face);
  if (r === 0) return state.foundations.findIndex((top) => top === null);
  const below = c.color + FACES[r - 1];
  return state.foundations.findIndex((top) => top === below);
}
