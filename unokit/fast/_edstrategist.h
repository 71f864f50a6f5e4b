/* The strategist under UNO All Wild! (issue 28, point 1): unokit.bots.strategist.StrategistBot on an edition's
 * hand (EdGame, _editions.h), included by _editions.h before _ed_play.h, whose hand loop (ed_play_hand) asks it for
 * a strategist seat's turn (ed_strategist) and tells it each turn action before it is applied (ed_strat_observe).
 *
 * On a colourless deck of wilds most of the Python bot's terms are constant, and what is left is written here with
 * the same floating-point expressions in the same order as strategist.py, with the weights and parameters of
 * _strategist.h (W_*, P_*, ST_CARD) and its st_danger. What the Python bot reads, and why it comes to this:
 *  - no card has a colour or a number: colour_over_number, card_counting, zero, read_opponents add 0.0; every card
 *    follows any pile (continuity's chance is 1.0, whatever the top) and every card is a wild (hold: P_HOLD, the
 *    Wild Draw Four 1.1 times it; surprise_wild);
 *  - knowledge.Knowledge.p_can_play of a seat holding cards is 1.0 (every unseen card is a wild: p_none is 0.0)
 *    while anything is unseen, else 0.0; so is _draw_value's chance of a playable card;
 *  - olha_o_aviao returns before drawing its generator (the card left is a wild): the bot's generator is never drawn;
 *  - the colour in force is the referee's stand-in (Game.color, EdGame.color: red, which no card has): no Wild Draw
 *    Four is a bluff (bluff_caution adds nothing), and continuity's colours other than it are three; no play names a
 *    colour, no draw is stacked or challenged (the pending draw is drawn): EdMove.color is -1, no colour is asked;
 *  - the faces it tells apart (the Wild Skip and Skip Two, Reverse, Targeted Draw Two, Forced Swap, Draw Four) come
 *    from Python with the edition's facts (EdFace.strat: unokit.fast.ccore.strategist_faces); the draw a card makes
 *    (Card.draw), its points (Card.points) and wildness are the greedy's facts;
 *  - what the Scanner reads of the events that counts here: the seats that drew at the start of their turn since
 *    the last play (stuck) and how many such draws (trebuchet), fed by ed_strat_observe before each turn action
 *    (a reaction makes no voluntary draw: a catch's cards are a penalty).
 * tests/fast/test_compiled_edstrategist.py plays hands in C and asks the Python strategist, seeded as the C seat. */

enum { ESF_NONE = 0, ESF_SKIP = 1, ESF_SKIP_TWO = 2, ESF_REVERSE = 3, ESF_TARGETED = 4, ESF_SWAP = 5, ESF_WD4 = 6,
       ESF_HIT_TWO = 7, ESF_WILD_HIT = 8 };   /* (UNO Extreme!'s: _edcstrategist.h) */

typedef struct { uint16_t stuck; int draws_since; } EdStrat;      /* Knowledge.stuck, draws_since_play */

typedef struct {
    const EdGame *g;
    int me, n, d, nh, U, min_opp;
    double max_danger;
    uint8_t hand[ED_NDECK];
    int sizes[MAXP];
} EsCtx;

/* Scanner.feed of the events a turn action makes: a play clears the draws; a draw at the start of a turn is one */
static void ed_strat_observe(EdStrat *S, const EdGame *g, EdMove a) {
    if (a.kind == EM_PLAY) { S->stuck = 0; S->draws_since = 0; }
    else if (a.kind == EM_DRAW && g->phase == PH_PLAY) { S->stuck |= (uint16_t)(1u << a.seat); S->draws_since++; }
}

static inline int es_nxt(const EsCtx *x, int seat, int steps, int d) {
    int s = seat;
    for (int i = 0; i < steps; i++) s = ((s + d) % x->n + x->n) % x->n;
    return s;
}

static inline const EdFace *es_f(const EsCtx *x, int c) { return &x->g->R->f[c]; }

/* Knowledge.p_can_play of seat q (holding `size` cards in the look-ahead): every unseen card follows the pile */
static inline double es_can_play(const EsCtx *x, int q, int size) {
    return size > 0 && x->sizes[q] > 0 && x->U > 0 ? 1.0 : 0.0;
}

static inline int es_rest(const uint8_t *hand, int nh, int c, uint8_t *rest) {
    int k = 0, gone = 0;
    for (int i = 0; i < nh; i++) {
        if (!gone && hand[i] == c) { gone = 1; continue; }
        rest[k++] = hand[i];
    }
    return k;
}

/* StrategistBot._static on a colourless hand of wilds */
static double es_static(const EsCtx *x, const uint8_t *rest, int nr, int actor, const int *sizes, int again) {
    int me = x->me, na = x->n;
    double v = 0.0;
    if (!nr) return 100.0;
    if (!sizes) sizes = x->sizes;
    int wilds = 0;
    for (int i = 0; i < nr; i++) wilds += es_f(x, rest[i])->wild != 0;
    int follow = nr;                           /* every card goes on any pile */
    double s = again || actor == me ? 1.0 : na == 2 ? 0.5 : na == 3 ? 0.35 : 0.25;
    double now = follow ? 1.0 : 0.0, changed = 0.0;
    for (int oc = 0; oc < 3; oc++) changed += wilds ? 1.0 : 0.0;   /* (no colour held, no face: wilds or none) */
    changed /= 3;
    double p = s * now + (1 - s) * changed;
    v += W_CONTINUITY * (2.0 * p + 0.08 * follow);
    v += W_COLOR_OVER_NUMBER * (0.25 * 0 + 0.06 * 0);
    v += W_CARD_COUNTING * (0.5 * 0 + 0.05 * 0.0);
    if (wilds) {
        if (nr == 1) v += 2.0 * W_SURPRISE_WILD;
        else if (nr <= 3) v += 0.5 * W_SURPRISE_WILD * wilds;
    }
    if (nr == 1 && es_f(x, rest[0])->card_draw) v += W_EXTRA_POINTS * ST_CARD * (0.6 + 1.0 * (1.0 - x->max_danger));
    if (actor != me) {
        double base = P_PRESSURE * (na == 2 ? 2.0 : 1.0), chain = 1.0;
        int q = actor;
        for (int step = 0; step < 2; step++) {
            if (q == me) break;
            double pq = es_can_play(x, q, sizes[q]);
            double imp = ST_CARD * (base + 4.0 * st_danger(sizes[q]));
            v -= 1.0 * W_MANAGEMENT * imp * pq * chain * (step == 0 ? 1.0 : 0.35);
            chain *= (1.0 - pq);
            q = es_nxt(x, q, 1, x->d);
        }
    }
    return v;
}

static double es_hold(const EsCtx *x, int c) {
    double v = 0.0, hold = P_HOLD * ST_CARD * W_MANAGEMENT;
    if (es_f(x, c)->strat == ESF_WD4) v += 1.1 * hold;
    else if (es_f(x, c)->wild) v += hold;
    return v;
}

static double es_draw_value(const EsCtx *x, const uint8_t *hand, int nh, const int *sizes) {
    double p = x->U > 0 ? 1.0 : 0.0;   /* playable / pool: every unseen card */
    double base = es_static(x, hand, nh, es_nxt(x, x->me, 1, x->d), sizes, 0);
    return -ST_CARD + base + p * 0.9 * ST_CARD;
}

static double es_duel(const EsCtx *x, int c) {
    int opp = x->me == 0 ? 1 : 0, theirs = x->sizes[opp], mine = x->nh;
    int k = es_f(x, c)->card_draw != 0;        /* (no Skip or Reverse of the classic faces) */
    int ahead = theirs < mine;
    return -W_DUEL * k * ST_CARD * (ahead ? 0.1 : 0.4) * (1.0 - st_danger(theirs));
}

static double es_value(const EsCtx *x, int c, int target, int depth, const uint8_t *hand, int nh, const int *sz);

/* StrategistBot._again: the best play of the cards left (no seat named in the look-ahead), else a draw */
static double es_again(const EsCtx *x, const uint8_t *rest, int nr, int depth, const int *sizes) {
    double best = 0.0;
    int found = 0;
    uint8_t seen[ED_NF] = {0};
    for (int i = 0; i < nr; i++) {
        int c = rest[i];
        if (seen[c]) continue;
        seen[c] = 1;
        double v = es_value(x, c, -1, depth, rest, nr, sizes);
        if (!found || v > best) { best = v; found = 1; }
    }
    return found ? best : es_draw_value(x, rest, nr, sizes);
}

/* StrategistBot._value_raw of the play of card c naming `target` (-1 none), from `hand` */
static double es_value_raw(const EsCtx *x, int c, int target, int depth, const uint8_t *hand, int nh, const int *sz) {
    const EdFace *f = es_f(x, c);
    int me = x->me, n = x->n, na = n, two = na == 2, sizes[MAXP];
    uint8_t rest[ED_NDECK];
    memcpy(sizes, sz ? sz : x->sizes, sizeof sizes);
    int nr = es_rest(hand, nh, c, rest);
    double v = ST_CARD * 1;
    sizes[me] = nr;
    double calm = 1.0 - x->max_danger;
    double small = fmin(1.0, fmax(0.0, (nh - 2) / 3.0));
    v -= es_hold(x, c) * calm * small;
    if (!nr) {
        v += 100.0;
        if (f->card_draw && W_EXTRA_POINTS > 0) v += 0.5 * W_EXTRA_POINTS * f->card_draw / 2;
        return v;
    }
    v += W_POINTS * 0.004 * f->card_points * (1.0 + 3.0 * x->max_danger);
    int nxt = es_nxt(x, me, 1, x->d), actor = nxt, victim = -1, kcards = 0, skipped[MAXP], ns = 0, k = 1;
    if (f->card_draw) {
        victim = nxt;
        kcards = f->card_draw;
        skipped[ns++] = nxt;
        actor = es_nxt(x, nxt, 1, x->d);
    } else if (f->strat == ESF_SKIP || f->strat == ESF_SKIP_TWO) {
        int ks = k * (f->strat == ESF_SKIP_TWO ? 2 : 1);
        if (ks <= na - 1) {
            for (int i = 1; i <= ks; i++) skipped[ns++] = es_nxt(x, me, i, x->d);
            actor = es_nxt(x, me, ks + 1, x->d);
        } else {
            actor = es_nxt(x, me, 1 + (ks % (na - 1)), x->d);
            skipped[ns++] = es_nxt(x, me, 1, x->d);
        }
    } else if (f->strat == ESF_TARGETED && target >= 0) {
        victim = target;
        kcards = 2;
    } else if (f->strat == ESF_REVERSE) {
        if (two) {
            actor = k % 2 ? me : nxt;
            if (k % 2) skipped[ns++] = nxt;
        } else if (k % 2) actor = es_nxt(x, me, 1, -x->d);
    }
    if (target >= 0 && f->strat == ESF_SWAP) {     /* _pair_gain with me among the seats: _swap_gain */
        int q = target, theirs = sizes[q];
        double gain = (nr - theirs) * ST_CARD;
        if (theirs <= 1) gain += 2.0 * ST_CARD;
        v += W_SCENE_STEALING * gain - 0.3;
        int t = sizes[me]; sizes[me] = sizes[q]; sizes[q] = t;
    }
    if (victim >= 0) {
        if (victim == me) { v -= ST_CARD * kcards; sizes[me] += kcards; }
        else {
            v += 1.0 * W_MANAGEMENT * ST_CARD * kcards * (P_VICTIM + 0.8 * st_danger(sizes[victim]));
            sizes[victim] += kcards;
        }
    }
    for (int i = 0; i < ns; i++) {
        if (skipped[i] == me) continue;
        if (!two) v += 1.0 * W_MANAGEMENT * ST_CARD * (0.4 + 1.2 * st_danger(x->sizes[skipped[i]]));
    }
    if (two && actor == me) {
        v += es_duel(x, c);
        if (depth < 3) v += es_again(x, rest, nr, depth + 1, sizes);
        else v += es_static(x, rest, nr, me, sizes, 1);
        return v;
    }
    v += es_static(x, rest, nr, actor, sizes, 0);
    return v;
}

/* StrategistBot._value: bluff_caution adds nothing (no card has the colour in force: no Wild Draw Four is a bluff) */
static double es_value(const EsCtx *x, int c, int target, int depth, const uint8_t *hand, int nh, const int *sz) {
    return es_value_raw(x, c, target, depth, hand, nh, sz);
}

static int es_consume(const EsCtx *x, const EdMove *L, const int *vis, int nv) {
    if (!nv) return 1;
    int cold = x->max_danger < 0.3 && x->nh >= 5, all = 1;
    for (int i = 0; i < nv && all; i++) all = es_hold(x, L[vis[i]].card) > 0;
    if (cold && all) return 1;
    int nxt = es_nxt(x, x->me, 1, x->d);
    if (x->sizes[nxt] <= 1) {
        for (int i = 0; i < nv; i++)
            if (es_f(x, L[vis[i]].card)->card_draw || es_can_play(x, nxt, x->sizes[nxt]) < 0.5) return 0;
        return 1;
    }
    return 0;
}

static int es_trebuchet(const EsCtx *x, const EdStrat *S) {
    int me = x->me;
    for (int s = 0; s < x->n; s++) if (s != me && !(S->stuck >> s & 1)) return 0;
    if (x->n < 2) return 0;
    int mine = S->stuck >> me & 1, drawn = x->g->phase == PH_DRAWN;
    if (!mine && !drawn) return 0;
    if (drawn && !mine && S->draws_since < x->n) return 0;
    for (int s = 0; s < x->n; s++) if (s != me && x->sizes[s] <= 1) return 0;
    if (x->nh <= 2) return 0;
    return x->nh >= x->min_opp + 2;
}

/* StrategistBot.act on an edition's hand: UNO or a catch first (_free_gain), then _best_turn_action */
static int ed_strategist(const EdStrat *S, const EdGame *g, const EdMove *L, int m) {
    for (int i = 0; i < m; i++) if (L[i].kind == EM_UNO) return i;
    for (int i = 0; i < m; i++) if (L[i].kind == EM_CATCH) return i;
    int draw = -1, pas = -1;
    for (int i = 0; i < m; i++) {
        if (L[i].kind == EM_DRAW && draw < 0) draw = i;
        if (L[i].kind == EM_PASS && pas < 0) pas = i;
    }
    if (g->phase == PH_PENDING) return draw >= 0 ? draw : 0;
    EsCtx X, *x = &X;
    x->g = g;
    x->me = g->current;
    x->n = g->n;
    x->d = g->direction;
    x->nh = g->hand_len[x->me];
    memcpy(x->hand, g->hands[x->me], (size_t)x->nh);
    x->U = g->R->nd - x->nh - g->discard_len;
    x->max_danger = 0.0;
    x->min_opp = 99;
    for (int s = 0; s < g->n; s++) {
        x->sizes[s] = g->hand_len[s];
        if (s == x->me) continue;
        double dg = st_danger(g->hand_len[s]);
        if (dg > x->max_danger) x->max_danger = dg;
        if (g->hand_len[s] < x->min_opp) x->min_opp = g->hand_len[s];
    }
    /* _uno_variant: one play per (card, seat named), saying UNO when it leaves one card */
    int vis[ED_MAXLEGAL], nv = 0, left = x->nh - 1;
    for (int i = 0; i < m; i++) {
        if (L[i].kind != EM_PLAY) continue;
        int j = 0;
        while (j < nv && !(L[vis[j]].card == L[i].card && L[vis[j]].target == L[i].target)) j++;
        if (j == nv) vis[nv++] = i;
        else if ((L[i].uno && left == 1) || (!L[i].uno && left != 1)) vis[j] = i;
    }
    int best = -1;
    double bv = 0.0;
    for (int j = 0; j < nv; j++) {
        double v = es_value(x, L[vis[j]].card, L[vis[j]].target, 0, x->hand, x->nh, NULL);
        if (best < 0 || v > bv) { best = vis[j]; bv = v; }
    }
    int treb = W_TREBUCHET > 0 && es_trebuchet(x, S);
    int other = g->phase == PH_DRAWN ? pas : g->phase == PH_PLAY ? draw : -1;
    if (other >= 0 && (!nv || treb || (W_CONSUMISMO > 0 && es_consume(x, L, vis, nv)))) {
        double v = g->phase == PH_DRAWN ? es_static(x, x->hand, x->nh, es_nxt(x, x->me, 1, x->d), x->sizes, 0)
                                        : es_draw_value(x, x->hand, x->nh, NULL);
        if (treb) v += 3.0 * W_TREBUCHET;
        if (best < 0 || v > bv) { best = other; bv = v; }
    }
    return best >= 0 ? best : 0;
}
