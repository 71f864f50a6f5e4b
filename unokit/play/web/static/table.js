// The table page: join or watch, the table's lobby (share link, bots, start), then the game over
// the WebSocket /ws/{table} (docs/protocol.md).
//
// Every move is one of the `legal` action texts of the last state (or a complete play built from a
// stem through `expand`); the server is the referee, this page only offers what it allows. UNO Flex: a
// card whose flex side may be used is offered twice (RSX and RSX*): tapping it asks which side.
import { mergeLog, renderCenter, renderFair, renderHandResult, renderLog, renderScores, renderSeats, seatNames } from "./board.js";
import { ALL_COLORS, cardEl, cardName, cardsName, colorChip, colorName, isFlexed, physicalOf, SHAPE } from "./cards.js";
import { $, $$, api, cleanCode, countdown, el, fill, hostKey, keepFocus, NAME_KEY, store, toast, tokenKey } from "./common.js";
import { applyI18n, lang, langToggle, onLang, t } from "./i18n.js";

const code = cleanCode(decodeURIComponent(location.pathname.split("/")[2] || ""));
let token = null;
let ws = null;
let retries = 0;
let reconnectTimer = null;
let pingTimer = null;
let closedForGood = false;
let state = null;
let logHeld = null;            // the hand's log lines held: {hand, at, lines} (each state sends the new ones)
let unoArmed = false;          // "uno" goes with the next play that leaves one card
let prompt = null;             // what the prompt shows: {kind: "color"|"choices"|"compose"|"flex", ...}
let pendingExpand = null;      // {stem, done, root} while waiting for an `options` answer
let resultDismissed = null;    // the hand number whose result the player closed
let spectating = false;
let shownStatus = ["connecting", undefined];   // the connection's state, repainted when the language changes
let botList = null;            // the bots a host may seat (from /api/catalog)
// The hand's order, kept in the browser: "guide" (the order the guide recommends) or "colour" (both also
// chosen on /learn); unset: as dealt. The server sends each order as places in the hand (state.hand_order,
// from unokit/play/handorder.py). The button "Guide's order" (key O) toggles between the guide's order
// and the order shown before it (ORDER_BACK_KEY).
const ORDER_KEY = "unokit:handOrder";
const ORDER_BACK_KEY = "unokit:handOrderBack";

// ------------------------------------------------------------------ start
init();

async function init() {
  $("#lang-slot").appendChild(langToggle());
  applyI18n();
  document.title = `UNO ${code} — unokit`;
  fill($("#table-code"), code);
  setStatus("connecting");
  onLang(() => {
    applyI18n();
    setStatus(...shownStatus);
    if (ws && ws.readyState === WebSocket.OPEN) send({ type: "hello", lang: lang() });
    if (state) render();
  });
  wire();
  token = readToken();
  let info = null;
  try {
    info = await api(`/api/tables/${encodeURIComponent(code)}`);
  } catch (e) {
    if (e.status === 404 || e.status === 400) {
      $("#missing").hidden = false;
      setStatus("none");
      return;
    }
    toast(e.message, "error");
  }
  if (token) connect();
  else showJoin(info);
  if (isHost()) {
    api("/api/catalog").then((c) => { botList = c.bots; if (state && state.status === "lobby") render(); }, () => {});
  }
}

/** The token from the fragment (#token=...) or from localStorage; the fragment one is kept. */
function readToken() {
  const m = /(?:^#|&)token=([A-Za-z0-9_-]{10,200})/.exec(location.hash);
  if (m) {
    store.set(tokenKey(code), m[1]);
    return m[1];
  }
  return store.get(tokenKey(code));
}

function showJoin(info) {
  $("#join-panel").hidden = false;
  $("#game").hidden = true;
  $("#lobby-panel").hidden = true;
  const name = store.get(NAME_KEY);
  if (name && !$("#join-name").value) $("#join-name").value = name;
  const closed = info && (info.status !== "lobby" || info.free === 0);
  $("#join-form").hidden = !!closed;
  const note = $("#join-closed");
  note.hidden = !closed;
  note.textContent = closed ? (info.status !== "lobby" ? t("join.started") : t("join.full")) : "";
  setStatus("none");
  if (!closed) $("#join-name").focus();
}

function wire() {
  $("#join-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const name = $("#join-name").value.trim();
    if (!name) { toast(t("lobby.needName"), "error"); return; }
    try {
      const res = await api(`/api/tables/${encodeURIComponent(code)}/join`, { name });
      token = res.token;
      store.set(tokenKey(code), token);
      store.set(NAME_KEY, name);
      history.replaceState(null, "", `${location.pathname}#token=${token}`);
      $("#join-panel").hidden = true;
      spectating = false;
      reconnectNow();
    } catch (e) {
      toast(e.message, "error");
      if (e.status === 409) showJoin({ status: "playing", free: 0 });
    }
  });
  $("#watch").addEventListener("click", () => {
    spectating = true;
    $("#join-panel").hidden = true;
    reconnectNow();
  });
  $("#copy-link").addEventListener("click", async () => {
    const link = $("#share-link").value;
    try {
      await navigator.clipboard.writeText(link);
      toast(t("wait.copied"), "info", 2000);
    } catch (e) {
      $("#share-link").select();
    }
  });
  $("#start").addEventListener("click", async () => {
    try {
      await api(`/api/tables/${encodeURIComponent(code)}/start`, { token });
    } catch (e) {
      toast(e.message, "error");
    }
  });
  $("#chat-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const input = $("#chat-input");
    const text = input.value.trim();
    if (!text) return;
    if (!token) { toast(t("chat.spectator"), "error"); return; }
    if (send({ type: "chat", text })) input.value = "";
  });
  document.addEventListener("keydown", onKey);
}

// ------------------------------------------------------------------ the socket
function connect() {
  clearTimeout(reconnectTimer);
  closedForGood = false;
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const q = new URLSearchParams({ lang: lang(), patch: "1" });   // (this page merges state patches)
  if (token && !spectating) q.set("token", token);
  setStatus("connecting");
  logHeld = null;                // a new connection's first state carries the whole window
  const sock = new WebSocket(`${proto}://${location.host}/ws/${encodeURIComponent(code)}?${q}`);
  ws = sock;
  sock.addEventListener("open", () => {
    if (ws !== sock) return;
    retries = 0;
    setStatus("online");
    clearInterval(pingTimer);
    pingTimer = setInterval(() => send({ type: "ping" }), 25000);
  });
  sock.addEventListener("message", (ev) => {
    if (ws !== sock) return;
    let msg;
    try { msg = JSON.parse(ev.data); } catch (e) { return; }
    onMessage(msg);
  });
  sock.addEventListener("close", (ev) => {
    if (ws !== sock) return;
    clearInterval(pingTimer);
    ws = null;
    if (ev.code === 4404) { closedForGood = true; $("#missing").hidden = false; $("#game").hidden = true; setStatus("none"); return; }
    if (ev.code === 4403) {          // the token is not a seat here: forget it, offer to join or watch
      closedForGood = true;
      store.remove(tokenKey(code));
      token = null;
      history.replaceState(null, "", location.pathname);
      toast(t("join.badToken"), "error");
      api(`/api/tables/${encodeURIComponent(code)}`).then(showJoin, () => showJoin(null));
      return;
    }
    if (state && state.status === "over") { setStatus("over"); return; }
    scheduleReconnect();
  });
}

function scheduleReconnect() {
  if (closedForGood) return;
  const delay = Math.min(15000, 500 * 2 ** retries) * (0.8 + Math.random() * 0.4);
  retries = Math.min(retries + 1, 10);
  setStatus("reconnecting", Math.round(delay / 1000));
  clearTimeout(reconnectTimer);
  reconnectTimer = setTimeout(connect, delay);
}

function reconnectNow() {
  if (ws) {
    const old = ws;
    ws = null;
    try { old.close(); } catch (e) { /* already closed */ }
  }
  retries = 0;
  connect();
}

function send(msg) {
  if (!ws || ws.readyState !== WebSocket.OPEN) {
    if (msg.type !== "ping") toast(t("conn.notConnected"), "error");
    return false;
  }
  ws.send(JSON.stringify(msg));
  return true;
}

function act(text) {
  closePrompt();
  if (/\suno(\s|$)/.test(text) && / play /.test(text)) unoArmed = false;
  send({ type: "act", action: text });
}

function setStatus(kind, n) {
  shownStatus = [kind, n];
  const node = $("#status");
  node.className = `conn conn-${kind}`;
  node.dataset.conn = kind;
  node.textContent = kind === "none" ? "" : t(`conn.${kind}`, { n });
}

/** The whole state after a `patch` (docs/protocol.md, "State patches"): its fields replace those held, its
 * view's fields those of the view held; `you`, `legal`, `actions`, `hand_order` and the view's own part stay. */
function mergePatch(held, patch) {
  const out = { ...held, ...patch, type: "state" };
  if (patch.view && held.view) out.view = { ...held.view, ...patch.view };
  return out;
}

function onMessage(msg) {
  if (msg.type === "patch") {
    if (!state) return;            // (never: a connection's first state message is whole)
    msg = mergePatch(state, msg);
  }
  if (msg.type === "state") {
    logHeld = mergeLog(logHeld, msg);   // the lines not sent again are those the page holds
    msg.log = logHeld.lines;
    msg.log_at = logHeld.at;
    state = msg;
    $("#status").dataset.status = msg.status;          // lobby, playing, between, over (for tests and CSS)
    document.body.dataset.status = msg.status;
    document.body.dataset.version = msg.version;       // the table's version shown (tests wait for it)
    const side = msg.view && msg.view.side;             // UNO Flip: light or dark (CSS darkens the table)
    if (side) document.body.dataset.side = side;
    else delete document.body.dataset.side;
    render();
  } else if (msg.type === "options") {
    onOptions(msg);
  } else if (msg.type === "notice") {
    toast(msg.message, "notice", 6000);
  } else if (msg.type === "error") {
    pendingExpand = null;
    toast(msg.message, "error", 6000);
  }
}

// ------------------------------------------------------------------ legal actions
const mySeat = () => (state && state.you ? state.you.seat : null);
const isHost = () => store.get(hostKey(code)) === "1" || Boolean(state && state.you && state.you.host);

/** The first card an action puts down (a play's first card, a face-down one, a free discard). */
function firstCard(a) {
  if (a.type === "discard") return a.card;
  const cards = (a.cards || "").split(/[\s,]+/).filter(Boolean);
  if (cards.length) return cards[0];
  const hidden = (a.hidden || "").split(/[\s,]+/).filter(Boolean);
  return hidden[0] || null;
}

const words = (s) => (s || "").split(/[\s,]+/).filter(Boolean);

function legalOf(type) {
  return (state.actions || []).filter((a) => a.type === type);
}

/** Without the UNO button pressed, plays that call UNO are set aside (the player calls it, or not);
 *  with it pressed, they replace their silent twins. */
function unoFilter(list) {
  const groups = new Map();
  for (const a of list) {
    const key = words(a.text).filter((w) => w.toLowerCase() !== "uno").join(" ");
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(a);
  }
  const out = [];
  for (const g of groups.values()) {
    const loud = g.filter((a) => a.uno);
    const quiet = g.filter((a) => !a.uno);
    if (unoArmed && loud.length) out.push(...loud);
    else if (quiet.length) out.push(...quiet);
    else out.push(...loud);
  }
  return out;
}

/** Everything about an action but its colour (so wild plays that differ by colour group together). */
function colorless(a) {
  return [a.type, a.cards, a.card, a.target, a.give, a.hidden, a.claim, a.uno ? "uno" : "", a.more].join("|");
}

function sameButColor(list) {
  return list.length > 1 && list.every((a) => a.color) && new Set(list.map(colorless)).size === 1;
}

/** A play in words: "Red 7, Red 7 → Green, to Bob, giving G5, Y7, UNO". */
function describe(a) {
  const names = seatNames(state);
  const parts = [];
  if (a.type === "play") {
    const cards = words(a.cards);
    if (cards.length) parts.push(cardsName(cards));
    if (a.hidden) parts.push(t("play.hidden", { cards: cardsName(words(a.hidden)) }));
    if (a.claim) parts.push(t(cards.length ? "play.drawN" : "play.claim", { n: a.claim }));
    if (a.color) parts.push(`→ ${colorName(a.color)}`);
    if (a.first !== undefined && a.first !== null) parts.push(t("play.to", { name: `${names[a.first] ?? a.first} ⇄ ${names[a.target] ?? a.target}` }));
    else if (a.target !== undefined && a.target !== null) parts.push(t("play.to", { name: names[a.target] ?? a.target }));
    if (a.give) parts.push(t("play.give", { cards: cardsName(words(a.give)) }));
    if (a.uno) parts.push("UNO");
    if (a.more) parts.push("…");
    return parts.join(" ");
  }
  if (a.type === "discard") return t("play.discard", { card: cardName(a.card) });
  if (a.type === "color") return colorName(a.color);
  return a.text;
}

// ------------------------------------------------------------------ choosing a play
/** The player tapped a card of the hand (index i). */
function onCard(code, i) {
  if (!state || state.status !== "playing" || mySeat() === null) return;
  if (prompt && prompt.kind === "compose" && (prompt.stem.more === "cards" || prompt.stem.more === "give")) {
    const picks = prompt.options.filter((o) => physicalOf(additionOf(prompt.stem, o)) === code);
    if (!picks.length) { toast(t("play.notThisCard", { card: cardName(code) }), "error", 3000); return; }
    resolve(picks, prompt.root);
    return;
  }
  // (UNO Flex: a play naming a card's flexed face, RSX*, is played from the card, RSX)
  const cands = (state.actions || []).filter((a) => (a.type === "play" || a.type === "discard") && physicalOf(firstCard(a)) === code);
  if (!cands.length) {
    toast(t("play.cannot", { card: cardName(code) }), "error", 3000);
    return;
  }
  // out of turn (a cut) the chance passes as soon as the player in turn moves: the card alone goes at once,
  // and a group that could start with it is the "Cut with more cards" button's (renderActions)
  if (state.view && state.view.to_act !== mySeat()) {
    const list = unoFilter(cands);
    const completes = list.filter((a) => !a.more);
    if (completes.length === 1 && list.some((a) => a.more === "cards")) { act(completes[0].text); return; }
  }
  const flexed = cands.filter((a) => isFlexed(firstCard(a)));
  const regular = cands.filter((a) => !isFlexed(firstCard(a)));
  if (flexed.length) {     // UNO Flex: the regular use or the flex side (which turns the power card red)?
    openPrompt({ kind: "flex", card: code, flexCode: firstCard(flexed[0]), regular, flexed, root: cands[0].text });
    return;
  }
  resolve(cands, null);
}

/**
 * Decide what a set of candidate actions needs: one complete action is sent; several that differ by
 * colour open the colour picker; a stem is expanded (its complete twins become "done"); anything
 * else is offered as a list.
 */
function resolve(cands, root) {
  cands = unoFilter(cands);
  if (!cands.length) return;
  root = root || cands[0].text;        // the legal action this choice started from
  const completes = cands.filter((a) => !a.more);
  const stems = cands.filter((a) => a.more);
  if (!stems.length) {
    if (completes.length === 1) { act(completes[0].text); return; }
    if (sameButColor(completes)) { openPrompt({ kind: "color", options: completes, root }); return; }
    openPrompt({ kind: "choices", options: completes, root });
    return;
  }
  if (stems.length === 1 && completes.every((c) => sameBase(c, stems[0]))) {
    expand(stems[0], completes, root);
    return;
  }
  // a wild naming a colour, then a seat (UNO Flex's WF2*>G @?, Wild Swap Hands): the colour first
  if (!completes.length && sameButColor(stems)) { openPrompt({ kind: "color", options: stems, root }); return; }
  openPrompt({ kind: "choices", options: cands, root });
}

function sameBase(c, stem) {
  return (c.cards || "") === (stem.cards || "") && (c.target ?? null) === (stem.target ?? null)
    && (c.give || "") === (stem.give || "") && (c.hidden || "") === (stem.hidden || "");
}

function expand(stem, done, root) {
  pendingExpand = { stem: stem.text, stemAction: stem, done, root };
  send({ type: "expand", action: stem.text });
}

function onOptions(msg) {
  if (!pendingExpand || msg.stem !== pendingExpand.stem) return;
  const p = pendingExpand;
  pendingExpand = null;
  const options = (msg.actions || []).map((a, i) => ({ ...a, text: a.text || msg.options[i] }));
  openPrompt({ kind: "compose", stem: p.stemAction, options, done: p.done, root: p.root });
}

/** What an option adds to its stem: a card (group or gift) or a seat. */
function additionOf(stem, o) {
  if (stem.more === "cards") {
    const had = words(stem.cards).length + words(stem.hidden).length;
    const now = [...words(o.cards), ...words(o.hidden)];
    return now.length > had ? now[had] : null;
  }
  if (stem.more === "give") return words(o.give)[words(stem.give).length] ?? null;
  if (stem.more === "target") return o.target ?? null;
  return null;
}

function openPrompt(p) {
  prompt = p;
  render();
  const first = $("#prompt button:not([disabled])");
  if (first) first.focus({ preventScroll: true });
}

function closePrompt() {
  prompt = null;
  pendingExpand = null;
}

/** A prompt stays open only while the legal action it started from is still legal. */
function promptStillLegal() {
  if (!prompt) return true;
  return state.status === "playing" && (state.legal || []).includes(prompt.root);
}

function renderPrompt() {
  const box = $("#prompt");
  if (!prompt) {
    // the first discard is a Wild: the player left of the dealer names the colour
    const colors = state && state.status === "playing" ? legalOf("color") : [];
    if (colors.length) prompt = { kind: "color", options: colors, root: colors[0].text, auto: true };
  }
  if (!prompt) { box.hidden = true; box.replaceChildren(); return; }
  box.hidden = false;
  const cancel = prompt.auto ? null : el("button", { type: "button", class: "ghost", "data-testid": "compose-cancel",
    "data-focus-key": "compose-cancel", onclick: () => { closePrompt(); render(); } }, t("prompt.cancel"));
  if (prompt.kind === "color") {
    // (UNO Flip: a Flip may also turn up a Wild on top, whose colour the next player names)
    const auto = state.view && state.view.side ? "prompt.topColor" : "prompt.firstColor";
    const title = prompt.auto ? t(auto) : t("prompt.color", { what: describe({ ...prompt.options[0], color: null }) });
    fill(box, el("h3", { id: "prompt-title", "data-testid": "prompt-title" }, title), colorButtons(prompt.options), cancel);
    return;
  }
  if (prompt.kind === "flex") {
    // UNO Flex: the card's regular use or its flex side (the green power card allows it)
    const p = prompt;
    const side = (i, cls, list, code, what) => el("button", {
      type: "button", class: `option ${cls}`, "data-testid": `option-${i}`, "data-focus-key": `option-${i}`,
      "data-use": cls, "aria-keyshortcuts": cls === "flex-use" ? "F" : null, disabled: !list.length,
      "aria-label": `${what}: ${cardName(code)}${list.length ? "" : ` — ${t("hand.notNow")}`}`, onclick: () => resolve(list, p.root),
    }, cardEl(code, { small: true }), el("span", {}, el("strong", {}, what), el("br", {}), cardName(code)),
    cls === "flex-use" ? el("kbd", { "aria-hidden": "true" }, "F") : null);
    fill(box, el("h3", { id: "prompt-title", "data-testid": "prompt-title" }, t("flex.which", { card: cardName(p.card) })),
      el("div", { class: "flex-choice", role: "group" },
        side(0, "flex-regular", p.regular, p.card, t("flex.regular")),
        side(1, "flex-use", p.flexed, p.flexCode, t("flex.use"))), cancel);
    return;
  }
  if (prompt.kind === "choices") {
    fill(box, el("h3", { id: "prompt-title", "data-testid": "prompt-title" }, t("prompt.choose")),
      el("div", { class: "option-list" }, prompt.options.map((o, i) => el("button", {
        type: "button", class: "option", "data-testid": `option-${i}`, "data-focus-key": `option-${i}`,
        onclick: () => resolve([o], prompt.root),
      }, describe(o)))), cancel);
    return;
  }
  // compose: a play in steps
  const stem = prompt.stem;
  const groups = new Map();
  for (const o of prompt.options) {
    const add = additionOf(stem, o);
    const key = add === null ? `#${o.text}` : String(add);
    if (!groups.has(key)) groups.set(key, { add, list: [] });
    groups.get(key).list.push(o);
  }
  const names = seatNames(state);
  const what = stem.more === "cards" ? t("prompt.moreCards") : stem.more === "give" ? t("prompt.give") : t("prompt.target");
  const so = [];
  if (words(stem.cards).length) so.push(el("span", { class: "so-far" }, words(stem.cards).map((c) => cardEl(c, { small: true }))));
  if (stem.target !== undefined && stem.target !== null) so.push(el("span", {}, t("play.to", { name: names[stem.target] ?? stem.target })));
  if (words(stem.give).length) so.push(el("span", {}, t("play.giveShort"), " ", words(stem.give).map((c) => cardEl(c, { small: true }))));
  const done = unoFilter(prompt.done || []);
  let doneNode = null;
  if (done.length === 1) {
    doneNode = el("button", { type: "button", class: "primary", "data-testid": "compose-done", "data-focus-key": "compose-done",
      onclick: () => act(done[0].text) }, t("prompt.done"), " — ", describe(done[0]));
  } else if (done.length > 1 && sameButColor(done)) {
    doneNode = el("div", { class: "done-colors" }, el("span", {}, t("prompt.doneColor")), colorButtons(done));
  } else if (done.length > 1) {
    doneNode = el("div", { class: "option-list" }, done.map((d, i) => el("button", { type: "button", class: "primary",
      "data-testid": i === 0 ? "compose-done" : `compose-done-${i}`, onclick: () => act(d.text) }, t("prompt.done"), " — ", describe(d))));
  }
  let n = 0;
  const opts = [...groups.values()].map((g) => {
    // a swap card (SEVENO's 7, T's 0) may name nobody: "Don't swap", not the bare card
    const noSwap = stem.more === "target" && g.add === null && g.list.every((o) => o.target === undefined || o.target === null);
    const label = noSwap ? t("prompt.noSwap") : stem.more === "target" && g.add !== null ? names[g.add] ?? String(g.add)
      : g.add !== null ? cardEl(g.add, { small: true }) : describe(g.list[0]);
    const more = g.list.some((o) => o.more);
    const i = n++;
    const aria = noSwap ? t("prompt.noSwapLabel", { card: cardsName(words(stem.cards)) })
      : stem.more === "target" ? t("prompt.toSeat", { name: names[g.add] ?? g.add }) : g.add !== null ? cardName(g.add) : describe(g.list[0]);
    return el("button", { type: "button", class: `option${noSwap ? " no-swap" : ""}`, "data-testid": `option-${i}`, "data-focus-key": `option-${i}`,
      "aria-label": aria,
      onclick: () => resolve(g.list, prompt.root) }, label, more ? " …" : "");
  });
  fill(box,
    el("h3", { id: "prompt-title", "data-testid": "prompt-title" }, t("prompt.compose"), " ", so),
    el("p", { class: "small" }, what),
    doneNode,
    el("div", { class: "option-list" }, opts),
    cancel);
}

/** One button per colour the options name (the side in play's four in UNO Flip: P T O V on the dark side). */
function colorButtons(options) {
  return el("div", { class: "color-picker", role: "group", "aria-label": t("prompt.colorGroup") },
    ALL_COLORS.map((c) => {
      const a = options.find((o) => o.color === c);
      if (!a) return null;
      return el("button", { type: "button", class: `color-btn c-${c}`, "data-testid": `color-${c}`, "data-focus-key": `color-${c}`,
        "aria-label": colorName(c), onclick: () => (a.more ? expand(a, [], prompt ? prompt.root : a.text) : act(a.text)) },
        el("span", { class: "shape", "aria-hidden": "true" }, SHAPE[c]), el("span", {}, colorName(c)));
    }));
}

// ------------------------------------------------------------------ render
function render() {
  if (!state) return;
  if (!promptStillLegal()) closePrompt();
  const playing = state.status !== "lobby";
  if (playing && !state.you) $("#join-panel").hidden = true;
  $("#lobby-panel").hidden = playing;
  $("#game").hidden = !playing;
  $("#side").hidden = false;
  const active = document.activeElement;
  const handIndex = active && active.closest && active.closest("#hand") ? Number(active.dataset.index) : null;
  keepFocus(() => {
    if (!playing) renderLobby();
    else renderGame();
    renderScores($("#scores"), state);
    renderLog($("#log"), state);
    renderFair($("#fair"), state, code);
    renderChat();
    renderResult();
  });
  // the card that had the focus was played: the focus stays in the hand, on its neighbour
  if (handIndex !== null && (!document.activeElement || document.activeElement === document.body)) {
    const cards = $$("#hand .card");
    if (cards.length) cards[Math.min(handIndex, cards.length - 1)].focus({ preventScroll: true });
  }
}

function renderLobby() {
  const link = `${location.origin}/t/${code}`;
  $("#share-link").value = link;
  fill($("#share-code"), code);
  fill($("#wait-rules"), t("wait.rules", { rules: state.rules }), " · ",
    state.options.match ? t("wait.match", { mode: t(`mode.${state.options.mode || "points"}`), n: state.options.target ?? targetOf(state.rules) })
      : t("mode.single"), ...blankNotes());
  const host = isHost() && state.you;
  const bots = botList || [];
  fill($("#lobby-seats"), state.seats.map((s) => {
    const p = s.player;
    const mine = state.you && state.you.player === p;
    let who;
    if (s.kind === "person") who = el("span", {}, el("span", { "aria-hidden": "true" }, "☺ "), s.name, mine ? ` (${t("seat.you")})` : "",
      s.connected ? "" : ` — ${t("seat.offline")}`);
    else if (s.kind === "bot") who = el("span", {}, el("span", { "aria-hidden": "true" }, "⚙ "), s.name);
    else who = el("span", { class: "muted" }, t("wait.free"));
    let control = null;
    if (host && s.kind !== "person") {
      control = el("select", { "data-testid": `seat-bot-${p}`, "data-focus-key": `seat-bot-${p}`, "aria-label": t("lobby.seatN", { n: p }),
        onchange: async (ev) => {
          try {
            await api(`/api/tables/${encodeURIComponent(code)}/seat`, { token, seat: p, bot: ev.target.value || null });
          } catch (e) { toast(e.message, "error"); }
        } },
      el("option", { value: "" }, t("lobby.seatFree")), bots.map((b) => el("option", { value: b }, t("lobby.botNamed", { bot: b }))));
      control.value = s.kind === "bot" ? s.bot : "";
    }
    return el("li", { class: "lobby-seat", "data-testid": `lobby-seat-${p}` }, el("span", { class: "seat-no" }, String(p)), " ", who, " ", control);
  }));
  const free = state.seats.filter((s) => !s.kind).length;
  // a spectator may still take a free seat before the start
  const canJoin = !state.you && free > 0;
  $("#join-panel").hidden = !canJoin;
  if (canJoin) {
    $("#join-form").hidden = false;
    $("#join-closed").hidden = true;
    $("#watch").hidden = true;
  }
  $("#start").hidden = !host;
  fill($("#waiting"), host ? t("wait.hostHint", { n: free }) : state.you ? t("wait.forHost") : t("wait.watching"));
}

/** The target a rule code sets (target=N), else the default 500. */
function targetOf(rules) {
  const m = /\btarget=(\d+)/.exec(rules || "");
  return m ? Number(m[1]) : 500;
}

/** What each blank card does (the table's blanks=, e.g. "swap/drawn/r7"): a line under the rules, or nothing. */
function blankNotes() {
  const value = (state.options && state.options.blanks) || "";
  if (!value) return [];
  const known = ["wild", "swap", "draw2", "everyone1", "drawn", "bianca", "nextswap"];
  const list = value.split("/").map((b, i) => `${i + 1}: ${known.includes(b) ? t(`blank.${b}`) : t("blank.standsIn", { card: b.toUpperCase() })}`);
  return [el("br"), el("span", { "data-testid": "wait-blanks" }, t("wait.blanks", { list: list.join("; ") }))];
}

function renderGame() {
  const seat = mySeat();
  spectatingNote(seat);
  const catchable = new Map();
  for (const a of legalOf("catch")) catchable.set(a.target, a.text);
  let targets = null;
  if (prompt && prompt.kind === "compose" && prompt.stem.more === "target") {
    targets = new Map();
    for (const o of prompt.options) {
      if (o.target === undefined || o.target === null || targets.has(o.target)) continue;
      const list = prompt.options.filter((x) => x.target === o.target);
      const root = prompt.root;
      targets.set(o.target, () => resolve(list, root));
    }
  }
  renderSeats($("#seats"), state, { mySeat: seat, catchSeat: (s) => catchable.get(s) || null, onCatch: (text) => act(text), targets });
  showTurnSeat();
  seatControls();      // the host's stand-in / give back / remove buttons, and the marks everyone sees
  renderCenter($("#center"), state, { mySeat: seat });
  renderPrompt();
  renderActions(seat);
  renderHand(seat);
}

/** On a phone the seats are a sideways strip: the seat to act is scrolled into it (the page itself does not move). */
function showTurnSeat() {
  const strip = $("#seats");
  const seat = $(".seat.turn", strip);
  if (!seat || strip.scrollWidth <= strip.clientWidth) return;
  const s = seat.getBoundingClientRect();
  const b = strip.getBoundingClientRect();
  if (s.left < b.left || s.right > b.right) strip.scrollLeft += s.left - b.left - Math.max(0, (b.width - s.width) / 2);
}

// ------------------------------------------------------------------ the host's seat controls
/**
 * On each person's seat: the marks "bot playing" (the host handed the seat to the stand-in bot) and
 * "removed"; for the host, "Let a bot play" on the seat of a person who is not connected, "Give back"
 * on a seat a bot plays, and "Remove" between hands (docs/protocol.md). The person a bot plays for
 * sees a note with "Take my seat back" (the WebSocket message `back`).
 */
function seatControls() {
  const host = isHost() && state.you && ["playing", "between"].includes(state.status);
  state.seats.forEach((s, i) => {
    const box = $(`#seats [data-testid="seat-${s.seat ?? i}"]`);
    if (!box) return;
    const marks = $(".seat-marks", box);
    if (s.standin && marks) marks.append(el("span", { class: "mark away", "data-testid": `standin-mark-${s.player}` }, "⚙ ", t("seat.standin")));
    if (s.removed && marks) marks.append(el("span", { class: "mark out", "data-testid": `removed-${s.player}` }, t("seat.removed")));
    if (!host || s.kind !== "person" || s.player === state.you.player) return;
    const btn = (testid, label, title, onclick) => el("button", { type: "button", class: "seat-ctl", "data-testid": testid,
      "data-focus-key": testid, title, "aria-label": title, onclick }, label);
    const buttons = [];
    if (s.standin) buttons.push(btn(`giveback-${s.player}`, t("host.giveBack"), t("host.giveBackTo", { name: s.name }), () => standIn(s.player, false)));
    else if (!s.connected) buttons.push(btn(`standin-${s.player}`, t("host.standin"), t("host.standinFor", { name: s.name }), () => standIn(s.player, true)));
    if (state.status === "between") {
      buttons.push(btn(`remove-${s.player}`, t("host.remove"), t("host.removeFrom", { name: s.name }), () => {
        if (window.confirm(t("host.removeSure", { name: s.name }))) hostPost("remove", { player: s.player });
      }));
    }
    if (buttons.length) box.append(el("div", { class: "seat-ctls" }, buttons));
  });
  standinNote();
}

function standIn(player, on) {
  hostPost("standin", { player, on });
}

async function hostPost(what, body) {
  try {
    await api(`/api/tables/${encodeURIComponent(code)}/${what}`, { token, ...body });
  } catch (e) {
    toast(e.message, "error");
  }
}

/** "A bot is playing for you — Take my seat back", while the host has a bot play your seat. */
function standinNote() {
  const old = $("#standin-note");
  const me = state.you ? state.seats.find((s) => s.player === state.you.player) : null;
  if (old) old.remove();
  if (!me || !me.standin) return;
  $("#game").prepend(el("p", { id: "standin-note", class: "spectating", "data-testid": "standin-note", role: "status" },
    t("standin.you"), " ",
    el("button", { type: "button", class: "primary", "data-testid": "take-back", "data-focus-key": "take-back",
      onclick: () => send({ type: "back" }) }, t("standin.takeBack"))));
}

function spectatingNote(seat) {
  const old = $("#spectating");
  if (seat === null || seat === undefined) {
    const text = state.you ? t("table.outOfHand") : t("table.watching");
    if (old) old.textContent = text;
    else $("#game").prepend(el("p", { id: "spectating", class: "spectating", "data-testid": "spectating" }, text));
  } else if (old) old.remove();
}

function renderActions(seat) {
  const box = $("#actions");
  if (seat === null || seat === undefined || state.status !== "playing") { box.replaceChildren(); return; }
  const legal = new Set(state.legal || []);
  const has = (verb) => legal.has(`${seat} ${verb}`);
  const unoText = `${seat} uno`;
  const canUnoPlay = (state.actions || []).some((a) => a.type === "play" && a.uno);
  const unoNow = legal.has(unoText);
  const btn = (testid, label, key, enabled, onclick, extra = {}) => el("button", {
    type: "button", "data-testid": testid, "data-focus-key": testid, disabled: !enabled, onclick,
    "aria-keyshortcuts": key || null, ...extra,
  }, label, key ? el("kbd", { "aria-hidden": "true" }, key) : null);
  const buttons = [
    btn("draw", state.view.pending && has("draw") ? t("act.drawN", { n: state.view.pending }) : t("act.draw"), "D", has("draw"), () => act(`${seat} draw`)),
    btn("pass", t("act.pass"), "P", has("pass"), () => act(`${seat} pass`)),
    btn("uno", unoArmed ? t("act.unoArmed") : "UNO!", "U", unoNow || canUnoPlay || unoArmed, onUno,
      { class: `uno-btn${unoNow ? " hot" : ""}${unoArmed ? " armed" : ""}`, "aria-pressed": unoNow ? null : String(unoArmed) }),
  ];
  if (has("challenge")) buttons.push(btn("challenge", t("act.challenge"), "C", true, () => act(`${seat} challenge`)));
  // out of turn, a cut that may take more cards (DR/DD groups, AA sums): tapping the card cuts with it alone
  const groupCut = state.view.to_act !== seat && (state.actions || []).find((a) => a.type === "play" && a.more === "cards");
  if (groupCut) {
    buttons.push(btn("cut-group", t("act.cutGroup", { card: cardName(firstCard(groupCut)) }), null, true, () => {
      const first = firstCard(groupCut);
      resolve((state.actions || []).filter((a) => a.type === "play" && firstCard(a) === first), null);
    }));
  }
  if (has("slap")) buttons.push(btn("slap", t("act.slap"), null, true, () => act(`${seat} slap`), { class: "hot" }));
  if (has("accuse")) buttons.push(btn("accuse", t("act.accuse"), null, true, () => act(`${seat} accuse`)));
  if (has("doubt")) buttons.push(btn("doubt", t("act.doubt"), null, true, () => act(`${seat} doubt`)));
  const names = seatNames(state);
  for (const a of legalOf("notice")) {
    const wrong = (state.view.wrong_plays || []).find((w) => String(w[0]) === String(a.seq));
    const label = wrong ? t("act.noticeOf", { name: names[wrong[1]] ?? wrong[1], cards: cardsName(wrong[2]) }) : t("act.notice", { n: a.seq });
    buttons.push(btn(`notice-${a.seq}`, label, null, true, () => act(a.text)));
  }
  const known = new Set(["play", "discard", "draw", "pass", "uno", "challenge", "slap", "accuse", "doubt", "notice", "catch", "color", "say", "hint"]);
  (state.actions || []).filter((a) => !known.has(a.type)).forEach((a, i) => {
    buttons.push(btn(`action-${i}`, a.text, null, true, () => act(a.text)));
  });
  fill(box, buttons);
}

function onUno() {
  const seat = mySeat();
  if (seat === null || !state) return;
  const text = `${seat} uno`;
  if ((state.legal || []).includes(text)) { act(text); return; }
  if ((state.actions || []).some((a) => a.type === "play" && a.uno) || unoArmed) {
    unoArmed = !unoArmed;
    toast(unoArmed ? t("uno.armed") : t("uno.disarmed"), "info", 2500);
    render();
  }
}

const handOrder = () => { const o = store.get(ORDER_KEY); return o === "guide" || o === "colour" ? o : "dealt"; };

/** The hand in the order chosen (the server's places of its cards in that order), else as dealt. */
function orderedHand(hand) {
  const places = handOrder() !== "dealt" && state.hand_order ? state.hand_order[handOrder()] : null;
  return places && places.length === hand.length ? places.map((i) => hand[i]) : hand;
}

function toggleOrder() {
  if (handOrder() === "guide") {
    if (store.get(ORDER_BACK_KEY) === "colour") store.set(ORDER_KEY, "colour");
    else store.remove(ORDER_KEY);
  } else {
    store.set(ORDER_BACK_KEY, handOrder());
    store.set(ORDER_KEY, "guide");
  }
  toast(t(`order.${handOrder()}`), "info", 2500);
  render();
}

function renderOrderButton(show) {
  const bar = $("#hand-bar");
  if (!show) { bar.replaceChildren(); return; }
  fill(bar, el("button", { type: "button", class: "order-btn", "data-testid": "hand-order", "data-focus-key": "hand-order",
    "aria-pressed": String(handOrder() === "guide"), "aria-keyshortcuts": "O", title: t("order.about"), onclick: toggleOrder },
  t("order.button"), el("kbd", { "aria-hidden": "true" }, "O")));
}

function renderHand(seat) {
  const box = $("#hand");
  const v = state.view;
  renderOrderButton(seat !== null && seat !== undefined && !!v);
  if (seat === null || seat === undefined || !v) { box.replaceChildren(); return; }
  const hand = orderedHand(v.hand || []);    // as dealt, the guide's order or by colour (toggleOrder)
  // what a tap on each card would do now
  let usable;
  if (prompt && prompt.kind === "compose" && (prompt.stem.more === "cards" || prompt.stem.more === "give")) {
    usable = new Set(prompt.options.map((o) => physicalOf(additionOf(prompt.stem, o))).filter(Boolean));
  } else {
    usable = new Set((state.actions || []).filter((a) => a.type === "play" || a.type === "discard").map((a) => physicalOf(firstCard(a))));
  }
  // UNO Flex: the cards whose flex side may be played now
  const canFlex = new Set((state.actions || []).filter((a) => a.type === "play" && isFlexed(firstCard(a))).map((a) => physicalOf(firstCard(a))));
  // the cards already in the play being composed (counted from the left)
  const chosen = new Map();
  if (prompt && prompt.kind === "compose") {
    for (const c of [...words(prompt.stem.cards), ...words(prompt.stem.give)].map(physicalOf)) chosen.set(c, (chosen.get(c) || 0) + 1);
  }
  const seen = new Map();
  fill(box, hand.map((c, i) => {
    const k = (seen.get(c) || 0) + 1;
    seen.set(c, k);
    const isChosen = k <= (chosen.get(c) || 0);
    const ok = usable.has(c) && !isChosen;
    const flex = ok && canFlex.has(c);
    const label = `${cardName(c)}${i < 10 ? ` (${(i + 1) % 10})` : ""}${ok ? "" : ` — ${t("hand.notNow")}`}${flex ? ` — ${t("flex.canFlex")}` : ""}`;
    return cardEl(c, {
      tag: "button", testid: `card-${c}`, label, className: `${ok ? "playable" : "dim"}${isChosen ? " chosen" : ""}${flex ? " can-flex" : ""}`,
      attrs: { "data-focus-key": `hand-${i}-${c}`, "data-index": String(i), "aria-disabled": ok ? null : "true",
        tabindex: i === 0 ? "0" : "-1", onclick: () => onCard(c, i) },
    });
  }));
  // roving focus: one card in the tab order; arrows move
  const cards = $$(".card", box);
  const focused = cards.indexOf(document.activeElement);
  cards.forEach((b, i) => b.setAttribute("tabindex", i === (focused >= 0 ? focused : 0) ? "0" : "-1"));
  box.setAttribute("aria-label", t("hand.label", { n: hand.length }));
}

function renderChat() {
  const list = $("#chat-list");
  const chat = state.chat || [];
  fill(list, chat.map(([, , name, text]) => el("li", {}, el("strong", {}, name || "?"), ": ", text)));
  list.scrollTop = list.scrollHeight;
  const can = !!state.you;
  $("#chat-input").disabled = !can;
  $("#chat-input").placeholder = can ? t("chat.placeholder") : t("chat.spectator");
}

function renderResult() {
  const box = $("#result");
  const m = state.match;
  const over = state.status === "over";
  const between = state.status === "between";
  if (!(over || between) || !m || (resultDismissed === `${state.status}-${m.hands}`)) { box.hidden = true; return; }
  box.hidden = false;
  const title = $("#result-title");
  const body = $("#result-body");
  const dialog = $(".dialog", box);
  dialog.setAttribute("data-testid", over ? "game-over" : "hand-result");
  const hand = el("div", {});
  renderHandResult(hand, state, code);
  const standings = el("div", {});
  renderScores(standings, state);
  if (over) {
    let winners = (m.winner || []).map((p) => (state.seats.find((s) => s.player === p) || {}).name || p);
    if (!winners.length && m.last && m.last.winner_name) winners = [m.last.winner_name];   // a single hand
    title.textContent = winners.length ? t("result.gameOver", { names: winners.join(" & ") }) : t("status.over");
    fill(body, hand, el("h3", {}, t("side.scores")), standings,
      el("p", { class: "result-links" },
        el("a", { href: `/replay/${code}`, "data-testid": "replay-link", class: "button primary" }, t("result.replay")), " ",
        el("a", { href: "/", class: "button" }, t("table.toLobby")), " ",
        el("button", { type: "button", "data-testid": "close-result", onclick: () => { resultDismissed = `over-${m.hands}`; render(); } }, t("result.look"))));
  } else {
    title.textContent = t("result.handOver", { n: m.last ? m.last.number : m.hands });
    const left = state.between_left !== null && state.between_left !== undefined
      ? countdown(el("span", { "data-testid": "between-left", class: "timer" }), state.between_left, (x) => t("result.next", { s: x }))
      : null;
    fill(body, hand, el("h3", {}, t("side.scores")), standings, el("p", {}, left),
      el("p", {}, el("button", { type: "button", "data-testid": "close-result", onclick: () => { resultDismissed = `between-${m.hands}`; render(); } }, t("result.look"))));
  }
}

// ------------------------------------------------------------------ keyboard
function onKey(ev) {
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const tag = (ev.target && ev.target.tagName) || "";
  if (["INPUT", "TEXTAREA", "SELECT"].includes(tag) || (ev.target && ev.target.isContentEditable)) return;
  if (!state || state.status !== "playing" || mySeat() === null) return;
  const key = ev.key;
  const cards = $$("#hand .card");
  if (key === "Escape" && prompt && !prompt.auto) { closePrompt(); render(); ev.preventDefault(); return; }
  if (/^[0-9]$/.test(key)) {
    const i = key === "0" ? 9 : Number(key) - 1;
    if (cards[i]) { cards[i].focus(); cards[i].click(); ev.preventDefault(); }
    return;
  }
  if ((key === "ArrowLeft" || key === "ArrowRight") && cards.length) {
    let i = cards.indexOf(document.activeElement);
    i = i < 0 ? 0 : (i + (key === "ArrowRight" ? 1 : -1) + cards.length) % cards.length;
    cards.forEach((b, j) => b.setAttribute("tabindex", j === i ? "0" : "-1"));
    cards[i].focus();
    ev.preventDefault();
    return;
  }
  const k = key.toLowerCase();
  if (prompt && prompt.kind === "flex" && k === "f") {       // UNO Flex: the flex side
    const b = $('#prompt [data-use="flex-use"]');
    if (b) { b.click(); ev.preventDefault(); }
    return;
  }
  if (prompt && (prompt.kind === "color" || prompt.kind === "compose") && ["r", "y", "g", "b"].includes(k)) {
    const b = $(`#prompt [data-testid="color-${k.toUpperCase()}"]`);
    if (b) { b.click(); ev.preventDefault(); }
    return;
  }
  // UNO Flip's dark colours: P/T/O/V pick one while the picker shows it (else P is still "pass")
  if (prompt && (prompt.kind === "color" || prompt.kind === "compose") && ["p", "t", "o", "v"].includes(k)) {
    const b = $(`#prompt [data-testid="color-${k.toUpperCase()}"]`);
    if (b) { b.click(); ev.preventDefault(); return; }
  }
  if (k === "o") { toggleOrder(); ev.preventDefault(); return; }     // the guide's hand order, or back
  const map = { d: "draw", p: "pass", u: "uno", c: "challenge" };
  if (map[k]) {
    const b = $(`#actions [data-testid="${map[k]}"]`);
    if (b && !b.disabled) { b.click(); ev.preventDefault(); }
  }
}
