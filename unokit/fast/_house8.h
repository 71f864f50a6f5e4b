/* DP (Desafio Polivalente, rules/drawchallenge.py DrawChallenge) in the compiled core (included by _ccore.c after
 * _house5.h; hooks in its listing, seat_starts and apply_id).
 *
 *   DP  after the seat in turn draws in the PLAY phase (a turn draw, not a draw total), until another seat starts,
 *       every other seat may challenge the draw (ChallengeDraw: K_DOUBTDRAW inside the core, codec.DOUBTDRAW_BASE
 *       + seat outside): if the drawer held a card it could have played alone (Game.can_play_alone, asked when it
 *       drew: the official match under the rules DP is compiled with), the drawer draws 2, else the challenger
 *       draws 4 (Game.penalize); either way the window closes.
 *
 * DrawChallenge.on_turn_action opens the window (Game.dp_drawer = drawer + 1, Game.dp_had), on_start closes it when
 * another seat starts (plays, draws or challenges a Wild Draw Four), action_options lists the challenge after the
 * catches and M's slap (the rules' actions, _options_last) for every seat but the drawer. random-play and greedy
 * never challenge a draw (their act and react pass it over), so their hands are the official ones; the step-by-step
 * tests take it among the uniform decisions. compiled.problem accepts DP with P1-P4, FU, BU, SAT, INS, CON, DRAWPLAY
 * and FORCE (whose draws leave can_play_alone the official match), random-play, greedy, the strategist and the
 * human-error bots (offered a reaction while the window is open: _human.h's hu_react_step, as
 * Game.out_of_turn_seats counts the seats). tests/fast/test_compiled_dp.py, test_compiled_human_doa.py. */

#define DOUBTDRAW_BASE 9600           /* codec.DOUBTDRAW_BASE (unokit/fast/ccore.py checks it) */
#define DP_GUILTY 2                   /* DrawChallenge.apply_action: the drawer held a playable card */
#define DP_WRONG 4                    /*   the challenger was wrong */

/* DrawChallenge.action_options: a seat other than the drawer may challenge while the window is open */
static inline int dp_may_challenge(const Game *g, int seat) { return g->dp_drawer && g->dp_drawer - 1 != seat; }

/* DrawChallenge.on_turn_action: a turn draw in the PLAY phase by the seat in turn opens the window */
static inline void dp_on_draw(Game *g, int p) {
    if (!(g->flags & F_DP) || g->phase != PH_PLAY || p != g->current) return;
    int had = 0;
    for (int i = 0; i < g->hand_len[p] && !had; i++) {     /* (FL: not a card that may not empty the hand) */
        int c = g->hands[p][i];
        had = H3_OK(g, c) && !H3_NOPLAY(g, c, g->hand_len[p]);
    }
    g->dp_drawer = (uint8_t)(p + 1);
    g->dp_had = (uint8_t)had;
}

/* DrawChallenge.on_start: another seat starts, the window closes */
static inline void dp_on_start(Game *g, int seat) {
    if (g->dp_drawer && g->dp_drawer - 1 != seat) g->dp_drawer = 0;
}

/* DrawChallenge.apply_action */
static void dp_challenge(Game *g, int seat) {
    int drawer = g->dp_drawer - 1, had = g->dp_had;
    g->dp_drawer = 0;
    if (had) h5_penalize(g, drawer, DP_GUILTY);
    else h5_penalize(g, seat, DP_WRONG);
}
