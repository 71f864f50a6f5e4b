/* _edhuman.h (included by _ccore.c after _human.h): the human-error bots (unokit.bots.human.HumanBot over greedy or
 * random-play, _human.h) on an edition's hand (_editions.h: UNO All Wild!, No Mercy, Extreme), whose loop,
 * ed_play_hand (_ed_play.h), takes their choices through its hooks. As _human.h on the official core, draw for draw:
 *
 * - the reaction step (unokit.engine.flow.react_step) at every step, even when no seat may react: the seats that
 *   may (Game.out_of_turn_seats: of the seats still in, then the seat to act) shuffled by the harness's generator,
 *   then sorted by the human seats' reaction delays; the first seat with a reaction answers, a human one as
 *   HumanBot.react does (an apology after a penalty event against it it has not seen, EdGame.pens: a missed UNO
 *   call caught, a Targeted Draw Two, a challenge lost or a bluff caught; chatter; its reactions without the UNO
 *   call when it forgets), the others as ed_react;
 * - its turn (HumanBot.act): the inner bot's choice (ed_greedy, ed_random_play: the colour it names when asked,
 *   its challenge), a play with the UNO call made without it (the same card, colour and seat named) when
 *   random() < forget_uno;
 * - a line said is a reaction applied that changes nothing: an edition is played as it states itself, without S
 *   or ORG (compiled.problem), and is logged as (seat, EM_SAY, line of codec.SAY_LINES, -1, 0, -1).
 *
 * tests/fast/test_compiled_editions_human.py. */

#define EM_SAY 7                       /* after _editions.h's EM_* (EM_COLOR 5, EM_CHALLENGE 6) */

/* HumanBot.react for seat s offered L[0..m): HU_SAY + seat * HU_LINES + line, an index of L, or -1 */
static int hu_ed_react(EdGame *g, Hu *H, int s, EdMove *L, int m) {
    const Config *cfg = H->cfg;
    Rng *r = &H->r[s];
    if (g->pens[s] != H->seen[s]) {                   /* (counts only grow: a new penalty) */
        H->seen[s] = g->pens[s];
        if (hu_random(r) < cfg->hu[2]) return HU_SAY + s * HU_LINES + HU_CHATTER + (int)rng_below(r, HU_APOLOGIES);
    }
    if (hu_random(r) < cfg->hu[1]) return HU_SAY + s * HU_LINES + (int)rng_below(r, HU_CHATTER);
    if (hu_random(r) < cfg->hu[0]) {                    /* forgetful: the UNO call left out */
        int k = 0;
        for (int i = 0; i < m; i++) if (L[i].kind != EM_UNO) L[k++] = L[i];
        m = k;
    }
    return m ? ed_react(L, m) : -1;
}

/* ed_react_step with human seats (ed_play_hand's hook); 1: a reaction (or a line) was applied */
static int hu_ed_react_step(EdGame *g, Hu *H, EdMove *L, EdLog *log) {
    const Config *cfg = H->cfg;
    int me = ed_to_act(g), n = g->n, nc = 0, cands[MAXP];
    double delay[MAXP];
    if (g->over) return 0;
    for (int p = 0; p < n; p++)
        if (p != me && ed_in(g, p) && (g->catchable || ed_flash_others(g, me) || (g->hand_len[p] == 1 && !g->uno_said[p])))
            cands[nc++] = p;
    cands[nc++] = me;
    Rng *hr = &H->bots[MAXP];
    for (int i = nc - 1; i > 0; i--) {                      /* random.shuffle */
        int j = (int)rng_below(hr, (uint32_t)(i + 1)), t = cands[i];
        cands[i] = cands[j];
        cands[j] = t;
    }
    hu_order(cfg, H, cands, delay, nc);
    for (int i = 0; i < nc; i++) {
        int s = cands[i], m = ed_legal(g, s, 0, L);
        if (!m) continue;
        int a = hu_human(cfg->policy[s]) ? hu_ed_react(g, H, s, L, m) : ed_react(L, m);
        if (a < 0) continue;
        EdMove mv = a >= HU_SAY ? ed_mv(s, EM_SAY, (a - HU_SAY) % HU_LINES, -1, 0, -1) : L[a];
        if (log && log->n < log->cap) log->v[log->n++] = mv;
        if (a < HU_SAY) ed_apply(g, mv);
        return 1;
    }
    return 0;
}

/* the seat in turn's move among L[0..m) (ed_play_hand's hook): HumanBot.act for a human seat, its inner bot's */
static EdMove hu_ed_turn(EdGame *g, Hu *H, EdMove *L, int m) {
    int cur = ed_to_act(g), pol = H->cfg->policy[cur];
    int i = hu_greedy(pol) ? ed_greedy(g, L, m) : ed_random_play(&H->bots[cur], L, m, g->phase);
    if (hu_human(pol) && L[i].kind == EM_PLAY && L[i].uno && hu_random(&H->r[cur]) < H->cfg->hu[0])
        for (int j = 0; j < m; j++)
            if (L[j].kind == EM_PLAY && L[j].card == L[i].card && L[j].target == L[i].target && L[j].color == L[i].color
                    && !L[j].uno) return L[j];
    return L[i];
}
