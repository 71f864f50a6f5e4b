// The lobby: create a table (name, seats and bots, game type, table options, house rules), join
// one by its code, open the replay of a finished game.
//
// The rule picker and the code box are two views of one rule set: picking writes the code
// (buildCode), and a code typed in the box that the server accepts (POST /api/rules/check) is read
// back into the picker (parseCode on the canonical code).
import { $, api, cleanCode, el, fill, hostKey, NAME_KEY, store, toast, tokenKey, when } from "./common.js";
import { applyI18n, lang, langToggle, onLang, t } from "./i18n.js";
import { effectNode, initAdvisor, loadEffects, showProfile, tableChanged } from "./advisor.js";

const SILENCE = ["PP", "SE", "SS", "T", "U"];         // S sub-options, in the order the code writes them
const MODES = ["points", "partners", "single", "lowest", "rotating-partners", "elimination", "tournament", "reverse-points"];
const TIMERS = [null, 15, 30, 60];
const GRACES = [0, 1, 2, 3, 5];
const THINKS = [0, 0.5, 1, 2, 3];
const BETWEEN = [3, 6, 10, 20];
// what a blank card of the 112 / Italian deck may do (unokit/rules/blanks.py); "card": a stand-in for a lost card
const BLANK_EFFECTS = ["", "wild", "swap", "draw2", "everyone1", "drawn", "bianca", "nextswap", "card"];
const blanks = [];                 // blank i -> {effect, card}: the rule written on it

let catalog = null;
const byCode = new Map();          // rule code -> catalogue entry
const S = {                        // the picker's state
  picked: new Map(),               // code -> {params: {name: value}, silence: Set}
  abcd: ["1", "1", "2", "1"],
  table: {},                       // table parameter -> value (only those not at default)
};
let checkSeq = 0;
let lastCheck = { ok: true, code: "UNO 1121", text: "UNO 1121" };

// ------------------------------------------------------------------ start
init();

async function init() {
  $("#lang-slot").appendChild(langToggle());
  applyI18n();
  const name = store.get(NAME_KEY);
  if (name) $("#name").value = name;
  wireForm();
  loadGames();
  try {
    catalog = await api("/api/catalog");
  } catch (e) {
    fill($("#rules-message"), t("lobby.noCatalog", { why: e.message }));
    return;
  }
  for (const r of catalog.rules) byCode.set(r.code, r);
  renderAll();
  onLang(() => { applyI18n(); renderAll(); loadGames(); });
  initAdvisor({ players: advisorPlayers, repaint: renderPicker,
    useCode: (code) => { setCodeText(code); check(code, "preset"); } });
  loadEffects();
  check($("#rules-code").value, "typed");
}

function renderAll() {
  renderSeats();
  renderSelects();
  renderBlanks();
  renderVariations();
  renderEditions();
  renderAbcd();
  renderPicker();
  renderTableParams();
  renderMode();
}

// ------------------------------------------------------------------ seats, game type, options
/** Decks shuffled together (1 to the catalogue's most); each seats `seats_per_deck` players. */
function deckCount() {
  const d = Math.round(Number($("#decks").value));
  const hi = catalog && catalog.deck_count ? catalog.deck_count.hi : 4;
  return Number.isFinite(d) ? Math.min(hi, Math.max(1, d)) : 1;
}

function seatCount() {
  const per = catalog && catalog.deck_count ? catalog.deck_count.seats_per_deck : 10;
  const most = per * deckCount();
  $("#seats").max = String(most);
  const n = Math.round(Number($("#seats").value));
  return Number.isFinite(n) ? Math.min(most, Math.max(2, n)) : 4;
}

/** The table's size for the advisor: the seats of one classic deck, or null (it measures no other table). */
function advisorPlayers() {
  return deckCount() === 1 && ($("#deck").value || "classic") === "classic" ? seatCount() : null;
}

function renderSeats() {
  const list = $("#seat-list");
  const before = new Map(Array.from(list.querySelectorAll("select")).map((s) => [s.dataset.player, s.value]));
  const n = seatCount();
  const items = [el("li", { class: "seat-row" }, el("span", { class: "seat-no" }, "0"), " ", t("lobby.seatYou"))];
  for (let p = 1; p < n; p++) {
    const sel = el("select", { "data-testid": `bot-select-${p}`, "data-player": String(p), "aria-label": t("lobby.seatN", { n: p }) },
      el("option", { value: "" }, t("lobby.seatFree")),
      ...(catalog ? catalog.bots : []).map((b) => el("option", { value: b }, botLabel(b, n))));
    sel.value = before.get(String(p)) ?? "";
    items.push(el("li", { class: "seat-row" }, el("span", { class: "seat-no" }, String(p)), " ", sel));
  }
  fill(list, items);
}

// A bot's name in the seat list; the learned bot says whether it was trained for this table (the checked
// rule code and the seat count), else that it plays as the strategist here.
function botLabel(bot, seats) {
  const models = bot === "rl" && catalog ? catalog.rl_models || [] : null;
  if (!models) return t("lobby.botNamed", { bot });
  const fits = lastCheck.ok && models.some((m) => m.rules === lastCheck.code && m.players === seats);
  const what = models.map((m) => t("lobby.rlFor", { players: m.players, rules: m.rules })).join(t("lobby.rlOr"));
  return t(fits ? "lobby.rlFits" : "lobby.rlElsewhere", { bot, what });
}

function renderSelects() {
  const fb = $("#fill-bot");
  const keep = fb.value || "strategist";
  fill(fb, (catalog ? catalog.bots : ["strategist"]).map((b) => el("option", { value: b }, b)));
  fb.value = keep;
  const mode = $("#mode");
  const m = mode.value || "points";
  fill(mode, MODES.map((v) => el("option", { value: v }, t(`mode.${v}`))));
  mode.value = m;
  initSelect($("#turn-timer"), TIMERS, (v) => (v === null ? t("lobby.off") : t("lobby.seconds", { n: v })), "");
  initSelect($("#uno-grace"), GRACES, (v) => (v === 0 ? t("lobby.none") : t("lobby.seconds", { n: v })), "2");
  initSelect($("#bot-think"), THINKS, (v) => (v === 0 ? t("lobby.instant") : t("lobby.seconds", { n: v })), "1");
  initSelect($("#between-hands"), BETWEEN, (v) => t("lobby.seconds", { n: v }), "6");
  const deck = $("#deck");
  const d = deck.value || "classic";
  const decks = catalog && catalog.decks ? catalog.decks : [{ name: "classic", cards: 108, about: "" }];
  fill(deck, decks.map((x) => el("option", { value: x.name, title: x.about }, t("lobby.deckNamed", { name: x.name, cards: x.cards }))));
  deck.value = d;
  if (catalog && catalog.deck_count) $("#decks").max = String(catalog.deck_count.hi);
}

/** Blank cards of the chosen deck: 3 a deck of the 112 / Italian deck (the catalogue's `blanks`), else 0. */
function blankCount() {
  const name = $("#deck").value || "classic";
  const d = catalog && catalog.decks ? catalog.decks.find((x) => x.name === name) : null;
  return d && d.blanks ? d.blanks * deckCount() : 0;
}

/** One select per blank card (its rule), and a text field for the card a stand-in replaces. */
function renderBlanks() {
  const box = $("#blank-cards");
  const n = blankCount();
  box.hidden = n === 0;
  if (!n) { box.replaceChildren(); return; }
  const rows = [];
  for (let i = 0; i < n; i++) {
    const b = blanks[i] || (blanks[i] = { effect: "", card: "" });
    const card = el("input", { type: "text", "data-testid": `blank-card-${i}`, value: b.card, hidden: b.effect !== "card",
      maxlength: 8, spellcheck: "false", autocapitalize: "characters", autocomplete: "off", placeholder: "R7",
      "aria-label": t("blank.cardLabel", { n: i + 1 }), oninput: (ev) => { b.card = ev.target.value.trim(); } });
    const sel = el("select", { "data-testid": `blank-effect-${i}`, "aria-label": t("blank.n", { n: i + 1 }),
      onchange: (ev) => { b.effect = ev.target.value; card.hidden = b.effect !== "card"; if (!card.hidden) card.focus(); } },
      BLANK_EFFECTS.map((e) => el("option", { value: e }, t(`blank.${e || "none"}`))));
    sel.value = b.effect;
    rows.push(el("div", { class: "field inline blank-row" }, el("span", {}, t("blank.n", { n: i + 1 })), " ", sel, " ", card));
  }
  fill(box, el("p", { class: "hint" }, t("lobby.blanks")), ...rows);
}

/** The blanks= value the choices write ("swap/drawn/r7"; "" for none); throws naming a stand-in with no card. */
function blanksValue() {
  const out = [];
  blanks.slice(0, blankCount()).forEach((b, i) => {
    if (b.effect === "card" && !b.card) throw new Error(t("blank.needCard", { n: i + 1 }));
    if (b.effect) out.push(b.effect === "card" ? b.card.toLowerCase() : b.effect);
  });
  return out.join("/");
}

function initSelect(select, values, label, dflt) {
  const keep = select.dataset.ready ? select.value : dflt;
  fill(select, values.map((v) => el("option", { value: v === null ? "" : String(v) }, label(v))));
  select.value = keep;
  select.dataset.ready = "1";
}

/** The game type a match rule of the code sets (TV: a tournament of wins, or partners counting wins; PR:
 *  reverse points), the types it allows and its goal (TV's wins, PR's starting points); null without one. */
function ruleMode() {
  const param = (code, name) => {
    const st = S.picked.get(code);
    const p = (byCode.get(code) || { params: [] }).params.find((x) => x.name === name);
    return Number(st && st.params[name] !== undefined ? st.params[name] : p ? p.default : NaN);
  };
  if (S.picked.has("TV")) return { rule: "TV", mode: "tournament", modes: ["tournament", "partners"], target: param("TV", "wins") };
  if (S.picked.has("PR")) return { rule: "PR", mode: "reverse-points", modes: ["reverse-points"], target: param("PR", "start") };
  return null;
}

/** The modes a match rule owns (they are played only with it in the code). */
const RULE_MODES = { tournament: "TV", "reverse-points": "PR" };

/** Explain what the chosen game type needs (partners: an even number of seats, at least 4); a match rule in
 *  the code (TV, PR) chooses the type and the goal, as the table will play them. */
function renderMode() {
  const select = $("#mode");
  const rm = ruleMode();
  for (const o of select.options) o.disabled = rm ? !rm.modes.includes(o.value) : Boolean(RULE_MODES[o.value]);
  if (rm && !rm.modes.includes(select.value)) select.value = rm.mode;
  else if (!rm && RULE_MODES[select.value]) select.value = "points";
  const mode = select.value;
  const n = seatCount();
  let hint = t(`modeHelp.${mode}`);
  let bad = false;
  if (mode === "partners" && (n < 4 || n % 2)) { hint = t("lobby.partnersNeed", { n }); bad = true; }
  if (mode === "rotating-partners" && n !== 4) { hint = t("lobby.rotatingNeed", { n }); bad = true; }
  const node = $("#mode-hint");
  node.textContent = hint;
  node.classList.toggle("warn", bad);
  $("#target-field").hidden = mode === "single";
  const target = rm && Number.isFinite(rm.target) ? rm.target : S.table.target ?? tableDefault("target") ?? 500;
  const input = $("#target");
  input.disabled = Boolean(rm);           // the rule's parameter (TV's wins, PR's start) is the goal
  fill($("#target-label"), rm ? t(`lobby.target${rm.rule}`) : t("lobby.target"));
  if (document.activeElement !== input || rm) input.value = String(target);
}

const variationOf = new Map();     // a canonical code -> the variation (as the guide writes it) that gave it

/** The variation card of the code in the box (canonical, as the server checked it) is marked as chosen. */
function markVariation(code) {
  const canon = (c) => String(c || "").trim().replace(/\s+/g, " ").toUpperCase();
  const written = code ? variationOf.get(code) : null;
  for (const b of document.querySelectorAll('#variations [data-testid^="variation-"]')) {
    const on = Boolean(code) && (b.dataset.code === written || canon(b.dataset.code) === canon(code));
    b.classList.toggle("chosen", on);
    b.setAttribute("aria-pressed", String(on));
  }
}

function tableDefault(name) {
  const p = catalog && catalog.table_params.find((x) => x.name === name);
  return p ? p.default : undefined;
}

// ------------------------------------------------------------------ variations, editions, A-D
function renderVariations() {
  const box = $("#variations");
  fill(box,
    el("h3", {}, t("lobby.variations")),
    el("div", { class: "preset-list" }, catalog.variations.map((v, i) =>
      el("button", {
        type: "button", class: "preset", "data-testid": `variation-${i}`, title: v.about, "data-code": v.code,
        "aria-pressed": "false", onclick: () => { setCodeText(v.code); check(v.code, "preset"); },
      }, el("span", { class: "preset-group" }, v.group), el("code", {}, v.code.replace(/^UNO /, "")),
      el("span", { class: "preset-about" }, v.about)))));
  markVariation(lastCheck.ok ? lastCheck.code : null);
}

function renderEditions() {
  const box = $("#editions");
  const eds = catalog.editions || [];
  box.hidden = eds.length === 0;
  if (!eds.length) { box.replaceChildren(); return; }
  fill(box, el("h3", {}, t("lobby.editions")),
    el("div", { class: "preset-list" }, eds.map((e, i) => {
      const code = typeof e === "string" ? e : e.code;
      const name = typeof e === "string" ? e : (e[`name_${lang()}`] || e.name || e.code);
      return el("button", { type: "button", class: "preset", "data-testid": `edition-${i}`,
        onclick: () => { setCodeText(code); check(code, "preset"); } }, name);
    })));
}

function renderAbcd() {
  fill($("#abcd"), catalog.ambiguity.map((a, i) => {
    const sel = el("select", { "data-testid": `abcd-${a.letter}`, onchange: (ev) => { S.abcd[i] = ev.target.value; picked(); } },
      Object.entries(a.options).map(([d, text]) => el("option", { value: d }, `${d} — ${text}`)));
    sel.value = S.abcd[i];
    return el("label", { class: "field" }, el("span", {}, `${a.letter}: ${a[`name_${lang()}`] || a.name_en}`), sel);
  }));
}

// ------------------------------------------------------------------ the rule picker
function ruleName(r) {
  return lang() === "pt" ? r.name_pt : r.name_en;
}

/** Why `code` cannot be picked with what is picked now (null: it can). */
function conflictOf(code) {
  const r = byCode.get(code);
  if (!r.implemented) return t("rules.notImplemented");
  for (const other of S.picked.keys()) {
    if (other === code) continue;
    const o = byCode.get(other);
    if (o.family === r.family) continue;          // same family: picking replaces (see toggle)
    if (r.conflicts.includes(other) || o.conflicts.includes(code)) return t("rules.conflict", { a: other, b: code });
  }
  return null;
}

/** Warnings on a picked rule: what it needs, a card another picked rule is tied to. */
function warningsOf(code) {
  const r = byCode.get(code);
  const out = [];
  if (r.needs.length && !r.needs.some((n) => S.picked.has(n))) {
    out.push(t("rules.needs", { a: code, list: r.needs.join(t("rules.or")) }));
  }
  const mine = cardOf(code);
  if (mine !== null) {
    for (const other of S.picked.keys()) {
      if (other !== code && cardOf(other) === mine) out.push(t("rules.sameCard", { a: other, b: code, card: mine }));
    }
  }
  const sil = S.picked.get(code)?.silence;
  if (sil && sil.has("SE") && sil.has("SS")) out.push(t("rules.seSs"));
  return out;
}

function cardOf(code) {
  const r = byCode.get(code);
  const p = r.params.find((x) => x.name === "card");
  if (!p || !S.picked.has(code)) return null;
  const v = S.picked.get(code).params.card;
  return String(v ?? p.default);
}

function toggle(code, on) {
  if (on) {
    const r = byCode.get(code);
    for (const other of [...S.picked.keys()]) {
      if (other !== code && byCode.get(other).family === r.family) {
        S.picked.delete(other);
        toast(t("rules.replaced", { a: code, b: other }), "info", 3000);
      }
    }
    S.picked.set(code, { params: {}, silence: new Set() });
  } else {
    S.picked.delete(code);
  }
  picked();
}

function renderPicker() {
  const box = $("#picker");
  const groups = catalog.groups.map((g) => {
    const rules = catalog.rules.filter((r) => r.group === g.key);
    if (!rules.length) return null;
    const count = rules.filter((r) => S.picked.has(r.code)).length;
    const det = el("details", { class: "rule-group", "data-group": g.key, open: count > 0 || box.querySelector(`details[data-group="${g.key}"][open]`) ? true : null },
      el("summary", {}, lang() === "pt" ? g.name_pt : g.name_en, count ? el("span", { class: "badge" }, String(count)) : null),
      el("div", { class: "rule-list" }, rules.map(ruleRow)));
    return det;
  });
  fill(box, groups);
}

function ruleRow(r) {
  const on = S.picked.has(r.code);
  const why = on ? null : conflictOf(r.code);
  const same = !on && [...S.picked.keys()].find((o) => o !== r.code && byCode.get(o).family === r.family);
  const whyId = `why-${r.code}`;
  const box = el("input", {
    type: "checkbox", "data-testid": `rule-${r.code}`, checked: on, disabled: !!why,
    "aria-describedby": `sum-${r.code} ${whyId}`, onchange: (ev) => toggle(r.code, ev.target.checked),
  });
  const notes = [];
  if (why) notes.push(why);
  if (same) notes.push(t("rules.willReplace", { b: same }));
  if (on) notes.push(...warningsOf(r.code));
  const row = el("div", { class: `rule${on ? " on" : ""}${why ? " blocked" : ""}`, "data-code": r.code },
    el("label", { class: "rule-head" }, box, el("code", { class: "rule-code" }, r.code), " ", el("span", { class: "rule-name" }, ruleName(r)),
      effectNode(r.code)),
    el("p", { class: "rule-summary", id: `sum-${r.code}` }, r.summary),
    el("p", { class: `rule-why${on && notes.length ? " warn" : ""}`, id: whyId, "data-testid": `rule-why-${r.code}` }, notes.join(" · ")));
  if (on) row.appendChild(paramsOf(r));
  return row;
}

function paramsOf(r) {
  const state = S.picked.get(r.code);
  const inputs = r.params.map((p) => {
    const value = state.params[p.name] ?? p.default;
    const id = `param-${r.code}-${p.name}`;
    const set = (v) => {
      if (v === "" || String(v) === String(p.default)) delete state.params[p.name];
      else state.params[p.name] = v;
      picked();
    };
    let input;
    if (p.kind === "choice") {
      input = el("select", { id, "data-testid": id, onchange: (ev) => set(ev.target.value) },
        p.choices.map((c) => el("option", { value: c }, c)));
      input.value = String(value);
    } else if (p.kind === "int") {
      input = el("input", { id, "data-testid": id, type: "number", min: p.lo, max: p.hi, step: 1, value: String(value),
        inputmode: "numeric", onchange: (ev) => {
          const n = Math.round(Number(ev.target.value));
          if (!Number.isFinite(n) || n < p.lo || n > p.hi) {
            toast(t("rules.bounds", { name: p.name, lo: p.lo, hi: p.hi }), "error");
            ev.target.value = String(state.params[p.name] ?? p.default);
            return;
          }
          set(String(n));
        } });
    } else {          // word (S's banned word) or the die table of DAD: text, checked by the server
      input = el("input", { id, "data-testid": id, type: "text", value: String(value), spellcheck: "false",
        pattern: p.kind === "word" ? "[A-Za-zÀ-ÿ]{1,30}" : "\\d{1,2}(/\\d{1,2}){5}",
        onchange: (ev) => set(ev.target.value.trim()) });
    }
    const label = p.name === "card" ? t("rules.card") : p.name;
    return el("label", { class: "field param" }, el("span", {}, label, " ", el("small", {}, `(${p.about})`)), input);
  });
  if (r.code === "S") {
    inputs.push(el("div", { class: "silence", role: "group", "aria-label": t("rules.silenceOptions") },
      SILENCE.map((o) => el("label", { class: "check" },
        el("input", { type: "checkbox", "data-testid": `silence-${o}`, checked: state.silence.has(o),
          onchange: (ev) => { if (ev.target.checked) state.silence.add(o); else state.silence.delete(o); picked(); } }),
        el("code", {}, o), " ", t(`silence.${o}`)))));
  }
  return el("div", { class: "params" }, inputs);
}

function renderTableParams() {
  // (target has its own field; blanks= is written by the blank cards' selects, beside the deck)
  fill($("#table-params"), catalog.table_params.filter((p) => p.name !== "target" && p.name !== "blanks").map((p) => {
    const id = `table-param-${p.name}`;
    const value = S.table[p.name] ?? p.default;
    const set = (v) => {
      if (String(v) === String(p.default) || v === "") delete S.table[p.name];
      else S.table[p.name] = v;
      picked();
    };
    let input;
    if (p.kind === "choice") {
      input = el("select", { id, "data-testid": id, onchange: (ev) => set(ev.target.value) }, p.choices.map((c) => el("option", { value: c }, c)));
      input.value = String(value);
    } else {
      input = el("input", { id, "data-testid": id, type: "number", min: p.lo, max: p.hi, step: 1, value: String(value), inputmode: "numeric",
        onchange: (ev) => {
          const n = Math.round(Number(ev.target.value));
          if (!Number.isFinite(n) || n < p.lo || n > p.hi) {
            toast(t("rules.bounds", { name: p.name, lo: p.lo, hi: p.hi }), "error");
            ev.target.value = String(S.table[p.name] ?? p.default);
            return;
          }
          set(String(n));
        } });
    }
    return el("label", { class: "field" }, el("span", {}, t(`table.${p.name}`), " ", el("small", {}, `(${p.about})`)), input);
  }));
}

// ------------------------------------------------------------------ code <-> picker
/** The rule code of the picker: "UNO 1121 C-DR-S(penalty=3) target=300". */
function buildCode() {
  const parts = [];
  for (const r of catalog.rules) {
    const st = S.picked.get(r.code);
    if (!st) continue;
    let tok = r.code;
    if (r.code === "S") tok += SILENCE.filter((o) => st.silence.has(o)).join("");
    const ps = r.params.filter((p) => st.params[p.name] !== undefined && String(st.params[p.name]) !== String(p.default))
      .map((p) => `${p.name}=${st.params[p.name]}`);
    if (ps.length) tok += `(${ps.join(",")})`;
    parts.push(tok);
  }
  let code = `UNO ${S.abcd.join("")}`;
  if (parts.length) code += ` ${parts.join("-")}`;
  for (const p of catalog.table_params) {
    const v = S.table[p.name];
    if (v !== undefined && String(v) !== String(p.default)) code += ` ${p.name}=${v}`;
  }
  return code;
}

/** Split "A-B(x=1,y=first-wild)-C" on the dashes outside parentheses. */
function splitRules(text) {
  const out = [];
  let depth = 0;
  let cur = "";
  for (const ch of text) {
    if (ch === "(") depth++;
    if (ch === ")") depth--;
    if (ch === "-" && depth === 0) { out.push(cur); cur = ""; } else cur += ch;
  }
  if (cur) out.push(cur);
  return out;
}

/** Read a (canonical) code into the picker's state; false if some part is not understood. */
function parseCode(code) {
  const toks = code.trim().split(/\s+/);
  let i = 0;
  const next = { picked: new Map(), abcd: ["1", "1", "2", "1"], table: {} };
  if (toks[i] && toks[i].toUpperCase() === "UNO") i++;
  if (toks[i] && /^\d{4}$/.test(toks[i])) { next.abcd = toks[i].split(""); i++; }
  for (; i < toks.length; i++) {
    const tok = toks[i];
    const kv = /^([a-z]+)=(\S+)$/i.exec(tok);
    if (kv) { next.table[kv[1].toLowerCase()] = kv[2]; continue; }
    for (const part of splitRules(tok)) {
      const m = /^([A-Z0-9]+)(?:\((.*)\))?$/i.exec(part);
      if (!m) return false;
      let head = m[1].toUpperCase();
      const silence = new Set();
      if (!byCode.has(head) && head === "MS") head = "MS1";
      if (!byCode.has(head) && head.startsWith("S")) {
        let rest = head.slice(1);
        while (rest) {
          const suf = ["PP", "SE", "SS", "T", "U"].find((s) => rest.startsWith(s));
          if (!suf) return false;
          silence.add(suf);
          rest = rest.slice(suf.length);
        }
        head = "S";
      }
      if (!byCode.has(head)) return false;
      const params = {};
      if (m[2]) {
        for (const kvp of m[2].split(",")) {
          const [k, ...v] = kvp.split("=");
          params[k.trim()] = v.join("=").trim();
        }
      }
      next.picked.set(head, { params, silence });
    }
  }
  S.picked = next.picked;
  S.abcd = next.abcd;
  S.table = next.table;
  return true;
}

function setCodeText(code) {
  $("#rules-code").value = code;
}

/** The picker changed: write the code and check it. */
function picked() {
  const code = buildCode();
  setCodeText(code);
  renderPicker();
  renderAbcd();
  renderTableParams();
  renderMode();
  check(code, "picker");
}

let checkTimer = null;

/** Validate a code with the server and show its message; a code typed or chosen updates the picker. */
async function check(code, source) {
  const seq = ++checkSeq;
  const msg = $("#rules-message");
  msg.className = "rules-message pending";
  msg.textContent = t("lobby.checking");
  let res;
  try {
    res = await api("/api/rules/check", { rules: code });
  } catch (e) {
    res = { ok: false, message: e.message };
  }
  if (seq !== checkSeq) return;           // a newer check is on its way
  lastCheck = { ...res, text: code };
  showProfile(res.ok ? res.code : code);       // the "With these rules" panel (advisor.js)
  msg.className = `rules-message ${res.ok ? "ok" : "bad"}`;
  if (res.ok && source === "preset") variationOf.set(res.code, code);
  markVariation(res.ok ? res.code : null);
  renderSeats();                                // the learned bot's label depends on the rules
  if (res.ok) {
    fill(msg, el("span", { "aria-hidden": "true" }, "✓ "), t("lobby.valid"), " ", el("code", {}, res.code));
    if (source !== "picker" && parseCode(res.code)) {
      renderPicker();
      renderAbcd();
      renderTableParams();
      renderMode();
    }
  } else {
    fill(msg, el("span", { "aria-hidden": "true" }, "✗ "), res.message);
  }
}

// ------------------------------------------------------------------ forms
/** Point the "Print these rules" link at the printable sheet (GET /sheet) of the code and seats as they are now. */
function sheetLink() {
  const rules = $("#rules-code").value.trim() || "UNO 1121";
  $("#sheet-link").href = `/sheet?${new URLSearchParams({ rules, players: String(seatCount()), lang: lang() })}`;
}

function wireForm() {
  $("#rules-code").addEventListener("input", (ev) => {
    clearTimeout(checkTimer);
    const code = ev.target.value;
    checkTimer = setTimeout(() => check(code, "typed"), 300);
  });
  $("#seats").addEventListener("input", () => { renderSeats(); renderMode(); tableChanged(); });
  $("#decks").addEventListener("input", () => { renderSeats(); renderMode(); renderBlanks(); tableChanged(); });
  $("#deck").addEventListener("change", () => { renderBlanks(); tableChanged(); });
  $("#mode").addEventListener("change", renderMode);
  for (const ev of ["pointerenter", "focus", "click"]) $("#sheet-link").addEventListener(ev, sheetLink);
  $("#target").addEventListener("change", (ev) => {
    const n = Math.round(Number(ev.target.value));
    if (!Number.isFinite(n) || n < 1 || n > 100000) {
      toast(t("rules.bounds", { name: t("lobby.target"), lo: 1, hi: 100000 }), "error");
      return;
    }
    if (String(n) === String(tableDefault("target"))) delete S.table.target;
    else S.table.target = String(n);
    picked();
  });
  $("#create-form").addEventListener("submit", (ev) => { ev.preventDefault(); create(); });
  $("#join-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const code = cleanCode($("#join-code").value);
    if (!code) { toast(t("lobby.needCode"), "error"); return; }
    location.href = `/t/${encodeURIComponent(code)}`;
  });
}

async function create() {
  const out = $("#create-message");
  out.textContent = "";
  const name = $("#name").value.trim();
  if (!name) {
    out.textContent = t("lobby.needName");
    $("#name").focus();
    return;
  }
  const code = $("#rules-code").value.trim() || "UNO 1121";
  if (lastCheck.text !== code) await check(code, "typed");
  if (!lastCheck.ok) {
    out.textContent = t("lobby.badRules", { why: lastCheck.message });
    $("#rules-code").focus();
    return;
  }
  let blankRules = "";
  try {
    blankRules = blanksValue();
  } catch (e) {
    out.textContent = e.message;
    return;
  }
  const seats = seatCount();
  const bots = {};
  for (const sel of document.querySelectorAll("#seat-list select")) {
    if (sel.value && Number(sel.dataset.player) < seats) bots[sel.dataset.player] = sel.value;
  }
  const mode = $("#mode").value;
  const timer = $("#turn-timer").value;
  const body = {
    rules: lastCheck.code || code, seats, name, bots,
    decks: deckCount(),
    deck: $("#deck").value || "classic",
    blanks: blankRules,
    match: mode !== "single",
    mode: mode === "single" || mode === "points" ? null : mode,
    fill_bot: $("#fill-bot").value || "strategist",
    turn_timer: timer === "" ? null : Number(timer),
    uno_grace: Number($("#uno-grace").value),
    bot_think: Number($("#bot-think").value),
    between_hands: Number($("#between-hands").value),
  };
  const button = document.querySelector('[data-testid="create-submit"]');
  button.disabled = true;
  try {
    const res = await api("/api/tables", body);
    store.set(tokenKey(res.table), res.token);
    store.set(hostKey(res.table), "1");
    store.set(NAME_KEY, name);
    location.href = res.url || `/t/${res.table}`;
  } catch (e) {
    out.textContent = e.message;
    toast(e.message, "error");
  } finally {
    button.disabled = false;
  }
}

async function loadGames() {
  const list = $("#games");
  try {
    const res = await api("/api/games");
    const games = res.games || [];
    if (!games.length) { fill(list, el("li", { class: "muted" }, t("lobby.noGames"))); return; }
    fill(list, games.slice(0, 20).map((g) => el("li", {},
      el("a", { href: `/replay/${encodeURIComponent(g.table)}`, "data-testid": `game-${g.table}` },
        el("strong", {}, g.table), " ", el("span", { class: "muted" }, when(g.finished, lang()))),
      el("div", { class: "muted small" }, g.rules || ""))));
  } catch (e) {
    fill(list, el("li", { class: "muted" }, e.message));
  }
}
