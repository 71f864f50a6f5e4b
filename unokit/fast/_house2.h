/* The house rules that move hands, cut in and play groups, in the compiled core (included by _ccore.c).
 *
 *   ZEROLEFT  a 0 (ZEROLEFT(card=N): that number) passes every hand to the next seat (+1)    rules/extras.py ZeroLeft
 *   SEVENO    a 7 may swap hands with a chosen seat; a 0 passes the hands in the direction   rules/extras.py SevenOSwap,
 *             of play (SevenOPass)                                                           SevenOPass
 *   C         a card identical to the top card, cut in out of turn                           rules/cut.py Cut
 *   JUMPIN    C, and facing a draw without stacking an identical draw card replaces it       rules/extras.py JumpIn
 *   DR, DD    several cards of one face (DR) or identical cards (DD) in one play             rules/groups.py
 *
 * Their plays do not fit the core's int16 move numbers (a named seat, groups of up to 8 cards), so under
 * these rules a hand is played here on Move values, listed as the referee lists them: unokit.engine.compose's
 * Composer (roots, finals, completable, expand: the same checks in the same order) under Game.legal_actions,
 * with the plays still being composed (stems: more="cards" or "target") kept as stems. Like unokit.lab.sim's
 * harness, a bot is shown the list unfolded up to unokit.engine.compose.UNFOLD options, and a stem it picks is
 * completed one sub-decision at a time (random-play's own draws at each). The reaction step is
 * unokit.lab.sim.react_step: the candidate seats (Game.out_of_turn_seats, then the seat to act) shuffled by the
 * harness generator (one more generator per hand, bots[MAXP]) at every call, each seat asked in that order
 * until one acts. Moves other than plays keep the core's ids and apply_id (draws, passes, UNO calls,
 * catches, colours, ADDUP's doubtsum); the Wild Draw Four challenge is played here (a group of them is
 * judged together). The other house rules of the core combine with these as in the referee: P1-P4, ADDUP,
 * FU, BU, SAT, INS, CON, DRAWPLAY, FORCE (the Composer applies their checks; on_play hooks run in the
 * referee's order: SEVENO, JUMPIN, ADDUP, ZEROLEFT).
 *
 * Ids (trace): a play keeps its id of unokit.fast, or of ADDUP's pairs, when it has one; any other play is
 * EXT2_BASE + seat + MAXP * (((cards * 5 + colour + 1) * 2 + uno) * 11 + target + 1), the cards packed as
 * base-55 digits (card + 1), the first card lowest (unokit.fast.compiled.to_action decodes them).
 * tests/test_compiled_house2.py checks every listing and state against the referee, step by step, and whole
 * hands against unokit.lab.sim.play_hand and unokit.lab.play_deal. */

enum { H_ZEROLEFT = 1, H_SEVENO = 2, H_CUT = 4, H_JUMPIN = 8, H_DR = 16, H_DD = 32, H_T = 64, H_CAR = 128,
       H_DAD = 256, H_BA = 512, H_DOUBLE = 1024, H_TRI = 2048, H_BACK = 4096, H_BOMB = 8192, H_AB = 16384, H_AA = 32768,
       H_CLA = 65536, H_DOA = 131072, H_DED = 262144 };   /* H_T on: _house4.h; H_DOA: _house7.h; H_DED: _house9.h */
#define MAXG 8                        /* the largest group: 8 cards of one face in one deck */
#define H2_UNFOLD 128                 /* unokit.engine.compose.UNFOLD */
#define H2_CAP 1024                   /* a list the harness holds (listings, unfolded lists, expansions) */
#define H2_EVERY_CAP 20000            /* unokit.engine.compose.every_action's limit (trace) */
#define EXT2_BASE 10000LL
#define INT64_DIGITS 9                /* unokit.core.codec.INT64_DIGITS: the base-55 digits of an id an int64 holds */
enum { MV_PLAY = 0, MV_ID = 1 };
enum { MORE_NONE = 0, MORE_CARDS = 1, MORE_TARGET = 2 };
#define FACE_SKIP 10

#include "_house4.h"                  /* its types (H4) */
/* CHU (Chukcki.play_problem): the seat in turn's play must change the colour this turn (_house5.h) */
#define H2_CHU_DUE(g) (((g)->h5 & Z_CHU) && h5_chu_due(g))

typedef struct {
    Game g;
    uint32_t h2;                       /* H_ flags */
    uint8_t zl_card;                   /* ZEROLEFT's card */
    uint8_t doa_card;                  /* DOA's card (_house7.h) */
    uint8_t ded_pen;                   /* DED's penalty (_house9.h; the config's h2, bits 24-30) */
    H4 h4;                             /* _house4.h's rules' cards and state */
    uint8_t wd4_n;                     /* cards of the Wild Draw Four play being judged (a DR/DD group) */
    int8_t top_player;                 /* Game.top_player: who put the top card there (-1: turned from the stock) */
    GrHist *gh;                        /* h2_play_hand: what the greedy seats read from the history (else NULL) */
    struct H2Log *log;                 /* play_logged: every move applied (else NULL) */
    const int *policy;                 /* h2_play_hand: each seat's bot */
    Strat *st;                         /* h2_play_hand: the strategist seats' knowledge (_h2strategist.h; else NULL) */
    struct Hu *hu;                     /* h2_play_hand: the human-error seats' generators (_human.h; else NULL) */
} G2;

/* play_logged under these rules: every move applied, as h2_move_id numbers them (-1 - j: big[j], a play whose id
 * passes an int64, h2_move_pyid) */
typedef struct H2Log { long long *v; int n, cap, over; struct Move *big; int nbig, capbig; } H2Log;

typedef struct Move {
    int16_t id;                        /* MV_ID: the core's internal id (seat * XPS + k) */
    int8_t seat, kind, n, color, uno, target, more;   /* color, target: -1 for none */
    uint8_t cards[MAXG];
    uint8_t ng, give[2 * MAXG];        /* DOA: the cards given (_house7.h's MAXGIVE: two per 2 of a group) */
    int8_t claim;                      /* DED: a face-down play's claim (_house9.h's MV_HID) */
} Move;

static long long h2_move_id(const Move *a);

static int h2_big_id(const Move *a);
static PyObject *h2_log_list(H2Log *L);

/* an id appended to the log (a move's, or a line said: _human.h) */
static void h2_log_id(H2Log *L, long long id) {
    if (L->over) return;
    if (L->n >= L->cap) {
        int cap = L->cap ? 2 * L->cap : 256;
        long long *v = PyMem_RawRealloc(L->v, sizeof(long long) * (size_t)cap);
        if (!v) { L->over = 1; return; }
        L->v = v;
        L->cap = cap;
    }
    L->v[L->n++] = id;
}

static void h2_log(H2Log *L, const Move *a) {
    if (L->over) return;
    if (!h2_big_id(a)) { h2_log_id(L, h2_move_id(a)); return; }
    if (L->nbig >= L->capbig) {
        int cap = L->capbig ? 2 * L->capbig : 16;
        Move *b = PyMem_RawRealloc(L->big, sizeof(Move) * (size_t)cap);
        if (!b) { L->over = 1; return; }
        L->big = b;
        L->capbig = cap;
    }
    L->big[L->nbig] = *a;
    h2_log_id(L, -1 - (long long)L->nbig++);
}

typedef struct { Move *v; int m, cap, over; } Lst;

typedef struct {                       /* Composer's counts: the distinct cards held, in first-appearance order */
    int p, nd;
    uint8_t dc[NC], cnt[NC];
} Comp;

static Move h2_spill;                  /* where a full list writes (never read; the list is marked over) */

static inline Move *lst_add(Lst *L) {
    if (L->m >= L->cap) { L->over = 1; return &h2_spill; }
    return &L->v[L->m++];
}

static inline void lst_id(Lst *L, int seat, int k) {
    Move *a = lst_add(L);
    a->kind = MV_ID; a->seat = (int8_t)seat; a->id = (int16_t)(seat * XPS + k);
    a->n = 0; a->color = a->target = -1; a->uno = 0; a->more = 0; a->ng = 0; a->claim = 0;
}

static inline void lst_play(Lst *L, int p, const uint8_t *cs, int k, int col, int uno, int target, int more) {
    Move *a = lst_add(L);
    a->kind = MV_PLAY; a->id = -1; a->seat = (int8_t)p; a->n = (int8_t)k; a->color = (int8_t)col;
    a->uno = (int8_t)uno; a->target = (int8_t)target; a->more = (int8_t)more; a->ng = 0; a->claim = 0;
    memcpy(a->cards, cs, (size_t)k);
}

static void comp_init(Comp *C, const Game *g, int p) {
    C->p = p;
    C->nd = 0;
    memset(C->cnt, 0, sizeof C->cnt);
    for (int i = 0; i < g->hand_len[p]; i++) {
        int c = g->hands[p][i];
        if (!C->cnt[c]++) C->dc[C->nd++] = (uint8_t)c;
    }
}

static inline int h2_top(const Game *g) { return g->discard[g->discard_len - 1]; }

static void h2_begin(G2 *G, const Config *cfg) {
    G->gh = NULL;
    G->log = NULL;
    G->policy = NULL;
    G->st = NULL;
    G->hu = NULL;
    G->h2 = (uint32_t)cfg->h2;
    G->zl_card = (uint8_t)cfg->zl_card;
    G->doa_card = (uint8_t)(cfg->h4 >> 24 & 15);
    G->ded_pen = (uint8_t)(cfg->h2 >> 24 & 127);
    h4_begin(&G->h4, cfg);
    G->wd4_n = 1;
    G->top_player = -1;
}

/* ------------------------------------------------------------------ the rules' checks (hooks) */
/* group_ok: DR, the same face; DD, the same card */
static int h2_group_ok(const G2 *G, const uint8_t *cs, int k) {
    if (G->h2 & H_DR) {
        for (int i = 1; i < k; i++) if (T_FACE[cs[i]] != T_FACE[cs[0]]) return 0;
        return 1;
    }
    if (G->h2 & H_DD) {
        for (int i = 1; i < k; i++) if (cs[i] != cs[0]) return 0;
        return 1;
    }
    return 0;
}

/* I's allow_play: on an action card on top (Skip, Reverse, Draw Two, Wild Draw Four), Skips, Reverses or Draw Twos of
 * one symbol, whatever their colour (Inferno) */
static int h2_inferno(const Game *g, const uint8_t *cs, int k) {
    int tf = T_FACE[h2_top(g)], f = T_FACE[cs[0]];
    if (!(g->h3 & X_INFERNO) || tf < 10 || tf == 13 || f < 10 || f > 12) return 0;
    for (int i = 1; i < k; i++) if (T_FACE[cs[i]] != f) return 0;
    return 1;
}

/* group_prefix: DR/DD's group_ok, or ADDUP's (up to two number cards of one colour summing at most to the top) */
static int h2_group_prefix(const G2 *G, const uint8_t *cs, int k) {
    if ((G->h2 & (H_DR | H_DD)) && h2_group_ok(G, cs, k)) return 1;
    const Game *g = &G->g;
    if ((G->h2 & H_AA) && h4_aa_prefix(g, cs, k)) return 1;   /* FirstArithmetic.group_prefix: _house4.h */
    if (!(g->flags & F_ADDUP)) return 0;
    int tn = T_NUMV[h2_top(g)], sum = 0;
    if (tn < 0 || g->phase == PH_PENDING || k > 2) return 0;
    for (int i = 0; i < k; i++) {
        if (T_NUMV[cs[i]] < 0 || T_COLOR[cs[i]] != T_COLOR[cs[0]]) return 0;
        sum += T_NUMV[cs[i]];
    }
    return sum <= tn;
}

static inline int h2_grouping(const G2 *G) { return (G->h2 & (H_DR | H_DD | H_AA)) || (G->g.flags & F_ADDUP); }

/* Stacking.stack_ok (P1-P4): draw cards only, the first allowed on the total's kind */
static int h2_stack_ok(const Game *g, const uint8_t *cs, int k) {
    if ((g->h3 & X_INFERNO) && (T_FACE[cs[0]] == 10 || T_FACE[cs[0]] == 11)) {   /* I: Skips or Reverses cancel */
        for (int i = 1; i < k; i++) if (T_FACE[cs[i]] != T_FACE[cs[0]]) return 0;
        return 1;
    }
    if ((g->h3 & X_DEFLECT) && (T_FACE[cs[0]] == 10 || T_FACE[cs[0]] == 11)) {   /* DEFLECT: Skips or Reverses, */
        for (int i = 1; i < k; i++) if (T_FACE[cs[i]] != T_FACE[cs[0]]) return 0;   /* of the colour or the top's face */
        return T_COLOR[cs[0]] == g->color || T_FACE[cs[0]] == T_FACE[h2_top(g)];
    }
    if (!g->stack) return 0;
    int under = g->pending_kind;
    if (!under) { int f = T_FX[h2_top(g)]; under = f > 0 ? f : 0; }
    int d = T_FX[cs[0]];
    if (d <= 0 || !(g->stack >> (5 * under + d) & 1)) return 0;
    for (int i = 1; i < k; i++) if (T_FX[cs[i]] <= 0) return 0;
    return 1;
}

/* ADDUP's _sum_ok: two number cards of one colour summing to the number of `top` */
static int h2_sum_ok(int top, const uint8_t *cs, int k) {
    return k == 2 && T_NUMV[top] >= 0 && T_NUMV[cs[0]] >= 0 && T_NUMV[cs[1]] >= 0
        && T_COLOR[cs[0]] == T_COLOR[cs[1]] && T_NUMV[cs[0]] + T_NUMV[cs[1]] == T_NUMV[top];
}

/* Game._hand_change_numbers: a play with such a number may say UNO whatever it leaves */
static int h2_hand_change(const G2 *G, const uint8_t *cs, int k) {
    if (!(G->h2 & (H_ZEROLEFT | H_SEVENO | H_T | H_CAR | H_DOA))) return 0;
    for (int i = 0; i < k; i++) {
        int v = T_NUMV[cs[i]];
        if (v < 0) continue;
        if ((G->h2 & H_T) && v == G->h4.t_card) return 1;
        if ((G->h2 & H_CAR) && v == G->h4.car_card) return 1;
        if ((G->h2 & H_ZEROLEFT) && v == G->zl_card) return 1;
        if ((G->h2 & H_DOA) && v == G->doa_card) return 1;
        if ((G->h2 & H_SEVENO) && (v == SEVENO_PASS || v == SEVENO_SWAP)) return 1;
    }
    return 0;
}

static int h2_count_number(const uint8_t *cs, int k, int v) {
    int z = 0;
    for (int i = 0; i < k; i++) z += T_NUMV[cs[i]] == v;
    return z;
}

static int h2_alone(const G2 *G, int p, int c);   /* Game.can_play_alone on these lists (below) */
#include "_house4.h"
#include "_house7.h"                  /* DOA */
#include "_house9.h"                  /* DED */

/* compose.targets_of: the hooks' lists joined in the rules' order (T's Swap, DOA's Donation, CLA's Clairvoyance,
 * SEVENO's Swap), each seat once, -1 standing for None; 0 targets: the play names none. A swap lists None then every
 * other seat (None alone with the last cards), DOA every other seat while the play owes gifts, CLA every other seat
 * unless the play ends the hand */
static int h2_t_add(int8_t *tg, int m, int8_t q) {
    for (int i = 0; i < m; i++) if (tg[i] == q) return m;
    tg[m] = q;
    return m + 1;
}

static int h2_t_seats(const G2 *G, int p, int8_t *tg, int m) {
    for (int q = 0; q < G->g.n; q++) if (q != p) m = h2_t_add(tg, m, (int8_t)q);
    return m;
}

static int h2_targets(const G2 *G, int p, const uint8_t *cs, int k, int8_t *tg) {
    int last = G->g.hand_len[p] == k, m = 0;
    int t = (G->h2 & H_T) && h2_count_number(cs, k, G->h4.t_card);
    int seven = (G->h2 & H_SEVENO) && h2_count_number(cs, k, SEVENO_SWAP);
    if (t) { m = h2_t_add(tg, m, -1); if (!last) m = h2_t_seats(G, p, tg, m); }      /* T: Swap.play_targets */
    if (h7_owed(G, p, cs, k)) m = h2_t_seats(G, p, tg, m);                         /* DOA (_house7.h) */
    if ((G->h2 & H_CLA) && h2_count_number(cs, k, G->h4.cla_card) && !last) m = h2_t_seats(G, p, tg, m);   /* CLA */
    if (seven) { m = h2_t_add(tg, m, -1); if (!last) m = h2_t_seats(G, p, tg, m); }  /* SEVENO: SevenOSwap */
    return m;
}

/* the rules' play_problem hooks (Game.rule_objection: SEVENO's and T's Swap, CAR...): h4_objection, _house4.h */

/* Cut.cut_problem / JumpIn.cut_problem: nonzero when the play may not be made out of turn now */
static int h2_cut_problem(const G2 *G, int p, const uint8_t *cs, int k, int target) {
    const Game *g = &G->g;
    int ph = g->phase, top = h2_top(g);
    if ((G->h2 & H_JUMPIN) && ph == PH_PENDING && !g->stack && g->going_out < 0)
        return G->top_player < 0 || cs[0] != top || (k > 1 && !h2_group_ok(G, cs, k));
    if (g->m_open) return 1;                           /* M: no cut while the pile is being slapped (Cut.cut_problem) */
    if (ph == PH_PENDING) {
        if (g->going_out >= 0 || !g->stack) return 1;
    } else if (ph != PH_PLAY && !(ph == PH_DRAWN && g->opts)) {   /* CON: the drawn cards may be played */
        return 1;
    }
    if (G->top_player < 0 || cs[0] != top) return 1;
    if (k > 1 && !h2_group_ok(G, cs, k) && !((G->h2 & H_AA) && h4_aa_ok(g, cs, k))) return 1;   /* AA: _arithmetic */
    if (ph == PH_PENDING && !h2_stack_ok(g, cs, k)) return 1;
    return h4_objection(G, p, cs, k, target);
}

/* Game._play_problem for the plays listed here (the cards are held, the colour and target well formed) */
static int h2_play_problem(const G2 *G, int p, const uint8_t *cs, int k, int uno, int target) {
    const Game *g = &G->g;
    int ph = g->phase;
    if (uno && g->hand_len[p] - k != 1 && !h2_hand_change(G, cs, k)) return 1;
    if (p != g->current || ph > PH_PENDING) {                      /* out of turn: a cut */
        if (!(G->h2 & (H_CUT | H_JUMPIN))) return 1;
        return h2_cut_problem(G, p, cs, k, target);
    }
    if (ph == PH_DRAWN) {
        if (g->opts ? !(g->opts >> cs[0] & 1)
            : (g->flags & F_DRAWANY) ? !H3_OK(g, cs[0]) || H3_NOPLAY(g, cs[0], g->hand_len[p])   /* drawn_options */
            : cs[0] != g->drawn) return 1;
        if (k > 1 && !(G->h2 & (H_DR | H_DD))) return 1;
    }
    int why;
    if (ph == PH_PENDING) {
        if (g->going_out >= 0) return 1;
        why = !h2_stack_ok(g, cs, k) || (k > 1 && !h2_group_ok(G, cs, k));
    } else {
        why = !g->ok[cs[0]] || (k > 1 && !h2_group_ok(G, cs, k));
    }
    /* ADDUP.allow_play */
    if (why && (g->flags & F_ADDUP) && ph != PH_PENDING && g->hand_len[p] > 2 && h2_sum_ok(h2_top(g), cs, k))
        why = 0;
    if (why && h2_inferno(g, cs, k)) why = 0;                                         /* I.allow_play */
    if (why && (G->h2 & H_AA) && h4_aa_ok(g, cs, k)) why = 0;                        /* AA.allow_play: _house4.h */
    if (why && (G->h2 & H_AB) && ph != PH_PENDING && h4_ab_ok(g, cs, k)) why = 0;   /* AB.allow_play */
    if (!why && h4_objection(G, p, cs, k, target)) why = 1;
    if (!why && H2_CHU_DUE(g) && T_COLOR[cs[k - 1]] == g->color) why = 1;   /* CHU: the colour must change */
    return why;
}

/* ------------------------------------------------------------------ the Composer */
/* finals is not empty */
static int h2_finals_ok(const G2 *G, int p, const uint8_t *cs, int k) {
    int8_t tg[MAXP];
    int nt = h2_targets(G, p, cs, k, tg);
    if (nt <= 1) return !h2_play_problem(G, p, cs, k, 0, nt ? tg[0] : -1);
    for (int i = 0; i < nt; i++) if (!h2_play_problem(G, p, cs, k, 0, tg[i])) return 1;
    return 0;
}

/* Game.can_play_alone(p, c): some complete play of c alone passes (a seat named as the referee's probe names one:
 * h2_finals_ok; the peace; CHU with a wild naming colour 0, as the probe names the first colour) */
static int h2_alone(const G2 *G, int p, int c) {
    const Game *g = &G->g;
    uint8_t cs[1] = {(uint8_t)c};
    if (H3_BARRED(g, c) || !h2_finals_ok(G, p, cs, 1)) return 0;
    return !(H2_CHU_DUE(g) && T_COLOR[c] < 0 && g->color == 0);
}

/* Composer.finals: the plays of exactly these cards (each colour, without then with UNO), or target stems */
static void h2_finals(const G2 *G, int p, const uint8_t *cs, int k, Lst *L) {
    if (!h2_finals_ok(G, p, cs, k)) return;
    int8_t tg[MAXP];
    int nt = h2_targets(G, p, cs, k, tg);
    int unos = (G->g.hand_len[p] - k == 1 || h2_hand_change(G, cs, k)) ? 2 : 1;
    int wild = T_COLOR[cs[k - 1]] < 0, gifts = h7_owed(G, p, cs, k), chu = p == G->g.current && H2_CHU_DUE(&G->g);
    for (int col = wild ? 0 : -1; col < (wild ? 4 : 0); col++)
        for (int u = 0; u < unos; u++) {
            if (chu && col == G->g.color) continue;    /* CHU: a wild may not name the colour in force */
            if (gifts) lst_play(L, p, cs, k, col, u, nt == 1 ? tg[0] : -1, nt == 1 ? MORE_GIVE : MORE_TARGET);
            else if (nt <= 1) lst_play(L, p, cs, k, col, u, nt ? tg[0] : -1, MORE_NONE);
            else lst_play(L, p, cs, k, col, u, -1, MORE_TARGET);
        }
}

/* Composer.completable: can more cards follow cs[0..k) in one legal play? (cs has room for MAXG + 1) */
static int h2_completable(const G2 *G, const Comp *C, uint8_t *cs, int k) {
    if (k >= MAXG) return 0;
    for (int i = 0; i < C->nd; i++) {
        int d = C->dc[i], used = 0;
        for (int j = 0; j < k; j++) used += cs[j] == d;
        if (used >= C->cnt[d]) continue;
        if (H3_BARRED(&G->g, d)) continue;             /* PAA's and PAB's peace: no action card in a group */
        cs[k] = (uint8_t)d;
        if (!h2_group_prefix(G, cs, k + 1)) continue;
        if (h2_finals_ok(G, C->p, cs, k + 1) || h2_completable(G, C, cs, k + 1)) return 1;
    }
    return 0;
}

/* Composer.roots: the plays (complete or stems) starting with each distinct card held (or first_only) */
static void h2_roots(const G2 *G, const Comp *C, int first_only, Lst *L) {
    const Game *g = &G->g;
    int quick = !(g->flags & F_ADDUP) && !(G->h2 & (H_AB | H_AA)), pending = g->phase == PH_PENDING, grouping = h2_grouping(G);
    uint8_t cs[MAXG + 1];
    for (int i = 0; i < C->nd; i++) {
        int c = C->dc[i];
        if (first_only >= 0 && c != first_only) continue;
        cs[0] = (uint8_t)c;
        if (quick && (pending ? !h2_stack_ok(g, cs, 1) : !g->ok[c])) continue;
        if (H3_NOPLAY(g, c, g->hand_len[C->p])) continue;   /* FL's last card, PAA's and PAB's peace (with DED) */
        h2_finals(G, C->p, cs, 1, L);
        if (grouping && h2_completable(G, C, cs, 1)) lst_play(L, C->p, cs, 1, -1, 0, -1, MORE_CARDS);
    }
}

/* Composer.expand: the next choices of a stem */
static void h2_expand(const G2 *G, const Comp *C, const Move *s, Lst *L) {
    uint8_t cs[MAXG + 1];
    int k = s->n;
    memcpy(cs, s->cards, (size_t)k);
    if (s->more == MORE_CARDS) {
        if (k >= MAXG) return;
        for (int i = 0; i < C->nd; i++) {
            int d = C->dc[i], used = 0;
            for (int j = 0; j < k; j++) used += cs[j] == d;
            if (used >= C->cnt[d] || H3_BARRED(&G->g, d)) continue;   /* (the peace: refuses_group) */
            cs[k] = (uint8_t)d;
            if (!h2_group_prefix(G, cs, k + 1)) continue;
            h2_finals(G, C->p, cs, k + 1, L);
            if (h2_completable(G, C, cs, k + 1)) lst_play(L, C->p, cs, k + 1, -1, 0, -1, MORE_CARDS);
        }
    } else if (s->more == MORE_TARGET) {
        int8_t tg[MAXP];
        int nt = h2_targets(G, s->seat, cs, k, tg), more = h7_owed(G, s->seat, cs, k) ? MORE_GIVE : MORE_NONE;
        for (int i = 0; i < nt; i++)
            if (!h2_play_problem(G, s->seat, cs, k, s->uno, tg[i]))
                lst_play(L, s->seat, cs, k, s->color, s->uno, tg[i], more);
    } else if (s->more == MORE_GIVE) {
        h7_expand_give(G, C, s, L);                    /* DOA: _house7.h */
    }
}

/* Cut.cut_actions / JumpIn.cut_actions */
static void h2_cuts(const G2 *G, const Comp *C, Lst *L) {
    const Game *g = &G->g;
    int ph = g->phase, top = h2_top(g);
    if ((G->h2 & H_JUMPIN) && ph == PH_PENDING && !g->stack && g->going_out < 0 && G->top_player >= 0) {
        uint8_t cs[1] = {(uint8_t)top};
        if (C->cnt[top]) h2_finals(G, C->p, cs, 1, L);
        return;
    }
    if (G->top_player < 0 || g->going_out >= 0
        || (ph != PH_PLAY && !(ph == PH_PENDING && g->stack) && !(ph == PH_DRAWN && g->opts)))
        return;
    if (!C->cnt[top]) return;
    h2_roots(G, C, top, L);
}

/* Game.legal_actions(seat): stems as stems. react: unokit.lab.sim.reaction_options (the seat's out-of-turn
 * options: no turn moves, no ADDUP challenge) */
static void h2_legal(const G2 *G, int seat, int react, Lst *L) {
    const Game *g = &G->g;
    if (g->phase == PH_OVER || (g->out >> seat & 1)) return;   /* (MS: a seat out of the hand does nothing) */
    int cur = h9_to_act(g), nh = g->hand_len[seat];   /* (DED: the seat owing a free discard) */
    const uint8_t *hand = g->hands[seat];
    Comp C;
    comp_init(&C, g, seat);
    if (!react && seat == cur) {
        switch (g->phase) {
        case PH_PLAY: {
            h2_roots(G, &C, -1, L);
            int can = 1;                                    /* FORCE: no draw while a card can be played alone */
            if (g->flags & F_FORCE)
                for (int i = 0; i < nh && can; i++) if (g->ok[hand[i]] && !H3_BARRED(g, hand[i])) can = 0;   /* (the peace) */
            if (can) lst_id(L, cur, K_DRAW);
            break;
        }
        case PH_DRAWN:
            if (g->opts) {                                  /* CON: each card drawn that may be played */
                uint64_t seen = 0;
                for (int i = g->opts_from; i < nh; i++) {
                    int c = hand[i];
                    if (!(g->opts >> c & 1) || (seen >> c & 1)) continue;
                    seen |= 1ULL << c;
                    h2_roots(G, &C, c, L);
                }
            } else if (g->flags & F_DRAWANY) {              /* DRAWANY (beside ADDUP, the env's): Game.drawn_options, */
                uint64_t seen = 0;                          /* every card of the hand that may go alone, the drawn first */
                for (int i = nh - 1; i >= 0; i--) {
                    int c = hand[i];
                    if (seen >> c & 1) continue;
                    seen |= 1ULL << c;
                    if (H3_OK(g, c) && !H3_NOPLAY(g, c, nh)) h2_roots(G, &C, c, L);
                }
            } else {
                h2_roots(G, &C, g->drawn, L);
            }
            if (!(g->flags & F_DRAWPLAY)) lst_id(L, cur, K_PASS);
            break;
        case PH_PENDING:
            lst_id(L, cur, K_DRAW);
            if (g->wd4_bluffer >= 0 && !(g->h3 & X_NOCH)) lst_id(L, cur, K_CHALLENGE);
            if ((g->stack || (g->h3 & X_DEFLECT)) && g->going_out < 0) h2_roots(G, &C, -1, L);
            break;
        case PH_COLOR:
            for (int k = 0; k < 4; k++) lst_id(L, cur, K_COLOR + k);
            break;
        case PH_FREE: case PH_HFIN:
            h9_turn_moves(&C, cur, g->phase, L);        /* DED: _house9.h */
            break;
        default:
            break;
        }
        if (G->h2 & H_DED) h9_hidden_plays(G, &C, cur, L);   /* DED's face-down plays */
    }
    if (nh == 1 && !g->uno_said[seat]) lst_id(L, seat, K_UNO);
    if (g->catchable)
        for (int q = 0; q < g->n; q++) if (q != seat && (g->catchable >> q & 1)) lst_id(L, seat, K_CATCH + q);
    if (g->m_open && !(g->m_slapped >> seat & 1)) lst_id(L, seat, K_SLAP);   /* M (_house5.h) */
    if ((G->h2 & (H_CUT | H_JUMPIN)) && seat != cur) h2_cuts(G, &C, L);
    h9_accuse(g, seat, L);                              /* DED's accusation (options_first) */
    if (dp_may_challenge(g, seat)) lst_id(L, seat, K_DOUBTDRAW);   /* DP (_house8.h) */
    if (!react && g->sum_seat == seat) lst_id(L, seat, K_DOUBTSUM);
}

/* unokit.engine.compose.unfold: stems replaced by their options, in place, while the list stays within UNFOLD */
static void h2_unfold(const G2 *G, Lst *L) {
    Move e[H2_CAP];
    Comp C;
    int cseat = -1, i = 0;
    while (i < L->m) {
        Move *a = &L->v[i];
        if (a->kind == MV_PLAY && a->more) {
            if (a->seat != cseat) { comp_init(&C, &G->g, a->seat); cseat = a->seat; }
            Lst E = {e, 0, H2_CAP, 0};
            h2_expand(G, &C, a, &E);
            if (L->m - 1 + E.m <= H2_UNFOLD) {
                memmove(&L->v[i + E.m], &L->v[i + 1], sizeof(Move) * (size_t)(L->m - i - 1));
                memcpy(&L->v[i], e, sizeof(Move) * (size_t)E.m);
                L->m += E.m - 1;
                continue;
            }
        }
        i++;
    }
}

/* ------------------------------------------------------------------ random-play on these lists */
static inline int h2_k(const Move *a) { return a->kind == MV_ID ? a->id % XPS : -1; }

/* RandomPlayBot._random_play over the plays of L (stems included): a uniform group of plays of the same
 * cards (groups in order of first appearance), then a uniform variant among those saying UNO, if any */
static int h2_random_play(Rng *r, const Lst *L) {
    int16_t grp[H2_CAP], first[H2_CAP], pick[H2_CAP];
    int ng = 0;
    for (int i = 0; i < L->m; i++) {
        const Move *a = &L->v[i];
        grp[i] = -1;
        if (a->kind != MV_PLAY) continue;
        int gi = 0;
        for (; gi < ng; gi++) {
            const Move *b = &L->v[first[gi]];
            if (b->n == a->n && !memcmp(b->cards, a->cards, (size_t)a->n)) break;
        }
        if (gi == ng) first[ng++] = (int16_t)i;
        grp[i] = (int16_t)gi;
    }
    if (!ng) return -1;
    int gi = (int)rng_below(r, (uint32_t)ng), nv = 0, nu = 0;
    for (int i = 0; i < L->m; i++) if (grp[i] == gi && L->v[i].uno) pick[nu++] = (int16_t)i;
    if (nu) return pick[rng_below(r, (uint32_t)nu)];
    for (int i = 0; i < L->m; i++) if (grp[i] == gi) pick[nv++] = (int16_t)i;
    return pick[rng_below(r, (uint32_t)nv)];
}

/* RandomPlayBot.act */
static int h2_act(const Game *g, Rng *r, const Lst *L) {
    int16_t pick[H2_CAP];
    int np = h9_random_act(g, r, L);                   /* DED's free discard */
    if (np >= 0) return np;
    np = 0;
    if (g->phase == PH_COLOR) {
        for (int i = 0; i < L->m; i++) { int k = h2_k(&L->v[i]); if (k >= K_COLOR && k < K_COLOR + 4) pick[np++] = (int16_t)i; }
        if (np) return pick[rng_below(r, (uint32_t)np)];
    }
    int i = h2_random_play(r, L);
    if (i >= 0) return i;
    for (i = 0; i < L->m; i++) if (h2_k(&L->v[i]) == K_DRAW) return i;
    for (i = 0; i < L->m; i++) if (h2_k(&L->v[i]) == K_PASS) return i;
    np = 0;
    for (i = 0; i < L->m; i++) if (h2_k(&L->v[i]) != K_CHALLENGE && L->v[i].kind != MV_ACCUSE) pick[np++] = (int16_t)i;
    if (np) return pick[rng_below(r, (uint32_t)np)];
    return (int)rng_below(r, (uint32_t)L->m);
}

/* the free reactions random-play and greedy take first: say UNO, else the first catch listed, else M's slap (-1: none) */
static int h2_calls(const Lst *L) {
    for (int i = 0; i < L->m; i++) if (h2_k(&L->v[i]) == K_UNO) return i;
    for (int i = 0; i < L->m; i++) { int k = h2_k(&L->v[i]); if (k >= K_CATCH && k < K_CATCH + MAXP) return i; }
    for (int i = 0; i < L->m; i++) if (h2_k(&L->v[i]) == K_SLAP) return i;   /* M (no Notice is offered) */
    return -1;
}

/* RandomPlayBot.react: say UNO, else catch, else slap, else a random cut; -1: wait */
static int h2_react(Rng *r, const Lst *L) {
    int i = h2_calls(L);
    return i >= 0 ? i : h2_random_play(r, L);
}

static int h2_greedy_pick(const Game *g, int seat, int phase, int react, const Lst *E);   /* _h2greedy.h */
static int h2_strat_pick(Strat *S, const G2 *G, int seat, Rng *r, int react, const Lst *E);   /* _h2strategist.h */

/* unokit.engine.compose.complete with the bot choosing each sub-decision among the unfolded options: a strategist
 * seat's (G->st, _h2strategist.h), random-play (drawing from r), or with r NULL the greedy bot (acting on the view of
 * `phase`, or reacting) */
static void h2_complete(const G2 *G, Rng *r, int phase, int react, Move *a) {
    Move e[H2_CAP];
    Comp C;
    while (a->kind == MV_PLAY && a->more) {
        comp_init(&C, &G->g, a->seat);
        Lst E = {e, 0, H2_CAP, 0};
        h2_expand(G, &C, a, &E);
        h2_unfold(G, &E);
        int strat = G->st && G->policy && G->policy[a->seat] == POL_STRATEGIST;
        int i = !E.m ? -1 : strat ? h2_strat_pick(G->st, G, a->seat, r, react, &E)
              : r ? h2_random_play(r, &E) : h2_greedy_pick(&G->g, a->seat, phase, react, &E);
        if (i < 0) { a->more = 0; return; }           /* not reached: a listed stem always has options */
        *a = e[i];
    }
}

#include "_h2greedy.h"         /* the greedy bot on these Move lists */
#include "_h2strategist.h"     /* the strategist on these Move lists */

/* ------------------------------------------------------------------ applying */
static void h2_end_turn(Game *g, int seat, int nxt) {   /* Game.end_turn(seat, nxt) (CON's window closes with it) */
    turn_done_of(g, seat);                             /* (the turns counted: PAA's peace, SLOWUNO's windows; ST's) */
    g->current = (uint8_t)nxt;
    g->drawn = -1;
    g->opts = 0;
    g->phase = g->pending ? PH_PENDING : PH_PLAY;
}

/* Carousel.on_play: every hand passes to the next seat in direction d */
static void h2_rotate(Game *g, int d) {
    int n = g->n;
    uint8_t keep[NDECK];
    if (d == 1) {
        int kl = g->hand_len[n - 1];
        memcpy(keep, g->hands[n - 1], (size_t)kl);
        for (int s = n - 1; s > 0; s--) {
            memcpy(g->hands[s], g->hands[s - 1], g->hand_len[s - 1]);
            g->hand_len[s] = g->hand_len[s - 1];
        }
        memcpy(g->hands[0], keep, (size_t)kl);
        g->hand_len[0] = (uint8_t)kl;
    } else {
        int kl = g->hand_len[0];
        memcpy(keep, g->hands[0], (size_t)kl);
        for (int s = 0; s < n - 1; s++) {
            memcpy(g->hands[s], g->hands[s + 1], g->hand_len[s + 1]);
            g->hand_len[s] = g->hand_len[s + 1];
        }
        memcpy(g->hands[n - 1], keep, (size_t)kl);
        g->hand_len[n - 1] = (uint8_t)kl;
    }
}

static void h2_pass_hands(Game *g, int times, int d) {
    if (!times) return;
    for (int t = 0; t < times; t++) h2_rotate(g, d);
    for (int s = 0; s < g->n; s++) hands_changed(g, s);
}

/* Game.next_seat(p, steps): `steps` seats on, the seats out of the hand skipped (MS) */
static int h2_next(const Game *g, int p, int steps) {
    if (!g->out) return (((p + steps * g->direction) % g->n) + g->n) % g->n;
    for (int i = 0; i < steps; i++) p = next_seat(g, p);
    return p;
}

/* Game._skip: k Skips by p, among the seats left */
static int h2_skip(const Game *g, int p, int k) {
    int n = g->out ? h6_left(g) : g->n;
    if (k <= n - 1) return h2_next(g, p, k + 1);
    return h2_next(g, p, 1 + k % (n - 1));
}

/* Game._do_play and put_down, in turn or cut in: the play's cards go down, then the rules' on_play hooks
 * in the referee's order (SEVENO's swap and pass, JUMPIN, ADDUP, ZEROLEFT), then _resolve */
static void h2_play(G2 *G, const Move *a) {
    Game *g = &G->g;
    int p = a->seat, k = a->n, ph = g->phase, cur = g->current;
    const uint8_t *cs = a->cards;
    int prev_top = h2_top(g), prev_color = g->color, in_turn = p == cur;
    seat_starts(g, p);
    int last = cs[k - 1];
    if (last == WD4) {   /* the hand without the cards played holds the colour in play: a bluff */
        uint8_t cnt[NC];
        memset(cnt, 0, sizeof cnt);
        for (int i = 0; i < k; i++) cnt[cs[i]]++;
        int bluff = 0;
        for (int i = 0; i < g->hand_len[p]; i++) {
            int c = g->hands[p][i];
            if (cnt[c]) { cnt[c]--; continue; }
            if (T_COLOR[c] == g->color || ((g->h3 & X_WILDMATCH) && T_COLOR[c] < 0)) bluff = 1;   /* WILDMATCH: a wild */
        }
        g->wd4_bluffer = (int8_t)p;
        g->wd4_bluff = (uint8_t)bluff;
        g->wd4_prev = g->color;
        G->wd4_n = (uint8_t)k;
    } else {
        g->wd4_bluffer = -1;
    }
    for (int i = 0; i < k; i++) remove_card(g, p, cs[i]);
    for (int i = 0; i < k; i++) g->discard[g->discard_len++] = cs[i];
    G->top_player = (int8_t)p;
    g->drawn = -1;
    g->color = (uint8_t)(a->color >= 0 ? a->color : T_COLOR[last]);
    set_ok(g);
    int left = g->hand_len[p];
    if (!left) g->catchable &= (uint16_t)~(1u << p);
    else if (left == 1) {
        g->uno_said[p] = (uint8_t)a->uno;
        if (!a->uno) open_window(g, p);                /* (Game.missed_uno: SLOWUNO's window closes by the turns) */
        else if (g->h5) h5_spoke_uno(g, p);            /* S (_house5.h): Game.speak(p, "UNO"), before the hooks */
    }
    /* on_play */
    if (a->ng) h7_donate(g, p, a);                     /* DOA (play_order -1: first) */
    if (g->h3) h3_on_group(g, p, cs, k);               /* GT, I, PAB (_house3.h): before the cards' effects, in code order */
    if (g->h5) h5_on_group(g, p, cs, k);               /* CHU, M (_house5.h): Game.last_plays, the play's cards */
    for (int i = 0; i < k && g->ms == 3 && !g->ms_armed; i++) h6_on_play(g, cs[i]);   /* MS3: any card of the play */
    int skip = G->h2 >= H_T ? h4_on_play(G, p, cs, k, a->target) : 0;   /* BA, CAR, T, DAD, TRI, BACK: _house4.h */
    if (G->h2 & H_SEVENO) {
        if (a->target >= 0 && g->hand_len[p] && h2_count_number(cs, k, SEVENO_SWAP)) {   /* SevenOSwap */
            int q = a->target;
            uint8_t keep[NDECK];
            int kl = g->hand_len[p];
            memcpy(keep, g->hands[p], (size_t)kl);
            memcpy(g->hands[p], g->hands[q], g->hand_len[q]);
            g->hand_len[p] = g->hand_len[q];
            memcpy(g->hands[q], keep, (size_t)kl);
            g->hand_len[q] = (uint8_t)kl;
            hands_changed(g, p);
            hands_changed(g, q);
        }
        if (g->hand_len[p]) h2_pass_hands(g, h2_count_number(cs, k, SEVENO_PASS), g->direction);   /* SevenOPass */
    }
    if ((G->h2 & H_JUMPIN) && ph == PH_PENDING && p != cur && !g->stack) g->pending = 0;   /* the first is cancelled */
    g->sum_seat = -1;                                  /* ADDUP: any play closes the window; a sum opens one */
    if ((g->flags & F_ADDUP) && in_turn && h2_sum_ok(prev_top, cs, k)) {
        int bluff = 0;
        for (int i = 0; i < g->hand_len[p] + k && !bluff; i++) {
            int x = i < g->hand_len[p] ? g->hands[p][i] : cs[i - g->hand_len[p]];
            bluff = T_COLOR[x] >= 0 && (T_COLOR[x] == prev_color || T_FACE[x] == T_FACE[prev_top]);
        }
        g->sum_seat = (int8_t)next_seat(g, p);
        g->sum_player = (int8_t)p;
        g->sum_bluff = (uint8_t)bluff;
        g->sum_c = cs[0];
        g->sum_d = cs[1];
        g->sum_prev = (uint8_t)prev_color;
    }
    if ((G->h2 & H_ZEROLEFT) && g->hand_len[p]) h2_pass_hands(g, h2_count_number(cs, k, G->zl_card), 1);
    if (G->h2 & H_BOMB) h4_bomb(g, p, cs, k);         /* BOMB, last in the referee's order */
    if (a->uno && (G->h2 & (H_ZEROLEFT | H_SEVENO | H_T | H_CAR | H_DOA)) && g->hand_len[p] == 1 && !g->uno_said[p]) {
        g->uno_said[p] = 1;                            /* UNO said with a play whose effect leaves one card */
        g->catchable &= (uint16_t)~(1u << p);
    }
    /* _resolve */
    int empty = !g->hand_len[p], fx = T_FX[last];
    if (fx > 0) {                                      /* the next player faces the draw of every card */
        int add = 0;
        for (int i = 0; i < k; i++) add += T_FX[cs[i]] > 0 ? T_FX[cs[i]] : 0;
        if (g->h3 && h3_draw_card(g, p, !empty)) return;   /* NOENDDRAW, REVENGE (_house3.h) */
        g->pending = g->pending + add;
        g->pending_kind = (uint8_t)fx;
        if (empty) g->going_out = (int8_t)p;
        h2_end_turn(g, p, next_seat(g, p));
        return;
    }
    if (empty && g->m_out != p + 1) { finish(g, p); return; }   /* M: a slap round decides the win */
    int seats = g->out ? h6_left(g) : g->n;            /* (MS: a card's effect at the seats left) */
    const uint8_t *t = T_TURN[seats == 2][last];
    int nxt;
    if (k == 1 || !(t[1] || t[0] > 1)) {
        if (t[1]) g->direction = (int8_t)-g->direction;
        nxt = h2_next(g, p, t[0]);
    } else if (T_FACE[last] == FACE_SKIP) {
        nxt = h2_skip(g, p, k);
    } else if (seats == 2) {                           /* Reverses acting as Skips */
        nxt = k % 2 ? p : next_seat(g, p);
    } else {
        if (k % 2) g->direction = (int8_t)-g->direction;
        nxt = next_seat(g, p);
    }
    if (skip)                                          /* what on_play hooks asked (DAD) */
        nxt = T_FACE[last] != FACE_SKIP ? h2_next(g, p, 1 + skip) : h2_next(g, nxt, skip);
    if (g->pending && (g->h3 & X_DEFLECT)) nxt = next_seat(g, p);   /* DEFLECT: the draw passed on, or back */
    h2_end_turn(g, p, nxt);
}

/* Game._do_challenge: a Wild Draw Four play (one card, or a group of them) judged */
static void h2_challenge(G2 *G, int p) {
    Game *g = &G->g;
    int bluffer = g->wd4_bluffer, n4 = G->wd4_n;
    g->wd4_bluffer = -1;
    seat_starts(g, p);
    if (g->wd4_bluff) {
        g->pending = g->pending - DRAW_WD4 * n4;
        if (g->bluff_option == 2 && g->discard_len > n4) {   /* taken back */
            g->discard_len -= n4;
            for (int i = 0; i < n4; i++) g->hands[bluffer][g->hand_len[bluffer]++] = WD4;
            g->color = g->wd4_prev;
            G->top_player = -1;
            set_ok(g);
            hands_changed(g, bluffer);
        }
        g->penalty_cards += (uint16_t)(BLUFF_PENALTY * n4);
        g->pens[bluffer]++;
        take(g, bluffer, BLUFF_PENALTY * n4);
        g->going_out = -1;
        g->phase = g->pending ? PH_PENDING : PH_PLAY;
    } else {
        int kk = g->pending + WRONG_EXTRA;
        g->pending = 0;
        g->pending_kind = 0;
        g->penalty_cards += (uint16_t)kk;
        g->pens[p]++;
        take(g, p, kk);
        if (g->going_out >= 0) { finish(g, g->going_out); return; }
        h2_end_turn(g, p, next_seat(g, p));
    }
}

static void h2_apply(G2 *G, const Move *a) {
    if (G->g.m_out && h5_m_turn_action(&G->g, a->seat, a->kind == MV_PLAY ? 0 : a->id % XPS)) return;   /* M */
    if (h9_apply(G, a)) return;                        /* DED's moves, HIDDEN_FINISH's pass (_house9.h) */
    if (a->kind == MV_PLAY) h2_play(G, a);
    else if (a->id % XPS == K_CHALLENGE) h2_challenge(G, a->id / XPS);
    else if (!((G->h2 & H_TRI) && h4_tri_apply(G, a->id))) apply_id(&G->g, a->id);   /* TRI: _house4.h */
}

/* ------------------------------------------------------------------ the harness (unokit.lab.sim.play_hand) */
/* the hooks of a hand with human-error seats (_human.h): their state, their reaction step, a turn's move */
static struct Hu *hu_begin(const Config *cfg, Rng *bots);
static int hu_h2_react_step(G2 *G, Move *buf);
static Move hu_h2_turn(G2 *G, int cur, Lst *L);

/* the seats a reaction step asks (Game.out_of_turn_seats, then the seat to act), shuffled by the harness's
 * generator as random.shuffle does; their count */
static int h2_react_seats(const G2 *G, Rng *hr, int *cands) {
    const Game *g = &G->g;
    int me = h9_to_act(g), n = g->n, top = h2_top(g), cut = G->h2 & (H_CUT | H_JUMPIN), nc = 0;
    int everyone = g->catchable || g->m_open || (g->sum_seat >= 0 && g->sum_seat != me) || h9_everyone(g, me)   /* DED, M */
                   || (g->dp_drawer && (g->dp_drawer - 1 == me || g->n > 2));                 /* DP's window */
    for (int p = 0; p < n; p++) {
        if (p == me || (g->out >> p & 1)) continue;
        int has = 0;
        if (cut) for (int i = 0; i < g->hand_len[p] && !has; i++) has = g->hands[p][i] == top;
        if (everyone || (g->hand_len[p] == 1 && !g->uno_said[p]) || has) cands[nc++] = p;
    }
    cands[nc++] = me;
    for (int i = nc - 1; i > 0; i--) {
        int j = (int)rng_below(hr, (uint32_t)(i + 1)), t = cands[i];
        cands[i] = cands[j];
        cands[j] = t;
    }
    return nc;
}

/* react_step: one reaction applied (1) or none (0) */
static int h2_react_step(G2 *G, Rng *bots, Rng *hr, Move *buf) {
    Game *g = &G->g;
    if (G->hu) return hu_h2_react_step(G, buf);
    if (g->over) return 0;
    int cands[MAXP + 1], nc = h2_react_seats(G, hr, cands);
    for (int i = 0; i < nc; i++) {
        int s = cands[i];
        Lst L = {buf, 0, H2_CAP, 0};
        h2_legal(G, s, 1, &L);
        if (!L.m) continue;
        h2_unfold(G, &L);
        int greedy = G->policy && G->policy[s] == POL_GREEDY, strat = G->st && G->policy[s] == POL_STRATEGIST;
        int j = greedy ? h2_greedy_react(g, s, &L) : strat ? h2_strat_react(G->st, G, s, &L) : h2_react(&bots[s], &L);
        if (j < 0) continue;
        Move a = buf[j];
        if (a.more) h2_complete(G, greedy ? NULL : &bots[s], g->phase, 1, &a);
        if (G->gh) h2_observe(G->gh, g, &a);
        h2_strat_observe(G->st, G, &a);
        if (G->log) h2_log(G->log, &a);
        h2_apply(G, &a);
        h2_strat_after(G->st, G);
        return 1;
    }
    return 0;
}

static void h2_play_hand(const Config *cfg, uint64_t seed, Rng *bots, int32_t *rec, H2Log *log, Strat *st) {
    G2 G;
    Game *g = &G.g;
    Move buf[H2_CAP];
    deal(g, cfg, seed);
    h2_begin(&G, cfg);
    GrHist gh;                                       /* the greedy seats' reading of the history */
    gr_begin(&gh, g);
    G.gh = &gh;
    G.log = log;
    G.policy = cfg->policy;
    G.st = st;
    G.hu = cfg->hu_on ? hu_begin(cfg, bots) : NULL;
    strat_begin(st, g, cfg);
    Rng *hr = &bots[MAXP];
    int n = cfg->n, steps = cfg->hu_on && !G.hu ? cfg->max_steps : 0, first = -1, turns = 0, actions = 0, plays = 0, applied = 0, reactions = 0;
    while (!g->over && steps < cfg->max_steps) {
        steps++;
        for (int round = 0; round < 2 * n; round++) {
            if (!h2_react_step(&G, bots, hr, buf)) break;
            applied++;
            reactions++;
            if (g->over) break;
        }
        if (g->over) break;
        int cur = h9_to_act(g);                      /* (DED: the seat owing a free discard) */
        Lst L = {buf, 0, H2_CAP, 0};
        h2_legal(&G, cur, 0, &L);
        h2_unfold(&G, &L);
        if (!L.m) { steps = cfg->max_steps; break; }   /* (never: the referee always leaves a move; cut short, not a hang) */
        int greedy = cfg->policy[cur] == POL_GREEDY;
        Move a = G.hu ? hu_h2_turn(&G, cur, &L)
               : buf[greedy ? h2_greedy_act(&gh, g, g->phase, &L)
                     : st && cfg->policy[cur] == POL_STRATEGIST ? h2_strat_act(st, &G, cur, &bots[cur], &L)
                     : h2_act(g, &bots[cur], &L)];
        if (a.more && !G.hu) h2_complete(&G, greedy ? NULL : &bots[cur], g->phase, 0, &a);
        int ph = g->phase, k = h2_k(&a), play = a.kind == MV_PLAY || a.kind == MV_HID;
        h2_observe(&gh, g, &a);
        h2_strat_observe(st, &G, &a);
        if (log) h2_log(log, &a);
        if (first < 0) first = cur;
        if ((play || k == K_DRAW || k == K_CHALLENGE) && (ph == PH_PLAY || ph == PH_PENDING)) turns++;
        if ((play || k == K_DRAW) && ph <= PH_PENDING) actions++;
        if (play && ph <= PH_PENDING) plays++;
        h2_apply(&G, &a);
        h2_strat_after(st, &G);                        /* SAT's draws, CLA's look (_h2strategist.h) */
        applied++;
    }
    PyMem_RawFree(G.hu);
    record_hand(g, n, G.h2 & H_DOUBLE ? 2 : 1, first, turns, actions, plays, steps, applied, reactions, rec);   /* DOUBLE: Game.score_multiplier */
}

/* play_logged under these rules: the hand with the bots' generators already seeded (bots[0..n)), the harness's
 * seeded here as compiled.play seeds it, and every move applied (h2_move_id) */
static PyObject *h2_play_logged(const Config *cfg, uint64_t seed, const char *purpose, long long salt, Rng *bots,
                                Strat *st) {
    seed_harness(cfg->fast, seed, purpose, salt, &bots[MAXP]);   /* (_house5.h) */
    int32_t rec[64 + 2 * MAXP];
    H2Log log = {NULL, 0, 0, 0, NULL, 0, 0};
    h2_play_hand(cfg, seed, bots, rec, &log, st);
    return h2_log_list(&log);
}

/* ------------------------------------------------------------------ trace (the differential tests) */
static PyObject *state_tuple(const Game *g, int full);
static int id_out(int id);

/* the id of a move outside the core (unokit.fast.compiled.action_id's numbering) */
static long long h2_move_id(const Move *a) {
    if (a->kind == MV_ID) return id_out(a->id);
    if (a->kind >= MV_HID) return h9_move_id(a);       /* DED (_house9.h) */
    int s = a->seat, k = a->n;
    const uint8_t *cs = a->cards;
    if (k == 1 && a->target < 0) {
        int c = cs[0];
        int loc = c < WILD ? 2 * c + a->uno : 104 + 8 * (c - WILD) + 2 * a->color + a->uno;
        return (long long)s * APS + loc;
    }
    if (k == 2 && a->target < 0 && T_NUMV[cs[0]] >= 0 && T_NUMV[cs[1]] >= 0 && T_COLOR[cs[0]] == T_COLOR[cs[1]])
        return EXT_BASE + (long long)s * EXT_PER + 2 * (T_COLOR[cs[0]] * 100 + T_NUMV[cs[0]] * 10 + T_NUMV[cs[1]])
               + a->uno;
    long long packed = h7_pack_gifts(a, 0);            /* DOA's gifts after a 0 (_house7.h) */
    for (int i = k - 1; i >= 0; i--) packed = packed * 55 + cs[i] + 1;
    long long code = ((packed * 5 + a->color + 1) * 2 + a->uno) * 11 + a->target + 1;
    return EXT2_BASE + s + (long long)MAXP * code;
}

/* a play whose id passes an int64 (more than unokit.core.codec's INT64_DIGITS base-55 digits: DOA's gifts of a group
 * of 2s under DR): h2_move_id does not hold it */
static int h2_big_id(const Move *a) {
    return a->kind == MV_PLAY && a->ng && a->n + 1 + a->ng > INT64_DIGITS;
}

/* x * m + a as Python ints (x stolen; NULL in, NULL out) */
static PyObject *py_muladd(PyObject *x, long long m, long long a) {
    if (!x) return NULL;
    PyObject *M = PyLong_FromLongLong(m), *A = PyLong_FromLongLong(a), *y = M ? PyNumber_Multiply(x, M) : NULL;
    PyObject *z = y && A ? PyNumber_Add(y, A) : NULL;
    Py_DECREF(x);
    Py_XDECREF(M);
    Py_XDECREF(A);
    Py_XDECREF(y);
    return z;
}

/* the id of a move outside the core as a Python int, the plays past an int64 too (h2_move_id's arithmetic) */
static PyObject *h2_move_pyid(const Move *a) {
    if (!h2_big_id(a)) return PyLong_FromLongLong(h2_move_id(a));
    PyObject *x = PyLong_FromLong(0);
    for (int i = a->ng - 1; i >= 0; i--) x = py_muladd(x, 55, a->give[i] + 1);
    x = py_muladd(x, 55, 0);
    for (int i = a->n - 1; i >= 0; i--) x = py_muladd(x, 55, a->cards[i] + 1);
    x = py_muladd(x, 5, a->color + 1);
    x = py_muladd(x, 2, a->uno);
    x = py_muladd(x, 11, a->target + 1);
    return py_muladd(x, MAXP, EXT2_BASE + a->seat);
}

/* an H2Log as the list of ids it holds (freed) */
static PyObject *h2_log_list(H2Log *L) {
    PyObject *out = L->over ? PyErr_NoMemory() : PyList_New(L->n);
    for (int i = 0; out && i < L->n; i++) {
        PyObject *id = L->v[i] >= 0 ? PyLong_FromLongLong(L->v[i]) : h2_move_pyid(&L->big[-1 - L->v[i]]);
        if (!id) { Py_CLEAR(out); break; }
        PyList_SET_ITEM(out, i, id);
    }
    PyMem_RawFree(L->v);
    PyMem_RawFree(L->big);
    return out;
}

/* unokit.engine.compose.every_action: every complete action of the seat (stems followed depth first); -1: too many */
static int h2_every(const G2 *G, int seat, Lst *out, Move *stack, int scap) {
    Move lb[H2_CAP];
    Lst L = {lb, 0, H2_CAP, 0};
    h2_legal(G, seat, 0, &L);
    if (L.over) return -1;
    int sp = 0;
    for (int i = L.m - 1; i >= 0; i--) stack[sp++] = lb[i];
    Comp C;
    comp_init(&C, &G->g, seat);
    while (sp) {
        Move a = stack[--sp];
        if (a.kind == MV_PLAY && a.more) {
            Lst E = {lb, 0, H2_CAP, 0};
            h2_expand(G, &C, &a, &E);
            if (E.over || sp + E.m > scap) return -1;
            for (int i = E.m - 1; i >= 0; i--) stack[sp++] = lb[i];
        } else {
            *lst_add(out) = a;
            if (out->over) return -1;
        }
    }
    return 0;
}

static PyObject *h2_state(const G2 *G, int full) {
    PyObject *t = state_tuple(&G->g, full);
    if (!t || full < 2) return t;
    PyObject *extra = Py_BuildValue("(i)", G->top_player);
    PyObject *r = extra ? PySequence_Concat(t, extra) : NULL;
    Py_DECREF(t);
    Py_XDECREF(extra);
    return r;
}

/* trace(...) under these rules: the same steps as the core's trace; with full == 2 the full state ends
 * with top_player. Without decisions the seat to act plays random-play (its lists unfolded and its stems
 * completed as the harness does), or bench (a uniform complete action other than draw and pass). */
static PyObject *h2_trace(const Config *cfg, uint64_t seed, uint64_t pseed, PyObject *decisions, int max_actions,
                          int full) {
    G2 *G = PyMem_RawMalloc(sizeof(G2));
    Rng *r = PyMem_RawMalloc(sizeof(Rng));
    Move *all = PyMem_RawMalloc(sizeof(Move) * H2_EVERY_CAP), *stack = PyMem_RawMalloc(sizeof(Move) * H2_EVERY_CAP);
    Move *lb = PyMem_RawMalloc(sizeof(Move) * H2_CAP);
    if (!G || !r || !all || !stack || !lb) {
        PyMem_RawFree(G); PyMem_RawFree(r); PyMem_RawFree(all); PyMem_RawFree(stack); PyMem_RawFree(lb);
        return PyErr_NoMemory();
    }
    Game *g = &G->g;
    deal(g, cfg, seed);
    h2_begin(G, cfg);
    GrHist gh;                                       /* a greedy seat's reading of the history */
    gr_begin(&gh, g);
    rng_seed(r, pseed, cfg->fast);
    PyObject *steps = PyList_New(0), *first_state = h2_state(G, full);
    Py_ssize_t nd = decisions == Py_None ? -1 : PySequence_Size(decisions);
    if (nd < -1 || !first_state) Py_CLEAR(steps);
    for (int t = 0; steps && !g->over && t < max_actions; t++) {
        if (nd >= 0 && t >= nd) break;
        PyObject *want = NULL;
        if (nd >= 0) {
            want = PySequence_GetItem(decisions, t);
            if (!want) { Py_CLEAR(steps); break; }
        }
        int cur = g->current, who = h9_to_act(g), found = 0, bad = 0;   /* (who: DED's free discard) */
        Move chosen;
        PyObject *legal = PyList_New(g->n);
        for (int s = 0; s < g->n && legal; s++) {
            Lst L = {all, 0, H2_EVERY_CAP, 0};
            if (h2_every(G, s, &L, stack, H2_EVERY_CAP) < 0) { bad = 1; break; }
            PyObject *l = PyList_New(L.m);
            for (int i = 0; i < L.m && l; i++) {
                PyObject *id = h2_move_pyid(&all[i]);
                if (!id) { Py_CLEAR(l); break; }
                PyList_SET_ITEM(l, i, id);
                if (want && !found && PyObject_RichCompareBool(id, want, Py_EQ) == 1) { chosen = all[i]; found = 1; }
            }
            if (!l) { bad = 1; break; }
            PyList_SET_ITEM(legal, s, l);
        }
        if (!legal || bad) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_ValueError, "more than %d complete actions at step %d", H2_EVERY_CAP, t);
            Py_XDECREF(legal); Py_XDECREF(want); Py_CLEAR(steps); break;
        }
        if (nd >= 0) {
            if (!found) {
                PyErr_Format(PyExc_ValueError, "id %S is not legal at step %d", want, t);
                Py_DECREF(legal); Py_XDECREF(want); Py_CLEAR(steps); break;
            }
            Py_DECREF(want);
        } else if (cfg->policy[who] == POL_BENCH) {
            Lst L = {all, 0, H2_EVERY_CAP, 0};
            h2_every(G, who, &L, stack, H2_EVERY_CAP);
            int np = 0;
            for (int i = 0; i < L.m; i++) { int k = h2_k(&all[i]); if (k != K_DRAW && k != K_PASS) stack[np++] = all[i]; }
            chosen = np ? stack[rng_below(r, (uint32_t)np)] : all[rng_below(r, (uint32_t)L.m)];
        } else {
            Lst L = {lb, 0, H2_CAP, 0};
            h2_legal(G, who, 0, &L);
            h2_unfold(G, &L);
            int greedy = cfg->policy[who] == POL_GREEDY;
            chosen = lb[greedy ? h2_greedy_act(&gh, g, g->phase, &L) : h2_act(g, r, &L)];
            if (chosen.more) h2_complete(G, greedy ? NULL : r, g->phase, 0, &chosen);
        }
        h2_observe(&gh, g, &chosen);
        h2_apply(G, &chosen);
        PyObject *step = Py_BuildValue("(iNNN)", cur, legal, h2_move_pyid(&chosen), h2_state(G, full));
        if (!step) { Py_CLEAR(steps); break; }
        PyList_Append(steps, step);
        Py_DECREF(step);
    }
    PyMem_RawFree(G); PyMem_RawFree(r); PyMem_RawFree(all); PyMem_RawFree(stack); PyMem_RawFree(lb);
    if (!steps) { Py_XDECREF(first_state); return NULL; }
    return Py_BuildValue("(NN)", first_state, steps);
}
