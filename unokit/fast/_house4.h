/* More house rules in the compiled core, played on _house2.h's Move lists and harness (random-play bots).
 *
 *   T       the player of a 0 (T(card=N)) may swap hands with a chosen seat        rules/cardfx.py Swap
 *   CAR     a 0 (CAR(card=N)) passes every hand in the direction of play; it may   Carousel
 *           not be the last card
 *   DAD     after a 4 (DAD(card=N)) the next seat rolls a die, draws table[face-1] Die
 *           and loses the turn (DAD(table=a/b/c/d/e/f)); several 4s roll once
 *   BA      a Reverse right after equal numbers by different seats: every seat     Baptism
 *           draws one card per Reverse played
 *   DOUBLE  hand points count double                                               extras.py Double
 *   BACK    after an 8 (BACK(card=N)) the previous seat draws one per 8            Backlash
 *   BOMB    3+ cards of one number in one play: every other seat draws 1           extras.py Bomb
 *   AA      on a number, 2+ number cards of one colour summing to it, or two whose  arithmetic.py
 *           difference is it (allow_play, group_prefix, and cuts may carry them)    FirstArithmetic
 *   AB      a number card equal to the sum of the top two discards (numbers of one  arithmetic.py
 *           colour) may be played on them (allow_play; the Composer's quick check off) SecondArithmetic
 *
 * Config.h2 carries the H_ flags (_house2.h's enum, H_T on), Config.h4 the cards (T, CAR, DAD, BACK: 4 bits
 * each from bit 0) and Config.dad DAD's table (5 bits a face). Each rule is its referee class: T is Swap exactly
 * as SEVENO's 7 (compose.targets_of's union of the seats named, the same play_problem); on_play runs in the
 * referee's order (BA, CAR, T, DAD, BACK, then SEVENO, JUMPIN, ADDUP, ZEROLEFT, BOMB: catalogue order);
 * penalties are Game.penalize (penalty cards counted as asked, then drawn); DAD's die is the hand's chance
 * (randint(1, 6): CPython's randrange with referee chance). The cards of T, CAR are among
 * Game._hand_change_numbers (UNO may be said with them). tests/test_compiled_house4.py.
 *
 * Included twice by _house2.h: first the types (before G2), then the hooks. */

#ifndef H4_TYPES_DONE
#define H4_TYPES_DONE

typedef struct {
    uint8_t t_card, car_card, dad_card, back_card, tri_card, cla_card;
    int8_t tri_q;                      /* TRI: rule_state["TRI"] = (tri_q, tri_total, tri_color); -1: none */
    uint8_t tri_total, tri_color;
    uint8_t dad_tab[6];
    uint8_t lp_n;                      /* Game.last_plays: how many (up to 3 kept here) */
    int8_t lp_seat[3], lp_num[3];      /* the newest last: seat, number of the play's last card (-1: none) */
} H4;

static void h4_begin(H4 *h, const Config *cfg) {
    memset(h, 0, sizeof *h);
    h->t_card = (uint8_t)(cfg->h4 & 15);
    h->car_card = (uint8_t)(cfg->h4 >> 4 & 15);
    h->dad_card = (uint8_t)(cfg->h4 >> 8 & 15);
    h->back_card = (uint8_t)(cfg->h4 >> 12 & 15);
    h->tri_card = (uint8_t)(cfg->h4 >> 16 & 15);
    h->cla_card = (uint8_t)(cfg->h4 >> 20 & 15);
    h->tri_q = -1;
    for (int i = 0; i < 6; i++) h->dad_tab[i] = (uint8_t)(cfg->dad >> (5 * i) & 31);
}

/* aa_ok: 2+ number cards of one colour summing to the top number, or two whose difference is it */
static int h4_aa_ok(const Game *g, const uint8_t *cs, int k) {
    int tn = T_NUMV[g->discard[g->discard_len - 1]], sum = 0;
    if (tn < 0 || k < 2 || g->phase == PH_PENDING) return 0;   /* FirstArithmetic.arithmetic_play */
    for (int i = 0; i < k; i++) {
        if (T_NUMV[cs[i]] < 0 || T_COLOR[cs[i]] != T_COLOR[cs[0]]) return 0;
        sum += T_NUMV[cs[i]];
    }
    if (sum == tn) return 1;
    return k == 2 && abs(T_NUMV[cs[0]] - T_NUMV[cs[1]]) == tn;
}

/* FirstArithmetic.group_prefix: number cards of one colour whose sum can still reach the top number */
static int h4_aa_prefix(const Game *g, const uint8_t *cs, int k) {
    int tn = T_NUMV[g->discard[g->discard_len - 1]], sum = 0;
    if (tn < 0 || g->phase == PH_PENDING || T_NUMV[cs[0]] < 0) return 0;
    for (int i = 0; i < k; i++) {
        if (T_NUMV[cs[i]] < 0 || T_COLOR[cs[i]] != T_COLOR[cs[0]]) return 0;
        sum += T_NUMV[cs[i]];
    }
    if (k == 1 || (k == 2 && abs(T_NUMV[cs[0]] - T_NUMV[cs[1]]) == tn)) return 1;
    return sum <= tn;
}

#else

static void h2_pass_hands(Game *g, int times, int d);
static void h2_end_turn(Game *g, int seat, int nxt);

/* does a play of these cards name a seat (T's card, SEVENO's 7)? */
static int h4_swaps(const G2 *G, const uint8_t *cs, int k) {
    return ((G->h2 & H_SEVENO) && h2_count_number(cs, k, SEVENO_SWAP)) || ((G->h2 & H_T) && h2_count_number(cs, k, G->h4.t_card));
}

static int h7_owed(const G2 *G, int p, const uint8_t *cs, int k);   /* DOA (_house7.h) */

/* Game.rule_objection for the plays listed here (in turn and cut in): nonzero when a rule objects.
 *   Carousel.play_problem (CAR): its card cannot be the last one;
 *   Swap.play_problem (SEVENO, T): a play that ends the hand swaps nothing;
 *   Clairvoyance.play_problem (CLA): a play of its card that does not end the hand names a seat. */
static int h4_objection(const G2 *G, int p, const uint8_t *cs, int k, int target) {
    const Game *g = &G->g;
    if ((G->h2 & H_CAR) && g->hand_len[p] == k && h2_count_number(cs, k, G->h4.car_card)) return 1;
    if ((G->h2 & H_TRI) && G->h4.tri_q == p && p == g->current) {   /* Trinity.play_problem */
        int f = cs[0];
        if (T_COLOR[f] < 0 || !(T_NUMV[f] == G->h4.tri_card || T_COLOR[f] == G->h4.tri_color)) return 1;
    }
    if ((G->h2 & H_CLA) && target < 0 && g->hand_len[p] != k && h2_count_number(cs, k, G->h4.cla_card))
        return 1;                        /* Clairvoyance.play_problem: a seat to see is named (a swap's None is not) */
    if (target < 0 && h7_owed(G, p, cs, k)) return 1;   /* Donation.play_problem: the seat receiving is named */
    return target >= 0 && g->hand_len[p] == k && h4_swaps(G, cs, k);
}

/* SecondArithmetic.allow_play (the phase is not PENDING): one number card, the sum of the top two discards
 * when both are numbers of one colour */
static int h4_ab_ok(const Game *g, const uint8_t *cs, int k) {
    if (k != 1 || g->discard_len < 2) return 0;
    int a = g->discard[g->discard_len - 1], b = g->discard[g->discard_len - 2];
    if (T_NUMV[a] < 0 || T_NUMV[b] < 0 || T_COLOR[a] != T_COLOR[b]) return 0;
    return T_NUMV[cs[0]] >= 0 && T_NUMV[cs[0]] == T_NUMV[a] + T_NUMV[b];
}

/* seats p and q swap hands */
static void h4_swap(Game *g, int p, int q) {
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

/* Game.penalize */
static inline void h4_penalize(Game *g, int s, int k) {
    g->penalty_cards += (uint16_t)k;
    g->pens[s]++;
    take(g, s, k);
}

/* the on_play hooks that come before SEVENO's, in the referee's order (after the play's cards went down and
 * Game.last_plays took it); returns the seats more to skip (TurnChange.skip) */
static int h4_on_play(G2 *G, int p, const uint8_t *cs, int k, int target) {
    Game *g = &G->g;
    H4 *h = &G->h4;
    int skip = 0, n = g->n;
    if (h->lp_n == 3) {                                /* Game.last_plays (BA reads the two before this one) */
        for (int i = 0; i < 2; i++) { h->lp_seat[i] = h->lp_seat[i + 1]; h->lp_num[i] = h->lp_num[i + 1]; }
        h->lp_n = 2;
    }
    h->lp_seat[h->lp_n] = (int8_t)p;
    h->lp_num[h->lp_n] = T_NUMV[cs[k - 1]];
    h->lp_n++;
    if (G->h2 & H_BA) {                                /* Baptism */
        int r = 0;
        for (int i = 0; i < k; i++) r += T_FACE[cs[i]] == 11;   /* Face.REVERSE */
        if (r && h->lp_n == 3 && h->lp_seat[0] != h->lp_seat[1] && h->lp_num[0] >= 0 && h->lp_num[0] == h->lp_num[1])
            for (int s = 0; s < n; s++) h4_penalize(g, s, r);
    }
    if ((G->h2 & H_CAR) && g->hand_len[p])             /* Carousel */
        h2_pass_hands(g, h2_count_number(cs, k, h->car_card), g->direction);
    if ((G->h2 & H_T) && target >= 0 && g->hand_len[p] && h2_count_number(cs, k, h->t_card))
        h4_swap(g, p, target);                         /* Swap */
    if ((G->h2 & H_DAD) && g->hand_len[p] && h2_count_number(cs, k, h->dad_card)) {   /* Die */
        int q = next_seat(g, p);
        int face = 1 + (int)rng_below(&g->rng, 6);
        h4_penalize(g, q, h->dad_tab[face - 1]);
        skip = 1;
    }
    if (G->h2 & H_TRI) {                               /* Trinity.on_play */
        int t = h2_count_number(cs, k, h->tri_card), pq = h->tri_q, ptot = h->tri_total;
        h->tri_q = -1;
        if (t) {
            int q = next_seat(g, p), total = TRI_PER * t;
            if (pq >= 0 && pq == g->current && p != g->current) total += ptot;   /* a cut 3: the next faces both */
            h->tri_q = (int8_t)q;
            h->tri_total = (uint8_t)total;
            h->tri_color = g->color;
            if (!g->hand_len[p]) {                     /* going out on a 3: the next player must still answer */
                int ok = 0;
                for (int i = 0; i < g->hand_len[q] && !ok; i++) {
                    int c = g->hands[q][i];
                    ok = T_NUMV[c] == h->tri_card || (T_COLOR[c] >= 0 && T_COLOR[c] == g->color);
                }
                if (!ok) h4_penalize(g, q, TRI_PER * t);
                h->tri_q = -1;
            }
        }
    }
    if (G->h2 & H_BACK) {                              /* Backlash */
        int b = h2_count_number(cs, k, h->back_card);
        int q = ((p - g->direction) % n + n) % n;
        if (b && q != p) h4_penalize(g, q, b);
    }
    return skip;
}

/* Bomb: BOMB_LEAST (3) or more cards of one number at once, every other seat draws BOMB_PENALTY (1) */
static void h4_bomb(Game *g, int p, const uint8_t *cs, int k) {
    if (k < BOMB_LEAST || T_NUMV[cs[0]] < 0) return;
    for (int i = 1; i < k; i++) if (T_NUMV[cs[i]] != T_NUMV[cs[0]]) return;
    for (int q = 0; q < g->n; q++) if (q != p) h4_penalize(g, q, BOMB_PENALTY);
}

/* the moves of the core's ids under TRI (1: done here). A turn draw runs DrawingMixin._draw_with_policy with
 * Trinity.after_draw (the obliged seat draws the rest of its penalty and keeps the card); Trinity.on_turn_end
 * drops the obligation when the obliged seat's turn ends otherwise (a penalty drawn, a pass). */
static int h4_tri_apply(G2 *G, int id) {
    Game *g = &G->g;
    H4 *h = &G->h4;
    int p = id / XPS, k = id % XPS;
    if (k == K_DRAW && g->phase == PH_PLAY && p == g->current) {
        seat_starts(g, p);
        int q = h->tri_q, tot = h->tri_total;
        h->tri_q = -1;
        if (take(g, p, 1)) {
            int c = g->hands[p][g->hand_len[p] - 1], keep = 0;
            if (q == p) { h4_penalize(g, p, tot - 1); keep = 1; }
            if (!keep && h2_alone(G, p, c)) {                               /* can_play_alone */
                g->drawn = (int8_t)c; g->phase = PH_DRAWN; return 1;
            }
        }
        h2_end_turn(g, p, next_seat(g, p));
        return 1;
    }
    if ((k == K_DRAW || k == K_PASS) && p == h->tri_q) h->tri_q = -1;
    return 0;
}

#endif
