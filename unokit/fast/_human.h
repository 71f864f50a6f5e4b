/* _human.h (included by _ccore.c): the human-error bots, unokit.bots.human.HumanBot over greedy ("human",
 * "human:greedy") or random-play ("human:random-play") with its default rates, played as unokit.lab.sim.play_hand
 * plays them, their generators drawn draw for draw (issue 28, point 1):
 *
 * - each seat's HumanBot owns random.Random(its inner bot's seed + 7919) (unokit.lab.make_player, bots.human.human);
 * - its turn (HumanBot.act): the inner bot's choice; a play with the UNO call is made without it when random() <
 *   forget_uno (a draw only then);
 * - the reactions (unokit.engine.flow.react_step): the seats that may react (Game.out_of_turn_seats, then the seat
 *   to act) shuffled by the harness's generator, then sorted (stably) by each human seat's reaction_delay, an
 *   expovariate(1 / reaction) drawn in that order (0.0 for the other seats), at every call, even when no seat has
 *   a reaction; a human seat offered reactions (HumanBot.react) apologises (random() < apologise, after a penalty
 *   event against it it has not seen yet; choice of APOLOGIES), talks (random() < talk; choice of CHATTER) or,
 *   forgetting (random() < forget_uno), is offered its reactions without the UNO call;
 * - a line said (Say) is a reaction applied: Game.speak judges it (not once its hand is empty): under S, while a
 *   silence holds, and under ORG it costs what the referee's judges say (Silence.judge_speech, Pride.judge_speech,
 *   asked in Python for every line of codec.SAY_LINES and handed over in the config: compiled._human); the lines
 *   are neither compliments nor critiques (E, IE: compiled.problem checks).
 *
 * One hand loop takes the human seats' choices through hooks: under _house2.h's rules h2_play_hand's (G2.hu:
 * hu_begin, hu_h2_react_step, hu_h2_turn, below); under the others _ccore.c's play_hand (hu_begin, hu_react_step
 * with M's slap rounds, DP's open draw and MS's seats out among the reacting seats as Game.out_of_turn_seats counts
 * them, hu_act).
 *
 * A penalty event is counted per seat where C penalizes (Game.pens). compiled.problem says where this was proven
 * (compiled._HUMAN_RULES); tests/fast/test_compiled_human.py, test_compiled_human_house.py. */

enum { POL_HUMAN_GREEDY = 4, POL_HUMAN_RANDOM = 5 };
#define HU_LINES 11                    /* codec.SAY_LINES: the chatter, then the apologies */
#define HU_CHATTER 7
#define HU_APOLOGIES 4
#define HU_SAY (MAXP * XPS)            /* internal ids of a line said: HU_SAY + seat * HU_LINES + line */
#define SAY_BASE 9400                  /* codec.SAY_BASE (unokit/fast/ccore.py checks it) */

static int read_config(PyObject *cfg, Config *c);
static int id_out(int id);
static void play_hand(Game *g, const Config *cfg, uint64_t seed, Rng *bots, int shared_bot, Strat *st, int32_t *rec);

static inline int hu_human(int pol) { return pol == POL_HUMAN_GREEDY || pol == POL_HUMAN_RANDOM; }
static inline int hu_greedy(int pol) { return pol == POL_GREEDY || pol == POL_HUMAN_GREEDY; }

/* random.Random.random() of a generator (fast chance: 53 bits of xoshiro256**) */
static inline double hu_random(Rng *r) {
    if (!r->fast) return mt_random(&r->mt);
    return (double)(xo_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

/* the config's optional human-error blob: 4 doubles (forget_uno, talk, apologise, reaction), then each line's
 * price under S and under ORG (HU_LINES bytes each); None when no seat is human */
static int hu_read(Config *c, PyObject *hu) {
    c->hu_on = 0;
    for (int s = 0; s < c->n; s++) if (hu_human(c->policy[s])) c->hu_on = 1;
    if (!c->hu_on) return 0;
    if (!PyBytes_Check(hu) || PyBytes_GET_SIZE(hu) != (Py_ssize_t)(4 * sizeof(double) + 2 * HU_LINES)) {
        PyErr_SetString(PyExc_ValueError, "human-error bots: their rates and the lines' prices expected");
        return -1;
    }
    const char *b = PyBytes_AS_STRING(hu);
    memcpy(c->hu, b, 4 * sizeof(double));
    memset(c->hu_cost, 0, sizeof c->hu_cost);
    for (int k = 0; k < 2; k++) memcpy(c->hu_cost[k], b + 4 * sizeof(double) + k * HU_LINES, HU_LINES);
    return 0;
}

/* the human seats' own generators' seeds: the inner bot's seed + 7919 (fast chance: one of their own) */
static void hu_seed_seats(Config *c, const char *purpose, uint64_t base, long long salt, int fast) {
    for (int s = 0; s < c->n; s++) {
        if (!hu_human(c->policy[s])) continue;
        if (fast) {
            uint64_t x = base ^ (0x8cb92ba72f3d8dd7ULL * (uint64_t)(salt * 64 + s + 1));
            c->hu_seed[s] = splitmix(&x);
        } else {
            c->hu_seed[s] = derive(purpose, base, salt * 64 + s) + 7919;
        }
    }
}

typedef struct Hu {
    Rng r[MAXP];                       /* each human seat's generator */
    uint8_t seen[MAXP];                /* HumanBot._seen_penalties (modulo 256: compared for a change) */
    const Config *cfg;                 /* the hand's config and bots' generators (bots[MAXP]: the harness's) */
    Rng *bots;
} Hu;

/* a hand's human-error state, its seats' generators seeded (NULL: no memory; PyMem_RawFree frees it) */
static Hu *hu_begin(const Config *cfg, Rng *bots) {
    Hu *H = PyMem_RawMalloc(sizeof(Hu));
    if (!H) return NULL;
    H->cfg = cfg;
    H->bots = bots;
    for (int s = 0; s < cfg->n; s++) {
        H->seen[s] = 0;
        if (hu_human(cfg->policy[s])) rng_seed(&H->r[s], cfg->hu_seed[s], cfg->fast);
    }
    return H;
}

/* Game.speak of a line (Say): the judges' prices, each a penalty (none once the hand is empty) */
static void hu_say(Game *g, const Config *cfg, int p, int line) {
    if (!g->hand_len[p]) return;
    int s = g->s_on ? cfg->hu_cost[0][line] : 0, org = cfg->hu_cost[1][line];
    if (s) h5_penalize(g, p, s);
    if (org) h5_penalize(g, p, org);
}

/* HumanBot.react for seat s offered ids[0..m): a line said (HU_SAY + ...), a reaction id, or -1 */
static int hu_react(Game *g, const Config *cfg, Hu *H, int s, int16_t *ids, int m) {
    Rng *r = &H->r[s];
    if (g->pens[s] != H->seen[s]) {                   /* (counts only grow: a new penalty) */
        H->seen[s] = g->pens[s];
        if (hu_random(r) < cfg->hu[2])
            return HU_SAY + s * HU_LINES + HU_CHATTER + (int)rng_below(r, HU_APOLOGIES);
    }
    if (hu_random(r) < cfg->hu[1]) return HU_SAY + s * HU_LINES + (int)rng_below(r, HU_CHATTER);
    if (hu_random(r) < cfg->hu[0]) {                    /* forgetful: the UNO call left out */
        int k = 0;
        for (int i = 0; i < m; i++) if (ids[i] % XPS != K_UNO) ids[k++] = ids[i];
        m = k;
    }
    if (!m) return -1;
    return hu_greedy(cfg->policy[s]) ? react_greedy(ids, m) : react_random_play(ids, m);
}

/* reaction_seats' order: each human seat's reaction_delay() (expovariate(1 / reaction), drawn in the shuffled
 * order; 0.0 for the other seats), then a stable sort by it */
static void hu_order(const Config *cfg, Hu *H, int *cands, double *delay, int nc) {
    int any = 0;
    for (int i = 0; i < nc; i++) {
        int s = cands[i];
        delay[i] = 0.0;
        if (hu_human(cfg->policy[s])) {
            any = 1;
            if (cfg->hu[3] > 0) delay[i] = -log(1.0 - hu_random(&H->r[s])) / (1.0 / cfg->hu[3]);   /* expovariate */
        }
    }
    if (any)
        for (int i = 1; i < nc; i++) {                 /* list.sort: stable, by delay */
            double d = delay[i];
            int s = cands[i], j = i - 1;
            while (j >= 0 && d < delay[j]) { delay[j + 1] = delay[j]; cands[j + 1] = cands[j]; j--; }
            delay[j + 1] = d;
            cands[j + 1] = s;
        }
}

/* unokit.engine.flow.react_step with human seats: 1 when a reaction was applied */
static int hu_react_step(Game *g, const Config *cfg, Hu *H, Rng *bots, Strat *st, GrHist *gh, int16_t *ids) {
    int me = g->current, n = g->n, nc = 0, cands[MAXP], dp = 0;
    double delay[MAXP];
    for (int p = 0; p < n && g->dp_drawer && !dp; p++)   /* DP: a seat but the one to act may challenge the draw */
        dp = p != me && dp_may_challenge(g, p);
    for (int p = 0; p < n; p++)                        /* Game.out_of_turn_seats: M's slap round, MS's seats out */
        if (p != me && !(g->out >> p & 1) && (g->catchable || g->m_open || dp || (g->hand_len[p] == 1 && !g->uno_said[p])))
            cands[nc++] = p;
    cands[nc++] = me;
    Rng *hr = &bots[MAXP];
    for (int i = nc - 1; i > 0; i--) {                 /* random.shuffle */
        int j = (int)rng_below(hr, (uint32_t)(i + 1)), t = cands[i];
        cands[i] = cands[j];
        cands[j] = t;
    }
    hu_order(cfg, H, cands, delay, nc);
    for (int i = 0; i < nc; i++) {
        int s = cands[i], m = add_reactions(g, ids, 0, s);
        if (!m) continue;
        int a = hu_human(cfg->policy[s]) ? hu_react(g, cfg, H, s, ids, m)
              : hu_greedy(cfg->policy[s]) ? react_greedy(ids, m) : react_random_play(ids, m);
        if (a < 0) continue;
        strat_observe(st, g, a);                       /* (play_logged's log: no strategist seat beside them) */
        if (a >= HU_SAY) { hu_say(g, cfg, (a - HU_SAY) / HU_LINES, (a - HU_SAY) % HU_LINES); return 1; }
        gr_observe(gh, g, a);
        apply_id(g, a);
        return 1;
    }
    return 0;
}

/* HumanBot.act for human seat `cur`: its inner bot's choice `a` among ids[0..m), made without the UNO call when
 * random() < forget_uno (a play with the call only) */
static int hu_act(const Config *cfg, Hu *H, int cur, const int16_t *ids, int m, int a) {
    if (is_play(a % XPS) && (a % XPS & 1) && hu_random(&H->r[cur]) < cfg->hu[0])
        for (int i = 0; i < m; i++) if (ids[i] == a - 1) return a - 1;
    return a;
}

/* ------------------------------------------------------------------ under _house2.h's rules (h2_play_hand's hooks) */

/* a Move equal to Play(a.player, a.cards, a.color, False, a.target, give=a.give) (HumanBot.act's forgotten call):
 * -1 if none */
static int hu_h2_forgot(const Lst *L, const Move *a) {
    for (int i = 0; i < L->m; i++) {
        const Move *b = &L->v[i];
        if (b->kind == MV_PLAY && !b->uno && !b->more && b->n == a->n && b->color == a->color && b->target == a->target
                && !memcmp(b->cards, a->cards, (size_t)a->n) && b->ng == a->ng && !memcmp(b->give, a->give, a->ng))
            return i;
    }
    return -1;
}

/* the human seat's answer among L (turn: HumanBot.act; else HumanBot.react, whose lines are HU_SAY + ...), its
 * inner bot choosing; -1: none (a reaction declined). `sub`: a sub-decision of a play being composed, where a
 * reaction's line or refusal takes the first option (unokit.engine.flow.ask's _pick) */
static int hu_h2_choose(G2 *G, const Config *cfg, Hu *H, Rng *bots, GrHist *gh, int s, int turn, int sub, int phase,
                        Lst *L) {
    Game *g = &G->g;
    Rng *r = &H->r[s];
    int greedy = hu_greedy(cfg->policy[s]), i;
    if (turn) {
        i = sub ? (greedy ? h2_greedy_pick(g, s, phase, 0, L) : h2_random_play(&bots[s], L))
                : (greedy ? h2_greedy_act(gh, g, phase, L) : h2_act(g, &bots[s], L));
        if (i >= 0 && L->v[i].kind == MV_PLAY && L->v[i].uno && hu_random(r) < cfg->hu[0]) {
            int j = hu_h2_forgot(L, &L->v[i]);
            if (j >= 0) i = j;
        }
        return i;
    }
    if (g->pens[s] != H->seen[s]) {                   /* (counts only grow: a new penalty) */
        H->seen[s] = g->pens[s];
        if (hu_random(r) < cfg->hu[2]) {
            int line = HU_CHATTER + (int)rng_below(r, HU_APOLOGIES);
            return sub ? 0 : HU_SAY + s * HU_LINES + line;
        }
    }
    if (hu_random(r) < cfg->hu[1]) {
        int line = (int)rng_below(r, HU_CHATTER);
        return sub ? 0 : HU_SAY + s * HU_LINES + line;
    }
    Move keep[H2_CAP];
    Lst F = *L;
    if (hu_random(r) < cfg->hu[0]) {                    /* forgetful: without the UNO call */
        F.v = keep;
        F.m = 0;
        for (int k = 0; k < L->m; k++) if (h2_k(&L->v[k]) != K_UNO) keep[F.m++] = L->v[k];
        if (!F.m) return sub ? 0 : -1;
    }
    i = sub ? (greedy ? h2_greedy_pick(g, s, phase, 1, &F) : h2_random_play(&bots[s], &F))
            : (greedy ? h2_greedy_react(g, s, &F) : h2_react(&bots[s], &F));
    if (i < 0) return sub ? 0 : -1;
    if (F.v != L->v) {                                 /* back to L's index */
        const Move *a = &keep[i];
        for (int k = 0; k < L->m; k++) if (!memcmp(&L->v[k], a, sizeof(Move))) return k;
    }
    return i;
}

/* unokit.engine.compose.complete of a stem `a` the seat picked, each sub-decision asked of its bot */
static void hu_h2_complete(G2 *G, const Config *cfg, Hu *H, Rng *bots, GrHist *gh, int turn, int phase, Move *a) {
    Move e[H2_CAP];
    Comp Cm;
    int s = a->seat;
    while (a->kind == MV_PLAY && a->more) {
        comp_init(&Cm, &G->g, s);
        Lst E = {e, 0, H2_CAP, 0};
        h2_expand(G, &Cm, a, &E);
        h2_unfold(G, &E);
        int i = !E.m ? -1 : hu_human(cfg->policy[s]) ? hu_h2_choose(G, cfg, H, bots, gh, s, turn, 1, phase, &E)
              : hu_greedy(cfg->policy[s]) ? h2_greedy_pick(&G->g, s, phase, !turn, &E) : h2_random_play(&bots[s], &E);
        if (i < 0) { a->more = 0; return; }
        *a = e[i];
    }
}

/* h2_react_step with human seats (its hook): the reaction delays, their lines; a line said is logged as
 * codec.SAY_BASE + seat * HU_LINES + line */
static int hu_h2_react_step(G2 *G, Move *buf) {
    Game *g = &G->g;
    Hu *H = G->hu;
    const Config *cfg = H->cfg;
    Rng *bots = H->bots;
    if (g->over) return 0;
    int cands[MAXP + 1], nc = h2_react_seats(G, &bots[MAXP], cands);
    double delay[MAXP + 1];
    hu_order(cfg, H, cands, delay, nc);
    for (int i = 0; i < nc; i++) {
        int s = cands[i];
        Lst L = {buf, 0, H2_CAP, 0};
        h2_legal(G, s, 1, &L);
        if (!L.m) continue;
        h2_unfold(G, &L);
        int human = hu_human(cfg->policy[s]), greedy = hu_greedy(cfg->policy[s]);
        int j = human ? hu_h2_choose(G, cfg, H, bots, G->gh, s, 0, 0, g->phase, &L)
              : greedy ? h2_greedy_react(g, s, &L) : h2_react(&bots[s], &L);
        if (j < 0) continue;
        if (j >= HU_SAY) {
            if (G->log) h2_log_id(G->log, SAY_BASE + (j - HU_SAY));
            hu_say(g, cfg, (j - HU_SAY) / HU_LINES, (j - HU_SAY) % HU_LINES);
            return 1;
        }
        Move a = buf[j];
        if (a.more) hu_h2_complete(G, cfg, H, bots, G->gh, 0, g->phase, &a);
        if (G->gh) h2_observe(G->gh, g, &a);
        if (G->log) h2_log(G->log, &a);
        h2_apply(G, &a);
        return 1;
    }
    return 0;
}

/* the seat in turn's move among L, completed (h2_play_hand's hook when a seat is human): HumanBot.act for a human
 * seat, its inner bot's for the others */
static Move hu_h2_turn(G2 *G, int cur, Lst *L) {
    Hu *H = G->hu;
    const Config *cfg = H->cfg;
    Game *g = &G->g;
    int human = hu_human(cfg->policy[cur]), greedy = hu_greedy(cfg->policy[cur]);
    int j = human ? hu_h2_choose(G, cfg, H, H->bots, G->gh, cur, 1, 0, g->phase, L)
          : greedy ? h2_greedy_act(G->gh, g, g->phase, L) : h2_act(g, &H->bots[cur], L);
    Move a = L->v[j];
    if (a.more) hu_h2_complete(G, cfg, H, H->bots, G->gh, 1, g->phase, &a);
    return a;
}

/* human_logged(cfg, deal_seed, bot_purpose, bot_salt): play_logged for hands with human seats: the hand
 * play_batch plays, with every id applied in order (the engines' numbering; a line said: codec.SAY_BASE + seat *
 * HU_LINES + line) */
static PyObject *py_human_logged(PyObject *self, PyObject *args) {
    PyObject *cfgo;
    unsigned long long seed;
    const char *purpose;
    long long salt;
    if (!PyArg_ParseTuple(args, "OKsL", &cfgo, &seed, &purpose, &salt)) return NULL;
    Config cfg;
    if (read_config(cfgo, &cfg) < 0) return NULL;
    if (strlen(purpose) > 40 || !cfg.hu_on) {
        PyErr_SetString(PyExc_ValueError, "bad purpose, or no human seat");
        return NULL;
    }
    Game *g = PyMem_RawMalloc(sizeof(Game));
    Rng *bots = PyMem_RawMalloc(sizeof(Rng) * (MAXP + 1));
    Strat *st = PyMem_RawMalloc(sizeof(Strat));
    if (!g || !bots || !st) { PyMem_RawFree(g); PyMem_RawFree(bots); PyMem_RawFree(st); return PyErr_NoMemory(); }
    st->log = NULL;
    st->cap = st->nlog = 0;
    st->logging = 1;
    for (int s = 0; s < cfg.n; s++) seed_seat_bot(&bots[s], cfg.fast, purpose, seed, salt, s);
    seed_harness(cfg.fast, seed, purpose, salt, &bots[MAXP]);
    hu_seed_seats(&cfg, purpose, seed, salt, cfg.fast);
    int32_t rec[64 + 2 * MAXP];
    H2Log log = {NULL, 0, 0, 0, NULL, 0, 0};
    if (cfg.h2) h2_play_hand(&cfg, seed, bots, rec, &log, NULL);   /* _house2.h's rules: its hooks, below */
    else play_hand(g, &cfg, seed, bots, 0, st, rec);
    if (cfg.h2) {                                      /* C, JUMPIN: every move as h2_move_id numbers it */
        PyObject *out = h2_log_list(&log);
        PyMem_RawFree(st->log);
        PyMem_RawFree(g);
        PyMem_RawFree(bots);
        PyMem_RawFree(st);
        return out;
    }
    PyObject *ids = PyList_New(st->nlog);
    for (int i = 0; ids && i < st->nlog; i++) {
        int id = st->log[i];
        PyList_SET_ITEM(ids, i, PyLong_FromLong(id >= HU_SAY ? SAY_BASE + (id - HU_SAY) : id_out(id)));
    }
    PyMem_RawFree(st->log);
    PyMem_RawFree(g);
    PyMem_RawFree(bots);
    PyMem_RawFree(st);
    return ids;
}

#define HUMAN_METHODS \
    {"human_logged", py_human_logged, METH_VARARGS, "One hand with human-error seats, every id applied (tests)."},
