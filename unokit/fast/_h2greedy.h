/* _h2greedy.h (included by _house2.h, after its listing and before its harness): unokit.bots.greedy.GreedyBot
 * under the rules of _house2.h and _house4.h. tests/test_compiled_greedy.py proves it in lockstep. */

/* unokit.bots.greedy.GreedyBot over the harness's Move lists (_greedy.h's choices, for plays that name a seat or
 * put down a group): its _play_key on a Move, act, react and the sub-decisions of a stem it picked. What it
 * reads from the public history (GrHist) follows every Move applied (h2_observe). */

/* the events of a Move, applied next: a play or a cut (before, played, last, colour), or the core's id */
static void h2_observe(GrHist *h, const Game *g, const Move *a) {
    if (a->kind == MV_ID) { gr_observe(h, g, a->id); return; }
    if (a->kind != MV_PLAY || !a->n) return;          /* (DED's moves show no card) */
    h->before = h->color;
    h->played = (uint8_t)a->n;
    h->last = a->seat;
    h->color = a->color >= 0 ? a->color : T_COLOR[a->cards[a->n - 1]];
}

static inline int h2_is_play(const Move *a) {
    return a->kind == MV_PLAY ? a->n > 0 : a->kind == MV_ID && gr_is_play(a->id % XPS);   /* (not DED's moves) */
}

/* GreedyBot._play_key of a Move (key[GR_KEYS]: the swap target's size); returns _is_bluff */
static int h2_play_key(const Game *g, int me, const Move *a, int *key) {
    if (a->kind == MV_ID) {
        int b = gr_play_key(g, me, a->id % XPS, key);
        key[GR_KEYS] = 0;
        return b;
    }
    int cards[MAXG];
    for (int j = 0; j < a->n; j++) cards[j] = a->cards[j];
    /* (view.seat + view.direction) % view.players is next_seat: no seat is out of a hand here */
    int bluff = gr_key_of(g, me, cards, a->n, a->color, a->uno, a->more == MORE_CARDS, key);
    key[9] = a->target >= 0 ? -g->hand_len[a->target] : 0;
    h7_key_gifts(g, me, a, key);                       /* DOA: the rest without the gifts (_house7.h) */
    return bluff;
}

/* _best_play: the first play of L with the largest key (-1: none); *bluff, *out: that play's */
static int h2_greedy_best(const Game *g, int me, const Lst *L, int *bluff, int *out) {
    int best = -1, bk[GR_KEYS + 1], key[GR_KEYS + 1];
    for (int i = 0; i < L->m; i++) {
        const Move *a = &L->v[i];
        if (!h2_is_play(a)) continue;
        int b = h2_play_key(g, me, a, key);
        int better = best < 0;
        for (int j = 0; !better && j <= GR_KEYS; j++) {
            if (key[j] != bk[j]) { better = key[j] > bk[j]; break; }
        }
        if (better) { best = i; memcpy(bk, key, sizeof bk); *bluff = b; *out = bk[0]; }
    }
    return best;
}

/* _free_gain: say UNO, else the first catch listed, else slap (h2_calls), else DED's sound accusation (-1: none) */
static int h2_greedy_free(const Game *g, const Lst *L) {
    int i = h2_calls(L);
    return i >= 0 ? i : h9_greedy_gain(g, L);          /* DED: _house9.h */
}

/* fallback_action: draw, else pass, else the first action listed */
static int h2_greedy_fallback(const Lst *L) {
    for (int i = 0; i < L->m; i++) if (h2_k(&L->v[i]) == K_DRAW) return i;
    for (int i = 0; i < L->m; i++) if (h2_k(&L->v[i]) == K_PASS) return i;
    return 0;
}

/* GreedyBot.act for the seat in turn (`phase`: the phase of the view it acts on) */
static int h2_greedy_act(const GrHist *h, const Game *g, int phase, const Lst *L) {
    int i = h2_greedy_free(g, L), me = h9_to_act(g), bluff = 0, out = 0;
    if (i >= 0) return i;
    if ((i = h9_greedy_act(g, phase, L)) >= 0) return i;   /* DED: FREE_DISCARD, HIDDEN_FINISH (_house9.h) */
    if (phase == PH_COLOR) {
        int want = -1, counts[4] = {0, 0, 0, 0}, points[4] = {0, 0, 0, 0};
        for (int j = 0; j < g->hand_len[me]; j++) {
            int c = g->hands[me][j];
            if (T_COLOR[c] >= 0) { counts[T_COLOR[c]]++; points[T_COLOR[c]] += T_POINTS[c]; }
        }
        for (int c = 0; c < 4; c++)
            if (want < 0 || counts[c] > counts[want] || (counts[c] == counts[want] && points[c] > points[want])) want = c;
        int first = -1;
        for (int j = 0; j < L->m; j++) {
            int k = h2_k(&L->v[j]);
            if (k >= K_COLOR && k < K_COLOR + 4) {
                if (first < 0) first = j;
                if (k - K_COLOR == want) return j;
            }
        }
        if (first >= 0) return first;
    } else if (phase == PH_PENDING) {
        for (int j = 0; j < L->m; j++)
            if (h2_k(&L->v[j]) == K_CHALLENGE && gr_bluff_probability(h, g, me) > GR_THRESHOLD) return j;
        i = h2_greedy_best(g, me, L, &bluff, &out);
        if (i >= 0) return i;
    } else if (phase == PH_DRAWN) {
        i = h2_greedy_best(g, me, L, &bluff, &out);
        if (i >= 0 && (!bluff || out)) return i;
    } else {
        i = h2_greedy_best(g, me, L, &bluff, &out);
        if (i >= 0) return i;
    }
    return h2_greedy_fallback(L);
}

/* GreedyBot.react: the free gains, else its best cut; -1: wait */
static int h2_greedy_react(const Game *g, int seat, const Lst *L) {
    int i = h2_greedy_free(g, L), bluff = 0, out = 0;
    if (i >= 0) return i;
    return h2_greedy_best(g, seat, L, &bluff, &out);
}

/* GreedyBot's sub-decision of a stem it picked (h2_complete): its best option (act on the same view, or react) */
static int h2_greedy_pick(const Game *g, int seat, int phase, int react, const Lst *E) {
    int bluff = 0, out = 0, i = h2_greedy_best(g, seat, E, &bluff, &out);
    if (i < 0 || (!react && phase == PH_DRAWN && bluff && !out)) i = 0;   /* _pick / fallback_action: the first */
    return i;
}

