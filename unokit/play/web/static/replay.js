// The replay viewer: the spectator's table after each step of a finished game, with every hand.
import { renderCenter, renderHandResult, renderLog, renderScores, renderSeats } from "./board.js";
import { $, api, cleanCode, el, fill } from "./common.js";
import { applyI18n, lang, langToggle, onLang, t } from "./i18n.js";

const code = cleanCode(decodeURIComponent(location.pathname.split("/")[2] || ""));
let steps = 0;
let step = 0;
let frame = null;
let timer = null;
let loading = 0;
const cache = new Map();      // `${lang}:${step}` -> frame

init();

async function init() {
  $("#lang-slot").appendChild(langToggle());
  applyI18n();
  fill($("#table-code"), code);
  document.title = `UNO ${code} — replay`;
  onLang(() => { applyI18n(); show(step); });
  let info;
  try {
    info = await api(`/api/tables/${encodeURIComponent(code)}/replay`);
  } catch (e) {
    $("#missing").hidden = false;
    $("#missing-why").textContent = e.message;
    return;
  }
  steps = info.steps;
  $("#game").hidden = false;
  $("#side").hidden = false;
  const slider = $("#slider");
  slider.max = String(Math.max(0, steps - 1));
  slider.addEventListener("input", () => { stop(); show(Number(slider.value)); });
  $("#first").addEventListener("click", () => { stop(); show(0); });
  $("#prev").addEventListener("click", () => { stop(); show(step - 1); });
  $("#next").addEventListener("click", () => { stop(); show(step + 1); });
  $("#last").addEventListener("click", () => { stop(); show(steps - 1); });
  $("#play").addEventListener("click", () => (timer ? stop() : play()));
  $("#speed").addEventListener("change", () => { if (timer) { stop(); play(); } });
  document.addEventListener("keydown", (ev) => {
    if (["INPUT", "SELECT", "TEXTAREA"].includes(ev.target.tagName) && ev.target.id !== "slider") return;
    const map = { ArrowLeft: () => show(step - 1), ArrowRight: () => show(step + 1), Home: () => show(0), End: () => show(steps - 1),
      " ": () => (timer ? stop() : play()) };
    if (ev.target.id === "slider" && ev.key !== " ") return;   // the slider moves itself with arrows
    if (map[ev.key] && !(ev.key === " " && ev.target.tagName === "BUTTON")) {
      if (ev.key !== " ") stop();
      map[ev.key]();
      ev.preventDefault();
    }
  });
  show(steps - 1 >= 0 ? 0 : 0);
}

function play() {
  if (step >= steps - 1) show(0);
  const ms = Number($("#speed").value) || 1000;
  timer = setInterval(() => {
    if (step >= steps - 1) { stop(); return; }
    show(step + 1);
  }, ms);
  $("#play").textContent = "❚❚";
  $("#play").setAttribute("aria-label", t("replay.pause"));
}

function stop() {
  clearInterval(timer);
  timer = null;
  $("#play").textContent = "▶";
  $("#play").setAttribute("aria-label", t("replay.play"));
}

async function fetchFrame(i) {
  const key = `${lang()}:${i}`;
  if (cache.has(key)) return cache.get(key);
  const f = await api(`/api/tables/${encodeURIComponent(code)}/replay/${i}?lang=${lang()}`);
  cache.set(key, f);
  return f;
}

async function show(i) {
  if (!steps) return;
  i = Math.max(0, Math.min(steps - 1, i));
  step = i;
  $("#slider").value = String(i);
  $("#step").textContent = t("replay.step", { i: i + 1, n: steps });
  const ticket = ++loading;
  let f;
  try {
    f = await fetchFrame(i);
  } catch (e) {
    $("#step").textContent = e.message;
    return;
  }
  if (ticket !== loading) return;
  frame = f;
  render();
  fetchFrame(Math.min(steps - 1, i + 1)).catch(() => {});   // the next step, ahead of time
}

function render() {
  const f = frame;
  const hands = {};
  (f.hands || []).forEach((h, seat) => { hands[seat] = h; });
  const side = f.view && f.view.side;          // UNO Flip: the side in play darkens the table (app.css)
  if (side) document.body.dataset.side = side;
  else delete document.body.dataset.side;
  renderSeats($("#seats"), f, { hands, presence: false });
  renderCenter($("#center"), f, {});
  renderLog($("#log"), f);
  renderScores($("#scores"), f);
  const box = $("#hand-result");
  const showResult = (f.status === "between" || f.status === "over") && f.match && f.match.last;
  box.hidden = !showResult;
  if (showResult) {
    const inner = el("div", {});
    renderHandResult(inner, f, code);
    fill(box, el("h2", {}, f.status === "over" ? t("status.over") : t("result.handOver", { n: f.match.last.number })), inner);
  }
}
