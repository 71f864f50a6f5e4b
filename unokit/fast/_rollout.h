/* The search bot's rollouts in C (included by _ccore.c).
 *
 * The search bot's rollout policy (unokit.bots.search.fast_rollout_id: 'greedy' or 'random') on a
 * FastGame's C state (one_play_out, _single.h), with the helpers that state needs: generators read and
 * written in place, states taken over from Python (game_from_py). The same moves, drawn from the same
 * generators, as unokit.bots.search._play_out's Python loop (tests/fast/test_compiled_rollout.py checks it).
 */

#ifdef XPS
#define RPS XPS      /* the core's own ids: seat * XPS + k (k < APS: unokit.fast's move numbers) */
#else
#define RPS APS
#endif

static uint8_t T_STOPS[NC];     /* a card that stops a player about to go out (search._STOPS) */
static int stops_ready = 0;

/* Direct access to a random.Random's generator, without building its 625-integer state: CPython's
 * _random.Random object is {PyObject_HEAD; int index; uint32_t state[624];}. Used only when
 * bind_random() was handed that type, its instances are at least that big, and the Python side
 * checked on live generators that what is read here is what getstate() says (else the slow path). */
typedef struct { PyObject_HEAD int index; uint32_t state[624]; } RandomLayout;
static PyTypeObject *RandomBase = NULL;

static PyObject *py_bind_random(PyObject *self, PyObject *args) {
    PyObject *t;
    if (!PyArg_ParseTuple(args, "O!", &PyType_Type, &t)) return NULL;
    if (((PyTypeObject *)t)->tp_basicsize < (Py_ssize_t)sizeof(RandomLayout)) Py_RETURN_FALSE;
    Py_INCREF(t);
    Py_XSETREF(RandomBase, (PyTypeObject *)t);
    Py_RETURN_TRUE;
}

static RandomLayout *as_random(PyObject *o) {
    if (!RandomBase || !PyObject_TypeCheck(o, RandomBase)) return NULL;
    return (RandomLayout *)o;
}

/* (index, state[0..623]) read through the layout: the Python side compares it with getstate() */
static PyObject *py_random_view(PyObject *self, PyObject *args) {
    PyObject *o;
    if (!PyArg_ParseTuple(args, "O", &o)) return NULL;
    RandomLayout *r = as_random(o);
    if (!r) { PyErr_SetString(PyExc_TypeError, "not a bound random.Random"); return NULL; }
    PyObject *t = PyTuple_New(625);
    if (!t) return NULL;
    for (int i = 0; i < 624; i++) PyTuple_SET_ITEM(t, i, PyLong_FromUnsignedLong(r->state[i]));
    PyTuple_SET_ITEM(t, 624, PyLong_FromLong(r->index));
    return t;
}

static int mt_take(MT *m, PyObject *o) {
    RandomLayout *r = as_random(o);
    if (!r || r->index < 0 || r->index > 624) { PyErr_SetString(PyExc_TypeError, "not a bound random.Random"); return -1; }
    memcpy(m->mt, r->state, sizeof m->mt);
    m->mti = r->index;
    m->tw = 624;
    return 0;
}

static void mt_give(MT *m, PyObject *o) {
    RandomLayout *r = (RandomLayout *)o;
    mt_settle(m);
    memcpy(r->state, m->mt, sizeof m->mt);
    r->index = m->mti;
}

static int mt_from_py(MT *r, PyObject *st) {
    /* random.Random.getstate()[1]: 624 words and the index */
    if (!PyTuple_Check(st) || PyTuple_GET_SIZE(st) != 625) {
        PyErr_SetString(PyExc_ValueError, "a Mersenne Twister state is 625 integers");
        return -1;
    }
    for (int i = 0; i < 624; i++) {
        unsigned long v = PyLong_AsUnsignedLong(PyTuple_GET_ITEM(st, i));
        if (PyErr_Occurred()) return -1;
        r->mt[i] = (uint32_t)v;
    }
    long idx = PyLong_AsLong(PyTuple_GET_ITEM(st, 624));
    if (PyErr_Occurred()) return -1;
    if (idx < 0 || idx > 624) { PyErr_SetString(PyExc_ValueError, "bad generator index"); return -1; }
    r->mti = (int)idx;
    r->tw = 624;
    return 0;
}

static PyObject *mt_to_py(MT *r) {
    mt_settle(r);
    PyObject *t = PyTuple_New(625);
    if (!t) return NULL;
    for (int i = 0; i < 624; i++) PyTuple_SET_ITEM(t, i, PyLong_FromUnsignedLong(r->mt[i]));
    PyTuple_SET_ITEM(t, 624, PyLong_FromLong(r->mti));
    return t;
}

static int cards_from_py(PyObject *seq, uint8_t *out, int max, int *len) {
    PyObject *fast = PySequence_Fast(seq, "a list of card ids");
    if (!fast) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n > max) { Py_DECREF(fast); PyErr_SetString(PyExc_ValueError, "too many cards"); return -1; }
    for (Py_ssize_t i = 0; i < n; i++) {
        long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (c < 0 || c >= NC) {
            Py_DECREF(fast);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "not a card id");
            return -1;
        }
        out[i] = (uint8_t)c;
    }
    *len = (int)n;
    Py_DECREF(fast);
    return 0;
}

static PyObject *cards_to_py(const uint8_t *cards, int n) {
    PyObject *l = PyList_New(n);
    for (int i = 0; i < n && l; i++) PyList_SET_ITEM(l, i, PyLong_FromLong(cards[i]));
    return l;
}

/* state = (n, hands, stock, discard, color, direction, current, phase, pending, drawn, going_out,
 *          wd4 (None or (bluffer, bluff, prev)), uno_said, catchable, uno_penalty, bluff_option) */
static int game_from_py(Game *g, PyObject *st) {
    PyObject *hands, *stock, *discard, *wd4, *said, *catchable;
    int n, color, direction, current, phase, pending, drawn, going_out, uno_penalty, bluff_option, len;
    if (!PyArg_ParseTuple(st, "iOOOiiiiiiiOOOii", &n, &hands, &stock, &discard, &color, &direction, &current, &phase,
                          &pending, &drawn, &going_out, &wd4, &said, &catchable, &uno_penalty, &bluff_option))
        return -1;
    if (n < 2 || n > MAXP || color < 0 || color > 3 || (direction != 1 && direction != -1) || current < 0 ||
        current >= n || !(phase <= PH_COLOR || phase == PH_OVER) || pending < 0 || pending > 255 ||
        drawn < -1 || drawn >= NC || going_out < -1 || going_out >= n || uno_penalty < 0 || uno_penalty > 20) {
        PyErr_SetString(PyExc_ValueError, "not a fast-core state");
        return -1;
    }
    memset(g, 0, offsetof(Game, rng));
    g->n = (uint8_t)n;
    g->color = (uint8_t)color;
    g->direction = (int8_t)direction;
    g->current = (uint8_t)current;
    g->phase = (uint8_t)phase;
    g->over = phase == PH_OVER;
    g->pending = (uint8_t)pending;
    g->drawn = (int8_t)drawn;
    g->going_out = (int8_t)going_out;
    g->winner = -1;
    g->sum_seat = g->sum_player = -1;   /* the official rules' defaults of deal(): no ADDUP window, */
    g->cap = 255;                       /* no hand limit (LIMIT) */
    g->uno_penalty = (uint8_t)uno_penalty;
    g->bluff_option = (uint8_t)bluff_option;
    g->wd4_bluffer = -1;
    if (wd4 != Py_None) {
        int b, bluff, prev;
        if (!PyArg_ParseTuple(wd4, "ipi", &b, &bluff, &prev)) return -1;
        if (b < 0 || b >= n || prev < 0 || prev > 3) { PyErr_SetString(PyExc_ValueError, "bad wd4"); return -1; }
        g->wd4_bluffer = (int8_t)b;
        g->wd4_bluff = (uint8_t)bluff;
        g->wd4_prev = (uint8_t)prev;
    }
    PyObject *hf = PySequence_Fast(hands, "hands");
    if (!hf) return -1;
    if (PySequence_Fast_GET_SIZE(hf) != n) { Py_DECREF(hf); PyErr_SetString(PyExc_ValueError, "one hand per seat"); return -1; }
    int total = 0;
    for (int s = 0; s < n; s++) {
        if (cards_from_py(PySequence_Fast_GET_ITEM(hf, s), g->hands[s], NDECK, &len) < 0) { Py_DECREF(hf); return -1; }
        g->hand_len[s] = (uint8_t)len;
        total += len;
    }
    Py_DECREF(hf);
    if (cards_from_py(stock, g->stock, NDECK, &len) < 0) return -1;
    g->stock_len = (uint8_t)len;
    total += len;
    if (cards_from_py(discard, g->discard, NDECK, &len) < 0) return -1;
    g->discard_len = (uint8_t)len;
    total += len;
    if (total > NDECK || g->discard_len < 1) { PyErr_SetString(PyExc_ValueError, "not one deck"); return -1; }
    PyObject *sf = PySequence_Fast(said, "uno_said");
    if (!sf) return -1;
    if (PySequence_Fast_GET_SIZE(sf) != n) { Py_DECREF(sf); PyErr_SetString(PyExc_ValueError, "uno_said"); return -1; }
    for (int s = 0; s < n; s++) g->uno_said[s] = (uint8_t)PyObject_IsTrue(PySequence_Fast_GET_ITEM(sf, s));
    Py_DECREF(sf);
    PyObject *it = PyObject_GetIter(catchable), *q;
    if (!it) return -1;
    while ((q = PyIter_Next(it))) {
        long v = PyLong_AsLong(q);
        Py_DECREF(q);
        if (v < 0 || v >= n) { Py_DECREF(it); if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "catchable"); return -1; }
        g->catchable |= (uint16_t)(1u << v);
    }
    Py_DECREF(it);
    if (PyErr_Occurred()) return -1;
    set_ok(g);
    return 0;
}

static void color_counts(const Game *g, int p, int counts[4]) {
    counts[0] = counts[1] = counts[2] = counts[3] = 0;
    for (int i = 0; i < g->hand_len[p]; i++) if (g->hands[p][i] < WILD) counts[g->hands[p][i] / 13]++;
}

static int max_index(const int counts[4], int *m) {
    int best = 0;
    for (int k = 1; k < 4; k++) if (counts[k] > counts[best]) best = k;
    *m = counts[best];
    return best;
}

/* search.fast_rollout_id(f, rng, 'greedy') */
static int rollout_greedy(const Game *g, MT *r) {
    int p = g->current, base = p * RPS, nh = g->hand_len[p], counts[4], m;
    const uint8_t *hand = g->hands[p];
    switch (g->phase) {
    case PH_PLAY: {
        color_counts(g, p, counts);
        int threat = g->hand_len[next_seat(g, p)] <= 2;
        int best = -1, best_key = -1;
        for (int i = 0; i < nh; i++) {
            int c = hand[i], key;
            if (c < WILD) {
                if (!g->ok[c]) continue;
                key = (threat && T_STOPS[c]) << 12 | 2048 | counts[c / 13] << 6 | T_POINTS[c];
            } else {
                key = (threat && T_STOPS[c]) << 12 | T_POINTS[c];
            }
            if (key > best_key) { best = c; best_key = key; }
        }
        if (best < 0) return base + K_DRAW;
        if (best < WILD) return base + 2 * best + (nh == 2);
        if (nh == 1) return base + 104 + 8 * (best - WILD) + 2 * (int)mt_below(r, 4);
        int col = max_index(counts, &m);
        if (!m) col = (int)mt_below(r, 4);
        return base + 104 + 8 * (best - WILD) + 2 * col + (nh == 2);
    }
    case PH_DRAWN: {
        int c = g->drawn;
        if (c < WILD) return base + 2 * c + (nh == 2);
        color_counts(g, p, counts);
        return base + 104 + 8 * (c - WILD) + 2 * max_index(counts, &m) + (nh == 2);
    }
    case PH_PENDING:
        if (g->wd4_bluffer < 0) mt_below(r, 1);   /* rollout_action draws from its only option */
        return base + K_DRAW;
    default: {                                    /* PH_COLOR */
        color_counts(g, p, counts);
        int col = max_index(counts, &m);
        return base + K_COLOR + (m ? col : (int)mt_below(r, 4));
    }
    }
}

/* search.fast_turn_ids + a uniform pick: the 'random' rollout policy */
static int rollout_random(const Game *g, MT *r) {
    int16_t ids[MAXLEGAL], out[MAXLEGAL];
    int p = g->current, base = p * RPS;
    int m = legal_ids(g, p, ids), k = 0;
    for (int i = 0; i < m; i++) {
        int x = ids[i] - base;
        if (x < 123 || (x >= 124 && x < 128)) out[k++] = ids[i];
    }
    if (g->hand_len[p] == 2 && g->phase <= PH_DRAWN) {
        int j = 0;
        for (int i = 0; i < k; i++) { int x = out[i] - base; if (x >= 120 || (x & 1)) out[j++] = out[i]; }
        k = j;
    }
    if (!k) return ids[mt_below(r, (uint32_t)m)];
    return out[mt_below(r, (uint32_t)k)];
}

static PyObject *py_set_stops(PyObject *self, PyObject *args) {
    PyObject *b;
    if (!PyArg_ParseTuple(args, "O", &b)) return NULL;
    if (copy_table(b, T_STOPS, NC, "stops")) return NULL;
    stops_ready = 1;
    Py_RETURN_NONE;
}

