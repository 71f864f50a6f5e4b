/* The RL environments' decision flow in the compiled core (issue 27, point 1; included by _ccore.c after
 * _observe.h): unokit.env.core.Flow for the hands of a batch, one decision at a time.
 *
 * The order in which a reaction window's seats are asked: unokit.env.core.Flow draws it with
 * random.Random(seed ^ 0x5EED).shuffle (unokit.engine.flow.reaction_seats); mt_shuffle_seats is that shuffle on
 * CPython's Mersenne Twister (_chance.h), so C asks the seats in the order Python asks them.
 *
 *   flow_new(vec, obs, step_of, move_of, nsteps, wait, max_decisions, keys)   a capsule: the flow of each hand of
 *                      batch `vec` (its history `obs`, or None), asked as Flow asks: `step_of` (int16 bytes,
 *                      players x FLW_MOVES) the env's step id of each move number of each seat (-1: none), `move_of`
 *                      (int16 bytes, players x nsteps) the move number of each step id (-1: none), both built
 *                      from unokit.rules.codec.Codec in Python; `wait` the id of `wait`; `keys` (uint64 bytes)
 *                      each hand's generator key, seed ^ 0x5EED (a batch of fast chance draws the orders from
 *                      the fast generator so keyed: the same distribution, not Python's orders)
 *   flow_where(flow)   (seat int8 bytes, window uint8 bytes, truncated uint8 bytes): who is asked (-1: over)
 *   flow_mask(flow, out)       the masks over the step ids into `out` (count x nsteps int8, zeroed here)
 *   flow_answer(flow, steps)   one step id per hand (int32 bytes, -1: skip), as Flow.answer; every step is
 *                      checked first: one not offered raises ValueError and no hand changes
 *   flow_rewards(flow, mode, out)   hand_rewards (mode 0 "hand", 1 "points") into `out` (count x players float32)
 *   flow_one(flow, step, obs, mask)   one hand's step (hand 0; -1: none) as Flow.answer, then the observation of
 *                      the seat asked (Flow.observe) into `obs` (size float32) and its mask into `mask` (nsteps
 *                      int8) when the hand goes on; returns (seat, window, truncated, winner), -1 for none. The
 *                      AEC environment's step: one call, no Python object per decision. ValueError for a step not
 *                      offered (nothing changes).
 *   flow_bots_new(flow, keys)   a capsule: random-play opponents for hand 0, RandomPlayBot(keys[s]) at seat s
 *                      (uint64 bytes, one per seat; under fast chance the fast generator so keyed)
 *   flow_bots(flow, bots, agent, obs, mask)   UnoGymEnv._advance on hand 0: the opponents decide (Flow.bot_decides
 *                      with RandomPlayBot: in a window it says UNO, then catches; in turn unokit.fast's port of its
 *                      act) until seat `agent` is asked or the hand ends; then as flow_one. Returns (seat, window,
 *                      truncated, winner, log): `log` int16 bytes, (seat, step id) of each decision the opponents took
 *
 * The rules held: those whose every move is one step (the official rules: no play is composed, so no stem). */

/* random.Random.shuffle over n seats: for i = n-1 .. 1, swap i with _randbelow(i + 1) */
static void mt_shuffle_seats(MT *r, int8_t *seats, int n) {
    for (int i = n - 1; i > 0; i--) {
        int j = (int)mt_below(r, (uint32_t)(i + 1));
        int8_t t = seats[i];
        seats[i] = seats[j];
        seats[j] = t;
    }
}

static PyObject *py_flow_order_check(PyObject *self, PyObject *args) {
    /* random.Random(key) shuffling each list of seats in turn (one generator): the tests compare the
     * orders with the ones the Python Flow asks */
    unsigned long long key;
    PyObject *lists;
    if (!PyArg_ParseTuple(args, "KO", &key, &lists)) return NULL;
    PyObject *seq = PySequence_Fast(lists, "seat lists expected");
    if (!seq) return NULL;
    Py_ssize_t m = PySequence_Fast_GET_SIZE(seq);
    PyObject *out = PyList_New(m);
    if (!out) { Py_DECREF(seq); return NULL; }
    MT r;
    mt_seed(&r, key);
    for (Py_ssize_t k = 0; k < m; k++) {
        PyObject *one = PySequence_Fast(PySequence_Fast_GET_ITEM(seq, k), "a list of seats expected");
        if (!one) goto fail;
        Py_ssize_t n = PySequence_Fast_GET_SIZE(one);
        int8_t seats[MAXP];
        if (n > MAXP) { Py_DECREF(one); PyErr_SetString(PyExc_ValueError, "too many seats"); goto fail; }
        for (Py_ssize_t i = 0; i < n; i++) {
            long s = PyLong_AsLong(PySequence_Fast_GET_ITEM(one, i));
            if (s == -1 && PyErr_Occurred()) { Py_DECREF(one); goto fail; }
            if (s < 0 || s >= MAXP) { Py_DECREF(one); PyErr_SetString(PyExc_ValueError, "bad seat"); goto fail; }
            seats[i] = (int8_t)s;
        }
        Py_DECREF(one);
        mt_shuffle_seats(&r, seats, (int)n);
        PyObject *res = PyList_New(n);
        if (!res) goto fail;
        for (Py_ssize_t i = 0; i < n; i++) PyList_SET_ITEM(res, i, PyLong_FromLong(seats[i]));
        PyList_SET_ITEM(out, k, res);
    }
    Py_DECREF(seq);
    return out;
fail:
    Py_DECREF(seq);
    Py_DECREF(out);
    return NULL;
}

/* ------------------------------------------------------------------ the flow of a batch's hands */
/* the same shuffle on a hand's generator: CPython's (referee chance), or the fast one (fast chance: the same
 * distribution of orders, not Python's) */
static void rng_shuffle_seats(Rng *r, int8_t *seats, int n) {
    if (!r->fast) { mt_shuffle_seats(&r->mt, seats, n); return; }
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rng_below(r, (uint32_t)(i + 1));
        int8_t t = seats[i];
        seats[i] = seats[j];
        seats[j] = t;
    }
}

typedef struct {
    Rng rng;                    /* Flow.rng: random.Random(seed ^ 0x5EED) (fast chance: the fast generator) */
    int8_t seat;                /* the seat asked (-1: the hand is over) */
    uint8_t window, truncated;
    uint8_t qhead, qlen;        /* Flow.queue: queue[qhead..qlen) still to ask, in the shuffled order */
    uint8_t reacted;            /* reactions applied this step */
    int8_t queue[MAXP];
    uint32_t decisions;
} FHand;

/* the move numbers of a seat the tables cover: every one of the core's (a Batch's, APS + EXT_PER, then M's slap and
 * DP's challenge of a draw: unokit.fast.envflow.flow_tables maps those the rules have) */
#define FLW_MOVES XPS

typedef struct {
    PyObject *vcap, *ocap;      /* owned: the batch and its history */
    Vec *v;
    Obs *o;                     /* NULL: no history kept */
    int n, nsteps, wait, max_decisions;
    int16_t *step_of;           /* [seat * FLW_MOVES + move number] -> step id */
    int16_t *move_of;           /* [seat * nsteps + step id] -> move number */
    FHand *f;
} Flw;

/* Flow._ask_next: the next seat of the queue that has a reaction, else the seat in turn */
static void fl_ask_next(FHand *h, const Game *g) {
    int16_t ids[MAXLEGAL];
    if (g->over) { h->seat = -1; h->window = 0; return; }
    while (h->qhead < h->qlen) {
        int s = h->queue[h->qhead++];
        if (add_reactions(g, ids, 0, s)) { h->seat = (int8_t)s; h->window = 1; return; }
    }
    h->seat = (int8_t)g->current;
    h->window = 0;
}

/* Game.out_of_turn_seats' "everyone": a rule's action offered to a seat other than `me` (M's slap, DP's challenge) */
static int fl_rule_action_offered(const Game *g, int me) {
    for (int p = 0; p < g->n; p++)
        if (p != me && !(g->out >> p & 1) && ((g->m_open && !(g->m_slapped >> p & 1)) || dp_may_challenge(g, p)))
            return 1;
    return 0;
}

/* Flow._new_round: Game.out_of_turn_seats without the seat in turn, shuffled, then asked */
static void fl_new_round(FHand *h, const Game *g) {
    h->qhead = h->qlen = 0;
    if (!g->over && h->reacted < 2 * g->n) {
        int me = g->current, everyone = g->catchable || fl_rule_action_offered(g, me);
        for (int p = 0; p < g->n; p++)
            if (p != me && !(g->out >> p & 1) && (everyone || (g->hand_len[p] == 1 && !g->uno_said[p])))
                h->queue[h->qlen++] = (int8_t)p;        /* (seats out of the hand, MS: never asked) */
        rng_shuffle_seats(&h->rng, h->queue, h->qlen);
    }
    fl_ask_next(h, g);
}

/* a hand as dealt: Flow.__init__ (its generator keyed `key`; `fast`: the fast generator) */
static void fl_begin(FHand *h, const Game *g, uint64_t key, int fast) {
    rng_seed(&h->rng, key, fast);
    h->decisions = 0;
    h->truncated = 0;
    h->reacted = 0;
    fl_new_round(h, g);
}

/* the step ids offered to the seat asked, into mask (zeroed by the caller); returns how many */
static int fl_mask(const Flw *F, const FHand *h, const Game *g, int8_t *mask) {
    int16_t ids[MAXLEGAL];
    if (h->seat < 0) return 0;
    int s = h->seat, m = legal_ids(g, s, ids), c = 0;
    const int16_t *so = F->step_of + (size_t)s * FLW_MOVES;
    for (int j = 0; j < m; j++) {
        int k = ids[j] % XPS, st = k < FLW_MOVES ? so[k] : -1;
        if (st >= 0 && !mask[st]) { mask[st] = 1; c++; }
    }
    if (h->window) { mask[F->wait] = 1; c++; }
    return c;
}

/* is step id `st` offered now? its move number in *k (-1: wait) */
static int fl_offered(const Flw *F, const FHand *h, const Game *g, int st, int *k) {
    if (h->seat < 0 || st < 0 || st >= F->nsteps) return 0;
    if (st == F->wait) { *k = -1; return h->window; }
    int s = h->seat, mv = F->move_of[(size_t)s * F->nsteps + st];
    if (mv < 0) return 0;
    int16_t ids[MAXLEGAL];
    int m = legal_ids(g, s, ids), want = s * XPS + mv;
    for (int j = 0; j < m; j++) if (ids[j] == want) { *k = mv; return 1; }
    return 0;
}

/* Flow.answer of an offered step (move number k, -1: wait) in hand i */
static void fl_apply(Flw *F, Py_ssize_t i, int k) {
    Game *g = &F->v->games[i];
    FHand *h = &F->f[i];
    h->decisions++;
    if (k < 0) fl_ask_next(h, g);
    else {
        int s = h->seat;
        Before pre = hist_before(g, s, k);
        memset(g->e_got, 0, sizeof g->e_got);   /* (E's and IE's debts drawn by this action: hist_debts) */
        apply_id(g, s * XPS + k);
        if (F->o) hist_move(F->o, &F->o->h[i], g, &pre, k);
        if (h->window) h->reacted++;
        else h->reacted = 0;
        fl_new_round(h, g);
    }
    if (!g->over && h->decisions >= (uint32_t)F->max_decisions) h->truncated = 1;
}

/* hand_rewards of hand g into r[0..n) (mode 1: points, each hand's times mult) */
static void fl_rewards_x(const Game *g, int mode, int mult, float *r) {
    int n = g->n, w = g->over ? g->winner : -1;
    if (w < 0) { for (int s = 0; s < n; s++) r[s] = 0; return; }
    if (mode == 1) {
        int tot = 0;
        for (int s = 0; s < n; s++) if (s != w) tot += mult * hand_points(g, s);
        for (int s = 0; s < n; s++) r[s] = s == w ? (float)(tot / 100.0) : (float)(-mult * hand_points(g, s) / 100.0);
        return;
    }
    for (int s = 0; s < n; s++) r[s] = s == w ? 1.0f : -1.0f;
}

/* hand_rewards of hand g (mode 0 "hand", 1 "points": Game.points, DOUBLE's multiplier applied by _h2flow.h) */
static void fl_rewards(const Game *g, int mode, float *r) { fl_rewards_x(g, mode, 1, r); }

static void flw_free(PyObject *cap) {
    Flw *F = PyCapsule_GetPointer(cap, "unokit.flow");
    if (!F) return;
    Py_XDECREF(F->vcap);
    Py_XDECREF(F->ocap);
    PyMem_RawFree(F->step_of);
    PyMem_RawFree(F->move_of);
    PyMem_RawFree(F->f);
    PyMem_RawFree(F);
}

static Flw *flw_get(PyObject *cap) { return PyCapsule_GetPointer(cap, "unokit.flow"); }

static PyObject *py_flow_new(PyObject *self, PyObject *args) {
    PyObject *vcap, *ocap;
    Py_buffer so, mo, keys;
    int nsteps, wait, maxd;
    if (!PyArg_ParseTuple(args, "OOy*y*iiiy*", &vcap, &ocap, &so, &mo, &nsteps, &wait, &maxd, &keys)) return NULL;
    Flw *F = NULL;
    Vec *v = vec_get(vcap);
    Obs *o = NULL;
    if (!v) goto fail;
    if (ocap != Py_None && !(o = obs_get(ocap, v))) goto fail;
    int n = v->cfg.n;
    if (nsteps <= 0 || wait < 0 || wait >= nsteps || maxd <= 0 || so.len != (Py_ssize_t)n * FLW_MOVES * 2
        || mo.len != (Py_ssize_t)n * nsteps * 2 || keys.len != v->count * 8) {
        PyErr_SetString(PyExc_ValueError, "flow_new: tables or keys of the wrong size");
        goto fail;
    }
    const int16_t *sv = so.buf, *mv = mo.buf;
    for (Py_ssize_t j = 0; j < (Py_ssize_t)n * FLW_MOVES; j++)
        if (sv[j] >= nsteps || sv[j] == wait) { PyErr_SetString(PyExc_ValueError, "flow_new: a step out of range"); goto fail; }
    for (Py_ssize_t j = 0; j < (Py_ssize_t)n * nsteps; j++)
        if (mv[j] >= FLW_MOVES) { PyErr_SetString(PyExc_ValueError, "flow_new: a move out of range"); goto fail; }
    F = PyMem_RawCalloc(1, sizeof(Flw));
    if (!F) { PyErr_NoMemory(); goto fail; }
    F->step_of = PyMem_RawMalloc((size_t)so.len);
    F->move_of = PyMem_RawMalloc((size_t)mo.len);
    F->f = PyMem_RawMalloc(sizeof(FHand) * (size_t)(v->count ? v->count : 1));
    if (!F->step_of || !F->move_of || !F->f) { PyErr_NoMemory(); goto fail; }
    memcpy(F->step_of, so.buf, (size_t)so.len);
    memcpy(F->move_of, mo.buf, (size_t)mo.len);
    F->v = v; F->o = o; F->n = n; F->nsteps = nsteps; F->wait = wait; F->max_decisions = maxd;
    const uint64_t *kv = keys.buf;
    for (Py_ssize_t i = 0; i < v->count; i++) fl_begin(&F->f[i], &v->games[i], kv[i], v->cfg.fast);
    PyBuffer_Release(&so); PyBuffer_Release(&mo); PyBuffer_Release(&keys);
    F->vcap = vcap; Py_INCREF(vcap);
    F->ocap = ocap; Py_INCREF(ocap);
    PyObject *cap = PyCapsule_New(F, "unokit.flow", flw_free);
    if (!cap) { Py_DECREF(vcap); Py_DECREF(ocap); PyMem_RawFree(F->step_of); PyMem_RawFree(F->move_of); PyMem_RawFree(F->f); PyMem_RawFree(F); }
    return cap;
fail:
    if (F) { PyMem_RawFree(F->step_of); PyMem_RawFree(F->move_of); PyMem_RawFree(F->f); PyMem_RawFree(F); }
    PyBuffer_Release(&so); PyBuffer_Release(&mo); PyBuffer_Release(&keys);
    return NULL;
}

static PyObject *py_flow_where(PyObject *self, PyObject *args) {
    PyObject *cap;
    if (!PyArg_ParseTuple(args, "O", &cap)) return NULL;
    Flw *F = flw_get(cap);
    if (!F) return NULL;
    Py_ssize_t c = F->v->count;
    PyObject *a = PyBytes_FromStringAndSize(NULL, c), *b = PyBytes_FromStringAndSize(NULL, c),
             *t = PyBytes_FromStringAndSize(NULL, c);
    if (!a || !b || !t) { Py_XDECREF(a); Py_XDECREF(b); Py_XDECREF(t); return NULL; }
    int8_t *av = (int8_t *)PyBytes_AS_STRING(a);
    uint8_t *bv = (uint8_t *)PyBytes_AS_STRING(b), *tv = (uint8_t *)PyBytes_AS_STRING(t);
    for (Py_ssize_t i = 0; i < c; i++) { av[i] = F->f[i].seat; bv[i] = F->f[i].window; tv[i] = F->f[i].truncated; }
    return Py_BuildValue("(NNN)", a, b, t);
}

static PyObject *py_flow_mask(PyObject *self, PyObject *args) {
    PyObject *cap;
    Py_buffer out;
    if (!PyArg_ParseTuple(args, "Ow*", &cap, &out)) return NULL;
    Flw *F = flw_get(cap);
    if (!F) { PyBuffer_Release(&out); return NULL; }
    if (out.len != F->v->count * F->nsteps) {
        PyBuffer_Release(&out);
        PyErr_SetString(PyExc_ValueError, "flow_mask: out of count x nsteps int8");
        return NULL;
    }
    int8_t *m = out.buf;
    memset(m, 0, (size_t)out.len);
    for (Py_ssize_t i = 0; i < F->v->count; i++) fl_mask(F, &F->f[i], &F->v->games[i], m + i * F->nsteps);
    PyBuffer_Release(&out);
    Py_RETURN_NONE;
}

static PyObject *py_flow_answer(PyObject *self, PyObject *args) {
    PyObject *cap;
    Py_buffer steps;
    if (!PyArg_ParseTuple(args, "Oy*", &cap, &steps)) return NULL;
    Flw *F = flw_get(cap);
    if (!F) { PyBuffer_Release(&steps); return NULL; }
    Py_ssize_t c = F->v->count;
    if (steps.len != c * 4) {
        PyBuffer_Release(&steps);
        PyErr_SetString(PyExc_ValueError, "one int32 step id per hand");
        return NULL;
    }
    const int32_t *sv = steps.buf;
    int *ks = PyMem_RawMalloc(sizeof(int) * (size_t)(c ? c : 1));
    if (!ks) { PyBuffer_Release(&steps); return PyErr_NoMemory(); }
    for (Py_ssize_t i = 0; i < c; i++) {   /* check every step first: a refused batch changes nothing */
        if (sv[i] == -1) continue;
        if (!fl_offered(F, &F->f[i], &F->v->games[i], sv[i], &ks[i])) {
            PyErr_Format(PyExc_ValueError, "hand %zd: step id %d is not offered to the seat asked now", i, (int)sv[i]);
            PyMem_RawFree(ks); PyBuffer_Release(&steps);
            return NULL;
        }
    }
    for (Py_ssize_t i = 0; i < c; i++) if (sv[i] != -1) fl_apply(F, i, ks[i]);
    PyMem_RawFree(ks);
    PyBuffer_Release(&steps);
    Py_RETURN_NONE;
}

static PyObject *py_flow_rewards(PyObject *self, PyObject *args) {
    PyObject *cap;
    int mode;
    Py_buffer out;
    if (!PyArg_ParseTuple(args, "Oiw*", &cap, &mode, &out)) return NULL;
    Flw *F = flw_get(cap);
    if (!F) { PyBuffer_Release(&out); return NULL; }
    if (out.len != F->v->count * F->n * 4) {
        PyBuffer_Release(&out);
        PyErr_SetString(PyExc_ValueError, "flow_rewards: out of count x players float32");
        return NULL;
    }
    float *r = out.buf;
    for (Py_ssize_t i = 0; i < F->v->count; i++) fl_rewards(&F->v->games[i], mode, r + i * F->n);
    PyBuffer_Release(&out);
    Py_RETURN_NONE;
}

static PyObject *py_flow_one(PyObject *self, PyObject *args) {
    PyObject *cap;
    int st;
    Py_buffer ob, mb;
    if (!PyArg_ParseTuple(args, "Oiw*w*", &cap, &st, &ob, &mb)) return NULL;
    Flw *F = flw_get(cap);
    if (!F || !F->o || F->v->count < 1 || ob.len != (Py_ssize_t)F->o->size * 4 || mb.len != F->nsteps) {
        if (F) PyErr_SetString(PyExc_ValueError, "flow_one: a flow with observations, obs of size float32, mask of nsteps");
        PyBuffer_Release(&ob); PyBuffer_Release(&mb);
        return NULL;
    }
    Game *g = &F->v->games[0];
    FHand *h = &F->f[0];
    if (st != -1) {
        int k;
        if (!fl_offered(F, h, g, st, &k)) {
            PyBuffer_Release(&ob); PyBuffer_Release(&mb);
            PyErr_Format(PyExc_ValueError, "step id %d is not offered to the seat asked now", st);
            return NULL;
        }
        fl_apply(F, 0, k);
    }
    if (h->seat >= 0) {
        obs_encode(F->o, &F->o->h[0], g, h->seat, h->window, ob.buf);
        memset(mb.buf, 0, (size_t)F->nsteps);
        fl_mask(F, h, g, mb.buf);
    }
    PyBuffer_Release(&ob); PyBuffer_Release(&mb);
    return Py_BuildValue("(iiii)", (int)h->seat, (int)h->window, (int)h->truncated, g->over ? (int)g->winner : -1);
}

/* ------------------------------------------------------------------ random-play opponents of one hand */
typedef struct { int n, shared; Rng r[MAXP]; } FBots;   /* shared: r[0] for every seat (_h2flow.h) */

static void fbots_free(PyObject *cap) { PyMem_RawFree(PyCapsule_GetPointer(cap, "unokit.flowbots")); }

/* a capsule of random-play generators for n seats keyed kv (nkeys: n, or 1 shared by every seat) */
static PyObject *fbots_capsule(int n, const uint64_t *kv, int nkeys, int fast) {
    FBots *B = PyMem_RawCalloc(1, sizeof(FBots));
    if (!B) return PyErr_NoMemory();
    B->n = n;
    B->shared = nkeys == 1;
    for (int s = 0; s < (B->shared ? 1 : n); s++) rng_seed(&B->r[s], kv[s], fast);
    PyObject *out = PyCapsule_New(B, "unokit.flowbots", fbots_free);
    if (!out) PyMem_RawFree(B);
    return out;
}

static PyObject *py_flow_bots_new(PyObject *self, PyObject *args) {
    PyObject *cap;
    Py_buffer keys;
    if (!PyArg_ParseTuple(args, "Oy*", &cap, &keys)) return NULL;
    Flw *F = flw_get(cap);
    if (!F || keys.len != (Py_ssize_t)F->n * 8) {
        if (F) PyErr_SetString(PyExc_ValueError, "flow_bots_new: one uint64 key per seat");
        PyBuffer_Release(&keys);
        return NULL;
    }
    PyObject *out = fbots_capsule(F->n, keys.buf, (int)(keys.len / 8), F->v->cfg.fast);
    PyBuffer_Release(&keys);
    return out;
}

static PyObject *py_flow_bots(PyObject *self, PyObject *args) {
    PyObject *cap, *bcap;
    int agent;
    Py_buffer ob, mb;
    if (!PyArg_ParseTuple(args, "OOiw*w*", &cap, &bcap, &agent, &ob, &mb)) return NULL;
    Flw *F = flw_get(cap);
    FBots *B = F ? PyCapsule_GetPointer(bcap, "unokit.flowbots") : NULL;
    if (!B || !F->o || F->v->count < 1 || B->n != F->n || agent < 0 || agent >= F->n
        || ob.len != (Py_ssize_t)F->o->size * 4 || mb.len != F->nsteps) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "flow_bots: a flow with observations, its bots, a seat, obs, mask");
        PyBuffer_Release(&ob); PyBuffer_Release(&mb);
        return NULL;
    }
    Game *g = &F->v->games[0];
    FHand *h = &F->f[0];
    int16_t ids[MAXLEGAL], logv[512];
    int nl = 0;
    PyObject *log = PyBytes_FromStringAndSize(NULL, 0);
    if (!log) { PyBuffer_Release(&ob); PyBuffer_Release(&mb); return NULL; }
    while (!g->over && !h->truncated && h->seat != agent) {
        int s = h->seat, a;
        if (h->window) a = react_random_play(ids, add_reactions(g, ids, 0, s));
        else a = policy_random_play(g, &B->r[s], ids, legal_ids(g, s, ids));
        int k = a < 0 ? -1 : a % XPS;
        logv[nl++] = (int16_t)s;
        logv[nl++] = (int16_t)(k < 0 ? F->wait : k < FLW_MOVES ? F->step_of[(size_t)s * FLW_MOVES + k] : -1);
        fl_apply(F, 0, k);
        if (nl == 512 || g->over || h->truncated || h->seat == agent) {   /* the log, in chunks */
            PyObject *more = PyBytes_FromStringAndSize((const char *)logv, (Py_ssize_t)nl * 2);
            PyBytes_ConcatAndDel(&log, more);
            if (!log) { PyBuffer_Release(&ob); PyBuffer_Release(&mb); return NULL; }
            nl = 0;
        }
    }
    if (h->seat >= 0) {
        obs_encode(F->o, &F->o->h[0], g, h->seat, h->window, ob.buf);
        memset(mb.buf, 0, (size_t)F->nsteps);
        fl_mask(F, h, g, mb.buf);
    }
    PyBuffer_Release(&ob); PyBuffer_Release(&mb);
    return Py_BuildValue("(iiiiN)", (int)h->seat, (int)h->window, (int)h->truncated, g->over ? (int)g->winner : -1, log);
}

#define FLOW_METHODS \
    {"flow_bots_new", py_flow_bots_new, METH_VARARGS, "Random-play opponents for a flow's hand 0 (see _flow.h)."}, \
    {"flow_bots", py_flow_bots, METH_VARARGS, "The opponents of hand 0 decide until the agent is asked (see _flow.h)."}, \
    {"flow_one", py_flow_one, METH_VARARGS, "One hand's step, the next observation and mask written (see _flow.h)."}, \
    {"flow_new", py_flow_new, METH_VARARGS, "The env's decision flow of a batch's hands (see _flow.h)."}, \
    {"flow_where", py_flow_where, METH_VARARGS, "(seat asked, window, truncated) of each hand."}, \
    {"flow_mask", py_flow_mask, METH_VARARGS, "The masks over the step ids, into a buffer."}, \
    {"flow_answer", py_flow_answer, METH_VARARGS, "One step id per hand, as Flow.answer."}, \
    {"flow_rewards", py_flow_rewards, METH_VARARGS, "hand_rewards of each hand, into a buffer."}, \
    {"flow_order_check", py_flow_order_check, METH_VARARGS, "random.Random(key).shuffle of seat lists, for the tests."},
