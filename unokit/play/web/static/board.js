// The table as everyone sees it, drawn from one `state` message (docs/protocol.md): the seats, the
// pile, the stock, the direction, the pending draw, revealed hands, the log and the standings; in UNO
// Flip also the side in play, the backs of the others' cards and the back of the stock's top card; in UNO
// Flex each seat's power card.
// Used by the table page (with its buttons) and by the replay viewer (read only).
import { backEl, cardEl, cardName, colorChip, otherSide, setTableSide, SHAPE } from "./cards.js";
import { countdown, el, fill } from "./common.js";
import { t } from "./i18n.js";

/** Names by player number (the match's numbering), from the seats of a state. */
export function playerNames(state) {
  const names = {};
  for (const s of state.seats || []) names[s.player] = s.name || t("seat.free");
  return names;
}

/** Names by seat of the hand in play. */
export function seatNames(state) {
  const names = {};
  (state.seats || []).forEach((s, i) => { names[s.seat ?? i] = s.name || t("seat.free"); });
  return names;
}

/**
 * The seats, starting after `mySeat` (so they read in turn order from you).
 * opts: mySeat, hands (replay: every hand by seat), catchSeat(seat) -> action text or null,
 * onCatch(text), targets: Map seat -> handler (a play being composed names a seat).
 */
export function renderSeats(box, state, opts = {}) {
  const v = state.view;
  const seats = state.seats || [];
  const n = seats.length;
  const mine = opts.mySeat ?? null;
  const order = [];
  for (let k = 0; k < n; k++) order.push(mine === null ? k : (mine + k) % n);
  const eliminated = new Set(v ? v.eliminated : []);
  setTableSide(v ? v.side : null);
  // UNO Flip: the other side of every other hand, in hand order (never your own)
  const backs = new Map(v && v.backs ? v.backs.map(([seat, cards]) => [seat, cards]) : []);
  const backSide = otherSide(v ? v.side : null);
  fill(box, order.map((i) => {
    const s = seats[i];
    const seat = s.seat ?? i;
    const isTurn = v && state.status === "playing" && v.to_act === seat;
    const isMe = mine !== null && seat === mine;
    const target = opts.targets && opts.targets.get(seat);
    const kind = s.kind === "bot" ? t("seat.bot", { bot: s.bot || "" }) : s.kind === "person" ? t("seat.person") : t("seat.free");
    const marks = [];
    if (s.kind === "bot") marks.push(el("span", { class: "mark bot", title: kind }, el("span", { "aria-hidden": "true" }, "⚙ "), s.bot || "bot"));
    if (s.kind === "person") marks.push(el("span", { class: "mark person", title: kind }, el("span", { "aria-hidden": "true" }, "☺ "), t("seat.person")));
    const presence = opts.presence !== false;
    if (presence && s.kind === "person" && s.away) marks.push(el("span", { class: "mark away", "data-testid": `away-${seat}` }, t("seat.away")));
    else if (presence && s.kind === "person" && !s.connected) marks.push(el("span", { class: "mark offline" }, t("seat.offline")));
    if (v && v.dealer === seat) marks.push(el("span", { class: "mark dealer", title: t("seat.dealer") }, "D"));
    if (eliminated.has(seat)) marks.push(el("span", { class: "mark out" }, t("seat.out")));
    if (s.uno) marks.push(el("span", { class: "mark uno-said", "data-testid": `uno-said-${seat}` }, "UNO!"));
    const power = powerMark(v, seat);
    if (power) marks.push(power);
    const grace = s.grace !== null && s.grace !== undefined && s.grace > 0
      ? countdown(el("span", { class: "mark grace", "data-testid": `grace-${seat}` }), s.grace, (x) => t("seat.grace", { s: x }))
      : null;
    const catchText = opts.catchSeat ? opts.catchSeat(seat) : null;
    const hand = opts.hands && opts.hands[seat];
    const children = [
      el("div", { class: "seat-top" },
        isTurn ? el("span", { class: "turn-dot", "aria-hidden": "true" }, "▶") : null,
        el("span", { class: "seat-name" }, s.name || t("seat.free")),
        isMe ? el("span", { class: "you" }, t("seat.you")) : null),
      el("div", { class: "seat-marks" }, marks, grace),
      s.cards !== null && s.cards !== undefined
        ? el("div", { class: "seat-cards" }, backs.has(seat) ? null : backEl(s.cards),
          el("span", { class: "count", "data-testid": `count-${seat}` }, t("seat.cards", { n: s.cards })))
        : null,
      backs.has(seat) && backs.get(seat).length ? el("div", {
        class: `seat-backs side-${backSide}`, "data-testid": `backs-${seat}`, role: "group",
        "aria-label": t("flip.backsOf", { name: s.name || t("seat.free") }),
      }, backs.get(seat).map((c) => cardEl(c, { small: true, side: backSide, className: "tiny" }))) : null,
      hand ? el("div", { class: "seat-hand", "aria-label": t("seat.handOf", { name: s.name || "" }) },
        hand.map((c) => cardEl(c, { small: true }))) : null,
      catchText ? el("button", { type: "button", class: "catch", "data-testid": `catch-${seat}`,
        "data-focus-key": `catch-${seat}`, onclick: () => opts.onCatch(catchText) }, t("act.catch")) : null,
      target ? el("button", { type: "button", class: "target-btn primary", "data-testid": `target-${seat}`,
        "data-focus-key": `target-${seat}`, onclick: target }, t("act.chooseSeat")) : null,
    ];
    const label = [s.name || t("seat.free"), kind, s.cards != null ? t("seat.cards", { n: s.cards }) : "",
      power ? power.getAttribute("aria-label") : "", isTurn ? t("seat.turn") : ""].filter(Boolean).join(", ");
    return el("section", {
      class: `seat${isTurn ? " turn" : ""}${isMe ? " me" : ""}${s.catchable ? " catchable" : ""}${target ? " targetable" : ""}${eliminated.has(seat) ? " eliminated" : ""}`,
      "data-testid": `seat-${seat}`, "aria-label": label, "aria-current": isTurn ? "true" : null,
    }, children);
  }));
}

/** UNO Flex: a seat's power card (view.powers, true green), a check or a cross with its words; else null. */
export function powerMark(v, seat) {
  if (!v || !Array.isArray(v.powers) || v.powers[seat] === undefined) return null;
  const green = Boolean(v.powers[seat]);
  const label = t(green ? "flex.powerGreen" : "flex.powerRed");
  return el("span", { class: `mark power power-${green ? "green" : "red"}`, "data-testid": `power-${seat}`,
    "data-power": green ? "green" : "red", role: "img", title: label, "aria-label": label },
  el("span", { "aria-hidden": "true" }, green ? "✔ " : "✘ ", t("flex.power")));
}

/** The pile, the colour, the stock, the direction, the pending draw, the turn and its timer. */
export function renderCenter(box, state, opts = {}) {
  const v = state.view;
  if (!v) { box.replaceChildren(); return; }
  setTableSide(v.side);
  const names = seatNames(state);
  const mine = opts.mySeat ?? null;
  const turnName = v.to_act === mine ? t("turn.you") : t("turn.other", { name: names[v.to_act] ?? v.to_act });
  let turnText = state.status === "playing" ? turnName : state.status === "over" ? t("status.over") : t("status.between");
  if (state.status === "playing" && v.phase === "COLOR") turnText += ` — ${t("phase.color")}`;
  if (state.status === "playing" && v.phase === "DRAWN" && v.to_act === mine && v.drawn) {
    turnText += ` — ${t("phase.drawn", { card: cardName(v.drawn) })}`;
  }
  const actor = (state.seats || []).find((s, i) => (s.seat ?? i) === v.to_act);
  const timer = state.turn_left !== null && state.turn_left !== undefined && state.status === "playing" && actor && actor.kind === "person"
    ? countdown(el("span", { class: "timer", "data-testid": "turn-timer-left" }), state.turn_left, (x) => `◷ ${x} s`)
    : null;
  const dirText = v.direction === 1 ? t("dir.cw") : t("dir.ccw");
  const history = (v.discard || []).slice(0, -1).slice(-5);
  const pending = v.pending ? (state.pending_text || t("pending.total", { n: v.pending })) : null;
  const revealed = [...(v.revealed || []), ...(v.open_hands || [])];
  const color = v.phase === "COLOR" ? null : v.color;     // no colour yet while it is being chosen
  const stockCard = v.stock_back
    ? cardEl(v.stock_back, { side: otherSide(v.side), testid: "stock-back", label: t("flip.stockBack", { card: cardName(v.stock_back) }) })
    : backEl(v.stock_size, false);
  fill(box,
    v.side ? el("div", { class: `side-badge side-${v.side}`, "data-testid": "side", "data-side": v.side },
      el("span", { "aria-hidden": "true" }, v.side === "dark" ? "◑ " : "◐ "), t(`flip.${v.side}`)) : null,
    el("div", { class: `turn-indicator${v.to_act === mine && state.status === "playing" ? " mine" : ""}`, "data-testid": "turn-indicator",
      role: "status", "aria-live": "polite" }, turnText, timer ? " " : null, timer),
    el("div", { class: "piles" },
      el("div", { class: "pile", "data-testid": "pile" },
        el("div", { class: "history", "aria-hidden": "true" }, history.map((c) => cardEl(c, { small: true }))),
        cardEl(v.top, { chosen: color, testid: "top-card", className: "top" }),
        color ? el("div", { class: "current-color", "data-testid": "current-color" }, t("pile.color"), " ", colorChip(color)) : null),
      el("div", { class: "stock", "data-testid": "stock", "aria-label": t("pile.stock", { n: v.stock_size }) },
        stockCard, el("span", { class: "count" }, t("pile.stock", { n: v.stock_size })),
        v.stock_top ? el("span", { class: "small" }, t("pile.stockTop"), " ", cardEl(v.stock_top, { small: true })) : null),
      el("div", { class: `direction dir-${v.direction === 1 ? "cw" : "ccw"}`, "data-testid": "direction", title: dirText, "aria-label": dirText },
        el("span", { class: "arrow", "aria-hidden": "true" }, v.direction === 1 ? "↻" : "↺"), el("span", { class: "small" }, dirText))),
    pending ? el("div", { class: "pending", "data-testid": "pending" }, el("strong", {}, `+${v.pending} `), pending) : null,
    v.silence ? el("div", { class: "silence-note", "data-testid": "silence" }, t("pile.silence")) : null,
    v.open_claim ? el("div", { class: "claim-note" }, t("pile.claim")) : null,
    revealed.length ? el("div", { class: "revealed", "data-testid": "revealed" },
      revealed.map(([seat, cards]) => el("div", { class: "revealed-hand" },
        el("span", {}, t("pile.revealed", { name: names[seat] ?? seat })), " ",
        cards.map((c) => cardEl(c, { small: true }))))) : null);
}

/** The log lines a state message carries at most (unokit/play/wire.py LOG_LINES). */
export const LOG_LINES = 60;

/**
 * The hand's log a page holds after the state message `msg`: {hand, at, lines}, `at` the number of
 * `lines[0]` in the hand's narration (docs/protocol.md). A message sends only the lines from `log_at`
 * on: what is held from there gives way to `log` and the last LOG_LINES are kept; a message that
 * cannot be placed (another hand, or a gap) replaces them.
 */
export function mergeLog(held, msg, keep = LOG_LINES) {
  const hand = msg.hand_no;
  let at = msg.log_at || 0;
  let lines = (msg.log || []).slice();
  if (held && held.hand === hand && held.at <= at && at <= held.at + held.lines.length) {
    lines = held.lines.slice(0, at - held.at).concat(lines);
    at = held.at;
  }
  if (lines.length > keep) {
    at += lines.length - keep;
    lines = lines.slice(lines.length - keep);
  }
  return { hand, at, lines };
}

/** The log lines (newest last), scrolled to the end. */
export function renderLog(box, state) {
  const lines = state.log || [];
  const atEnd = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
  fill(box, lines.map((line) => el("li", {}, line)));
  if (atEnd || !box.dataset.scrolled) box.scrollTop = box.scrollHeight;
  box.dataset.scrolled = "1";
}

/** Whether the match counts hand wins, not points: TV (a tournament of wins; with partners, teams' wins). */
export function countsWins(state) {
  const m = state.match;
  return Boolean(m && (m.mode === "tournament" || /(^|[\s-])TV($|[\s(-])/.test(state.rules || "")));
}

/** The match standings: who, points (or hand wins under TV), target; the winner marked. */
export function renderScores(box, state) {
  const m = state.match;
  if (!m) { fill(box, el("p", { class: "muted" }, t("scores.none"))); return; }
  const wins = countsWins(state);
  const winners = new Set((m.winner || []).map(String));
  const rows = [...m.scores].sort((a, b) => (m.mode === "lowest" || m.mode === "reverse-points" ? a.points - b.points : b.points - a.points));
  fill(box,
    state.options && state.options.match === false
      ? el("p", { class: "small muted" }, t("mode.single"))
      : el("p", { class: "small muted" }, t(`mode.${m.mode}`) || m.mode, " · ", t(wins ? "scores.targetWins" : "scores.target", { n: m.target }),
        " · ", t("scores.hands", { n: m.hands })),
    el("table", { class: "scores" },
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("scores.who")), el("th", { scope: "col" }, t(wins ? "scores.wins" : "scores.points")))),
      el("tbody", {}, rows.map((r) => {
        const won = r.players.some((p) => winners.has(String(p)));
        const out = r.players.every((p) => (m.eliminated || []).includes(p));
        return el("tr", { class: `${won ? "winner" : ""}${out ? " out" : ""}` },
          el("td", {}, won ? "★ " : "", r.names.join(" & ")), el("td", { class: "num" }, String(r.points)));
      }))));
}

/** The deal's commitment (docs/fair-deals.md): a short digest while the hand is played, and once it is
 * over a link to the page that checks the deal against it. `code`: the table's code. */
export function renderFair(box, state, code) {
  const f = state.fair;
  if (!f) { box.replaceChildren(); return; }
  const short = f.commitment.slice(0, 12);
  fill(box,
    el("span", { title: `SHA-256 ${f.commitment}`, "data-testid": "fair-commitment", "data-commitment": f.commitment },
      t("fair.sealed", { n: f.hand, h: short })),
    f.revealed ? [" ", verifyLink(code, f.hand)] : " " + t("fair.later"),
    f.seed_chosen ? el("span", { class: "fair-chosen", "data-testid": "fair-chosen" }, " ", t("fair.chosen")) : null);
}

function verifyLink(code, hand) {
  return el("a", { href: `/verify/${encodeURIComponent(code)}?hand=${hand}`, "data-testid": "verify-link",
    target: "_blank", rel: "noopener" }, t("fair.verify"));
}

/** The last hand's result: who went out, points held and gained (and, with `code`, the link that
 * checks its deal). */
export function renderHandResult(box, state, code) {
  const m = state.match;
  const last = m && m.last;
  const names = playerNames(state);
  if (!last) { box.replaceChildren(); return; }
  const fair = state.fair && state.fair.revealed && code ? el("p", { class: "fair" }, verifyLink(code, state.fair.hand)) : null;
  const held = Object.entries(last.held || {});
  const wins = countsWins(state);       // TV: a hand win counts, the points held do not
  fill(box,
    el("p", { class: "hand-winner" }, last.winner_name
      ? t("result.winner", { n: last.number, name: last.winner_name })
      : t("result.noWinner", { n: last.number })),
    held.length ? el("table", { class: "scores" },
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("scores.who")), el("th", { scope: "col" }, t(wins ? "result.heldUncounted" : "result.held")))),
      el("tbody", {}, held.map(([p, pts]) => el("tr", {}, el("td", {}, names[p] ?? p), el("td", { class: "num" }, String(pts)))))) : null,
    (last.gains || []).length ? el("ul", { class: "gains" }, last.gains.map(([players, pts]) =>
      el("li", {}, t(wins ? "result.gainWins" : "result.gain", { name: players.map((p) => names[p] ?? p).join(" & "), n: pts })))) : null,
    (last.eliminated || []).length ? el("p", {}, t("result.eliminated", { names: last.eliminated.map((p) => names[p] ?? p).join(", ") })) : null,
    fair);
}

export { SHAPE };
