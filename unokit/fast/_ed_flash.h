/* UNO Flash's unit in the compiled core (included by _editions.h; unokit/rules/editions/flash.py, Flash), as the lab
 * plays it: its timer reads the game's clock, which does not move in a simulation (ManualClock), so it never fires
 * and is not played here. From Python (ccore.EDITION_UNIT, after the wheel: ccore._unit):
 * - the random order (Flash.turn_order): at every end of a turn the next seat is one outcome of the game's chance,
 *   uniform over the seats still in but one going out (the victim of a draw card is that pick);
 * - the SLAP round: a face of kind EDK_SLAP played with cards left opens it, its player pressed; every other seat
 *   still in may press (EM_SLAP, listed after the catches: Flash.action_options); when one seat at most is left
 *   unpressed the round closes and it draws the penalty (Flash.apply_action); a round still open when the seat in
 *   turn starts (Game.seat_starts: a play, a draw, a challenge) makes every seat that has not pressed draw it
 *   (Flash.on_start). tests/fast/test_compiled_editions_flash.py. */

/* the unit's bytes after the wheel */
static int ed_flash_parse(const uint8_t *b, EdRules *R) {
    R->random_order = b[0];
    R->slap_penalty = b[1];
    for (int i = 0; i < R->nf; i++) if (R->f[i].kind == EDK_SLAP && !R->slap_penalty) return -1;
    return R->random_order > 1 || R->slap_penalty > 50 ? -1 : 0;
}

/* Flash.turn_order: the next seat picked by chance among the seats still in, but one going out */
static int ed_flash_pick(EdGame *g) {
    int seats[MAXP], k = 0;
    for (int q = 0; q < g->n; q++) if (ed_in(g, q) && q != g->going_out) seats[k++] = q;
    return seats[rng_below(&g->rng, (uint32_t)k)];
}

/* may a seat other than `me` press now (Game.out_of_turn_seats: then every seat may react)? */
static inline int ed_flash_others(const EdGame *g, int me) {
    if (!g->slap) return 0;
    for (int q = 0; q < g->n; q++) if (q != me && ed_in(g, q) && !(g->pressed >> q & 1)) return 1;
    return 0;
}

/* Flash.on_start: the round still open when the seat in turn starts: every seat that has not pressed draws */
static void ed_flash_start(EdGame *g) {
    if (!g->slap) return;
    g->slap = 0;
    for (int q = 0; q < g->n; q++) if (ed_in(g, q) && !(g->pressed >> q & 1)) ed_penalize(g, q, g->R->slap_penalty);
}

/* Flash.apply_action: seat p presses; one seat left at most: the round closes and it draws */
static void ed_flash_press(EdGame *g, int p) {
    int left[MAXP], k = 0;
    g->pressed |= (uint16_t)(1u << p);
    for (int q = 0; q < g->n; q++) if (ed_in(g, q) && !(g->pressed >> q & 1)) left[k++] = q;
    if (k > 1) return;
    g->slap = 0;
    for (int i = 0; i < k; i++) ed_penalize(g, left[i], g->R->slap_penalty);
}
