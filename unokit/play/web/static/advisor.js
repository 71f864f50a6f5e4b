// The rule advisor in the lobby (docs/lab/advise.md, "In the lobby"): each rule's measured effect beside its
// name in the picker, the "With these rules" panel (updated as rules are picked) and the "Ask the advisor"
// form. It talks to GET /api/advise/effects, GET /api/advise/profile and POST /api/advise (docs/protocol.md);
// the lobby (lobby.js) tells it the table's size and the code, and gets proposals back into its picker.
import { $, api, el, fill } from "./common.js";
import { lang, onLang, t } from "./i18n.js";

const MOST = 10;                   // the advisor measures one-deck tables: 2 to 10 players
const DEBOUNCE = 400;              // ms between the last pick and the panel's question
const effects = new Map();         // players -> {state: "loading" | "ready" | "error", data, error}
let hooks = null;                  // {players(): n or null, useCode(code), repaint()}
let shownCode = null;              // the code the panel was last asked about
let panelSeq = 0;
let panelTimer = null;
let lastProfile = null;            // {code, players, ok, data | message}
let lastAdvice = null;

/** Start the advisor: `h.players()` the table's size (null: not a one-deck table), `h.useCode(code)` puts a
 *  code into the picker, `h.repaint()` redraws the picker (its effect labels). */
export function initAdvisor(h) {
  hooks = h;
  $("#ask-form").addEventListener("submit", (ev) => { ev.preventDefault(); askAdvisor(); });
  onLang(() => { paintPanel(); paintAdvice(); paintEffectsStatus(); paintAskPlayers(); });
  paintAskPlayers();
}

// ------------------------------------------------------------------ numbers in the page's language
function num(x, digits = 1) {
  return Number(x).toLocaleString(lang() === "pt" ? "pt-BR" : "en-US",
    { minimumFractionDigits: digits, maximumFractionDigits: digits });
}
const whole = (x) => num(x, 0);
const signed = (x, digits = 1) => `${x >= 0 ? "+" : "-"}${num(Math.abs(x), digits)}`;
const pts = (rate) => signed(100 * rate);          // a rate (0.023) as signed percentage points (+2.3)

// ------------------------------------------------------------------ the picker's effect labels
/** The effects of every rule at the table's size: asked once per size, the picker repainted when they come. */
export async function loadEffects() {
  const n = hooks.players();
  paintEffectsStatus();
  if (n === null || effects.has(n)) { hooks.repaint(); return; }
  effects.set(n, { state: "loading" });
  paintEffectsStatus();
  try {
    effects.set(n, { state: "ready", data: await api(`/api/advise/effects?players=${n}`) });
  } catch (e) {
    effects.set(n, { state: "error", error: e.message });
  }
  if (hooks.players() === n) { paintEffectsStatus(); hooks.repaint(); }
}

function paintEffectsStatus() {
  const node = $("#effects-status");
  if (!node || !hooks) return;
  const n = hooks.players();
  const got = n === null ? null : effects.get(n);
  node.dataset.state = n === null ? "none" : got ? got.state : "loading";
  if (n === null) { node.textContent = t("adv.oneDeck", { most: MOST }); return; }
  if (!got || got.state === "loading") { node.textContent = t("adv.effectsLoading", { n }); return; }
  if (got.state === "error") { node.textContent = t("adv.effectsError", { why: got.error }); return; }
  node.textContent = t("adv.effectsReady", { n, hands: whole(got.data.settings.hands) });
}

/** The words of one effect ({kind, sign, pct}) in the page's language. */
export function effectWords(e) {
  if (e.kind === "length") return t(e.sign > 0 ? "effect.longer" : "effect.shorter", { pct: e.pct });
  if (e.kind === "skill") return t(e.sign > 0 ? "effect.skill" : "effect.luck");
  if (e.kind === "drawn") return t(e.sign > 0 ? "effect.moreDrawn" : "effect.fewerDrawn");
  return t(e.sign > 0 ? "effect.firstMore" : "effect.firstLess");
}

/** The label beside a rule's name in the picker (null: nothing to say at this table's size). */
export function effectNode(code) {
  const n = hooks ? hooks.players() : null;
  const got = n === null ? null : effects.get(n);
  if (!got || got.state !== "ready") return null;
  const row = got.data.rules[code];
  if (!row || row.status === "none") return null;
  const report = row.source === "report";
  const text = row.status === "same" ? t(row.match_only ? "effect.matchOnly" : "effect.same")
    : row.effects.length ? row.effects.map(effectWords).join(" · ") : t("effect.none");
  const title = t(report ? "effect.fromReport" : "effect.measured", { hands: whole(row.hands), players: row.players });
  return el("span", { class: `rule-effect${row.effects && row.effects.length ? "" : " quiet"}`,
    "data-testid": `rule-effect-${code}`, "data-source": report ? "report" : "compiled", title },
  text, report ? el("small", { class: "effect-src" }, ` (${t("effect.reportTag", { players: row.players })})`) : null);
}

// ------------------------------------------------------------------ the "With these rules" panel
/** The code in the picker changed (or the table's size): ask about it after a short pause. */
export function showProfile(code) {
  if (code !== undefined) shownCode = code;
  clearTimeout(panelTimer);
  const node = $("#advice-panel");
  node.dataset.state = "pending";
  panelTimer = setTimeout(askProfile, DEBOUNCE);
}

async function askProfile() {
  const seq = ++panelSeq;
  const n = hooks.players();
  const code = shownCode;
  if (n === null || !code) {
    lastProfile = { code, players: n, ok: false, message: n === null ? t("adv.oneDeck", { most: MOST }) : "" };
    paintPanel();
    return;
  }
  let res;
  try {
    res = { code, players: n, ok: true, data: await api(`/api/advise/profile?players=${n}&rules=${encodeURIComponent(code)}`) };
  } catch (e) {
    res = { code, players: n, ok: false, message: e.message };
  }
  if (seq !== panelSeq) return;          // a newer question is on its way
  lastProfile = res;
  paintPanel();
}

function sourceWords(r) {
  if (lang() === "en") return r.source;
  const o = r.origin;
  const vars = { hands: whole(o.hands), players: o.players };
  if (o.engine === "report") return t(o.players === r.players ? "adv.srcReport" : "adv.srcReportOther", vars);
  return t(o.engine === "compiled" ? "adv.srcCompiled" : "adv.srcReferee", vars);
}

function figureRow(id, label, mine, ref, value, refValue) {
  return el("tr", { "data-testid": `advice-${id}` }, el("th", { scope: "row" }, label),
    el("td", { "data-value": value === null ? "" : String(value) }, mine),
    el("td", { class: "ref", "data-value": refValue === null ? "" : String(refValue) }, ref));
}

function paintPanel() {
  const node = $("#advice-panel");
  if (!node) return;
  const r = lastProfile;
  if (!r) { fill(node, el("p", { class: "muted" }, t("adv.panelWaiting"))); return; }
  node.dataset.state = r.ok ? "ready" : "refused";
  node.dataset.code = r.ok ? r.data.rules : "";
  if (!r.ok) {
    fill(node, el("p", { class: "error-text", "data-testid": "advice-error" }, r.message));
    return;
  }
  const d = r.data;
  const p = d.profile;
  const ref = d.reference;
  const m = p.minutes;
  const rows = [figureRow("minutes", t("adv.minutes"), `${num(m.mean)} [${num(m.lo)}, ${num(m.hi)}]`,
    num(ref.minutes.mean), m.mean, ref.minutes.mean)];
  const sk = p.skill;
  rows.push(sk ? figureRow("skill", t("adv.skill"),
    `${pts(sk.edge)} ${t("adv.pts")} [${pts(sk.lo - sk.fair)}, ${pts(sk.hi - sk.fair)}]`,
    ref.skill ? `${pts(ref.skill.edge)} ${t("adv.pts")}` : "—", sk.edge, ref.skill ? ref.skill.edge : null)
    : figureRow("skill", t("adv.skill"), "—", "—", null, null));
  const fs = p.first_seat;
  rows.push(figureRow("first", t("adv.first"),
    `${pts(fs.edge)} ${t("adv.pts")} [${pts(fs.lo - fs.fair)}, ${pts(fs.hi - fs.fair)}]`,
    `${pts(ref.first_seat.edge)} ${t("adv.pts")}`, fs.edge, ref.first_seat.edge));
  const lh = p.long_hand;
  rows.push(lh ? figureRow("long", t("adv.long", { turns: lh.turns_over }),
    `${num(100 * lh.rate)}% [${num(100 * lh.lo)}, ${num(100 * lh.hi)}]`, `${num(100 * lh.baseline)}%`, lh.rate, lh.baseline)
    : figureRow("long", t("adv.longNone"), t("adv.notInSource"), "—", null, null));
  const sample = [t("adv.sample", { n: whole(p.turns.n) })];
  if (sk) sample.push(t("adv.skillSample", { bot: sk.bot, players: sk.players, n: whole(sk.n) }));
  fill(node,
    el("p", { class: "adv-code" }, el("code", { "data-testid": "advice-code" }, d.rules), " · ",
      t("adv.players", { n: d.players })),
    el("table", { class: "adv-figures" },
      el("thead", {}, el("tr", {}, el("th", {}, ""), el("th", { scope: "col" }, t("adv.these")),
        el("th", { scope: "col" }, d.baseline))),
      el("tbody", {}, rows)),
    el("p", { class: "adv-source small muted", "data-testid": "advice-source" }, `${sample.join(" · ")} · ${sourceWords(d)}`),
    el("p", { class: "small muted" }, t("adv.pace", { turn: num(d.pace.per_turn, 0), card: num(d.pace.per_card, 0),
      hand: num(d.pace.per_hand, 0) })));
}

// ------------------------------------------------------------------ "Ask the advisor"
function paintAskPlayers() {
  const n = hooks ? hooks.players() : null;
  const node = $("#ask-players");
  if (node) node.textContent = n === null ? t("adv.oneDeck", { most: MOST }) : t("adv.askFor", { n });
}

let tableTimer = null;

/** The table's size changed: new labels, a new panel, the form's players (after a short pause: typing "10"
 *  passes through "1"). */
export function tableChanged() {
  clearTimeout(tableTimer);
  tableTimer = setTimeout(() => { paintAskPlayers(); loadEffects(); showProfile(); }, DEBOUNCE);
}

function codesOf(text) {
  return String(text || "").split(/[\s,;-]+/).map((c) => c.trim().toUpperCase()).filter(Boolean);
}

async function askAdvisor() {
  const out = $("#ask-message");
  const n = hooks.players();
  if (n === null) { out.textContent = t("adv.oneDeck", { most: MOST }); return; }
  const number = (id) => {
    const v = $(id).value.trim();
    return v === "" ? null : Number(v.replace(",", "."));
  };
  const body = {
    players: n, minutes: number("#ask-minutes"), match_minutes: number("#ask-match-minutes"),
    luck: Number($("#ask-luck").value || 0), interaction: Number($("#ask-interaction").value || 0),
    fewer_droughts: $("#ask-droughts").checked, keep: codesOf($("#ask-keep").value),
    exclude: codesOf($("#ask-exclude").value),
  };
  for (const k of ["minutes", "match_minutes"]) {
    if (body[k] !== null && !Number.isFinite(body[k])) { out.textContent = t("adv.badNumber"); return; }
  }
  const button = $("#ask-submit");
  button.disabled = true;
  out.className = "hint";
  out.textContent = t("adv.asking", { n });
  try {
    lastAdvice = await api("/api/advise", body);
    out.textContent = "";
  } catch (e) {
    lastAdvice = null;
    out.className = "error-text";
    out.textContent = e.message;
  } finally {
    button.disabled = false;
  }
  paintAdvice();
}

function paintAdvice() {
  const box = $("#ask-results");
  if (!box) return;
  const r = lastAdvice;
  if (!r) { box.replaceChildren(); return; }
  if (!r.proposals.length) { fill(box, el("p", { class: "muted" }, t("adv.noProposal"))); return; }
  fill(box, el("ol", { class: "proposals" }, r.proposals.map((row, i) => {
    const p = row.profile;
    const mins = p.minutes.scaled !== undefined ? `≈ ${num(p.minutes.scaled)}` : num(p.minutes.mean);
    const why = lang() === "en" ? row.why : (row.effects.map(effectWords).join(" · ") || t("effect.none"));
    return el("li", { class: "proposal", "data-testid": `proposal-${i}` },
      el("code", { class: "proposal-code", "data-testid": `proposal-code-${i}` }, row.rules),
      row.variation ? el("span", { class: "muted small" }, ` — ${row.variation}`) : null,
      el("p", { class: "proposal-why", "data-testid": `proposal-why-${i}` }, why),
      el("p", { class: "small" }, t("adv.proposalFigures", { minutes: mins, ref: num(r.reference.minutes.mean),
        skill: p.skill ? pts(p.skill.edge) : "—" })),
      el("p", { class: "small muted" }, lang() === "en" ? row.source : t(row.source.startsWith("from") ? "adv.srcReportShort" : "adv.srcMeasuredShort",
        { hands: whole(p.hands), players: p.players })),
      el("button", { type: "button", "data-testid": `proposal-use-${i}`,
        onclick: () => hooks.useCode(row.rules) }, t("adv.use")));
  })));
}
