/* Many hands held at once and stepped together (included by _ccore.c): the vectorised core that
 * unokit.fast.batch.Batch wraps, for environments that choose the moves outside C (RL).
 *
 *   vec_new(cfg, seeds)          a capsule holding len(seeds) // 8 hands, dealt
 *   vec_info(b)                  (hands, bytes per hand, bytes in all)
 *   vec_to_act(b)                bytes: the seat to act in each hand (-1: over)
 *   vec_legal(b)                 bytes: count x (APS + EXT_PER) mask of the seat to act's moves (its move numbers;
 *                                M's slap, never in a batch, has none)
 *   vec_step(b, moves)           apply one move per unfinished hand (int16 move numbers, -1: skip);
 *                                bytes: the winner of each hand (-1: not over)
 *   vec_random(b, seed)          int16 bytes: a uniform legal move per unfinished hand (-1: over)
 *   vec_state(b, i)              hand i as trace() gives a state (tests)
 * A move number k is the seat to act's: its id is seat * XPS + k in the core's numbering. */

typedef struct {
    Config cfg;
    Py_ssize_t count;
    Game *games;
} Vec;

static void vec_free(PyObject *cap) {
    Vec *v = PyCapsule_GetPointer(cap, "unokit.vec");
    if (v) { PyMem_RawFree(v->games); PyMem_RawFree(v); }
}

static Vec *vec_get(PyObject *cap) { return PyCapsule_GetPointer(cap, "unokit.vec"); }

static PyObject *py_vec_new(PyObject *self, PyObject *args) {
    PyObject *cfgo;
    Py_buffer seeds;
    if (!PyArg_ParseTuple(args, "Oy*", &cfgo, &seeds)) return NULL;
    Vec *v = PyMem_RawCalloc(1, sizeof(Vec));
    if (!v) { PyBuffer_Release(&seeds); return PyErr_NoMemory(); }
    if (read_config(cfgo, &v->cfg) < 0 || seeds.len % 8) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "seeds: uint64 bytes");
        PyMem_RawFree(v); PyBuffer_Release(&seeds);
        return NULL;
    }
    v->count = seeds.len / 8;
    v->games = PyMem_RawMalloc(sizeof(Game) * (size_t)(v->count ? v->count : 1));
    if (!v->games) { PyMem_RawFree(v); PyBuffer_Release(&seeds); return PyErr_NoMemory(); }
    const uint64_t *sv = seeds.buf;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < v->count; i++) deal(&v->games[i], &v->cfg, sv[i]);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&seeds);
    PyObject *cap = PyCapsule_New(v, "unokit.vec", vec_free);
    if (!cap) { PyMem_RawFree(v->games); PyMem_RawFree(v); }
    return cap;
}

static PyObject *py_vec_info(PyObject *self, PyObject *args) {
    PyObject *cap;
    if (!PyArg_ParseTuple(args, "O", &cap)) return NULL;
    Vec *v = vec_get(cap);
    if (!v) return NULL;
    return Py_BuildValue("(nnn)", v->count, (Py_ssize_t)sizeof(Game), v->count * (Py_ssize_t)sizeof(Game));
}

static PyObject *py_vec_to_act(PyObject *self, PyObject *args) {
    PyObject *cap;
    if (!PyArg_ParseTuple(args, "O", &cap)) return NULL;
    Vec *v = vec_get(cap);
    if (!v) return NULL;
    PyObject *out = PyBytes_FromStringAndSize(NULL, v->count);
    if (!out) return NULL;
    int8_t *o = (int8_t *)PyBytes_AS_STRING(out);
    for (Py_ssize_t i = 0; i < v->count; i++) o[i] = v->games[i].over ? -1 : (int8_t)v->games[i].current;
    return out;
}

static PyObject *py_vec_legal(PyObject *self, PyObject *args) {
    PyObject *cap;
    if (!PyArg_ParseTuple(args, "O", &cap)) return NULL;
    Vec *v = vec_get(cap);
    if (!v) return NULL;
    PyObject *out = PyBytes_FromStringAndSize(NULL, v->count * (APS + EXT_PER));
    if (!out) return NULL;
    uint8_t *mask = (uint8_t *)PyBytes_AS_STRING(out);
    memset(mask, 0, (size_t)(v->count * (APS + EXT_PER)));
    Py_BEGIN_ALLOW_THREADS
    int16_t ids[MAXLEGAL];
    for (Py_ssize_t i = 0; i < v->count; i++) {
        const Game *g = &v->games[i];
        if (g->over) continue;
        int m = legal_ids(g, g->current, ids);
        for (int j = 0; j < m; j++) mask[i * (APS + EXT_PER) + ids[j] % XPS] = 1;
    }
    Py_END_ALLOW_THREADS
    return out;
}

static PyObject *py_vec_step(PyObject *self, PyObject *args) {
    PyObject *cap;
    Py_buffer moves;
    if (!PyArg_ParseTuple(args, "Oy*", &cap, &moves)) return NULL;
    Vec *v = vec_get(cap);
    if (!v) { PyBuffer_Release(&moves); return NULL; }
    if (moves.len != v->count * 2) {
        PyBuffer_Release(&moves);
        PyErr_SetString(PyExc_ValueError, "one int16 move per hand");
        return NULL;
    }
    const int16_t *mv = moves.buf;
    int16_t ids[MAXLEGAL];
    /* check every move first: a refused batch changes nothing */
    for (Py_ssize_t i = 0; i < v->count; i++) {
        const Game *g = &v->games[i];
        if (mv[i] < 0) continue;
        int ok = 0;
        if (!g->over) {
            int m = legal_ids(g, g->current, ids), want = g->current * XPS + mv[i];
            for (int j = 0; j < m && !ok; j++) ok = ids[j] == want;
        }
        if (!ok) {
            PyBuffer_Release(&moves);
            PyErr_Format(PyExc_ValueError, "hand %zd: move %d is not legal now", i, (int)mv[i]);
            return NULL;
        }
    }
    PyObject *out = PyBytes_FromStringAndSize(NULL, v->count);
    if (!out) { PyBuffer_Release(&moves); return NULL; }
    int8_t *w = (int8_t *)PyBytes_AS_STRING(out);
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < v->count; i++) {
        Game *g = &v->games[i];
        if (mv[i] >= 0) apply_id(g, g->current * XPS + mv[i]);
        w[i] = g->over ? g->winner : -1;
    }
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&moves);
    return out;
}

static PyObject *py_vec_random(PyObject *self, PyObject *args) {
    PyObject *cap;
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "OK", &cap, &seed)) return NULL;
    Vec *v = vec_get(cap);
    if (!v) return NULL;
    PyObject *out = PyBytes_FromStringAndSize(NULL, v->count * 2);
    if (!out) return NULL;
    int16_t *mv = (int16_t *)PyBytes_AS_STRING(out);
    Rng r;
    rng_seed(&r, seed, 1);
    int16_t ids[MAXLEGAL];
    for (Py_ssize_t i = 0; i < v->count; i++) {
        const Game *g = &v->games[i];
        if (g->over) { mv[i] = -1; continue; }
        int m = legal_ids(g, g->current, ids);
        mv[i] = (int16_t)(ids[rng_below(&r, (uint32_t)m)] % XPS);
    }
    return out;
}

static PyObject *py_vec_state(PyObject *self, PyObject *args) {
    PyObject *cap;
    Py_ssize_t i;
    if (!PyArg_ParseTuple(args, "On", &cap, &i)) return NULL;
    Vec *v = vec_get(cap);
    if (!v) return NULL;
    if (i < 0 || i >= v->count) { PyErr_SetString(PyExc_IndexError, "no such hand"); return NULL; }
    return state_tuple(&v->games[i], 0);
}

#define VEC_METHODS \
    {"vec_new", py_vec_new, METH_VARARGS, "Deal many hands held at once (see _vector.h)."}, \
    {"vec_info", py_vec_info, METH_VARARGS, "(hands, bytes per hand, bytes)."}, \
    {"vec_to_act", py_vec_to_act, METH_VARARGS, "The seat to act in each hand."}, \
    {"vec_legal", py_vec_legal, METH_VARARGS, "Masks of the seat to act's moves."}, \
    {"vec_step", py_vec_step, METH_VARARGS, "One move per hand."}, \
    {"vec_random", py_vec_random, METH_VARARGS, "A uniform legal move per hand."}, \
    {"vec_state", py_vec_state, METH_VARARGS, "One hand's state (tests)."},
