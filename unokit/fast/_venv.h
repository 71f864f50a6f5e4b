/* The batched RL environment in the compiled core (issue 27, point 2; included by _ccore.c after _flow.h):
 * unokit.env.gym_env.UnoGymEnv for every hand of a flow (_flow.h's, a Batch's hands; or _h2flow.h's, _house2.h's
 * rules: each slot's hand stepped by that flow's own per-hand functions, h2v_*, its bots _house2.h's as its harness
 * asks them, its teacher h2v_teacher), one agent seat per hand, the other seats played inside C by random-play, greedy or the
 * strategist, or left to the caller (self-play), stepped all at once and written into numpy arrays.
 * unokit.env.batched.UnoBatchedEnv wraps it.
 *
 *   venv_new(flow, seat, max_steps, reward, lose, bot_key, opponents, teacher)   a capsule: the agent plays `seat` (-1: a
 *                      seat drawn at each deal), its episode truncated after `max_steps` decisions; `reward` 0
 *                      "hand", 1 "points"; `lose`: an id not offered ends the episode with -1 (else the call
 *                      raises ValueError and nothing changes); `opponents` (bytes, players - 1): the policy of
 *                      each other seat in seat order from the agent's (compiled.POLICIES: random-play, greedy,
 *                      strategist; VPOL_SELF: the caller's). Random-play seats draw from RandomPlayBot(hand seed ^
 *                      bot_key), one generator for every random-play seat of a hand; a strategist seat s from
 *                      random.Random(derive_seed(hand seed, s, "env-bot")), as UnoGymEnv seeds its bots (under
 *                      fast chance the fast generators so keyed); greedy draws nothing. `teacher` (0: none,
 *                      POL_GREEDY, POL_STRATEGIST): a compiled bot that follows the agent's seat as if it played
 *                      it (its knowledge fed every action; a strategist's generator derive_seed(hand seed, seat,
 *                      "env-teacher")), asked by venv_teacher
 *   venv_reset(venv, seed, obs, mask, ...)     a new hand in every slot (hand seeds drawn from a generator keyed
 *                      `seed`), the opponents played up to the agent's first decision; its observation and mask.
 *                      Returns (0, pending)
 *   venv_step(venv, actions, obs, mask, reward, terminated, truncated, final, illegal)   the agent's step id
 *                      (int32) in each slot, the opponents played up to its next decision; a finished episode's
 *                      last observation goes to row i of `final` and the slot is dealt a new hand at once
 *                      (Gymnasium's same-step autoreset); `illegal[i]` = 1 where the episode ended on an id not
 *                      offered. Returns (episodes ended, pending)
 *   venv_pending(venv, obs, mask, slots, seats)   the decisions asked of VPOL_SELF seats (pending: the slots
 *                      where a self seat is asked), in slot order: that seat's observation and mask in rows
 *                      0..pending-1 of arrays of count rows, its slot and seat (int32); returns how many
 *   venv_answer(venv, actions, obs, mask, reward, terminated, truncated, final, illegal)   one step id per pending
 *                      decision (int32, venv_pending's order; every one checked first: ValueError and nothing
 *                      changes), then each slot goes on as venv_step goes on. Returns (episodes ended, pending).
 *                      The step's (or reset's) observations and results are complete once pending is 0
 *   venv_teacher(venv, out)    the teacher's step id for the agent's decision in every slot (int32, into `out`):
 *                      the bot's react in a window (wait when it lets it go by), its act in turn (imitation)
 *   venv_random(venv, mask, out)   a uniform offered step id per slot (int32, into `out`) from the masks
 *                      `mask` (a random legal agent, drawn from a generator keyed by venv_reset's seed)
 *   venv_seeds(venv)   uint64 bytes: each slot's hand seed (tests), then the agent seats (int8 bytes)
 *
 * The strategist's knowledge of the other seats (Strat) and greedy's reading of the history (GrHist) are fed
 * every action applied in the hand (the agent's and self seats' included) as play_hand feeds them.
 *
 * Arrays (C-contiguous, written in place): obs count x size float32, mask count x nsteps int8, reward float32,
 * terminated / truncated / illegal uint8 (numpy bool). */

enum { VPOL_SELF = 200, VPOL_AGENT = 201 };

/* the hands of _house2.h's rules: _h2flow.h's flow (included after this file), one hand at a time per slot */
struct H2Flw;
static Py_ssize_t h2v_count(const struct H2Flw *F);
static int h2v_n(const struct H2Flw *F);
static int h2v_nsteps(const struct H2Flw *F);
static int h2v_size(const struct H2Flw *F);
static const Config *h2v_cfg(const struct H2Flw *F);
static int h2v_seat(const struct H2Flw *F, Py_ssize_t i);
static Game *h2v_game(struct H2Flw *F, Py_ssize_t i);
static void h2v_deal(struct H2Flw *F, Py_ssize_t i, uint64_t seed);
static int h2v_offered(struct H2Flw *F, Py_ssize_t i, int st, Move *a, int *wait);
static void h2v_choose(struct H2Flw *F, Py_ssize_t i, const Move *a, GrHist *gh, Strat *st);
static void h2v_bot(struct H2Flw *F, Py_ssize_t i, int pol, Rng *r, GrHist *gh, Strat *st, const int *policy);
static void h2v_rewards(const struct H2Flw *F, Py_ssize_t i, int mode, float *r);
static void h2v_write(struct H2Flw *F, Py_ssize_t i, int me, float *obs, int8_t *mask);
static int h2v_teacher(struct H2Flw *F, Py_ssize_t i, int pol, Rng *r, GrHist *gh, Strat *st, const int *policy,
                       Move *plan, uint8_t *has_plan);

/* the hands of an edition: _edflow.h's flow (included after this file), one hand at a time per slot; its bots
 * _ed_play.h's, the strategist's _edstrategist.h's and _edcstrategist.h's */
struct EdFlw;
static Py_ssize_t ev_count(const struct EdFlw *F);
static int ev_n(const struct EdFlw *F);
static int ev_nsteps(const struct EdFlw *F);
static int ev_size(const struct EdFlw *F);
static int ev_seat(const struct EdFlw *F, Py_ssize_t i);
static int ev_over(const struct EdFlw *F, Py_ssize_t i);
static void ev_deal(struct EdFlw *F, Py_ssize_t i, uint64_t seed);
static int ev_offered(struct EdFlw *F, Py_ssize_t i, int st, EdMove *a, int *wait);
static void ev_choose(struct EdFlw *F, Py_ssize_t i, const EdMove *a);
static void ev_bot(struct EdFlw *F, Py_ssize_t i, int pol, Rng *r);
static void ev_rewards(const struct EdFlw *F, Py_ssize_t i, int mode, float *r);
static void ev_write(struct EdFlw *F, Py_ssize_t i, int me, float *obs, int8_t *mask);
static void ev_strat(struct EdFlw *F, Py_ssize_t i, EdStrat *es, EcStrat *ec, const uint8_t *policy);
static int ev_teacher(struct EdFlw *F, Py_ssize_t i, int pol, Rng *r);

/* the option an id stands for: a move number (the official flow; -1: wait), or under _house2.h's rules k = -1 (wait)
 * or the Move m, on an edition's hand k = -1 (wait) or the EdMove em */
typedef struct { int k; Move m; EdMove em; } VAct;
enum { VS_AGENT, VS_STEP, VS_DEAL };   /* a slot waits for the agent; finishes the agent's step; deals */

typedef struct {
    PyObject *fcap;             /* owned: the flow */
    Flw *F;                     /* the flow of a Batch's hands, or NULL and */
    struct H2Flw *H;            /* the flow of _house2.h's hands (_h2flow.h), or */
    struct EdFlw *E;            /* the flow of an edition's hands (_edflow.h) */
    Py_ssize_t count;
    int n, nsteps, size;
    int seat, max_steps, reward, lose;
    uint64_t bot_key;
    uint8_t opp[MAXP];          /* the other seats' policies, in seat order from the agent's */
    int strat_on, greedy_on, teacher;
    Move *plan;                 /* under _house2.h's rules: the teacher's play per slot, followed through its stem */
    uint8_t *has_plan;
    Rng seeder;                 /* the hand seeds and drawn seats */
    Rng pick;                   /* venv_random's */
    Rng *bots;                  /* [slot]: the random-play seats' random.Random */
    Rng *sbots;                 /* [slot * n + seat]: a strategist seat's (strat_on) */
    Strat *strat;               /* [slot]: the strategist seats' knowledge (strat_on) */
    EdStrat *ess;               /* [slot]: an edition's strategist seats' reading (strat_on, E) */
    EcStrat *ecs;
    GrHist *gh;                 /* [slot]: greedy's reading of the history (greedy_on) */
    uint8_t *pol;               /* [slot * n + seat]: the seat's policy this hand */
    uint8_t *stage, *waiting;   /* [slot]: VS_*; a self seat is asked */
    uint16_t *tries;            /* [slot]: hands dealt for this episode (UnoGymEnv.reset's 1000) */
    uint64_t *seeds;            /* [slot]: the hand's seed */
    int8_t *agent;              /* [slot]: the agent's seat */
    uint32_t *steps;            /* [slot]: the agent's decisions this episode */
} VEnv;

/* where a call writes (NULL: not given, venv_reset's results) */
typedef struct { float *obs, *rew, *fin; int8_t *mask; uint8_t *term, *trunc, *ill; long ended; } VOut;

static void venv_release(VEnv *e) {
    PyMem_RawFree(e->bots); PyMem_RawFree(e->sbots); PyMem_RawFree(e->strat); PyMem_RawFree(e->gh);
    PyMem_RawFree(e->pol); PyMem_RawFree(e->stage); PyMem_RawFree(e->waiting); PyMem_RawFree(e->tries);
    PyMem_RawFree(e->seeds); PyMem_RawFree(e->agent); PyMem_RawFree(e->steps);
    PyMem_RawFree(e->plan); PyMem_RawFree(e->has_plan); PyMem_RawFree(e->ess); PyMem_RawFree(e->ecs);
    PyMem_RawFree(e);
}

static void venv_free(PyObject *cap) {
    VEnv *e = PyCapsule_GetPointer(cap, "unokit.venv");
    if (!e) return;
    Py_XDECREF(e->fcap);
    venv_release(e);
}

static VEnv *venv_get(PyObject *cap) { return PyCapsule_GetPointer(cap, "unokit.venv"); }

static inline Game *ve_game(VEnv *e, Py_ssize_t i) { return e->H ? h2v_game(e->H, i) : &e->F->v->games[i]; }
static inline int ve_over(VEnv *e, Py_ssize_t i) { return e->E ? ev_over(e->E, i) : ve_game(e, i)->over; }
static inline int ve_seat(const VEnv *e, Py_ssize_t i) {
    return e->E ? ev_seat(e->E, i) : e->H ? h2v_seat(e->H, i) : e->F->f[i].seat;
}

/* whether step id st is offered to the seat asked in slot i, and the option it stands for */
static int ve_offered(VEnv *e, Py_ssize_t i, int st, VAct *a) {
    int w;
    if (e->E) {
        if (!ev_offered(e->E, i, st, &a->em, &w)) return 0;
        a->k = w ? -1 : 0;
        return 1;
    }
    if (!e->H) return fl_offered(e->F, &e->F->f[i], &e->F->v->games[i], st, &a->k);
    if (!h2v_offered(e->H, i, st, &a->m, &w)) return 0;
    a->k = w ? -1 : 0;
    return 1;
}

/* hand_rewards of slot i */
static void ve_rewards(VEnv *e, Py_ssize_t i, float *r) {
    if (e->E) ev_rewards(e->E, i, e->reward, r);
    else if (e->H) h2v_rewards(e->H, i, e->reward, r);
    else fl_rewards(&e->F->v->games[i], e->reward, r);
}

/* Flow.answer of move k (-1: wait) in slot i, the bots' readers fed the action first (play_hand's order) */
static void venv_apply(VEnv *e, Py_ssize_t i, int k) {
    Flw *F = e->F;
    Game *g = &F->v->games[i];
    if (k >= 0) {
        int id = F->f[i].seat * XPS + k;
        if (e->strat) strat_observe(&e->strat[i], g, id);
        if (e->gh) gr_observe(&e->gh[i], g, id);
    }
    fl_apply(F, i, k);
    if (k >= 0 && e->strat) strat_after(&e->strat[i], g);
}

/* the option a chosen in slot i (venv_apply; under _house2.h's rules _h2flow.h's h2f_choose) */
static void ve_apply(VEnv *e, Py_ssize_t i, const VAct *a) {
    if (e->E) ev_choose(e->E, i, a->k < 0 ? NULL : &a->em);
    else if (!e->H) venv_apply(e, i, a->k);
    else h2v_choose(e->H, i, a->k < 0 ? NULL : &a->m, e->gh ? &e->gh[i] : NULL, e->strat ? &e->strat[i] : NULL);
}

/* venv_advance under _house2.h's rules: each opponent's bot asked as _h2flow.h's h2f_bot asks it */
static int venv_advance_h2(VEnv *e, Py_ssize_t i) {
    int n = e->n, policy[MAXP];
    const uint8_t *pol = e->pol + i * n;
    for (int s = 0; s < n; s++) policy[s] = pol[s];
    while (!ve_over(e, i) && ve_seat(e, i) != e->agent[i]) {
        int s = ve_seat(e, i), p = pol[s];
        if (p == VPOL_SELF) return 1;
        if (e->E) { ev_bot(e->E, i, p, p == POL_STRATEGIST ? &e->sbots[i * n + s] : &e->bots[i]); continue; }
        h2v_bot(e->H, i, p, p == POL_STRATEGIST ? &e->sbots[i * n + s] : &e->bots[i], e->gh ? &e->gh[i] : NULL,
                e->strat ? &e->strat[i] : NULL, policy);
    }
    return 0;
}

/* the opponents decide until the agent or a self seat is asked or the hand ends (UnoGymEnv._advance; Flow.bot_decides:
 * in a window each bot's react, in turn its act); 1: a self seat is asked */
static int venv_advance(VEnv *e, Py_ssize_t i) {
    if (e->H || e->E) return venv_advance_h2(e, i);
    Flw *F = e->F;
    Game *g = &F->v->games[i];
    FHand *h = &F->f[i];
    int16_t ids[MAXLEGAL];
    const uint8_t *pol = e->pol + i * F->n;
    while (!g->over && h->seat != e->agent[i]) {
        int s = h->seat, p = pol[s], a;
        if (p == VPOL_SELF) return 1;
        if (h->window) {
            int m = add_reactions(g, ids, 0, s);
            a = p == POL_STRATEGIST ? react_strategist(ids, m) : p == POL_GREEDY ? react_greedy(ids, m)
              : react_random_play(ids, m);
        } else {
            int m = legal_ids(g, s, ids);
            a = p == POL_STRATEGIST ? policy_strategist(&e->strat[i], g, &e->sbots[i * F->n + s], ids, m)
              : p == POL_GREEDY ? policy_greedy(&e->gh[i], g, ids, m) : policy_random_play(g, &e->bots[i], ids, m);
        }
        venv_apply(e, i, a < 0 ? -1 : a % XPS);
    }
    return 0;
}

/* a new hand in slot i, not yet played up to the agent (UnoGymEnv.reset) */
static void venv_deal(VEnv *e, Py_ssize_t i) {
    Flw *F = e->F;
    const Config *cfg = e->E ? NULL : e->H ? h2v_cfg(e->H) : &F->v->cfg;
    Game *g = e->E ? NULL : ve_game(e, i);
    int n = e->n, fast = cfg ? cfg->fast : 0;      /* (an edition's hands: referee chance) */
    uint64_t seed = xo_next(&e->seeder) >> 33;          /* a 31-bit seed, as the gym env draws */
    e->seeds[i] = seed;
    int me = e->seat >= 0 ? e->seat : (int)rng_below(&e->seeder, (uint32_t)n);
    e->agent[i] = (int8_t)me;
    e->steps[i] = 0;
    e->stage[i] = VS_DEAL;
    e->tries[i]++;
    uint8_t *pol = e->pol + i * n;
    for (int s = 0, k = 0; s < n; s++) pol[s] = s == me ? VPOL_AGENT : e->opp[k++];
    if (e->teacher == POL_STRATEGIST) seed_seat_bot(&e->sbots[i * n + me], fast, "env-teacher", seed, 0, me);
    if (e->E) {
        ev_deal(e->E, i, seed);
        if (e->ess) {
            uint8_t policy[MAXP];
            for (int s = 0; s < n; s++) {
                policy[s] = s == me ? (uint8_t)e->teacher : pol[s];
                if (pol[s] == POL_STRATEGIST) seed_seat_bot(&e->sbots[i * n + s], fast, "env-bot", seed, 0, s);
            }
            ev_strat(e->E, i, &e->ess[i], &e->ecs[i], policy);
        }
    } else if (e->H) h2v_deal(e->H, i, seed);
    else {
        deal(g, cfg, seed);
        if (F->o) hist_deal(&F->o->h[i], g);
        fl_begin(&F->f[i], g, seed ^ 0x5EED, fast);
    }
    rng_seed(&e->bots[i], seed ^ e->bot_key, fast);
    if (e->strat) {
        Config c = *cfg;                                 /* strat_begin reads the strategist seats from the policies */
        for (int s = 0; s < n; s++) {
            c.policy[s] = s == me ? e->teacher : pol[s];
            if (pol[s] == POL_STRATEGIST) seed_seat_bot(&e->sbots[i * n + s], fast, "env-bot", seed, 0, s);
        }
        strat_begin(&e->strat[i], g, &c);
    }
    if (e->gh) gr_begin(&e->gh[i], g);
}

/* the agent's observation and mask of slot i into row i */
static void venv_write(VEnv *e, Py_ssize_t i, float *obs, int8_t *mask) {
    if (e->E) { ev_write(e->E, i, e->agent[i], obs + i * e->size, mask + i * e->nsteps); return; }
    if (e->H) { h2v_write(e->H, i, e->agent[i], obs + i * e->size, mask + i * e->nsteps); return; }
    Flw *F = e->F;
    const Game *g = &F->v->games[i];
    const FHand *h = &F->f[i];
    int me = e->agent[i];
    obs_encode(F->o, &F->o->h[i], g, me, h->seat == me && h->window, obs + i * F->o->size);
    int8_t *m = mask + i * F->nsteps;
    memset(m, 0, (size_t)F->nsteps);
    if (h->seat == me) fl_mask(F, h, g, m);
}

/* slot i goes on until the agent is asked (its observation written) or a self seat is; 1: a self seat is asked */
static int venv_settle(VEnv *e, Py_ssize_t i, VOut *o) {
    float r[MAXP];
    for (;;) {
        if (venv_advance(e, i)) return e->waiting[i] = 1;
        if (e->stage[i] == VS_STEP) {
            int me = e->agent[i];
            if (ve_over(e, i)) { o->term[i] = 1; ve_rewards(e, i, r); o->rew[i] = r[me]; }
            else if (e->steps[i] >= (uint32_t)e->max_steps) o->trunc[i] = 1;
            if (o->term[i] || o->trunc[i]) {
                o->ended++;
                venv_write(e, i, o->fin, o->mask);
                e->tries[i] = 0;
                venv_deal(e, i);
                continue;
            }
        } else if (e->stage[i] == VS_DEAL && ve_over(e, i) && e->tries[i] < 1000) {
            venv_deal(e, i);      /* the bots finished the hand before the agent's first decision: the next one */
            continue;
        }
        e->stage[i] = VS_AGENT;
        venv_write(e, i, o->obs, o->mask);
        return e->waiting[i] = 0;
    }
}

/* the buffers of a call, checked */
typedef struct { Py_buffer b[10]; int nb; } Bufs;

static void bufs_release(Bufs *B) { for (int k = 0; k < B->nb; k++) PyBuffer_Release(&B->b[k]); B->nb = 0; }

static void *bufs_get(Bufs *B, PyObject *o, Py_ssize_t len, const char *what) {
    Py_buffer *b = &B->b[B->nb];
    if (PyObject_GetBuffer(o, b, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0) return NULL;
    B->nb++;
    if (b->len != len) { PyErr_Format(PyExc_ValueError, "venv: %s has %zd bytes, not %zd", what, b->len, len); return NULL; }
    return b->buf;
}

/* the step's arrays: obs, mask, reward, terminated, truncated, final, illegal; 0: an error is set */
static int venv_outs(VEnv *e, Bufs *B, PyObject *const *a, VOut *o) {
    Py_ssize_t c = e->count, size = e->size;
    o->ended = 0;
    return (o->obs = bufs_get(B, a[0], c * size * 4, "obs")) && (o->mask = bufs_get(B, a[1], c * e->nsteps, "mask"))
        && (o->rew = bufs_get(B, a[2], c * 4, "reward")) && (o->term = bufs_get(B, a[3], c, "terminated"))
        && (o->trunc = bufs_get(B, a[4], c, "truncated")) && (o->fin = bufs_get(B, a[5], c * size * 4, "final"))
        && (o->ill = bufs_get(B, a[6], c, "illegal"));
}

static long venv_count_waiting(const VEnv *e) {
    long w = 0;
    for (Py_ssize_t i = 0; i < e->count; i++) w += e->waiting[i];
    return w;
}

static PyObject *py_venv_new(PyObject *self, PyObject *args) {
    PyObject *fcap;
    int seat, max_steps, reward, lose;
    unsigned long long key;
    Py_buffer opp;
    int teacher;
    if (!PyArg_ParseTuple(args, "OiiipKy*i", &fcap, &seat, &max_steps, &reward, &lose, &key, &opp, &teacher)) return NULL;
    struct H2Flw *H = PyCapsule_IsValid(fcap, "unokit.h2flow") ? PyCapsule_GetPointer(fcap, "unokit.h2flow") : NULL;
    struct EdFlw *E = PyCapsule_IsValid(fcap, "unokit.edflow") ? PyCapsule_GetPointer(fcap, "unokit.edflow") : NULL;
    Flw *F = H || E ? NULL : flw_get(fcap);
    if (!F && !H && !E) { PyBuffer_Release(&opp); return NULL; }
    int n = E ? ev_n(E) : H ? h2v_n(H) : F->n;
    int bad = (F && !F->o) || seat < -1 || seat >= n || max_steps < 1 || reward < 0 || reward > 1
              || opp.len != n - 1;
    const uint8_t *ov = opp.buf;
    int strat_on = teacher == POL_STRATEGIST, greedy_on = teacher == POL_GREEDY;
    bad |= teacher != 0 && teacher != POL_GREEDY && teacher != POL_STRATEGIST;
    for (Py_ssize_t k = 0; !bad && k < opp.len; k++) {
        bad = ov[k] != POL_RANDOM_PLAY && ov[k] != POL_GREEDY && ov[k] != POL_STRATEGIST && ov[k] != VPOL_SELF;
        strat_on |= ov[k] == POL_STRATEGIST;
        greedy_on |= ov[k] == POL_GREEDY;
    }
    if (bad) {
        PyBuffer_Release(&opp);
        PyErr_SetString(PyExc_ValueError, "venv_new: a flow with observations, a seat of the table, max_steps >= 1, "
                        "one known policy per other seat, a known teacher");
        return NULL;
    }
    Py_ssize_t count = E ? ev_count(E) : H ? h2v_count(H) : F->v->count, c = count ? count : 1;
    size_t cn = (size_t)c * (size_t)n;
    VEnv *e = PyMem_RawCalloc(1, sizeof(VEnv));
    if (!e) { PyBuffer_Release(&opp); return PyErr_NoMemory(); }
    memcpy(e->opp, ov, (size_t)opp.len);
    PyBuffer_Release(&opp);
    e->bots = PyMem_RawMalloc(sizeof(Rng) * (size_t)c);
    e->pol = PyMem_RawCalloc(cn, 1);
    e->stage = PyMem_RawCalloc((size_t)c, 1);
    e->waiting = PyMem_RawCalloc((size_t)c, 1);
    e->tries = PyMem_RawCalloc((size_t)c, sizeof(uint16_t));
    e->seeds = PyMem_RawCalloc((size_t)c, sizeof(uint64_t));
    e->agent = PyMem_RawCalloc((size_t)c, 1);
    e->steps = PyMem_RawCalloc((size_t)c, sizeof(uint32_t));
    int ok = e->bots && e->pol && e->stage && e->waiting && e->tries && e->seeds && e->agent && e->steps;
    if (ok && strat_on) {
        e->sbots = PyMem_RawMalloc(sizeof(Rng) * cn);
        if (E) {                /* an edition's strategist (its coloured reading only under a coloured edition) */
            e->ess = PyMem_RawCalloc((size_t)c, sizeof(EdStrat));
            e->ecs = PyMem_RawCalloc((size_t)c, sizeof(EcStrat));
            ok = e->sbots && e->ess && e->ecs;
        } else {
            e->strat = PyMem_RawCalloc((size_t)c, sizeof(Strat));
            ok = e->sbots && e->strat;
        }
    }
    if (ok && greedy_on && !E) ok = (e->gh = PyMem_RawCalloc((size_t)c, sizeof(GrHist))) != NULL;
    if (ok && H && teacher) ok = (e->plan = PyMem_RawCalloc((size_t)c, sizeof(Move))) != NULL
                                 && (e->has_plan = PyMem_RawCalloc((size_t)c, 1)) != NULL;
    if (!ok) { venv_release(e); return PyErr_NoMemory(); }
    e->F = F; e->H = H; e->E = E; e->count = count; e->n = n;
    e->nsteps = E ? ev_nsteps(E) : H ? h2v_nsteps(H) : F->nsteps;
    e->size = E ? ev_size(E) : H ? h2v_size(H) : F->o->size;
    e->seat = seat; e->max_steps = max_steps; e->reward = reward; e->lose = lose; e->bot_key = key;
    e->strat_on = strat_on; e->greedy_on = greedy_on; e->teacher = teacher;
    e->fcap = fcap;
    Py_INCREF(fcap);
    PyObject *cap = PyCapsule_New(e, "unokit.venv", venv_free);
    if (!cap) { Py_DECREF(fcap); venv_release(e); }
    return cap;
}

static PyObject *py_venv_reset(PyObject *self, PyObject *args) {
    PyObject *cap, *oo, *mo;
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "OKOO", &cap, &seed, &oo, &mo)) return NULL;
    VEnv *e = venv_get(cap);
    if (!e) return NULL;
    Py_ssize_t c = e->count;
    Bufs B = {.nb = 0};
    VOut o = {0};
    o.obs = bufs_get(&B, oo, c * e->size * 4, "obs");
    o.mask = o.obs ? bufs_get(&B, mo, c * e->nsteps, "mask") : NULL;
    if (!o.mask) { bufs_release(&B); return NULL; }
    rng_seed(&e->seeder, seed, 1);
    rng_seed(&e->pick, seed ^ 0x9A7E, 1);
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < c; i++) { e->tries[i] = 0; venv_deal(e, i); venv_settle(e, i, &o); }
    Py_END_ALLOW_THREADS
    bufs_release(&B);
    return Py_BuildValue("(ll)", 0L, venv_count_waiting(e));
}

static PyObject *py_venv_step(PyObject *self, PyObject *args) {
    PyObject *cap, *ao, *arr[7];
    if (!PyArg_ParseTuple(args, "OOOOOOOOO", &cap, &ao, &arr[0], &arr[1], &arr[2], &arr[3], &arr[4], &arr[5], &arr[6]))
        return NULL;
    VEnv *e = venv_get(cap);
    if (!e) return NULL;
    Py_ssize_t c = e->count;
    Bufs B = {.nb = 0};
    VOut o;
    Py_buffer ab;
    if (PyObject_GetBuffer(ao, &ab, PyBUF_C_CONTIGUOUS) < 0) return NULL;
    if (ab.len != c * 4) { PyErr_SetString(PyExc_ValueError, "venv_step: one int32 step id per slot"); goto fail; }
    if (!venv_outs(e, &B, arr, &o)) goto fail;
    if (venv_count_waiting(e)) { PyErr_SetString(PyExc_ValueError, "venv_step: self seats' decisions are pending"); goto fail; }
    const int32_t *act = ab.buf;
    if (!e->lose)   /* raise: every id checked first, nothing changes on a refusal */
        for (Py_ssize_t i = 0; i < c; i++) {
            VAct a;
            if (ve_seat(e, i) != e->agent[i] || !ve_offered(e, i, act[i], &a)) {
                PyErr_Format(PyExc_ValueError, "slot %zd: step id %d is not offered to the agent now", i, (int)act[i]);
                goto fail;
            }
        }
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < c; i++) {
        VAct a;
        o.rew[i] = 0;
        o.term[i] = o.trunc[i] = o.ill[i] = 0;
        e->stage[i] = VS_STEP;
        if (ve_seat(e, i) != e->agent[i] || !ve_offered(e, i, act[i], &a)) {   /* "lose": the episode ends there */
            o.ill[i] = o.term[i] = 1;
            o.rew[i] = -1;
            o.ended++;
            venv_write(e, i, o.fin, o.mask);
            e->tries[i] = 0;
            venv_deal(e, i);
        } else {
            ve_apply(e, i, &a);
            e->steps[i]++;
        }
        venv_settle(e, i, &o);
    }
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&ab);
    bufs_release(&B);
    return Py_BuildValue("(ll)", o.ended, venv_count_waiting(e));
fail:
    PyBuffer_Release(&ab);
    bufs_release(&B);
    return NULL;
}

static PyObject *py_venv_pending(PyObject *self, PyObject *args) {
    PyObject *cap, *oo, *mo, *so, *to;
    if (!PyArg_ParseTuple(args, "OOOOO", &cap, &oo, &mo, &so, &to)) return NULL;
    VEnv *e = venv_get(cap);
    if (!e) return NULL;
    Flw *F = e->F;
    Py_ssize_t c = e->count, size = e->size;
    Bufs B = {.nb = 0};
    float *obs = bufs_get(&B, oo, c * size * 4, "obs");         /* room for every slot; rows 0..pending-1 written */
    int8_t *mask = obs ? bufs_get(&B, mo, c * e->nsteps, "mask") : NULL;
    int32_t *slots = mask ? bufs_get(&B, so, c * 4, "slots") : NULL;
    int32_t *seats = slots ? bufs_get(&B, to, c * 4, "seats") : NULL;
    if (!seats) { bufs_release(&B); return NULL; }
    long j = 0;
    for (Py_ssize_t i = 0; i < c; i++) {
        if (!e->waiting[i]) continue;
        int s = ve_seat(e, i);
        if (e->E) ev_write(e->E, i, s, obs + j * size, mask + j * e->nsteps);
        else if (e->H) h2v_write(e->H, i, s, obs + j * size, mask + j * e->nsteps);
        else {
            const FHand *h = &F->f[i];
            const Game *g = &F->v->games[i];
            obs_encode(F->o, &F->o->h[i], g, h->seat, h->window, obs + j * size);
            memset(mask + j * F->nsteps, 0, (size_t)F->nsteps);
            fl_mask(F, h, g, mask + j * F->nsteps);
        }
        slots[j] = (int32_t)i;
        seats[j++] = s;
    }
    bufs_release(&B);
    return PyLong_FromLong(j);
}

static PyObject *py_venv_answer(PyObject *self, PyObject *args) {
    PyObject *cap, *ao, *arr[7];
    if (!PyArg_ParseTuple(args, "OOOOOOOOO", &cap, &ao, &arr[0], &arr[1], &arr[2], &arr[3], &arr[4], &arr[5], &arr[6]))
        return NULL;
    VEnv *e = venv_get(cap);
    if (!e) return NULL;
    Py_ssize_t c = e->count;
    long w = venv_count_waiting(e);
    Bufs B = {.nb = 0};
    VOut o;
    Py_buffer ab;
    VAct *ks = NULL;
    if (PyObject_GetBuffer(ao, &ab, PyBUF_C_CONTIGUOUS) < 0) return NULL;
    if (ab.len != w * 4) { PyErr_SetString(PyExc_ValueError, "venv_answer: one int32 step id per pending decision"); goto fail; }
    if (!venv_outs(e, &B, arr, &o)) goto fail;
    if (!(ks = PyMem_RawMalloc(sizeof(VAct) * (size_t)(w ? w : 1)))) { PyErr_NoMemory(); goto fail; }
    const int32_t *act = ab.buf;
    for (Py_ssize_t i = 0, j = 0; i < c; i++) {   /* every id checked first: a refused batch changes nothing */
        if (!e->waiting[i]) continue;
        if (!ve_offered(e, i, act[j], &ks[j])) {
            PyErr_Format(PyExc_ValueError, "slot %zd: step id %d is not offered to seat %d now", i, (int)act[j],
                         ve_seat(e, i));
            goto fail;
        }
        j++;
    }
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0, j = 0; i < c; i++) {
        if (!e->waiting[i]) continue;
        ve_apply(e, i, &ks[j++]);
        venv_settle(e, i, &o);
    }
    Py_END_ALLOW_THREADS
    PyMem_RawFree(ks);
    PyBuffer_Release(&ab);
    bufs_release(&B);
    return Py_BuildValue("(ll)", o.ended, venv_count_waiting(e));
fail:
    PyMem_RawFree(ks);
    PyBuffer_Release(&ab);
    bufs_release(&B);
    return NULL;
}
static PyObject *py_venv_teacher(PyObject *self, PyObject *args) {
    PyObject *cap, *oo;
    if (!PyArg_ParseTuple(args, "OO", &cap, &oo)) return NULL;
    VEnv *e = venv_get(cap);
    if (!e) return NULL;
    Flw *F = e->F;
    if (!e->teacher) { PyErr_SetString(PyExc_ValueError, "venv_teacher: this env has no teacher"); return NULL; }
    Py_ssize_t c = e->count;
    Bufs B = {.nb = 0};
    int32_t *out = bufs_get(&B, oo, c * 4, "out");
    if (!out) { bufs_release(&B); return NULL; }
    if (e->E) {                 /* an edition's: greedy (_edflow.h's ev_teacher) */
        for (Py_ssize_t i = 0; i < c; i++) {
            int s = ev_seat(e->E, i);
            out[i] = s < 0 || s != e->agent[i] || e->waiting[i] ? -1
                   : ev_teacher(e->E, i, e->teacher, e->sbots ? &e->sbots[i * e->n + s] : NULL);
        }
        bufs_release(&B);
        Py_RETURN_NONE;
    }
    if (e->H) {                 /* _house2.h's rules: _h2flow.h's teacher, its play followed one step at a time */
        int n = e->n, policy[MAXP];
        for (Py_ssize_t i = 0; i < c; i++) {
            int s = h2v_seat(e->H, i);
            out[i] = -1;
            if (s < 0 || s != e->agent[i] || e->waiting[i]) continue;
            for (int q = 0; q < n; q++) policy[q] = q == s ? e->teacher : e->pol[i * n + q];
            out[i] = h2v_teacher(e->H, i, e->teacher, e->sbots ? &e->sbots[i * n + s] : NULL, e->gh ? &e->gh[i] : NULL,
                                 e->strat ? &e->strat[i] : NULL, policy, &e->plan[i], &e->has_plan[i]);
        }
        bufs_release(&B);
        Py_RETURN_NONE;
    }
    int16_t ids[MAXLEGAL];
    for (Py_ssize_t i = 0; i < c; i++) {
        Game *g = &F->v->games[i];
        const FHand *h = &F->f[i];
        int s = h->seat, a;
        out[i] = -1;
        if (s < 0 || s != e->agent[i] || e->waiting[i]) continue;
        if (h->window) {
            int m = add_reactions(g, ids, 0, s);
            a = e->teacher == POL_STRATEGIST ? react_strategist(ids, m) : react_greedy(ids, m);
        } else {
            int m = legal_ids(g, s, ids);
            a = e->teacher == POL_STRATEGIST ? policy_strategist(&e->strat[i], g, &e->sbots[i * F->n + s], ids, m)
              : policy_greedy(&e->gh[i], g, ids, m);
        }
        int k = a < 0 ? -1 : a % XPS;
        out[i] = k < 0 ? (h->window ? F->wait : -1) : k < FLW_MOVES ? F->step_of[(size_t)s * FLW_MOVES + k] : -1;
    }
    bufs_release(&B);
    Py_RETURN_NONE;
}

static PyObject *py_venv_random(PyObject *self, PyObject *args) {
    PyObject *cap, *mo, *oo;
    if (!PyArg_ParseTuple(args, "OOO", &cap, &mo, &oo)) return NULL;
    VEnv *e = venv_get(cap);
    if (!e) return NULL;
    Py_ssize_t c = e->count, ns = e->nsteps;
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
    Py_ssize_t c = e->count;
    return Py_BuildValue("(y#y#)", (const char *)e->seeds, c * 8, (const char *)e->agent, c);
}

#define VENV_METHODS \
    {"venv_new", py_venv_new, METH_VARARGS, "The batched env over a flow (see _venv.h)."}, \
    {"venv_reset", py_venv_reset, METH_VARARGS, "A new hand in every slot; observations and masks."}, \
    {"venv_step", py_venv_step, METH_VARARGS, "The agent's step in every slot, opponents played in C."}, \
    {"venv_pending", py_venv_pending, METH_VARARGS, "The self seats' pending decisions: observations, masks, slots, seats."}, \
    {"venv_answer", py_venv_answer, METH_VARARGS, "One step id per pending self-seat decision; the slots go on."}, \
    {"venv_teacher", py_venv_teacher, METH_VARARGS, "The teacher bot's step id for the agent in every slot."}, \
    {"venv_random", py_venv_random, METH_VARARGS, "A uniform offered step id per slot."}, \
    {"venv_seeds", py_venv_seeds, METH_VARARGS, "Each slot's hand seed and agent seat (tests)."},
