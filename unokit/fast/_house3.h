/* _house3.h (included by _ccore.c): NOCHALLENGE, WILDSTART, LIMIT, OPEN, REV, PAA, PAB, FL, GT, I, DEFLECT and
 * REVENGE, random-play bots only. Their hooks sit in _ccore.c (X_ flags, H3_ macros): the listing (NOCHALLENGE's
 * challenge, the peace of PAA/PAB, FL's last card, I's and DEFLECT's Skips and Reverses on a draw total), the deal
 * (WILDSTART), take (LIMIT), Game.turns_done (PAA's rounds), the play (h3_on_play below; DEFLECT's next seat,
 * REVENGE's doubling). OPEN and REV change only what the views show, so they need nothing (the compiled bots do
 * not read views). compiled.problem refuses them with rules they were not proven with;
 * tests/test_compiled_house3.py proves them. */

/* WILDSTART (unokit/engine/referee/dealing.py, Game._turn_first): a Wild Draw Four turned first stays: the first
 * player (after the dealer) draws 4 (a penalty before the hand's events: not counted as drawn), is skipped,
 * and the next player names the colour. */
static void h3_wildstart(Game *g) {
    int starter = (g->dealer + 1) % g->n;
    g->direction = 1;
    take(g, starter, DRAW_WD4);
    g->pens[starter]++;
    g->drawn_by[starter] = 0;
    g->current = (uint8_t)((starter + 1) % g->n);
    g->phase = PH_COLOR;
    set_ok(g);
}

/* GT (unokit/rules/cardfx.py, TraitorTwin.on_play): a single number card (not 0) identical to the previous
 * play's single card, by another player, makes that player draw its number (a penalty); then it is the last
 * play. Called after the card is down and the UNO call recorded, before the play's effect. */
static void h3_twin(Game *g, int p, int card) {
    if (H3_TWIN(g, p, card)) {
        int q = g->gt_player, k = T_NUMV[card];
        g->penalty_cards += (uint16_t)k;
        g->pens[q]++;
        g->gt_got = (uint8_t)take(g, q, k);
    }
    g->gt_card = (uint8_t)(card + 1);
    g->gt_player = (uint8_t)p;
}

/* a draw card played by p, `left` cards left, before its draw is added (its rules' on_play, in the official core and
 * on _house2.h's lists alike): NOENDDRAW ends the hand it emptied, nobody draws (1: the hand is over); REVENGE
 * doubles a pending draw it answers */
static int h3_draw_card(Game *g, int p, int left) {
    if (!left && (g->h3 & X_NOENDDRAW)) { finish(g, p); return 1; }
    if ((g->h3 & X_REVENGE) && g->phase == PH_PENDING) g->pending = (uint16_t)(g->pending * 2);
    return 0;
}

/* the on_play hooks of _house3.h's rules for a play of k cards (after the cards are down and the UNO call recorded,
 * before the play's effect; on _house2.h's lists a group): an odd count of PAB's card toggles the peace
 * (SecondPeace.on_play), GT judges a single card and a group is no single card for its next twin
 * (TraitorTwin.on_play), I's Skip or Reverse on top cancels a draw total (Inferno.on_play: the play's last card) */
static void h3_on_group(Game *g, int p, const uint8_t *cs, int k) {
    if (k <= 0) return;
    if (g->h3 & X_PAB) {
        int ones = 0;
        for (int i = 0; i < k; i++) ones += T_NUMV[cs[i]] == g->pab_card;
        g->pab_on ^= (uint8_t)(ones & 1);
    }
    if (k > 1) g->gt_card = 0;
    else if (g->h3 & X_GT) h3_twin(g, p, cs[0]);
    int last = cs[k - 1];
    if ((g->h3 & X_INFERNO) && g->pending && (T_FACE[last] == 10 || T_FACE[last] == 11)) {
        g->pending = 0;
        g->pending_kind = 0;
        g->phase = PH_PLAY;
    }
}

/* h3_on_group for one card (the official listing) */
static void h3_on_play(Game *g, int p, int card) {
    uint8_t c = (uint8_t)card;
    h3_on_group(g, p, &c, 1);
}
