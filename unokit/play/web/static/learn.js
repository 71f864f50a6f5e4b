// Learn to play (/learn): the teaching mode of docs/learn.md. The server plays and narrates
// everything (unokit/play/web/learn.py): the page steps through the demo hand's beats, shows the
// learner's game as the server sends it, and sends the learner's choices back in the notation of
// docs/notation.md. The lessons and the log come in the language asked for; the page's own words are
// below, in English and Portuguese.
import { $, $$, api, el, fill, store } from "./common.js";
import { backEl, cardEl, colorChip } from "./cards.js";
import { lang, langToggle, onLang } from "./i18n.js";

const WORDS = {
  en: {
    skip: "Skip to the lessons", title: "Learn to play UNO",
    intro: "The guide's way to teach UNO quickly: watch a game where each rule is explained the first time it happens, then play your first game with hints, then add house rules one at a time.",
    back: "◀ Back", next: "Next ▶", nextLesson: "Next lesson »", auto: "Play on", pause: "Pause",
    count: "Move {i} of {n}", lessons: "Lessons", lesson: "Lesson", step: "step",
    dealer: "deals", turn: "to play", pile: "Pile", colour: "colour", stock: "stock: {n}",
    clockwise: "clockwise ↻", anticlockwise: "anticlockwise ↺", pending: "{n} to draw",
    newGame: "New game", yourHand: "Your hand", orderGuide: "Hand order: the guide's", orderColour: "Hand order: by colour",
    rules: "Rules: {code}", hint: "Hint", cancel: "Cancel", wait: "Let the others play on", drawCard: "Draw a card",
    won: "You won the hand!", lost: "{who} won the hand.", points: "{who} scores {n} points.", pointsYou: "You score {n} points.",
    toHouse: "Next: house rules", again: "Play again",
    prevRule: "◀ Previous rule", nextRule: "Next rule ▶", playRule: "Play a hand with it",
    ruleOf: "House rule {i} of {n}", guide: "The guide's five steps",
    orderAbout: "Your hand is shown in the order the guide recommends (\u201cArranjo das Cartas na M\u00e3o\u201d): numbers from low to high, each number's colours arranged so that neighbours share a colour, action cards beside their colour's biggest group (never between two cards of one number), Wilds between two cards of different numbers and colours. The table pages use the order chosen here.",
    lobby: "Back to the lobby", cards: "{n} cards", noChoice: "Waiting for the others…", seed: "demo {seed}",
  },
  pt: {
    skip: "Pular para as lições", title: "Aprenda a jogar UNO",
    intro: "O jeito do guia de ensinar UNO rápido: assista a um jogo em que cada regra é explicada na primeira vez que acontece, depois jogue o seu primeiro jogo com dicas, depois acrescente regras alternativas uma de cada vez.",
    back: "◀ Voltar", next: "Próximo ▶", nextLesson: "Próxima lição »", auto: "Continuar sozinho", pause: "Pausar",
    count: "Jogada {i} de {n}", lessons: "Lições", lesson: "Lição", step: "passo",
    dealer: "dá as cartas", turn: "joga", pile: "Pilha", colour: "cor", stock: "monte: {n}",
    clockwise: "sentido horário ↻", anticlockwise: "sentido anti-horário ↺", pending: "{n} para comprar",
    newGame: "Novo jogo", yourHand: "Sua mão", orderGuide: "Ordem da mão: a do guia", orderColour: "Ordem da mão: por cor",
    rules: "Regras: {code}", hint: "Dica", cancel: "Cancelar", wait: "Deixar os outros jogarem", drawCard: "Comprar uma carta",
    won: "Você venceu a mão!", lost: "{who} venceu a mão.", points: "{who} ganha {n} pontos.", pointsYou: "Você ganha {n} pontos.",
    toHouse: "Próximo: regras alternativas", again: "Jogar de novo",
    prevRule: "◀ Regra anterior", nextRule: "Próxima regra ▶", playRule: "Jogar uma mão com ela",
    ruleOf: "Regra alternativa {i} de {n}", guide: "Os cinco passos do guia",
    orderAbout: "A sua mão aparece na ordem que o guia recomenda (\u201cArranjo das Cartas na M\u00e3o\u201d): números do menor ao maior, as cores de cada número arrumadas para que vizinhas tenham a mesma cor, cartas de ação junto ao maior grupo da sua cor (nunca entre duas cartas de mesmo número), Curingas entre duas cartas de números e cores diferentes. As páginas da mesa usam a ordem escolhida aqui.",
    lobby: "Voltar ao saguão", cards: "{n} cartas", noChoice: "Esperando os outros…", seed: "demo {seed}",
  },
};

function tr(key, vars) {
  let s = (WORDS[lang()] || WORDS.en)[key] ?? WORDS.en[key] ?? key;
  if (vars) s = s.replace(/\{(\w+)\}/g, (m, k) => (vars[k] === undefined ? "" : String(vars[k])));
  return s;
}

export const ORDER_KEY = "unokit:handOrder";     // "guide" or "colour"; the table page reads it too

let stage = "watch";
let plan = null;
let demo = null;
let beat = 0;
let furthest = 0;
let autoTimer = null;
let demoSeed = 1;
let gameId = null;
let game = null;
let rules = "UNO 1121";
let houseIndex = 0;
let picking = null;            // {title, options}: the choices of a card or a play made in steps
let order = store.get(ORDER_KEY) === "colour" ? "colour" : "guide";
let chain = Promise.resolve();

init();

function queue(fn) {
  chain = chain.then(fn).catch((e) => showError(e.message || String(e)));
  return chain;
}

function showError(message) {
  const box = stage === "play" ? $("#play-hint") : $("#demo-lines");
  box.appendChild(el("span", { class: "learn-error", role: "alert" }, ` ${message}`));
}

async function init() {
  $("#lang-slot").appendChild(langToggle());
  for (const b of $$(".learn-tabs [role=tab]")) b.addEventListener("click", () => showStage(b.dataset.stage));
  $("#demo-back").addEventListener("click", () => goBeat(beat - 1));
  $("#demo-next").addEventListener("click", () => goBeat(beat + 1));
  $("#demo-next-lesson").addEventListener("click", nextLesson);
  $("#demo-auto").addEventListener("click", toggleAuto);
  $("#play-new").addEventListener("click", () => queue(() => newGame(rules)));
  $("#play-order").addEventListener("click", toggleOrder);
  $("#house-prev").addEventListener("click", () => { houseIndex = Math.max(0, houseIndex - 1); renderHouse(); });
  $("#house-next").addEventListener("click", () => { houseIndex = Math.min(plan.house.length - 1, houseIndex + 1); renderHouse(); });
  $("#house-play").addEventListener("click", () => { showStage("play"); queue(() => newGame(plan.house[houseIndex].play)); });
  document.addEventListener("keydown", (ev) => {
    if (stage !== "watch" || ev.target.closest("input, textarea")) return;
    if (ev.key === "ArrowRight") goBeat(beat + 1);
    else if (ev.key === "ArrowLeft") goBeat(beat - 1);
  });
  const seed = new URLSearchParams(location.search).get("seed");
  if (seed !== null && /^\d{1,15}$/.test(seed)) demoSeed = Number(seed);
  onLang(() => queue(reload));
  queue(reload);
}

/** Everything in the language shown now: the page's words, the plan, the demo, the game's log. */
async function reload() {
  document.title = `${tr("title")} — unokit`;
  for (const node of $$("[data-l]")) node.textContent = tr(node.dataset.l);
  [plan, demo] = await Promise.all([api(`/api/learn/plan?lang=${lang()}`),
    api(`/api/learn/demo?seed=${demoSeed}&lang=${lang()}`)]);
  for (const s of plan.stages) {
    $(`#tab-${s.key}`).textContent = s.title;
    $(`[data-stage-text="${s.key}"]`).textContent = s.text;
  }
  fill($("#steps"), plan.steps.map((s) => el("li", {}, el("strong", {}, s.title), ". ", s.text)));
  if (gameId) game = await api(`/api/learn/games/${gameId}?lang=${lang()}&order=${order}`);
  renderDemo();
  renderGame();
  renderHouse();
}

function showStage(name) {
  stage = name;
  for (const b of $$(".learn-tabs [role=tab]")) b.setAttribute("aria-selected", String(b.dataset.stage === name));
  for (const s of ["watch", "play", "house"]) $(`#stage-${s}`).hidden = s !== name;
  if (name !== "watch") stopAuto();
  if (name === "play" && !gameId) queue(() => newGame(rules));
}

// ------------------------------------------------------------------ 1. the demo
function goBeat(i) {
  if (!demo) return;
  beat = Math.max(0, Math.min(demo.beats.length - 1, i));
  furthest = Math.max(furthest, beat);
  renderDemo();
}

function nextLesson() {
  if (!demo) return;
  const i = demo.beats.findIndex((b, k) => k > beat && b.lessons.length);
  goBeat(i < 0 ? demo.beats.length - 1 : i);
}

function toggleAuto() {
  if (autoTimer) return stopAuto();
  autoTimer = setInterval(() => {
    if (!demo || beat >= demo.beats.length - 1) return stopAuto();
    goBeat(beat + 1);
    if (demo.beats[beat].lessons.length) stopAuto();     // a lesson: time to read it
  }, 900);
  paintAuto();
}

function stopAuto() {
  clearInterval(autoTimer);
  autoTimer = null;
  paintAuto();
}

function paintAuto() {
  const b = $("#demo-auto");
  b.textContent = autoTimer ? tr("pause") : tr("auto");
  b.setAttribute("aria-pressed", String(!!autoTimer));
}

function lessonBox(x, earlier = false) {
  return el("article", { class: `learn-lesson${earlier ? " earlier" : ""}`, "data-testid": `lesson-box-${x.key}` },
    el("h3", {}, `${tr("lesson")} · ${tr("step")} ${x.step} · ${x.title}`),
    el("p", {}, x.text),
    x.context ? el("p", { class: "learn-context" }, x.context) : null);
}

function pileEl(t, names) {
  return el("div", { class: "learn-pile", "data-testid": "demo-top" },
    el("span", { class: "learn-label" }, tr("pile")),
    cardEl(t.top, { chosen: t.color }),
    t.color ? colorChip(t.color) : null,
    el("span", {}, t.direction === 1 ? tr("clockwise") : tr("anticlockwise")),
    el("span", { class: "muted" }, tr("stock", { n: t.stock })),
    t.pending ? el("strong", {}, tr("pending", { n: t.pending })) : null);
}

function renderDemo() {
  paintAuto();
  if (!demo) return;
  const b = demo.beats[beat];
  const t = b.table;
  fill($("#demo-table"),
    t.hands.map((cards, seat) => el("div", { class: `learn-seat${t.to_act === seat && !t.over ? " to-act" : ""}`, "data-testid": `demo-seat-${seat}` },
      el("div", { class: "learn-seat-name" }, demo.names[seat],
        t.dealer === seat ? el("span", { class: "muted" }, ` · ${tr("dealer")}`) : null,
        t.to_act === seat && !t.over ? el("span", { class: "learn-turn" }, ` ▶ ${tr("turn")}`) : null,
        t.uno[seat] && cards.length === 1 ? el("strong", { class: "learn-uno" }, " UNO!") : null),
      el("div", { class: "learn-cards" }, cards.map((c) => cardEl(c, { small: true }))))),
    pileEl(t, demo.names));
  // this beat's lines, after a few earlier ones
  const from = Math.max(0, beat - 4);
  fill($("#demo-lines"), demo.beats.slice(from, beat + 1).flatMap((x) =>
    x.lines.map((line) => el("li", { class: x.index === beat ? "now" : "before" }, line))));
  // this beat's lessons, or the last one given before it
  let boxes = b.lessons.map((x) => lessonBox(x));
  if (!boxes.length) {
    const last = demo.beats.slice(0, beat).reverse().find((x) => x.lessons.length);
    if (last) boxes = [lessonBox(last.lessons[last.lessons.length - 1], true)];
  }
  fill($("#demo-lesson"), boxes);
  // the lessons so far, each a link to where it was given
  const at = {};
  for (const x of demo.beats) for (const l of x.lessons) at[l.key] = x.index;
  fill($("#lesson-list"), plan.lessons.map((l) => {
    const done = at[l.key] !== undefined && at[l.key] <= beat;
    return el("li", { class: done ? "done" : "", "data-testid": `lesson-${l.key}` },
      el("button", { type: "button", class: "learn-link", onclick: () => goBeat(at[l.key] ?? beat) },
        `${done ? "✓ " : ""}${l.title}`));
  }));
  $("#demo-count").textContent = `${tr("count", { i: beat + 1, n: demo.beats.length })} · ${tr("seed", { seed: demo.seed })}`;
  $("#demo-back").disabled = beat === 0;
  $("#demo-next").disabled = beat === demo.beats.length - 1;
}

/** The lessons the learner has seen in the demo (not repeated in the game). */
function seenLessons() {
  if (!demo) return [];
  return demo.beats.slice(0, furthest + 1).flatMap((b) => b.lessons.map((l) => l.key));
}

// ------------------------------------------------------------------ 2. the learner's game
async function newGame(code) {
  rules = code;
  picking = null;
  const made = await api("/api/learn/games", { rules: code, lang: lang(), seen: seenLessons(), order });
  gameId = made.id;
  game = made.state;
  renderGame();
}

async function act(action) {
  picking = null;
  game = await api(`/api/learn/games/${gameId}/act?order=${order}`, { action });
  renderGame();
}

async function expand(action) {
  const r = await api(`/api/learn/games/${gameId}/expand`, { action });
  picking = { options: r.options };
  renderGame();
}

function choose(option) {
  queue(() => (option.more ? expand(option.action) : act(option.action)));
}

function onCard(code) {
  const options = game.choices.filter((c) => c.card === code && (c.type === "play"));
  if (!options.length) return;
  if (options.length === 1) return choose(options[0]);
  picking = { options };
  renderGame();
}

function toggleOrder() {
  order = order === "guide" ? "colour" : "guide";
  store.set(ORDER_KEY, order);
  if (gameId) queue(async () => { game = await api(`/api/learn/games/${gameId}?order=${order}`); renderGame(); });
  else renderGame();
}

/** A choice's button label: the server's words as a button reads ("Draw a card", "Pass", "Play Red 7"). */
function choiceLabel(o) {
  if (o.type === "draw" && /^\s*(draw|comprar)\s*$/i.test(o.words || "")) return tr("drawCard");
  const w = String(o.words || o.action || "");
  return w.charAt(0).toUpperCase() + w.slice(1);
}

function renderGame() {
  const ob = $("#play-order");
  ob.textContent = order === "guide" ? tr("orderGuide") : tr("orderColour");
  ob.setAttribute("aria-pressed", String(order === "guide"));
  $("#play-rules").textContent = tr("rules", { code: rules });
  if (!game) return;
  const g = game;
  fill($("#play-others"), g.names.map((name, seat) => seat === 0 ? null : el("div", {
    class: `learn-seat${g.to_act === seat && !g.over ? " to-act" : ""}`, "data-testid": `play-seat-${seat}` },
  el("div", { class: "learn-seat-name" }, name,
    g.to_act === seat && !g.over ? el("span", { class: "learn-turn" }, ` ▶ ${tr("turn")}`) : null,
    g.uno[seat] && g.sizes[seat] === 1 ? el("strong", { class: "learn-uno" }, " UNO!") : null),
  el("div", { class: "learn-cards" }, backEl(g.sizes[seat]), el("span", {}, ` ${tr("cards", { n: g.sizes[seat] })}`)))));
  const pile = pileEl(g, g.names);
  pile.setAttribute("data-testid", "play-top");
  $("#play-top").replaceWith(pile);
  pile.id = "play-top";
  $("#play-hint").textContent = g.over ? "" : `${tr("hint")}: ${g.hint}`;
  // the lessons this move brought, or the last one given in this game
  fill($("#play-lesson"), g.lessons.length ? g.lessons.map((x) => lessonBox(x)) : g.last_lesson ? lessonBox(g.last_lesson, true) : null);
  // the hand: a tap plays a card (or opens its choices: a Wild's colour, UNO or not)
  const playable = new Set(g.playable);
  fill($("#hand"), g.hand.map((c) => cardEl(c, {
    tag: "button", testid: `card-${c}`, className: playable.has(c) ? "playable" : "dim",
    attrs: { "aria-disabled": playable.has(c) ? null : "true", onclick: () => onCard(c) },
  })));
  const box = $("#options");
  box.hidden = !picking;
  if (picking) {
    fill(box, picking.options.map((o, i) => el("button", { type: "button", "data-testid": `option-${i}`, onclick: () => choose(o) }, choiceLabel(o))),
      el("button", { type: "button", class: "ghost", onclick: () => { picking = null; renderGame(); } }, tr("cancel")));
  }
  const others = g.choices.filter((c) => c.type !== "play");
  const buttons = others.map((o, i) => el("button", { type: "button", "data-testid": `choice-${i}`, onclick: () => choose(o) }, choiceLabel(o)));
  if (g.waiting) buttons.push(el("button", { type: "button", class: "primary", "data-testid": "wait", onclick: () => queue(wait) }, tr("wait")));
  if (!g.over && !g.your_turn && !g.waiting) buttons.push(el("span", { class: "muted" }, tr("noChoice")));
  fill($("#choices"), buttons);
  const log = $("#play-log");
  fill(log, g.log.map((line) => el("li", {}, line)));
  log.scrollTop = log.scrollHeight;
  const over = $("#play-over");
  over.hidden = !g.over;
  if (g.over) {
    const winner = g.winner === 0 ? tr("won") : tr("lost", { who: g.names[g.winner] });
    const total = Object.entries(g.points || {}).reduce((a, [s, n]) => a + (Number(s) === g.winner ? 0 : n), 0);
    fill(over, el("p", { class: "learn-result" }, winner, " ", tr(g.winner === 0 ? "pointsYou" : "points", { who: g.names[g.winner], n: total })),
      el("button", { type: "button", class: "primary", onclick: () => queue(() => newGame(rules)) }, tr("again")),
      el("button", { type: "button", onclick: () => showStage("house") }, tr("toHouse")));
  }
}

async function wait() {
  game = await api(`/api/learn/games/${gameId}/wait?order=${order}`, {});
  renderGame();
}

// ------------------------------------------------------------------ 3. house rules
function renderHouse() {
  if (!plan) return;
  const r = plan.house[houseIndex];
  fill($("#house-rule"),
    el("p", { class: "muted" }, tr("ruleOf", { i: houseIndex + 1, n: plan.house.length })),
    el("h2", {}, el("code", {}, r.code), " ", r.name),
    el("p", {}, r.text),
    el("p", { class: "muted" }, el("code", {}, r.play)));
  $("#house-prev").disabled = houseIndex === 0;
  $("#house-next").disabled = houseIndex === plan.house.length - 1;
}
