/* UNO Flex in the compiled core (included by _editions.h; unokit/rules/editions/flex.py, Flex): the flex sides and
 * the power cards. From Python (ccore.edition_facts, ccore._flex):
 * - a card's flexed face is a face of its own (after the deck's faces, below 128 so a move names it): "flexed face"
 *   of the card, "played from" of the flexed face. A move names the flexed face; the physical card leaves the hand and
 *   lands on the pile as itself (Game.take_cards with the edition's `uses`), and the play is the flexed face's (its
 *   Effect, its colour for the match and the colour in play, the history's colour), then its "colour after" (a
 *   flexed number: its own colour in play);
 * - the plays of a flexed face are listed after those of every distinct card held, in the hand's order (Composer's
 *   counts), and only while its player's power card is green (Flex.play_problem); after drawing, only the drawn
 *   card itself (the referee lists the drawn card alone: Game._single);
 * - each face's "power cards" byte (Flex.on_play): bits 0-1 what the player's own card does (kept, turned red,
 *   turned over, turned green), bit 2 every other card turned over, bit 3 the face refused while the player's card
 *   is red; then, when every power card of a seat still in is red, all turn green (the tail's byte);
 * - the draws of the flexed faces (EDK_AIM_DRAW: the seat named, EDK_ALL_DRAW: every other seat; Game.draw_cards,
 *   not a penalty) are in ed_on_play.
 * EdGame.red: bit q, seat q's power card is red. tests/fast/test_compiled_editions_flex.py. */

#define EDK_AIM_DRAW 10                /* ccore.EDITION_KINDS: the seat named draws (no penalty) */
#define EDK_ALL_DRAW 11                /* every other seat draws */

static int ed_flex_parse(const uint8_t *b, EdRules *R) {
    R->power_reset = b[0];
    R->flex = 0;
    for (int i = 0; i < R->nf; i++) {
        const EdFace *e = &R->f[i];
        if (e->flexed != 255) {
            if (e->flexed >= R->nf || e->flexed > 127 || R->f[e->flexed].from != i) return -1;
            R->flex = 1;
        }
        if (e->from != 255 && (e->from >= R->nf || R->f[e->from].flexed != i)) return -1;
        if (e->power > 15 || (e->color_after != 255 && e->color_after >= ED_NCOLORS)) return -1;
    }
    return R->power_reset > 1 ? -1 : 0;
}

/* may p play face c now, as far as its power card goes (Flex.play_problem) */
static inline int ed_flex_ok(const EdGame *g, int p, int c) {
    return !(g->R->f[c].power & 8) || !(g->red >> p & 1);
}

static int ed_plays_of(const EdGame *g, int p, int c, EdMove *out, int m);

/* the plays of the flexed faces of p's distinct cards (after every card's own: Composer.roots over its counts) */
static int ed_flex_roots(const EdGame *g, int p, int pending, EdMove *out, int m) {
    uint8_t seen[ED_NF] = {0};
    if (pending) return m;                                   /* (no flexed face answers a draw: stack_to 0) */
    for (int i = 0; i < g->hand_len[p]; i++) {
        int c = g->R->f[g->hands[p][i]].same, u = g->R->f[c].flexed;
        if (seen[c] || u == 255) continue;
        seen[c] = 1;
        if (g->R->f[u].stack_to || !ed_flex_ok(g, p, u) || !ed_matches(g, u)) continue;
        m = ed_plays_of(g, p, u, out, m);
    }
    return m;
}

/* Flex.on_play's power cards and colour: p played face c */
static void ed_flex_on_play(EdGame *g, int p, int c) {
    const EdFace *f = &g->R->f[c];
    uint16_t red = g->red, bit = (uint16_t)(1u << p), all = (uint16_t)((1u << g->n) - 1);
    if (f->color_after != 255) g->color = (int8_t)f->color_after;
    if (f->power & 4) red = (uint16_t)((red ^ all) & all & ~bit) | (red & bit);
    switch (f->power & 3) {
    case 1: red |= bit; break;
    case 2: red ^= bit; break;
    case 3: red &= (uint16_t)~bit; break;
    default: break;
    }
    uint16_t live = (uint16_t)(all & ~g->out);
    if (g->R->power_reset && (red & live) == live) red = 0;
    g->red = red;
}
