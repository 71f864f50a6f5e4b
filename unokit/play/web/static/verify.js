// "Verify this deal": the server re-checks a finished hand's deal against the commitment shown at the deal
// (unokit.play.fairness; docs/fair-deals.md) and this page says what it found, in words.
import { $, api, cleanCode, el, fill } from "./common.js";
import { applyI18n, langToggle, onLang, t } from "./i18n.js";

const code = cleanCode(decodeURIComponent(location.pathname.split("/")[2] || ""));
const hand = Number(new URLSearchParams(location.search).get("hand") || "1");
let result = null;
let failure = null;

init();

async function init() {
  $("#lang-slot").appendChild(langToggle());
  fill($("#table-code"), code);
  $("#record-link").href = `/api/tables/${encodeURIComponent(code)}/record`;
  onLang(show);
  try {
    result = await api(`/api/tables/${encodeURIComponent(code)}/verify?hand=${hand}`);
  } catch (e) {
    failure = e.message;
  }
  show();
}

function show() {
  applyI18n();
  const verdict = $("#verdict");
  if (failure) {
    verdict.dataset.ok = "false";
    verdict.textContent = failure;
    return;
  }
  if (!result) return;
  verdict.dataset.ok = String(result.ok);
  verdict.textContent = result.ok ? t("verify.ok", { n: result.hand })
    : t("verify.bad", { n: result.hand, why: result.reason });
  const row = (key, value, id) => [el("dt", {}, t(key)), el("dd", { "data-testid": id, class: "mono" }, value)];
  fill($("#facts"),
    row("verify.commitment", result.commitment, "verify-commitment"),
    row("verify.seed", String(result.seed), "verify-seed"),
    row("verify.salt", result.salt, "verify-salt"),
    row("verify.deck", result.deal.join(" · "), "verify-deck"),
    result.seed_chosen ? el("p", { class: "fair-chosen", "data-testid": "fair-chosen" }, t("fair.chosen")) : null);
}
