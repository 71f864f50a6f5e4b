/* UNO's editions in the compiled core (included by _ccore.c): UNO All Wild! (unokit/rules/editions/allwild.py).
 *
 * An edition's deck is not the official 108 cards, so its hands are played here on a state of their own (EdGame):
 * a card is the index of its face in the edition's list of faces, and everything about the faces comes from
 * Python in the config (unokit.fast.ccore.edition_facts: the deck in the referee's order before shuffling; per
 * face the Effect at a table of more than two seats and of two, its seat choice, points and what greedy reads of the
 * card: unokit.fast.ccore.EDITION_FACES, ED_FACE_BYTES bytes a face), so no rule is written
 * here. The state machine is the referee's for a deck whose every card may go on any other and names no colour
 * (Edition.colorless): the deal (the dealer drawn by lot: Game._draw_for_dealer on a deck without numbers), the
 * first card turned doing nothing (the edition's first_card), plays of one card with their seat (AllWild's
 * play_targets: the Forced Swap names another seat, none when it goes out; the Targeted Draw Two any other seat) and
 * UNO call, the draw effects (PENDING: the seat draws and loses the turn; no challenge: AllWild.setup sets
 * no_challenge), the swap (swap_hands, then Game.hands_changed for both seats) and the targeted draw
 * (Game.penalize), turn draws (every card drawn is playable: DRAWN), UNO calls and catches.
 *
 * The harness is unokit.lab.sim.play_hand's: each step, up to 2n reaction rounds (unokit.engine.flow.react_step:
 * Game.out_of_turn_seats then the seat to act, shuffled by the harness's generator bots[MAXP] at every round),
 * then the seat in turn's decision; random-play as RandomPlayBot (a uniform card, then a uniform one of its
 * variants, the UNO call preferred; reactions: UNO, then the first catch) and greedy as GreedyBot on a colourless
 * hand (ed_greedy). tests/fast/test_compiled_editions.py checks it step by step against the referee, hand by hand
 * against unokit.lab.sim.play_hand and the lab's play_deal, and the greedy move for move against GreedyBot. */

#define ED_NDECK 128                   /* the largest deck an edition's state holds (card index in 7 bits) */
#define ED_NF 16                       /* the most faces */
enum { EDK_NONE = 0, EDK_SWAP = 1, EDK_AIM = 2 };          /* a face's seat choice: none, swap with it, draw */
enum { EM_PLAY = 0, EM_DRAW = 1, EM_PASS = 2, EM_UNO = 3, EM_CATCH = 4 };
#define ED_FACE_BYTES 13

/* one face: [players == 2] advance and reverse, the draw it makes the next seat face, its seat choice, the cards
 * the chosen seat draws (EDK_AIM), its points; then what GreedyBot reads of the card (Card.is_wild, is_action,
 * draw, a Skip's face, Card.points) */
typedef struct { uint8_t adv[2], rev[2], draw, kind, aim_draw, points, wild, action, card_draw, skip, card_points; } EdFace;
typedef struct { int nf, nd; uint8_t deck[ED_NDECK]; EdFace f[ED_NF]; } EdRules;

typedef struct {
    uint8_t n, current, phase, dealer, over, uno_penalty;
    int8_t direction, winner, going_out, drawn;
    uint16_t pending, catchable;
    uint8_t uno_said[MAXP], hand_len[MAXP];
    uint8_t stock_len, discard_len;
    uint8_t hands[MAXP][ED_NDECK], stock[ED_NDECK], discard[ED_NDECK];
    uint16_t drawn_by[MAXP], catches, penalty_cards, reshuffles;
    uint8_t pens[MAXP];                /* penalty events per seat, modulo 256 (the human-error bots apologise) */
    const EdRules *R;
    Rng rng;
} EdGame;

typedef struct { int8_t seat, kind, card, target, uno; } EdMove;   /* target: -1 none (EM_CATCH: the seat caught) */
typedef struct { EdMove *v; int n, cap; } EdLog;            /* every move applied (ed_play_logged) */

/* the edition's facts from the config's bytes: faces, deck size, the deck (face indices), then ED_FACE_BYTES a face */
static int ed_parse(const uint8_t *b, Py_ssize_t len, EdRules *R) {
    if (len < 2) return -1;
    R->nf = b[0];
    R->nd = b[1];
    if (R->nf < 1 || R->nf > ED_NF || R->nd < 2 || R->nd > ED_NDECK || len != 2 + R->nd + ED_FACE_BYTES * R->nf)
        return -1;
    memcpy(R->deck, b + 2, (size_t)R->nd);
    for (int i = 0; i < R->nd; i++) if (R->deck[i] >= R->nf) return -1;
    const uint8_t *f = b + 2 + R->nd;
    for (int i = 0; i < R->nf; i++, f += ED_FACE_BYTES) {
        EdFace *e = &R->f[i];
        e->adv[0] = f[0]; e->rev[0] = f[1]; e->adv[1] = f[2]; e->rev[1] = f[3];
        e->draw = f[4]; e->kind = f[5]; e->aim_draw = f[6]; e->points = f[7];
        e->wild = f[8]; e->action = f[9]; e->card_draw = f[10]; e->skip = f[11]; e->card_points = f[12];
        if (e->kind > EDK_AIM || e->adv[0] > 9 || e->adv[1] > 9 || e->draw > 50 || e->aim_draw > 50) return -1;
    }
    return 0;
}

/* Chance.shuffle with referee chance (a uniform key per card, the cards in key order; the index in the low 7 bits
 * keeps it stable), Fisher-Yates with fast chance */
static int ed_cmp(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static void ed_shuffle(Rng *r, uint8_t *cards, int n) {
    if (r->fast) { rng_shuffle(r, cards, n); return; }
    uint64_t keys[ED_NDECK];
    uint8_t copy[ED_NDECK];
    for (int i = 0; i < n; i++) keys[i] = (mt_key53(&r->mt) << 7) | (uint64_t)i;
    memcpy(copy, cards, (size_t)n);
    qsort(keys, (size_t)n, sizeof keys[0], ed_cmp);
    for (int i = 0; i < n; i++) cards[i] = copy[keys[i] & 127];
}

static inline int ed_next(const EdGame *g, int p, int k) { return ((p + k * g->direction) % g->n + g->n) % g->n; }

/* Game.new: the dealer by lot (a deck without numbers), the deck shuffled, the deal from the top, the first card */
static void ed_deal(EdGame *g, const Config *cfg, const EdRules *R, uint64_t seed) {
    int n = cfg->n, ds = cfg->deal_size;
    memset(g, 0, offsetof(EdGame, rng));
    g->R = R;
    g->n = (uint8_t)n;
    g->uno_penalty = (uint8_t)cfg->uno_penalty;
    g->direction = 1;
    g->winner = g->going_out = g->drawn = -1;
    if (!cfg->fast && cfg->pre && cfg->pre_seed == seed) { g->rng.fast = 0; memcpy(&g->rng.mt, cfg->pre, sizeof(MT)); }
    else rng_seed(&g->rng, seed, cfg->fast);
    int dealer = cfg->dealer >= 0 ? cfg->dealer : (int)rng_below(&g->rng, (uint32_t)n);
    g->dealer = (uint8_t)dealer;
    uint8_t order[ED_NDECK];
    memcpy(order, R->deck, (size_t)R->nd);
    ed_shuffle(&g->rng, order, R->nd);
    int top = R->nd - 1;
    for (int i = 0; i < n; i++) {
        int seat = (dealer + 1 + i) % n;
        for (int k = 0; k < ds; k++) g->hands[seat][k] = order[top - i - k * n];
        g->hand_len[seat] = (uint8_t)ds;
    }
    int slen = R->nd - ds * n;
    memcpy(g->stock, order, (size_t)slen);
    g->discard[0] = g->stock[--slen];            /* the first card turned: it does nothing (checked in Python) */
    g->discard_len = 1;
    g->stock_len = (uint8_t)slen;
    g->current = (uint8_t)((dealer + 1) % n);
    g->phase = PH_PLAY;
}

/* Game.draw_cards: k cards from the stock, the discard pile (but its top) reshuffled when it runs out */
static int ed_take(EdGame *g, int s, int k) {
    int got = 0;
    for (int i = 0; i < k; i++) {
        if (!g->stock_len) {
            int m = g->discard_len - 1;
            if (m <= 0) break;                   /* every card is in a hand: draw what there is */
            memcpy(g->stock, g->discard, (size_t)m);
            ed_shuffle(&g->rng, g->stock, m);
            g->stock_len = (uint8_t)m;
            g->discard[0] = g->discard[m];
            g->discard_len = 1;
            g->reshuffles++;
        }
        g->hands[s][g->hand_len[s]++] = g->stock[--g->stock_len];
        got++;
    }
    if (g->hand_len[s] > 1) { g->uno_said[s] = 0; g->catchable &= (uint16_t)~(1u << s); }
    g->drawn_by[s] += (uint16_t)got;
    return got;
}

static void ed_penalize(EdGame *g, int s, int k) { g->penalty_cards += (uint16_t)k; g->pens[s]++; ed_take(g, s, k); }

/* Game.hands_changed */
static void ed_hands_changed(EdGame *g, int s) {
    if (g->hand_len[s] != 1) { g->uno_said[s] = 0; g->catchable &= (uint16_t)~(1u << s); }
    else if (!g->uno_said[s]) g->catchable |= (uint16_t)(1u << s);
}

static void ed_end_turn(EdGame *g, int nxt) {
    g->current = (uint8_t)nxt;
    g->drawn = -1;
    g->phase = g->pending ? PH_PENDING : PH_PLAY;
}

static void ed_finish(EdGame *g, int w) {
    g->over = 1;
    g->phase = PH_OVER;
    g->winner = (int8_t)w;
    g->going_out = -1;
    g->pending = 0;
    g->catchable = 0;
}

/* ------------------------------------------------------------------ listing (Game.legal_actions, unfolded) */
static inline EdMove ed_mv(int seat, int kind, int card, int target, int uno) {
    EdMove a = {(int8_t)seat, (int8_t)kind, (int8_t)card, (int8_t)target, (int8_t)uno};
    return a;
}

/* the plays of card c by p: every seat it may name, then (two cards held) the same with the UNO call */
static int ed_plays_of(const EdGame *g, int p, int c, EdMove *out, int m) {
    int kind = g->R->f[c].kind, nh = g->hand_len[p];
    for (int uno = 0; uno <= (nh == 2); uno++) {
        if (kind == EDK_NONE || (kind == EDK_SWAP && nh == 1)) { out[m++] = ed_mv(p, EM_PLAY, c, -1, uno); continue; }
        for (int q = 0; q < g->n; q++) if (q != p) out[m++] = ed_mv(p, EM_PLAY, c, q, uno);
    }
    return m;
}

/* every complete action `seat` may take now, in the referee's order; `turn` 0: its reactions only */
static int ed_legal(const EdGame *g, int seat, int turn, EdMove *out) {
    int m = 0;
    if (g->over) return 0;
    if (turn && seat == g->current) {
        if (g->phase == PH_PLAY) {
            uint32_t seen = 0;
            for (int i = 0; i < g->hand_len[seat]; i++) {
                int c = g->hands[seat][i];
                if (seen >> c & 1) continue;
                seen |= 1u << c;
                m = ed_plays_of(g, seat, c, out, m);
            }
            out[m++] = ed_mv(seat, EM_DRAW, -1, -1, 0);
        } else if (g->phase == PH_DRAWN) {
            m = ed_plays_of(g, seat, g->drawn, out, m);
            out[m++] = ed_mv(seat, EM_PASS, -1, -1, 0);
        } else if (g->phase == PH_PENDING) {
            out[m++] = ed_mv(seat, EM_DRAW, -1, -1, 0);
        }
    }
    if (g->hand_len[seat] == 1 && !g->uno_said[seat]) out[m++] = ed_mv(seat, EM_UNO, -1, -1, 0);
    for (int q = 0; q < g->n; q++)
        if (q != seat && (g->catchable >> q & 1) && g->hand_len[q] == 1) out[m++] = ed_mv(seat, EM_CATCH, -1, q, 0);
    return m;
}

#define ED_MAXLEGAL (2 * ED_NF * MAXP + MAXP + 4)

/* ------------------------------------------------------------------ applying */
static void ed_apply(EdGame *g, EdMove a) {
    int p = a.seat;
    switch (a.kind) {
    case EM_PLAY: {
        int c = a.card, q = a.target;
        const EdFace *f = &g->R->f[c];
        g->drawn = -1;
        g->catchable = 0;                                   /* Game.seat_starts */
        uint8_t *h = g->hands[p];
        for (int i = 0; i < g->hand_len[p]; i++)
            if (h[i] == c) { memmove(h + i, h + i + 1, (size_t)(g->hand_len[p] - i - 1)); g->hand_len[p]--; break; }
        g->discard[g->discard_len++] = (uint8_t)c;
        int left = g->hand_len[p];
        if (left == 1) {
            g->uno_said[p] = (uint8_t)a.uno;
            if (!a.uno) g->catchable |= (uint16_t)(1u << p);
        }
        if (q >= 0) {                                        /* AllWild.on_play */
            if (f->kind == EDK_SWAP && g->hand_len[p]) {
                uint8_t tmp[ED_NDECK];
                int lp = g->hand_len[p];
                memcpy(tmp, g->hands[p], (size_t)lp);
                memcpy(g->hands[p], g->hands[q], g->hand_len[q]);
                memcpy(g->hands[q], tmp, (size_t)lp);
                g->hand_len[p] = g->hand_len[q];
                g->hand_len[q] = (uint8_t)lp;
                ed_hands_changed(g, p);
                ed_hands_changed(g, q);
            } else if (f->kind == EDK_AIM) {
                ed_penalize(g, q, f->aim_draw);
            }
        }
        if (a.uno && f->kind == EDK_SWAP && g->hand_len[p] == 1 && !g->uno_said[p]) {   /* UNO said with a swap */
            g->uno_said[p] = 1;
            g->catchable &= (uint16_t)~(1u << p);
        }
        int two = g->n == 2, empty = !g->hand_len[p];       /* Game._resolve */
        if (f->draw) {
            g->pending = (uint16_t)(g->pending + f->draw);
            if (f->rev[two]) g->direction = (int8_t)-g->direction;
            if (empty) g->going_out = (int8_t)p;
            ed_end_turn(g, ed_next(g, p, f->adv[two]));
            return;
        }
        if (empty) { ed_finish(g, p); return; }
        if (f->rev[two]) g->direction = (int8_t)-g->direction;
        ed_end_turn(g, ed_next(g, p, f->adv[two]));
        return;
    }
    case EM_DRAW:
        g->catchable = 0;
        if (g->phase == PH_PENDING) {
            int k = g->pending;
            g->pending = 0;
            ed_take(g, p, k);
            if (g->going_out >= 0) { ed_finish(g, g->going_out); return; }
            ed_end_turn(g, ed_next(g, p, 1));
            return;
        }
        if (ed_take(g, p, 1)) {                              /* every card may be played: the one drawn */
            g->drawn = (int8_t)g->hands[p][g->hand_len[p] - 1];
            g->phase = PH_DRAWN;
            return;
        }
        ed_end_turn(g, ed_next(g, p, 1));
        return;
    case EM_PASS:
        ed_end_turn(g, ed_next(g, p, 1));
        return;
    case EM_UNO:
        g->uno_said[p] = 1;
        g->catchable &= (uint16_t)~(1u << p);
        return;
    default:                                                 /* EM_CATCH */
        g->catchable &= (uint16_t)~(1u << a.target);
        g->catches++;
        ed_penalize(g, a.target, g->uno_penalty);
        return;
    }
}

static int ed_points(const EdGame *g, int s) {
    int v = 0;
    for (int i = 0; i < g->hand_len[s]; i++) v += g->R->f[g->hands[s][i]].points;
    return v;
}

/* ------------------------------------------------------------------ the bots */
/* RandomPlayBot.act: a uniform card among the plays, then a uniform variant (those with the UNO call first);
 * no play: draw, else pass */
static int ed_random_play(Rng *r, const EdMove *L, int m) {
    int cards[ED_NF], nc = 0;
    for (int i = 0; i < m; i++) {
        if (L[i].kind != EM_PLAY) continue;
        int k = 0;
        while (k < nc && cards[k] != L[i].card) k++;
        if (k == nc) cards[nc++] = L[i].card;
    }
    if (!nc) {
        for (int i = 0; i < m; i++) if (L[i].kind == EM_DRAW) return i;
        for (int i = 0; i < m; i++) if (L[i].kind == EM_PASS) return i;
        return 0;
    }
    int c = cards[rng_below(r, (uint32_t)nc)], uno = 0, all = 0;
    for (int i = 0; i < m; i++) if (L[i].kind == EM_PLAY && L[i].card == c) { all++; uno += L[i].uno; }
    int k = (int)rng_below(r, (uint32_t)(uno ? uno : all));
    for (int i = 0; i < m; i++)
        if (L[i].kind == EM_PLAY && L[i].card == c && (!uno || L[i].uno) && k-- == 0) return i;
    return 0;
}

/* RandomPlayBot.react: UNO, else the first catch */
static int ed_react(const EdMove *L, int m) {
    for (int i = 0; i < m; i++) if (L[i].kind == EM_UNO) return i;
    for (int i = 0; i < m; i++) if (L[i].kind == EM_CATCH) return i;
    return -1;
}

/* GreedyBot.act on a colourless edition (every card's colour None, so the colour named is None, every card left
 * counts among its options and no colour is held; no Wild Draw Four is a bluff): UNO or a catch first
 * (_free_gain), then the play of greatest _play_key (the first of them), else draw, else pass */
static int ed_greedy(const EdGame *g, const EdMove *L, int m) {
    int best = -1, bk[7] = {0};
    for (int i = 0; i < m; i++) if (L[i].kind == EM_UNO) return i;
    for (int i = 0; i < m; i++) if (L[i].kind == EM_CATCH) return i;
    for (int i = 0; i < m; i++) {
        if (L[i].kind != EM_PLAY) continue;
        const EdFace *f = &g->R->f[(int)L[i].card];
        int p = L[i].seat, rest = g->hand_len[p] - 1, nxt = ed_next(g, p, 1);
        int key[7] = {!rest, g->hand_len[nxt] <= 2 && (f->action || f->card_draw || f->skip), -f->wild, rest,
                      f->card_points, L[i].uno, L[i].target >= 0 ? -g->hand_len[(int)L[i].target] : 0};
        int k = 0;
        while (k < 7 && key[k] == bk[k]) k++;
        if (best < 0 || (k < 7 && key[k] > bk[k])) { best = i; memcpy(bk, key, sizeof key); }
    }
    if (best >= 0) return best;
    for (int i = 0; i < m; i++) if (L[i].kind == EM_DRAW) return i;
    for (int i = 0; i < m; i++) if (L[i].kind == EM_PASS) return i;
    return 0;
}

/* unokit.engine.flow.react_step; 1: a reaction was applied */
static int ed_react_step(EdGame *g, Rng *hr, EdMove *L, EdLog *log) {
    int me = g->current, n = g->n, nc = 0, cands[MAXP];
    if (g->over) return 0;
    for (int p = 0; p < n; p++)
        if (p != me && (g->catchable || (g->hand_len[p] == 1 && !g->uno_said[p]))) cands[nc++] = p;
    cands[nc++] = me;
    for (int i = nc - 1; i > 0; i--) {                      /* random.shuffle */
        int j = (int)rng_below(hr, (uint32_t)(i + 1)), t = cands[i];
        cands[i] = cands[j];
        cands[j] = t;
    }
    for (int i = 0; i < nc; i++) {
        int m = ed_legal(g, cands[i], 0, L), a = m ? ed_react(L, m) : -1;
        if (a < 0) continue;
        if (log && log->n < log->cap) log->v[log->n++] = L[a];
        ed_apply(g, L[a]);
        return 1;
    }
    return 0;
}

/* the hooks of a hand with human-error seats (_edhuman.h): their state, their reaction step, a turn's move */
static struct Hu *hu_begin(const Config *cfg, Rng *bots);
static int hu_ed_react_step(EdGame *g, struct Hu *H, EdMove *L, EdLog *log);
static EdMove hu_ed_turn(EdGame *g, struct Hu *H, EdMove *L, int m);

/* one hand with unokit.lab.sim.play_hand's harness; the record as play_hand's (_ccore.c) */
static void ed_play_hand(const Config *cfg, uint64_t seed, Rng *bots, int32_t *rec, EdLog *log) {
    EdRules R;
    EdGame G, *g = &G;
    ed_parse(cfg->ed, cfg->ed_len, &R);                     /* (checked by read_config) */
    EdMove L[ED_MAXLEGAL];
    ed_deal(g, cfg, &R, seed);
    struct Hu *hu = cfg->hu_on ? hu_begin(cfg, bots) : NULL;
    int n = cfg->n, steps = cfg->hu_on && !hu ? cfg->max_steps : 0, first = -1, turns = 0, actions = 0, plays = 0,
        applied = 0, reactions = 0;
    while (!g->over && steps < cfg->max_steps) {
        steps++;
        for (int round = 0; round < 2 * n; round++) {
            if (!hu && !g->catchable) {                      /* no seat may react: the shuffle is of one seat */
                int any = 0;
                for (int s = 0; s < n && !any; s++) any = g->hand_len[s] == 1 && !g->uno_said[s];
                if (!any) break;
            }
            if (!(hu ? hu_ed_react_step(g, hu, L, log) : ed_react_step(g, &bots[MAXP], L, log))) break;
            applied++;
            reactions++;
            if (g->over) break;
        }
        if (g->over) break;
        int cur = g->current, ph = g->phase;
        int m = ed_legal(g, cur, 1, L);                      /* (turn_step: the whole list, reactions too) */
        EdMove a = hu ? hu_ed_turn(g, hu, L, m)
                      : L[cfg->policy[cur] == POL_GREEDY ? ed_greedy(g, L, m) : ed_random_play(&bots[cur], L, m)];
        if (log && log->n < log->cap) log->v[log->n++] = a;
        if (first < 0) first = cur;
        int play = a.kind == EM_PLAY;
        if ((play || a.kind == EM_DRAW) && (ph == PH_PLAY || ph == PH_PENDING)) turns++;
        if (play || a.kind == EM_DRAW) actions++;
        plays += play;
        ed_apply(g, a);
        applied++;
    }
    PyMem_RawFree(hu);
    int score = 0;
    for (int s = 0; s < n; s++) if (s != g->winner) score += ed_points(g, s);
    rec[F_WINNER] = g->over ? g->winner : -1;
    rec[F_FIRST] = first;
    rec[F_TURNS] = turns;
    rec[F_ACTIONS] = actions;
    rec[F_PLAYS] = plays;
    rec[F_STEPS] = steps;
    rec[F_APPLIED] = applied;
    rec[F_REACTIONS] = reactions;
    rec[F_CATCHES] = g->catches;
    rec[F_PENALTY] = g->penalty_cards;
    rec[F_SCORE] = g->over ? score : 0;
    rec[F_TRUNCATED] = !g->over;
    rec[F_RESHUFFLES] = g->reshuffles;
    rec[F_DEALER] = g->dealer;
    for (int s = 0; s < n; s++) {
        rec[NFIELDS + s] = g->drawn_by[s];
        rec[NFIELDS + n + s] = ed_points(g, s);
    }
}

/* ------------------------------------------------------------------ trace (the differential tests) */
static PyObject *ed_move_tuple(EdMove a) {
    return Py_BuildValue("(iiiii)", a.seat, a.kind, a.card, a.target, a.uno);
}

static PyObject *ed_state(const EdGame *g) {
    PyObject *hands = PyList_New(g->n), *said = PyList_New(g->n), *catchable = PyList_New(0);
    for (int s = 0; s < g->n; s++) {
        PyObject *h = PyList_New(g->hand_len[s]);
        for (int i = 0; i < g->hand_len[s]; i++) PyList_SET_ITEM(h, i, PyLong_FromLong(g->hands[s][i]));
        PyList_SET_ITEM(hands, s, h);
        PyList_SET_ITEM(said, s, PyBool_FromLong(g->uno_said[s]));
        if (g->catchable >> s & 1) { PyObject *v = PyLong_FromLong(s); PyList_Append(catchable, v); Py_DECREF(v); }
    }
    PyObject *stock = PyList_New(g->stock_len), *disc = PyList_New(g->discard_len);
    for (int i = 0; i < g->stock_len; i++) PyList_SET_ITEM(stock, i, PyLong_FromLong(g->stock[i]));
    for (int i = 0; i < g->discard_len; i++) PyList_SET_ITEM(disc, i, PyLong_FromLong(g->discard[i]));
    return Py_BuildValue("(NNNiiiiiiNNii)", hands, stock, disc, g->direction, g->current, g->phase, g->pending,
                         g->drawn, g->winner, said, catchable, g->going_out, g->dealer);
}

/* trace under an edition: (state after the deal, [(seat, every seat's legal moves, move, state after)...]);
 * the seat in turn plays random-play from random.Random(policy_seed), or `decisions` (move tuples) are applied */
static PyObject *ed_trace(const Config *cfg, uint64_t seed, uint64_t pseed, PyObject *decisions, int max_actions) {
    EdRules R;
    if (ed_parse(cfg->ed, cfg->ed_len, &R) < 0) { PyErr_SetString(PyExc_ValueError, "bad edition facts"); return NULL; }
    EdGame *g = PyMem_RawMalloc(sizeof(EdGame));
    Rng *r = PyMem_RawMalloc(sizeof(Rng));
    if (!g || !r) { PyMem_RawFree(g); PyMem_RawFree(r); return PyErr_NoMemory(); }
    ed_deal(g, cfg, &R, seed);
    rng_seed(r, pseed, cfg->fast);
    EdMove L[ED_MAXLEGAL];
    PyObject *steps = PyList_New(0), *first = ed_state(g);
    Py_ssize_t nd = decisions == Py_None ? -1 : PySequence_Size(decisions);
    for (int t = 0; !g->over && t < max_actions && steps; t++) {
        if (nd >= 0 && t >= nd) break;
        PyObject *legal = PyList_New(g->n);
        for (int s = 0; s < g->n; s++) {
            int m = ed_legal(g, s, 1, L);
            PyObject *l = PyList_New(m);
            for (int i = 0; i < m; i++) PyList_SET_ITEM(l, i, ed_move_tuple(L[i]));
            PyList_SET_ITEM(legal, s, l);
        }
        int cur = g->current;
        EdMove a;
        if (nd >= 0) {
            PyObject *item = PySequence_GetItem(decisions, t);
            int v[5] = {-9, -9, -9, -9, -9};
            if (item && !PyArg_ParseTuple(item, "iiiii", &v[0], &v[1], &v[2], &v[3], &v[4])) v[0] = -9;
            Py_XDECREF(item);
            PyErr_Clear();
            a = ed_mv(v[0], v[1], v[2], v[3], v[4]);
            int ok = 0;
            if (v[0] >= 0 && v[0] < g->n) {
                int m = ed_legal(g, v[0], 1, L);
                for (int i = 0; i < m && !ok; i++) ok = !memcmp(&L[i], &a, sizeof a);
            }
            if (!ok) {
                PyErr_Format(PyExc_ValueError, "move %d is not legal", t);
                Py_DECREF(legal); Py_CLEAR(steps); break;
            }
            cur = a.seat;
        } else {
            int m = ed_legal(g, cur, 1, L);
            a = L[ed_random_play(r, L, m)];
        }
        ed_apply(g, a);
        PyObject *step = Py_BuildValue("(iNNN)", cur, legal, ed_move_tuple(a), ed_state(g));
        PyList_Append(steps, step);
        Py_DECREF(step);
    }
    PyMem_RawFree(g);
    PyMem_RawFree(r);
    if (!steps) { Py_XDECREF(first); return NULL; }
    return Py_BuildValue("(NN)", first, steps);
}

/* ed_play_logged(cfg, deal_seed, bot_purpose, bot_salt, harness_purpose): one hand with referee chance, its seats'
 * and harness's generators derived as play_batch derives them: (record, every move applied) (the greedy lockstep) */
static void seed_referee_hand(Config *cfg, Rng *bots, int each_seat, const char *purpose, const char *hpurpose,
                              uint64_t base, long long salt, uint64_t deal_seed);

static PyObject *py_ed_play_logged(PyObject *self, PyObject *args) {
    PyObject *cfgo;
    unsigned long long seed;
    const char *purpose, *hpurpose;
    long long salt;
    if (!PyArg_ParseTuple(args, "OKsLs", &cfgo, &seed, &purpose, &salt, &hpurpose)) return NULL;
    Config cfg;
    if (read_config(cfgo, &cfg) < 0) return NULL;
    if (!cfg.ed || cfg.fast || strlen(purpose) > 40 || strlen(hpurpose) > 40) {
        PyErr_SetString(PyExc_ValueError, "an edition with referee chance, purposes of 40 bytes at most");
        return NULL;
    }
    Rng *bots = PyMem_RawMalloc(sizeof(Rng) * (MAXP + 2));
    EdLog log = {PyMem_RawMalloc(sizeof(EdMove) * 20000), 0, 20000};
    if (!bots || !log.v) { PyMem_RawFree(bots); PyMem_RawFree(log.v); return PyErr_NoMemory(); }
    int32_t rec[NFIELDS + 2 * MAXP];
    seed_referee_hand(&cfg, bots, 1, purpose, hpurpose, seed, salt, seed);
    ed_play_hand(&cfg, seed, bots, rec, &log);
    PyObject *moves = PyList_New(log.n), *r = PyList_New(NFIELDS + 2 * cfg.n);
    for (int i = 0; i < log.n; i++) PyList_SET_ITEM(moves, i, ed_move_tuple(log.v[i]));
    for (int i = 0; i < NFIELDS + 2 * cfg.n; i++) PyList_SET_ITEM(r, i, PyLong_FromLong(rec[i]));
    PyMem_RawFree(bots);
    PyMem_RawFree(log.v);
    return Py_BuildValue("(NN)", r, moves);
}

#define ED_METHODS {"ed_play_logged", py_ed_play_logged, METH_VARARGS, "One hand of an edition, every move logged."},
