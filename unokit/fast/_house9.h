/* DED (Duplo Descarte, rules/double_discard.py DoubleDiscard) in the compiled core, played on _house2.h's Move lists
 * and harness (included by _house2.h after its rules' checks; the face-down pile and the claim live in Game, so that
 * take() reshuffles the pile).
 *
 *   DED  the seat to act may put one card of its hand face down (hidden_plays: in PLAY, DRAWN and, with a stacking
 *        rule, PENDING claiming a +2 or +4 the rule allows), claimed legal: honest when the card matches the pile
 *        (PLAY), is the drawn card (DRAWN), or is the draw card claimed and may be stacked (PENDING). The card has no
 *        effect; the claim (rule_state["DED"]) stays open until another seat starts (on_start) and anyone but its
 *        player may accuse it (Accuse): a liar draws `penalty` and the accuser owes a free face-down discard; an
 *        honest player's accuser draws `penalty` and the honest player owes it (Game.owe_discards: phase
 *        FREE_DISCARD, then back). A hand emptied face down waits in HIDDEN_FINISH: the next seat passes to accept
 *        (finish_hidden: the next seat draws what is pending) or anyone accuses (a liar takes the card back, an
 *        honest winner's accuser draws). When the stock runs out the face-down pile goes into the new stock after
 *        the face-up pile (reshuffled_hidden), but for an open claim's card.
 *
 * Moves: MV_HID (cards[0] face down, `claim`), MV_ACCUSE, MV_DISCARD (cards[0]); their ids are unokit.core.codec's
 * (a face-down play: EXT2_BASE's numbering with no face-up digit; ACCUSE_BASE + seat; DISCARD_BASE + seat * NC +
 * card). The face-down cards are never shown: a greedy seat reads the seat and the hand size of the open claim's
 * player (PlayerView.open_claim), as GreedyBot does. compiled.problem accepts DED with compiled._DED_WITH, for
 * random-play, greedy and the human-error bots (none ever plays face down: their hands are those without DED).
 * tests/fast/test_compiled_ded.py. */

enum { PH_FREE = 4, PH_HFIN = 5 };                /* Phase.FREE_DISCARD, Phase.HIDDEN_FINISH */
enum { MV_HID = 2, MV_ACCUSE = 3, MV_DISCARD = 4 };
#define ACCUSE_BASE (DOUBTDRAW_BASE + MAXP)      /* codec.ACCUSE_BASE (unokit/fast/ccore.py checks it) */
#define DISCARD_BASE EXT2_BASE                   /* codec.DISCARD_BASE */
static void h2_end_turn(Game *g, int seat, int nxt);
#define HID(g, i) ((g)->discard[NDECK - 1 - (i)])   /* the i-th card of the face-down pile, the oldest first */
static int h2_targets(const G2 *G, int p, const uint8_t *cs, int k, int8_t *tg);
/* the rules that make Game.custom_play (their play_problem or allow_play hooks; ADDUP: F_ADDUP) */
#define H_CUSTOM (H_SEVENO | H_ZEROLEFT | H_AA | H_AB | H_T | H_CAR | H_TRI | H_CLA | H_DOA)

/* Game.to_act: the seat owing a free discard, else the seat in turn */
static inline int h9_to_act(const Game *g) { return g->phase == PH_FREE ? g->ded_owed - 1 : g->current; }

static inline void lst_ded(Lst *L, int kind, int seat, int card, int uno, int claim) {
    Move *a = lst_add(L);
    a->kind = (int8_t)kind; a->id = -1; a->seat = (int8_t)seat; a->n = 1; a->cards[0] = (uint8_t)card;
    a->color = a->target = -1; a->uno = (int8_t)uno; a->more = MORE_NONE; a->ng = 0; a->claim = (int8_t)claim;
}

/* _claim_ok: a stacking rule lets a +amount go on the total's kind (or the top card's draw) */
static inline int h9_claim_ok(const Game *g, int amount) {
    if (!g->stack) return 0;
    int under = g->pending_kind;
    if (!under) { int f = T_FX[h2_top(g)]; under = f > 0 ? f : 0; }
    return g->stack >> (5 * under + amount) & 1;
}

/* hidden_plays of the seat to act (Game.legal_actions' turn_plays, after the phase's own moves) */
static void h9_hidden_plays(const G2 *G, const Comp *C, int p, Lst *L) {
    const Game *g = &G->g;
    int ph = g->phase, unos = g->hand_len[p] == 2 ? 2 : 1;
    if (ph > PH_PENDING || g->going_out >= 0) return;
    for (int i = 0; i < C->nd; i++)
        if (ph == PH_PENDING) {
            for (int amount = 2; amount <= 4; amount += 2)
                if (h9_claim_ok(g, amount))
                    for (int u = 0; u < unos; u++) lst_ded(L, MV_HID, p, C->dc[i], u, amount);
        } else {
            for (int u = 0; u < unos; u++) lst_ded(L, MV_HID, p, C->dc[i], u, 0);
        }
}

/* the turn moves of FREE_DISCARD (a Discard of each distinct card) and HIDDEN_FINISH (Pass) */
static void h9_turn_moves(const Comp *C, int p, int ph, Lst *L) {
    if (ph == PH_HFIN) { lst_id(L, p, K_PASS); return; }
    for (int i = 0; i < C->nd; i++) lst_ded(L, MV_DISCARD, p, C->dc[i], 0, 0);
}

/* DoubleDiscard.action_options: an open claim may be accused by anyone but its player */
static inline void h9_accuse(const Game *g, int seat, Lst *L) {
    if (g->ded_open && g->ded_seat != seat) lst_ded(L, MV_ACCUSE, seat, 0, 0, 0);
}

/* out_of_turn_seats: does some seat other than `me` have an accusation? */
static inline int h9_everyone(const Game *g, int me) { return g->ded_open && (g->ded_seat == me || g->n > 2); }

/* reshuffled_hidden (take(), the stock empty): the face-down pile after the face-up cards in `pool[0..m)`, but for
 * an open claim's card (the newest face-down card), which stays; the pool's new size */
static int h9_reshuffled(Game *g, uint8_t *pool, int m) {
    int keep = g->ded_open, out = g->hid_len - keep;
    for (int i = 0; i < out; i++) pool[m + i] = HID(g, i);
    if (keep) HID(g, 0) = HID(g, g->hid_len - 1);
    g->hid_len = (uint8_t)keep;
    return m + out;
}

/* _truthful for one card face down (no face-up cards) */
static int h9_truthful(const G2 *G, int card, int claim) {
    const Game *g = &G->g;
    if (g->phase == PH_PENDING) {
        uint8_t c = (uint8_t)card;
        return claim && T_FX[card] == claim && h2_stack_ok(g, &c, 1);
    }
    if (g->phase == PH_DRAWN && !(g->opts ? g->opts >> card & 1 : card == g->drawn)) return 0;
    if (H3_NOPLAY(g, card, g->hand_len[g->current])) return 0;   /* FL's last card, PAA's and PAB's peace */
    if (!((G->h2 & H_CUSTOM) || (g->flags & F_ADDUP))) return g->ok[card];
    /* Game.custom_play: the play of the card alone, no seat named, nothing given, judged by every rule in force */
    uint8_t c = (uint8_t)card;
    int8_t tg[MAXP];
    int p = g->current, nt = h2_targets(G, p, &c, 1, tg);
    if ((nt && tg[0] >= 0) || h7_owed(G, p, &c, 1)) return 0;
    return !h2_play_problem(G, p, &c, 1, 0, -1);
}

/* do_hidden_play */
static void h9_hide(G2 *G, const Move *a) {
    Game *g = &G->g;
    int p = a->seat, c = a->cards[0], truthful = h9_truthful(G, c, a->claim);
    seat_starts(g, p);                               /* (DED's on_start first: the claim before closes) */
    remove_card(g, p, c);
    HID(g, g->hid_len) = (uint8_t)c;
    g->hid_len++;
    int left = g->hand_len[p];
    g->ded_open = 1;
    g->ded_seat = (uint8_t)p;
    g->ded_card = (uint8_t)c;
    g->ded_true = (uint8_t)truthful;
    g->ded_draw = (uint8_t)a->claim;
    g->ded_out = (uint8_t)!left;
    g->wd4_bluffer = -1;
    g->drawn = -1;
    if (!left) g->catchable &= (uint16_t)~(1u << p);
    else if (left == 1) {
        g->uno_said[p] = (uint8_t)a->uno;
        if (!a->uno) open_window(g, p);
    }
    if (a->claim) {
        g->pending = (uint16_t)(g->pending + a->claim);
        g->pending_kind = (uint8_t)a->claim;
    }
    int nxt = next_seat(g, p);
    if (!left) {
        g->ded_hout = (uint8_t)(p + 1);
        g->current = (uint8_t)nxt;
        g->phase = PH_HFIN;
        return;
    }
    if ((G->h2 & H_TRI) && G->h4.tri_q == p) G->h4.tri_q = -1;   /* Trinity.on_turn_end: its turn is over */
    h2_end_turn(g, p, nxt);
}

/* Game.finish_hidden: the face-down finish stands (the next seat draws what is pending) */
static void h9_finish_hidden(Game *g) {
    int p = g->ded_hout - 1;
    g->ded_open = 0;                                 /* (on_finish) */
    if (g->pending) take(g, next_seat(g, p), g->pending);
    finish(g, p);
}

/* do_accuse */
static void h9_accused(G2 *G, int accuser) {
    Game *g = &G->g;
    int liar = g->ded_seat, owed;
    if (g->ded_true) {
        h5_penalize(g, accuser, G->ded_pen);
        g->ded_open = 0;
        if (g->ded_out) { h9_finish_hidden(g); return; }
        owed = g->hand_len[liar] ? liar : -1;
    } else {
        h5_penalize(g, liar, G->ded_pen);
        g->ded_open = 0;
        if (g->ded_out) {                             /* the card goes back to the liar's hand (list.remove: its first) */
            int i = 0;
            while (i < g->hid_len - 1 && HID(g, i) != g->ded_card) i++;
            for (; i < g->hid_len - 1; i++) HID(g, i) = HID(g, i + 1);
            g->hid_len--;
            g->hands[liar][g->hand_len[liar]++] = g->ded_card;
            hands_changed(g, liar);
            g->phase = g->pending ? PH_PENDING : PH_PLAY;
        }
        if (g->ded_draw) {                            /* an exposed false claim is struck from the total */
            g->pending = (uint16_t)(g->pending - g->ded_draw);
            if (!g->pending && g->phase == PH_PENDING) g->phase = PH_PLAY;
        }
        owed = g->hand_len[accuser] ? accuser : -1;
    }
    if (owed >= 0) {                                  /* Game.owe_discards */
        g->ded_owed = (uint8_t)(owed + 1);
        g->ded_resume = g->phase;
        g->phase = PH_FREE;
    }
}

/* Game._do_discard: the free discard, face down */
static void h9_discard(Game *g, int p, int card) {
    remove_card(g, p, card);
    HID(g, g->hid_len) = (uint8_t)card;
    g->hid_len++;
    g->ded_owed = 0;
    if (!g->hand_len[p]) { finish(g, p); return; }
    hands_changed(g, p);
    g->phase = g->ded_resume;
}

/* h2_apply's DED moves (and HIDDEN_FINISH's Pass); 0: not one of them */
static int h9_apply(G2 *G, const Move *a) {
    Game *g = &G->g;
    switch (a->kind) {
    case MV_HID: h9_hide(G, a); return 1;
    case MV_ACCUSE: h9_accused(G, a->seat); return 1;
    case MV_DISCARD: h9_discard(g, a->seat, a->cards[0]); return 1;
    default:
        if (a->kind == MV_ID && g->phase == PH_HFIN && a->id % XPS == K_PASS) { h9_finish_hidden(g); return 1; }
        return 0;
    }
}

/* the id of a DED move (unokit.core.codec) */
static long long h9_move_id(const Move *a) {
    if (a->kind == MV_ACCUSE) return ACCUSE_BASE + a->seat;
    if (a->kind == MV_DISCARD) return DISCARD_BASE + (long long)a->seat * NC + a->cards[0];
    long long packed = (long long)(a->cards[0] + 1) * 55;   /* no face-up digit: a 0, then the card face down */
    return EXT2_BASE + a->seat + (long long)MAXP * (((packed * 5 + a->claim / 2) * 2 + a->uno) * 11);
}

/* ------------------------------------------------------------------ the bots' DED choices */
/* random-play's act in FREE_DISCARD: a uniform discard (-1: not that phase) */
static int h9_random_act(const Game *g, Rng *r, const Lst *L) {
    if (g->phase != PH_FREE) return -1;
    int16_t pick[H2_CAP];
    int np = 0;
    for (int i = 0; i < L->m; i++) if (L->v[i].kind == MV_DISCARD) pick[np++] = (int16_t)i;
    return np ? pick[rng_below(r, (uint32_t)np)] : -1;
}

/* GreedyBot._free_gain's sound accusation: the claimer holds at most one card (-1: none) */
static int h9_greedy_gain(const Game *g, const Lst *L) {
    if (!g->ded_open || g->hand_len[g->ded_seat] > 1) return -1;
    for (int i = 0; i < L->m; i++) if (L->v[i].kind == MV_ACCUSE) return i;
    return -1;
}

/* GreedyBot.act in FREE_DISCARD (the largest (not wild, points, -index)) and HIDDEN_FINISH (accuse); -1: neither */
static int h9_greedy_act(const Game *g, int phase, const Lst *L) {
    int best = -1;
    for (int i = 0; i < L->m; i++) {
        const Move *a = &L->v[i];
        if (phase == PH_HFIN && a->kind == MV_ACCUSE) return i;
        if (phase != PH_FREE || a->kind != MV_DISCARD) continue;
        int c = a->cards[0], b = best < 0 ? -1 : L->v[best].cards[0];
        if (best < 0 || (c < WILD) > (b < WILD)
            || ((c < WILD) == (b < WILD) && (T_POINTS[c] > T_POINTS[b] || (T_POINTS[c] == T_POINTS[b] && c < b))))
            best = i;
    }
    return best;
}
