/* The strategist in C: unokit.bots.strategist.StrategistBot under the official rules.
 *
 * Included once by _ccore.c, after its policies. It scores every legal action with the components of
 * the Python bot that act under the official rules (continuity, color_over_number, management,
 * read_opponents, card_counting, surprise_wild, olha_o_aviao, zero, consumismo, trebuchet,
 * extra_points, duel, points, bluff_caution, say_uno, catch_uno, challenge), with their default
 * weights and parameters, and the same floating-point expressions in the same order, so that the
 * scores are the same doubles and the choice (ties included) is the same. Its own generator is drawn
 * only where the Python bot draws it (Olha o Aviao).
 *
 * What a seat knows about the others (unokit.bots.knowledge: card counting, the reading of draws,
 * wilds, named colours and challenged hands) is kept per strategist seat in a Strat, fed every
 * applied action by strat_observe() just before it is applied: the referee's events that action
 * would emit are read as unokit.bots.knowledge.Scanner reads them.
 *
 * Used by play_hand / trace (_ccore.c). tests/test_compiled_strategist.py replays the hands in the
 * referee and asks the Python strategist at every decision.
 */

#include <math.h>

enum { POL_STRATEGIST = 2 };

/* ---------------------------------------------------------------- the components' weights and parameters */
#define ST_CARD 2.5                 /* strategist.CARD: the unit of every score */
#define W_CONTINUITY 1.0
#define W_COLOR_OVER_NUMBER 1.0
#define W_MANAGEMENT 1.0
#define W_READ_OPPONENTS 1.0
#define W_CARD_COUNTING 1.0
#define W_SURPRISE_WILD 1.0
#define W_OLHA 1.0
#define W_ZERO 1.0
#define W_CONSUMISMO 1.0
#define W_TREBUCHET 1.0
#define W_EXTRA_POINTS 1.0
#define W_DUEL 1.0
#define W_POINTS 1.0
#define W_BLUFF_CAUTION 1.0
#define W_SAY_UNO 1.0
#define W_CATCH_UNO 1.0
#define W_CHALLENGE 1.0
#define W_SURPRISE_GROUP 1.0        /* under DR, DD (_h2strategist.h) */
#define W_WEAPONS 1.0               /* under T, DAD, BA (_h2strategist.h) */
#define W_SCENE_STEALING 1.0        /* under T, CAR (_h2strategist.h) */
#define P_HOLD 0.65                 /* management */
#define P_VICTIM 0.5
#define P_PRESSURE 0.2
#define P_OLHA_RATE 0.3             /* olha_o_aviao */
#define P_OLHA_MIN_PLAYERS 3
#define P_CHALLENGED 0.6            /* bluff_caution */
#define P_THRESHOLD 0.4             /* challenge */
/* unokit.bots.knowledge: how far each kind of evidence is trusted */
#define T_DRAW_TRUST 0.85
#define T_WD4_TRUST 0.6
#define T_WILD_TRUST 0.3
#define T_NAMED_TRUST 0.7
#define T_NAMED_TRUST_LAST 0.35

#define F_SKIP 10
#define F_REVERSE 11
#define F_WILDF 13                  /* Face.WILD: faces below it are coloured */

/* ---------------------------------------------------------------- knowledge (unokit.bots.knowledge.Scanner) */
typedef struct {                     /* what one seat has read about another (SeatInfo) */
    double lc_trust[4], lf_trust[F_WILDF], named_trust;
    int16_t lc_at[4], lf_at[F_WILDF], acquired;
    uint8_t lc_has;                  /* bit per colour: lack_color holds it */
    uint16_t lf_has;                 /* bit per face */
    int8_t named;                    /* colour named with its last wild (-1: none) */
    uint8_t bluffs_caught, rev_has, rev_any;   /* rev_any: a hand of it was shown; rev_has: and it still counts */
    uint8_t rev[NC];                 /* the last hand of it shown to this seat (a challenge) */
    uint8_t since[NC];               /* its plays since the last challenge of it */
    uint8_t rk[NC];                  /* REV: the cards it was seen to draw, less those it played since (SeatInfo.known) */
} StInfo;

#define RV_MAX (NDECK + 4 * MAXP)
typedef struct {                     /* the Scanner of one strategist seat */
    int8_t ecolor, eface;            /* colour and face in force as the events tell (-1: none) */
    int8_t wd4_before;               /* the colour before the last Wild Draw Four (-1: none) */
    int8_t wd4_player;               /* who played the last Wild Draw Four (-1: none) */
    uint16_t stuck;                  /* seats that drew at the start of their turn since the last play */
    int16_t draws_since;
    int16_t sizes[MAXP];             /* hand sizes as the events tell (the trust of a named colour) */
    int8_t lp_seat[2], lp_num[2];    /* the last two plays: seat, number of the last card (-1: none; BA) */
    uint8_t lp_n;
    uint8_t rv_on, rv_n;             /* REV: the draws of the move being applied, (seat, cards) each (_strategist3.h) */
    int8_t rv_seat[RV_MAX];
    int16_t rv_got[RV_MAX];
    StInfo info[MAXP];
} StSeat;

typedef struct {
    int active, n, reveal;           /* reveal: ambiguity digit C (1: a challenged hand shown to all) */
    int rev_stock, open_below;       /* REV: the stock is face up; OPEN: hands below this size are shown (0: none) */
    uint8_t is[MAXP];                /* the strategist seats */
    StSeat seat[MAXP];
    int32_t *log;                    /* play_logged (logging): every id applied (internal numbering) */
    int logging, nlog, cap;
    int sat_seat, sat_len;           /* SAT: the seat whose turn draw is read after it (strat_after), its hand before */
    int see_p, see_q, see_drop;      /* CLA: who saw whose hand, less the cards drawn since (_h2strategist.h) */
    int ded_acc, ded_back;            /* DED: an accusation is being applied, the liar taking its card back (-1: none) */
    int16_t ded_before[MAXP];         /* DED: the hand sizes before it (_strategist9.h) */
} Strat;

static inline int st_draw_of(int c) { return T_FX[c] > 0 ? T_FX[c] : 0; }
static inline int st_wild(int c) { return T_COLOR[c] < 0; }

/* a new hand: after deal() */
static void strat_begin(Strat *S, const Game *g, const Config *cfg) {
    if (!S) return;
    S->active = 0;
    S->n = g->n;
    S->reveal = cfg->reveal & 3;     /* (compiled._shown: digit C, REV, OPEN's size) */
    S->rev_stock = cfg->reveal >> 2 & 1;
    S->open_below = cfg->reveal >> 3;
    S->nlog = 0;
    S->sat_seat = S->see_p = -1;
    S->ded_acc = 0;
    for (int s = 0; s < g->n; s++) {
        S->is[s] = cfg->policy[s] == POL_STRATEGIST;
        if (!S->is[s]) continue;
        S->active = 1;
        StSeat *z = &S->seat[s];
        int top = g->discard[g->discard_len - 1];
        z->ecolor = (int8_t)T_COLOR[top];          /* the first card ('first'); a Wild: 'color' follows */
        z->eface = (int8_t)T_FACE[top];
        z->wd4_before = z->wd4_player = -1;
        z->stuck = 0;
        z->draws_since = 0;
        z->lp_n = 0;
        z->rv_on = (uint8_t)S->rev_stock;
        z->rv_n = 0;
        for (int q = 0; q < g->n; q++) {
            z->sizes[q] = g->hand_len[q];
            StInfo *f = &z->info[q];
            f->lc_has = 0;
            f->lf_has = 0;
            f->named = -1;
            f->named_trust = 0.0;
            f->acquired = 0;
            f->bluffs_caught = 0;
            f->rev_has = f->rev_any = 0;
            memset(f->since, 0, NC);
            memset(f->rk, 0, NC);
        }
    }
}

/* cards `seat` gets when it draws k: what the stock and the pile under the top hold */
static inline int st_avail(const Game *g, int k, int discard_len, int held) {
    int room = g->cap - held;                      /* LIMIT: take() stops at the largest hand (held: the cards then) */
    if (k > room) k = room > 0 ? room : 0;
    int a = g->stock_len + (discard_len > 1 ? discard_len - 1 : 0);
    return k < a ? k : a;
}

/* a 'draw' event of `got` cards by p (voluntary: a turn draw) */
static void st_ev_draw(StSeat *z, int me, int p, int got, int voluntary) {
    if (got <= 0) return;                          /* the referee emits no draw event then */
    if (z->rv_on && z->rv_n < RV_MAX) { z->rv_seat[z->rv_n] = (int8_t)p; z->rv_got[z->rv_n++] = (int16_t)got; }   /* REV */
    z->sizes[p] = (int16_t)(z->sizes[p] + got);
    if (p != me) {
        StInfo *f = &z->info[p];
        if (voluntary) {
            if (z->ecolor >= 0) {
                f->lc_has |= (uint8_t)(1u << z->ecolor);
                f->lc_trust[z->ecolor] = T_DRAW_TRUST;
                f->lc_at[z->ecolor] = (int16_t)(f->acquired + got);
            }
            if (z->eface >= 0 && z->eface < F_WILDF) {
                f->lf_has |= (uint16_t)(1u << z->eface);
                f->lf_trust[z->eface] = T_DRAW_TRUST;
                f->lf_at[z->eface] = (int16_t)(f->acquired + got);
            }
            if (f->named >= 0 && f->named == z->ecolor) f->named = -1;
        }
        f->acquired = (int16_t)(f->acquired + got);
    }
    if (voluntary) { z->stuck |= (uint16_t)(1u << p); z->draws_since++; }
}

/* a 'play' (or 'cut') event: the k cards cs by p, the last on top, colour named nc (-1: none) */
static void st_ev_playk(StSeat *z, int me, int p, const uint8_t *cs, int k, int nc) {
    int before = z->ecolor, c = cs[k - 1];
    z->sizes[p] = (int16_t)(z->sizes[p] - k);
    if (p != me) {
        StInfo *f = &z->info[p];
        if (st_wild(c)) {
            double trust = c == WD4 ? T_WD4_TRUST : T_WILD_TRUST;
            if (f->named >= 0 && f->named == before) trust *= 0.3;
            if (before >= 0 && trust > ((f->lc_has >> before & 1) ? f->lc_trust[before] : 0.0)) {
                f->lc_has |= (uint8_t)(1u << before);
                f->lc_trust[before] = trust;
                f->lc_at[before] = f->acquired;
            }
        }
        for (int i = 0; i < k; i++) {
            if (!st_wild(cs[i])) f->lc_has &= (uint8_t)~(1u << T_COLOR[cs[i]]);
            if (T_FACE[cs[i]] < F_WILDF) f->lf_has &= (uint16_t)~(1u << T_FACE[cs[i]]);
        }
        f->named = -1;
        if (nc >= 0) {
            f->named = (int8_t)nc;
            f->named_trust = z->sizes[p] <= 1 ? T_NAMED_TRUST_LAST : T_NAMED_TRUST;
            f->lc_has &= (uint8_t)~(1u << nc);
        }
        for (int i = 0; i < k; i++) { f->since[cs[i]]++; if (f->rk[cs[i]]) f->rk[cs[i]]--; }
    }
    if (c == WD4) { z->wd4_before = (int8_t)before; z->wd4_player = (int8_t)p; }
    if (z->lp_n == 2) { z->lp_seat[0] = z->lp_seat[1]; z->lp_num[0] = z->lp_num[1]; z->lp_n = 1; }
    z->lp_seat[z->lp_n] = (int8_t)p;
    z->lp_num[z->lp_n++] = (int8_t)T_NUMV[c];
    z->ecolor = (int8_t)(nc >= 0 ? nc : T_COLOR[c]);
    z->eface = (int8_t)T_FACE[c];
    z->stuck = 0;
    z->draws_since = 0;
}

static inline void st_ev_play(StSeat *z, int me, int p, int c, int nc) {
    uint8_t one = (uint8_t)c;
    st_ev_playk(z, me, p, &one, 1, nc);
}

/* a 'challenge' of the Wild Draw Four play of n4 cards on top (a DR/DD group: n4 of them), and its draw */
static void st_ev_challenge(const Strat *S, StSeat *z, const Game *g, int me, int p, int n4) {
    int b = g->wd4_bluffer, guilty = g->wd4_bluff;
    if (b < 0) return;
    if (b != me) {
        StInfo *f = &z->info[b];
        if (S->reveal == 1 || me == p) {       /* the hand is shown to this seat */
            memset(f->rev, 0, NC);
            for (int i = 0; i < g->hand_len[b]; i++) f->rev[g->hands[b][i]]++;
            f->rev_any = 1;
        }
        memset(f->since, 0, NC);               /* plays counted from the last challenge of b, seen or not (as */
        f->rev_has = f->rev_any;               /* knowledge._apply_reveals counts them), the last hand seen */
        if (!guilty && z->wd4_before >= 0) {
            f->lc_has |= (uint8_t)(1u << z->wd4_before);
            f->lc_trust[z->wd4_before] = 1.0;
            f->lc_at[z->wd4_before] = f->acquired;
        }
        if (guilty) f->bluffs_caught++;
    }
    if (guilty) {                              /* D=2 takes the cards back first (no event) */
        int back = g->bluff_option == 2 && g->discard_len > n4 ? n4 : 0;
        st_ev_draw(z, me, b, st_avail(g, BLUFF_PENALTY * n4, g->discard_len - back, g->hand_len[b] + back), 0);
    } else {
        st_ev_draw(z, me, p, st_avail(g, g->pending + WRONG_EXTRA, g->discard_len, g->hand_len[p]), 0);
    }
}

/* _strategist3.h: ADDUP's pairs and challenge (their cards, values and events) */
static inline int st3_addup(int k);
static void st3_observe(StSeat *z, const Game *g, int me, int p, int k);
static const Game *st5_prelude(Strat *S, const Game *g, int id, Game *t);   /* _house5.h's penalties (_strategist5.h) */
static void st5_spoke_uno(StSeat *z, int me, const Game *g, int p, int played);
static void st5_slap(StSeat *z, int me, const Game *g, int p);

/* Every strategist seat reads the events of id, applied next to g (official rules). */
static void strat_observe(Strat *S, const Game *g, int id) {
    if (!S) return;
    if (S->logging) {
        if (S->nlog == S->cap) {
            int cap = S->cap ? 2 * S->cap : 256;
            int32_t *l = PyMem_RawRealloc(S->log, sizeof(int32_t) * (size_t)cap);
            if (l) { S->log = l; S->cap = cap; }
        }
        if (S->nlog < S->cap) S->log[S->nlog++] = id;
    }
    if (!S->active) return;
    Game t5;
    if (g->h5 && !(g = st5_prelude(S, g, id, &t5))) return;   /* what _house5.h's hooks deal first */
    int p = id / XPS, k = id % XPS, n = g->n;
    for (int me = 0; me < n; me++) {
        if (!S->is[me]) continue;
        StSeat *z = &S->seat[me];
        if (k < K_DRAW) {
            int card, nc = -1;
            if (k < 104) card = k >> 1;
            else { card = WILD + (k - 104) / 8; nc = ((k - 104) % 8) >> 1; }
            st_ev_play(z, me, p, card, nc);
            if ((k & 1) && g->h5 && g->hand_len[p] == 2) st5_spoke_uno(z, me, g, p, 1);   /* S: a call in silence */
            if (H3_TWIN(g, p, card)) {                   /* GT's penalty */
                int q = g->gt_player;
                st_ev_draw(z, me, q, st_avail(g, T_NUMV[card], g->discard_len + 1, g->hand_len[q]), 0);
            }
        } else if (k == K_DRAW) {
            if (g->ms && h6_dooms(g, p)) continue;        /* MS: eliminated instead of drawing (no draw event) */
            if (g->phase == PH_PENDING) st_ev_draw(z, me, p, st_avail(g, g->pending, g->discard_len, g->hand_len[p]), 0);
            else if (g->flags & F_SAT) { S->sat_seat = p; S->sat_len = g->hand_len[p]; }   /* read after it: strat_after */
            else st_ev_draw(z, me, p, st_avail(g, 1, g->discard_len, g->hand_len[p]), 1);
        } else if (k == K_CHALLENGE) {
            st_ev_challenge(S, z, g, me, p, 1);
        } else if (k >= K_CATCH && k < K_CATCH + MAXP) {
            int q = k - K_CATCH;
            st_ev_draw(z, me, q, st_avail(g, g->uno_penalty, g->discard_len, g->hand_len[q]), 0);
        } else if (k == K_UNO) {
            if (g->h5) st5_spoke_uno(z, me, g, p, 0);
        } else if (k == K_SLAP) {
            st5_slap(z, me, g, p);
        } else if (k >= K_COLOR && k < K_COLOR + 4) {
            z->ecolor = (int8_t)(k - K_COLOR);
            if (p != me) { z->info[p].named = (int8_t)(k - K_COLOR); z->info[p].named_trust = T_NAMED_TRUST; }
        } else if (st3_addup(k)) {
            st3_observe(z, g, me, p, k);
        }
    }
}

/* after an id is applied: SAT's turn draw, one 'draw' event per card until a playable one (Game._draw_with_policy),
 * read from the hand it left */
static void st3_after(Strat *S, const Game *g);

static void strat_after(Strat *S, const Game *g) {
    if (!S) return;
    if (S->sat_seat >= 0) {
        int p = S->sat_seat, got = g->hand_len[p] - S->sat_len;
        S->sat_seat = -1;
        for (int me = 0; me < S->n; me++)
            if (S->is[me])
                for (int i = 0; i < got; i++) st_ev_draw(&S->seat[me], me, p, 1, 1);
    }
    if (S->rev_stock) st3_after(S, g);              /* REV: the cards seen drawn (_strategist3.h) */
}

/* ---------------------------------------------------------------- one decision (strategist._Ctx, Knowledge) */
typedef struct {
    const Game *g;
    const StSeat *z;
    int me, n, d, phase, color, topface, pending, nh;
    int na, out;                     /* MS: the seats left, those out of the hand (a bit each; _Ctx.na, eliminated) */
    int group;                       /* DR (1: one face) or DD (2: identical cards) in force (surprise_group), else 0 */
    int t_card, car_card, dad_card, doa_card;   /* the numbers of T, CAR, DAD, DOA in force (-1: none; _h2strategist.h) */
    const uint8_t *give;             /* DOA: the gifts of the play valued (ng of them, to the seat it names) */
    int ng;
    int ba, ba_ready;                /* BA in force; the last two plays were twin numbers (strategist._twin_numbers) */
    const uint8_t *hand;
    int sizes[MAXP];
    double max_danger;
    int min_opp;
    /* Knowledge */
    int unseen[NC], unseen_total, unseen_sum, ucolor[4], ucol_tot, uface[F_WILDF][4], uwild;
    uint8_t known[MAXP][NC];
    int nknown[MAXP];
    uint8_t kcolor[MAXP];            /* colours among the known cards */
    uint8_t kface[MAXP][F_WILDF];    /* colours among the known cards of a face */
    uint8_t kwild[MAXP];
} StCtx;

static double st_danger(int size) {
    if (size <= 1) return 1.0;
    if (size <= 2) return 0.55;
    if (size <= 3) return 0.25;
    if (size <= 4) return 0.1;
    return 0.0;
}

static inline int st_nxt(const StCtx *x, int seat, int steps, int d) {
    int s = seat;
    for (int i = 0; i < steps; i++) {
        s = ((s + d) % x->n + x->n) % x->n;
        while (x->out >> s & 1) s = ((s + d) % x->n + x->n) % x->n;   /* MS: the seats out are skipped */
    }
    return s;
}

static int st3_known(StCtx *x, const Strat *S, const Game *g, int s, int sum);

static void st_context(StCtx *x, const Strat *S, const Game *g, int me) {
    x->g = g;
    x->z = &S->seat[me];
    x->me = me;
    x->n = g->n;
    x->out = g->out;
    x->na = g->n - __builtin_popcount(g->out);
    x->d = g->direction;
    x->phase = g->phase;
    x->color = g->color;
    x->topface = T_FACE[g->discard[g->discard_len - 1]];
    x->pending = g->pending;
    x->hand = g->hands[me];
    x->nh = g->hand_len[me];
    x->group = 0;
    x->t_card = x->car_card = x->dad_card = x->doa_card = -1;
    x->give = NULL;
    x->ng = 0;
    x->ba = x->ba_ready = 0;
    x->max_danger = 0.0;
    x->min_opp = 99;
    int have = 0;
    for (int s = 0; s < g->n; s++) {
        x->sizes[s] = g->hand_len[s];
        if (s == me || (g->out >> s & 1)) continue;   /* ctx.opps: the seats left */
        double dg = st_danger(g->hand_len[s]);
        if (!have || dg > x->max_danger) x->max_danger = dg;
        if (g->hand_len[s] < x->min_opp) x->min_opp = g->hand_len[s];
        have = 1;
    }
    /* the hands shown by challenges, less what was played since (knowledge._apply_reveals) */
    int total_known = 0;
    for (int s = 0; s < g->n; s++) {
        x->nknown[s] = 0;
        x->kcolor[s] = 0;
        x->kwild[s] = 0;
        memset(x->kface[s], 0, F_WILDF);
        const StInfo *f = &x->z->info[s];
        if (s == me) continue;
        int sum = f->rev_has ? 0 : -1;
        for (int c = 0; c < NC && f->rev_has; c++) {
            int h = (int)f->rev[c] - (int)f->since[c];
            x->known[s][c] = (uint8_t)(h > 0 ? h : 0);
            sum += x->known[s][c];
        }
        if (sum > g->hand_len[s]) sum = -1;
        sum = st3_known(x, S, g, s, sum);          /* else what REV showed; OPEN's hands (_strategist3.h) */
        if (sum <= 0) continue;
        x->nknown[s] = sum;
        total_known += sum;
        for (int c = 0; c < NC; c++) {
            if (!x->known[s][c]) continue;
            if (st_wild(c)) x->kwild[s] = 1;
            else { x->kcolor[s] |= (uint8_t)(1u << T_COLOR[c]); x->kface[s][T_FACE[c]] |= (uint8_t)(1u << T_COLOR[c]); }
        }
    }
    /* the cards not seen: the deck less my hand, the pile and the known cards */
    int cnt[NC];
    memset(cnt, 0, sizeof cnt);
    for (int i = 0; i < NDECK; i++) cnt[T_DECK[i]]++;
    for (int i = 0; i < x->nh; i++) cnt[x->hand[i]]--;
    for (int i = 0; i < g->discard_len; i++) cnt[g->discard[i]]--;
    for (int s = 0; s < g->n; s++)
        if (x->nknown[s])
            for (int c = 0; c < NC; c++) cnt[c] -= x->known[s][c];
    int total = g->stock_len + g->discard_len + g->hid_len;    /* (DED: the face-down pile is unseen) */
    for (int s = 0; s < g->n; s++) total += g->hand_len[s];
    x->unseen_total = total - x->nh - g->discard_len - total_known;
    if (x->unseen_total < 0) x->unseen_total = 0;
    x->unseen_sum = 0;
    memset(x->ucolor, 0, sizeof x->ucolor);
    memset(x->uface, 0, sizeof x->uface);
    int wild = 0;
    for (int c = 0; c < NC; c++) {
        int v = cnt[c] > 0 ? cnt[c] : 0;
        x->unseen[c] = v;
        x->unseen_sum += v;
        if (st_wild(c)) wild += v;
        else { x->ucolor[T_COLOR[c]] += v; x->uface[T_FACE[c]][T_COLOR[c]] += v; }
    }
    x->uwild = (x->unseen_total - x->unseen_sum > 0 ? x->unseen_total - x->unseen_sum : 0) + wild;
    x->ucol_tot = x->ucolor[0] + x->ucolor[1] + x->ucolor[2] + x->ucolor[3];
}

static double st_pnone(int k, int pool, int good) {
    if (k <= 0 || good <= 0) return 1.0;
    if (pool <= 0) return 1.0;
    int bad = pool - good;
    if (k > bad) return 0.0;
    double p = 1.0;
    for (int i = 0; i < k; i++) p *= (double)(bad - i) / (double)(pool - i);
    return p;
}

/* Knowledge.p_has_*'s reading of evidence: `base` (the chance from the counts alone) faded towards what the m cards
 * taken since the evidence may hold, as far as it is trusted (m capped at the k cards not known); the classic
 * strategist's and the editions' (_edcstrategist.h) */
static inline double st_faded(double base, double trust, int m, int k, int pool, int good) {
    if (m > k) m = k;
    if (m < 0) m = 0;
    double since = 1.0 - st_pnone(m, pool, good);
    return (1 - trust) * base + trust * since;
}

/* Knowledge.p_has_color / p_has_face / p_has_wild from their parts, for both strategists: 1.0 when a known card has it;
 * else the chance that the k cards not known hold one of the `good` unseen cards of `pool`, faded by the evidence
 * that the seat lacked it (`lacked`, its trust, the m cards taken since) and raised to the trust of a colour it named
 * (`named`) */
static inline double st_p_has(int known, int k, int pool, int good, int lacked, double trust, int m, int named,
                              double named_trust) {
    if (known) return 1.0;
    double base = 1.0 - st_pnone(k, pool, good), p = base;
    if (lacked) p = st_faded(base, trust, m, k, pool, good);
    if (named && k > 0) p = p >= named_trust ? p : named_trust;
    return p;
}

/* Knowledge.p_can_play from the chances of the colour, the face and a wild */
static inline double st_p_any(double pc, double pf, double pw) { return 1.0 - (1 - pc) * (1 - pf) * (1 - pw); }

/* _Ctx.p_can_play for a seat that will hold `size` cards instead of `old`: its chance of no match scaled */
static inline double st_scaled(double base, int size, int old) {
    return size > 0 ? 1.0 - pow(1.0 - base, (double)size / (double)old) : 0.0;
}

static inline int st_k(const StCtx *x, int q) { int k = x->sizes[q] - x->nknown[q]; return k > 0 ? k : 0; }
static inline int st_pool(const StCtx *x) { return x->unseen_total > 1 ? x->unseen_total : 1; }

/* Knowledge.p_has_color (use_evidence: read_opponents on) */
static double st_has_color(const StCtx *x, int q, int color, int evidence) {
    const StInfo *f = &x->z->info[q];
    return st_p_has(x->kcolor[q] >> color & 1, st_k(x, q), st_pool(x), x->ucolor[color],
                    evidence && (f->lc_has >> color & 1), f->lc_has >> color & 1 ? f->lc_trust[color] : 0.0,
                    f->lc_has >> color & 1 ? f->acquired - f->lc_at[color] : 0,
                    evidence && f->named >= 0 && f->named == color, f->named_trust);
}

/* Knowledge.p_has_face(q, face, other_than) */
static double st_has_face(const StCtx *x, int q, int face, int other, int evidence) {
    const StInfo *f = &x->z->info[q];
    int good = 0;
    for (int c = 0; c < 4; c++) if (c != other) good += x->uface[face][c];
    return st_p_has(x->kface[q][face] & (uint8_t)~(1u << other), st_k(x, q), st_pool(x), good,
                    evidence && (f->lf_has >> face & 1), f->lf_has >> face & 1 ? f->lf_trust[face] : 0.0,
                    f->lf_has >> face & 1 ? f->acquired - f->lf_at[face] : 0, 0, 0.0);
}

static double st_has_wild(const StCtx *x, int q) {
    return st_p_has(x->kwild[q], st_k(x, q), st_pool(x), x->uwild, 0, 0.0, 0, 0, 0.0);
}

/* Knowledge.p_can_play */
static double st_kcan_play(const StCtx *x, int q, int color, int face) {
    if (x->sizes[q] <= 0) return 0.0;
    int ev = W_READ_OPPONENTS > 0;
    double pc = st_has_color(x, q, color, ev);
    double pf = face < F_WILDF ? st_has_face(x, q, face, color, ev) : 0.0;
    return st_p_any(pc, pf, st_has_wild(x, q));
}

/* _Ctx.p_can_play: size < 0 is None (the seat keeps its hand) */
static double st_can_play(const StCtx *x, int q, int color, int face, int size) {
    if (size >= 0 && size != x->sizes[q]) return st_scaled(st_kcan_play(x, q, color, face), size, x->sizes[q] > 1 ? x->sizes[q] : 1);
    return st_kcan_play(x, q, color, face);
}

static inline int st_remove(const uint8_t *hand, int nh, int card, uint8_t *rest) {
    int j = 0, done = 0;
    for (int i = 0; i < nh; i++) {
        if (!done && hand[i] == card) { done = 1; continue; }
        rest[j++] = hand[i];
    }
    return j;
}

/* StrategistBot._static: holding `rest` with the pile at (col, face) and `actor` to play next;
 * sizes NULL: the sizes of the table now (ctx.sizes) */
static double st_static(const StCtx *x, const uint8_t *rest, int nr, int col, int face, int actor, const int *sizes,
                        int again) {
    double v = 0.0;
    if (!nr) return 100.0;
    int cols[4], ncols = 0, faces[F_WILDF], nfaces = 0, wilds = 0;
    unsigned colseen = 0, faceseen = 0;
    for (int i = 0; i < nr; i++) {
        int c = rest[i];
        if (st_wild(c)) { wilds++; continue; }
        int cc = T_COLOR[c], f = T_FACE[c];
        if (!(colseen >> cc & 1)) { colseen |= 1u << cc; cols[ncols++] = cc; }
        if (!(faceseen >> f & 1)) { faceseen |= 1u << f; faces[nfaces++] = f; }
    }
    int me = x->me;
    if (W_CONTINUITY > 0) {
        int follow = 0;
        for (int i = 0; i < nr; i++) {
            int c = rest[i];
            if (st_wild(c) || T_COLOR[c] == col || T_FACE[c] == face) follow++;
        }
        double s = (again || actor == me) ? 1.0 : x->na == 2 ? 0.5 : x->na == 3 ? 0.35 : 0.25;
        double now = follow ? 1.0 : 0.0;
        double changed = 0.0;
        int nothers = 0;
        for (int oc = 0; oc < 4; oc++) {
            if (oc == col) continue;
            nothers++;
            if (wilds || (colseen >> oc & 1)) changed += 1.0;
            else { double t = 0.07 * nfaces; changed += 0.6 <= t ? 0.6 : t; }
        }
        changed /= nothers;
        double p = s * now + (1 - s) * changed;
        v += W_CONTINUITY * (2.0 * p + 0.08 * follow);
    }
    if (W_COLOR_OVER_NUMBER > 0) v += W_COLOR_OVER_NUMBER * (0.25 * ncols + 0.06 * nfaces);
    if (W_CARD_COUNTING > 0) {
        double share = 0.0;
        for (int j = 0; j < ncols; j++)
            share += x->ucol_tot ? (double)x->ucolor[cols[j]] / (double)x->ucol_tot : 0.25;
        double live = 0.0;
        for (int j = 0; j < nfaces; j++) {
            int f = faces[j];
            if (f > 9) continue;
            unsigned mine = 0;
            for (int i = 0; i < nr; i++) if (T_FACE[rest[i]] == f && !st_wild(rest[i])) mine |= 1u << T_COLOR[rest[i]];
            int left = 0;
            for (int oc = 0; oc < 4; oc++) if (!(mine >> oc & 1)) left += x->uface[f][oc];
            double t = left / 4.0;
            live += 1.0 <= t ? 1.0 : t;
        }
        v += W_CARD_COUNTING * (0.5 * share + 0.05 * live);
    }
    if (W_SURPRISE_WILD > 0 && wilds) {
        if (nr == 1) v += 2.0 * W_SURPRISE_WILD;
        else if (nr <= 3) v += 0.5 * W_SURPRISE_WILD * wilds;
    }
    if (W_EXTRA_POINTS > 0 && nr == 1 && st_draw_of(rest[0]))
        v += W_EXTRA_POINTS * ST_CARD * (0.6 + 1.0 * (1.0 - x->max_danger));
    if (W_SURPRISE_GROUP > 0 && x->group && 2 <= nr && nr <= 4) {   /* _is_group */
        int same = 1;
        for (int i = 1; i < nr && same; i++)
            same = x->group == 2 ? rest[i] == rest[0] : T_FACE[rest[i]] == T_FACE[rest[0]];
        if (same) v += 1.5 * W_SURPRISE_GROUP;
    }
    if (W_MANAGEMENT > 0 && actor != me) {
        double base = P_PRESSURE * (x->na == 2 ? 2.0 : 1.0);
        double chain = 1.0;
        int q = actor;
        for (int step = 0; step < 2; step++) {
            if (q == me) break;
            double pq = st_can_play(x, q, col, face, sizes ? sizes[q] : -1);
            double imp = ST_CARD * (base + 4.0 * st_danger(sizes ? sizes[q] : x->sizes[q]));
            v -= 1.0 * W_MANAGEMENT * imp * pq * chain * (step == 0 ? 1.0 : 0.35);
            chain *= (1.0 - pq);
            q = st_nxt(x, q, 1, x->d);
        }
    }
    return v;
}

/* _hold_value: what a card is worth keeping (management) */
static double st_hold(const StCtx *x, int c, int two) {
    double v = 0.0;
    if (W_MANAGEMENT > 0) {
        double hold = P_HOLD * ST_CARD * W_MANAGEMENT;
        int f = T_FACE[c];
        if (c == WD4) v += 1.1 * hold;
        else if (st_wild(c)) v += hold;
        else if (!two) {
            if (f == 12) v += 0.6 * hold;
            else if (f == F_SKIP || f == F_REVERSE) v += 0.35 * hold;
        }
    }
    if (W_WEAPONS > 0 && T_NUMV[c] >= 0) {             /* weapons: the cards armed by T, DAD */
        if (T_NUMV[c] == x->t_card) v += 1.2 * W_WEAPONS;
        if (T_NUMV[c] == x->doa_card) v += 0.5 * W_WEAPONS;
        if (T_NUMV[c] == x->dad_card) v += 0.7 * W_WEAPONS;
    }
    if (W_WEAPONS > 0 && T_FACE[c] == F_REVERSE && x->ba) v += 0.4 * W_WEAPONS;
    return v;
}

/* StrategistBot._swap_gain (T's scene stealing): the value of swapping my `nr` cards for `target`'s, the sizes
 * swapped in `sizes` (both strategists: _edcstrategist.h's UNO Flex too) */
static inline double st_swap_value(int *sizes, int me, int target, int nr) {
    int theirs = sizes[target];
    double gain = (nr - theirs) * ST_CARD;
    if (theirs <= 1) gain += 2.0 * ST_CARD;
    sizes[me] = theirs;
    sizes[target] = nr;
    return W_SCENE_STEALING > 0 ? W_SCENE_STEALING * gain - 0.3 : -50.0;
}

static double st_value(const StCtx *x, int card, int named, int depth, const uint8_t *hand, int nh, int color,
                       const int *sizes);

/* _draw_value: a turn draw, a card more, perhaps a playable one (Consumismo) */
static double st_draw_value(const StCtx *x, const uint8_t *hand, int nh, int col, int face, const int *sizes) {
    int pool = x->unseen_sum > 1 ? x->unseen_sum : 1, playable = 0;
    for (int c = 0; c < NC; c++)
        if (x->unseen[c] && (st_wild(c) || T_COLOR[c] == col || T_FACE[c] == face)) playable += x->unseen[c];
    double p = (double)playable / (double)pool;
    double base = st_static(x, hand, nh, col, face, st_nxt(x, x->me, 1, x->d), sizes, 0);
    return -ST_CARD + base + p * 0.9 * ST_CARD;
}

/* _again: two players, the best continuation when a play gives me another turn */
static double st_again(const StCtx *x, const uint8_t *rest, int nr, int col, int face, int depth, const int *sizes) {
    double best = 0.0;
    int have = 0;
    uint64_t seen = 0;
    for (int i = 0; i < nr; i++) {
        int c = rest[i];
        if (seen >> c & 1) continue;
        seen |= 1ULL << c;
        if (!(st_wild(c) || T_COLOR[c] == col || T_FACE[c] == face)) continue;
        if (st_wild(c)) {
            unsigned cs = 0;
            for (int j = 0; j < nr; j++) if (!st_wild(rest[j])) cs |= 1u << T_COLOR[rest[j]];
            if (!cs) cs = 15;
            for (int cc = 0; cc < 4; cc++) {
                if (!(cs >> cc & 1)) continue;
                double v = st_value(x, c, cc, depth, rest, nr, col, sizes);
                if (!have || v > best) { best = v; have = 1; }
            }
        } else {
            double v = st_value(x, c, -1, depth, rest, nr, col, sizes);
            if (!have || v > best) { best = v; have = 1; }
        }
    }
    if (!have) return st_draw_value(x, rest, nr, col, face, sizes);
    return best;
}

/* _duel_term, style 'flexible': the k cards played (cs) that give another turn */
static double st_duel(const StCtx *x, const uint8_t *cs, int k) {
    if (W_DUEL <= 0) return 0.0;
    int opp = -1;
    for (int s = 0; s < x->n; s++) if (s != x->me && !(x->out >> s & 1)) { opp = s; break; }
    int theirs = opp >= 0 ? x->sizes[opp] : 7, mine = x->nh, kk = 0;
    for (int i = 0; i < k; i++) {
        int f = T_FACE[cs[i]];
        kk += (st_draw_of(cs[i]) || f == F_SKIP || f == F_REVERSE) ? 1 : 0;
    }
    int ahead = theirs < mine;
    return -W_DUEL * kk * ST_CARD * (ahead ? 0.1 : 0.4) * (1.0 - st_danger(theirs));
}

/* `hand` without the k cards cs (each card's first copy), in order (bots.base.rest_of_hand) */
static inline int st_removek(const uint8_t *hand, int nh, const uint8_t *cs, int k, uint8_t *rest) {
    uint8_t tmp[NDECK];
    int nr = nh;
    memcpy(rest, hand, (size_t)nh);
    for (int i = 0; i < k; i++) {
        memcpy(tmp, rest, (size_t)nr);
        nr = st_remove(tmp, nr, cs[i], rest);
    }
    return nr;
}

/* DOA: `hand` without the k cards cs and then the play's gifts (rest_of_hand(hand, cards + give)) */
static int st_rest_gifts(const StCtx *x, const uint8_t *hand, int nh, const uint8_t *cs, int k, uint8_t *rest) {
    uint8_t all[NDECK];
    memcpy(all, cs, (size_t)k);
    memcpy(all + k, x->give, (size_t)x->ng);
    return st_removek(hand, nh, all, k + x->ng, rest);
}

/* _value_raw: the play of the k cards cs, the last one on top (named: the colour named for a wild, else -1),
 * from `hand` (a group of DR/DD: its draws, Skips and Reverses add up as the referee's _resolve adds them) */
static double st_value_raw(const StCtx *x, const uint8_t *cs, int k, int named, int target, int depth,
                           const uint8_t *hand, int nh, const int *sizes_in) {
    uint8_t rest[NDECK];
    int ng = depth ? 0 : x->ng;                        /* DOA: the gifts leave the hand too (h2_strat_value) */
    int nr = ng ? st_rest_gifts(x, hand, nh, cs, k, rest)
           : k == 1 ? st_remove(hand, nh, cs[0], rest) : st_removek(hand, nh, cs, k, rest);
    int card = cs[k - 1];
    int col = named >= 0 ? named : T_COLOR[card], face = T_FACE[card], me = x->me;
    int two = x->na == 2, draw = st_draw_of(card);
    int sizes[MAXP];
    for (int s = 0; s < x->n; s++) sizes[s] = sizes_in ? sizes_in[s] : x->sizes[s];
    double v = ST_CARD * (k + ng);
    sizes[me] = nr;
    double calm = 1.0 - x->max_danger;
    double sm = (nh - 2) / 3.0;
    sm = 0.0 >= sm ? 0.0 : sm;
    sm = 1.0 <= sm ? 1.0 : sm;
    for (int i = 0; i < k; i++) v -= st_hold(x, cs[i], two) * calm * sm;
    if (!nr) {
        v += 100.0;
        if (draw && W_EXTRA_POINTS > 0) v += 0.5 * W_EXTRA_POINTS * draw / 2;
        return v;
    }
    if (W_POINTS > 0) {
        int pts = 0;
        for (int i = 0; i < k; i++) pts += T_POINTS[cs[i]];
        v += W_POINTS * 0.004 * pts * (1.0 + 3.0 * x->max_danger);
    }
    int nxt = st_nxt(x, me, 1, x->d);
    int vq[MAXP], nvic = 0, skipped[MAXP], nsk = 0, actor = nxt;
    double vkc[MAXP];                                  /* victims: seat -> cards, in the order first named */
#define ST_VICTIM(q, kc) do { int _i = 0; while (_i < nvic && vq[_i] != (q)) _i++; \
                              if (_i == nvic) { vq[nvic] = (q); vkc[nvic++] = 0; } vkc[_i] += (kc); } while (0)
    if (draw) {
        int total = 0;
        for (int i = 0; i < k; i++) total += st_draw_of(cs[i]);
        if (depth == 0 && x->phase == PH_PENDING) total += x->pending;
        ST_VICTIM(nxt, total);
        skipped[nsk++] = nxt;
        actor = st_nxt(x, nxt, 1, x->d);
    } else if (face == F_SKIP) {
        if (k <= x->na - 1) {
            for (int i = 1; i <= k; i++) skipped[nsk++] = st_nxt(x, me, i, x->d);
            actor = st_nxt(x, me, k + 1, x->d);
        } else {
            actor = st_nxt(x, me, 1 + k % (x->na - 1), x->d);
            skipped[nsk++] = st_nxt(x, me, 1, x->d);
        }
    } else if (face == F_REVERSE) {
        if (two) {
            actor = k % 2 ? me : nxt;
            if (k % 2) skipped[nsk++] = nxt;
        } else if (k % 2) {
            actor = st_nxt(x, me, 1, -x->d);
        }
    }
    int dad = 0, tcard = 0, car = 0;
    for (int i = 0; i < k; i++) {
        dad |= T_NUMV[cs[i]] >= 0 && T_NUMV[cs[i]] == x->dad_card;
        tcard |= T_NUMV[cs[i]] >= 0 && T_NUMV[cs[i]] == x->t_card;
        car += T_NUMV[cs[i]] >= 0 && T_NUMV[cs[i]] == x->car_card;
    }
    if (dad) {                                         /* DAD: the next seat rolls the die (3.5 on average) */
        ST_VICTIM(nxt, 3.5);
        int in = 0;
        for (int i = 0; i < nsk; i++) in |= skipped[i] == nxt;
        if (!in) skipped[nsk++] = nxt;
        if (actor == nxt) actor = st_nxt(x, actor, 1, x->d);
        if (two) actor = me;
    }
    if (x->ba_ready && face == F_REVERSE) {            /* BA: everyone draws one per Reverse */
        int r = 0;
        for (int i = 0; i < k; i++) r += T_FACE[cs[i]] == F_REVERSE;
        for (int s = 0; s < x->n; s++) ST_VICTIM(s, r);
    }
#undef ST_VICTIM
    if (tcard && target >= 0) {                        /* T: scene stealing, the swap valued by the hands' sizes */
        v += st_swap_value(sizes, me, target, nr);
    } else if (car && W_SCENE_STEALING > 0) {          /* CAR: every hand passes on in the direction of play */
        int nw[MAXP] = {0}, prev[MAXP] = {0}, before = 0, after = 0, have = 0;
        for (int s = 0; s < x->n; s++) nw[s] = sizes[s];
        for (int c = 0; c < car; c++) {
            for (int s = 0; s < x->n; s++) prev[s] = nw[s];
            for (int s = 0; s < x->n; s++) nw[s] = prev[st_nxt(x, s, 1, -x->d)];
        }
        for (int s = 0; s < x->n; s++) {
            if (s == me) continue;
            if (!have || sizes[s] < before) before = sizes[s];
            if (!have || nw[s] < after) after = nw[s];
            have = 1;
        }
        v += W_SCENE_STEALING * ST_CARD * ((nr - nw[me]) + 0.8 * (after - before));
        for (int s = 0; s < x->n; s++) sizes[s] = nw[s];
    }
    if (W_MANAGEMENT > 0) {
        for (int i = 0; i < nvic; i++) {
            int q = vq[i];
            if (q == me) { v -= ST_CARD * vkc[i]; sizes[me] += (int)vkc[i]; continue; }
            v += 1.0 * W_MANAGEMENT * ST_CARD * vkc[i] * (P_VICTIM + 0.8 * st_danger(sizes[q]));
            sizes[q] += (int)nearbyint(vkc[i]);            /* (Python's round: half to even) */
        }
        for (int i = 0; i < nsk; i++)
            if (skipped[i] != me && !two)
                v += 1.0 * W_MANAGEMENT * ST_CARD * (0.4 + 1.2 * st_danger(x->sizes[skipped[i]]));
    }
    if (ng && target >= 0) {                           /* DOA: the seat given the cards */
        sizes[target] += ng;
        if (W_WEAPONS > 0) v += 0.3 * W_WEAPONS * st_danger(x->sizes[target]) * 3;
    }
    if (W_ZERO > 0) {
        int zero = 0;
        for (int i = 0; i < k; i++) zero |= T_FACE[cs[i]] == 0;
        if (zero && x->t_card != 0 && x->car_card != 0) {
            int favoured = nh <= x->min_opp;
            v += (favoured ? 0.6 : -0.6) * W_ZERO;
        }
    }
    if (two && actor == me) {
        v += st_duel(x, cs, k);
        if (depth < 3) v += st_again(x, rest, nr, col, face, depth + 1, sizes);
        else v += st_static(x, rest, nr, col, face, me, sizes, 1);
        return v;
    }
    v += st_static(x, rest, nr, col, face, actor, sizes, 0);
    return v;
}

/* _value: with bluff_caution, a Wild Draw Four played (on top of the k cards cs) while holding the colour in
 * force (`color`) */
static double st_valuek(const StCtx *x, const uint8_t *cs, int k, int named, int target, int depth, const uint8_t *hand,
                        int nh, int color, const int *sizes) {
    double v = st_value_raw(x, cs, k, named, target, depth, hand, nh, sizes);
    if (W_BLUFF_CAUTION > 0 && cs[k - 1] == WD4) {
        uint8_t rest[NDECK];
        int nr = st_removek(hand, nh, cs, k, rest), held = 0;
        for (int i = 0; i < nr && !held; i++) held = T_COLOR[rest[i]] == color;
        if (held) {
            double pc = P_CHALLENGED * W_BLUFF_CAUTION;
            if (pc > 1.0) pc = 1.0;
            v = (1.0 - pc) * v - pc * 5.0 * ST_CARD;
        }
    }
    return v;
}

/* _value of a one-card play */
static double st_value(const StCtx *x, int card, int named, int depth, const uint8_t *hand, int nh, int color,
                       const int *sizes) {
    uint8_t c = (uint8_t)card;
    return st_valuek(x, &c, 1, named, -1, depth, hand, nh, color, sizes);
}

static double st3_play_value(const StCtx *x, int k);
static void st3_consume_play(const StCtx *x, int k, int two, int nxt, int *hold, int *stop);

/* _consume: drawing is weighed against playing (plays: the candidate ids) */
static int st_consume(const StCtx *x, const int16_t *plays, int np) {
    if (!np) return 1;
    int two = x->na == 2;
    int cold = x->max_danger < 0.3 && x->nh >= 5;
    if (cold) {
        int all = 1;
        for (int i = 0; i < np && all; i++) st3_consume_play(x, plays[i] % XPS, two, -1, &all, NULL);
        if (all) return 1;
    }
    int nxt = st_nxt(x, x->me, 1, x->d);
    if (nxt != x->me && x->sizes[nxt] <= 1) {
        for (int i = 0; i < np; i++) {
            int hold, stop;
            st3_consume_play(x, plays[i] % XPS, two, nxt, &hold, &stop);
            if (stop) return 0;
        }
        return 1;
    }
    return 0;
}

/* _trebuchet: everyone has been drawing since the last play, and I am behind */
static int st_trebuchet(const StCtx *x) {
    const StSeat *z = x->z;
    int others = 0;
    for (int s = 0; s < x->n; s++) {
        if (s == x->me || (x->out >> s & 1)) continue;
        others++;
        if (!(z->stuck >> s & 1)) return 0;
    }
    if (!others) return 0;
    int mine = z->stuck >> x->me & 1;
    if (!mine && x->phase != PH_DRAWN) return 0;
    if (x->phase == PH_DRAWN && !mine && z->draws_since < x->na) return 0;
    for (int s = 0; s < x->n; s++) if (s != x->me && !(x->out >> s & 1) && x->sizes[s] <= 1) return 0;
    if (x->nh <= 2) return 0;
    return x->nh >= x->min_opp + 2;
}

/* a random() of the bot's generator (CPython's for referee chance) */
static inline double st_random(Rng *r) {
    if (!r->fast) return mt_random(&r->mt);
    return (double)(xo_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

/* StrategistBot.react (and _free_gain): say UNO, then the first catch offered */
static int react_strategist(const int16_t *ids, int m) {
    if (W_SAY_UNO > 0)
        for (int i = 0; i < m; i++) if (ids[i] % XPS == K_UNO) return ids[i];
    if (W_CATCH_UNO > 0)
        for (int i = 0; i < m; i++) {
            int k = ids[i] % XPS;
            if ((k >= K_CATCH && k < K_CATCH + MAXP) || k == K_SLAP) return ids[i];   /* (M: listed after the catches) */
        }
    return -1;
}

/* _choose_color's score of colour cc: I name it and play next */
static double st_color_score(const StCtx *x, int cc) {
    int pts = 0;
    for (int j = 0; j < x->nh; j++) if (T_COLOR[x->hand[j]] == cc) pts += T_POINTS[x->hand[j]];
    return st_static(x, x->hand, x->nh, cc, F_WILDF, x->me, NULL, 1) + 0.01 * pts;
}

/* _bluff_probability: the Wild Draw Four on top, the chance its player still holds the colour in force before it */
static double st_bluff_probability(const StCtx *x) {
    const StSeat *z = x->z;
    int b = z->wd4_player, prev = z->wd4_before;
    double pb = 0.0;
    if (b >= 0 && prev >= 0 && b != x->me && x->sizes[b] > 0) {
        pb = st_has_color(x, b, prev, 1);
        if (z->info[b].bluffs_caught) { pb = pb * 1.5; if (pb > 1.0) pb = 1.0; }
    }
    return pb;
}

/* StrategistBot.act for the seat in turn */
static int policy_strategist(Strat *S, const Game *g, Rng *r, const int16_t *ids, int m) {
    int free = react_strategist(ids, m);
    if (free >= 0) return free;
    StCtx x;
    int me = g->current;
    st_context(&x, S, g, me);
    const uint8_t *hand = x.hand;
    int nh = x.nh;
    if (g->phase == PH_COLOR) {                       /* _choose_color */
        int best = -1;
        double bs = 0.0;
        for (int i = 0; i < m; i++) {
            int k = ids[i] % XPS;
            if (k < K_COLOR || k >= K_COLOR + 4) continue;
            int cc = k - K_COLOR;
            double sc = st_color_score(&x, cc);
            if (best < 0 || sc > bs || (sc == bs && cc < (ids[best] % XPS) - K_COLOR)) { best = i; bs = sc; }
        }
        if (best >= 0) return ids[best];
    } else if (g->phase == PH_PENDING && W_CHALLENGE > 0) {
        for (int i = 0; i < m; i++) {
            if (ids[i] % XPS != K_CHALLENGE) continue;
            if (st_bluff_probability(&x) > P_THRESHOLD) return ids[i];
            break;
        }
    }
    /* _best_turn_action: the plays, one variant each (with the UNO call when it leaves one card) */
    int16_t vis[MAXLEGAL];
    int nv = 0, draw = -1, pass = -1;
    for (int i = 0; i < m; i++) {
        int k = ids[i] % XPS;
        if (k == K_DRAW) { if (draw < 0) draw = ids[i]; continue; }
        if (k == K_PASS) { if (pass < 0) pass = ids[i]; continue; }
        if (k >= K_DRAW && (k < K_PAIR || k >= K_DOUBTSUM)) continue;   /* (ADDUP's pairs are plays) */
        int base = k & ~1, uno = k & 1, j, left = nh - (k >= K_PAIR ? 2 : 1);
        for (j = 0; j < nv; j++) if ((vis[j] % XPS & ~1) == base) break;
        if (j == nv) {
            if (uno && W_SAY_UNO <= 0) continue;
            vis[nv++] = ids[i];
        } else if (W_SAY_UNO > 0 && (uno ? left == 1 : left != 1)) {
            vis[j] = ids[i];
        }
    }
    double val[MAXLEGAL + 1];
    for (int i = 0; i < nv; i++) val[i] = st3_play_value(&x, vis[i] % XPS);
    int tre = W_TREBUCHET > 0 && st_trebuchet(&x);
    int extra = -1;            /* the draw or the pass, when it is a candidate */
    double ev = 0.0;
    if (g->phase == PH_PENDING) {
        if (draw >= 0) {
            extra = draw;
            ev = -(double)x.pending * ST_CARD + st_static(&x, hand, nh, x.color, x.topface, st_nxt(&x, me, 1, x.d), NULL, 0);
        }
    } else if (g->phase == PH_DRAWN) {
        if (pass >= 0 && (!nv || tre || (W_CONSUMISMO > 0 && st_consume(&x, vis, nv)))) {
            extra = pass;
            ev = st_static(&x, hand, nh, x.color, x.topface, st_nxt(&x, me, 1, x.d), NULL, 0);
            if (tre) ev += 3.0 * W_TREBUCHET;
        }
    } else if (g->phase == PH_PLAY && draw >= 0) {
        if (!nv || tre || (W_CONSUMISMO > 0 && st_consume(&x, vis, nv))) {
            extra = draw;
            ev = st_draw_value(&x, hand, nh, x.color, x.topface, NULL);
            if (tre) ev += 3.0 * W_TREBUCHET;
        }
    }
    int best = -1;
    double bv = 0.0;
    for (int i = 0; i < nv; i++) if (best < 0 || val[i] > bv) { best = i; bv = val[i]; }
    if (extra >= 0 && (best < 0 || ev > bv)) return extra;
    if (best < 0) {                                   /* fallback_action */
        if (draw >= 0) return draw;
        if (pass >= 0) return pass;
        return ids[0];
    }
    int chosen = vis[best], k = chosen % XPS;
    if (k >= 104 && k < K_DRAW && W_OLHA > 0) {                     /* _olha_o_aviao */
        int card = WILD + (k - 104) / 8, named = ((k - 104) % 8) >> 1;
        uint8_t rest[NDECK];
        int nr = st_remove(hand, nh, card, rest);
        if (nr != 1 || st_wild(rest[0])) return chosen;
        if (x.na < P_OLHA_MIN_PLAYERS) return chosen;
        for (int s = 0; s < x.n; s++) if (s != me && !(x.out >> s & 1) && x.sizes[s] <= 1) return chosen;
        int rc = T_COLOR[rest[0]];
        if (named != rc) return chosen;
        if (st_random(r) >= P_OLHA_RATE) return chosen;
        int16_t alts[4];
        int na = 0;
        for (int cc = 0; cc < 4; cc++)               /* sorted by colour */
            for (int i = 0; i < nv; i++) {
                int kk = vis[i] % XPS;
                if (kk < 104 || WILD + (kk - 104) / 8 != card || (kk & 1) != (k & 1)) continue;
                if (((kk - 104) % 8) >> 1 == cc && cc != rc) { alts[na++] = vis[i]; break; }
            }
        if (!na) return chosen;
        return alts[rng_below(r, (uint32_t)na)];
    }
    return chosen;
}

/* ---------------------------------------------------------------- play_logged (the tests' lockstep) */
static void play_hand(Game *g, const Config *cfg, uint64_t seed, Rng *bots, int shared_bot, Strat *st, int32_t *rec);
static int read_config(PyObject *cfg, Config *c);
static int id_out(int id);
static PyObject *h2_play_logged(const Config *cfg, uint64_t seed, const char *purpose, long long salt, Rng *bots,
                                Strat *st);

/* play_logged(cfg, deal_seed, bot_purpose, bot_salt): the hand play_batch plays (bot_mode 0, one seat's
 * generator random.Random(derive_seed(deal_seed, bot_salt * 64 + s, bot_purpose))), with every id it
 * applied, in order (unokit.fast's numbering) */
static PyObject *py_play_logged(PyObject *self, PyObject *args) {
    PyObject *cfgo;
    unsigned long long seed;
    const char *purpose;
    long long salt;
    if (!PyArg_ParseTuple(args, "OKsL", &cfgo, &seed, &purpose, &salt)) return NULL;
    Config cfg;
    if (read_config(cfgo, &cfg) < 0) return NULL;
    if (strlen(purpose) > 40) { PyErr_SetString(PyExc_ValueError, "bad purpose"); return NULL; }
    Game *g = PyMem_RawMalloc(sizeof(Game));
    Rng *bots = PyMem_RawMalloc(sizeof(Rng) * (MAXP + 1));
    Strat *st = PyMem_RawMalloc(sizeof(Strat));
    if (!g || !bots || !st) { PyMem_RawFree(g); PyMem_RawFree(bots); PyMem_RawFree(st); return PyErr_NoMemory(); }
    st->log = NULL;
    st->cap = st->nlog = 0;
    st->logging = 1;
    for (int s = 0; s < cfg.n; s++) seed_seat_bot(&bots[s], cfg.fast, purpose, seed, salt, s);
    int32_t rec[64 + 2 * MAXP];      /* the record (NFIELDS + 2n values) is not returned */
    if (cfg.h5) seed_harness(cfg.fast, seed, purpose, salt, &bots[MAXP]);   /* _house5.h: the harness's order */
    if (cfg.h2) {                    /* _house2.h: every move as h2_move_id numbers it */
        st->logging = 0;             /* (its own log: h2_log) */
        PyObject *out = h2_play_logged(&cfg, seed, purpose, salt, bots, st);
        PyMem_RawFree(g);
        PyMem_RawFree(bots);
        PyMem_RawFree(st);
        return out;
    }
    play_hand(g, &cfg, seed, bots, 0, st, rec);
    PyObject *ids = PyList_New(st->nlog);
    for (int i = 0; ids && i < st->nlog; i++) PyList_SET_ITEM(ids, i, PyLong_FromLong(id_out(st->log[i])));
    PyMem_RawFree(st->log);
    PyMem_RawFree(g);
    PyMem_RawFree(bots);
    PyMem_RawFree(st);
    return ids;
}

#define STRAT_METHODS \
    {"play_logged", py_play_logged, METH_VARARGS, "One hand of play_batch with every id applied (tests)."},
