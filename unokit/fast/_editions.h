/* UNO's editions in the compiled core (included by _ccore.c): UNO All Wild!, UNO Show 'em No Mercy and UNO Extreme!
 * (unokit/rules/editions/allwild.py, nomercy.py, extreme.py), and UNO Flip (flip.py: its mechanisms in _ed_flip.h).
 *
 * An edition's deck is not the official 108 cards, so its hands are played here on a state of their own (EdGame):
 * a card is the index of its face in the edition's list of faces, and everything about the faces comes from
 * Python in the config (unokit.fast.ccore.edition_facts: the deck in the referee's order before shuffling, the
 * edition's own numbers, ccore.EDITION_HEAD, the launcher's rolls, and per face ccore.EDITION_FACES, ED_FACE_BYTES
 * bytes: its Effect at more than two seats and at two, how it matches, its seat choice or effect on the hands, the
 * draws it answers, the first-card rule, points and what greedy reads of the card), so no rule is written here, only
 * the referee's mechanisms: the deal (the dealer by the highest number drawn, or by lot on a deck without numbers:
 * Game._draw_for_dealer), the first card (Game._turn_first: returned and reshuffled, or its draw, skip, reverse or
 * colour named by the first player), plays of one card matching by colour or symbol (official.matches), with the
 * colour a wild names, the seat it names and the UNO call, the draw effects (PENDING: the seat draws the total and
 * loses the turn, answers with a draw card the rules' stack_ok accepts, or challenges a Wild Draw Four:
 * Game._do_challenge), the hands swapped (swap_hands), passed on in the direction of play (Carousel.on_play), the
 * other cards of the colour shed under the top (NoMercy.on_play: Game.put_under_top), the targeted draw
 * (Game.penalize), the roulette (NoMercy.on_turn_start asks the next seat a colour, NoMercy.on_color:
 * Game.draw_until), the launcher (Extreme.on_play: the next seat presses, each press a roll of the game's chance,
 * and is skipped), turn draws (Game._do_draw, or Game._draw_with_policy: drawing until a card playable alone comes,
 * stopped at the mercy limit), the mercy rule (NoMercy.on_turn_start: a seat holding the limit is out, its cards
 * shuffled into the stock: Game.eliminate, the last seat left wins; Game.next_seat skips the seats out), UNO calls
 * and catches. The bots and the harness are in _ed_play.h; UNO Spin's wheel in _ed_spin.h, UNO Flash's unit in
 * _ed_flash.h. */

#define ED_NDECK 256                   /* the largest deck an edition's state holds (card index in 8 bits) */
#define ED_NF 224                      /* the most faces (UNO Flip: 112 double-sided cards, either side up) */
#define ED_ROLLS 100                   /* the launcher's outcomes: cards released by each roll (ccore.EDITION_ROLLS) */
#define ED_HEAD (6 + ED_ROLLS)         /* faces, cards, ccore.EDITION_HEAD, the launcher's rolls */
#define ED_FACE_BYTES 40
enum { EDK_NONE = 0, EDK_SWAP = 1, EDK_AIM = 2, EDK_PASS = 3, EDK_SHED = 4, EDK_ROULETTE = 5, EDK_LAUNCH = 6 };   /* ccore.EDITION_KINDS */
enum { EM_PLAY = 0, EM_DRAW = 1, EM_PASS = 2, EM_UNO = 3, EM_CATCH = 4, EM_COLOR = 5, EM_CHALLENGE = 6 };
#define ED_NOCOLOR 255
#define ED_NCOLORS 4                   /* the colours a wild names: Game.colors (red, yellow, green, blue) */
/* UNO Spin (_ed_spin.h) and UNO Flash (_ed_flash.h) */
#define ED_WHEEL 16                    /* ccore.EDITION_WHEEL: the most spaces of a wheel */
#define ED_TAIL (1 + 2 * ED_WHEEL + 2 + 1) /* after the faces' bytes: the spaces, (what, arg) each; Flash's unit;
                                         * Flex's power cards */
#define EDK_SPIN 7                     /* ccore.EDITION_KINDS, after EDK_LAUNCH */
#define EDK_SLAP 8                     /* UNO Flash (_ed_flash.h): its SLAP card, a round of presses */
#define EDK_FLIP 9                     /* UNO Flip (_ed_flip.h): the whole table turned over */
#define EM_SLAP 9                      /* a press of the unit's button */
#define EM_DISCARD 8                   /* a free discard owed (after _edhuman.h's EM_SAY 7) */
#define PH_FREE 4                      /* Phase.FREE_DISCARD */

/* one face (ccore.EDITION_FACES): [players == 2] advance and reverse, the draw it makes the next seat face, its
 * seat choice or effect on the hands (EDK_*), the cards the chosen seat draws (EDK_AIM), its points; what
 * GreedyBot reads of the card (Card.is_wild, is_action, draw, a Skip's face, Card.points, colour, face); its
 * colour and symbol (official.matches), number (the dealer's draw), whether it names a colour, may say UNO with
 * any hand, the largest pending draw it answers (0: none), whether it is playable alone (bit 0: with more cards
 * held, bit 1: as the last card), its first-card rule (returned, starter, reverse, draw, names a colour), whether its
 * draw may be challenged, whether greedy reads it as a Wild Draw Four, the launcher's presses it makes the next seat
 * make (EDK_LAUNCH) and whether they stop at the first cards released, and the seats its play skips besides; then
 * the face as the strategist reads it (ESF_*, _edstrategist.h) */
typedef struct {
    uint8_t adv[2], rev[2], draw, kind, aim_draw, points, wild, action, card_draw, skip, card_points;
    uint8_t color, symbol, face, number, names, uno_any, stack_to, alone, f_returned, f_starter, f_reverse, f_draw;
    uint8_t f_names, challenge, wd4, presses, until_cards, turn_skip;
    uint8_t strat;                     /* the strategist's face (ccore.strategist_faces) */
    uint8_t index_rank;                                     /* UNO Spin: its rank by Card.index (a greedy discard) */
    uint8_t same, turned, until;       /* UNO Flip (_ed_flip.h): the face a move names, the card turned, draws until */
    uint8_t flexed, from, power, color_after;   /* UNO Flex (_ed_flex.h): the flex side, its card, power, colour */
} EdFace;
typedef struct {
    int nf, nd, mercy, until, changers, wrong_extra, rolls, numbers;
    uint8_t roll[ED_ROLLS], deck[ED_NDECK];
    EdFace f[ED_NF];
    int wheel;                                              /* UNO Spin (_ed_spin.h): the wheel's spaces */
    uint8_t space[ED_WHEEL], space_arg[ED_WHEEL];
    int random_order, slap_penalty;                         /* UNO Flash (_ed_flash.h): ccore.EDITION_UNIT */
    int flex, power_reset;                                  /* UNO Flex (_ed_flex.h): flex sides, all red turn green */
    int coloured;                                           /* a face has a colour (the strategist: _edcstrategist.h) */
} EdRules;

/* unokit.env.observe.HistoryTracker of an edition's hand (the RL environments' flow, _edflow.h; NULL elsewhere): fed
 * the events it reads where the referee emits them ('play', 'draw' of every Game.draw_cards that drew, 'draws-penalty',
 * 'color'; 'first' at the deal) */
typedef struct EdHist {
    float lacks[MAXP][2 * ED_NCOLORS], last_color[MAXP][2 * ED_NCOLORS], last_wild[MAXP], last_draw[MAXP], drawn[MAXP];
    int color, penalty;
    uint8_t shown;                     /* a hand was shown (Game.reveals) */
    uint16_t revealed[MAXP][ED_NF];    /* [viewer][face]: the other seats' cards shown to it */
} EdHist;

/* a 'draw' event: seat p drew k cards (k > 0) */
static void ed_hist_draw(EdHist *h, int p, int k) {
    h->drawn[p] += (float)k;
    memset(h->lacks[p], 0, sizeof h->lacks[p]);
    if (h->penalty != p && k == 1 && h->color >= 0) h->lacks[p][h->color] = 1;
    h->last_draw[p] = 1;
    h->penalty = -1;
}

/* a 'play' event: seat p played a card (wild or not) in colour col (-1: none named, the card colourless) */
static void ed_hist_play(EdHist *h, int p, int col, int wild) {
    memset(h->last_color[p], 0, sizeof h->last_color[p]);
    if (col >= 0) { h->last_color[p][col] = 1; h->lacks[p][col] = 0; h->color = col; }
    h->last_wild[p] = wild ? 1.0f : 0.0f;
    h->last_draw[p] = 0;
    h->penalty = -1;
}

typedef struct {
    uint8_t n, current, phase, dealer, over, uno_penalty, pending_kind, roulette;
    int8_t direction, winner, going_out, drawn, color, victim;
    int8_t wd4_by, wd4_bluff;                               /* Game.wd4: the draw to challenge (-1: none), a bluff */
    int8_t h_color, h_before, h_last, h_played;             /* GreedyBot's reading of the history (GrHist) */
    uint16_t pending, catchable, out;                       /* out: bit q, seat q is out of the hand (mercy) */
    uint16_t red;                                           /* UNO Flex (_ed_flex.h): bit q, seat q's power card red */
    uint8_t uno_said[MAXP], hand_len[MAXP];
    uint8_t stock_len, discard_len;
    uint8_t hands[MAXP][ED_NDECK], stock[ED_NDECK], discard[ED_NDECK];
    uint16_t drawn_by[MAXP], catches, penalty_cards, reshuffles;
    uint8_t pens[MAXP];                /* penalty events per seat, modulo 256 (the human-error bots apologise) */
    uint8_t dark, flip_ask, until, discard_unseen;   /* UNO Flip (_ed_flip.h): the side, a colour to name, the
                                                      * colour + 1 a draw goes until, the pile's bottom unseen */
    uint8_t hits;                                    /* the launcher's presses that released cards, the last play */
    uint8_t spun;                                    /* UNO Spin: the space of the last spin + 1 (the strategist) */
    const EdRules *R;
    Rng rng;
    uint8_t spin, owed, resume;                             /* UNO Spin (_ed_spin.h): a spin at the next turn start, */
    int8_t owed_by, spin_by;                                /* the free discards owed, by whom; the colour to discard */
    uint8_t slap;                                           /* UNO Flash (_ed_flash.h): a round of presses open, */
    uint16_t pressed;                                       /* the seats that pressed (bit q) */
    EdHist *eh;                                             /* the env's history (_edflow.h), or NULL */
} EdGame;

/* Game.reveals: seat q's hand shown to `viewer` (-1: every seat) */
static void ed_hist_show(EdHist *h, const EdGame *g, int q, int viewer) {
    h->shown = 1;
    for (int v = 0; v < g->n; v++)
        if (v != q && (viewer < 0 || v == viewer))
            for (int j = 0; j < g->hand_len[q]; j++) h->revealed[v][g->hands[q][j]]++;
}

/* target: -1 none (EM_CATCH: the seat caught); color: the colour named (a wild's play, EM_COLOR), else -1 */
typedef struct { int8_t seat, kind, card, target, uno, color; } EdMove;
typedef struct { EdMove *v; int n, cap; } EdLog;            /* every move applied (ed_play_logged) */

static int ed_spin_parse(const uint8_t *b, EdRules *R);
static inline int ed_to_act(const EdGame *g);
static void ed_spin(EdGame *g);
static void ed_spin_color(EdGame *g, int p, int color);
static void ed_spin_discard(EdGame *g, int p, int c);
static int ed_flash_parse(const uint8_t *b, EdRules *R);
static int ed_flash_pick(EdGame *g);
static void ed_flash_start(EdGame *g);
static void ed_flash_press(EdGame *g, int p);
static int ed_flex_parse(const uint8_t *b, EdRules *R);

/* the edition's facts from the config's bytes: faces, deck size, ccore.EDITION_HEAD, the deck (face indices), then
 * ED_FACE_BYTES a face */
static int ed_parse(const uint8_t *b, Py_ssize_t len, EdRules *R) {
    if (len < ED_HEAD) return -1;
    R->nf = b[0];
    R->nd = b[1];
    R->mercy = b[2];
    R->until = b[3];
    R->changers = b[4];
    R->wrong_extra = b[5];
    R->rolls = 0;
    for (int i = 0; i < ED_ROLLS; i++) if ((R->roll[i] = b[6 + i]) != 255) R->rolls = i + 1;
    if (R->nf < 1 || R->nf > ED_NF || R->nd < 2 || R->nd > ED_NDECK - 1 || len != ED_HEAD + R->nd + ED_FACE_BYTES * R->nf + ED_TAIL)
        return -1;
    memcpy(R->deck, b + ED_HEAD, (size_t)R->nd);
    for (int i = 0; i < R->nd; i++) if (R->deck[i] >= R->nf) return -1;
    const uint8_t *f = b + ED_HEAD + R->nd;
    R->numbers = R->coloured = 0;
    for (int i = 0; i < R->nf; i++, f += ED_FACE_BYTES) {
        EdFace *e = &R->f[i];
        e->adv[0] = f[0]; e->rev[0] = f[1]; e->adv[1] = f[2]; e->rev[1] = f[3];
        e->draw = f[4]; e->kind = f[5]; e->aim_draw = f[6]; e->points = f[7];
        e->wild = f[8]; e->action = f[9]; e->card_draw = f[10]; e->skip = f[11]; e->card_points = f[12];
        e->color = f[13]; e->symbol = f[14]; e->face = f[15]; e->number = f[16]; e->names = f[17]; e->uno_any = f[18];
        e->stack_to = f[19]; e->alone = f[20]; e->f_returned = f[21]; e->f_starter = f[22]; e->f_reverse = f[23];
        e->f_draw = f[24]; e->f_names = f[25]; e->challenge = f[26]; e->wd4 = f[27]; e->presses = f[28];
        e->until_cards = f[29]; e->turn_skip = f[30];
        e->strat = f[31]; e->index_rank = f[32];
        e->same = f[33]; e->turned = f[34]; e->until = f[35];                        /* UNO Flip */
        e->flexed = f[36]; e->from = f[37]; e->power = f[38]; e->color_after = f[39];   /* UNO Flex */
        if (e->same >= R->nf || e->turned >= R->nf || e->same > 127) return -1;
        if (e->kind > EDK_FLIP + 2 || (e->kind == EDK_LAUNCH && !R->rolls) || e->adv[0] > 9 || e->adv[1] > 9 || e->draw > 50 || e->aim_draw > 50
                || (e->color != ED_NOCOLOR && e->color >= ED_NCOLORS) || e->f_starter > 2 || e->f_draw > 50)
            return -1;
        if (e->number != 255) R->numbers = 1;
        if (e->color != ED_NOCOLOR) R->coloured = 1;
    }
    if (ed_spin_parse(f, R) < 0 || ed_flash_parse(f + 1 + 2 * ED_WHEEL, R) < 0) return -1;   /* the wheel, Flash's unit */
    return ed_flex_parse(f + 1 + 2 * ED_WHEEL + 2, R);                                    /* Flex's power cards */
}

/* Chance.shuffle with referee chance (a uniform key per card, the cards in key order; the index in the low 8 bits
 * keeps it stable), Fisher-Yates with fast chance */
static int ed_cmp(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static void ed_shuffle(Rng *r, uint8_t *cards, int n) {
    if (r->fast) { rng_shuffle(r, cards, n); return; }
    uint64_t keys[ED_NDECK];
    uint8_t copy[ED_NDECK];
    for (int i = 0; i < n; i++) keys[i] = (mt_key53(&r->mt) << 8) | (uint64_t)i;
    memcpy(copy, cards, (size_t)n);
    qsort(keys, (size_t)n, sizeof keys[0], ed_cmp);
    for (int i = 0; i < n; i++) cards[i] = copy[keys[i] & 255];
}

static inline int ed_in(const EdGame *g, int q) { return !(g->out >> q & 1); }

/* the face of the card held that a move naming face c takes from the hand: c, or the card of a flexed face (UNO Flex) */
static inline int ed_held_face(const EdRules *R, int c) { return R->f[c].from != 255 ? R->f[c].from : c; }

static int ed_active(const EdGame *g) { return g->n - __builtin_popcount(g->out); }

/* Game.next_seat: `k` seats on in the direction of play, the seats out skipped */
static int ed_next(const EdGame *g, int p, int k) {
    if (!g->out) return ((p + k * g->direction) % g->n + g->n) % g->n;
    for (int i = 0; i < k; i++) do p = ((p + g->direction) % g->n + g->n) % g->n; while (!ed_in(g, p));
    return p;
}

/* official.matches: a wild, the colour in play, or the same symbol as the top card */
static inline int ed_matches(const EdGame *g, int c) {
    const EdFace *f = &g->R->f[c];
    return f->wild || f->color == (uint8_t)g->color || f->symbol == g->R->f[g->discard[g->discard_len - 1]].symbol;
}

static void ed_turn_start(EdGame *g);
static int ed_take(EdGame *g, int s, int k);
#include "_ed_flip.h"   /* UNO Flip: the table turned over, the draw until a colour */
#include "_ed_flex.h"   /* UNO Flex: the flex sides and the power cards */

/* Game._draw_for_dealer on a deck with numbers: each contender draws, the highest number deals, ties draw again */
static int ed_dealer_draw(EdGame *g, const EdRules *R) {
    uint8_t order[ED_NDECK];
    int left = R->nd, cont[MAXP], nc = g->n;
    memcpy(order, R->deck, (size_t)R->nd);
    ed_shuffle(&g->rng, order, R->nd);
    for (int i = 0; i < nc; i++) cont[i] = i;
    for (;;) {
        if (left < nc) return cont[rng_below(&g->rng, (uint32_t)nc)];
        int got[MAXP], best = 0, m = 0;
        for (int i = 0; i < nc; i++) {
            int num = R->f[order[--left]].number;
            got[i] = num == 255 ? 0 : num;
            if (got[i] > best) best = got[i];
        }
        for (int i = 0; i < nc; i++) if (got[i] == best) cont[m++] = cont[i];
        nc = m;
        if (nc == 1 || !left) break;
    }
    return cont[0];
}

/* Game.new: the dealer drawn for, the deck shuffled, the deal from the top, the first card (Game._turn_first) */
static void ed_deal(EdGame *g, const Config *cfg, const EdRules *R, uint64_t seed) {
    int n = cfg->n, ds = cfg->deal_size;
    memset(g, 0, offsetof(EdGame, rng));
    g->R = R;
    g->n = (uint8_t)n;
    g->uno_penalty = (uint8_t)cfg->uno_penalty;
    g->direction = 1;
    g->winner = g->going_out = g->drawn = g->victim = g->wd4_by = -1;
    g->h_before = g->h_last = -1;
    g->spin = g->owed = 0; g->owed_by = g->spin_by = -1;     /* UNO Spin (after rng: not cleared above) */
    g->slap = 0; g->pressed = 0;                              /* UNO Flash */
    g->eh = NULL;
    if (!cfg->fast && cfg->pre && cfg->pre_seed == seed) { g->rng.fast = 0; memcpy(&g->rng.mt, cfg->pre, sizeof(MT)); }
    else rng_seed(&g->rng, seed, cfg->fast);
    int dealer = cfg->dealer >= 0 ? cfg->dealer : R->numbers ? ed_dealer_draw(g, R) : (int)rng_below(&g->rng, (uint32_t)n);
    g->dealer = (uint8_t)dealer;
    uint8_t order[ED_NDECK];
    memcpy(order, R->deck, (size_t)R->nd);
    ed_shuffle(&g->rng, order, R->nd);
    int top = R->nd - 1;
    for (int i = 0; i < n; i++) {
        int seat = (dealer + 1 + i) % n;
        for (int k = 0; k < ds; k++) g->hands[seat][k] = order[top - i - k * n];
        g->hand_len[seat] = (uint8_t)ds;
    }
    int slen = R->nd - ds * n, card;
    memcpy(g->stock, order, (size_t)slen);
    for (;;) {                                               /* a card the first-card rule returns: reshuffled */
        card = g->stock[--slen];
        if (!R->f[card].f_returned) break;
        g->stock[slen++] = (uint8_t)card;
        ed_shuffle(&g->rng, g->stock, slen);
    }
    const EdFace *f = &R->f[card];
    g->discard[0] = (uint8_t)card;
    g->discard_len = 1;
    g->stock_len = (uint8_t)slen;
    g->color = (int8_t)(f->color == ED_NOCOLOR ? 0 : f->color);
    g->current = (uint8_t)((dealer + f->f_starter) % n);
    if (f->f_reverse) g->direction = -1;
    g->h_color = (int8_t)(f->color == ED_NOCOLOR ? -1 : f->color);     /* the 'first' event */
    if (f->f_draw) { g->pending = g->pending_kind = f->f_draw; g->phase = PH_PENDING; }
    else g->phase = f->f_names ? PH_COLOR : PH_PLAY;
    ed_turn_start(g);
}

/* Game.draw_cards: k cards from the stock, the discard pile (but its top) reshuffled when it runs out */
static int ed_take(EdGame *g, int s, int k) {
    int got = 0;
    for (int i = 0; i < k; i++) {
        if (!g->stock_len) {
            int m = g->discard_len - 1;
            if (m <= 0) break;                   /* every card is in a hand: draw what there is */
            memcpy(g->stock, g->discard, (size_t)m);
            ed_shuffle(&g->rng, g->stock, m);
            g->stock_len = (uint8_t)m;
            g->discard[0] = g->discard[m];
            g->discard_len = 1;
            g->discard_unseen = 0;                                    /* UNO Flip */
            g->reshuffles++;
        }
        g->hands[s][g->hand_len[s]++] = g->stock[--g->stock_len];
        got++;
    }
    if (g->hand_len[s] > 1) { g->uno_said[s] = 0; g->catchable &= (uint16_t)~(1u << s); }
    g->drawn_by[s] += (uint16_t)got;
    if (got && g->eh) ed_hist_draw(g->eh, s, got);
    return got;
}

static void ed_penalize(EdGame *g, int s, int k) { g->penalty_cards += (uint16_t)k; g->pens[s]++; ed_take(g, s, k); }

/* Game.hands_changed */
static void ed_hands_changed(EdGame *g, int s) {
    if (g->hand_len[s] != 1) { g->uno_said[s] = 0; g->catchable &= (uint16_t)~(1u << s); }
    else if (!g->uno_said[s]) g->catchable |= (uint16_t)(1u << s);
}

static void ed_finish(EdGame *g, int w) {
    g->over = 1;
    g->phase = PH_OVER;
    g->winner = (int8_t)w;
    g->going_out = -1;
    g->pending = 0;
    g->catchable = 0;
}

/* Game.end_turn */
static void ed_end_turn(EdGame *g, int nxt) {
    if (g->R->random_order) nxt = ed_flash_pick(g);          /* UNO Flash: the unit picks */
    g->current = (uint8_t)nxt;
    g->drawn = -1;
    g->phase = g->pending ? PH_PENDING : PH_PLAY;
    ed_turn_start(g);
}

/* NoMercy._out and Game.eliminate: seat q's cards shuffled into the stock, q out; the last seat left wins */
static void ed_out(EdGame *g, int q) {
    memcpy(g->stock + g->stock_len, g->hands[q], g->hand_len[q]);
    g->stock_len = (uint8_t)(g->stock_len + g->hand_len[q]);
    g->hand_len[q] = 0;
    ed_shuffle(&g->rng, g->stock, g->stock_len);
    g->out |= (uint16_t)(1u << q);
    g->catchable &= (uint16_t)~(1u << q);
    if (ed_active(g) == 1) {
        for (int s = 0; s < g->n; s++) if (ed_in(g, s)) { ed_finish(g, s); return; }
    }
    if (g->current == q) ed_end_turn(g, ed_next(g, q, 1));
}

/* Game.put_under_top: p's hand keeps its first m cards; the k cards of tmp go under the top card of the pile */
static void ed_put_under_top(EdGame *g, int p, int m, const uint8_t *tmp, int k) {
    g->hand_len[p] = (uint8_t)m;
    uint8_t top = g->discard[g->discard_len - 1];
    memcpy(g->discard + g->discard_len - 1, tmp, (size_t)k);
    g->discard_len = (uint8_t)(g->discard_len + k);
    g->discard[g->discard_len - 1] = top;
    ed_hands_changed(g, p);
}

#include "_ed_spin.h"   /* UNO Spin's wheel */
#include "_ed_flash.h"  /* UNO Flash's unit */

/* the turn-start hook of an edition with a mercy limit or a roulette (NoMercy.on_turn_start): every seat still in
 * holding the limit is out, then a roulette played asks the seat now in turn its colour */
static void ed_turn_start(EdGame *g) {
    if (g->R->mercy) {
        int seats[MAXP], k = 0;
        for (int q = 0; q < g->n; q++) if (ed_in(g, q)) seats[k++] = q;
        for (int i = 0; i < k; i++) {
            if (g->over) return;
            if (ed_in(g, seats[i]) && g->hand_len[seats[i]] >= g->R->mercy) ed_out(g, seats[i]);
        }
    }
    if (g->flip_ask) {                                      /* UNO Flip: a wild turned up (Flip.on_turn_start) */
        g->flip_ask = 0;
        if (!g->over) g->phase = PH_COLOR;
    }
    if (!g->over && g->roulette) {                          /* Game.ask_color */
        g->roulette = 0;
        g->phase = PH_COLOR;
        g->victim = (int8_t)g->current;
    }
    if (g->spin) { g->spin = 0; if (!g->over) ed_spin(g); }   /* UNO Spin: the wheel spun */
}

/* Game.can_play_alone: the card matches and the rules' play_problem accepts it alone, naming no seat */
static inline int ed_alone(const EdGame *g, int p, int c) {
    return ed_matches(g, c) && (g->R->f[c].alone >> (g->hand_len[p] == 1) & 1);
}

/* ------------------------------------------------------------------ listing (Game.legal_actions, unfolded) */
static inline EdMove ed_mv(int seat, int kind, int card, int target, int uno, int color) {
    EdMove a = {(int8_t)seat, (int8_t)kind, (int8_t)card, (int8_t)target, (int8_t)uno, (int8_t)color};
    return a;
}

/* the plays of card c by p (Composer.finals, unfolded): each colour it may name, then the UNO call (two cards held,
 * or a card that changes its player's hand), then each seat it may name */
static int ed_plays_of(const EdGame *g, int p, int c, EdMove *out, int m) {
    const EdFace *f = &g->R->f[c];
    int kind = f->kind, nh = g->hand_len[p], unos = nh == 2 || f->uno_any;
    for (int col = f->names ? 0 : -1; col < (f->names ? ED_NCOLORS : 0); col++)
        for (int uno = 0; uno <= unos; uno++) {
            if (kind != EDK_SWAP && kind != EDK_AIM && kind != EDK_AIM_DRAW) { out[m++] = ed_mv(p, EM_PLAY, c, -1, uno, col); continue; }
            if (kind == EDK_SWAP && nh == 1) { out[m++] = ed_mv(p, EM_PLAY, c, -1, uno, col); continue; }
            for (int q = 0; q < g->n; q++) if (q != p && ed_in(g, q)) out[m++] = ed_mv(p, EM_PLAY, c, q, uno, col);
        }
    return m;
}

/* the distinct cards of p's hand that may go now (matching, or answering the pending draw), in the hand's order */
static int ed_roots(const EdGame *g, int p, int pending, EdMove *out, int m) {
    uint8_t seen[ED_NF] = {0};
    int under = g->pending_kind ? g->pending_kind : g->R->f[g->discard[g->discard_len - 1]].card_draw;
    for (int i = 0; i < g->hand_len[p]; i++) {
        int c = g->R->f[g->hands[p][i]].same;              /* (the face the player sees: UNO Flip) */
        if (seen[c]) continue;
        seen[c] = 1;
        if (pending ? g->R->f[c].stack_to < under : !ed_matches(g, c)) continue;
        m = ed_plays_of(g, p, c, out, m);
    }
    return g->R->flex ? ed_flex_roots(g, p, pending, out, m) : m;   /* UNO Flex: the flexed faces after */
}

/* every complete action `seat` may take now, in the referee's order; `turn` 0: its reactions only */
static int ed_legal(const EdGame *g, int seat, int turn, EdMove *out) {
    int m = 0;
    if (g->over || !ed_in(g, seat)) return 0;
    if (turn && seat == ed_to_act(g)) {
        if (g->phase == PH_PLAY) {
            m = ed_roots(g, seat, 0, out, m);
            out[m++] = ed_mv(seat, EM_DRAW, -1, -1, 0, -1);
        } else if (g->phase == PH_DRAWN) {
            m = ed_plays_of(g, seat, g->drawn, out, m);
            out[m++] = ed_mv(seat, EM_PASS, -1, -1, 0, -1);
        } else if (g->phase == PH_PENDING) {
            out[m++] = ed_mv(seat, EM_DRAW, -1, -1, 0, -1);
            if (g->wd4_by >= 0) out[m++] = ed_mv(seat, EM_CHALLENGE, -1, -1, 0, -1);
            if (g->going_out < 0) m = ed_roots(g, seat, 1, out, m);
        } else if (g->phase == PH_COLOR) {
            for (int col = 0; col < ED_NCOLORS; col++) out[m++] = ed_mv(seat, EM_COLOR, -1, -1, 0, col);
        } else if (g->phase == PH_FREE) m = ed_spin_discards(g, seat, out, m);   /* UNO Spin */
    }
    if (g->hand_len[seat] == 1 && !g->uno_said[seat]) out[m++] = ed_mv(seat, EM_UNO, -1, -1, 0, -1);
    for (int q = 0; q < g->n; q++)
        if (q != seat && (g->catchable >> q & 1) && g->hand_len[q] == 1) out[m++] = ed_mv(seat, EM_CATCH, -1, q, 0, -1);
    if (g->slap && !(g->pressed >> seat & 1)) out[m++] = ed_mv(seat, EM_SLAP, -1, -1, 0, -1);   /* UNO Flash */
    return m;
}

#define ED_MAXLEGAL (ED_NF * 2 * ED_NCOLORS + 2 * MAXP * 8 + MAXP + 8)

/* ------------------------------------------------------------------ applying */
/* the play's effect on the hands (the rules' on_play): EDK_* of its face */
static void ed_on_play(EdGame *g, int p, int c, int q) {
    const EdFace *f = &g->R->f[c];
    uint8_t tmp[ED_NDECK];
    if (g->R->flex) ed_flex_on_play(g, p, c);                /* UNO Flex: the power cards, the colour after */
    if (f->until) g->until = (uint8_t)(g->color + 1);        /* UNO Flip's Wild Draw Colour (Flip.on_play) */
    switch (f->kind) {
    case EDK_SWAP:                                           /* swap_hands */
        if (q < 0 || !g->hand_len[p]) return;
        {
            int lp = g->hand_len[p];
            memcpy(tmp, g->hands[p], (size_t)lp);
            memcpy(g->hands[p], g->hands[q], g->hand_len[q]);
            memcpy(g->hands[q], tmp, (size_t)lp);
            g->hand_len[p] = g->hand_len[q];
            g->hand_len[q] = (uint8_t)lp;
        }
        ed_hands_changed(g, p);
        ed_hands_changed(g, q);
        return;
    case EDK_AIM:                                            /* Game.penalize */
        if (q >= 0) ed_penalize(g, q, f->aim_draw);
        return;
    case EDK_AIM_DRAW:                                       /* UNO Flex: Game.draw_cards, the seat named */
        if (q >= 0) ed_take(g, q, f->aim_draw);
        return;
    case EDK_ALL_DRAW:                                       /* UNO Flex: every other seat still in draws */
        for (int s = 0; s < g->n; s++) if (s != p && ed_in(g, s)) ed_take(g, s, f->aim_draw);
        return;
    case EDK_PASS: {                                         /* every hand passed on in the direction of play */
        if (!g->hand_len[p]) return;
        int seats[MAXP], k = 0;
        uint8_t old[MAXP][ED_NDECK];
        uint8_t len[MAXP];
        for (int s = 0; s < g->n; s++) if (ed_in(g, s)) seats[k++] = s;
        for (int i = 0; i < k; i++) { memcpy(old[i], g->hands[seats[i]], g->hand_len[seats[i]]); len[i] = g->hand_len[seats[i]]; }
        for (int i = 0; i < k; i++) {
            int from = g->direction == 1 ? (i + k - 1) % k : (i + 1) % k;
            memcpy(g->hands[seats[i]], old[from], len[from]);
            g->hand_len[seats[i]] = len[from];
        }
        for (int i = 0; i < k; i++) ed_hands_changed(g, seats[i]);
        return;
    }
    case EDK_SHED: {                                         /* the other cards of its colour go under the top */
        int k = 0, m = 0;
        uint8_t *h = g->hands[p];
        for (int i = 0; i < g->hand_len[p]; i++) {
            if (g->R->f[h[i]].color == f->color) tmp[k++] = h[i];
            else h[m++] = h[i];
        }
        if (k) ed_put_under_top(g, p, m, tmp, k);
        return;
    }
    case EDK_ROULETTE:
        if (g->hand_len[p]) g->roulette = 1;
        return;
    case EDK_SPIN:                                           /* UNO Spin: the next seat spins */
        g->spun = 0;
        if (g->hand_len[p]) g->spin = 1;
        return;
    case EDK_SLAP:                                           /* UNO Flash: its player pressed with the card */
        if (g->hand_len[p]) { g->slap = 1; g->pressed = (uint16_t)(1u << p); }
        return;
    case EDK_LAUNCH: {                                       /* the next seat presses: each press one roll */
        int victim = ed_next(g, p, 1);
        g->hits = 0;
        for (int k = 0; k < f->presses; k++) {
            int got = g->R->roll[rng_below(&g->rng, (uint32_t)g->R->rolls)];
            if (got && ed_take(g, victim, got)) g->hits++;
            if (got && f->until_cards) break;
        }
        return;
    }
    case EDK_FLIP:                                           /* UNO Flip */
        ed_flip_table(g);
        return;
    default:
        return;
    }
}

static void ed_apply(EdGame *g, EdMove a) {
    int p = a.seat;
    switch (a.kind) {
    case EM_PLAY: {
        int c = a.card;
        const EdFace *f = &g->R->f[c];
        g->drawn = -1;
        g->catchable = 0;                                   /* Game.seat_starts */
        ed_flash_start(g);                                   /* (UNO Flash's on_start) */
        uint8_t *h = g->hands[p];
        int held = c, want = ed_held_face(g->R, c);           /* the first card of that face held (UNO Flip), */
        for (int i = 0; i < g->hand_len[p]; i++)           /* or the card of a flexed face (UNO Flex) */
            if (g->R->f[h[i]].same == want) {
                held = h[i];
                memmove(h + i, h + i + 1, (size_t)(g->hand_len[p] - i - 1));
                g->hand_len[p]--;
                break;
            }
        if (f->challenge) {                                  /* Game.wd4: a bluff if a card of the colour is held */
            g->wd4_by = (int8_t)p;
            g->wd4_bluff = 0;
            for (int i = 0; i < g->hand_len[p]; i++) g->wd4_bluff |= g->R->f[h[i]].color == (uint8_t)g->color;
        } else g->wd4_by = -1;
        g->discard[g->discard_len++] = (uint8_t)held;
        g->h_before = g->h_color;                            /* the 'play' event */
        g->h_played = 1;
        g->h_last = (int8_t)p;
        g->h_color = (int8_t)ED_SIDE_COLOR(g, a.color >= 0 ? a.color : f->color == ED_NOCOLOR ? -1 : f->color);
        if (g->eh) ed_hist_play(g->eh, p, g->h_color, f->wild);
        if (a.color >= 0) g->color = a.color;
        else if (f->color != ED_NOCOLOR) g->color = (int8_t)f->color;
        if (g->hand_len[p] == 1) {
            g->uno_said[p] = (uint8_t)a.uno;
            if (!a.uno) g->catchable |= (uint16_t)(1u << p);
        }
        ed_on_play(g, p, c, a.target);
        if (a.uno && g->R->changers && g->hand_len[p] == 1 && !g->uno_said[p]) {   /* UNO said with a hand changed */
            g->uno_said[p] = 1;
            g->catchable &= (uint16_t)~(1u << p);
        }
        int two = ed_active(g) == 2, empty = !g->hand_len[p];   /* Game._resolve */
        if (f->draw) {
            g->pending = (uint16_t)(g->pending + f->draw);
            g->pending_kind = f->draw;
            if (f->rev[two]) g->direction = (int8_t)-g->direction;
            if (empty) g->going_out = (int8_t)p;
            ed_end_turn(g, ed_next(g, p, f->adv[two]));
            return;
        }
        if (empty) { ed_finish(g, p); return; }
        if (f->rev[two]) g->direction = (int8_t)-g->direction;
        ed_end_turn(g, ed_next(g, p, f->turn_skip ? 1 + f->turn_skip : f->adv[two]));   /* TurnChange.skip */
        return;
    }
    case EM_DRAW:
        g->catchable = 0;
        ed_flash_start(g);                                   /* UNO Flash */
        if (g->phase == PH_PENDING) {
            int k = g->pending;
            if (g->eh) g->eh->penalty = p;                   /* the 'draws-penalty' event */
            g->pending = 0;
            g->pending_kind = 0;
            g->wd4_by = -1;
            int before = g->hand_len[p];
            ed_take(g, p, k);
            if (g->until) ed_flip_after_penalty(g, p, before);   /* UNO Flip */
            if (g->going_out >= 0) { ed_finish(g, g->going_out); return; }
            ed_end_turn(g, ed_next(g, p, 1));
            return;
        }
        if (g->R->mercy || g->R->until) {                    /* Game._draw_with_policy (the rules' after_draw) */
            int forced = 1;
            for (int i = 0; i < g->hand_len[p] && forced; i++) if (ed_alone(g, p, g->hands[p][i])) forced = 0;
            while (ed_take(g, p, 1)) {
                int card = g->hands[p][g->hand_len[p] - 1];
                int keep = g->R->mercy && g->hand_len[p] >= g->R->mercy, again = !keep && forced && g->R->until;
                int playable = ed_alone(g, p, card);
                if (again && !playable) continue;
                if (!keep && playable) { g->drawn = (int8_t)g->R->f[card].same; g->phase = PH_DRAWN; return; }
                break;
            }
            ed_end_turn(g, ed_next(g, p, 1));
            return;
        }
        if (ed_take(g, p, 1) && ed_matches(g, g->hands[p][g->hand_len[p] - 1])) {
            g->drawn = (int8_t)g->R->f[g->hands[p][g->hand_len[p] - 1]].same;
            g->phase = PH_DRAWN;
            return;
        }
        ed_end_turn(g, ed_next(g, p, 1));
        return;
    case EM_PASS:
        ed_end_turn(g, ed_next(g, p, 1));
        return;
    case EM_CHALLENGE: {                                     /* Game._do_challenge (ambiguity digit D=1) */
        int by = g->wd4_by, due = g->R->f[g->discard[g->discard_len - 1]].draw;
        g->wd4_by = -1;
        g->catchable = 0;
        ed_flash_start(g);                                   /* UNO Flash */
        if (g->wd4_bluff) {
            g->pending = (uint16_t)(g->pending - due);
            ed_penalize(g, by, due);
            if (g->until) ed_flip_until(g, by, 0);           /* UNO Flip */
            g->going_out = -1;
            g->phase = g->pending ? PH_PENDING : PH_PLAY;
            return;
        }
        int k = g->pending + g->R->wrong_extra;
        g->pending = 0;
        g->pending_kind = 0;
        ed_penalize(g, p, k);
        if (g->until) ed_flip_until(g, p, g->R->wrong_extra);   /* UNO Flip */
        if (g->going_out >= 0) { ed_finish(g, g->going_out); return; }
        ed_end_turn(g, ed_next(g, p, 1));
        return;
    }
    case EM_COLOR:                                           /* Game._do_color, the roulette's on_color */
        g->color = a.color;
        g->h_color = (int8_t)ED_SIDE_COLOR(g, a.color);     /* the 'color' event */
        if (g->eh) g->eh->color = g->h_color;
        g->phase = PH_PLAY;
        if (g->victim == p) {
            g->victim = -1;
            while (ed_take(g, p, 1) && g->R->f[g->hands[p][g->hand_len[p] - 1]].color != (uint8_t)a.color) {}
            ed_end_turn(g, ed_next(g, p, 1));
        } else if (g->spin_by == p) ed_spin_color(g, p, a.color);   /* UNO Spin */
        return;
    case EM_DISCARD:                                         /* UNO Spin */
        ed_spin_discard(g, p, a.card);
        return;
    case EM_SLAP:                                            /* UNO Flash */
        ed_flash_press(g, p);
        return;
    case EM_UNO:
        g->uno_said[p] = 1;
        g->catchable &= (uint16_t)~(1u << p);
        return;
    default:                                                 /* EM_CATCH */
        g->catchable &= (uint16_t)~(1u << a.target);
        g->catches++;
        ed_penalize(g, a.target, g->uno_penalty);
        return;
    }
}

static int ed_points(const EdGame *g, int s) {
    int v = 0;
    for (int i = 0; i < g->hand_len[s]; i++) v += g->R->f[g->hands[s][i]].points;
    return v;
}

#include "_edstrategist.h"   /* the strategist on an edition's hand (UNO ALLWILD) */
#include "_edcstrategist.h"  /* the strategist on a coloured edition's hand (UNO EXTREME) */
#include "_ed_play.h"   /* the bots, the harness and the trace */
