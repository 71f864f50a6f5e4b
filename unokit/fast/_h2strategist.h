/* _h2strategist.h (included by _house2.h, after _h2greedy.h): unokit.bots.strategist.StrategistBot under the rules
 * of _house2.h, on the harness's Move lists (cuts C, JUMPIN; SEVENO, ZEROLEFT; groups DR, DD), as _h2greedy.h is
 * for greedy. Its scores are _strategist.h's (st_valuek: a group's cards, draws, Skips and Reverses added up as
 * StrategistBot._value_raw adds them); what a seat knows follows every Move applied (h2_strat_observe: the play
 * or cut, then the events of its on_play hooks: BACK's penalty, CLA's hand seen, SEVENO's swap, the carousels,
 * BOMB's penalties, as unokit.bots.knowledge.Scanner reads them); under DOA a play's gifts valued (st_value_raw's
 * x->give), its donation variants pruned (h2_strat_prune) and the 'donate' event read (SE_GIVE).
 * tests/fast/test_compiled_strategist_house2.py proves it in lockstep with the Python strategist. */

/* the decision's context (_strategist.h's, with the group rule in force) */
static void h2_strat_context(StCtx *x, const Strat *S, const G2 *G, int me) {
    st_context(x, S, &G->g, me);
    x->group = G->h2 & H_DR ? 1 : G->h2 & H_DD ? 2 : 0;
    x->t_card = G->h2 & H_T ? G->h4.t_card : -1;
    x->car_card = G->h2 & H_CAR ? G->h4.car_card : -1;
    x->dad_card = G->h2 & H_DAD ? G->h4.dad_card : -1;
    x->doa_card = G->h2 & H_DOA ? G->doa_card : -1;
    x->ba = (G->h2 & H_BA) != 0;
    const StSeat *z = &S->seat[me];                    /* strategist._twin_numbers */
    x->ba_ready = x->ba && z->lp_n == 2 && z->lp_seat[0] != z->lp_seat[1] && z->lp_num[0] >= 0
                  && z->lp_num[0] == z->lp_num[1];
}

#include "_strategist9.h"   /* DED's face-down plays, accusations and free discards */

/* knowledge._reset: what was read of a seat whose hand changed (its reveal too: knowledge._apply_reveals) */
static inline void st_reset(StInfo *f) {
    f->lc_has = 0;
    f->lf_has = 0;
    f->named = -1;
    f->rev_has = 0;
    memset(f->rk, 0, NC);
}

/* an event of a play's on_play hooks, as the Scanner reads it */
enum { SE_DRAW, SE_SWAP, SE_PASS, SE_SEE, SE_GIVE };
typedef struct { int8_t kind, a, b; int16_t n; } StEv;

/* the play's hooks' events, in the referee's order (DOA's gifts, GT's twin penalty, BA, CAR, T, DAD, BACK, CLA's look,
 * SEVENO's swap and pass, ZEROLEFT, BOMB): the hand sizes followed through them (what a hook asks of its player's hand, LIMIT's room)
 * and each penalty drawn from the stock as take() draws it: with rng (a copy of the hand's generator, when DAD's
 * die is rolled) its reshuffles draw from the copy, so that the die's face is the one the play will roll */
typedef struct { StEv v[4 * MAXP + 8]; int m, lens[MAXP], stock, disc, n, hush; const Game *g; Rng *rng; } StEvs;

static void se_draw(StEvs *E, int s, int k) {
    int room = E->g->cap - E->lens[s], got = 0;
    if (k > room) k = room > 0 ? room : 0;
    for (int i = 0; i < k; i++) {
        if (!E->stock) {
            if (E->disc <= 1) break;
            if (E->rng) { uint8_t dummy[NDECK]; memset(dummy, 0, sizeof dummy); rng_shuffle(E->rng, dummy, E->disc - 1); }
            E->stock = E->disc - 1;
            E->disc = 1;
        }
        E->stock--;
        got++;
    }
    E->lens[s] += got;
    E->v[E->m++] = (StEv){SE_DRAW, (int8_t)s, 0, (int16_t)got};
}

static void se_swap(StEvs *E, int p, int q) {
    int t = E->lens[p];
    E->lens[p] = E->lens[q];
    E->lens[q] = t;
    E->v[E->m++] = (StEv){SE_SWAP, (int8_t)p, (int8_t)q, 0};
}

static void se_pass(StEvs *E, int times, int d) {   /* every hand passes on (h2_rotate) */
    for (int t = 0; t < times; t++) {
        int keep[MAXP];
        for (int s = 0; s < E->n; s++) keep[s] = E->lens[s];
        for (int s = 0; s < E->n; s++) E->lens[((s + d) % E->n + E->n) % E->n] = keep[s];
        E->v[E->m++] = (StEv){SE_PASS, (int8_t)d, 0, 0};   /* (a: the way the hands went) */
    }
}

static void h2_strat_events(const G2 *G, const Move *a, StEvs *E, Rng *die) {
    const Game *g = &G->g;
    const H4 *h = &G->h4;
    const uint8_t *cs = a->cards;
    int p = a->seat, k = a->n, q = a->target, n = g->n;
    int dad = (G->h2 & H_DAD) && h2_count_number(cs, k, h->dad_card);
    E->g = g;
    E->n = n;
    E->m = 0;
    E->hush = 0;
    E->rng = NULL;
    if (dad) { *die = g->rng; E->rng = die; }
    Game t;                                            /* M: the slap round the play closes first (h2_apply, seat_starts) */
    const Game *at = g;
    if (g->m_out || g->m_open) {
        t = *g;
        if (!(t.m_out && h5_m_turn_action(&t, p, 0)) && t.m_open) h5_on_start(&t, p);
        at = &t;
    }
    E->stock = at->stock_len;
    E->disc = at->discard_len + k + at->hid_len;  /* (DED: the face-down pile joins a reshuffle, its claim closed) */
    for (int s = 0; s < n; s++) E->lens[s] = at->hand_len[s];
    E->lens[p] -= k;
    if (a->uno && E->lens[p] == 1 && g->s_on && g->s_cost) {   /* S: a call in silence (Game.speak), before the hooks */
        se_draw(E, p, g->s_cost);
        E->hush = 1;
    }
    if (a->ng) {                                       /* DOA's gifts (play_order -1: first): 'donate' */
        E->lens[p] -= a->ng;
        E->lens[q] += a->ng;
        E->v[E->m++] = (StEv){SE_GIVE, (int8_t)p, (int8_t)q, (int16_t)a->ng};
    }
    if (k == 1 && H3_TWIN(g, p, cs[0])) se_draw(E, g->gt_player, T_NUMV[cs[0]]);   /* GT's penalty (h3_on_group: next) */
    if (G->h2 & H_BA) {                                /* Baptism: the two plays before this one, twin numbers */
        int r = 0, i = h->lp_n - 2;
        for (int j = 0; j < k; j++) r += T_FACE[cs[j]] == F_REVERSE;
        if (r && i >= 0 && h->lp_seat[i] != h->lp_seat[i + 1] && h->lp_num[i] >= 0 && h->lp_num[i] == h->lp_num[i + 1])
            for (int s = 0; s < n; s++) se_draw(E, s, r);
    }
    if ((G->h2 & H_CAR) && E->lens[p]) se_pass(E, h2_count_number(cs, k, h->car_card), g->direction);
    if ((G->h2 & H_T) && q >= 0 && E->lens[p] && h2_count_number(cs, k, h->t_card)) se_swap(E, p, q);
    if (dad && E->lens[p]) {                           /* Die: the next seat draws the face's cards */
        int face = 1 + (int)rng_below(die, 6);
        se_draw(E, ((p + g->direction) % n + n) % n, h->dad_tab[face - 1]);
    }
    E->rng = NULL;
    if (G->h2 & H_BACK) {
        int b = h2_count_number(cs, k, h->back_card), bq = ((p - g->direction) % n + n) % n;
        if (b && bq != p) se_draw(E, bq, b);
    }
    if ((G->h2 & H_CLA) && q >= 0 && h2_count_number(cs, k, h->cla_card))
        E->v[E->m++] = (StEv){SE_SEE, (int8_t)p, (int8_t)q, 0};
    if (G->h2 & H_SEVENO) {
        if (q >= 0 && E->lens[p] && h2_count_number(cs, k, SEVENO_SWAP)) se_swap(E, p, q);
        if (E->lens[p]) se_pass(E, h2_count_number(cs, k, SEVENO_PASS), g->direction);
    }
    if ((G->h2 & H_ZEROLEFT) && E->lens[p]) se_pass(E, h2_count_number(cs, k, G->zl_card), 1);
    if ((G->h2 & H_BOMB) && k >= BOMB_LEAST && T_NUMV[cs[0]] >= 0) {
        int same = 1;
        for (int i = 1; i < k && same; i++) same = T_NUMV[cs[i]] == T_NUMV[cs[0]];
        if (same) for (int s = 0; s < n; s++) if (s != p) se_draw(E, s, BOMB_PENALTY);
    }
}

/* a seat's reveal (the hand shown, the plays since) put back after its evidence moved with its hand */
static inline void st_keep_reveal(StInfo *f, const StInfo *was) {
    memcpy(f->rev, was->rev, NC);
    memcpy(f->since, was->since, NC);
    f->rev_any = was->rev_any;
}

/* TRI (Trinity.after_draw): the obliged seat's turn draw (read by strat_observe) is followed by the rest of its
 * penalty, a 'penalty' and a 'draw' of what the stock and the pile under the top hold after that card */
static void h2_strat_tri(Strat *S, const G2 *G, int id) {
    const Game *g = &G->g;
    int p = id / XPS;
    if (!(G->h2 & H_TRI) || id % XPS != K_DRAW || g->phase != PH_PLAY || p != g->current || G->h4.tri_q != p) return;
    int room = g->cap - g->hand_len[p] - 1, left = g->stock_len + (g->discard_len > 1 ? g->discard_len - 1 : 0) - 1;
    int k = G->h4.tri_total - 1;
    if (left < 0 || room < 0) return;                  /* no card drawn: no after_draw */
    if (k > room) k = room;
    if (k > left) k = left;
    for (int me = 0; me < S->n; me++)
        if (S->is[me]) st_ev_draw(&S->seat[me], me, p, k, 0);
}

/* the events of Move a, applied next to G, read by every strategist seat */
static void h2_strat_observe(Strat *S, const G2 *G, const Move *a) {
    if (!S || !S->active) return;
    if (a->kind >= MV_HID) { st9_observe(S, G, a); return; }   /* DED (_strategist9.h) */
    const Game *g = &G->g;
    if (a->kind == MV_ID) {
        if (a->id % XPS != K_CHALLENGE) { strat_observe(S, g, a->id); h2_strat_tri(S, G, a->id); return; }
        for (int me = 0; me < S->n; me++)              /* a group of Wild Draw Fours is judged together */
            if (S->is[me]) st_ev_challenge(S, &S->seat[me], g, me, a->id / XPS, G->wd4_n);
        return;
    }
    if (!a->n) return;
    StEvs E;
    Rng die;
    h2_strat_events(G, a, &E, &die);
    int p = a->seat;
    for (int e = 0; e < E.m; e++) {                    /* CLA: the hand seen is read once the play is applied */
        if (E.v[e].kind != SE_SEE || !S->is[p]) continue;
        int q = E.v[e].b, later = 0, keep = 1;
        for (int f = e + 1; f < E.m; f++) {
            if (E.v[f].kind == SE_DRAW && E.v[f].a == q) later += E.v[f].n;
            if (E.v[f].kind == SE_SWAP || E.v[f].kind == SE_PASS) keep = 0;   /* it moved on: forgotten at once */
        }
        if (keep) { S->see_p = p; S->see_q = q; S->see_drop = later; }
    }
    for (int me = 0; me < S->n; me++) {
        if (!S->is[me]) continue;
        StSeat *z = &S->seat[me];
        st_ev_playk(z, me, p, a->cards, a->n, a->color);
        for (int e = 0; e < E.m; e++) {
            const StEv *v = &E.v[e];
            if (v->kind == SE_DRAW) {
                st_ev_draw(z, me, v->a, v->n, 0);
            } else if (v->kind == SE_GIVE) {           /* DOA: the receiver acquired them; the giver's hand changed */
                z->sizes[v->b] = (int16_t)(z->sizes[v->b] + v->n);
                z->sizes[v->a] = (int16_t)(z->sizes[v->a] - v->n);
                if (v->b != me) z->info[v->b].acquired = (int16_t)(z->info[v->b].acquired + v->n);
                if (v->a != me) st_reset(&z->info[v->a]);
            } else if (v->kind == SE_SEE) {            /* CLA: a reveal to its player alone (h2_strat_after) */
                if (me == v->a) z->info[v->b].rev_has = 0;
            } else if (v->kind == SE_SWAP) {           /* the evidence travels with the hand */
                int x = v->a, y = v->b;
                if (x != me && y != me) {            /* (what was shown of a seat stays with the seat) */
                    StInfo t = z->info[x], rx = z->info[x], ry = z->info[y];
                    z->info[x] = z->info[y];
                    z->info[y] = t;
                    st_keep_reveal(&z->info[x], &rx);
                    st_keep_reveal(&z->info[y], &ry);
                    z->info[x].rev_has = z->info[y].rev_has = 0;
                } else {
                    st_reset(&z->info[x == me ? y : x]);
                }
                int16_t t = z->sizes[x];
                z->sizes[x] = z->sizes[y];
                z->sizes[y] = t;
            } else {                                   /* a carousel: every hand changed */
                for (int s = 0; s < S->n; s++) if (s != me) st_reset(&z->info[s]);
            }
        }
    }
}

/* after a Move is applied: strat_after (SAT), and the hand CLA's player saw (the target's hand less the cards
 * it drew after the look) */
static void h2_strat_after(Strat *S, const G2 *G) {
    if (!S) return;
    strat_after(S, &G->g);
    st9_after(S, G);                                   /* DED: an accusation's penalty */
    if (S->see_p < 0) return;
    const Game *g = &G->g;
    int p = S->see_p, q = S->see_q;
    StInfo *f = &S->seat[p].info[q];
    memset(f->rev, 0, NC);
    for (int i = 0; i < g->hand_len[q] - S->see_drop; i++) f->rev[g->hands[q][i]]++;
    memset(f->since, 0, NC);
    f->rev_has = f->rev_any = 1;
    S->see_p = -1;
}

/* StrategistBot._free_gain: say UNO, else the first catch offered (-1: none) */
static int h2_strat_free(const Lst *L) {
    if (W_SAY_UNO > 0)
        for (int i = 0; i < L->m; i++) if (h2_k(&L->v[i]) == K_UNO) return i;
    if (W_CATCH_UNO > 0)
        for (int i = 0; i < L->m; i++) {
            int k = h2_k(&L->v[i]);
            if ((k >= K_CATCH && k < K_CATCH + MAXP) || k == K_SLAP) return i;   /* (M: listed after the catches) */
        }
    return -1;
}

/* StrategistBot._uno_variant over the plays of L: one per (cards, colour, seat named, gifts), saying UNO when the
 * play leaves one card (its gifts given), in the order of their first appearance; vis: their indices in L */
static int h2_strat_variants(const Lst *L, int nh, int *vis) {
    int nv = 0;
    for (int i = 0; i < L->m; i++) {
        const Move *a = &L->v[i];
        if (a->kind != MV_PLAY || !a->n) continue;
        int left = nh - a->n - a->ng, j;
        for (j = 0; j < nv; j++) {
            const Move *b = &L->v[vis[j]];
            if (b->n == a->n && b->color == a->color && b->target == a->target && !memcmp(b->cards, a->cards, (size_t)a->n)
                    && b->ng == a->ng && !memcmp(b->give, a->give, a->ng))
                break;
        }
        if (j == nv) vis[nv++] = i;
        else if (W_SAY_UNO > 0 && (a->uno ? left == 1 : left != 1)) vis[j] = i;
    }
    return nv;
}

/* _value of a Move play (DOA: with its gifts, x->give) */
static inline double h2_strat_value(StCtx *x, const Move *a) {
    x->give = a->give;
    x->ng = a->ng;
    double v = st_valuek(x, a->cards, a->n, a->color, a->target, 0, x->hand, x->nh, x->color, NULL);
    x->ng = 0;
    return v;
}

/* StrategistBot._prune (DOA, 40 plays or more): per (cards, colour, call), in the order of first appearance, at most
 * six of a larger group, those naming the first opponent with the fewest cards (else all of it) sorted (stably) by
 * the wilds, then the most points, given; vis rewritten, its new length returned */
static int h2_strat_prune(const StCtx *x, const Lst *L, int *vis, int nv) {
    int out[H2_CAP], no = 0, tgt = -1, grp[H2_CAP], g2[H2_CAP], wk[H2_CAP], pk[H2_CAP];
    uint8_t done[H2_CAP] = {0};
    for (int s = 0; s < x->n; s++)                     /* min(ctx.opps, key=sizes) */
        if (s != x->me && !(x->out >> s & 1) && (tgt < 0 || x->sizes[s] < x->sizes[tgt])) tgt = s;
    for (int i = 0; i < nv; i++) {
        if (done[i]) continue;
        const Move *a = &L->v[vis[i]];
        int ng = 0, n2 = 0;
        for (int j = i; j < nv; j++) {
            const Move *b = &L->v[vis[j]];
            if (done[j] || b->n != a->n || b->color != a->color || b->uno != a->uno || memcmp(b->cards, a->cards, (size_t)a->n))
                continue;
            done[j] = 1;
            grp[ng++] = vis[j];
        }
        if (ng <= 6) {
            for (int j = 0; j < ng; j++) out[no++] = grp[j];
            continue;
        }
        for (int j = 0; j < ng; j++) if (L->v[grp[j]].target == tgt) g2[n2++] = grp[j];
        if (!n2) for (int j = 0; j < ng; j++) g2[n2++] = grp[j];
        for (int j = 0; j < n2; j++) {                 /* the key: (wilds given, -points given) */
            const Move *b = &L->v[g2[j]];
            wk[j] = pk[j] = 0;
            for (int c = 0; c < b->ng; c++) { wk[j] += st_wild(b->give[c]); pk[j] -= T_POINTS[b->give[c]]; }
        }
        for (int j = 1; j < n2; j++) {                 /* list.sort: stable */
            int v = g2[j], w = wk[j], p = pk[j], t = j - 1;
            while (t >= 0 && (w < wk[t] || (w == wk[t] && p < pk[t]))) {
                g2[t + 1] = g2[t]; wk[t + 1] = wk[t]; pk[t + 1] = pk[t]; t--;
            }
            g2[t + 1] = v; wk[t + 1] = w; pk[t + 1] = p;
        }
        for (int j = 0; j < n2 && j < 6; j++) out[no++] = g2[j];
    }
    memcpy(vis, out, sizeof(int) * (size_t)no);
    return no;
}

/* _consume over Move plays: drawing is weighed against playing */
static int h2_strat_consume(const StCtx *x, const Lst *L, const int *vis, int nv) {
    if (!nv) return 1;
    int two = x->n == 2;
    if (x->max_danger < 0.3 && x->nh >= 5) {
        int all = 1;
        for (int i = 0; i < nv && all; i++) {
            const Move *a = &L->v[vis[i]];
            if (a->kind == MV_HID) continue;           /* (DED: a face-down play sheds no card of its own) */
            int any = 0;
            for (int j = 0; j < a->n && !any; j++) any = st_hold(x, a->cards[j], two) > 0;
            all = any;
        }
        if (all) return 1;
    }
    int nxt = st_nxt(x, x->me, 1, x->d);
    if (nxt != x->me && x->sizes[nxt] <= 1) {
        for (int i = 0; i < nv; i++) {
            const Move *a = &L->v[vis[i]];
            if (a->kind == MV_HID) continue;
            int last = a->cards[a->n - 1], col = a->color >= 0 ? a->color : T_COLOR[last], f = T_FACE[last];
            if (st_draw_of(last) || f == F_SKIP || (f == F_REVERSE && two) || st_can_play(x, nxt, col, f, -1) < 0.5)
                return 0;
        }
        return 1;
    }
    return 0;
}

/* StrategistBot.act for `me` on the Move list L (its turn's list, or the options of a stem it picked in turn) */
static int h2_strat_act(Strat *S, const G2 *G, int me, Rng *r, const Lst *L) {
    const Game *g = &G->g;
    int i = h2_strat_free(L);
    if (i >= 0) return i;
    StCtx x;
    h2_strat_context(&x, S, G, me);
    if (g->phase == PH_COLOR) {                        /* _choose_color */
        int best = -1, bc = 0;
        double bs = 0.0;
        for (i = 0; i < L->m; i++) {
            int k = h2_k(&L->v[i]);
            if (k < K_COLOR || k >= K_COLOR + 4) continue;
            int cc = k - K_COLOR;
            double sc = st_color_score(&x, cc);
            if (best < 0 || sc > bs || (sc == bs && cc < bc)) { best = i; bs = sc; bc = cc; }
        }
        if (best >= 0) return best;
    } else if (g->phase == PH_FREE || g->phase == PH_HFIN) {   /* DED (_strategist9.h) */
        if ((i = st9_act(&x, L)) >= 0) return i;
    } else if (g->phase == PH_PENDING && W_CHALLENGE > 0) {
        for (i = 0; i < L->m; i++) {
            if (h2_k(&L->v[i]) != K_CHALLENGE) continue;
            if (st_bluff_probability(&x) > P_THRESHOLD) return i;
            break;
        }
    }
    /* _best_turn_action */
    int vis[H2_CAP], nv = h2_strat_variants(L, x.nh, vis), draw = -1, pass = -1;
    if (x.doa_card >= 0 && nv >= 40) nv = h2_strat_prune(&x, L, vis, nv);   /* _prune (DOA) */
    if (G->h2 & H_DED) nv = st9_hidden(&x, L, vis, nv);   /* abstention: honest face-down plays (_strategist9.h) */
    for (i = 0; i < L->m; i++) {
        int k = h2_k(&L->v[i]);
        if (k == K_DRAW && draw < 0) draw = i;
        if (k == K_PASS && pass < 0) pass = i;
    }
    int best = -1;
    double bv = 0.0;
    for (i = 0; i < nv; i++) {
        const Move *a = &L->v[vis[i]];
        double v = a->kind == MV_HID ? st9_value(&x, a->cards[0]) : h2_strat_value(&x, a);
        if (best < 0 || v > bv) { best = i; bv = v; }
    }
    int tre = W_TREBUCHET > 0 && st_trebuchet(&x);
    int extra = -1;
    double ev = 0.0;
    if (g->phase == PH_PENDING) {
        if (draw >= 0) {
            extra = draw;
            ev = -(double)x.pending * ST_CARD + st_static(&x, x.hand, x.nh, x.color, x.topface, st_nxt(&x, me, 1, x.d), NULL, 0);
        }
    } else if (g->phase == PH_DRAWN) {
        if (pass >= 0 && (!nv || tre || (W_CONSUMISMO > 0 && h2_strat_consume(&x, L, vis, nv)))) {
            extra = pass;
            ev = st_static(&x, x.hand, x.nh, x.color, x.topface, st_nxt(&x, me, 1, x.d), NULL, 0);
            if (tre) ev += 3.0 * W_TREBUCHET;
        }
    } else if (g->phase == PH_PLAY && draw >= 0) {
        if (!nv || tre || (W_CONSUMISMO > 0 && h2_strat_consume(&x, L, vis, nv))) {
            extra = draw;
            ev = st_draw_value(&x, x.hand, x.nh, x.color, x.topface, NULL);
            if (tre) ev += 3.0 * W_TREBUCHET;
        }
    }
    if (extra >= 0 && (best < 0 || ev > bv)) return extra;
    if (best < 0) return draw >= 0 ? draw : pass >= 0 ? pass : 0;   /* fallback_action */
    int chosen = vis[best];
    const Move *c = &L->v[chosen];
    if (c->kind == MV_HID || !st_wild(c->cards[c->n - 1]) || W_OLHA <= 0) return chosen;
    /* _olha_o_aviao */
    uint8_t rest[NDECK];
    int nr = st_removek(x.hand, x.nh, c->cards, c->n, rest);
    if (nr != 1 || st_wild(rest[0]) || x.na < P_OLHA_MIN_PLAYERS) return chosen;   /* (ctx.na: the seats left) */
    for (int s = 0; s < x.n; s++) if (s != me && !(x.out >> s & 1) && x.sizes[s] <= 1) return chosen;   /* ctx.opps */
    int rc = T_COLOR[rest[0]];
    if (c->color != rc) return chosen;
    if (st_random(r) >= P_OLHA_RATE) return chosen;
    int alts[4], na = 0;
    for (int cc = 0; cc < 4; cc++)                     /* sorted by colour */
        for (i = 0; i < nv; i++) {
            const Move *a = &L->v[vis[i]];
            if (a->color == cc && cc != rc && a->n == c->n && a->target == c->target && a->uno == c->uno
                && !memcmp(a->cards, c->cards, (size_t)c->n)) { alts[na++] = vis[i]; break; }
        }
    if (!na) return chosen;
    return alts[rng_below(r, (uint32_t)na)];
}

/* StrategistBot.react: the free gains, else its best cut (always taken); -1: wait */
static int h2_strat_react(Strat *S, const G2 *G, int seat, const Lst *L) {
    int i = h2_strat_free(L);
    if (i >= 0) return i;
    for (i = 0; i < L->m && W_ACCUSE > 0; i++) {        /* DED: accuse when a lie is likely (_strategist9.h) */
        if (L->v[i].kind != MV_ACCUSE) continue;
        StCtx y;
        h2_strat_context(&y, S, G, seat);
        if (st9_accuse(&y)) return i;
        break;
    }
    int vis[H2_CAP], nv = h2_strat_variants(L, G->g.hand_len[seat], vis), best = -1;
    if (!nv) return -1;
    StCtx x;
    h2_strat_context(&x, S, G, seat);
    double bv = 0.0;
    for (i = 0; i < nv; i++) {
        double v = h2_strat_value(&x, &L->v[vis[i]]);
        if (best < 0 || v > bv) { best = i; bv = v; }
    }
    return vis[best];
}

/* a sub-decision of a stem the strategist picked (h2_complete): act on the same view, or react (declined: the first) */
static int h2_strat_pick(Strat *S, const G2 *G, int seat, Rng *r, int react, const Lst *E) {
    int i = react ? h2_strat_react(S, G, seat, E) : h2_strat_act(S, G, seat, r, E);
    return i < 0 ? 0 : i;
}
