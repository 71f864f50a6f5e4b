/* UNO Spin's wheel in the compiled core (included by _editions.h; unokit/rules/editions/spin.py, Spin): a face of
 * kind EDK_SPIN played with cards left makes the next seat spin at the start of its turn, which the spin uses. Each
 * spin is one outcome of the game's chance (Chance.randint over the wheel's spaces); what each space has the spinner
 * do comes from Python (ccore.EDITION_SPACES, after the faces' bytes: ccore._wheel). The referee's mechanisms:
 * discards owed, chosen one at a time (Game.owe_discards: phase FREE_DISCARD, the seat owing them to act, each one
 * under the top card, then the phase the hand was in), the cards of a number or of a colour named put under the top
 * (Spin._discard, Game.put_under_top), Game.draw_until, every hand passed to the next seat up, a spinner left without
 * cards winning the hand. tests/fast/test_compiled_editions_spin.py. */

enum { SP_NONE = 0, SP_KEEP = 1, SP_NUMBER = 2, SP_COLOR = 3, SP_UNTIL = 4, SP_PASS = 5, SP_SHOW = 6 };   /* EDITION_SPACES */

/* the wheel from the bytes after the faces' (checked: every space one C plays) */
static int ed_spin_parse(const uint8_t *b, EdRules *R) {
    R->wheel = b[0];
    if (R->wheel > ED_WHEEL) return -1;
    for (int i = 0; i < R->wheel; i++) {
        R->space[i] = b[1 + 2 * i];
        R->space_arg[i] = b[2 + 2 * i];
        if (R->space[i] > SP_SHOW || (R->space[i] == SP_UNTIL && R->space_arg[i] >= ED_NCOLORS)) return -1;
    }
    for (int i = 0; i < R->nf; i++) if (R->f[i].kind == EDK_SPIN && !R->wheel) return -1;
    return 0;
}

/* Game.to_act: the seat owing a free discard, else the seat in turn */
static inline int ed_to_act(const EdGame *g) { return g->phase == PH_FREE ? g->owed_by : g->current; }

/* Spin._discard: p's cards of `number` or of `color` (-1: none) go under the top, in the hand's order; 1: the hand
 * ended */
static int ed_spin_shed(EdGame *g, int p, int number, int color) {
    uint8_t tmp[ED_NDECK], *h = g->hands[p];
    int k = 0, m = 0;
    for (int i = 0; i < g->hand_len[p]; i++) {
        const EdFace *f = &g->R->f[h[i]];
        if ((number >= 0 && f->number == number) || (color >= 0 && f->color == color)) tmp[k++] = h[i];
        else h[m++] = h[i];
    }
    if (k) ed_put_under_top(g, p, m, tmp, k);
    if (!g->hand_len[p]) { ed_finish(g, p); return 1; }
    return 0;
}

/* Spin.on_turn_start: the seat in turn spins (one outcome of the chance) and does what the space says */
static void ed_spin(EdGame *g) {
    const EdRules *R = g->R;
    int p = g->current, s = (int)rng_below(&g->rng, (uint32_t)R->wheel), arg = R->space_arg[s];
    g->spun = (uint8_t)(R->space[s] + 1);                   /* (what the strategist reads of it: _edcstrategist.h) */
    switch (R->space[s]) {
    case SP_KEEP: {                                          /* the turn ends, then the discards are owed */
        int k = g->hand_len[p] - arg;
        ed_end_turn(g, ed_next(g, p, 1));
        if (k > 0) { g->owed = (uint8_t)k; g->owed_by = (int8_t)p; g->resume = g->phase; g->phase = PH_FREE; }
        return;
    }
    case SP_COLOR:                                           /* Game.ask_color, if a card held has a colour */
        for (int i = 0; i < g->hand_len[p]; i++)
            if (R->f[g->hands[p][i]].color != ED_NOCOLOR) { g->spin_by = (int8_t)p; g->phase = PH_COLOR; return; }
        break;
    case SP_NUMBER: {                                        /* the number held most, the highest of a tie */
        int cnt[256] = {0}, best = -1;
        for (int i = 0; i < g->hand_len[p]; i++) {
            int num = R->f[g->hands[p][i]].number;
            if (num != 255) cnt[num]++;
        }
        for (int v = 0; v < 255; v++) if (cnt[v] && (best < 0 || cnt[v] >= cnt[best])) best = v;
        if (best >= 0 && ed_spin_shed(g, p, best, -1)) return;
        break;
    }
    case SP_UNTIL:                                           /* Game.draw_until */
        while (ed_take(g, p, 1) && R->f[g->hands[p][g->hand_len[p] - 1]].color != arg) {}
        break;
    case SP_PASS: {                                          /* each hand to the next seat up, the seats out skipped */
        int seats[MAXP], k = 0;
        uint8_t last[ED_NDECK], ll;
        for (int q = 0; q < g->n; q++) if (ed_in(g, q)) seats[k++] = q;
        if (k < 2) break;
        ll = g->hand_len[seats[k - 1]];
        memcpy(last, g->hands[seats[k - 1]], ll);
        for (int i = k - 1; i > 0; i--) {
            memcpy(g->hands[seats[i]], g->hands[seats[i - 1]], g->hand_len[seats[i - 1]]);
            g->hand_len[seats[i]] = g->hand_len[seats[i - 1]];
        }
        memcpy(g->hands[seats[0]], last, ll);
        g->hand_len[seats[0]] = ll;
        for (int i = 0; i < k; i++) ed_hands_changed(g, seats[i]);
        break;
    }
    default:                                                 /* SP_SHOW (what the bots do not read), SP_NONE */
        if (R->space[s] == SP_SHOW && g->eh) ed_hist_show(g->eh, g, p, -1);   /* (the env's observation) */
        break;
    }
    ed_end_turn(g, ed_next(g, p, 1));
}

/* Spin.on_color: the colour named by the spinner, every card of it discarded */
static void ed_spin_color(EdGame *g, int p, int color) {
    g->spin_by = -1;
    if (!ed_spin_shed(g, p, -1, color)) ed_end_turn(g, ed_next(g, p, 1));
}

/* Game._do_discard: a free discard owed, under the top card */
static void ed_spin_discard(EdGame *g, int p, int c) {
    uint8_t *h = g->hands[p];
    for (int i = 0; i < g->hand_len[p]; i++)
        if (h[i] == c) { memmove(h + i, h + i + 1, (size_t)(g->hand_len[p] - i - 1)); g->hand_len[p]--; break; }
    g->discard[g->discard_len] = g->discard[g->discard_len - 1];
    g->discard[g->discard_len - 1] = (uint8_t)c;
    g->discard_len++;
    g->owed--;
    if (!g->hand_len[p]) { ed_finish(g, p); return; }
    ed_hands_changed(g, p);
    if (!g->owed) g->phase = g->resume;
}

/* the free discards the seat owing them may make: each distinct card held, in the hand's order */
static inline EdMove ed_mv(int seat, int kind, int card, int target, int uno, int color);
static int ed_spin_discards(const EdGame *g, int p, EdMove *out, int m) {
    uint8_t seen[ED_NF] = {0};
    for (int i = 0; i < g->hand_len[p]; i++) {
        int c = g->hands[p][i];
        if (!seen[c]++) out[m++] = ed_mv(p, EM_DISCARD, c, -1, 0, -1);
    }
    return m;
}

/* GreedyBot's free discard: the greatest (not a wild, points, the lowest Card.index) */
static int ed_spin_greedy(const EdGame *g, const EdMove *L, int m) {
    int best = -1;
    for (int i = 0; i < m; i++) {
        if (L[i].kind != EM_DISCARD) continue;
        const EdFace *f = &g->R->f[(int)L[i].card];
        if (best < 0) { best = i; continue; }
        const EdFace *b = &g->R->f[(int)L[best].card];
        int k1[3] = {!f->wild, f->card_points, -f->index_rank}, k2[3] = {!b->wild, b->card_points, -b->index_rank};
        int j = 0;
        while (j < 3 && k1[j] == k2[j]) j++;
        if (j < 3 && k1[j] > k2[j]) best = i;
    }
    return best;
}
