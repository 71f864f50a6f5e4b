/* One hand held in C and stepped from Python, one id at a time (included by _ccore.c after _rollout.h): the state
 * that unokit.fast.FastGame is a view of. The official rules only (no house-rule flag is ever set here); ids are
 * unokit.fast's (seat * APS + k).
 *
 *   one_new(cfg, seed, order, mt)     deal a hand as Game.new does (cfg's dealer, -1: drawn for); order: the deck's
 *                                     108 card ids (top last) or None (shuffled); mt: random.Random(seed).getstate()[1]
 *                                     for a seed that is no uint64, else None
 *   one_from(state, mt, winner, dealer, reshuffles=0)  take over a state (the tuple of play_out, _rollout.h) and a generator (its
 *                                     getstate()[1], or a bound random.Random read in place)
 *   one_clone(h)                      an independent copy (its generator too)
 *   one_legal(h, seat)                the ids `seat` may apply now, in the referee's order (list)
 *   one_reactions(h, seat)            its ids out of turn: UNO, catches
 *   one_can(h, id)                    is the id legal now?
 *   one_apply(h, id)                  apply the id if it is legal and return one_head's tuple, else change nothing
 *                                     and return None
 *   one_head(h)                       (current, phase, winner or -1, pending, color, direction, drawn, going_out, the
 *                                     top card, reshuffles so far, the Wild Draw Four's player or -1)
 *   one_hand(h, seat), one_hands(h)   a hand, every hand (lists of card ids, in the referee's order)
 *   one_state(h)                      (hands, stock, discard, color, direction, current, phase, pending, drawn,
 *                                     winner, uno_said, catchable, going_out, wd4 or None, dealer, reshuffles)
 *   one_rng(h), one_set_rng(h, mt)    the generator's state as getstate()[1], and set it
 *   one_rng_give(h, r), one_rng_take(h, r)  write it into / read it from a bound random.Random in place
 *   one_play_out(h, prng, greedy, cap)  the search bot's rollout on this state (_rollout.h's policies, prng a bound
 *                                     random.Random changed in place); bytes of the int16 ids applied */

static void one_free(PyObject *cap) {
    Game *g = PyCapsule_GetPointer(cap, "unokit.one");
    PyMem_RawFree(g);
}

static Game *one_get(PyObject *cap) { return PyCapsule_GetPointer(cap, "unokit.one"); }

static PyObject *one_wrap(Game *g) {
    PyObject *cap = PyCapsule_New(g, "unokit.one", one_free);
    if (!cap) PyMem_RawFree(g);
    return cap;
}

static PyObject *py_one_new(PyObject *self, PyObject *args) {
    PyObject *cfgo, *order, *mto;
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "OKOO", &cfgo, &seed, &order, &mto)) return NULL;
    if (!tables_ready) { PyErr_SetString(PyExc_RuntimeError, "set_tables() was not called"); return NULL; }
    Config cfg;
    if (read_config(cfgo, &cfg) < 0) return NULL;
    if (cfg.h2 || cfg.flags || cfg.stack || cfg.h3 || cfg.fast) {
        PyErr_SetString(PyExc_ValueError, "one hand of the official rules, referee chance");
        return NULL;
    }
    uint8_t given[NDECK];
    int len = 0;
    if (order != Py_None && cards_from_py(order, given, NDECK, &len) < 0) return NULL;
    if (order != Py_None && len != NDECK) { PyErr_SetString(PyExc_ValueError, "the deck's 108 cards"); return NULL; }
    MT mt;
    if (mto != Py_None) {
        if (mt_from_py(&mt, mto) < 0) return NULL;
        cfg.pre = &mt;
        cfg.pre_seed = seed;
    }
    Game *g = PyMem_RawMalloc(sizeof(Game));
    if (!g) return PyErr_NoMemory();
    deal_given(g, &cfg, seed, order == Py_None ? NULL : given);
    return one_wrap(g);
}

static PyObject *py_one_from(PyObject *self, PyObject *args) {
    PyObject *st, *mto;
    int winner, dealer, reshuffles = 0;
    if (!PyArg_ParseTuple(args, "OOii|i", &st, &mto, &winner, &dealer, &reshuffles)) return NULL;
    if (!tables_ready) { PyErr_SetString(PyExc_RuntimeError, "set_tables() was not called"); return NULL; }
    Game *g = PyMem_RawMalloc(sizeof(Game));
    if (!g) return PyErr_NoMemory();
    if (game_from_py(g, st) < 0 || (as_random(mto) ? mt_take(&g->rng.mt, mto) : mt_from_py(&g->rng.mt, mto)) < 0) {
        PyMem_RawFree(g);
        return NULL;
    }
    if (winner < -1 || winner >= g->n || dealer < 0 || dealer >= g->n) {
        PyMem_RawFree(g);
        PyErr_SetString(PyExc_ValueError, "no such seat");
        return NULL;
    }
    g->rng.fast = 0;
    g->winner = (int8_t)winner;
    g->dealer = (uint8_t)dealer;
    g->reshuffles = (uint16_t)(reshuffles < 0 ? 0 : reshuffles > 65535 ? 65535 : reshuffles);
    return one_wrap(g);
}

static PyObject *py_one_clone(PyObject *self, PyObject *cap) {
    const Game *g = one_get(cap);
    if (!g) return NULL;
    Game *c = PyMem_RawMalloc(sizeof(Game));
    if (!c) return PyErr_NoMemory();
    memcpy(c, g, sizeof(Game));
    return one_wrap(c);
}

static int one_args(PyObject *const *args, Py_ssize_t nargs, Game **g, long *v) {
    if (nargs != 2) { PyErr_SetString(PyExc_TypeError, "two arguments"); return -1; }
    *g = one_get(args[0]);
    if (!*g) return -1;
    *v = PyLong_AsLong(args[1]);
    return *v == -1 && PyErr_Occurred() ? -1 : 0;
}

static PyObject *ids_list(const int16_t *ids, int m) {
    PyObject *l = PyList_New(m);
    for (int i = 0; i < m && l; i++) PyList_SET_ITEM(l, i, PyLong_FromLong(id_out(ids[i])));
    return l;
}

static PyObject *py_one_legal(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    Game *g;
    long seat;
    if (one_args(args, nargs, &g, &seat) < 0) return NULL;
    if (seat < 0 || seat >= g->n) return PyList_New(0);
    int16_t ids[MAXLEGAL];
    return ids_list(ids, legal_ids(g, (int)seat, ids));
}

static PyObject *py_one_reactions(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    Game *g;
    long seat;
    if (one_args(args, nargs, &g, &seat) < 0) return NULL;
    if (seat < 0 || seat >= g->n || g->phase == PH_OVER) return PyList_New(0);
    int16_t ids[MAXLEGAL];
    return ids_list(ids, add_reactions(g, ids, 0, (int)seat));
}

/* the core's id of unokit.fast's id `id` if it is legal now, else -1 */
static int one_legal_id(const Game *g, long id) {
    if (id < 0 || id >= (long)MAXP * APS || g->phase == PH_OVER) return -1;
    int seat = (int)(id / APS), want = seat * XPS + (int)(id % APS);
    if (seat >= g->n) return -1;
    int16_t ids[MAXLEGAL];
    int m = legal_ids(g, seat, ids);
    for (int i = 0; i < m; i++) if (ids[i] == want) return want;
    return -1;
}

static PyObject *head_tuple(const Game *g) {
    return Py_BuildValue("(iiiiiiiiiii)", g->current, g->phase, g->over ? g->winner : -1, g->pending, g->color,
                         g->direction, g->drawn, g->going_out, g->discard[g->discard_len - 1], g->reshuffles,
                         g->wd4_bluffer);
}

static PyObject *py_one_can(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    Game *g;
    long id;
    if (one_args(args, nargs, &g, &id) < 0) return NULL;
    return PyBool_FromLong(one_legal_id(g, id) >= 0);
}

static PyObject *py_one_apply(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    Game *g;
    long id;
    if (one_args(args, nargs, &g, &id) < 0) return NULL;
    int want = one_legal_id(g, id);
    if (want < 0) Py_RETURN_NONE;
    apply_id(g, want);
    return head_tuple(g);
}

static PyObject *py_one_head(PyObject *self, PyObject *cap) {
    const Game *g = one_get(cap);
    if (!g) return NULL;
    return head_tuple(g);
}

static PyObject *py_one_hand(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    Game *g;
    long seat;
    if (one_args(args, nargs, &g, &seat) < 0) return NULL;
    if (seat < 0 || seat >= g->n) { PyErr_SetString(PyExc_IndexError, "no such seat"); return NULL; }
    return cards_to_py(g->hands[seat], g->hand_len[seat]);
}

static PyObject *py_one_hands(PyObject *self, PyObject *cap) {
    const Game *g = one_get(cap);
    if (!g) return NULL;
    PyObject *hands = PyList_New(g->n);
    for (int s = 0; s < g->n && hands; s++) {
        PyObject *h = cards_to_py(g->hands[s], g->hand_len[s]);
        if (!h) { Py_CLEAR(hands); break; }
        PyList_SET_ITEM(hands, s, h);
    }
    return hands;
}

static PyObject *py_one_state(PyObject *self, PyObject *cap) {
    const Game *g = one_get(cap);
    if (!g) return NULL;
    PyObject *said = PyList_New(g->n), *catchable = PyList_New(0);
    for (int s = 0; s < g->n && said && catchable; s++) {
        PyList_SET_ITEM(said, s, PyBool_FromLong(g->uno_said[s]));
        if (g->catchable >> s & 1) { PyObject *v = PyLong_FromLong(s); PyList_Append(catchable, v); Py_DECREF(v); }
    }
    PyObject *wd4 = g->wd4_bluffer >= 0 ? Py_BuildValue("(iOi)", g->wd4_bluffer, g->wd4_bluff ? Py_True : Py_False,
                                                        g->wd4_prev) : (Py_INCREF(Py_None), Py_None);
    return Py_BuildValue("(NNNiiiiiiiNNiNii)", py_one_hands(NULL, cap), cards_to_py(g->stock, g->stock_len),
                         cards_to_py(g->discard, g->discard_len), g->color, g->direction, g->current, g->phase,
                         g->pending, g->drawn, g->over ? g->winner : -1, said, catchable, g->going_out, wd4, g->dealer,
                         g->reshuffles);
}

static PyObject *py_one_rng(PyObject *self, PyObject *cap) {
    Game *g = one_get(cap);
    if (!g) return NULL;
    return mt_to_py(&g->rng.mt);
}

static PyObject *py_one_set_rng(PyObject *self, PyObject *args) {
    PyObject *cap, *mto;
    if (!PyArg_ParseTuple(args, "OO", &cap, &mto)) return NULL;
    Game *g = one_get(cap);
    if (!g || mt_from_py(&g->rng.mt, mto) < 0) return NULL;
    Py_RETURN_NONE;
}

static PyObject *py_one_rng_give(PyObject *self, PyObject *args) {
    PyObject *cap, *r;
    if (!PyArg_ParseTuple(args, "OO", &cap, &r)) return NULL;
    Game *g = one_get(cap);
    if (!g) return NULL;
    if (!as_random(r)) { PyErr_SetString(PyExc_TypeError, "not a bound random.Random"); return NULL; }
    mt_give(&g->rng.mt, r);
    Py_RETURN_NONE;
}

static PyObject *py_one_rng_take(PyObject *self, PyObject *args) {
    PyObject *cap, *r;
    if (!PyArg_ParseTuple(args, "OO", &cap, &r)) return NULL;
    Game *g = one_get(cap);
    if (!g || mt_take(&g->rng.mt, r) < 0) return NULL;
    Py_RETURN_NONE;
}

static PyObject *py_one_play_out(PyObject *self, PyObject *args) {
    PyObject *cap, *prng;
    int greedy, steps_cap;
    if (!PyArg_ParseTuple(args, "OOpi", &cap, &prng, &greedy, &steps_cap)) return NULL;
    Game *g = one_get(cap);
    if (!g) return NULL;
    if (!stops_ready) { PyErr_SetString(PyExc_RuntimeError, "set_stops() was not called"); return NULL; }
    if (steps_cap < 0) { PyErr_SetString(PyExc_ValueError, "cap must be >= 0"); return NULL; }
    MT pr;
    if (mt_take(&pr, prng) < 0) return NULL;
    int16_t *applied = PyMem_RawMalloc(sizeof(int16_t) * (size_t)(steps_cap ? steps_cap : 1));
    if (!applied) return PyErr_NoMemory();
    int steps = 0;
    while (!g->over && steps < steps_cap) {
        int id = greedy ? rollout_greedy(g, &pr) : rollout_random(g, &pr);
        apply_id(g, id);
        applied[steps++] = (int16_t)(id / RPS * APS + id % RPS);
    }
    mt_give(&pr, prng);
    PyObject *out = PyBytes_FromStringAndSize((const char *)applied, (Py_ssize_t)steps * 2);
    PyMem_RawFree(applied);
    return out;
}

static PyObject *py_one_reshuffles(PyObject *self, PyObject *cap) {
    const Game *g = one_get(cap);
    if (!g) return NULL;
    return PyLong_FromLong(g->reshuffles);
}

#define ONE_METHODS \
    {"one_new", py_one_new, METH_VARARGS, "Deal one hand held in C (see _single.h)."}, \
    {"one_from", py_one_from, METH_VARARGS, "Take over a state."}, \
    {"one_clone", py_one_clone, METH_O, "A copy of a hand."}, \
    {"one_legal", (PyCFunction)(void (*)(void))py_one_legal, METH_FASTCALL, "The legal ids of a seat."}, \
    {"one_reactions", (PyCFunction)(void (*)(void))py_one_reactions, METH_FASTCALL, "A seat's ids out of turn."}, \
    {"one_can", (PyCFunction)(void (*)(void))py_one_can, METH_FASTCALL, "Is an id legal now?"}, \
    {"one_apply", (PyCFunction)(void (*)(void))py_one_apply, METH_FASTCALL, "Apply an id if legal."}, \
    {"one_head", py_one_head, METH_O, "The hand's scalars."}, \
    {"one_hand", (PyCFunction)(void (*)(void))py_one_hand, METH_FASTCALL, "One seat's hand."}, \
    {"one_hands", py_one_hands, METH_O, "Every hand."}, \
    {"one_state", py_one_state, METH_O, "The whole state."}, \
    {"one_rng", py_one_rng, METH_O, "The generator's state."}, \
    {"one_set_rng", py_one_set_rng, METH_VARARGS, "Set the generator's state."}, \
    {"one_rng_give", py_one_rng_give, METH_VARARGS, "Write the generator into a random.Random."}, \
    {"one_rng_take", py_one_rng_take, METH_VARARGS, "Read the generator from a random.Random."}, \
    {"one_play_out", py_one_play_out, METH_VARARGS, "The search bot's rollout on the hand."}, \
    {"one_reshuffles", py_one_reshuffles, METH_O, "How many reshuffles."},
