/* The greedy bot in C: unokit.bots.greedy.GreedyBot (default challenge_threshold 0.3).
 *
 * Included once by _ccore.c, after its policies. Under the rules the compiled core plays (the official
 * rules and its stacking / drawing house rules) it makes the Python bot's choices exactly:
 *
 *   - _free_gain: say UNO, else the first catch offered (in the listing's order), else slap (M);
 *   - COLOR: the colour it holds most cards of, then most points, then the lowest colour (_best_color);
 *   - PENDING: challenge a Wild Draw Four when bluff_probability() > 0.3, else its best play (stacking),
 *     else draw;
 *   - DRAWN: its best play unless that is a Wild Draw Four bluff that does not go out, else pass (or,
 *     with DRAWPLAY and no pass, the first action listed: fallback_action);
 *   - PLAY: its best play, else draw;
 *   - its best play is the first listed with the largest _play_key: (goes out, not a Wild Draw Four
 *     bluff, cards played, the next seat holds <= 2 and the card is an action card or a draw card,
 *     -wilds played, cards left that fit the new colour or face, cards left of the new colour, points
 *     played, the UNO call, 0);
 *   - out of turn: say UNO, else the first catch, else slap (react, the same as random-play's).
 *
 * It never draws its generator (GreedyBot owns one but does not use it).
 *
 * The Wild Draw Four estimate reads the public history (color_before_top, _last_player): the colour
 * in force as the events tell it ('first', 'play', 'color') can differ from the game's colour after a
 * bluff is taken back (D=2) or an ADDUP sum is taken back, so GrHist follows the events: gr_observe()
 * is fed every applied id just before it is applied, as the referee would emit its events.
 * Floating point: the same operations in the same order as bluff_probability(), so the same double.
 *
 * tests/test_compiled_greedy.py replays the hands in the referee and asks the Python GreedyBot at every
 * decision of a greedy seat.
 */

#include <math.h>

enum { POL_GREEDY = 3 };

#define GR_THRESHOLD 0.3            /* GreedyBot(challenge_threshold=0.3) */
#define GR_SKIP 10                  /* Face.SKIP, REVERSE, DRAW_TWO: Card.is_action */
#define GR_DRAW_TWO 12

/* what GreedyBot reads from view.history: one per hand (the history is public) */
typedef struct {
    int8_t color;                   /* the colour in force as the events tell it (-1: None) */
    int8_t before;                  /* the colour in force before the last play (-1: None) */
    int8_t last;                    /* who made the last play (-1: none) */
    uint8_t played;                 /* the cards of the last play */
} GrHist;

/* a new hand, after deal(): the 'first' event names the first card */
static void gr_begin(GrHist *h, const Game *g) {
    h->color = (int8_t)T_COLOR[g->discard[0]];
    h->before = -1;
    h->last = -1;
    h->played = 0;
}

/* the events of id, applied next to g: a play (or ADDUP pair) and a colour named for a first Wild */
static void gr_observe(GrHist *h, const Game *g, int id) {
    int p = id / XPS, k = id % XPS;
    if (k < K_DRAW) {
        h->before = h->color;
        h->played = 1;
        h->last = (int8_t)p;
        h->color = k < 104 ? T_COLOR[k >> 1] : (int8_t)(((k - 104) % 8) >> 1);
    } else if (k >= K_PAIR && k < K_DOUBTSUM) {
        h->before = h->color;
        h->played = 2;
        h->last = (int8_t)p;
        h->color = (int8_t)((k - K_PAIR) / 200);       /* the pair's colour */
    } else if (k >= K_COLOR && k < K_COLOR + 4) {
        h->color = (int8_t)(k - K_COLOR);
    }
    (void)g;
}

/* greedy.bluff_probability: the chance that the Wild Draw Four on top was a bluff, seen from `me` */
static double gr_bluff_probability(const GrHist *h, const Game *g, int me) {
    int prev = h->before;
    if (prev < 0 && h->played && g->discard_len > h->played)   /* a set position: the card under the play */
        prev = T_COLOR[g->discard[g->discard_len - h->played - 1]];
    int bluffer = h->last;
    if (prev < 0 || bluffer < 0 || bluffer == me) return 0.0;
    int k = g->hand_len[bluffer];
    if (k <= 0) return 0.0;
    int total = g->stock_len + g->discard_len;
    for (int s = 0; s < g->n; s++) total += g->hand_len[s];
    int in_color = (int)nearbyint((double)(total * 25) / 108.0);   /* round(): half to even */
    int seen = 0;
    for (int i = 0; i < g->hand_len[me]; i++) seen += T_COLOR[g->hands[me][i]] == prev;
    for (int i = 0; i < g->discard_len; i++) seen += T_COLOR[g->discard[i]] == prev;
    int unseen = total - g->hand_len[me] - g->discard_len;
    int unseen_c = in_color - seen > 0 ? in_color - seen : 0;
    if (unseen <= 0) return 0.0;
    double p_none = 1.0;
    int lim = k < unseen ? k : unseen;
    for (int i = 0; i < lim; i++) {
        int a = unseen - unseen_c - i;
        p_none *= (double)(a > 0 ? a : 0) / (double)(unseen - i);
    }
    return 1.0 - p_none;
}

/* the cards of a play id (internal numbering): returns how many, with the named colour (-1: none) */
static inline int gr_cards(int k, int *cards, int *named) {
    *named = -1;
    if (k < 104) { cards[0] = k >> 1; return 1; }
    if (k < K_DRAW) { cards[0] = WILD + (k - 104) / 8; *named = ((k - 104) % 8) >> 1; return 1; }
    int j = (k - K_PAIR) >> 1, col = j / 100;
    cards[0] = T_NUMCARD[col][j / 10 % 10];
    cards[1] = T_NUMCARD[col][j % 10];
    return 2;
}

static inline int gr_fits(int c, int col, int face) {
    return T_COLOR[c] < 0 || T_COLOR[c] == col || T_FACE[c] == face;
}

#define GR_KEYS 9

/* GreedyBot._play_key's first GR_KEYS elements for a play of `cards` (nc of them, the colour `named` or -1, the UNO
 * call, `more`: a group still growing) from `me`'s hand; returns _is_bluff */
static int gr_key_of(const Game *g, int me, const int *cards, int nc, int named, int uno, int more, int *key) {
    const uint8_t *hand = g->hands[me];
    int nh = g->hand_len[me];
    int last = cards[nc - 1];
    int new_color = named >= 0 ? named : T_COLOR[last], face = T_FACE[last];
    int options = 0, held = 0, in_color = 0;
    for (int i = 0; i < nh; i++) {
        int c = hand[i];
        options += gr_fits(c, new_color, face);
        held += T_COLOR[c] >= 0 && T_COLOR[c] == new_color;
        in_color += T_COLOR[c] == g->color;
    }
    int wilds = 0, points = 0;
    for (int j = 0; j < nc; j++) {                    /* the rest of the hand: without the cards played */
        int c = cards[j];
        options -= gr_fits(c, new_color, face);
        held -= T_COLOR[c] >= 0 && T_COLOR[c] == new_color;
        in_color -= T_COLOR[c] == g->color;
        wilds += T_COLOR[c] < 0;
        points += T_POINTS[c];
    }
    int bluff = last == WD4 && in_color > 0;
    int nxt = ((me + g->direction) % g->n + g->n) % g->n;   /* GreedyBot's (seat + direction) % players, seats out or not */
    int threat = g->hand_len[nxt] <= 2 && ((face >= GR_SKIP && face <= GR_DRAW_TWO) || T_FX[last] > 0);
    key[0] = nh - nc == 0;
    key[1] = !bluff;
    key[2] = nc + more;
    key[3] = threat;
    key[4] = -wilds;
    key[5] = options;
    key[6] = held;
    key[7] = points;
    key[8] = uno;
    return bluff;
}

/* GreedyBot._play_key of one of the core's play ids (the last element, the swap target's size, is 0 under these
 * rules); returns _is_bluff */
static int gr_play_key(const Game *g, int me, int k, int *key) {
    int cards[2], named;
    int nc = gr_cards(k, cards, &named);
    return gr_key_of(g, me, cards, nc, named, k & 1, 0, key);   /* the UNO call: the low bit (K_PAIR is even) */
}

static inline int gr_is_play(int k) { return k < K_DRAW || (k >= K_PAIR && k < K_DOUBTSUM); }

/* _best_play: the first play listed with the largest key (-1: no play); *bluff: it is a bluff */
static int gr_best_play(const Game *g, int me, const int16_t *ids, int m, int *bluff) {
    int best = -1, bk[GR_KEYS], key[GR_KEYS];
    for (int i = 0; i < m; i++) {
        int k = ids[i] % XPS;
        if (!gr_is_play(k)) continue;
        int b = gr_play_key(g, me, k, key);
        int better = best < 0;
        for (int j = 0; !better && j < GR_KEYS; j++) {
            if (key[j] != bk[j]) { better = key[j] > bk[j]; break; }
        }
        if (better) { best = i; memcpy(bk, key, sizeof bk); *bluff = b; }
    }
    return best;
}

/* GreedyBot._free_gain (and react): say UNO, else the first catch listed */
static int react_greedy(const int16_t *ids, int m) {
    for (int i = 0; i < m; i++) if (ids[i] % XPS == K_UNO) return ids[i];
    for (int i = 0; i < m; i++) { int k = ids[i] % XPS; if (k >= K_CATCH && k < K_CATCH + MAXP) return ids[i]; }
    for (int i = 0; i < m; i++) if (ids[i] % XPS == K_SLAP) return ids[i];   /* M: slap (no Notice is offered) */
    return -1;
}

/* fallback_action: draw, else pass, else the first action listed (no face-down plays here) */
static int gr_fallback(const int16_t *ids, int m) {
    for (int i = 0; i < m; i++) if (ids[i] % XPS == K_DRAW) return ids[i];
    for (int i = 0; i < m; i++) if (ids[i] % XPS == K_PASS) return ids[i];
    return ids[0];
}

/* GreedyBot.act for the seat in turn */
static int policy_greedy(const GrHist *h, const Game *g, const int16_t *ids, int m) {
    int free = react_greedy(ids, m);
    if (free >= 0) return free;
    int me = g->current, bluff = 0;
    switch (g->phase) {
    case PH_COLOR: {                                   /* _best_color */
        const uint8_t *hand = g->hands[me];
        int counts[4] = {0, 0, 0, 0}, points[4] = {0, 0, 0, 0}, best = 0;
        for (int i = 0; i < g->hand_len[me]; i++) {
            int c = T_COLOR[hand[i]];
            if (c >= 0) { counts[c]++; points[c] += T_POINTS[hand[i]]; }
        }
        for (int c = 1; c < 4; c++)
            if (counts[c] > counts[best] || (counts[c] == counts[best] && points[c] > points[best])) best = c;
        int first = -1;
        for (int i = 0; i < m; i++) {
            int k = ids[i] % XPS;
            if (k < K_COLOR || k >= K_COLOR + 4) continue;
            if (first < 0) first = ids[i];
            if (k - K_COLOR == best) return ids[i];
        }
        if (first >= 0) return first;
        break;
    }
    case PH_PENDING: {
        for (int i = 0; i < m; i++)
            if (ids[i] % XPS == K_CHALLENGE) {
                if (gr_bluff_probability(h, g, me) > GR_THRESHOLD) return ids[i];
                break;
            }
        int b = gr_best_play(g, me, ids, m, &bluff);
        if (b >= 0) return ids[b];
        break;
    }
    case PH_DRAWN: {
        int b = gr_best_play(g, me, ids, m, &bluff);
        if (b >= 0) {
            int cards[2], named, nc = gr_cards(ids[b] % XPS, cards, &named);
            if (!bluff || g->hand_len[me] == nc) return ids[b];
        }
        break;
    }
    default: {
        int b = gr_best_play(g, me, ids, m, &bluff);
        if (b >= 0) return ids[b];
        break;
    }
    }
    return gr_fallback(ids, m);
}
