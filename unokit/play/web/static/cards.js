// Cards as the notation writes them (docs/notation.md): R7, GS (skip), BR (reverse), Y+2, W, W+4,
// WX, WSH, WO, WB; No Mercy's R+4, RSA, RDA, WR+4, W+6, W+10, WCR; UNO Flip's light R+1, RF, W+2 and its
// dark side (colours P T O V: P7, T+5, OR, VSA, PF, W, WDC). Every card shows a colour AND a shape per
// colour (R ♦, Y ●, G ▲, B ■; dark P ♥, T ♣, O ✚, V ♠) and a face symbol, so the colours never carry
// the meaning alone; UNO Flip's dark-side cards are drawn dark (a black card, the colour as its accent).
import { el } from "./common.js";
import { lang, t } from "./i18n.js";

export const COLORS = ["R", "Y", "G", "B"];
/** UNO Flip's dark side: pink, teal, orange, violet (purple). */
export const DARK_COLORS = ["P", "T", "O", "V"];
export const ALL_COLORS = [...COLORS, ...DARK_COLORS];
export const SHAPE = { R: "♦", Y: "●", G: "▲", B: "■", P: "♥", T: "♣", O: "✚", V: "♠" };
const WILDS = { W: "W", "W+4": "+4", WX: "⇋", WSH: "⤨", WO: "Ω", WB: "☐",
  // No Mercy (docs/rules/NOMERCY.md)
  "WR+4": "⇄+4", "W+6": "+6", "W+10": "+10", WCR: "◎",
  // All Wild (docs/rules/ALLWILD.md); UNO Flip's light Wild Draw Two is the same card
  WR: "⇄", WS: "⊘", WS2: "⊘2", WFS: "⇋", "W+2": "+2", "WT+2": "◎+2",
  WH: "?",   // Extreme's Wild Hit
  WDC: "+?" };   // UNO Flip's Wild Draw Colour: draw until the colour named comes
const FACES = { S: "⊘", R: "⇄", SA: "⊘⊘", DA: "⇊", X2: "×2", SL: "✋", F: "◐" };

/** The side of UNO Flip a card belongs to, from its code alone: "dark" for the dark colours and the
 *  Wild Draw Colour, else null (a Wild exists on both sides: the table says which). */
export function sideOfCode(code) {
  const c = parseCard(code);
  return DARK_COLORS.includes(c.color) || c.face === "WDC" ? "dark" : null;
}

let tableSide = null;

/** The side in play at the table drawn now ("light", "dark", or null outside UNO Flip): the default
 *  side of the cards drawn after it (a Wild is drawn dark on the dark side). */
export function setTableSide(side) {
  tableSide = side === "dark" || side === "light" ? side : null;
}

/** The other side of UNO Flip (the backs of the others' cards). */
export function otherSide(side) {
  return side === "dark" ? "light" : side === "light" ? "dark" : null;
}

/** {code, color (R/Y/G/B, P/T/O/V or null), face ("7", "S", "R", "+2", "F", "W", "W+4", ...), wild} */
export function parseCard(code) {
  code = String(code || "").toUpperCase();
  if (code.startsWith("W")) return { code, color: null, face: code, wild: true };
  const color = ALL_COLORS.includes(code[0]) ? code[0] : null;
  return { code, color, face: code.slice(color ? 1 : 0), wild: false };
}

/** The colour's name in the current language ("Green" / "Verde"). */
export function colorName(letter) {
  return letter ? t(`color.${letter}`) : "";
}

/** The face as drawn on the card: 7, ⊘ (skip), ⇄ (reverse), +2, W, +4, ... */
export function faceSymbol(card) {
  if (card.wild) return WILDS[card.face] || "W";
  return FACES[card.face] || card.face;
}

/** "Green Skip" / "Pular Verde", "Red 7" / "7 Vermelho", "Wild Draw Four" / "Curinga Compre Quatro". */
export function cardName(code) {
  const c = parseCard(code);
  if (c.wild) return t(`face.${c.face}`) || c.code;
  const face = /^\d$/.test(c.face) ? c.face : t(`face.${c.face}`);
  const color = colorName(c.color);
  return lang() === "pt" ? `${face} ${color}` : `${color} ${face}`;
}

/** A list of cards in words: "Red 7, Red 7". */
export function cardsName(codes) {
  return codes.map(cardName).join(", ");
}

/** A card element. opts: tag ("button" or "span"), small, chosen (the colour named for a wild),
 *  side ("light"/"dark": UNO Flip's side the card shows; by default its code's, else the table's),
 *  testid, label (aria-label), extra attributes. */
export function cardEl(code, opts = {}) {
  const c = parseCard(code);
  const dark = (sideOfCode(c.code) || opts.side || tableSide) === "dark";
  const colorClass = (c.wild ? "wild" : `c-${c.color || "x"}`) + (dark ? " dark" : "");
  const chosen = opts.chosen && c.wild ? ` chosen-${opts.chosen}` : "";
  const tag = opts.tag || "span";
  const label = opts.label || cardName(code) + (opts.chosen && c.wild ? ` (${colorName(opts.chosen)})` : "");
  const attrs = {
    class: `card ${colorClass}${chosen}${opts.small ? " small" : ""}${opts.className ? " " + opts.className : ""}`,
    "data-card": c.code,
    "data-testid": opts.testid || null,
    title: label,
    ...(opts.attrs || {}),
  };
  if (tag === "button") {
    attrs.type = "button";
    attrs["aria-label"] = label;
  } else {
    attrs.role = "img";
    attrs["aria-label"] = label;
  }
  const corner = c.wild ? (opts.chosen ? SHAPE[opts.chosen] : "★") : SHAPE[c.color] || "?";
  return el(tag, attrs,
    el("span", { class: "corner tl", "aria-hidden": "true" }, corner),
    el("span", { class: "face", "aria-hidden": "true" }, faceSymbol(c)),
    el("span", { class: "corner br", "aria-hidden": "true" }, c.wild ? (opts.chosen || "W") : c.color || ""));
}

/** The back of a card (someone else's hand), with a count. */
export function backEl(count, small = true) {
  return el("span", { class: `card back${small ? " small" : ""}`, role: "img", "aria-label": t("seat.cards", { n: count }) },
    el("span", { class: "face", "aria-hidden": "true" }, "UNO"));
}

/** A colour chip: shape + name, in the colour. */
export function colorChip(letter) {
  return el("span", { class: `chip c-${letter}` }, el("span", { "aria-hidden": "true" }, SHAPE[letter] + " "), colorName(letter));
}
