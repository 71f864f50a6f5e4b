/* The editions' bots, harness and trace (included by _editions.h): random-play as RandomPlayBot, greedy as
 * GreedyBot, the harness as unokit.lab.sim.play_hand's (each step, up to 2n reaction rounds:
 * unokit.engine.flow.react_step, Game.out_of_turn_seats then the seat to act, shuffled by the harness's generator
 * bots[MAXP] at every round; then the seat in turn's decision; with human-error seats both through _edhuman.h's
 * hooks; a strategist seat's turn through _edstrategist.h's). tests/fast/test_compiled_editions*.py check it step
 * by step against the referee, hand by hand against unokit.lab.sim.play_hand and the lab's play_deal, and the
 * greedy move for move against GreedyBot. */

/* RandomPlayBot.act: a colour asked, a uniform one; else a uniform card among the plays, then a uniform variant
 * (those with the UNO call first); no play: draw, else pass */
static int ed_random_play(Rng *r, const EdMove *L, int m, int phase) {
    int cards[ED_NF], nc = 0;
    if (phase == PH_COLOR || phase == PH_FREE) {             /* (UNO Spin's free discards: a uniform one) */
        int first = 0, k = 0, kind = phase == PH_COLOR ? EM_COLOR : EM_DISCARD;
        for (int i = 0; i < m; i++) if (L[i].kind == kind) { if (!k++) first = i; }
        if (k) return first + (int)rng_below(r, (uint32_t)k);
    }
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
    for (int i = 0; i < m; i++) if (L[i].kind == EM_SLAP) return i;   /* UNO Flash */
    return -1;
}

/* greedy.bluff_probability (as gr_bluff_probability, _greedy.h): the chance that the draw to challenge was a bluff,
 * from what `me` sees (the history's colour before the play, the bluffer's hand size, the cards of that colour seen) */
static double ed_bluff_probability(const EdGame *g, int me) {
    const EdRules *R = g->R;
    int prev = g->h_before, played = g->h_played, seen_from = g->discard_unseen;   /* (UNO Flip: the pile seen) */
    if (prev < 0 && played && g->discard_len - seen_from > played) {   /* a set position: the card under the play */
        int c = R->f[g->discard[g->discard_len - played - 1]].color;
        prev = c == ED_NOCOLOR ? -1 : ED_SIDE_COLOR(g, c);
    }
    int bluffer = g->h_last;
    if (prev < 0 || bluffer < 0 || bluffer == me) return 0.0;
    int k = g->hand_len[bluffer];
    if (k <= 0) return 0.0;
    int total = g->stock_len + g->discard_len - seen_from;
    for (int s = 0; s < g->n; s++) total += g->hand_len[s];
    int in_color = (int)nearbyint((double)(total * 25) / 108.0);   /* round(): half to even */
    int seen = 0;
    for (int i = 0; i < g->hand_len[me]; i++) seen += ED_SIDE_COLOR(g, R->f[g->hands[me][i]].color) == prev;
    for (int i = seen_from; i < g->discard_len; i++) seen += ED_SIDE_COLOR(g, R->f[g->discard[i]].color) == prev;
    int unseen = total - g->hand_len[me] - (g->discard_len - seen_from);
    int unseen_c = in_color - seen > 0 ? in_color - seen : 0;
    if (unseen <= 0) return 0.0;
    double p_none = 1.0;
    int lim = k < unseen ? k : unseen;
    for (int i = 0; i < lim; i++) {
        int a = unseen - unseen_c - i;
        p_none *= (double)(a > 0 ? a : 0) / (double)(unseen - i);
    }
    return 1.0 - p_none;
}

#define ED_KEY 10
/* GreedyBot.act: UNO or a catch first (_free_gain); a colour asked, _best_color (the colour held most, then by
 * points, then the first); else the play of greatest _play_key (the first of them: going out, stopping the next
 * seat (counted without the seats out, as GreedyBot counts it) on two cards with an action or draw card, keeping
 * wilds, the cards left that match the new colour or the face, those of that colour, the points, the UNO call,
 * the seat named with the smallest hand; an honest Wild Draw Four before a bluff); facing a draw to challenge, the
 * challenge when bluff_probability > 0.3; after drawing, not a bluff that does not go out; else draw, else pass */
static int ed_greedy(const EdGame *g, const EdMove *L, int m) {
    const EdRules *R = g->R;
    int best = -1, bk[ED_KEY] = {0}, best_bluff = 0;
    for (int i = 0; i < m; i++) if (L[i].kind == EM_UNO) return i;
    for (int i = 0; i < m; i++) if (L[i].kind == EM_CATCH) return i;
    for (int i = 0; i < m; i++) if (L[i].kind == EM_SLAP) return i;   /* UNO Flash (_free_gain) */
    if (g->phase == PH_PENDING)
        for (int i = 0; i < m; i++)
            if (L[i].kind == EM_CHALLENGE && ed_bluff_probability(g, g->current) > GR_THRESHOLD) return i;
    if (g->phase == PH_FREE) return ed_spin_greedy(g, L, m);   /* UNO Spin's free discards */
    if (g->phase == PH_COLOR) {
        int cnt[ED_NCOLORS] = {0}, pts[ED_NCOLORS] = {0}, p = g->current, pick = 0;
        for (int i = 0; i < g->hand_len[p]; i++) {
            const EdFace *f = &R->f[g->hands[p][i]];
            if (f->color != ED_NOCOLOR) { cnt[f->color]++; pts[f->color] += f->card_points; }
        }
        for (int c = 1; c < ED_NCOLORS; c++)
            if (cnt[c] > cnt[pick] || (cnt[c] == cnt[pick] && pts[c] > pts[pick])) pick = c;
        if (g->dark) pick = 0;                               /* (GreedyBot weighs the light colours: none held) */
        for (int i = 0; i < m; i++) if (L[i].kind == EM_COLOR && L[i].color == pick) return i;
    }
    for (int i = 0; i < m; i++) {
        if (L[i].kind != EM_PLAY) continue;
        int c = L[i].card, p = L[i].seat, rest = g->hand_len[p] - 1, nxt = ((p + g->direction) % g->n + g->n) % g->n;
        const EdFace *f = &R->f[c];
        int col = L[i].color >= 0 ? L[i].color : f->color == ED_NOCOLOR ? -1 : f->color, options = 0, held = 0, skipped = 0;
        int bluff = 0;
        for (int j = 0; j < g->hand_len[p]; j++) {
            int d = g->hands[p][j];
            if (R->f[d].same == ed_held_face(R, c) && !skipped) { skipped = 1; continue; }   /* rest_of_hand */
            const EdFace *e = &R->f[d];
            int same = col >= 0 && e->color == col;
            options += e->wild || same || e->face == f->face;
            held += same;
            bluff |= f->wd4 && e->color == (uint8_t)g->color;   /* _is_bluff: a card of the colour in play kept */
        }
        int key[ED_KEY] = {!rest, !bluff, g->hand_len[nxt] <= 2 && (f->action || f->card_draw || f->skip), -f->wild,
                           options, held, f->card_points, L[i].uno,
                           L[i].target >= 0 ? -g->hand_len[(int)L[i].target] : 0, 0};
        int k = 0;
        while (k < ED_KEY && key[k] == bk[k]) k++;
        if (best < 0 || (k < ED_KEY && key[k] > bk[k])) { best = i; best_bluff = bluff; memcpy(bk, key, sizeof key); }
    }
    if (best >= 0 && !(g->phase == PH_DRAWN && best_bluff && g->hand_len[g->current] != 1)) return best;
    for (int i = 0; i < m; i++) if (L[i].kind == EM_DRAW) return i;
    for (int i = 0; i < m; i++) if (L[i].kind == EM_PASS) return i;
    return 0;
}

/* unokit.engine.flow.react_step; 1: a reaction was applied */
static int ed_react_step(EdGame *g, Rng *hr, EdMove *L, EdLog *log) {
    int me = ed_to_act(g), n = g->n, nc = 0, cands[MAXP];
    if (g->over) return 0;
    for (int p = 0; p < n; p++)
        if (p != me && ed_in(g, p) && (g->catchable || ed_flash_others(g, me) || (g->hand_len[p] == 1 && !g->uno_said[p])))
            cands[nc++] = p;
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
    EdStrat es = {0, 0};                                     /* the strategist's reading (_edstrategist.h) */
    EcStrat ec;                                              /* a coloured edition's (_edcstrategist.h) */
    ec.active = 0;
    if (R.coloured) ec_begin(&ec, g, cfg);
    struct Hu *hu = cfg->hu_on ? hu_begin(cfg, bots) : NULL;   /* (out of memory: the hand is not played) */
    int n = cfg->n, steps = cfg->hu_on && !hu ? cfg->max_steps : 0, first = -1, turns = 0, actions = 0, plays = 0,
        applied = 0, reactions = 0;
    while (!g->over && steps < cfg->max_steps) {
        steps++;
        for (int round = 0; round < 2 * n; round++) {
            if (!hu && !g->catchable && !g->slap) {          /* no seat may react: the shuffle is of one seat */
                int any = 0;
                for (int s = 0; s < n && !any; s++) any = g->hand_len[s] == 1 && !g->uno_said[s];
                if (!any) break;
            }
            ec_sizes(&ec, g);
            if (!(hu ? hu_ed_react_step(g, hu, L, log) : ed_react_step(g, &bots[MAXP], L, log))) break;
            ec_reacted(&ec, g);                              /* (a catch's penalty) */
            applied++;
            reactions++;
            if (g->over) break;
        }
        if (g->over) break;
        int cur = ed_to_act(g), ph = g->phase;
        int m = ed_legal(g, cur, 1, L);                      /* (turn_step: the whole list, reactions too) */
        EdMove a = cfg->policy[cur] == POL_STRATEGIST ? L[R.coloured ? ec_act(&ec, g, &bots[cur], L, m)
                                                                     : ed_strategist(&es, g, L, m)]
                 : hu ? hu_ed_turn(g, hu, L, m)
                      : L[cfg->policy[cur] == POL_GREEDY ? ed_greedy(g, L, m) : ed_random_play(&bots[cur], L, m, ph)];
        if (log && log->n < log->cap) log->v[log->n++] = a;
        if (first < 0) first = cur;
        int play = a.kind == EM_PLAY;
        if ((play || a.kind == EM_DRAW || a.kind == EM_CHALLENGE) && (ph == PH_PLAY || ph == PH_PENDING))
            turns++;                                         /* unokit.lab.starts_turn */
        if (play || a.kind == EM_DRAW) actions++;
        plays += play;
        ed_strat_observe(&es, g, a);
        ec_observe(&ec, g, a);
        ed_apply(g, a);
        ec_after(&ec, g, a, ph);
        applied++;
    }
    PyMem_RawFree(hu);
    int score = 0;
    for (int s = 0; s < n; s++) if (s != g->winner) score += ed_points(g, s);
    record_counts(rec, (HandCounts){first, turns, actions, plays, steps, applied, reactions}, g->over, g->winner,
                  g->catches, g->penalty_cards, score, g->reshuffles, g->dealer, __builtin_popcount(g->out));
    for (int s = 0; s < n; s++) {
        rec[NFIELDS + s] = g->drawn_by[s];
        rec[NFIELDS + n + s] = ed_points(g, s);
    }
}

/* ------------------------------------------------------------------ trace (the differential tests) */
static PyObject *ed_move_tuple(EdMove a) {
    return Py_BuildValue("(iiiiii)", a.seat, a.kind, a.card, a.target, a.uno, a.color);
}

static PyObject *ed_state(const EdGame *g) {
    PyObject *hands = PyList_New(g->n), *said = PyList_New(g->n), *catchable = PyList_New(0), *out = PyList_New(0);
    for (int s = 0; s < g->n; s++) {
        PyObject *h = PyList_New(g->hand_len[s]);
        for (int i = 0; i < g->hand_len[s]; i++) PyList_SET_ITEM(h, i, PyLong_FromLong(g->hands[s][i]));
        PyList_SET_ITEM(hands, s, h);
        PyList_SET_ITEM(said, s, PyBool_FromLong(g->uno_said[s]));
        if (g->catchable >> s & 1) { PyObject *v = PyLong_FromLong(s); PyList_Append(catchable, v); Py_DECREF(v); }
        if (g->out >> s & 1) { PyObject *v = PyLong_FromLong(s); PyList_Append(out, v); Py_DECREF(v); }
    }
    PyObject *stock = PyList_New(g->stock_len), *disc = PyList_New(g->discard_len);
    for (int i = 0; i < g->stock_len; i++) PyList_SET_ITEM(stock, i, PyLong_FromLong(g->stock[i]));
    for (int i = 0; i < g->discard_len; i++) PyList_SET_ITEM(disc, i, PyLong_FromLong(g->discard[i]));
    PyObject *red = PyList_New(0);                           /* UNO Flex: the seats whose power card is red */
    for (int s = 0; s < g->n; s++)
        if (g->red >> s & 1) { PyObject *v = PyLong_FromLong(s); PyList_Append(red, v); Py_DECREF(v); }
    return Py_BuildValue("(NNNiiiiiiNNiiiNN)", hands, stock, disc, g->direction, g->current, g->phase, g->pending,
                         g->drawn, g->winner, said, catchable, g->going_out, g->dealer, g->color, out, red);
}

/* trace under an edition: (state after the deal, [(seat, every seat's legal moves, move, state after)...]);
 * the seat in turn plays random-play from random.Random(policy_seed), or `decisions` (move tuples) are applied */
static PyObject *ed_trace(const Config *cfg, uint64_t seed, uint64_t pseed, PyObject *decisions, int max_actions) {
    EdRules R;
    if (ed_parse(cfg->ed, cfg->ed_len, &R) < 0) { PyErr_SetString(PyExc_ValueError, "bad edition facts"); return NULL; }
    EdGame *g = PyMem_RawMalloc(sizeof(EdGame));
    Rng *r = PyMem_RawMalloc(sizeof(Rng));
    EdMove *L = PyMem_RawMalloc(sizeof(EdMove) * ED_MAXLEGAL);
    if (!g || !r || !L) { PyMem_RawFree(g); PyMem_RawFree(r); PyMem_RawFree(L); return PyErr_NoMemory(); }
    ed_deal(g, cfg, &R, seed);
    rng_seed(r, pseed, cfg->fast);
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
        int cur = ed_to_act(g);
        EdMove a;
        if (nd >= 0) {
            PyObject *item = PySequence_GetItem(decisions, t);
            int v[6] = {-9, -9, -9, -9, -9, -9};
            if (item && !PyArg_ParseTuple(item, "iiiiii", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5])) v[0] = -9;
            Py_XDECREF(item);
            PyErr_Clear();
            a = ed_mv(v[0], v[1], v[2], v[3], v[4], v[5]);
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
            a = L[ed_random_play(r, L, m, g->phase)];
        }
        ed_apply(g, a);
        PyObject *step = Py_BuildValue("(iNNN)", cur, legal, ed_move_tuple(a), ed_state(g));
        PyList_Append(steps, step);
        Py_DECREF(step);
    }
    PyMem_RawFree(g);
    PyMem_RawFree(r);
    PyMem_RawFree(L);
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
