/* The RL environments' decision flow on an edition's hand (issue 27, point 2; included by _ccore.c after _h2flow.h):
 * unokit.env.core.Flow for hands of UNO's editions played on _editions.h's state (EdGame), one decision at a time,
 * as _flow.h and _h2flow.h ask the official and the house rules' hands.
 *
 * The listing is _editions.h's (ed_legal: Game.legal_actions unfolded); a play that names a seat (a swap, an aimed
 * draw) is offered as its stem (the card, its colour and UNO call: Flow.stem) and the seat it names is the next
 * sub-decision of the same seat, as the referee composes it. The reaction seats: Game.out_of_turn_seats (every seat
 * while one is catchable or UNO Flash's round of presses is open, else the seats holding one card unsaid), without
 * the seat to act, shuffled by Flow's generator. A move's step id is the env table's (StepTable.id_of), from tables
 * built in Python (unokit.fast.envflow._ed_tables): a play by its face, colour named and UNO call (`play_id`), a seat
 * named (`target_id`) or caught (`catch_id`) by its place from the seat acting, a colour named by the side in play
 * and the colour (`color_id`), a free discard by its face (`discard_id`), the verbs draw, pass, uno, challenge and
 * slap (`verb_id`). The observation is unokit.env.observe.Encoder's, the history's features fed by _editions.h's
 * EdHist where the referee emits its events.
 *
 *   edflow_new(cfg, seeds, offsets, size, pos, flags, ncolors, K, reveal_all, play_id, ids, nsteps, wait,
 *              max_decisions, keys)
 *                      a capsule of len(seeds) hands dealt (compiled._config's cfg of the edition: referee chance,
 *                      or the fast generator's, the same distribution); `offsets` (int32 bytes) where each of the encoder's blocks starts, in
 *                      unokit.fast.envflow.ED_BLOCKS's order (stem -1: none); `pos` (ED_NF bytes) each face's place
 *                      among the table's cards; `flags` the rules block (float32 bytes); `ncolors` the colours of
 *                      the encoding (4, UNO Flip 8); `K` the table's cards; `reveal_all` whether a challenged hand is
 *                      shown to every seat (the ambiguity digit C, compiled._shown), else to the challenger; `play_id` (int16, ED_NF x 9 x 2), `ids`
 *                      (int16: discard_id[ED_NF], color_id[2][4], catch_id[MAXP], target_id[MAXP + 1], verb_id[5])
 *   edflow_where, edflow_mask, edflow_answer, edflow_rewards, edflow_one, edflow_observe, edflow_bots_new, edflow_bots
 *                      as _h2flow.h's h2flow_* (the opponents random-play, RandomPlayBot as _ed_play.h plays it) */

#define EDF_VERBS 5
enum { EV_DRAW, EV_PASS, EV_UNO, EV_CHALLENGE, EV_SLAP };
/* the encoder's blocks (unokit.fast.envflow.ED_BLOCKS) */
enum { EB_HAND, EB_TOP, EB_COLOR, EB_PENDING, EB_DIRECTION, EB_SIZES, EB_SMALL, EB_UNO, EB_CATCHABLE, EB_PHASE, EB_DRAWN,
       EB_SEEN, EB_STOCK, EB_TO_ACT, EB_WINDOW, EB_REVEALED, EB_OTHERS, EB_STEM, EB_RULES, EB_BLOCKS };

typedef struct {
    EdGame G;
    EdHist hist;
    Rng rng;                    /* Flow.rng */
    int8_t seat;                /* the seat asked (-1: over) */
    uint8_t window, truncated, qhead, qlen, reacted, stem_on;
    int8_t queue[MAXP];
    uint32_t decisions;
    EdMove stem;                /* Flow.stem (when stem_on): its card, colour and UNO call */
    EdStrat *es;                /* the strategist seats' reading (the batched env's; NULL: none): _edstrategist.h's, */
    EcStrat *ec;                /* and a coloured edition's (_edcstrategist.h) */
    EdMove plan;                /* the teacher's play, followed through its stem (has_plan) */
    uint8_t has_plan;
} EdF;

typedef struct EdFlw {
    Config cfg;
    EdRules R;
    int n, nsteps, wait, max_decisions, size, C, K, nflags, reveal_all;   /* reveal_all: a challenged hand shown to all */
    int off[EB_BLOCKS];
    uint8_t pos[ED_NF];
    float *flags;
    int16_t play_id[ED_NF][9][2];   /* [face][colour named: 0 none, 1-4 the colour, 5-8 UNO Flip's dark side][uno] */
    int16_t discard_id[ED_NF];
    int16_t color_id[2][ED_NCOLORS];   /* [the dark side][colour] */
    int16_t catch_id[MAXP];
    int16_t target_id[MAXP + 1];
    int16_t verb_id[EDF_VERBS];
    Py_ssize_t count;
    EdF *f;
    EdMove buf[ED_MAXLEGAL];
} EdFlw;

static EdFlw *edf_get(PyObject *cap) { return PyCapsule_GetPointer(cap, "unokit.edflow"); }

static void edf_free(PyObject *cap) {
    EdFlw *F = edf_get(cap);
    if (!F) return;
    PyMem_RawFree(F->flags);
    PyMem_RawFree(F->f);
    PyMem_RawFree(F);
}

/* a play that names a seat, any of several: offered as its stem (target EDF_STEM) until the seat is chosen; with one
 * seat to name the play is complete (Composer.finals) */
#define EDF_STEM (-2)
static inline int edf_names_seat(const EdMove *a) { return a->kind == EM_PLAY && a->target >= 0; }
static inline int edf_same_stem(const EdMove *a, const EdMove *b) {
    return a->card == b->card && a->color == b->color && a->uno == b->uno;
}

/* the options of the decision asked (Flow.options, stems unfolded: a named seat's plays, each its own target) */
static int edf_options(EdFlw *F, const EdF *h, EdMove *L) {
    if (h->seat < 0) return 0;
    if (h->stem_on) {
        int m = ed_legal(&h->G, h->stem.seat, 1, L), k = 0;
        for (int j = 0; j < m; j++)
            if (edf_names_seat(&L[j]) && L[j].card == h->stem.card && L[j].color == h->stem.color && L[j].uno == h->stem.uno)
                L[k++] = L[j];
        return k;
    }
    int m = ed_legal(&h->G, h->seat, !h->window, L);
    for (int j = 0; j < m;) {                  /* (ed_plays_of lists a card's seats together) */
        int e = j + 1;
        if (edf_names_seat(&L[j])) while (e < m && edf_names_seat(&L[e]) && edf_same_stem(&L[j], &L[e])) e++;
        if (e - j > 1) for (int k = j; k < e; k++) L[k].target = EDF_STEM;
        j = e;
    }
    return m;
}

/* StepTable.id_of(move, stage) */
static int edf_step(const EdFlw *F, const EdF *h, const EdMove *a) {
    int n = F->n;
    if (h->stem_on) return F->target_id[(a->target - a->seat + n) % n];   /* (a stem: play_id of its card) */
    switch (a->kind) {
    case EM_PLAY: return F->play_id[(uint8_t)a->card][a->color < 0 ? 0 : 1 + a->color + (h->G.dark ? ED_NCOLORS : 0)][a->uno ? 1 : 0];
    case EM_DRAW: return F->verb_id[EV_DRAW];
    case EM_PASS: return F->verb_id[EV_PASS];
    case EM_UNO: return F->verb_id[EV_UNO];
    case EM_CHALLENGE: return F->verb_id[EV_CHALLENGE];
    case EM_SLAP: return F->verb_id[EV_SLAP];
    case EM_CATCH: return F->catch_id[(a->target - a->seat + n) % n];
    case EM_COLOR: return F->color_id[h->G.dark ? 1 : 0][a->color];
    case EM_DISCARD: return F->discard_id[(uint8_t)a->card];
    default: return -1;
    }
}

/* Flow._ask_next */
static void edf_ask_next(EdFlw *F, EdF *h) {
    const EdGame *g = &h->G;
    if (g->over) { h->seat = -1; h->window = 0; return; }
    if (h->stem_on) { h->seat = h->stem.seat; h->window = 0; return; }
    while (h->qhead < h->qlen) {
        int s = h->queue[h->qhead++];
        if (ed_legal(g, s, 0, F->buf)) { h->seat = (int8_t)s; h->window = 1; return; }
    }
    h->seat = (int8_t)ed_to_act(g);
    h->window = 0;
}

/* Flow._new_round: Game.out_of_turn_seats without the seat to act (nor the seats out), shuffled */
static void edf_new_round(EdFlw *F, EdF *h) {
    const EdGame *g = &h->G;
    h->qhead = h->qlen = 0;
    if (!g->over && h->reacted < 2 * g->n) {
        int me = ed_to_act(g), everyone = g->catchable || ed_flash_others(g, me);
        for (int p = 0; p < g->n; p++) {
            if (p == me || !ed_in(g, p)) continue;
            if (everyone || (g->hand_len[p] == 1 && !g->uno_said[p])) h->queue[h->qlen++] = (int8_t)p;
        }
        rng_shuffle_seats(&h->rng, h->queue, h->qlen);
    }
    edf_ask_next(F, h);
}

/* a complete move applied to hand h: a challenge shows the challenged hand first (Game._do_challenge's reveal: to the
 * challenger, or to every seat) */
static void edf_do(EdFlw *F, EdF *h, EdMove a) {
    EdGame *g = &h->G;
    if (a.kind == EM_CHALLENGE && g->wd4_by >= 0) ed_hist_show(&h->hist, g, g->wd4_by, F->reveal_all ? -1 : a.seat);
    ed_apply(g, a);
}

/* a complete move applied, the strategist seats' reading fed as _ed_play.h's harness feeds it: a reaction (a window's)
 * read from the hand sizes around it, a turn's move read before it is applied and its draws after */
static void edf_fed(EdFlw *F, EdF *h, EdMove a, int reaction) {
    EdGame *g = &h->G;
    if (reaction) {
        if (h->ec) ec_sizes(h->ec, g);
        edf_do(F, h, a);
        if (h->ec) ec_reacted(h->ec, g);
        return;
    }
    int ph = g->phase;
    if (h->es) ed_strat_observe(h->es, g, a);
    if (h->ec) ec_observe(h->ec, g, a);
    edf_do(F, h, a);
    if (h->ec) ec_after(h->ec, g, a, ph);
}

/* Flow.answer's application of option a (NULL: wait) */
static void edf_apply(EdFlw *F, EdF *h, const EdMove *a) {
    EdGame *g = &h->G;
    h->decisions++;
    if (!a) edf_ask_next(F, h);
    else if (!h->stem_on && a->kind == EM_PLAY && a->target == EDF_STEM) {
        h->stem = *a;
        h->stem_on = 1;
        edf_ask_next(F, h);
    } else {
        int reaction = !h->stem_on && h->window;
        h->stem_on = 0;
        edf_fed(F, h, *a, reaction);
        if (reaction) h->reacted++;
        else h->reacted = 0;
        edf_new_round(F, h);
    }
    if (!g->over && h->decisions >= (uint32_t)F->max_decisions) h->truncated = 1;
}

/* hand_rewards: mode 0 +1 the winner, -1 the others; 1 the winner the others' points / 100, the others minus theirs */
static void edf_rewards(const EdGame *g, int mode, float *r) {
    int n = g->n;
    for (int s = 0; s < n; s++) r[s] = 0;
    if (!g->over || g->winner < 0) return;
    if (!mode) { for (int s = 0; s < n; s++) r[s] = s == g->winner ? 1.0f : -1.0f; return; }
    int total = 0;
    for (int s = 0; s < n; s++) if (s != g->winner) { int v = ed_points(g, s); total += v; r[s] = (float)(-v / 100.0); }
    r[(int)g->winner] = (float)(total / 100.0);
}

static void edf_mask(EdFlw *F, const EdF *h, int8_t *m) {
    int c = edf_options(F, h, F->buf);
    for (int j = 0; j < c; j++) {
        int st = edf_step(F, h, &F->buf[j]);
        if (st >= 0) m[st] = 1;
    }
    if (h->window && h->seat >= 0) m[F->wait] = 1;
}

/* the option step id st stands for in hand h: 1 and *out (wait: *is_wait), else 0 */
static int edf_find(EdFlw *F, const EdF *h, int st, EdMove *out, int *is_wait) {
    *is_wait = 0;
    if (h->seat < 0 || st < 0 || st >= F->nsteps) return 0;
    if (st == F->wait) { *is_wait = 1; return h->window; }
    int c = edf_options(F, h, F->buf);
    for (int j = 0; j < c; j++) if (edf_step(F, h, &F->buf[j]) == st) { *out = F->buf[j]; return 1; }
    return 0;
}

/* Flow.observe(me) of hand h into x: Encoder.encode of the seat's view */
static void edf_encode(const EdFlw *F, const EdF *h, int me, float *x) {
    const EdGame *g = &h->G;
    const int *o = F->off;
    const uint8_t *pos = F->pos;
    int n = g->n, C = F->C, asked = me == h->seat;
    memset(x, 0, sizeof(float) * (size_t)F->size);
    for (int i = 0; i < g->hand_len[me]; i++) x[o[EB_HAND] + pos[g->hands[me][i]]] += 1;
    x[o[EB_TOP] + pos[g->discard[g->discard_len - 1]]] = 1;
    x[o[EB_COLOR] + ED_SIDE_COLOR(g, g->color)] = 1;
    if (g->pending) { x[o[EB_PENDING]] = (float)(g->pending / 10.0); x[o[EB_PENDING] + 1] = 1; }
    x[o[EB_DIRECTION]] = g->direction == 1 ? 1.0f : 0.0f;
    for (int s = 0; s < n; s++) {
        int r = (s - me + n) % n, k = g->hand_len[s];
        x[o[EB_SIZES] + r] = (float)(k / 20.0);
        if (k == 1) x[o[EB_SMALL] + 2 * r] = 1;
        else if (k == 2) x[o[EB_SMALL] + 2 * r + 1] = 1;
        if (g->uno_said[s]) x[o[EB_UNO] + r] = 1;
        if (g->catchable >> s & 1) x[o[EB_CATCHABLE] + r] = 1;
    }
    x[o[EB_PHASE] + g->phase] = 1;
    if (g->drawn >= 0 && g->current == me) x[o[EB_DRAWN] + pos[(uint8_t)g->drawn]] = 1;
    for (int i = g->discard_unseen; i < g->discard_len; i++) x[o[EB_SEEN] + pos[g->discard[i]]] += 0.25f;
    x[o[EB_STOCK]] = (float)(g->stock_len / 108.0);
    int to_act = ed_to_act(g);
    const EdHist *t = &h->hist;
    x[o[EB_TO_ACT] + (to_act - me + n) % n] = 1;
    if (asked && h->window) x[o[EB_WINDOW]] = 1;
    if (to_act == me) x[o[EB_WINDOW] + 1] = 1;
    if (t->shown)
        for (int c = 0; c < g->R->nf; c++) if (t->revealed[me][c]) x[o[EB_REVEALED] + pos[c]] += (float)t->revealed[me][c];
    int per = 2 * C + 3;
    for (int r = 1; r < n; r++) {
        int s = (me + r) % n;
        float *b = x + o[EB_OTHERS] + per * (r - 1);
        for (int c = 0; c < C; c++) { b[c] = t->lacks[s][c]; b[C + c] = t->last_color[s][c]; }
        b[2 * C] = t->last_wild[s];
        b[2 * C + 1] = t->last_draw[s];
        b[2 * C + 2] = (float)(t->drawn[s] / 20.0);
    }
    if (o[EB_STEM] >= 0) {
        float *y = x + o[EB_STEM];
        if (asked && h->stem_on) { y[pos[(uint8_t)h->stem.card]] += 1; y[2 * F->K + 2] = 1; }   /* the step "target" */
        else y[2 * F->K] = 1;
    }
    memcpy(x + o[EB_RULES], F->flags, sizeof(float) * (size_t)F->nflags);
}

/* a hand dealt from seed in h, asked as Flow asks it (its generator keyed `key`) */
static void edf_begin(EdFlw *F, EdF *h, uint64_t seed, uint64_t key) {
    EdGame *g = &h->G;
    ed_deal(g, &F->cfg, &F->R, seed);
    memset(&h->hist, 0, sizeof h->hist);
    h->hist.penalty = -1;
    h->hist.color = g->h_color;                 /* the 'first' event: the first card's colour, if it has one */
    g->eh = &h->hist;
    rng_seed(&h->rng, key, F->cfg.fast);
    h->decisions = 0; h->truncated = 0; h->reacted = 0; h->stem_on = 0; h->has_plan = 0;
    edf_new_round(F, h);
}

/* the turn choice of bot `pol` among L[0..m) (unfolded) for the seat asked in hand h: random-play drawing from r,
 * greedy, or the strategist (a coloured edition's drawing from r) */
static int edf_choose(EdF *h, int pol, Rng *r, const EdMove *L, int m) {
    const EdGame *g = &h->G;
    if (pol == POL_GREEDY) return ed_greedy(g, L, m);
    if (pol == POL_STRATEGIST) return h->ec ? ec_act(h->ec, g, r, L, m) : ed_strategist(h->es, g, L, m);
    return ed_random_play(r, L, m, g->phase);
}

/* the bot `pol` of the seat asked in hand h deciding (Flow.bot_decides): in a window its react (UNO, a catch, a press:
 * RandomPlayBot's, GreedyBot's and StrategistBot's alike), else its act over the options unfolded (a bot is never
 * asked inside a stem: the seat that chose it is) */
static void edf_bot(EdFlw *F, EdF *h, int pol, Rng *r) {
    EdGame *g = &h->G;
    EdMove *L = F->buf;
    int s = h->seat;
    int m = ed_legal(g, s, !h->window, L), k = h->window ? (m ? ed_react(L, m) : -1) : edf_choose(h, pol, r, L, m);
    EdMove a = k >= 0 ? L[k] : ed_mv(s, 0, 0, 0, 0, 0);
    edf_apply(F, h, k >= 0 ? &a : NULL);   /* (a complete move: a seat it names is its own, never EDF_STEM) */
}

static PyObject *py_edflow_new(PyObject *self, PyObject *args) {
    PyObject *cfgo;
    Py_buffer seeds, offs, pos, flags, pid, ids, keys;
    int size, C, K, reveal_all, nsteps, wait, maxd;
    if (!PyArg_ParseTuple(args, "Oy*y*iy*y*iiiy*y*iiiy*", &cfgo, &seeds, &offs, &size, &pos, &flags, &C, &K, &reveal_all,
                          &pid, &ids, &nsteps, &wait, &maxd, &keys)) return NULL;
    EdFlw *F = PyMem_RawCalloc(1, sizeof(EdFlw));
    PyObject *cap = NULL;
    if (!F) { PyErr_NoMemory(); goto done; }
    if (read_config(cfgo, &F->cfg) < 0) goto fail;
    int n = F->cfg.n;
    Py_ssize_t count = seeds.len / 8, nid = (Py_ssize_t)(sizeof F->discard_id + sizeof F->color_id + sizeof F->catch_id
                                                         + sizeof F->target_id + sizeof F->verb_id);
    if (!F->cfg.ed || ed_parse(F->cfg.ed, F->cfg.ed_len, &F->R) < 0) {
        PyErr_SetString(PyExc_ValueError, "edflow_new: the config of an edition");
        goto fail;
    }
    if (seeds.len % 8 || keys.len != seeds.len || offs.len != EB_BLOCKS * 4 || pos.len != ED_NF || flags.len % 4
        || size <= 0 || nsteps <= 0 || wait < 0 || wait >= nsteps || maxd <= 0 || (C != 4 && C != 8) || K < 1
        || K > 256 || pid.len != (Py_ssize_t)sizeof F->play_id || ids.len != nid) {
        PyErr_SetString(PyExc_ValueError, "edflow_new: seeds, keys, layout or tables of the wrong size");
        goto fail;
    }
    const int32_t *ov = offs.buf;
    const uint8_t *pv = pos.buf;
    int sizes[EB_BLOCKS] = {K, K, C, 2, 1, n, 2 * n, n, n, 7, K, K, 2, n, 2, K, (2 * C + 3) * (n - 1), 2 * K + 4,
                            (int)(flags.len / 4)};
    for (int b = 0; b < EB_BLOCKS; b++)
        if ((b == EB_STEM && ov[b] < 0) ? 0 : ov[b] < 0 || ov[b] + sizes[b] > size) {
            PyErr_SetString(PyExc_ValueError, "edflow_new: a block out of range");
            goto fail;
        }
    for (int c = 0; c < ED_NF; c++)
        if (pv[c] >= K) { PyErr_SetString(PyExc_ValueError, "edflow_new: a face out of the table's cards"); goto fail; }
    const int16_t *pi = pid.buf, *iv = ids.buf;
    for (Py_ssize_t j = 0; j < pid.len / 2; j++) if (pi[j] >= nsteps || pi[j] == wait) goto bad_step;
    for (Py_ssize_t j = 0; j < nid / 2; j++) if (iv[j] >= nsteps || iv[j] == wait) goto bad_step;
    F->n = n; F->nsteps = nsteps; F->wait = wait; F->max_decisions = maxd; F->size = size; F->C = C; F->K = K;
    F->nflags = (int)(flags.len / 4);
    F->reveal_all = reveal_all != 0;
    for (int b = 0; b < EB_BLOCKS; b++) F->off[b] = ov[b];
    memcpy(F->pos, pv, ED_NF);
    memcpy(F->play_id, pid.buf, sizeof F->play_id);
    const char *ib = ids.buf;
    memcpy(F->discard_id, ib, sizeof F->discard_id); ib += sizeof F->discard_id;
    memcpy(F->color_id, ib, sizeof F->color_id); ib += sizeof F->color_id;
    memcpy(F->catch_id, ib, sizeof F->catch_id); ib += sizeof F->catch_id;
    memcpy(F->target_id, ib, sizeof F->target_id); ib += sizeof F->target_id;
    memcpy(F->verb_id, ib, sizeof F->verb_id);
    F->flags = PyMem_RawMalloc(flags.len ? (size_t)flags.len : 1);
    F->f = PyMem_RawCalloc((size_t)(count ? count : 1), sizeof(EdF));
    if (!F->flags || !F->f) { PyErr_NoMemory(); goto fail; }
    memcpy(F->flags, flags.buf, (size_t)flags.len);
    F->count = count;
    const uint64_t *sv = seeds.buf, *kv = keys.buf;
    for (Py_ssize_t i = 0; i < count; i++) edf_begin(F, &F->f[i], sv[i], kv[i]);
    cap = PyCapsule_New(F, "unokit.edflow", edf_free);
    if (cap) F = NULL;
    goto fail;
bad_step:
    PyErr_SetString(PyExc_ValueError, "edflow_new: a step out of range");
fail:
    if (F) { PyMem_RawFree(F->flags); PyMem_RawFree(F->f); PyMem_RawFree(F); }
done:
    PyBuffer_Release(&seeds); PyBuffer_Release(&offs); PyBuffer_Release(&pos); PyBuffer_Release(&flags);
    PyBuffer_Release(&pid); PyBuffer_Release(&ids); PyBuffer_Release(&keys);
    return cap;
}

#define EDF_SIZE(F) ((F)->size)
ENV_FLOW_PY(edflow, EdFlw, edf_get, EdMove, edf_find, edf_apply, edf_mask, edf_rewards, edf_encode, EDF_SIZE)

/* the observation and mask of the seat asked in hand 0, and where the hand stands */
static PyObject *edf_after(EdFlw *F, Py_buffer *ob, Py_buffer *mb, long decided, int with_log) {
    EdF *h = &F->f[0];
    if (h->seat >= 0) {
        edf_encode(F, h, h->seat, ob->buf);
        memset(mb->buf, 0, (size_t)F->nsteps);
        edf_mask(F, h, mb->buf);
    }
    PyBuffer_Release(ob); PyBuffer_Release(mb);
    const EdGame *g = &h->G;
    int win = g->over ? (int)g->winner : -1;
    if (with_log) return Py_BuildValue("(iiiil)", (int)h->seat, (int)h->window, (int)h->truncated, win, decided);
    return Py_BuildValue("(iiii)", (int)h->seat, (int)h->window, (int)h->truncated, win);
}

static PyObject *py_edflow_one(PyObject *self, PyObject *args) {
    PyObject *cap;
    int st;
    Py_buffer ob, mb;
    if (!PyArg_ParseTuple(args, "Oiw*w*", &cap, &st, &ob, &mb)) return NULL;
    EdFlw *F = edf_get(cap);
    if (!F || F->count < 1 || ob.len != (Py_ssize_t)F->size * 4 || mb.len != F->nsteps) {
        if (F) PyErr_SetString(PyExc_ValueError, "edflow_one: obs of size float32, mask of nsteps");
        PyBuffer_Release(&ob); PyBuffer_Release(&mb);
        return NULL;
    }
    EdF *h = &F->f[0];
    if (st != -1) {
        EdMove a;
        int w;
        if (!edf_find(F, h, st, &a, &w)) {
            PyBuffer_Release(&ob); PyBuffer_Release(&mb);
            PyErr_Format(PyExc_ValueError, "step id %d is not offered to the seat asked now", st);
            return NULL;
        }
        edf_apply(F, h, w ? NULL : &a);
    }
    return edf_after(F, &ob, &mb, 0, 0);
}

static PyObject *py_edflow_bots_new(PyObject *self, PyObject *args) {
    PyObject *cap;
    Py_buffer keys;
    if (!PyArg_ParseTuple(args, "Oy*", &cap, &keys)) return NULL;
    EdFlw *F = edf_get(cap);
    if (!F || keys.len != (Py_ssize_t)F->n * 8) {
        if (F) PyErr_SetString(PyExc_ValueError, "edflow_bots_new: one uint64 key per seat");
        PyBuffer_Release(&keys);
        return NULL;
    }
    PyObject *out = fbots_capsule(F->n, keys.buf, F->n, F->cfg.fast);
    PyBuffer_Release(&keys);
    return out;
}

static PyObject *py_edflow_bots(PyObject *self, PyObject *args) {
    PyObject *cap, *bcap;
    int agent;
    Py_buffer ob, mb;
    if (!PyArg_ParseTuple(args, "OOiw*w*", &cap, &bcap, &agent, &ob, &mb)) return NULL;
    EdFlw *F = edf_get(cap);
    FBots *B = F ? PyCapsule_GetPointer(bcap, "unokit.flowbots") : NULL;
    if (!B || F->count < 1 || B->n != F->n || agent < 0 || agent >= F->n || ob.len != (Py_ssize_t)F->size * 4
        || mb.len != F->nsteps) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "edflow_bots: its bots, a seat, obs, mask");
        PyBuffer_Release(&ob); PyBuffer_Release(&mb);
        return NULL;
    }
    EdF *h = &F->f[0];
    long decided = 0;
    while (!h->G.over && !h->truncated && h->seat != agent) {
        edf_bot(F, h, POL_RANDOM_PLAY, &B->r[h->seat]);
        decided++;
    }
    return edf_after(F, &ob, &mb, decided, 1);
}

#define EDFLOW_METHODS \
    {"edflow_new", py_edflow_new, METH_VARARGS, "The env's decision flow on an edition's hands (see _edflow.h)."}, \
    {"edflow_where", py_edflow_where, METH_VARARGS, "(seat asked, window, truncated) of each hand."}, \
    {"edflow_mask", py_edflow_mask, METH_VARARGS, "The masks over the step ids, into a buffer."}, \
    {"edflow_answer", py_edflow_answer, METH_VARARGS, "One step id per hand, as Flow.answer."}, \
    {"edflow_rewards", py_edflow_rewards, METH_VARARGS, "hand_rewards of each hand, into a buffer."}, \
    {"edflow_observe", py_edflow_observe, METH_VARARGS, "Flow.observe of a seat of each hand, into a buffer."}, \
    {"edflow_one", py_edflow_one, METH_VARARGS, "One hand's step, the next observation and mask written."}, \
    {"edflow_bots_new", py_edflow_bots_new, METH_VARARGS, "Random-play opponents for hand 0 (see _edflow.h)."}, \
    {"edflow_bots", py_edflow_bots, METH_VARARGS, "The opponents of hand 0 decide until the agent is asked."},

/* ------------------------------------------------------------------ the batched env's hands (_venv.h) */
static Py_ssize_t ev_count(const EdFlw *F) { return F->count; }
static int ev_n(const EdFlw *F) { return F->n; }
static int ev_nsteps(const EdFlw *F) { return F->nsteps; }
static int ev_size(const EdFlw *F) { return F->size; }
static int ev_seat(const EdFlw *F, Py_ssize_t i) { return F->f[i].seat; }
static int ev_over(const EdFlw *F, Py_ssize_t i) { return F->f[i].G.over; }
static void ev_deal(EdFlw *F, Py_ssize_t i, uint64_t seed) { edf_begin(F, &F->f[i], seed, seed ^ 0x5EED); }
static int ev_offered(EdFlw *F, Py_ssize_t i, int st, EdMove *a, int *wait) { return edf_find(F, &F->f[i], st, a, wait); }
static void ev_choose(EdFlw *F, Py_ssize_t i, const EdMove *a) { edf_apply(F, &F->f[i], a); }
static void ev_bot(EdFlw *F, Py_ssize_t i, int pol, Rng *r) { edf_bot(F, &F->f[i], pol, r); }
static void ev_rewards(const EdFlw *F, Py_ssize_t i, int mode, float *r) { edf_rewards(&F->f[i].G, mode, r); }

static void ev_write(EdFlw *F, Py_ssize_t i, int me, float *obs, int8_t *mask) {
    EdF *h = &F->f[i];
    edf_encode(F, h, me, obs);
    memset(mask, 0, (size_t)F->nsteps);
    if (h->seat == me) edf_mask(F, h, mask);
}

/* the strategist seats of hand i read from the deal on (`policy`: every seat's, the teacher's at the agent's): es and
 * ec the slot's (ec used under a coloured edition only) */
static void ev_strat(EdFlw *F, Py_ssize_t i, EdStrat *es, EcStrat *ec, const uint8_t *policy) {
    EdF *h = &F->f[i];
    es->stuck = 0;
    es->draws_since = 0;
    h->es = es;
    h->ec = NULL;
    if (F->R.coloured) {
        Config c = F->cfg;
        for (int s = 0; s < F->n; s++) c.policy[s] = policy[s];
        ec_begin(ec, &h->G, &c);
        h->ec = ec;
    }
}

/* the teacher `pol`'s step id for the seat asked in hand i (as the bot decides for it, drawing from r): in a window its
 * react (wait when none); in turn its act over the options unfolded (its play kept: the plan), offered as the step that
 * play begins (a seat named among several: the stem's); inside a stem the plan's seat (no plan: its choice among the
 * stem's seats) */
static int ev_teacher(EdFlw *F, Py_ssize_t i, int pol, Rng *r) {
    EdF *h = &F->f[i];
    EdGame *g = &h->G;
    EdMove *L = F->buf;
    int s = h->seat;
    if (h->window) {
        int m = ed_legal(g, s, 0, L), k = m ? ed_react(L, m) : -1;
        return k < 0 ? F->wait : edf_step(F, h, &L[k]);
    }
    if (h->stem_on) {
        if (h->has_plan) return edf_step(F, h, &h->plan);
        int m = edf_options(F, h, L);
        return m ? edf_step(F, h, &L[edf_choose(h, pol, r, L, m)]) : -1;
    }
    int m = ed_legal(g, s, 1, L), k = edf_choose(h, pol, r, L, m);
    h->plan = L[k];
    h->has_plan = 1;
    edf_options(F, h, L);       /* the same list, a seat named among several folded into its stem */
    return edf_step(F, h, &L[k]);
}

