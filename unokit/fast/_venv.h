/* The batched RL environment in the compiled core (issue 27, point 2; included by _ccore.c after _flow.h):
 * unokit.env.gym_env.UnoGymEnv for every hand of a flow (_flow.h), one agent seat per hand, the other seats
 * played by random-play inside C, stepped all at once and written into numpy arrays.
 * unokit.env.batched.UnoBatchedEnv wraps it.
 *
 *   venv_new(flow, seat, max_steps, reward, lose, bot_key)   a capsule: the agent plays `seat` (-1: a seat drawn at
 *                      each deal), its episode truncated after `max_steps` decisions; `reward` 0 "hand", 1
 *                      "points"; `lose`: an id not offered ends the episode with -1 (else the call raises
 *                      ValueError and nothing changes); the opponents are RandomPlayBot(hand seed ^ bot_key),
 *                      one generator for every opponent seat of a hand (random.Random, as the Python bot draws; under fast chance
 *                      the fast generator so keyed)
 *   venv_reset(venv, seed, obs, mask)          a new hand in every slot (hand seeds drawn from a generator keyed
 *                      `seed`), the opponents played up to the agent's first decision; its observation and mask
 *   venv_step(venv, actions, obs, mask, reward, terminated, truncated, final, illegal)   the agent's step id
 *                      (int32) in each slot, the opponents played up to its next decision; a finished episode's
 *                      last observation goes to row i of `final` and the slot is dealt a new hand at once
 *                      (Gymnasium's same-step autoreset); `illegal[i]` = 1 where the episode ended on an id not
 *                      offered. Returns the number of episodes that ended.
 *   venv_random(venv, mask, out)   a uniform offered step id per slot (int32, into `out`) from the masks
 *                      `mask` (a random legal agent, drawn from a generator keyed by venv_reset's seed)
 *   venv_seeds(venv)   uint64 bytes: each slot's hand seed (tests), then the agent seats (int8 bytes)
 *
 * Arrays (C-contiguous, written in place): obs count x size float32, mask count x nsteps int8, reward float32,
 * terminated / truncated / illegal uint8 (numpy bool). */

typedef struct {
    PyObject *fcap;             /* owned: the flow */
    Flw *F;
    int seat, max_steps, reward, lose;
    uint64_t bot_key;
    Rng seeder;                 /* the hand seeds and drawn seats */
    Rng pick;                   /* venv_random's */
    Rng *bots;                  /* [slot]: the opponents' random.Random */
    uint64_t *seeds;            /* [slot]: the hand's seed */
    int8_t *agent;              /* [slot]: the agent's seat */
    uint32_t *steps;            /* [slot]: the agent's decisions this episode */
} VEnv;

static void venv_free(PyObject *cap) {
    VEnv *e = PyCapsule_GetPointer(cap, "unokit.venv");
    if (!e) return;
    Py_XDECREF(e->fcap);
    PyMem_RawFree(e->bots); PyMem_RawFree(e->seeds); PyMem_RawFree(e->agent); PyMem_RawFree(e->steps);
    PyMem_RawFree(e);
}

static VEnv *venv_get(PyObject *cap) { return PyCapsule_GetPointer(cap, "unokit.venv"); }

/* the opponents decide until the agent is asked or the hand ends (UnoGymEnv._advance; Flow.bot_decides with
 * RandomPlayBot: in a window it says UNO, then catches; in turn unokit.fast's port of its act) */
static void venv_advance(VEnv *e, Py_ssize_t i) {
    Flw *F = e->F;
    Game *g = &F->v->games[i];
    FHand *h = &F->f[i];
    int16_t ids[MAXLEGAL];
    while (!g->over && h->seat != e->agent[i]) {
        int s = h->seat, a;
        if (h->window) a = react_random_play(ids, add_reactions(g, ids, 0, s));
        else a = policy_random_play(g, &e->bots[i], ids, legal_ids(g, s, ids));
        fl_apply(F, i, a < 0 ? -1 : a % XPS);
    }
}

/* a new hand in slot i (UnoGymEnv.reset: a hand the opponents finish before the agent's first decision is
 * skipped) */
static void venv_deal(VEnv *e, Py_ssize_t i) {
    Flw *F = e->F;
    Game *g = &F->v->games[i];
    for (int tries = 0; tries < 1000; tries++) {
        uint64_t seed = xo_next(&e->seeder) >> 33;          /* a 31-bit seed, as the gym env draws */
        e->seeds[i] = seed;
        e->agent[i] = (int8_t)(e->seat >= 0 ? e->seat : (int)rng_below(&e->seeder, (uint32_t)F->n));
        e->steps[i] = 0;
        deal(g, &F->v->cfg, seed);
        if (F->o) hist_deal(&F->o->h[i], g);
        fl_begin(&F->f[i], g, seed ^ 0x5EED, F->v->cfg.fast);
        rng_seed(&e->bots[i], seed ^ e->bot_key, F->v->cfg.fast);
        venv_advance(e, i);
        if (!g->over) return;
    }
}

/* the agent's observation and mask of slot i into row i */
static void venv_write(VEnv *e, Py_ssize_t i, float *obs, int8_t *mask) {
    Flw *F = e->F;
    const Game *g = &F->v->games[i];
    const FHand *h = &F->f[i];
    int me = e->agent[i];
    obs_encode(F->o, &F->o->h[i], g, me, h->seat == me && h->window, obs + i * F->o->size);
    int8_t *m = mask + i * F->nsteps;
    memset(m, 0, (size_t)F->nsteps);
    if (h->seat == me) fl_mask(F, h, g, m);
}

/* the buffers of a call, checked */
typedef struct { Py_buffer b[8]; int nb; } Bufs;

static void bufs_release(Bufs *B) { for (int k = 0; k < B->nb; k++) PyBuffer_Release(&B->b[k]); B->nb = 0; }

static void *bufs_get(Bufs *B, PyObject *o, Py_ssize_t len, const char *what) {
    Py_buffer *b = &B->b[B->nb];
    if (PyObject_GetBuffer(o, b, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0) return NULL;
    B->nb++;
    if (b->len != len) { PyErr_Format(PyExc_ValueError, "venv: %s has %zd bytes, not %zd", what, b->len, len); return NULL; }
    return b->buf;
}

static PyObject *py_venv_new(PyObject *self, PyObject *args) {
    PyObject *fcap;
    int seat, max_steps, reward, lose;
    unsigned long long key;
    if (!PyArg_ParseTuple(args, "OiiipK", &fcap, &seat, &max_steps, &reward, &lose, &key)) return NULL;
    Flw *F = flw_get(fcap);
    if (!F) return NULL;
    if (!F->o || seat < -1 || seat >= F->n || max_steps < 1 || reward < 0 || reward > 1) {
        PyErr_SetString(PyExc_ValueError, "venv_new: a flow with observations, a seat of the table, max_steps >= 1");
        return NULL;
    }
    Py_ssize_t c = F->v->count ? F->v->count : 1;
    VEnv *e = PyMem_RawCalloc(1, sizeof(VEnv));
    if (!e) return PyErr_NoMemory();
    e->bots = PyMem_RawMalloc(sizeof(Rng) * (size_t)c);
    e->seeds = PyMem_RawCalloc((size_t)c, sizeof(uint64_t));
    e->agent = PyMem_RawCalloc((size_t)c, 1);
    e->steps = PyMem_RawCalloc((size_t)c, sizeof(uint32_t));
    if (!e->bots || !e->seeds || !e->agent || !e->steps) {
        PyMem_RawFree(e->bots); PyMem_RawFree(e->seeds); PyMem_RawFree(e->agent); PyMem_RawFree(e->steps); PyMem_RawFree(e);
        return PyErr_NoMemory();
    }
    e->F = F; e->seat = seat; e->max_steps = max_steps; e->reward = reward; e->lose = lose; e->bot_key = key;
    e->fcap = fcap;
    Py_INCREF(fcap);
    PyObject *cap = PyCapsule_New(e, "unokit.venv", venv_free);
    if (!cap) {
        Py_DECREF(fcap);
        PyMem_RawFree(e->bots); PyMem_RawFree(e->seeds); PyMem_RawFree(e->agent); PyMem_RawFree(e->steps); PyMem_RawFree(e);
    }
    return cap;
}

static PyObject *py_venv_reset(PyObject *self, PyObject *args) {
    PyObject *cap, *oo, *mo;
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "OKOO", &cap, &seed, &oo, &mo)) return NULL;
    VEnv *e = venv_get(cap);
    if (!e) return NULL;
    Flw *F = e->F;
    Py_ssize_t c = F->v->count;
    Bufs B = {.nb = 0};
    float *obs = bufs_get(&B, oo, c * F->o->size * 4, "obs");
    int8_t *mask = obs ? bufs_get(&B, mo, c * F->nsteps, "mask") : NULL;
    if (!mask) { bufs_release(&B); return NULL; }
    rng_seed(&e->seeder, seed, 1);
    rng_seed(&e->pick, seed ^ 0x9A7E, 1);
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < c; i++) { venv_deal(e, i); venv_write(e, i, obs, mask); }
    Py_END_ALLOW_THREADS
    bufs_release(&B);
    Py_RETURN_NONE;
}

static PyObject *py_venv_step(PyObject *self, PyObject *args) {
    PyObject *cap, *ao, *oo, *mo, *ro, *to, *uo, *fo, *io;
    if (!PyArg_ParseTuple(args, "OOOOOOOOO", &cap, &ao, &oo, &mo, &ro, &to, &uo, &fo, &io)) return NULL;
    VEnv *e = venv_get(cap);
    if (!e) return NULL;
    Flw *F = e->F;
    Py_ssize_t c = F->v->count, size = F->o->size;
    Bufs B = {.nb = 0};
    Py_buffer ab;
    if (PyObject_GetBuffer(ao, &ab, PyBUF_C_CONTIGUOUS) < 0) return NULL;
    float *obs = NULL, *rew = NULL, *fin = NULL;
    int8_t *mask = NULL;
    uint8_t *term = NULL, *trunc = NULL, *ill = NULL;
    if (ab.len != c * 4) { PyErr_SetString(PyExc_ValueError, "venv_step: one int32 step id per slot"); goto fail; }
    if (!(obs = bufs_get(&B, oo, c * size * 4, "obs")) || !(mask = bufs_get(&B, mo, c * F->nsteps, "mask"))
        || !(rew = bufs_get(&B, ro, c * 4, "reward")) || !(term = bufs_get(&B, to, c, "terminated"))
        || !(trunc = bufs_get(&B, uo, c, "truncated")) || !(fin = bufs_get(&B, fo, c * size * 4, "final"))
        || !(ill = bufs_get(&B, io, c, "illegal")))
        goto fail;
    const int32_t *act = ab.buf;
    if (!e->lose)   /* raise: every id checked first, nothing changes on a refusal */
        for (Py_ssize_t i = 0; i < c; i++) {
            int k;
            if (F->f[i].seat != e->agent[i] || !fl_offered(F, &F->f[i], &F->v->games[i], act[i], &k)) {
                PyErr_Format(PyExc_ValueError, "slot %zd: step id %d is not offered to the agent now", i, (int)act[i]);
                goto fail;
            }
        }
    long ended = 0;
    Py_BEGIN_ALLOW_THREADS
    float r[MAXP];
    for (Py_ssize_t i = 0; i < c; i++) {
        Game *g = &F->v->games[i];
        FHand *h = &F->f[i];
        int k, me = e->agent[i];
        rew[i] = 0;
        term[i] = trunc[i] = ill[i] = 0;
        if (h->seat != me || !fl_offered(F, h, g, act[i], &k)) {   /* "lose": the episode ends there */
            ill[i] = term[i] = 1;
            rew[i] = -1;
        } else {
            fl_apply(F, i, k);
            e->steps[i]++;
            venv_advance(e, i);
            if (g->over) { term[i] = 1; fl_rewards(g, e->reward, r); rew[i] = r[me]; }
            else if (e->steps[i] >= (uint32_t)e->max_steps) trunc[i] = 1;
        }
        if (term[i] || trunc[i]) {
            ended++;
            venv_write(e, i, fin, mask);
            venv_deal(e, i);
        }
        venv_write(e, i, obs, mask);
    }
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&ab);
    bufs_release(&B);
    return PyLong_FromLong(ended);
fail:
    PyBuffer_Release(&ab);
    bufs_release(&B);
    return NULL;
}

static PyObject *py_venv_random(PyObject *self, PyObject *args) {
    PyObject *cap, *mo, *oo;
    if (!PyArg_ParseTuple(args, "OOO", &cap, &mo, &oo)) return NULL;
    VEnv *e = venv_get(cap);
    if (!e) return NULL;
    Py_ssize_t c = e->F->v->count, ns = e->F->nsteps;
    Bufs B = {.nb = 0};
    int8_t *mask = bufs_get(&B, mo, c * ns, "mask");
    int32_t *out = mask ? bufs_get(&B, oo, c * 4, "out") : NULL;
    if (!out) { bufs_release(&B); return NULL; }
    int16_t ids[MAXLEGAL * 2];
    for (Py_ssize_t i = 0; i < c; i++) {
        const int8_t *m = mask + i * ns;
        int k = 0;
        for (int j = 0; j < ns && k < MAXLEGAL * 2; j++) if (m[j]) ids[k++] = (int16_t)j;
        out[i] = k ? ids[rng_below(&e->pick, (uint32_t)k)] : -1;
    }
    bufs_release(&B);
    Py_RETURN_NONE;
}

static PyObject *py_venv_seeds(PyObject *self, PyObject *args) {
    PyObject *cap;
    if (!PyArg_ParseTuple(args, "O", &cap)) return NULL;
    VEnv *e = venv_get(cap);
    if (!e) return NULL;
    Py_ssize_t c = e->F->v->count;
    return Py_BuildValue("(y#y#)", (const char *)e->seeds, c * 8, (const char *)e->agent, c);
}

#define VENV_METHODS \
    {"venv_new", py_venv_new, METH_VARARGS, "The batched env over a flow (see _venv.h)."}, \
    {"venv_reset", py_venv_reset, METH_VARARGS, "A new hand in every slot; observations and masks."}, \
    {"venv_step", py_venv_step, METH_VARARGS, "The agent's step in every slot, opponents played in C."}, \
    {"venv_random", py_venv_random, METH_VARARGS, "A uniform offered step id per slot."}, \
    {"venv_seeds", py_venv_seeds, METH_VARARGS, "Each slot's hand seed and agent seat (tests)."},
