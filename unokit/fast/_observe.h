/* Observations written by C (included by _ccore.c after _vector.h): for each hand of a batch and a seat, the
 * float32 vector unokit.env.observe.Encoder.encode gives for that seat's view of the same state, under the
 * official rules (any ambiguity digits, 2-10 seats). unokit.fast.batch.Batch wraps it (issue 27, point 2).
 *
 *   obs_new(vec, offsets, size, pos, flags, shown)  a capsule of the history each hand's observations
 *                      need, read from the hands as dealt: `offsets` (int32 bytes) where each block of OB_
 *                      starts in the vector (the encoder's layout, in this order), `size` its length, `pos`
 *                      (54 bytes) each card's place in a card block, `flags` (float32 bytes) the rules block,
 *                      `shown` compiled._shown's: bits 0-1 the ambiguity digit C (1: a challenged hand is shown to
 *                      every seat), from bit 3 OPEN's size (0: none)
 *   obs_step(vec, obs, moves)   vec_step, the history of every hand brought up to date
 *   obs_write(vec, obs, seats, window, out)   the vector of seat seats[i] (int8 bytes) of hand i into row i of
 *                      `out` (a writable float32 buffer of count x size); window: uint8 bytes (1: a reaction
 *                      window) or None
 *
 * The layout (which blocks, where) is the encoder's, handed over: nothing here restates it. What the C state
 * lacks is kept per hand in Hist: HistoryTracker's features of the public history (the events a move makes are
 * known from the move and the counts of cards drawn, Game.drawn_by) and the cards challenges revealed to each
 * seat. */

enum { OB_HAND, OB_TOP, OB_COLOR, OB_PENDING, OB_DIRECTION, OB_SIZES, OB_SMALL, OB_UNO, OB_CATCHABLE, OB_PHASE,
       OB_DRAWN, OB_SEEN, OB_STOCK, OB_TO_ACT, OB_WINDOW, OB_REVEALED, OB_OTHERS, OB_RULES, OB_BLOCKS };
#define OB_COLORS 4
#define OB_PER (2 * OB_COLORS + 3)            /* the others block, per other seat */

typedef struct {
    int8_t color;                   /* HistoryTracker.color: the colour the events last named (-1: none) */
    int8_t penalty;                 /* HistoryTracker._penalty: the seat a draws-penalty event named (-1: none) */
    uint8_t lacks[MAXP];            /* bit c: the seat lacked colour c when it last drew */
    int8_t last_color[MAXP];        /* the colour of its last play (-1: none) */
    uint8_t last_wild[MAXP], last_draw[MAXP];
    uint8_t shown;                  /* a challenge showed a hand (else the revealed block is all zeros) */
    uint16_t drawn[MAXP];           /* Game.drawn_by when last read */
    uint8_t start_drawn[MAXP];      /* WILDSTART: the first player's 4, a draw to the tracker, not in Game.drawn_by */
    uint16_t revealed[MAXP][NC];    /* [viewer][card]: the other seats' cards challenges showed it */
} Hist;

typedef struct {
    Py_ssize_t count;
    int size, nflags, reveal_all, open_below;   /* open_below: OPEN's size (hands below it are shown to all; 0: none) */
    int off[OB_BLOCKS];
    uint8_t pos[NC];
    float *flags;
    Hist *h;
} Obs;

static void obs_free(PyObject *cap) {
    Obs *o = PyCapsule_GetPointer(cap, "unokit.obs");
    if (o) { PyMem_RawFree(o->flags); PyMem_RawFree(o->h); PyMem_RawFree(o); }
}

/* the history of a hand as dealt: the first card's colour (none for a Wild), nothing drawn */
static void hist_deal(Hist *h, const Game *g) {
    memset(h, 0, sizeof(Hist));
    h->color = T_COLOR[g->discard[0]];
    h->penalty = -1;
    memset(h->last_color, -1, sizeof h->last_color);
    for (int s = 0; s < g->n; s++) h->drawn[s] = g->drawn_by[s];
    if (g->discard_len && T_FIRST[g->discard[0]][0] && (g->h3 & X_WILDSTART)) {   /* (h3_wildstart: its draw event) */
        int starter = (g->dealer + 1) % g->n;
        h->start_drawn[starter] = DRAW_WD4;
        h->last_draw[starter] = 1;
    }
}

static PyObject *py_obs_new(PyObject *self, PyObject *args) {
    PyObject *vcap;
    Py_buffer offs, pos, flags;
    int size, reveal_all;
    if (!PyArg_ParseTuple(args, "Oy*iy*y*i", &vcap, &offs, &size, &pos, &flags, &reveal_all)) return NULL;
    Vec *v = vec_get(vcap);
    Obs *o = NULL;
    if (!v) goto fail;
    if (offs.len != OB_BLOCKS * 4 || pos.len != NC || flags.len % 4 || size <= 0) {
        PyErr_SetString(PyExc_ValueError, "obs_new: offsets, pos or flags of the wrong size");
        goto fail;
    }
    const int32_t *ov = offs.buf;
    const uint8_t *pv = pos.buf;
    for (int b = 0; b < OB_BLOCKS; b++)
        if (ov[b] < 0 || ov[b] >= size) { PyErr_SetString(PyExc_ValueError, "obs_new: an offset out of range"); goto fail; }
    for (int c = 0; c < NC; c++)
        if (ov[OB_HAND] + pv[c] >= size) { PyErr_SetString(PyExc_ValueError, "obs_new: a card out of range"); goto fail; }
    o = PyMem_RawCalloc(1, sizeof(Obs));
    if (!o) { PyErr_NoMemory(); goto fail; }
    o->count = v->count;
    o->size = size;
    o->nflags = (int)(flags.len / 4);
    o->reveal_all = (reveal_all & 3) == 1;   /* (compiled._shown: digit C 1, a challenged hand shown to all; OPEN's size) */
    o->open_below = reveal_all >> 3;
    for (int b = 0; b < OB_BLOCKS; b++) o->off[b] = ov[b];
    memcpy(o->pos, pv, NC);
    o->flags = PyMem_RawMalloc(flags.len ? (size_t)flags.len : 1);
    o->h = PyMem_RawMalloc(sizeof(Hist) * (size_t)(v->count ? v->count : 1));
    if (!o->flags || !o->h) { PyErr_NoMemory(); goto fail; }
    if (o->off[OB_RULES] + o->nflags > size) { PyErr_SetString(PyExc_ValueError, "obs_new: flags out of range"); goto fail; }
    memcpy(o->flags, flags.buf, (size_t)flags.len);
    for (Py_ssize_t i = 0; i < v->count; i++) hist_deal(&o->h[i], &v->games[i]);
    PyBuffer_Release(&offs); PyBuffer_Release(&pos); PyBuffer_Release(&flags);
    PyObject *cap = PyCapsule_New(o, "unokit.obs", obs_free);
    if (!cap) { PyMem_RawFree(o->flags); PyMem_RawFree(o->h); PyMem_RawFree(o); }
    return cap;
fail:
    if (o) { PyMem_RawFree(o->flags); PyMem_RawFree(o->h); PyMem_RawFree(o); }
    PyBuffer_Release(&offs); PyBuffer_Release(&pos); PyBuffer_Release(&flags);
    return NULL;
}

static Obs *obs_get(PyObject *cap, const Vec *v) {
    Obs *o = PyCapsule_GetPointer(cap, "unokit.obs");
    if (o && o->count != v->count) { PyErr_SetString(PyExc_ValueError, "obs: another batch's"); return NULL; }
    return o;
}

/* what a move needs of the state before it: the seat that made it, the phase, the Wild Draw Four's player and
 * the size of its hand (a challenge shows that hand, which then only grows at its end) */
typedef struct { uint8_t seat, phase; int8_t bluffer; uint8_t bluffer_len; int8_t m_winner; } Before;

/* the state before seat s makes move k: the hand a challenge may show is the Wild Draw Four's player's, or for
 * ADDUP's doubtsum the sum's player's */
static inline Before hist_before(const Game *g, int s, int k) {
    int b = k == K_DOUBTSUM ? g->sum_player : g->wd4_bluffer;
    return (Before){(uint8_t)s, g->phase, (int8_t)b, b >= 0 ? g->hand_len[b] : 0,
                    (int8_t)(g->m_out && h5_turn_action(g, s, k) ? g->m_out - 1 : -1)};
}

/* M (SlapPile.on_turn_action): the move was a turn action that closed a winner's slap round, and the winner won
 * there: the action was not taken, its only events the round's draws (and the winner's 'out') */
static inline int hist_not_taken(const Game *g, const Before *b) {
    return b->m_winner >= 0 && g->over && g->winner == b->m_winner;
}

/* the draw events of a move (HistoryTracker's "draw"): the seats whose count of cards drawn grew; seat `ones`
 * drew its cards one event each (SAT's turn draw: until a playable card), the others one event in all */
static void hist_draws(Hist *h, const Game *g, int ones) {
    for (int s = 0; s < g->n; s++) {
        int d = (int)g->drawn_by[s] - (int)h->drawn[s];
        if (d <= 0) continue;
        h->drawn[s] = g->drawn_by[s];
        h->lacks[s] = 0;
        if ((h->penalty != s || d > 1) && (d == 1 || s == ones) && h->color >= 0) h->lacks[s] = (uint8_t)(1u << h->color);
        h->last_draw[s] = 1;
        h->penalty = -1;
    }
}

/* HistoryTracker.update over one "draw" event of d cards by seat s (a draw of one card not under a draws-penalty reads
 * as lacking the colour in force) */
static void hist_draw_event(Hist *h, int s, int d) {
    h->drawn[s] = (uint16_t)(h->drawn[s] + d);
    h->lacks[s] = h->penalty != s && d == 1 && h->color >= 0 ? (uint8_t)(1u << h->color) : 0;
    h->last_draw[s] = 1;
    h->penalty = -1;
}

/* HistoryTracker.update over E's and IE's debts drawn as the seat in turn started (Game.e_got, zeroed by the flow
 * before the action): a draw event of one card each, before the action's own events */
static void hist_debts(Hist *h, const Game *g) {
    for (int s = 0; s < g->n; s++)
        for (int i = 0; i < g->e_got[s]; i++) hist_draw_event(h, s, 1);
}

/* HistoryTracker.update over the events move k (the seat's move number) made */
static void hist_move(const Obs *o, Hist *h, const Game *g, const Before *b, int k) {
    int p = b->seat, ones = -1;
    hist_debts(h, g);
    if (hist_not_taken(g, b)) { hist_draws(h, g, -1); return; }
    if (k < K_DRAW) {                                    /* "play": the colour named, else the card's */
        int card = k < 104 ? k >> 1 : WILD + (k - 104) / 8;
        int col = k < 104 ? T_COLOR[card] : ((k - 104) % 8) >> 1;
        h->last_color[p] = (int8_t)col;
        h->lacks[p] &= (uint8_t)~(1u << col);
        h->last_wild[p] = card >= WILD;
        h->last_draw[p] = 0;
        h->color = (int8_t)col;
        h->penalty = -1;
    } else if (k == K_DRAW) {
        if (b->phase == PH_PENDING) h->penalty = (int8_t)p;   /* "draws-penalty" */
        else if (g->flags & F_SAT) ones = p;
    } else if (k == K_CHALLENGE) {                       /* Game.reveals: the hand challenged, to whom it is shown */
        const uint8_t *hand = g->hands[b->bluffer];
        h->shown = 1;
        for (int v = 0; v < g->n; v++) {
            if (v == b->bluffer || (!o->reveal_all && v != p)) continue;
            for (int j = 0; j < b->bluffer_len; j++) h->revealed[v][hand[j]]++;
        }
    } else if (k == K_DOUBTSUM) {                        /* ADDUP's sum-challenge: the sum's hand, to the challenger */
        h->shown = 1;
        for (int j = 0; j < b->bluffer_len; j++) h->revealed[p][g->hands[b->bluffer][j]]++;
    } else if (k >= K_COLOR && k < K_COLOR + 4) {        /* "color" */
        h->color = (int8_t)(k - K_COLOR);
    }
    hist_draws(h, g, ones);
}

static PyObject *py_obs_step(PyObject *self, PyObject *args) {
    PyObject *vcap, *ocap, *mobj;
    if (!PyArg_ParseTuple(args, "OOO", &vcap, &ocap, &mobj)) return NULL;
    Vec *v = vec_get(vcap);
    if (!v) return NULL;
    Obs *o = obs_get(ocap, v);
    if (!o) return NULL;
    Py_buffer moves;
    if (PyObject_GetBuffer(mobj, &moves, PyBUF_SIMPLE) < 0) return NULL;
    if (moves.len != v->count * 2) {
        PyBuffer_Release(&moves);
        PyErr_SetString(PyExc_ValueError, "one int16 move per hand");
        return NULL;
    }
    Before *pre = PyMem_RawMalloc(sizeof(Before) * (size_t)(v->count ? v->count : 1));
    if (!pre) { PyBuffer_Release(&moves); return PyErr_NoMemory(); }
    for (Py_ssize_t i = 0; i < v->count; i++) {
        Game *g = &v->games[i];
        const int16_t *mv = moves.buf;
        pre[i] = hist_before(g, g->current, mv[i] >= 0 ? mv[i] : 0);
        memset(g->e_got, 0, sizeof g->e_got);
    }
    PyObject *sub = PyTuple_Pack(2, vcap, mobj);
    PyObject *out = sub ? py_vec_step(self, sub) : NULL;   /* checks every move first: a refused batch changes nothing */
    Py_XDECREF(sub);
    if (out) {
        const int16_t *mv = moves.buf;
        for (Py_ssize_t i = 0; i < v->count; i++)
            if (mv[i] >= 0) hist_move(o, &o->h[i], &v->games[i], &pre[i], mv[i]);
    }
    PyMem_RawFree(pre);
    PyBuffer_Release(&moves);
    return out;
}

/* Encoder.encode(view_of(game, me), window=window, tracker) of one hand, into x (zeroed here) */
static void obs_encode(const Obs *o, const Hist *h, const Game *g, int me, int window, float *x) {
    const int *off = o->off;
    const uint8_t *pos = o->pos;
    int n = g->n;
    memset(x, 0, sizeof(float) * (size_t)o->size);
    for (int j = 0; j < g->hand_len[me]; j++) x[off[OB_HAND] + pos[g->hands[me][j]]] += 1;
    x[off[OB_TOP] + pos[g->discard[g->discard_len - 1]]] = 1;
    x[off[OB_COLOR] + g->color] = 1;
    if (g->pending) {
        x[off[OB_PENDING]] = (float)(g->pending / 10.0);
        x[off[OB_PENDING] + 1] = 1;
    }
    x[off[OB_DIRECTION]] = g->direction == 1 ? 1.0f : 0.0f;
    for (int s = 0; s < n; s++) {
        int r = (s - me + n) % n, k = g->hand_len[s];
        x[off[OB_SIZES] + r] = (float)(k / 20.0);
        if (k == 1) x[off[OB_SMALL] + 2 * r] = 1;
        else if (k == 2) x[off[OB_SMALL] + 2 * r + 1] = 1;
        if (g->uno_said[s]) x[off[OB_UNO] + r] = 1;
        if (g->catchable >> s & 1) x[off[OB_CATCHABLE] + r] = 1;
    }
    x[off[OB_PHASE] + g->phase] = 1;
    if (g->drawn >= 0 && g->current == me) x[off[OB_DRAWN] + pos[g->drawn]] = 1;
    for (int j = 0; j < g->discard_len; j++) x[off[OB_SEEN] + pos[g->discard[j]]] += 0.25f;   /* counts / 4, exact */
    x[off[OB_STOCK]] = (float)(g->stock_len / 108.0);
    x[off[OB_STOCK] + 1] = (float)(g->hid_len / 20.0);      /* DED's face-down pile (none under other rules) */
    int to_act = h9_to_act(g);                               /* (DED: the seat owing a free discard) */
    x[off[OB_TO_ACT] + (to_act - me + n) % n] = 1;
    if (window) x[off[OB_WINDOW]] = 1;
    if (to_act == me) x[off[OB_WINDOW] + 1] = 1;
    if (h->shown)
        for (int c = 0; c < NC; c++) x[off[OB_REVEALED] + pos[c]] = (float)h->revealed[me][c];
    if (o->open_below)                       /* OPEN: the hands below its size, shown to every seat (view.open_hands) */
        for (int s = 0; s < n; s++)
            if (s != me && g->hand_len[s] > 0 && g->hand_len[s] < o->open_below)
                for (int j = 0; j < g->hand_len[s]; j++) x[off[OB_REVEALED] + pos[g->hands[s][j]]] += 1;
    for (int r = 1; r < n; r++) {
        int s = (me + r) % n;
        float *y = x + off[OB_OTHERS] + OB_PER * (r - 1);
        for (int c = 0; c < OB_COLORS; c++) y[c] = (float)(h->lacks[s] >> c & 1);
        if (h->last_color[s] >= 0) y[OB_COLORS + h->last_color[s]] = 1;
        y[2 * OB_COLORS] = h->last_wild[s];
        y[2 * OB_COLORS + 1] = h->last_draw[s];
        y[2 * OB_COLORS + 2] = (float)(g->drawn_by[s] + h->start_drawn[s]) / 20.0f;   /* float32, as the tracker's */
    }
    memcpy(x + off[OB_RULES], o->flags, sizeof(float) * (size_t)o->nflags);
}

static PyObject *py_obs_write(PyObject *self, PyObject *args) {
    PyObject *vcap, *ocap, *wobj;
    Py_buffer seats, out;
    if (!PyArg_ParseTuple(args, "OOy*Ow*", &vcap, &ocap, &seats, &wobj, &out)) return NULL;
    Py_buffer win = {0};
    int have_win = 0;
    Vec *v = vec_get(vcap);
    Obs *o = v ? obs_get(ocap, v) : NULL;
    if (!o) goto fail;
    if (wobj != Py_None) {
        if (PyObject_GetBuffer(wobj, &win, PyBUF_SIMPLE) < 0) goto fail;
        have_win = 1;
    }
    if (seats.len != v->count || (have_win && win.len != v->count)
        || out.len != v->count * (Py_ssize_t)o->size * (Py_ssize_t)sizeof(float)) {
        PyErr_SetString(PyExc_ValueError, "obs_write: one seat (and window) per hand, out of count x size float32");
        goto fail;
    }
    const int8_t *sv = seats.buf;
    for (Py_ssize_t i = 0; i < v->count; i++)
        if (sv[i] < 0 || sv[i] >= v->games[i].n) {
            PyErr_Format(PyExc_ValueError, "hand %zd: there is no seat %d", i, (int)sv[i]);
            goto fail;
        }
    const uint8_t *wv = have_win ? win.buf : NULL;
    float *x = out.buf;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < v->count; i++)
        obs_encode(o, &o->h[i], &v->games[i], sv[i], wv ? wv[i] != 0 : 0, x + i * o->size);
    Py_END_ALLOW_THREADS
    if (have_win) PyBuffer_Release(&win);
    PyBuffer_Release(&seats); PyBuffer_Release(&out);
    Py_RETURN_NONE;
fail:
    if (have_win) PyBuffer_Release(&win);
    PyBuffer_Release(&seats); PyBuffer_Release(&out);
    return NULL;
}

#define OBS_METHODS \
    {"obs_new", py_obs_new, METH_VARARGS, "The history a batch's observations need (see _observe.h)."}, \
    {"obs_step", py_obs_step, METH_VARARGS, "vec_step, the histories brought up to date."}, \
    {"obs_write", py_obs_write, METH_VARARGS, "Each hand's observation of a seat, into a float32 buffer."},
