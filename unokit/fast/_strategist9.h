/* _strategist9.h (included by _h2strategist.h): unokit.bots.strategist.StrategistBot under DED (_house9.h's face-down
 * plays, claims, accusations and free discards; issue 27 point 3, issue 28 point 1), with _strategist.h's weights,
 * st_static, st_hold and its knowledge:
 *  - abstention: an honest face-down card (one card, no claim; in PLAY a card that matches the pile, in DRAWN the card
 *    drawn) is one more candidate after the face-up plays, one UNO variant each (_uno_variant), valued as
 *    StrategistBot._value_raw values it (a card shed, less what it was worth holding, plus the rest's st_static, less
 *    0.2: it may still be accused);
 *  - accuse: out of turn when a lie is more likely than not (StrategistBot._accuse: the share of the unseen cards that
 *    would follow the pile, the claimer's chance to hold one, 0.55), always when the claimer holds at most one card;
 *    in HIDDEN_FINISH always;
 *  - a free discard: the card whose rest scores best (st_static), the first of equals;
 *  - what it reads (knowledge.Scanner, _apply_reveals): a face-down play clears the draws since the last play and
 *    the stuck seats and takes a card from its player's size; a free discard takes one; an accusation shows the claim's
 *    card to everyone (a reveal of the claimer, counted as a challenge's hand is) and its penalty is a draw that is no
 *    turn draw (read from the hands after it: st9_after); a face-down play forgets the reveals of its player and, as
 *    _apply_reveals reads the event's first field (its count, 1) as a seat too, of seat 1.
 * tests/fast/test_compiled_strategist_ded.py proves it in lockstep with the Python strategist. */

#define W_ABSTENTION 1.0
#define W_ACCUSE 1.0

/* StrategistBot._accuse of the open claim (the claimer is another seat: the option is offered) */
static int st9_accuse(const StCtx *x) {
    const Game *g = x->g;
    int q = g->ded_seat, playable = 0;
    if (x->sizes[q] <= 1) return 1;
    for (int c = 0; c < NC; c++)
        if (x->unseen[c] && (st_wild(c) || T_COLOR[c] == x->color || T_FACE[c] == x->topface)) playable += x->unseen[c];
    double frac = (double)playable / (double)(x->unseen_sum > 1 ? x->unseen_sum : 1);
    double pc = st_kcan_play(x, q, x->color, x->topface);
    double p_lie = (1.0 - frac) * (1.0 - pc) + (1.0 - frac) * 0.5 * pc;
    return p_lie > 0.55;
}

/* the phases of DED's own in StrategistBot.act: HIDDEN_FINISH (accuse), FREE_DISCARD (the best rest); -1: neither */
static int st9_act(const StCtx *x, const Lst *L) {
    if (x->phase == PH_HFIN) {
        if (W_ACCUSE <= 0) return -1;
        for (int i = 0; i < L->m; i++) if (L->v[i].kind == MV_ACCUSE) return i;
        return -1;
    }
    if (x->phase != PH_FREE) return -1;
    int best = -1, actor = st_nxt(x, x->me, 1, x->d);
    double bv = 0.0;
    uint8_t rest[NDECK];
    for (int i = 0; i < L->m; i++) {
        const Move *a = &L->v[i];
        if (a->kind != MV_DISCARD) continue;
        int nr = st_remove(x->hand, x->nh, a->cards[0], rest);
        double v = st_static(x, rest, nr, x->color, x->topface, actor, NULL, 0);
        if (best < 0 || v > bv) { best = i; bv = v; }
    }
    return best;
}

/* abstention: the honest face-down plays of L appended to vis (after the nv face-up ones), one UNO variant per card
 * (StrategistBot._uno_variant: saying UNO when it leaves one card); the new count */
static int st9_hidden(const StCtx *x, const Lst *L, int *vis, int nv) {
    const Game *g = x->g;
    if (W_ABSTENTION <= 0 || (x->phase != PH_PLAY && x->phase != PH_DRAWN)) return nv;
    int from = nv, left = x->nh - 1;
    for (int i = 0; i < L->m; i++) {
        const Move *a = &L->v[i];
        if (a->kind != MV_HID) continue;
        int j;
        for (j = from; j < nv; j++) if (L->v[vis[j]].cards[0] == a->cards[0] && L->v[vis[j]].claim == a->claim) break;
        if (j == nv) vis[nv++] = i;
        else if (W_SAY_UNO > 0 && (a->uno ? left == 1 : left != 1)) vis[j] = i;
    }
    int k = from;
    for (int j = from; j < nv; j++) {                  /* _honest_hidden */
        const Move *a = &L->v[vis[j]];
        int c = a->cards[0];
        if (a->claim || (x->phase == PH_DRAWN && c != g->drawn)) continue;
        if (st_wild(c) || T_COLOR[c] == x->color || T_FACE[c] == x->topface) vis[k++] = vis[j];
    }
    return k;
}

/* StrategistBot._value_raw of a face-down card: shed, no effect, the pile unchanged */
static double st9_value(const StCtx *x, int card) {
    uint8_t rest[NDECK];
    int nr = st_remove(x->hand, x->nh, card, rest);
    if (!nr) return 100.0;
    double calm = 1.0 - x->max_danger;
    double sm = (x->nh - 2) / 3.0;
    sm = 0.0 >= sm ? 0.0 : sm;
    sm = 1.0 <= sm ? 1.0 : sm;
    double v = ST_CARD - st_hold(x, card, x->na == 2) * calm * sm
               + st_static(x, rest, nr, x->color, x->topface, st_nxt(x, x->me, 1, x->d), NULL, 0);
    return v - 0.2;
}

/* the events of a DED move, applied next to G, read by every strategist seat (the penalty of an accusation: st9_after) */
static void st9_observe(Strat *S, const G2 *G, const Move *a) {
    const Game *g = &G->g;
    int p = a->seat;
    if (a->kind == MV_ACCUSE) {
        int liar = g->ded_seat;
        S->ded_acc = 1;
        S->ded_back = !g->ded_true && g->ded_out ? liar : -1;   /* a caught liar who went out takes the card back */
        for (int s = 0; s < g->n; s++) S->ded_before[s] = (int16_t)g->hand_len[s];
        for (int me = 0; me < S->n; me++) {
            if (!S->is[me] || me == liar) continue;
            StInfo *f = &S->seat[me].info[liar];           /* the claim's card shown to every seat */
            memset(f->rev, 0, NC);
            f->rev[g->ded_card] = 1;
            memset(f->since, 0, NC);
            f->rev_has = f->rev_any = 1;
        }
        return;
    }
    for (int me = 0; me < S->n; me++) {
        if (!S->is[me]) continue;
        StSeat *z = &S->seat[me];
        z->sizes[p] = (int16_t)(z->sizes[p] - 1);        /* 'hidden-play' (count 1) and 'free-discard' */
        if (a->kind != MV_HID) continue;
        z->stuck = 0;
        z->draws_since = 0;
        memset(z->info[p].rk, 0, NC);
        z->info[p].rev_has = 0;
        if (g->n > 1) z->info[1].rev_has = 0;
    }
}

/* after an accusation: its penalty, one draw that is no turn draw, read from the hand it grew */
static void st9_after(Strat *S, const G2 *G) {
    if (!S->ded_acc) return;
    const Game *g = &G->g;
    S->ded_acc = 0;
    for (int s = 0; s < g->n; s++) {
        int got = g->hand_len[s] - S->ded_before[s] - (s == S->ded_back);
        if (got <= 0) continue;
        for (int me = 0; me < S->n; me++) if (S->is[me]) st_ev_draw(&S->seat[me], me, s, got, 0);
    }
}
