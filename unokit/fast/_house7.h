/* DOA (Doações, rules/cardfx.py Donation) in the compiled core, played on _house2.h's Move lists and harness
 * (included by _house2.h after its rules' checks, before the Composer).
 *
 *   DOA  the player of a 2 (DOA(card=N)) gives two cards of their hand per 2 played to a chosen seat
 *        (Donation: owed = min(2 * count, cards left after the play); play_targets: every other seat;
 *        gifts_owed; play_problem: exactly that many, and a seat named; on_play, first of the hooks
 *        (play_order = -1): the cards leave the hand in the order given and join the seat's, then
 *        Game.hands_changed((player, seat)); its card is among Game._hand_change_numbers, so UNO may be
 *        said with it, and a UNO said that the gifts make true holds)
 *
 * A play that gives is composed as the Composer composes it (unokit.engine.compose): finals lists a `target`
 * stem (a `give` stem with its seat when only one seat may be named), a `target` stem's options are `give`
 * stems, and a `give` stem's options add one card each, in card order (each set once: no card below the last
 * given, and enough cards left at or above it for the rest), the last one completing the play. What is given
 * never changes whether the play is legal (Donation.play_problem only counts the cards), so one check of the
 * play stands for every completion. Move.give holds the cards given (Move.ng of them); h2_move_id continues the
 * play's base-55 digits with a 0 and the gifts (unokit.core.codec). The Config carries DOA's card in bits 24-27
 * of h4 (compiled._h4). Beside DR and AA a group of k 2s gives 2k cards (MAXGIVE: eight 2s), and past three 2s the
 * play's id passes an int64 (unokit.core.codec.INT64_DIGITS): h2_move_pyid builds it as a Python int for the traces
 * and logs (H2Log.big). Beside T, SEVENO and CLA a play's seats are the hooks' lists joined (h2_targets), DOA refuses
 * None (h4_objection) and the gifts go first.
 * The strategist values and reads the gifts in _h2strategist.h (st_value_raw's, Move.give), the human-error bots'
 * forgotten UNO call keeps them (_human.h's hu_h2_forgot). tests/fast/test_compiled_doa.py,
 * test_compiled_strategist_doa.py, test_compiled_human_doa.py. */

#define MAXGIVE (2 * MAXG)            /* the most cards one play gives (two per 2 of a group: DR's eight 2s) */
enum { MORE_GIVE = 3 };
static int h2_play_problem(const G2 *G, int p, const uint8_t *cs, int k, int uno, int target);

/* Donation.owed: the cards a play of cs by p gives (0: none, or DOA not in force) */
static int h7_owed(const G2 *G, int p, const uint8_t *cs, int k) {
    if (!(G->h2 & H_DOA)) return 0;
    int owed = 2 * h2_count_number(cs, k, G->doa_card), left = G->g.hand_len[p] - k;
    return owed < left ? owed : left;
}

/* Composer.expand of a `give` stem: the next card given (card order), the last one completing the play */
static void h7_expand_give(const G2 *G, const Comp *C, const Move *s, Lst *L) {
    int p = s->seat, k = s->n, need = h7_owed(G, p, s->cards, k) - s->ng;
    if (need <= 0 || s->ng + need > MAXGIVE) return;
    int rest[NC];
    for (int c = 0; c < NC; c++) rest[c] = C->cnt[c];
    for (int i = 0; i < k; i++) if (--rest[s->cards[i]] < 0) return;
    for (int i = 0; i < s->ng; i++) if (--rest[s->give[i]] < 0) return;
    if (h2_play_problem(G, p, s->cards, k, s->uno, s->target)) return;   /* (the gifts change no check) */
    int last = s->ng ? s->give[s->ng - 1] : 0, after = 0;
    for (int d = last; d < NC; d++) after += rest[d];
    for (int d = last; d < NC; d++) {
        if (!rest[d]) continue;
        if (after < need) break;
        after -= rest[d];
        Move *a = lst_add(L);
        *a = *s;
        a->give[a->ng++] = (uint8_t)d;
        a->more = need == 1 ? MORE_NONE : MORE_GIVE;
    }
}

/* Donation.on_play (first of the hooks): the gifts go to the seat named, in the order given */
static void h7_donate(Game *g, int p, const Move *a) {
    int t = a->target;
    for (int i = 0; i < a->ng; i++) {
        remove_card(g, p, a->give[i]);
        g->hands[t][g->hand_len[t]++] = a->give[i];
    }
    hands_changed(g, p);
    hands_changed(g, t);
}

/* GreedyBot._play_key reads the rest of the hand without the gifts too: `not rest`, `options`, `held` */
static void h7_key_gifts(const Game *g, int me, const Move *a, int *key) {
    if (!a->ng) return;
    int last = a->cards[a->n - 1], new_color = a->color >= 0 ? a->color : T_COLOR[last], face = T_FACE[last];
    for (int i = 0; i < a->ng; i++) {
        int c = a->give[i];
        key[5] -= gr_fits(c, new_color, face);
        key[6] -= T_COLOR[c] >= 0 && T_COLOR[c] == new_color;
    }
    key[0] = g->hand_len[me] - a->n - a->ng == 0;
}

/* the gifts' digits of the play's id: a 0, then the cards given (unokit.core.codec), on top of `packed` */
static long long h7_pack_gifts(const Move *a, long long packed) {
    for (int i = a->ng - 1; i >= 0; i--) packed = packed * 55 + a->give[i] + 1;
    return a->ng ? packed * 55 : packed;
}
