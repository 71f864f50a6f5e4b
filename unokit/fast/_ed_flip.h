/* UNO Flip in the compiled core (included by _editions.h; unokit/rules/editions/flip.py, docs/rules/FLIP.md).
 *
 * A card of the state is one physical double-sided card with one side up: the faces of the facts
 * (ccore.edition_facts) are the physical cards with either side up, so every byte read of a card is its side in
 * play's; the face's "turned over" byte is the same physical card with its other side up, and its "same face as"
 * byte the first card showing the same side (what a move, the card drawn and GreedyBot name: a player names the
 * side it sees, and the referee takes the first card of that face held, Game.take_cards). Only the referee's
 * mechanisms are here: the table turned over (flip_table), the colour then named by the next seat
 * (Flip.on_turn_start), the draw until the colour named (Flip.after_penalty, after_challenge), and what GreedyBot
 * reads of the history and the discard pile a flip leaves unseen (Game.discard_unseen). */

/* the colour the history holds (GreedyBot's reading: unokit.bots.greedy.color_before_top): a dark colour is
 * another colour than the light one of the same index */
#define ED_SIDE_COLOR(g, c) ((c) >= 0 && (g)->dark ? (c) + ED_NCOLORS : (c))

/* flip_table: each hand turned in place, the stock and the discard pile turned over as wholes; the new top card
 * in play for matching only (its colour, or the next seat names one: FLIP-ask) */
static void ed_flip_table(EdGame *g) {
    const EdRules *R = g->R;
    uint8_t tmp[ED_NDECK];
    for (int s = 0; s < g->n; s++)
        for (int i = 0; i < g->hand_len[s]; i++) g->hands[s][i] = R->f[g->hands[s][i]].turned;
    for (int i = 0; i < g->stock_len; i++) tmp[i] = R->f[g->stock[g->stock_len - 1 - i]].turned;
    memcpy(g->stock, tmp, g->stock_len);
    for (int i = 0; i < g->discard_len; i++) tmp[i] = R->f[g->discard[g->discard_len - 1 - i]].turned;
    memcpy(g->discard, tmp, g->discard_len);
    g->discard_unseen = (uint8_t)(g->discard_len - 1);
    g->dark ^= 1;
    const EdFace *top = &R->f[g->discard[g->discard_len - 1]];
    if (top->color != ED_NOCOLOR) g->color = (int8_t)top->color;
    else { g->color = 0; g->flip_ask = 1; }
}

/* Flip.after_challenge's and after_penalty's drawing: `p` draws until a card of the colour named (g->until - 1)
 * comes and then `extra` more; the last 1 + extra cards of its hand count towards it (the ones the penalty drew) */
static void ed_flip_until(EdGame *g, int p, int extra) {
    int until = g->until - 1, len = g->hand_len[p], start = len - 1 - extra, first = -1, got;
    g->until = 0;
    if (start < 0) start = len + start > 0 ? len + start : 0;   /* (Python's slice: a start below 0 counts back) */
    got = len - start;
    for (int i = start; i < len && first < 0; i++) if (g->R->f[g->hands[p][i]].color == until) first = i - start;
    while (first < 0 || got < first + 1 + extra) {
        if (!ed_take(g, p, 1)) break;
        got++;
        if (first < 0 && g->R->f[g->hands[p][g->hand_len[p] - 1]].color == until) first = got - 1;
    }
}

/* Flip.after_penalty: a penalty draw (`before`: the hand's size before it) after a Wild Draw Colour goes on until the
 * colour named, unless its last card is of it */
static void ed_flip_after_penalty(EdGame *g, int p, int before) {
    int until = g->until - 1;
    if (g->hand_len[p] > before && g->R->f[g->hands[p][g->hand_len[p] - 1]].color == until) { g->until = 0; return; }
    g->until = 0;
    while (ed_take(g, p, 1) && g->R->f[g->hands[p][g->hand_len[p] - 1]].color != until) {}
}
