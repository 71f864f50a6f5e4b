/* _house6.h (included by _ccore.c): sudden death, MS1, MS2 and MS3 (unokit/rules/suddendeath.py SuddenDeath), for
 * random-play, greedy and strategist seats (the strategist reads the seats left: _strategist.h's StCtx.out).
 *
 *   MS1  from the first turn, a seat in turn that draws holding no card it could play alone (Game.can_play_alone:
 *        any_alone, the official match and _house3.h's objections) is eliminated instead of drawing; facing a draw
 *        total under a stacking rule (P1-P4, I, DEFLECT: Game.stacking) with no card that may go on it
 *        (Game.can_stack of each card alone) and nobody going out, the draw eliminates too (SuddenDeath.on_turn_action)
 *   MS2  the same once Game.turns_done >= rounds * the seats left (SuddenDeath.armed)
 *   MS3  the same once a play has armed it: one of the cards that arm it, or `need` cards of those it counts
 *        (SuddenDeath.on_play; both cards of an ADDUP pair: play_pair in _ccore.c)
 *
 * An elimination is Game.eliminate: the seat starts (seat_starts), leaves the hand with its cards (Game.out: no
 * listing, no reaction, no turn; its cards still count for the winner and in its points), and the hand ends when
 * one seat is left (finish), else the turn passes to the next seat left (end_turn: a draw total passes on). Turns
 * skip the seats out (next_seat in _ccore.c), and a card's effect on the turn is its effect at the number of seats
 * left (Game._resolve: T_TURN of two seats when two are left); PAA's peace counts the rounds of the seats left.
 *
 * Config.h6 carries the variant (bits 0-1: 1, 2, 3), MS3's count (bits 2-9) and MS2's rounds (bits 10-25); Config
 * ms_arms / ms_counts MS3's cards, one bit per card id. None of them is written here: unokit.fast.compiled._h6 reads
 * them from the rule's class (its variant and rounds) and from its on_play asked of every card (MS3's cards and
 * count). compiled.problem plays them with the rules they were proven with (tests/fast/test_compiled_house6.py). */

static void h6_deal(Game *g, const Config *cfg) {
    g->ms = (uint8_t)(cfg->h6 & 3);
    g->ms_need = (uint8_t)(cfg->h6 >> 2 & 255);
    g->ms_rounds = (uint16_t)(cfg->h6 >> 10 & 0xFFFF);
    g->ms_arms = cfg->ms_arms;
    g->ms_counts = cfg->ms_counts;
    g->ms_armed = g->ms == 1;
}

static inline int h6_left(const Game *g) { return g->n - __builtin_popcount(g->out); }

/* SuddenDeath.armed */
static inline int h6_armed(const Game *g) {
    return g->ms == 2 ? g->turns_done >= g->ms_rounds * h6_left(g) : g->ms_armed;
}

/* SuddenDeath.on_play (MS3): the card arms it, or counts toward it */
static void h6_on_play(Game *g, int card) {
    if (g->ms_arms >> card & 1) g->ms_armed = 1;
    else if ((g->ms_counts >> card & 1) && ++g->ms_count >= g->ms_need) g->ms_armed = 1;
}

/* Game.can_stack((c,)): may the card alone go on the draw total (Stacking's table, Inferno's and Deflect's Skips and
 * Reverses), whatever else forbids playing it */
static int h6_can_stack(const Game *g, int c) {
    int top = g->discard[g->discard_len - 1], f = T_FACE[c];
    if ((f == 10 || f == 11) && ((g->h3 & X_INFERNO)
                                 || ((g->h3 & X_DEFLECT) && (T_COLOR[c] == g->color || f == T_FACE[top]))))
        return 1;
    int under = g->pending_kind, d = T_FX[c];
    if (!under) { int t = T_FX[top]; under = t > 0 ? t : 0; }
    return d > 0 && (g->stack >> (5 * under + d) & 1);
}

/* Game.eliminate (after Game.seat_starts): out of the hand; the last seat left wins, else the turn passes on */
static void h6_eliminate(Game *g, int p) {
    int before = h6_left(g);
    g->out |= (uint16_t)(1u << p);
    g->catchable &= (uint16_t)~(1u << p);
    if (g->peace) g->peace = (uint16_t)(g->peace / before * (before - 1));   /* PAA: rounds * the seats left */
    if (before == 2) {
        int w = 0;
        while (g->out >> w & 1) w++;
        finish(g, w);
        return;
    }
    turn_done(g);
    g->current = (uint8_t)next_seat(g, p);
    g->drawn = -1;
    g->opts = 0;
    g->phase = g->pending ? PH_PENDING : PH_PLAY;
}

/* SuddenDeath.on_turn_action: does the draw of the seat in turn eliminate it (the strategist reads no draw then) */
static int h6_dooms(const Game *g, int p) {
    if (!h6_armed(g)) return 0;
    if (g->phase == PH_PENDING) {
        if (!(g->stack || (g->h3 & (X_INFERNO | X_DEFLECT))) || g->going_out >= 0) return 0;
        for (int i = 0; i < g->hand_len[p]; i++) if (h6_can_stack(g, g->hands[p][i])) return 0;
        return 1;
    }
    return g->phase == PH_PLAY && !any_alone(g, p);
}

/* the draw of the seat in turn: 1 when the seat was eliminated instead */
static int h6_draw(Game *g, int p) {
    if (!h6_dooms(g, p)) return 0;
    seat_starts(g, p);
    h6_eliminate(g, p);
    return 1;
}

/* the turn after a card that turns it (Skip, Reverse) at the seats left: its effect at that count (Game.effect_of),
 * the direction turned first, then `advance` seats left */
static void h6_turn(Game *g, int p, int card) {
    const uint8_t *t = T_TURN[h6_left(g) == 2][card];
    if (t[1]) g->direction = (int8_t)-g->direction;
    int s = p;
    for (int i = 0; i < t[0]; i++) s = next_seat(g, s);
    g->current = (uint8_t)s;
}
