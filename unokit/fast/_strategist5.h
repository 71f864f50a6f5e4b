/* _strategist5.h (included by _ccore.c after _strategist.h): what the compiled strategist reads under _house5.h's
 * rules CHU, E, IE, S and M (issue 27 point 3, issue 28 point 1).
 *
 * StrategistBot knows none of these rules by name: it scores the plays the listing offers (CHU's filter is the
 * listing's), always calls UNO (a call in silence costs what S charges), never compliments nor criticises, and
 * slaps whenever it may (its _free_gain: the UNO call, then the first catch or slap offered). What changes is what
 * its Scanner reads (unokit.bots.knowledge): the penalties these rules deal ('penalty' then 'draw' events, never a
 * voluntary draw) move the hands' sizes and what each seat has taken, in the referee's order:
 *
 *   before the action's own events   SlapPile.on_turn_action (a winner's round closes: who did not slap draws 1; the
 *                                    winner may win there and the action is not taken), Game.seat_starts' hooks
 *                                    (SlapPile.on_start, then Compliments/Critiques.on_start: every seat owing draws)
 *   after a play's event             Game.speak(p, "UNO") in silence: the player draws S's cost
 *   a UNO call alone                 the same
 *   a slap                           the last seat left unslapped draws 1
 *
 * The prelude is read from a copy of the hand with the hooks themselves applied (h5_m_turn_action's, h5_on_start),
 * so the draws are what the real hooks will deal, the stock's end and LIMIT's cap included.
 * tests/fast/test_compiled_strategist_house5.py. */

/* every strategist seat reads the involuntary draws that took `g` to `t` (seat order; additive: sizes, acquired) */
static void st5_read_draws(Strat *S, const Game *g, const Game *t) {
    for (int me = 0; me < S->n; me++) {
        if (!S->is[me]) continue;
        for (int q = 0; q < g->n; q++)
            if (t->hand_len[q] > g->hand_len[q]) st_ev_draw(&S->seat[me], me, q, t->hand_len[q] - g->hand_len[q], 0);
    }
}

/* the penalties before id's own events (the M round closed by a turn action or a start, E's and IE's debts): read,
 * and the hand they leave in *t. Returns the state the action's own events are read against (g itself when nothing
 * happens first), or NULL when the action is not taken (a winner's slap round won it) */
static const Game *st5_prelude(Strat *S, const Game *g, int id, Game *t) {
    int p = id / XPS, k = id % XPS;
    int turn = h5_turn_action(g, p, k);
    int starts = k < K_DRAW || k == K_DRAW || k == K_CHALLENGE;
    int owed = p == g->current && (g->e_k[0] || g->e_k[1]);
    if (!(g->m_out && turn) && !(starts && (g->m_open || owed))) return g;
    *t = *g;
    if (t->m_out && h5_m_turn_action(t, p, k)) { st5_read_draws(S, g, t); return NULL; }
    if (starts) h5_on_start(t, p);
    st5_read_draws(S, g, t);
    return t;
}

/* Game.speak(p, "UNO") while a silence holds: p draws S's cost (after its play's event: `played` cards left the hand,
 * the top one onto the pile) */
static void st5_spoke_uno(StSeat *z, int me, const Game *g, int p, int played) {
    if (!g->s_on || !g->s_cost || g->hand_len[p] - played <= 0) return;
    st_ev_draw(z, me, p, st_avail(g, g->s_cost, g->discard_len + played, g->hand_len[p] - played), 0);
}

/* SlapPile.apply_action: the last seat left unslapped draws 1 */
static void st5_slap(StSeat *z, int me, const Game *g, int p) {
    unsigned slapped = g->m_slapped | 1u << p;
    int left = 0, last = -1;
    for (int q = 0; q < g->n; q++) if (!(slapped >> q & 1)) { left++; last = q; }
    if (left == 1) st_ev_draw(z, me, last, st_avail(g, 1, g->discard_len, g->hand_len[last]), 0);
}
