/* _strategist3.h (included by _ccore.c after _policies.h, so after _strategist.h): the compiled strategist under
 * ADDUP alone (its pairs on the core's ids, scored as StrategistBot._value_raw scores a play of two cards; its
 * doubtsum's penalty read as a draw), and what REV and OPEN show (unokit.bots.knowledge: the first card of each draw
 * under REV, a hand below OPEN's size), handed over by compiled._shown in the config's `reveal`. (TRI's penalty
 * after the obliged seat's draw: _h2strategist.h, where TRI's state is.)
 * tests/fast/test_compiled_strategist_house3.py proves them in lockstep with the Python strategist. */

/* ADDUP's pair or its challenge of a sum (internal move k) */
static inline int st3_addup(int k) { return k >= K_PAIR && k <= K_DOUBTSUM; }

/* the cards of the play move k (internal numbering) in play order, the last on top: one card (the colour it names
 * in *named, else -1), or ADDUP's pair (K_PAIR + 2 * (colour * 100 + a * 10 + b) + uno: a then b). Their count. */
static int st3_cards(int k, uint8_t *cs, int *named) {
    *named = -1;
    if (k >= K_PAIR) {
        int j = (k - K_PAIR) >> 1, col = j / 100;
        cs[0] = T_NUMCARD[col][j / 10 % 10];
        cs[1] = T_NUMCARD[col][j % 10];
        return 2;
    }
    if (k < 104) { cs[0] = (uint8_t)(k >> 1); return 1; }
    cs[0] = (uint8_t)(WILD + (k - 104) / 8);
    *named = ((k - 104) % 8) >> 1;
    return 1;
}

/* StrategistBot._value of the play move k from the hand, the colour and the sizes now */
static double st3_play_value(const StCtx *x, int k) {
    uint8_t cs[2];
    int named, n = st3_cards(k, cs, &named);
    return st_valuek(x, cs, n, named, -1, 0, x->hand, x->nh, x->color, NULL);
}

/* _consume's questions of the play move k: does it spend a card worth keeping (hold); does it stop the next seat
 * `nxt` (stop): a draw card, a Skip, a Reverse at two, or a colour it likely cannot follow */
static void st3_consume_play(const StCtx *x, int k, int two, int nxt, int *hold, int *stop) {
    uint8_t cs[2];
    int named, n = st3_cards(k, cs, &named);
    *hold = 0;
    for (int i = 0; i < n && !*hold; i++) *hold = st_hold(x, cs[i], two) > 0;
    if (stop) {
        int last = cs[n - 1], col = named >= 0 ? named : T_COLOR[last], f = T_FACE[last];
        *stop = st_draw_of(last) || f == F_SKIP || (f == F_REVERSE && two) || st_can_play(x, nxt, col, f, -1) < 0.5;
    }
}

/* the events of ADDUP's move k by p, applied next to g, as the Scanner of strategist seat `me` reads them: a pair's
 * 'play' of its two cards; a challenge of the sum ('sum-challenge', shown to the challenger alone, then the loser's
 * 'penalty' and 'draw': a bluff's pair goes back to its player's hand first, no event) */
static void st3_observe(StSeat *z, const Game *g, int me, int p, int k) {
    if (k < K_DOUBTSUM) {
        uint8_t cs[2];
        int named;
        st3_cards(k, cs, &named);
        st_ev_playk(z, me, p, cs, 2, -1);
        return;
    }
    int q = g->sum_player, n = g->discard_len;
    if (q < 0) return;
    if (g->sum_bluff) {
        int back = n > 2 && g->discard[n - 2] == g->sum_c && g->discard[n - 1] == g->sum_d ? 2 : 0;
        st_ev_draw(z, me, q, st_avail(g, SUM_PENALTY, n - back, g->hand_len[q] + back), 0);
    } else {
        st_ev_draw(z, me, p, st_avail(g, SUM_PENALTY, n, g->hand_len[p]), 0);
    }
}

/* ---------------------------------------------------------------- REV and OPEN: what the views show */
/* knowledge._finish: the cards known in seat s's hand (x->known[s]) when its last challenged hand is not known
 * (sum < 0; else sum of those cards): the cards REV showed it drawing, less those it played since (the Scanner's
 * SeatInfo.known); then OPEN's hand, shown whole to every seat while smaller than its size. How many. */
static int st3_known(StCtx *x, const Strat *S, const Game *g, int s, int sum) {
    if (sum < 0 && S->rev_stock) {
        const StInfo *f = &x->z->info[s];
        sum = 0;
        for (int c = 0; c < NC; c++) { x->known[s][c] = f->rk[c]; sum += f->rk[c]; }
    }
    if (S->open_below && g->hand_len[s] > 0 && g->hand_len[s] < S->open_below) {
        memset(x->known[s], 0, NC);
        for (int i = 0; i < g->hand_len[s]; i++) x->known[s][g->hands[s][i]]++;
        sum = g->hand_len[s];
    }
    return sum;
}

/* REV (Game.draw_cards): each 'draw' event of the move just applied shows the first card drawn (the stock is face
 * up); each strategist seat saw the draws of the move as st_ev_draw read them (z->rv_*), and a seat's cards drawn
 * are the last of its hand now */
static void st3_after(Strat *S, const Game *g) {
    for (int me = 0; me < S->n; me++) {
        if (!S->is[me]) continue;
        StSeat *z = &S->seat[me];
        int left[MAXP] = {0};
        for (int i = 0; i < z->rv_n; i++) left[z->rv_seat[i]] += z->rv_got[i];
        for (int i = 0; i < z->rv_n; i++) {
            int q = z->rv_seat[i], at = g->hand_len[q] - left[q];
            left[q] -= z->rv_got[i];
            if (q != me && at >= 0) z->info[q].rk[g->hands[q][at]]++;
        }
        z->rv_n = 0;
    }
}
