/* The RL environments' decision flow under the house rules of _house2.h (included by _ccore.c after _venv.h):
 * unokit.env.core.Flow for hands played on _house2.h's Move lists (SEVENO's seat named, C's and JUMPIN's cuts,
 * DR's and DD's groups, ZEROLEFT, ADDUP's pairs and doubtsum, _house4.h's card rules: CLA's look shown to its
 * player in the observation, DOUBLE's points doubled in the rewards, TRI), one decision at a time, as _flow.h asks
 * the official rules' hands.
 *
 * The listing is _house2.h's (h2_legal: Game.legal_actions, stems as stems; h2_expand: Game.expand of a stem;
 * react = 1: unokit.engine.flow.reaction_options); a play being composed is a stem kept here (Flow.stem): the
 * seat that chose it is asked its next sub-decision at once, not a reaction window. A Move's step id is the
 * env table's (StepTable.id_of), from tables built in Python from unokit.rules.codec.Codec: a move other than a
 * play by its move number (`step_of`, as _flow.h), a play at the step "target" by the seat it names
 * (`target_id`), a stem of cards by its last card (`more_id`), a play at the step "give" by the card given last
 * (`give_id`, DOA), DED's face-down plays, free discards and accusations by their own tables (`hid_id`, `discard_id`,
 * `accuse_id`), any other play by its last card, colour named
 * and UNO call (`play_id`). The reaction seats: Game.out_of_turn_seats (a cut rule adds the seats holding the
 * top card), shuffled by Flow's generator.
 *
 *   h2flow_new(cfg, seeds, offsets, size, pos, flags, shown, stem_off, step_of, play_id, more_id, target_id,
 *              nsteps, wait, max_decisions, keys)   a capsule of len(seeds) hands dealt (compiled._config's cfg);
 *                      the observation's layout as obs_new's, `stem_off` where the stem block starts (-1: none)
 *   h2flow_where(f), h2flow_mask(f, out), h2flow_answer(f, steps), h2flow_rewards(f, mode, out),
 *   h2flow_one(f, step, obs, mask)   as _flow.h's flow_where, flow_mask, flow_answer, flow_rewards, flow_one
 *   h2flow_observe(f, seats, out)    Flow.observe(seats[i]) of each hand into row i (the stem and the window only
 *                      for the seat asked)
 *   h2flow_bots_new(f, keys), h2flow_bots(f, bots, agent, obs, mask)   as _flow.h's flow_bots_new and flow_bots
 *                      (random-play opponents of hand 0, Flow.bot_decides: the options unfolded, a stem completed
 *                      by the bot, as _house2.h's harness asks random-play; one key: one generator for every
 *                      seat, as the batched env's), but the log returned is the number of decisions the opponents
 *                      took
 *
 * The batched env (_venv.h) steps these hands too, through the h2v_ functions at the end (h2f_begin, h2f_bot,
 * h2f_choose: the same per-hand flow, the bots of _house2.h's harness). */

typedef struct {
    G2 G;
    Hist hist;
    Rng rng;                    /* Flow.rng */
    int8_t seat;                /* the seat asked (-1: over) */
    uint8_t window, truncated, qhead, qlen, reacted, stem_on, stem_window;
    int8_t queue[MAXP];
    uint32_t decisions;
    Move stem;                  /* Flow.stem (when stem_on) */
} H2F;

typedef struct H2Flw {
    Config cfg;
    Obs o;                      /* the layout (its h unused: each hand's Hist is in H2F) */
    int n, nsteps, wait, max_decisions, stem_off, K;
    int16_t *step_of;           /* [seat * FLW_MOVES + move number] */
    int16_t play_id[NC][5][2];  /* [card][colour + 1][uno] */
    int16_t more_id[NC];
    int16_t give_id[NC];        /* DOA: a step of a `give` stem by the card given last */
    int16_t hid_id[NC][3][2];   /* DED: a face-down play by [card][claim / 2][uno] */
    int16_t discard_id[NC];     /* DED: a free discard by its card */
    int16_t accuse_id;          /* DED: an accusation */
    int16_t target_id[MAXP + 1];   /* [seats from the seat acting], [MAXP]: none */
    Py_ssize_t count;
    H2F *f;
    Move buf[H2_CAP];
} H2Flw;

static H2Flw *h2f_get(PyObject *cap) { return PyCapsule_GetPointer(cap, "unokit.h2flow"); }

static void h2f_free(PyObject *cap) {
    H2Flw *F = h2f_get(cap);
    if (!F) return;
    PyMem_RawFree(F->step_of);
    PyMem_RawFree(F->o.flags);
    PyMem_RawFree(F->f);
    PyMem_RawFree(F);
}

/* the options of the decision asked (Flow.options): the stem's expansion, a reaction's options, or the turn's */
static int h2f_options(H2Flw *F, const H2F *h, Lst *L) {
    L->v = F->buf; L->m = 0; L->cap = H2_CAP; L->over = 0;
    if (h->seat < 0) return 0;
    if (h->stem_on) {
        Comp C;
        comp_init(&C, &h->G.g, h->stem.seat);
        h2_expand(&h->G, &C, &h->stem, L);
    } else {
        h2_legal(&h->G, h->seat, h->window, L);
    }
    return L->m;
}

/* StepTable.id_of(move, stage) */
static int h2f_step(const H2Flw *F, const H2F *h, const Move *a) {
    if (a->kind == MV_ID) {
        int k = a->id % XPS;
        return k < FLW_MOVES ? F->step_of[(size_t)a->seat * FLW_MOVES + k] : -1;
    }
    if (h->stem_on && h->stem.more == MORE_TARGET)
        return F->target_id[a->target < 0 ? MAXP : (a->target - a->seat + F->n) % F->n];
    if (h->stem_on && h->stem.more == MORE_GIVE) return a->ng ? F->give_id[a->give[a->ng - 1]] : -1;
    if (a->kind == MV_HID) return F->hid_id[a->cards[0]][a->claim / 2][a->uno ? 1 : 0];   /* DED (_house9.h) */
    if (a->kind == MV_ACCUSE) return F->accuse_id;
    if (a->kind == MV_DISCARD) return F->discard_id[a->cards[0]];
    int last = a->cards[a->n - 1];
    if (a->more == MORE_CARDS) return F->more_id[last];
    return F->play_id[last][a->color + 1][a->uno ? 1 : 0];
}

/* Flow._ask_next */
static void h2f_ask_next(H2F *h) {
    const Game *g = &h->G.g;
    Move buf[H2_CAP];
    if (g->over) { h->seat = -1; h->window = 0; return; }
    if (h->stem_on) { h->seat = h->stem.seat; h->window = 0; return; }
    while (h->qhead < h->qlen) {
        int s = h->queue[h->qhead++];
        Lst L = {buf, 0, H2_CAP, 0};
        h2_legal(&h->G, s, 1, &L);
        if (L.m) { h->seat = (int8_t)s; h->window = 1; return; }
    }
    h->seat = (int8_t)h9_to_act(g);           /* (DED: the seat owing a free discard) */
    h->window = 0;
}

/* Flow._new_round: Game.out_of_turn_seats without the seat to act (nor the seats out), shuffled */
static void h2f_new_round(H2F *h) {
    const Game *g = &h->G.g;
    h->qhead = h->qlen = 0;
    if (!g->over && h->reacted < 2 * g->n) {
        int me = h9_to_act(g), top = h2_top(g), cut = h->G.h2 & (H_CUT | H_JUMPIN);
        int everyone = g->catchable || (g->sum_seat >= 0 && g->sum_seat != me) || h9_everyone(g, me)   /* DED */
                       || fl_rule_action_offered(g, me);
        for (int p = 0; p < g->n; p++) {
            if (p == me || (g->out >> p & 1)) continue;     /* (seats out of the hand: MS) */
            int has = 0;
            if (cut) for (int i = 0; i < g->hand_len[p] && !has; i++) has = g->hands[p][i] == top;
            if (everyone || (g->hand_len[p] == 1 && !g->uno_said[p]) || has) h->queue[h->qlen++] = (int8_t)p;
        }
        rng_shuffle_seats(&h->rng, h->queue, h->qlen);
    }
    h2f_ask_next(h);
}

/* HistoryTracker.update over the events of move a ("play" / "cut": the colour named, else the last card's) */
static void h2f_hist(const H2Flw *F, H2F *h, const Move *a, const Before *b, int twin, const StEvs *ev, int tri) {
    Hist *H = &h->hist;
    const Game *g = &h->G.g;
    if (hist_not_taken(g, b)) {        /* M: a winner's slap round closed first, the action not taken */
        hist_debts(H, g);
        hist_draws(H, g, -1);
    } else if (a->kind == MV_PLAY) {
        int p = a->seat, last = a->cards[a->n - 1];
        int col = a->color >= 0 ? a->color : T_COLOR[last];
        hist_debts(H, g);                  /* (E's, IE's debts, drawn as the seat started: before the play) */
        H->last_color[p] = (int8_t)col;
        H->lacks[p] &= (uint8_t)~(1u << col);
        H->last_wild[p] = last >= WILD;
        H->last_draw[p] = 0;
        H->color = (int8_t)col;
        H->penalty = -1;
        int skip = twin >= 0, e = 0;     /* (GT's penalty, the first draw of the hooks' events: told below) */
        if (ev && ev->hush)              /* S: the call in silence's penalty, the play's first draw (h2_strat_events) */
            for (; e < ev->m; e++)
                if (ev->v[e].kind == SE_DRAW) {
                    if (ev->v[e].n > 0) hist_draw_event(H, p, ev->v[e].n);   /* (no card left: no draw event) */
                    e++;
                    break;
                }
        if (twin >= 0 && g->gt_got) hist_draw_event(H, twin, g->gt_got);   /* GT's penalty: before the card's draws */
        for (; ev && e < ev->m; e++) {   /* the hooks' draws, one event each (h2f_apply) */
            const StEv *v = &ev->v[e];
            if (v->kind != SE_DRAW) continue;
            if (skip) { skip = 0; continue; }
            int left = (int)g->drawn_by[v->a] - (int)H->drawn[v->a], d = v->n < left ? v->n : left;
            if (d > 0) hist_draw_event(H, v->a, d);
        }
        hist_draws(H, g, -1);
    } else if (a->kind == MV_HID || a->kind == MV_ACCUSE || a->kind == MV_DISCARD) {
        hist_debts(H, g);      /* DED: a face-down card tells the history nothing; an accusation's penalty is a draw */
        hist_draws(H, g, -1);
    } else if (tri) {          /* TRI's obliged seat draws: its turn draw, then the rest of its penalty (Trinity.after_draw) */
        hist_debts(H, g);
        if ((int)g->drawn_by[a->seat] - (int)H->drawn[a->seat] > 1) hist_draw_event(H, a->seat, 1);
        hist_draws(H, g, -1);
    } else {
        hist_move(&F->o, H, g, b, a->id % XPS);
    }
}

/* CLA (Clairvoyance.on_play): the target's hand as the look saw it, shown to the player (Game.reveals). The play's
 * hooks' events are _h2strategist.h's (h2_strat_events, the referee's order, before the move is applied): the hand
 * seen is followed through the hooks after the look (SEVENO's swap, the passes) to the seat holding it once the
 * play is applied, less the cards drawn onto it since (draws append): through SEVENO's swap and its 0's pass (the way
 * of play) and ZEROLEFT's pass (to the left); T's swap comes before the look */
typedef struct { int8_t p, q; StEvs E; } H2See;

static int h2f_see_before(const G2 *G, const Move *a, H2See *S) {
    Rng die;
    if (!(G->h2 & H_CLA) || a->kind != MV_PLAY || a->target < 0 || !h2_count_number(a->cards, a->n, G->h4.cla_card))
        return 0;
    h2_strat_events(G, a, &S->E, &die);
    S->p = (int8_t)a->seat;
    S->q = (int8_t)a->target;
    return 1;
}

static void h2f_see_after(Hist *H, const Game *g, const H2See *S) {
    int at = S->q, drop = 0, seen = 0, n = g->n;
    for (int e = 0; e < S->E.m; e++) {
        const StEv *v = &S->E.v[e];
        if (!seen) { seen = v->kind == SE_SEE && v->a == S->p; continue; }
        if (v->kind == SE_DRAW && v->a == at) drop += v->n;
        else if (v->kind == SE_SWAP) at = at == v->a ? v->b : at == v->b ? v->a : at;
        else if (v->kind == SE_PASS) at = ((at + v->a) % n + n) % n;   /* SEVENO's (the direction) or ZEROLEFT's */
    }
    if (!seen) return;
    H->shown = 1;
    for (int i = 0; i < g->hand_len[at] - drop; i++) H->revealed[S->p][g->hands[at][i]]++;
}

/* Flow.answer of move a (the option chosen) in hand h; a NULL: wait */
static void h2f_apply(H2Flw *F, H2F *h, const Move *a) {
    Game *g = &h->G.g;
    h->decisions++;
    if (!a) h2f_ask_next(h);
    else if (a->kind == MV_PLAY && a->more) {
        if (!h->stem_on) h->stem_window = h->window;
        h->stem = *a;
        h->stem_on = 1;
        h2f_ask_next(h);
    } else {
        int reaction = h->stem_on ? h->stem_window : h->window;
        Before pre = hist_before(g, a->seat, a->kind == MV_ID ? a->id % XPS : 0);
        h->stem_on = 0;
        Move m = *a;
        H2See see;
        int look = h2f_see_before(&h->G, &m, &see);
        int twin = m.kind == MV_PLAY && m.n == 1 && H3_TWIN(g, m.seat, m.cards[0]) ? g->gt_player : -1;   /* GT */
        /* a play whose hooks may make one seat draw twice (DAD's die, BACK, BA, BOMB): each draw an event of its own,
         * as the referee tells them (the history reads a draw of one card as lacking the colour in force) */
        StEvs ev;
        Rng die;
        int hooks = h->G.h2 & (H_DAD | H_BACK | H_BA | H_BOMB);
        int many = m.kind == MV_PLAY && ((hooks & (hooks - 1)) || (m.uno && g->s_on && g->s_cost));   /* (S's call) */
        if (many) h2_strat_events(&h->G, &m, &ev, &die);
        int tri = m.kind == MV_ID && m.id % XPS == K_DRAW && (h->G.h2 & H_TRI) && h->G.h4.tri_q == m.seat
                  && g->phase == PH_PLAY && m.seat == g->current;
        int liar = m.kind == MV_ACCUSE ? g->ded_seat : -1, hidden = g->ded_card;   /* DED: the card an accusation shows */
        memset(g->e_got, 0, sizeof g->e_got);  /* (E's and IE's debts drawn by this action: hist_debts) */
        h2_apply(&h->G, &m);
        h2f_hist(F, h, &m, &pre, twin, many ? &ev : NULL, tri);
        if (liar >= 0) {                        /* do_accuse: the face-down card shown to every seat (Game.reveals) */
            h->hist.shown = 1;
            for (int v = 0; v < g->n; v++) if (v != liar) h->hist.revealed[v][hidden]++;
        }
        if (look && !hist_not_taken(g, &pre)) h2f_see_after(&h->hist, g, &see);
        if (reaction) h->reacted++;
        else h->reacted = 0;
        h2f_new_round(h);
    }
    if (!g->over && h->decisions >= (uint32_t)F->max_decisions) h->truncated = 1;
}

/* hand_rewards of hand G (DOUBLE: Game.points doubled, Game.score_multiplier) */
static void h2f_rewards(const G2 *G, int mode, float *r) { fl_rewards_x(&G->g, mode, G->h2 & H_DOUBLE ? 2 : 1, r); }

/* the mask of hand h into m (zeroed by the caller) */
static void h2f_mask(H2Flw *F, const H2F *h, int8_t *m) {
    Lst L;
    int c = h2f_options(F, h, &L);
    for (int j = 0; j < c; j++) {
        int st = h2f_step(F, h, &L.v[j]);
        if (st >= 0) m[st] = 1;
    }
    if (h->window && h->seat >= 0) m[F->wait] = 1;
}

/* the option step id st stands for in hand h: 1 and *out (wait: *is_wait), else 0 */
static int h2f_find(H2Flw *F, const H2F *h, int st, Move *out, int *is_wait) {
    *is_wait = 0;
    if (h->seat < 0 || st < 0 || st >= F->nsteps) return 0;
    if (st == F->wait) { *is_wait = 1; return h->window; }
    Lst L;
    int c = h2f_options(F, h, &L);
    for (int j = 0; j < c; j++) if (h2f_step(F, h, &L.v[j]) == st) { *out = L.v[j]; return 1; }
    return 0;
}

/* Flow.observe(me) of hand h into x */
static void h2f_encode(const H2Flw *F, const H2F *h, int me, float *x) {
    int asked = me == h->seat;
    obs_encode(&F->o, &h->hist, &h->G.g, me, asked && h->window, x);
    if (F->stem_off < 0) return;
    float *y = x + F->stem_off;
    if (asked && h->stem_on) {
        for (int j = 0; j < h->stem.n; j++) y[F->o.pos[h->stem.cards[j]]] += 1;
        for (int j = 0; j < h->stem.ng; j++) y[F->K + F->o.pos[h->stem.give[j]]] += 1;   /* DOA: the cards given */
        y[2 * F->K + (h->stem.more == MORE_CARDS ? 1 : h->stem.more == MORE_TARGET ? 2 : 3)] = 1;
    } else {
        y[2 * F->K] = 1;
    }
}

/* a hand dealt from seed in h, asked as Flow asks it (its generator keyed `key`) */
static void h2f_begin(const H2Flw *F, H2F *h, uint64_t seed, uint64_t key) {
    deal(&h->G.g, &F->cfg, seed);
    h2_begin(&h->G, &F->cfg);
    hist_deal(&h->hist, &h->G.g);
    rng_seed(&h->rng, key, F->cfg.fast);
    h->decisions = 0; h->truncated = 0; h->reacted = 0; h->stem_on = 0;
    h2f_new_round(h);
}

/* the option chosen in hand h applied (NULL: wait), the bots' readers (gh, st; NULL: none) fed a move applied
 * first, as h2_react_step feeds them (a stem step is no move yet) */
static void h2f_choose(H2Flw *F, H2F *h, const Move *a, GrHist *gh, Strat *st) {
    int applied = a && !(a->kind == MV_PLAY && a->more);
    if (applied) {
        if (gh) h2_observe(gh, &h->G.g, a);
        h2_strat_observe(st, &h->G, a);
    }
    h2f_apply(F, h, a);
    if (applied) h2_strat_after(st, &h->G);
}

/* the choice of the bot of the seat asked in hand h, as _house2.h's harness asks it (the options unfolded; a stem
 * completed by the bot): `pol` random-play (drawing from r), POL_GREEDY (reading gh) or POL_STRATEGIST (st, drawing
 * from r; `policy`: every seat's, as h2_complete reads it): 1 and the complete move *a, or 0 (it lets a window go by).
 * The teacher is asked so too (h2v_teacher), as unokit train's imitation asks the Python bot (engine.flow.ask) */
static int h2f_decide(H2Flw *F, H2F *h, int pol, Rng *r, GrHist *gh, Strat *st, const int *policy, Move *a) {
    G2 *G = &h->G;
    Game *g = &G->g;
    int s = h->seat, w = h->window;
    Lst L = {F->buf, 0, H2_CAP, 0};
    h2_legal(G, s, w, &L);
    h2_unfold(G, &L);
    int j = !L.m ? -1 : pol == POL_GREEDY ? (w ? h2_greedy_react(g, s, &L) : h2_greedy_act(gh, g, g->phase, &L))
          : pol == POL_STRATEGIST ? (w ? h2_strat_react(st, G, s, &L) : h2_strat_act(st, G, s, r, &L))
          : w ? h2_react(r, &L) : h2_act(g, r, &L);
    if (j < 0) return 0;
    *a = F->buf[j];
    if (a->more) {
        G->st = st; G->policy = policy;
        h2_complete(G, pol == POL_GREEDY ? NULL : r, g->phase, w, a);
        G->st = NULL; G->policy = NULL;
    }
    return 1;
}

/* Flow.bot_decides: the bot of the seat asked in hand h decides (h2f_decide) and its move is applied */
static void h2f_bot(H2Flw *F, H2F *h, int pol, Rng *r, GrHist *gh, Strat *st, const int *policy) {
    Move a;
    h2f_choose(F, h, h2f_decide(F, h, pol, r, gh, st, policy, &a) ? &a : NULL, gh, st);
}

/* two moves alike (Action equality) */
static int h2_same_move(const Move *a, const Move *b) {
    if (a->kind != b->kind || a->seat != b->seat) return 0;
    if (a->kind == MV_ID) return a->id == b->id;
    return a->n == b->n && a->color == b->color && a->uno == b->uno && a->target == b->target && a->more == b->more
           && a->ng == b->ng && a->claim == b->claim && !memcmp(a->cards, b->cards, (size_t)a->n)
           && !memcmp(a->give, b->give, (size_t)a->ng);
}

/* compose.first_step: the step of the decision asked in hand h that the complete move `plan` is, or the stem among
 * the options that it completes (its cards begin the plan's; a target stem: the plan's cards, colour and call; a give
 * stem: those, its seat and the gifts that begin the plan's), the options in order; -1: neither */
static int h2f_plan_step(H2Flw *F, const H2F *h, const Move *plan) {
    Lst L;
    int c = h2f_options(F, h, &L);
    for (int j = 0; j < c; j++) if (h2_same_move(&L.v[j], plan)) return h2f_step(F, h, &L.v[j]);
    if (plan->kind != MV_PLAY) return -1;
    for (int j = 0; j < c; j++) {
        const Move *o = &L.v[j];
        if (o->kind != MV_PLAY || !o->more || o->seat != plan->seat) continue;
        int lead = o->more == MORE_CARDS
            ? o->n < plan->n && !memcmp(o->cards, plan->cards, (size_t)o->n)
            : o->n == plan->n && !memcmp(o->cards, plan->cards, (size_t)o->n) && o->color == plan->color
              && o->uno == plan->uno && (o->more == MORE_TARGET
                                         || (o->target == plan->target && o->ng < plan->ng
                                             && !memcmp(o->give, plan->give, (size_t)o->ng)));
        if (lead) return h2f_step(F, h, o);
    }
    return -1;
}

static PyObject *py_h2flow_new(PyObject *self, PyObject *args) {
    PyObject *cfgo;
    Py_buffer seeds, offs, pos, flags, so, pid, mid, tid, keys;
    int size, reveal_all, stem_off, nsteps, wait, maxd;
    if (!PyArg_ParseTuple(args, "Oy*y*iy*y*iiy*y*y*y*iiiy*", &cfgo, &seeds, &offs, &size, &pos, &flags, &reveal_all,
                          &stem_off, &so, &pid, &mid, &tid, &nsteps, &wait, &maxd, &keys)) return NULL;
    H2Flw *F = PyMem_RawCalloc(1, sizeof(H2Flw));
    PyObject *cap = NULL;
    if (!F) { PyErr_NoMemory(); goto done; }
    if (read_config(cfgo, &F->cfg) < 0) goto fail;
    int n = F->cfg.n;
    Py_ssize_t count = seeds.len / 8;
    if (seeds.len % 8 || keys.len != seeds.len || offs.len != OB_BLOCKS * 4 || pos.len != NC || flags.len % 4
        || size <= 0 || nsteps <= 0 || wait < 0 || wait >= nsteps || maxd <= 0
        || so.len != (Py_ssize_t)n * FLW_MOVES * 2 || pid.len != (Py_ssize_t)sizeof F->play_id
        || mid.len != (Py_ssize_t)(sizeof F->more_id + sizeof F->give_id + sizeof F->hid_id + sizeof F->discard_id
                                   + sizeof F->accuse_id) || tid.len != (Py_ssize_t)sizeof F->target_id) {
        PyErr_SetString(PyExc_ValueError, "h2flow_new: seeds, keys, layout or tables of the wrong size");
        goto fail;
    }
    const int32_t *ov = offs.buf;
    const uint8_t *pv = pos.buf;
    int K = 0;
    for (int c = 0; c < NC; c++) if (pv[c] + 1 > K) K = pv[c] + 1;
    for (int b = 0; b < OB_BLOCKS; b++)
        if (ov[b] < 0 || ov[b] >= size) { PyErr_SetString(PyExc_ValueError, "h2flow_new: an offset out of range"); goto fail; }
    for (int c = 0; c < NC; c++)
        if (ov[OB_HAND] + pv[c] >= size) { PyErr_SetString(PyExc_ValueError, "h2flow_new: a card out of range"); goto fail; }
    if (ov[OB_RULES] + (int)(flags.len / 4) > size || stem_off >= size || (stem_off >= 0 && stem_off + 2 * K + 4 > size)) {
        PyErr_SetString(PyExc_ValueError, "h2flow_new: a block out of range");
        goto fail;
    }
    const int16_t *checks[4] = {so.buf, pid.buf, mid.buf, tid.buf};
    Py_ssize_t lens[4] = {so.len / 2, pid.len / 2, mid.len / 2, tid.len / 2};
    for (int t = 0; t < 4; t++)
        for (Py_ssize_t j = 0; j < lens[t]; j++)
            if (checks[t][j] >= nsteps || checks[t][j] == wait) {
                PyErr_SetString(PyExc_ValueError, "h2flow_new: a step out of range");
                goto fail;
            }
    F->o.size = size; F->o.nflags = (int)(flags.len / 4); F->o.reveal_all = (reveal_all & 3) == 1; F->o.open_below = reveal_all >> 3;   /* (compiled._shown) */ F->o.count = count;
    for (int b = 0; b < OB_BLOCKS; b++) F->o.off[b] = ov[b];
    memcpy(F->o.pos, pv, NC);
    F->o.flags = PyMem_RawMalloc(flags.len ? (size_t)flags.len : 1);
    F->step_of = PyMem_RawMalloc((size_t)so.len);
    F->f = PyMem_RawCalloc((size_t)(count ? count : 1), sizeof(H2F));
    if (!F->o.flags || !F->step_of || !F->f) { PyErr_NoMemory(); goto fail; }
    memcpy(F->o.flags, flags.buf, (size_t)flags.len);
    memcpy(F->step_of, so.buf, (size_t)so.len);
    memcpy(F->play_id, pid.buf, sizeof F->play_id);
    memcpy(F->more_id, mid.buf, sizeof F->more_id);
    const char *mb = (const char *)mid.buf + sizeof F->more_id;     /* more_id, give_id, hid_id, discard_id, accuse_id */
    memcpy(F->give_id, mb, sizeof F->give_id);
    mb += sizeof F->give_id;
    memcpy(F->hid_id, mb, sizeof F->hid_id);
    mb += sizeof F->hid_id;
    memcpy(F->discard_id, mb, sizeof F->discard_id);
    mb += sizeof F->discard_id;
    memcpy(&F->accuse_id, mb, sizeof F->accuse_id);
    memcpy(F->target_id, tid.buf, sizeof F->target_id);
    F->n = n; F->nsteps = nsteps; F->wait = wait; F->max_decisions = maxd; F->stem_off = stem_off; F->K = K;
    F->count = count;
    const uint64_t *sv = seeds.buf, *kv = keys.buf;
    for (Py_ssize_t i = 0; i < count; i++) h2f_begin(F, &F->f[i], sv[i], kv[i]);
    cap = PyCapsule_New(F, "unokit.h2flow", h2f_free);
    if (cap) F = NULL;
fail:
    if (F) { PyMem_RawFree(F->step_of); PyMem_RawFree(F->o.flags); PyMem_RawFree(F->f); PyMem_RawFree(F); }
done:
    PyBuffer_Release(&seeds); PyBuffer_Release(&offs); PyBuffer_Release(&pos); PyBuffer_Release(&flags);
    PyBuffer_Release(&so); PyBuffer_Release(&pid); PyBuffer_Release(&mid); PyBuffer_Release(&tid);
    PyBuffer_Release(&keys);
    return cap;
}

/* The Python functions every per-hand env flow has alike (here and _edflow.h's): P_where, P_mask, P_answer,
 * P_rewards, P_observe of a flow of type FT (GET: its capsule's flow; F->f[i] a hand with seat, window, truncated and
 * its game G; MT its move), through its FIND (the option a step id stands for), APPLY, MASK, REWARDS and ENCODE;
 * SIZE(F) the observation's floats. */
#define ENV_FLOW_PY(P, FT, GET, MT, FIND, APPLY, MASK, REWARDS, ENCODE, SIZE) \
static PyObject *py_##P##_where(PyObject *self, PyObject *args) { \
    PyObject *cap; \
    if (!PyArg_ParseTuple(args, "O", &cap)) return NULL; \
    FT *F = GET(cap); \
    if (!F) return NULL; \
    Py_ssize_t c = F->count; \
    PyObject *a = PyBytes_FromStringAndSize(NULL, c), *b = PyBytes_FromStringAndSize(NULL, c), \
             *t = PyBytes_FromStringAndSize(NULL, c); \
    if (!a || !b || !t) { Py_XDECREF(a); Py_XDECREF(b); Py_XDECREF(t); return NULL; } \
    int8_t *av = (int8_t *)PyBytes_AS_STRING(a); \
    uint8_t *bv = (uint8_t *)PyBytes_AS_STRING(b), *tv = (uint8_t *)PyBytes_AS_STRING(t); \
    for (Py_ssize_t i = 0; i < c; i++) { av[i] = F->f[i].seat; bv[i] = F->f[i].window; tv[i] = F->f[i].truncated; } \
    return Py_BuildValue("(NNN)", a, b, t); \
} \
static PyObject *py_##P##_mask(PyObject *self, PyObject *args) { \
    PyObject *cap; \
    Py_buffer out; \
    if (!PyArg_ParseTuple(args, "Ow*", &cap, &out)) return NULL; \
    FT *F = GET(cap); \
    if (!F || out.len != F->count * F->nsteps) { \
        if (F) PyErr_SetString(PyExc_ValueError, #P "_mask: out of count x nsteps int8"); \
        PyBuffer_Release(&out); \
        return NULL; \
    } \
    int8_t *m = out.buf; \
    memset(m, 0, (size_t)out.len); \
    for (Py_ssize_t i = 0; i < F->count; i++) MASK(F, &F->f[i], m + i * F->nsteps); \
    PyBuffer_Release(&out); \
    Py_RETURN_NONE; \
} \
static PyObject *py_##P##_answer(PyObject *self, PyObject *args) { \
    PyObject *cap; \
    Py_buffer steps; \
    if (!PyArg_ParseTuple(args, "Oy*", &cap, &steps)) return NULL; \
    FT *F = GET(cap); \
    if (!F || steps.len != F->count * 4) { \
        if (F) PyErr_SetString(PyExc_ValueError, "one int32 step id per hand"); \
        PyBuffer_Release(&steps); \
        return NULL; \
    } \
    const int32_t *sv = steps.buf; \
    MT *mv = PyMem_RawMalloc(sizeof(MT) * (size_t)(F->count ? F->count : 1)); \
    uint8_t *wt = PyMem_RawMalloc((size_t)(F->count ? F->count : 1)); \
    if (!mv || !wt) { PyMem_RawFree(mv); PyMem_RawFree(wt); PyBuffer_Release(&steps); return PyErr_NoMemory(); } \
    for (Py_ssize_t i = 0; i < F->count; i++) {   /* every step checked first: a refused batch changes nothing */ \
        int w; \
        if (sv[i] == -1) continue; \
        if (!FIND(F, &F->f[i], sv[i], &mv[i], &w)) { \
            PyErr_Format(PyExc_ValueError, "hand %zd: step id %d is not offered to the seat asked now", i, (int)sv[i]); \
            PyMem_RawFree(mv); PyMem_RawFree(wt); PyBuffer_Release(&steps); \
            return NULL; \
        } \
        wt[i] = (uint8_t)w; \
    } \
    for (Py_ssize_t i = 0; i < F->count; i++) if (sv[i] != -1) APPLY(F, &F->f[i], wt[i] ? NULL : &mv[i]); \
    PyMem_RawFree(mv); PyMem_RawFree(wt); \
    PyBuffer_Release(&steps); \
    Py_RETURN_NONE; \
} \
static PyObject *py_##P##_rewards(PyObject *self, PyObject *args) { \
    PyObject *cap; \
    int mode; \
    Py_buffer out; \
    if (!PyArg_ParseTuple(args, "Oiw*", &cap, &mode, &out)) return NULL; \
    FT *F = GET(cap); \
    if (!F || out.len != F->count * F->n * 4) { \
        if (F) PyErr_SetString(PyExc_ValueError, #P "_rewards: out of count x players float32"); \
        PyBuffer_Release(&out); \
        return NULL; \
    } \
    float *r = out.buf; \
    for (Py_ssize_t i = 0; i < F->count; i++) REWARDS(&F->f[i].G, mode, r + i * F->n); \
    PyBuffer_Release(&out); \
    Py_RETURN_NONE; \
} \
static PyObject *py_##P##_observe(PyObject *self, PyObject *args) { \
    PyObject *cap; \
    Py_buffer seats, out; \
    if (!PyArg_ParseTuple(args, "Oy*w*", &cap, &seats, &out)) return NULL; \
    FT *F = GET(cap); \
    PyObject *res = NULL; \
    if (!F) goto done; \
    if (seats.len != F->count || out.len != F->count * (Py_ssize_t)SIZE(F) * 4) { \
        PyErr_SetString(PyExc_ValueError, #P "_observe: one seat per hand, out of count x size float32"); \
        goto done; \
    } \
    const int8_t *sv = seats.buf; \
    for (Py_ssize_t i = 0; i < F->count; i++) \
        if (sv[i] < 0 || sv[i] >= F->n) { PyErr_Format(PyExc_ValueError, "hand %zd: there is no seat %d", i, (int)sv[i]); goto done; } \
    float *x = out.buf; \
    for (Py_ssize_t i = 0; i < F->count; i++) ENCODE(F, &F->f[i], sv[i], x + i * SIZE(F)); \
    res = Py_None; \
    Py_INCREF(res); \
done: \
    PyBuffer_Release(&seats); PyBuffer_Release(&out); \
    return res; \
}

#define H2F_SIZE(F) ((F)->o.size)
ENV_FLOW_PY(h2flow, H2Flw, h2f_get, Move, h2f_find, h2f_apply, h2f_mask, h2f_rewards, h2f_encode, H2F_SIZE)

static PyObject *py_h2flow_one(PyObject *self, PyObject *args) {
    PyObject *cap;
    int st;
    Py_buffer ob, mb;
    if (!PyArg_ParseTuple(args, "Oiw*w*", &cap, &st, &ob, &mb)) return NULL;
    H2Flw *F = h2f_get(cap);
    if (!F || F->count < 1 || ob.len != (Py_ssize_t)F->o.size * 4 || mb.len != F->nsteps) {
        if (F) PyErr_SetString(PyExc_ValueError, "h2flow_one: obs of size float32, mask of nsteps");
        PyBuffer_Release(&ob); PyBuffer_Release(&mb);
        return NULL;
    }
    H2F *h = &F->f[0];
    if (st != -1) {
        Move a;
        int w;
        if (!h2f_find(F, h, st, &a, &w)) {
            PyBuffer_Release(&ob); PyBuffer_Release(&mb);
            PyErr_Format(PyExc_ValueError, "step id %d is not offered to the seat asked now", st);
            return NULL;
        }
        h2f_apply(F, h, w ? NULL : &a);
    }
    if (h->seat >= 0) {
        h2f_encode(F, h, h->seat, ob.buf);
        memset(mb.buf, 0, (size_t)F->nsteps);
        h2f_mask(F, h, mb.buf);
    }
    PyBuffer_Release(&ob); PyBuffer_Release(&mb);
    const Game *g = &h->G.g;
    return Py_BuildValue("(iiii)", (int)h->seat, (int)h->window, (int)h->truncated, g->over ? (int)g->winner : -1);
}

/* ------------------------------------------------------------------ random-play opponents of one hand */
static PyObject *py_h2flow_bots_new(PyObject *self, PyObject *args) {
    PyObject *cap;
    Py_buffer keys;
    if (!PyArg_ParseTuple(args, "Oy*", &cap, &keys)) return NULL;
    H2Flw *F = h2f_get(cap);
    if (!F || (keys.len != (Py_ssize_t)F->n * 8 && keys.len != 8)) {
        if (F) PyErr_SetString(PyExc_ValueError, "h2flow_bots_new: one uint64 key per seat, or one for all");
        PyBuffer_Release(&keys);
        return NULL;
    }
    PyObject *out = fbots_capsule(F->n, keys.buf, (int)(keys.len / 8), F->cfg.fast);
    PyBuffer_Release(&keys);
    return out;
}

static PyObject *py_h2flow_bots(PyObject *self, PyObject *args) {
    PyObject *cap, *bcap;
    int agent;
    Py_buffer ob, mb;
    if (!PyArg_ParseTuple(args, "OOiw*w*", &cap, &bcap, &agent, &ob, &mb)) return NULL;
    H2Flw *F = h2f_get(cap);
    FBots *B = F ? PyCapsule_GetPointer(bcap, "unokit.flowbots") : NULL;
    if (!B || F->count < 1 || B->n != F->n || agent < 0 || agent >= F->n || ob.len != (Py_ssize_t)F->o.size * 4
        || mb.len != F->nsteps) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "h2flow_bots: its bots, a seat, obs, mask");
        PyBuffer_Release(&ob); PyBuffer_Release(&mb);
        return NULL;
    }
    H2F *h = &F->f[0];
    Game *g = &h->G.g;
    long decided = 0;
    while (!g->over && !h->truncated && h->seat != agent) {
        h2f_bot(F, h, POL_RANDOM_PLAY, &B->r[B->shared ? 0 : h->seat], NULL, NULL, NULL);
        decided++;
    }
    if (h->seat >= 0) {
        h2f_encode(F, h, h->seat, ob.buf);
        memset(mb.buf, 0, (size_t)F->nsteps);
        h2f_mask(F, h, mb.buf);
    }
    PyBuffer_Release(&ob); PyBuffer_Release(&mb);
    return Py_BuildValue("(iiiil)", (int)h->seat, (int)h->window, (int)h->truncated, g->over ? (int)g->winner : -1,
                         decided);
}

#define H2FLOW_METHODS \
    {"h2flow_bots_new", py_h2flow_bots_new, METH_VARARGS, "Random-play opponents for hand 0 (see _h2flow.h)."}, \
    {"h2flow_bots", py_h2flow_bots, METH_VARARGS, "The opponents of hand 0 decide until the agent is asked."}, \
    {"h2flow_new", py_h2flow_new, METH_VARARGS, "The env's decision flow under _house2.h's rules (see _h2flow.h)."}, \
    {"h2flow_where", py_h2flow_where, METH_VARARGS, "(seat asked, window, truncated) of each hand."}, \
    {"h2flow_mask", py_h2flow_mask, METH_VARARGS, "The masks over the step ids, into a buffer."}, \
    {"h2flow_answer", py_h2flow_answer, METH_VARARGS, "One step id per hand, as Flow.answer."}, \
    {"h2flow_rewards", py_h2flow_rewards, METH_VARARGS, "hand_rewards of each hand, into a buffer."}, \
    {"h2flow_observe", py_h2flow_observe, METH_VARARGS, "Flow.observe of a seat of each hand, into a buffer."}, \
    {"h2flow_one", py_h2flow_one, METH_VARARGS, "One hand's step, the next observation and mask written."},

/* ------------------------------------------------------------------ the batched env's hands (_venv.h) */
static Py_ssize_t h2v_count(const H2Flw *F) { return F->count; }
static int h2v_n(const H2Flw *F) { return F->n; }
static int h2v_nsteps(const H2Flw *F) { return F->nsteps; }
static int h2v_size(const H2Flw *F) { return F->o.size; }
static const Config *h2v_cfg(const H2Flw *F) { return &F->cfg; }
static int h2v_seat(const H2Flw *F, Py_ssize_t i) { return F->f[i].seat; }
static Game *h2v_game(H2Flw *F, Py_ssize_t i) { return &F->f[i].G.g; }
static void h2v_deal(H2Flw *F, Py_ssize_t i, uint64_t seed) { h2f_begin(F, &F->f[i], seed, seed ^ 0x5EED); }
static int h2v_offered(H2Flw *F, Py_ssize_t i, int st, Move *a, int *wait) { return h2f_find(F, &F->f[i], st, a, wait); }
static void h2v_choose(H2Flw *F, Py_ssize_t i, const Move *a, GrHist *gh, Strat *st) { h2f_choose(F, &F->f[i], a, gh, st); }
static void h2v_bot(H2Flw *F, Py_ssize_t i, int pol, Rng *r, GrHist *gh, Strat *st, const int *policy) {
    h2f_bot(F, &F->f[i], pol, r, gh, st, policy);
}
static void h2v_rewards(const H2Flw *F, Py_ssize_t i, int mode, float *r) { h2f_rewards(&F->f[i].G, mode, r); }

/* the teacher `pol` (POL_GREEDY, POL_STRATEGIST) at the seat asked in hand i: its step id (the window's wait when it
 * lets one go by; -1 when the plan does not fit the options, as after the agent left it). A decision that is no
 * stem's asks it anew (*plan, *has_plan: its choice, kept for the stem's sub-decisions, as collect_imitation keeps it);
 * `policy`: every seat's, the asked seat's the teacher's (h2_complete reads it) */
static int h2v_teacher(H2Flw *F, Py_ssize_t i, int pol, Rng *r, GrHist *gh, Strat *st, const int *policy, Move *plan,
                       uint8_t *has_plan) {
    H2F *h = &F->f[i];
    if (h->seat < 0) return -1;
    if (!h->stem_on || !*has_plan) *has_plan = (uint8_t)h2f_decide(F, h, pol, r, gh, st, policy, plan);
    if (!*has_plan) return h->window ? F->wait : -1;
    return h2f_plan_step(F, h, plan);
}

/* seat me's observation of hand i into obs, and its mask into mask (zeros unless it is asked) */
static void h2v_write(H2Flw *F, Py_ssize_t i, int me, float *obs, int8_t *mask) {
    const H2F *h = &F->f[i];
    h2f_encode(F, h, me, obs);
    memset(mask, 0, (size_t)F->nsteps);
    if (h->seat == me) h2f_mask(F, h, mask);
}
