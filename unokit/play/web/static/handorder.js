// The hand order the customization guide recommends ("Arranjo das Cartas na Mão"), the same as
// unokit/play/handorder.py (tests/test_learn.py checks that both give the same order):
// - number cards from low to high, each number's colours arranged so that neighbours share a colour;
// - coloured action cards beside the biggest group of their colour, never between two cards of one number;
// - Wilds between two number cards of different numbers and colours (failing that, at the end).
// The table page sorts your hand with sortHand: in the order chosen on the /learn page (localStorage
// "unokit:handOrder": "guide" or "colour"), or as dealt when none was chosen.

const COLOURS = "RYGBPTOV";
const ACTION_FACES = ["S", "R", "+2"];
export const ORDER_KEY = "unokit:handOrder";

function kind(code) {
  code = String(code).toUpperCase();
  if (!code || code[0] === "W" || !COLOURS.includes(code[0])) return { kind: "wild", colour: null, n: null };
  if (code.length === 2 && /\d/.test(code[1])) return { kind: "number", colour: code[0], n: Number(code[1]) };
  return { kind: "action", colour: code[0], n: null };
}

function faceRank(code) {
  const i = ACTION_FACES.indexOf(code.slice(1));
  return i < 0 ? ACTION_FACES.length : i;
}

function cmp(a, b) {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] < b[i]) return -1;
    if (a[i] > b[i]) return 1;
  }
  return a.length - b.length;
}

function permutations(items) {
  if (items.length <= 1) return [items.slice()];
  const out = [];
  items.forEach((x, i) => {
    for (const rest of permutations(items.filter((_, j) => j !== i))) out.push([x, ...rest]);
  });
  return out;
}

// the arrangement's preference on a tie: closest to the usual colour order (red first)
const prefer = (path) => path.flat().map((c) => -COLOURS.indexOf(c));
const better = (a, b) => a[0] !== b[0] ? a[0] > b[0] : cmp(prefer(a[1]), prefer(b[1])) > 0;

function numbers(cards) {
  const groups = new Map();
  for (const c of cards) {
    const k = kind(c);
    if (!groups.has(k.n)) groups.set(k.n, new Map());
    const g = groups.get(k.n);
    if (!g.has(k.colour)) g.set(k.colour, []);
    g.get(k.colour).push(c);
  }
  const nums = [...groups.keys()].sort((a, b) => a - b);
  if (!nums.length) return [];
  const arrangements = (n) => {
    const cols = [...groups.get(n).keys()].sort((a, b) => COLOURS.indexOf(a) - COLOURS.indexOf(b));
    return cols.length <= 4 ? permutations(cols) : [cols];
  };
  let best = new Map();     // the last colour -> [joins, path]
  nums.forEach((n, i) => {
    const next = new Map();
    for (const perm of arrangements(n)) {
      let cand = null;
      if (i === 0) cand = [0, [perm]];
      else {
        for (const [last, [score, path]] of best) {
          const c = [score + (last === perm[0] ? 1 : 0), [...path, perm]];
          if (cand === null || better(c, cand)) cand = c;
        }
      }
      const end = perm[perm.length - 1];
      if (!next.has(end) || better(cand, next.get(end))) next.set(end, cand);
    }
    best = next;
  });
  let top = null;
  for (const c of best.values()) if (top === null || better(c, top)) top = c;
  const out = [];
  nums.forEach((n, i) => { for (const col of top[1][i]) out.push(...groups.get(n).get(col)); });
  return out;
}

function touching(seq, at, colour) {
  let k = 0;
  for (let i = at - 1; i >= 0 && kind(seq[i]).colour === colour; i--) k++;
  for (let i = at; i < seq.length && kind(seq[i]).colour === colour; i++) k++;
  return k;
}

function sameNumber(a, b) {
  const ka = kind(a), kb = kind(b);
  return ka.kind === "number" && kb.kind === "number" && ka.n === kb.n;
}

const actionKey = (c) => [COLOURS.indexOf(kind(c).colour), faceRank(c), c];
const byKey = (key) => (a, b) => cmp(key(a), key(b));

function insertActions(seq, actions) {
  const byColour = new Map();
  for (const c of [...actions].sort(byKey(actionKey))) {
    const col = kind(c).colour;
    if (!byColour.has(col)) byColour.set(col, []);
    byColour.get(col).push(c);
  }
  seq = [...seq];
  for (const [colour, cards] of byColour) {
    let at = seq.length, top = 0;
    for (let a = 0; a <= seq.length; a++) {
      if (a > 0 && a < seq.length && sameNumber(seq[a - 1], seq[a])) continue;
      const score = touching(seq, a, colour);
      if (score > 0 && score >= top) { top = score; at = a; }     // the later place on a tie
    }
    seq.splice(at, 0, ...cards);
  }
  return seq;
}

function insertWilds(seq, wilds) {
  wilds = [...wilds].sort(byKey((c) => [c.length, c]));
  if (!wilds.length) return seq;
  for (const numbersOnly of [true, false]) {
    for (let at = 1; at < seq.length; at++) {
      const a = kind(seq[at - 1]), b = kind(seq[at]);
      if (a.kind === "wild" || b.kind === "wild" || (numbersOnly && (a.kind === "action" || b.kind === "action"))) continue;
      if (a.colour !== b.colour && seq[at - 1].slice(1) !== seq[at].slice(1)) return [...seq.slice(0, at), ...wilds, ...seq.slice(at)];
    }
  }
  return [...seq, ...wilds];
}

/** The hand (card codes) in the guide's order. */
export function guideOrder(hand) {
  const nums = numbers(hand.filter((c) => kind(c).kind === "number"));
  const acts = hand.filter((c) => kind(c).kind === "action");
  const wilds = hand.filter((c) => kind(c).kind === "wild");
  return insertWilds(insertActions(nums, acts), wilds);
}

/** The usual order: by colour, then numbers, then actions; wilds last. */
export function colourOrder(hand) {
  const key = (c) => {
    const k = kind(c);
    return [k.colour ? COLOURS.indexOf(k.colour) : COLOURS.length, k.kind === "number" ? 0 : 1,
      k.n !== null ? k.n : faceRank(c), c];
  };
  return [...hand].sort(byKey(key));
}

/** The hand in the order chosen on /learn ("guide" or "colour"); as dealt when none was chosen. */
export function sortHand(hand) {
  let order = null;
  try { order = localStorage.getItem(ORDER_KEY); } catch (e) { order = null; }
  if (order === "guide") return guideOrder(hand);
  if (order === "colour") return colourOrder(hand);
  return hand;
}
