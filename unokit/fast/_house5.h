/* _house5.h (included by _ccore.c): CHU, E, IE, S and M on the official listing, for random-play and greedy seats
 * (which never speak but to call UNO, never compliment, criticise nor laugh, and always slap).
 *
 *   CHU   after two visible plays in a row by different seats whose last cards are the same number, the next
 *         turn must change the colour (rules/cardfx.py Chukcki: on_play arms rule_state["CHU"] = turns_done + 1;
 *         play_problem refuses a play by the seat in turn whose new colour, the one named for a wild, is the
 *         colour in force; a seat that cannot draws as usual, and the obligation lapses when its turn ends)
 *   E/IE  a green 5 (E) or red 5 (IE) makes every other seat owe its player a compliment (a critique); the next
 *         player's start (Game.seat_starts of the seat in turn) makes every seat still owing draw one per five
 *         (rules/social.py Compliments, Critiques: on_play, on_start; the bots pay no debt)
 *   S     an odd count of the rule's card in a play toggles the silence (ST: starts a silence owned by its
 *         player that ends when that player's turn has ended `rounds` times after the 7's); saying UNO while it
 *         holds costs what Silence.judge_speech charges for "UNO" (rules/silence.py; 0 with U, SE, SS)
 *   M     a play of its card (8) opens a slap round: every seat may slap (K_SLAP; SLAP_BASE + seat outside), the
 *         last one left draws 1; a seat that starts while it is open closes it (who did not slap draws 1); a seat
 *         that goes out on the card wins when the round closes without making it draw (rules/social.py SlapPile:
 *         on_play, apply_action, on_start, on_turn_action, _settle)
 *
 * Config.h5 carries the Z_ flags (bits 0-7), S's rounds (bits 8-15) and the cost of a UNO call in silence (bits
 * 16-23); Config.h5c the cards: E's number and colour (bits 0-3, 4-6), IE's (8-11, 12-14), S's number (16-19),
 * M's (20-23). Game.m_open, m_slapped, m_out are rule_state["M"] and rule_state["out-deferred"].
 * Game.lp_seat / lp_num are Game.last_plays' two newest (seat, number of the play's last card, -1: none);
 * Game.chu_at is rule_state["CHU"] (0: None; set, it is turns_done + 1 >= 1). The hooks run where the referee's
 * do: h5_on_start in Game.seat_starts (before a play's cards leave the hand), h5_on_play after the play's cards
 * are down and its UNO call judged (the hooks' order: Chukcki, Silence, SlapPile, Compliments, Critiques),
 * h5_turn_end in Game.end_turn, h5_spoke_uno where Game.speak judges a UNO call, h5_m_turn_action in Game.apply
 * (before a turn action), h5_slap for a slap. The referee's can_play_alone asks
 * rule_objection (CHU's; colour 0 named for a wild), which the draws of SAT, INS, FORCE, CON and DRAWANY read:
 * compiled.problem plays CHU with the stacking rules and the deal's size only; E, IE, S and M also with the drawing
 * rules and _house3.h's (ADDUP's pairs skip these hooks: refused; M not with FL(all), for which its card is a
 * drawing card); CHU, S and M also on _house2.h's lists (h5_on_group: a play's last card, S's count of its card, M's
 * card anywhere in it; a play's UNO call judged in h2_play, a cut's turn ending as its cutter's: h2_end_turn).
 * Under these rules the reaction step follows the harness's order (_ccore.c, h5_react_step; a slap round open: every
 * seat). tests/fast/test_compiled_house5.py, test_compiled_slap.py. */

enum { Z_CHU = 1, Z_E = 2, Z_IE = 4, Z_S = 8, Z_ST = 16, Z_M = 32 };

static int take(Game *g, int seat, int k);
static void finish(Game *g, int w);

/* Game.penalize: the cards drawn */
static inline int h5_penalize(Game *g, int s, int k) {
    g->penalty_cards += (uint16_t)k;
    g->pens[s]++;
    return take(g, s, k);
}

/* Chukcki.play_problem, for the seat in turn: the obligation holds on this turn */
static inline int h5_chu_due(const Game *g) { return g->chu_at && g->chu_at == g->turns_done; }

/* the colour a play id of the core's numbering (k < K_DRAW) leaves in force */
static inline int h5_new_color(int k) { return k < 104 ? T_COLOR[k >> 1] : ((k - 104) % 8) >> 1; }

/* drop from the seat in turn's listing the plays that keep the colour (Chukcki.play_problem) */
static int h5_chu_filter(const Game *g, int16_t *out, int m) {
    int j = 0;
    for (int i = 0; i < m; i++) {
        int k = out[i] % XPS;
        if (k < K_DRAW && h5_new_color(k) == g->color) continue;
        out[j++] = out[i];
    }
    return j;
}

/* SlapPile._settle: the slap round after a going-out card is over: its player wins unless it made them draw */
static int h5_m_settle(Game *g) {
    int w = g->m_out - 1;
    g->m_out = 0;
    if (w >= 0 && !g->hand_len[w]) { finish(g, w); return 1; }
    return 0;
}

/* SlapPile.on_start: a seat starts while the round is open: it closes, every seat that did not slap draws 1 */
static void h5_m_close(Game *g) {
    g->m_open = 0;
    for (int q = 0; q < g->n; q++)     /* (each a draw of its own before the action's: the env's history, hist_debts) */
        if (!(g->m_slapped >> q & 1)) g->e_got[q] = (uint8_t)(g->e_got[q] + h5_penalize(g, q, 1));
}

/* SlapPile.apply_action: `p` slaps; when one seat (or none) is left, it draws 1 and the round closes */
static void h5_slap(Game *g, int p) {
    g->m_slapped |= (uint16_t)(1u << p);
    int left = 0;
    for (int q = 0; q < g->n; q++) left += !(g->m_slapped >> q & 1);
    if (left > 1) return;
    h5_m_close(g);
    h5_m_settle(g);
}

/* Game.apply's turn action: seat p in turn plays, draws, passes or names a colour (move number k) */
static inline int h5_turn_action(const Game *g, int p, int k) {
    return p == g->current && (k < K_DRAW || k == K_DRAW || k == K_PASS || (k >= K_COLOR && k < K_COLOR + 4));
}

/* SlapPile.on_turn_action (Game.apply): the seat to act takes a turn action (a play, draw, pass or colour) while
 * a winner's round is open: the round closes; 1 when the winner won there and the action is not taken */
static int h5_m_turn_action(Game *g, int p, int k) {
    if (!h5_turn_action(g, p, k)) return 0;
    if (g->m_open) h5_m_close(g);
    return h5_m_settle(g);
}

/* Game.seat_starts' hooks in the referee's order: SlapPile.on_start (any seat), then Compliments.on_start,
 * Critiques.on_start (the seat in turn: every seat owing draws, in seat order) */
static void h5_on_start(Game *g, int seat) {
    if (g->m_open) h5_m_close(g);
    if (seat != g->current) return;
    for (int i = 0; i < 2; i++) {
        int k = g->e_k[i];
        if (!k) continue;
        g->e_k[i] = 0;
        for (int q = 0; q < g->n; q++)     /* (the cards drawn kept for the env's history: hist_debts) */
            if (q != g->e_p[i]) g->e_got[q] = (uint8_t)(g->e_got[q] + h5_penalize(g, q, k));
    }
}

/* SlapPile.on_play, a play holding its card: a slap round opens; p going out on it waits for the round */
static void h5_m_open(Game *g, int p) {
    g->m_open = 1;
    g->m_slapped = 0;
    if (!g->hand_len[p]) g->m_out = (uint8_t)(p + 1);
}

/* Silence.on_play for a play holding an odd count of its card */
static void h5_on_play_s(Game *g, int p) {
    if (g->h5 & Z_ST) { g->s_on = 1; g->s_owner = (int8_t)p; g->s_left = g->s_rounds; g->s_fresh = 1; }
    else if (!g->s_on) { g->s_on = 1; g->s_owner = (int8_t)p; }
    else g->s_on = 0;
}

/* Game.last_plays takes the play (after its cards are down, before end_turn), then the on_play hooks; `sevens`: the
 * count of S's card in the play (its last card `card` alone on the official listing) */
static void h5_on_play_n(Game *g, int p, int card, int sevens) {
    g->lp_seat[0] = g->lp_seat[1];
    g->lp_num[0] = g->lp_num[1];
    g->lp_seat[1] = (int8_t)p;
    g->lp_num[1] = T_NUMV[card];
    if (g->h5 & Z_CHU) {   /* _twin_numbers: two plays by different seats whose last cards are one number */
        int twin = g->lp_seat[0] >= 0 && g->lp_seat[0] != p && g->lp_num[0] >= 0 && g->lp_num[0] == g->lp_num[1];
        g->chu_at = twin ? (uint16_t)(g->turns_done + 1) : 0;
    }
    if ((g->h5 & Z_S) && (sevens & 1)) h5_on_play_s(g, p);   /* Silence.on_play: an odd count */
    if ((g->h5 & Z_M) && T_NUMV[card] == g->m_card) h5_m_open(g, p);
    for (int i = 0; i < 2; i++)   /* Compliments.on_play, Critiques.on_play */
        if ((g->h5 & (Z_E << i)) && T_NUMV[card] == g->e_card[i] && T_COLOR[card] == g->e_color[i]) {
            g->e_p[i] = (int8_t)p;
            g->e_k[i] = 1;
        }
}

static inline void h5_on_play(Game *g, int p, int card) { h5_on_play_n(g, p, card, T_NUMV[card] == g->s_card); }

/* Silence.on_turn_end: a temporary silence counts its owner's turns */
static void h5_turn_end(Game *g, int seat) {
    if (!g->s_on || !(g->h5 & Z_ST) || g->s_owner != seat) return;
    if (g->s_fresh) { g->s_fresh = 0; return; }
    if (--g->s_left <= 0) g->s_on = 0;
}

/* Game.speak(p, "UNO"): the silence's judge (Compliments' and Critiques' find no compliment in it) */
static inline void h5_spoke_uno(Game *g, int p) {
    if (g->s_on && g->s_cost && g->hand_len[p]) h5_penalize(g, p, g->s_cost);
}

/* play_logged (the lockstep tests; _house2.h's h2_play_logged too): the harness's generator of a hand, seeded as
 * compiled.play seeds it (derive_seed(seed, salt, the harness purpose of the bots' purpose: compiled._harness_purpose)) */
static void seed_harness(int fast, uint64_t seed, const char *purpose, long long salt, Rng *hr) {
    char hp[64];
    if (!strcmp(purpose, "bot")) snprintf(hp, sizeof hp, "harness");
    else if (!strcmp(purpose, "lab-bot")) snprintf(hp, sizeof hp, "lab-harness");
    else snprintf(hp, sizeof hp, "%s-harness", purpose);
    if (fast) {
        uint64_t x = seed ^ (0x9fb21c651e98df25ULL * (uint64_t)(salt + 1));
        rng_seed(hr, splitmix(&x), 1);
    } else {
        rng_seed(hr, derive(hp, seed, salt), 0);
    }
}

/* h5_on_play for a play of k cards on _house2.h's lists: Game.last_plays and CHU read its last card, Silence the
 * count of its card in the play (an odd count toggles, as one card does), SlapPile any of its cards (E and IE are
 * played with the official listing only: compiled.problem) */
static void h5_on_group(Game *g, int p, const uint8_t *cs, int k) {
    if (k <= 0) return;
    int last = cs[k - 1];
    int sevens = 0;
    if (g->h5 & Z_S) for (int i = 0; i < k; i++) sevens += T_NUMV[cs[i]] == g->s_card;
    h5_on_play_n(g, p, last, sevens);
    if (!(g->h5 & Z_M) || T_NUMV[last] == g->m_card) return;
    for (int i = 0; i < k - 1; i++)
        if (T_NUMV[cs[i]] == g->m_card) { h5_m_open(g, p); return; }
}

