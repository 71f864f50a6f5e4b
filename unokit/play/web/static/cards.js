// Cards as the notation writes them (docs/notation.md): R7, GS (skip), BR (reverse), Y+2, W, W+4,
// WX, WSH, WO, WB; No Mercy's R+4, RSA, RDA, WR+4, W+6, W+10, WCR; UNO Flip's light R+1, RF, W+2 and its
// dark side (colours P T O V: P7, T+5, OR, VSA, PF, W, WDC); UNO Flex's R2Y (a red 2 whose flex colour is
// yellow), R1F (a 1 with the flip mark ⟲), RSX, RRX, R+2X, WF2, WFA, W+4F, WAF and the flexed faces a
// play names to use a card's flex side (R2Y*: that card as a yellow 2; RSX*, WF2*...). Every card shows a
// colour AND a shape per colour (R ♦, Y ●, G ▲, B ■; dark P ♥, T ♣, O ✚, V ♠) and a face symbol, so the
// colours never carry the meaning alone; UNO Flip's dark-side cards are drawn dark (a black card, the
// colour as its accent); a Flex card carries the flex mark ✦ (a two-coloured number both colours' shapes).
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
  WDC: "+?",   // UNO Flip's Wild Draw Colour: draw until the colour named comes
  // UNO Flex (docs/rules/FLEX.md): the wilds, and their flexed faces (◎ a player chosen, ✱ everyone else)
  WF2: "◎2", WFA: "✱2", "W+4F": "+4", WAF: "✱⟲", "WF2*": "◎+2", "WFA*": "✱+2", "W+4F*": "◎+4",
  // blanks with a rule written on them (docs/blanks.md): the blank's ☐ and what is written
  WBX: "☐⇋", WB2: "☐◎2", WBE: "☐✱1", WBN: "☐+N", WBC: "☐★", WBM: "☐⇋→" };
const FACES = { S: "⊘", R: "⇄", SA: "⊘⊘", DA: "⇊", X2: "×2", SL: "✋", F: "◐",
  // UNO Flex's action cards show the classic symbol (the flex mark ✦ beside it); flexed: Skip Everyone,
  // Reverse and Skip, everyone else draws one
  SX: "⊘", RX: "⇄", "+2X": "+2", "SX*": "⊘⊘", "RX*": "⇄⊘", "+2X*": "✱+1" };
/** UNO Flex's flip mark (a number whose player turns their power card over) and its flex mark. */
export const FLIP_MARK = "⟲";
export const FLEX_MARK = "✦";
const FLEX_NUMBER = /^([RYGB])(\d)([RYGB])$/;       // R2Y: a red 2, yellow its flex colour
const FLEXED_NUMBER = /^([RYGB])(\d)([RYGB])\*$/;  // R2Y*: that card played as a yellow 2 (then red)
const MARKED_NUMBER = /^([RYGB])(\d)F$/;            // R1F: a 1 with the flip mark

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

/** UNO Flex: the physical card a flexed face is played from (R2Y* -> R2Y, RSX* -> RSX, WF2* -> WF2); any
 *  other code is itself. */
export function physicalOf(code) {
  return String(code || "").replace(/\*$/, "");
}

/** UNO Flex: whether a code names a card's flex side (R2Y*, RSX*, WF2*...). */
export function isFlexed(code) {
  return /\*$/.test(String(code || ""));
}

/**
 * {code, color (R/Y/G/B, P/T/O/V or null), face ("7", "S", "R", "+2", "F", "W", "W+4", ...), wild}, and for
 * UNO Flex: flex (a card with a flex side: R2Y, RSX, WF2...), flexed (a flex side named: R2Y*, RSX*...),
 * flexColor (R2Y: Y, its flex colour), then (R2Y*: R, the colour in play after it), mark (R1F: the flip mark).
 * A flexed number's colour is its flex colour (R2Y* is a yellow 2) and its face the number alone.
 */
export function parseCard(code) {
  code = String(code || "").toUpperCase();
  const flexed = code.endsWith("*");
  if (code.startsWith("W")) {
    return { code, color: null, face: code, wild: true, flexed, flex: flexed || ["WF2", "WFA", "W+4F"].includes(code) };
  }
  let m = FLEX_NUMBER.exec(code);
  if (m) return { code, color: m[1], face: m[2], wild: false, flex: true, flexed: false, flexColor: m[3] };
  m = FLEXED_NUMBER.exec(code);
  if (m) return { code, color: m[3], face: m[2], wild: false, flex: true, flexed: true, then: m[1] };
  m = MARKED_NUMBER.exec(code);
  if (m) return { code, color: m[1], face: m[2], wild: false, flex: false, flexed: false, mark: true };
  const color = ALL_COLORS.includes(code[0]) ? code[0] : null;
  const face = code.slice(color ? 1 : 0);
  return { code, color, face, wild: false, flexed, flex: flexed || /^(S|R|\+2)X$/.test(face) };
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

/** "Green Skip" / "Pular Verde", "Red 7" / "7 Vermelho", "Wild Draw Four" / "Curinga Comprar Quatro"; UNO
 *  Flex's "Red 2 (flex yellow)", "Yellow 2 (flex, then red)", "Red 1 ⟲" (the names unokit/engine/narrate.py writes). */
export function cardName(code) {
  const c = parseCard(code);
  if (c.wild) return t(`face.${c.face}`) || c.code;
  let face = /^\d$/.test(c.face) ? c.face : t(`face.${c.face}`);
  if (c.flexColor) face = t("flex.number", { n: c.face, color: colorName(c.flexColor).toLowerCase() });
  else if (c.then) face = t("flex.flexed", { n: c.face, color: colorName(c.then).toLowerCase() });
  else if (c.mark) face = `${c.face} ${FLIP_MARK}`;
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
  // UNO Flex: a two-coloured number (fx-{flex colour}: its second colour), a flexed face (fx-{the colour
  // after it}), a flip-marked number
  const second = c.flexColor || c.then;
  const flexClass = (c.flex ? " flex" : "") + (c.flexed ? " flexed" : "") + (c.flexColor ? " two-color" : "")
    + (second ? ` fx-${second}` : "") + (c.mark ? " marked" : "");
  const colorClass = (c.wild ? "wild" : `c-${c.color || "x"}`) + (dark ? " dark" : "") + flexClass;
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
  // a two-coloured number shows its flex colour's shape and letter in the other corner (on that colour);
  // a flexed number the colour in play after it (→♦R)
  const br = c.wild ? (opts.chosen || "W") : c.flexColor ? SHAPE[c.flexColor] + c.flexColor
    : c.then ? `→${SHAPE[c.then]}${c.then}` : c.color || "";
  return el(tag, attrs,
    el("span", { class: "corner tl", "aria-hidden": "true" }, corner),
    el("span", { class: "face", "aria-hidden": "true" }, faceSymbol(c)),
    c.flex ? el("span", { class: "flex-mark", "aria-hidden": "true" }, FLEX_MARK) : null,
    c.mark ? el("span", { class: "flip-mark", "aria-hidden": "true" }, FLIP_MARK) : null,
    el("span", { class: "corner br", "aria-hidden": "true" }, br));
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
