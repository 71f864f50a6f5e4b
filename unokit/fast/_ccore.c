/* The compiled core of unokit: whole hands of the official rules played inside C.
 *
 * It is the state machine of unokit.fast.FastGame (unokit/fast/__init__.py) written in C, with
 * the same integer cards, the same action ids in the same order, and the same random generator:
 * CPython's Mersenne Twister (random.Random), seeded and drawn exactly as the referee's Chance
 * draws it. So a hand dealt here from seed s is Game.new(players, seed=s), and the same decisions
 * lead to the same states (tests/test_compiled.py checks it step by step).
 *
 * It also plays the house rules of unokit.fast.compiled.HOUSE_RULES as the referee does (its
 * hooks in unokit/rules/stacking.py, drawing.py, extras.py, deal_size.py): stacking P1-P4 (the
 * config's stacking table), ADDUP (pairs of number cards and their challenge, moves numbered after
 * the official table), FU/BU (the deal size), SAT, INS, CON, DRAWPLAY and FORCE (flags); under any
 * of them but FU/BU the listing is legal_house, the official rules keep their own (fast) one.
 * tests/test_compiled_house.py checks them step by step against the referee. ZEROLEFT, SEVENO, C,
 * JUMPIN, DR and DD (and the others with them) are played by _house2.h on the referee's listing of
 * plays, with the harness's reaction step (tests/test_compiled_house2.py).
 *
 * No rule is restated here: every table (matching, card effects, first card, points, the deck) and every
 * number of a rule (penalties, the house rules' cards and counts) is handed over by unokit.fast.compiled at
 * import, computed from unokit/core/official.py and the house rules' classes.
 *
 * Python API (used by unokit.fast.ccore, compiled, batch, rollout and view):
 *   set_tables(..., facts)                  the official tables and the rules' numbers (unokit.fast.ccore)
 *   one_*(...)                              one hand stepped from Python: unokit.fast.FastGame (_single.h)
 *   derive_seeds(prefix, start, count)      bytes of uint64: unokit.lab.sim.derive_seed for many indices
 *   play_batch(cfg, deal_seeds, ...)        bytes of int32 records, one per hand
 *   trace(cfg, seed, ...)                   one hand step by step, for the differential tests
 *   sizeof_state()                          bytes of one game state
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define MAXP 10
#define NC 54
#define NDECK 108
#define NFACES 15
#define APS 138                     /* unokit.fast.ACTIONS_PER_SEAT: the official ids of one seat */
#define WILD 52
#define WD4 53
enum { K_DRAW = 120, K_PASS = 121, K_CHALLENGE = 122, K_UNO = 123, K_COLOR = 124, K_CATCH = 128 };
enum { PH_PLAY = 0, PH_DRAWN = 1, PH_PENDING = 2, PH_COLOR = 3, PH_OVER = 6 };
#define MAXLEGAL 160
/* Moves the official table lacks (house rules), numbered after it. Inside the core a seat's moves are
 * seat * XPS + k: k < APS are unokit.fast's own (k = id % ACTIONS_PER_SEAT), then
 *   K_PAIR + 2 * (colour * 100 + a * 10 + b) + uno   ADDUP: the number cards a then b of one colour
 *   K_DOUBTSUM                                       ADDUP: challenge the sum just played (doubtsum)
 * Outside (trace) an id keeps unokit.fast's numbering, seat * APS + k, for k < APS; the others come after
 * all of them: EXT_BASE + seat * (XPS - APS) + (k - APS) (unokit.fast.compiled maps them to actions). */
#define NPAIRS 400
#define K_PAIR APS
#define K_DOUBTSUM (K_PAIR + 2 * NPAIRS)
#define K_SLAP (K_DOUBTSUM + 1)     /* M (_house5.h): slap the pile; outside: SLAP_BASE + seat */
#define K_DOUBTDRAW (K_SLAP + 1) /* DP (_house8.h): challenge the draw; outside: DOUBTDRAW_BASE + seat */
#define XPS (K_DOUBTDRAW + 1)
#define EXT_PER (K_DOUBTSUM + 1 - APS)  /* the moves of a seat numbered from EXT_BASE (and a Batch's moves: k < APS + EXT_PER) */
#define EXT_BASE (MAXP * APS)
#define SLAP_BASE (EXT_BASE + MAXP * EXT_PER)
/* house-rule flags (Game.flags; the config's flags) */
enum { F_ADDUP = 1, F_SAT = 2, F_INS = 4, F_CON = 8, F_DRAWPLAY = 16, F_FORCE = 32, F_DRAWANY = 64, F_PRE = 128,
       F_SLOW = 256, F_DP = 512 };
/* _house3.h's rules (Game.h3; the config's h3, LIMIT's cards in bits 16-23) */
enum { X_NOCH = 1, X_WILDSTART = 2, X_PAA = 4, X_PAB = 8, X_GT = 1024, X_INFERNO = 2048, X_DEFLECT = 4096,
       X_REVENGE = 8192, X_NOENDDRAW = 16384, X_WILDMATCH = 32768 };
/* I: a Skip, Reverse or Draw Two (faces 10-12) goes on any action card (faces 10-12, 14); H3_OK: Game.can_play_alone's
 * match (official or Inferno's allow_play) */
#define H3_ACTION_ON(g, c) (T_FACE[c] >= 10 && T_FACE[c] <= 12 && \
                            (T_FACE[(g)->discard[(g)->discard_len - 1]] >= 10 && T_FACE[(g)->discard[(g)->discard_len - 1]] != 13))
#define H3_OK(g, c) ((g)->ok[c] || (((g)->h3 & X_INFERNO) && H3_ACTION_ON(g, c)))   /* bits 4-7: PAB's card; 8-9: FL */
/* PAA: an action card (no number) may not be played in the first rounds (Game.turns_done < Game.peace);
 * PAB: nor while the peace a PAB card opened holds (Game.pab_on) */
#define H3_ACTION(c, armed) (T_NUMV[c] < 0 || ((armed) >> T_NUMV[c] & 1))   /* cardfx.is_action */
#define H3_BARRED(g, c) (((g)->turns_done < (g)->peace && H3_ACTION(c, (g)->paa_armed)) \
                         || ((g)->pab_on && H3_ACTION(c, (g)->pab_armed)))
/* FL (bits 8-9: 1 all, 2 numbers, 3 wilds): a card that may not empty a hand; H3_NOPLAY: `c` may not be played
 * alone from a hand of `nh` cards (Game.can_play_alone) */
#define H3_FLBAD(g, c) ((g)->fl == 1 ? (c) >= WILD || T_FX[c] > 0 : (g)->fl == 2 ? T_NUMV[c] < 0 : (c) >= WILD)
#define H3_NOPLAY(g, c, nh) (H3_BARRED(g, c) || ((nh) == 1 && (g)->fl && (H3_FLBAD(g, c) || H3_FLTWIN(g, c))))
/* GT (TraitorTwin.on_play): a single number card `c` (not 0) by seat p identical to the previous play's single card,
 * by another seat, makes that seat draw its number */
#define H3_TWIN(g, p, c) (((g)->h3 & X_GT) && (g)->gt_card == (c) + 1 && (g)->gt_player != (p) && T_NUMV[c] > 0)
/* FL(all) with GT: the current seat's card would be a traitor twin (CleanFinish.play_problem) */
#define H3_FLTWIN(g, c) ((g)->fl == 1 && H3_TWIN(g, (g)->current, c))

/* ------------------------------------------------------------------ tables (from unokit.core.official) */
static uint8_t T_DECK[NDECK];
static uint8_t T_PLAYABLE[4 * NFACES][NC];
static int8_t T_FX[NC];            /* >0: cards the next player draws; 0: next player; -1: TURN */
static uint8_t T_TURN[2][NC][2];   /* [players == 2][card] = advance, reverse */
static uint8_t T_FIRST[NC][5];     /* returned, starter, reverse, draw, names_color */
static uint8_t T_POINTS[NC];
static int8_t T_COLOR[NC];
static uint8_t T_FACE[NC];
static uint8_t T_NUMBER[NC];
static int8_t T_NUMV[NC];          /* the number of a number card (0-9), -1 for the others (ADDUP) */
static uint8_t T_NUMCARD[4][10];   /* the card of colour c and number v */
/* the rules' numbers, handed over with the tables (set_tables): none is written here. The official penalties
 * (unokit/core/official.py) and the house rules' own (their classes' constants): ADDUP's challenge of a sum
 * (AddUp.PENALTY), BOMB's least group and its draw (Bomb.LEAST, Bomb.PENALTY), TRI's cards per 3
 * (Trinity.PER_CARD), SEVENO's numbers (SevenOSwap.CARD, SevenOPass.CARD) */
static int BLUFF_PENALTY, WRONG_EXTRA, DRAW_WD4;
static int SUM_PENALTY, BOMB_LEAST, BOMB_PENALTY, TRI_PER, SEVENO_SWAP, SEVENO_PASS;
static int tables_ready = 0;

#include "_chance.h"     /* CPython's Mersenne Twister, the fast generator, SHA-256 */

/* ------------------------------------------------------------------ the game state */
typedef struct {
    uint8_t n, current, phase, color, dealer, over;
    uint16_t pending;                   /* the draw total: stacking with challenges can pass 255 */
    int8_t direction, drawn, going_out, winner;
    int8_t wd4_bluffer;                 /* -1: no Wild Draw Four being judged */
    uint8_t wd4_bluff, wd4_prev;
    uint8_t uno_penalty, bluff_option;
    uint16_t catchable;                 /* bit q: seat q may be caught */
    uint8_t uno_said[MAXP];
    uint8_t hand_len[MAXP];
    uint8_t stock_len, discard_len;
    uint8_t hands[MAXP][NDECK];
    uint8_t stock[NDECK];
    uint8_t discard[NDECK];
    const uint8_t *ok;                  /* T_PLAYABLE row of the top card and colour */
    /* house rules */
    uint64_t opts;                      /* CON: the cards drawn for a +2/+4 that may be played (bit per card) */
    uint32_t stack;                     /* P1-P4: bit 5 * under + card: that draw card goes on that total */
    uint8_t house;                      /* house rules in force: the listing takes legal_house */
    uint16_t flags;                     /* F_ADDUP, F_SAT, ... */
    uint16_t expiry[MAXP];              /* SLOWUNO: a seat's catch window closes when turns_done reaches this */
    uint8_t pending_kind;               /* the draw value of the last draw card (stacking compares it) */
    uint8_t opts_from;                  /* CON: the drawn cards start here in the hand */
    int8_t sum_seat, sum_player;        /* ADDUP: the seat that may challenge the sum (-1: none), its player */
    uint8_t sum_bluff, sum_c, sum_d, sum_prev;
    uint16_t h3;                        /* _house3.h: X_ flags */
    uint8_t cap;                        /* LIMIT: the largest hand (255: none) */
    uint16_t turns_done, peace;         /* Game.turns_done; PAA: rounds * players (0: no peace) */
    uint8_t pab_card, pab_on;           /* PAB: its card; the peace holds */
    uint16_t paa_armed, pab_armed;      /* the numbers PAA's and PAB's peace bar as action cards (a bit each) */
    uint8_t fl;                         /* FL: 0 none, 1 all, 2 numbers, 3 wilds */
    uint8_t gt_card, gt_player;         /* GT: the last play's card + 1 when it was one card (0: none), its player */
    uint8_t gt_got;                     /* GT: the cards the last twin's penalty drew (the env's history reads it) */
    uint8_t h5;                         /* _house5.h: Z_ flags */
    int8_t lp_seat[2], lp_num[2];       /* _house5.h: Game.last_plays' two newest (seat, last card's number) */
    uint16_t chu_at;                    /* CHU: rule_state["CHU"] (0: None) */
    uint8_t e_card[2], e_color[2];      /* E, IE: the card that calls for compliments (critiques) */
    int8_t e_p[2];                      /* E, IE: rule_state[code]: the player owed, */
    uint8_t e_k[2];                     /*   and what every other seat owes (0: None) */
    uint8_t e_got[MAXP];                /* E, IE, M: cards each seat drew for its debts (not slapping) at this action (the env's history
                                         * reads them as draws before the action's; the env's flows zero it) */
    uint8_t s_card, s_cost, s_rounds;   /* S: its card, the cards a UNO call costs in silence, ST's rounds */
    uint8_t s_on, s_fresh;              /* S: rule_state["S"] (Silenced: owner, rounds_left, fresh) */
    int8_t s_owner;
    int16_t s_left;
    uint16_t out;                       /* _house6.h: bit q: seat q is out of this hand (Game.eliminated, MS) */
    uint8_t ms, ms_armed, ms_count, ms_need;   /* MS: its variant (1-3), armed; MS3's cards counted, how many arm it */
    uint16_t ms_rounds;                 /* MS2: the rounds of protection */
    uint64_t ms_arms, ms_counts;        /* MS3: the cards that arm it, the cards it counts */
    uint8_t m_card, m_open;             /* M: its card; rule_state["M"] holds (a slap round is open), */
    uint16_t m_slapped;                 /*   the seats that slapped (bit per seat), */
    uint8_t m_out;                      /*   rule_state["out-deferred"] + 1 (0: None) */
    uint8_t dp_drawer, dp_had;          /* DP (_house8.h): rule_state["DP"]: the drawer + 1 (0: None), it held a playable card */
    uint8_t ded_open, ded_seat, ded_card, ded_true, ded_draw, ded_out;   /* DED (_house9.h): rule_state["DED"] (a Claim) */
    uint8_t ded_owed, ded_resume, ded_hout;   /* DED: the seat owing a free discard + 1, the phase after; going_out_hidden + 1 */
    uint8_t hid_len;                    /* DED: the face-down pile's size (its cards: the end of `discard`, _house9.h) */
    /* counts for the lab */
    uint16_t drawn_by[MAXP];
    uint16_t catches, penalty_cards, reshuffles;
    uint8_t pens[MAXP];                 /* penalty events per seat, modulo 256 (Game.penalize: human-error bots apologise) */
    Rng rng;                             /* the hand's chance */
} Game;

static inline int next_seat(const Game *g, int p) {
    int s = ((p + g->direction) % g->n + g->n) % g->n;
    while (__builtin_expect(g->out != 0, 0) && (g->out >> s & 1)) s = ((s + g->direction) % g->n + g->n) % g->n;   /* MS */
    return s;
}

#include "_house5.h"   /* CHU, E, IE, S */
#include "_house8.h"   /* DP */

static void set_ok(Game *g) { g->ok = T_PLAYABLE[g->color * NFACES + T_FACE[g->discard[g->discard_len - 1]]]; }

static int holds_color(const Game *g, int seat, int color) {
    const uint8_t *h = g->hands[seat];
    for (int i = 0; i < g->hand_len[seat]; i++)
        if (T_COLOR[h[i]] == color) return 1;
    return 0;
}

/* Game._draw_for_dealer: each player draws from a shuffled deck, the highest number deals. The shuffle is
 * shuffle_cards' (a key per card, the cards in key order, drawn from the end): the first round needs only the n
 * largest keys, so they are picked out first, and the whole order is sorted only when that round ties */
static int draw_for_dealer(MT *r, int n) {
    uint64_t keys[NDECK], top[MAXP + 1];
    int k = 0;
    for (int i = 0; i < NDECK; i++) {
        uint64_t v = (mt_key53(r) << 7) | (uint64_t)i;
        keys[i] = v;
        if (k == n && v < top[n - 1]) continue;
        int j = k < n ? k++ : n - 1;          /* top[0..k) in descending order */
        while (j > 0 && top[j - 1] < v) { top[j] = top[j - 1]; j--; }
        top[j] = v;
    }
    int high = -1, ties = 0, first = 0;
    for (int i = 0; i < n; i++) {
        int num = T_NUMBER[T_DECK[top[i] & 127]];
        if (num > high) { high = num; ties = 1; first = i; } else if (num == high) ties++;
    }
    if (ties == 1) return first;
    /* a tie: the rounds that follow draw on, in the order of the whole shuffle */
    uint8_t order[NDECK];
    for (int i = 0; i < NDECK; i++) order[i] = (uint8_t)T_NUMBER[T_DECK[i]];
    shuffle_keys(keys, order, NDECK);
    int len = NDECK;
    int cont[MAXP], nc = n, got[MAXP];
    for (int i = 0; i < n; i++) cont[i] = i;
    for (;;) {
        int best = -1, cnt = 0, who = 0;
        for (int i = 0; i < nc; i++) got[i] = order[--len];
        for (int i = 0; i < nc; i++) if (got[i] > best) best = got[i];
        for (int i = 0; i < nc; i++) if (got[i] == best) { if (!cnt) who = cont[i]; cnt++; }
        if (cnt == 1) return who;
        int m = 0;
        for (int i = 0; i < nc; i++) if (got[i] == best) cont[m++] = cont[i];
        nc = m;
        if (len == 0) return cont[0];
        if (len < nc) return cont[0]; /* cannot happen with 108 cards and 10 seats */
    }
}

/* the hand's rules (the config, below) */
typedef struct {
    int n, uno_penalty, bluff_option, max_steps, dealer, fast;
    int policy[MAXP];
    int deal_size, stack, flags;
    int reveal;                         /* ambiguity digit C: who sees a challenged hand (the strategist) */
    int h2, zl_card;                    /* _house2.h: ZEROLEFT, SEVENO, C, JUMPIN, DR, DD (H_ flags); ZEROLEFT's card */
    int h3;                             /* _house3.h: X_ flags, LIMIT's cards << 16 */
    int armed;                          /* PAA's and PAB's action numbers (bits 0-9, 10-19: cardfx.armed_numbers) */
    int h4, dad;                        /* _house4.h: the cards of T, CAR, DAD, BACK (4 bits each); DAD's table */
    int h5, h5c;                        /* _house5.h: Z_ flags, S's rounds and UNO cost; the rules' cards */
    int h6;                             /* _house6.h: MS's variant, MS3's count, MS2's rounds */
    unsigned long long ms_arms, ms_counts;   /* _house6.h: MS3's cards (a bit per card) */
    const uint8_t *ed;                  /* _editions.h: the edition's facts (unokit.fast.ccore.edition_facts), or NULL */
    Py_ssize_t ed_len;
    const MT *pre;                      /* the deal's generator already seeded with pre_seed (play_batch), or NULL */
    uint64_t pre_seed;
    int hu_on;                          /* _human.h: some seat is a human-error bot; its rates, each line's prices */
    double hu[4];                       /*   (forget_uno, talk, apologise, reaction) */
    uint8_t hu_cost[2][16];             /*   under S (while a silence holds) and ORG, by codec.SAY_LINES */
    uint64_t hu_seed[MAXP];             /*   each human seat's own generator's seed (its inner bot's + 7919) */
} Config;

static void h3_wildstart(Game *g);   /* _house3.h */
static void h3_on_play(Game *g, int p, int card);
static void h3_on_group(Game *g, int p, const uint8_t *cs, int k);
static int h3_draw_card(Game *g, int p, int left);
static void h6_deal(Game *g, const Config *cfg);   /* _house6.h */
static void h6_on_play(Game *g, int card);

/* FastGame.__init__: deal the hand of seed `seed` (dealer < 0: drawn for); FU/BU deal cfg->deal_size cards; `given`:
 * the deck's order (Game.new's deck_order, top last), else the deck shuffled */
static void deal_given(Game *g, const Config *cfg, uint64_t seed, const uint8_t *given) {
    int n = cfg->n, fast = cfg->fast, dealer = cfg->dealer, ds = cfg->deal_size;
    memset(g, 0, offsetof(Game, rng));
    g->n = (uint8_t)n;
    g->uno_penalty = (uint8_t)cfg->uno_penalty;
    g->bluff_option = (uint8_t)cfg->bluff_option;
    g->flags = (uint16_t)cfg->flags;
    g->stack = (uint32_t)cfg->stack;
    g->h3 = (uint16_t)(cfg->h3 & 0xFFFF);
    g->cap = (uint8_t)(cfg->h3 >> 16 & 0xFF ? cfg->h3 >> 16 & 0xFF : 255);
    g->peace = (uint16_t)(g->h3 & X_PAA ? (cfg->h3 >> 24 & 127) * n : 0);
    g->pab_card = (uint8_t)(g->h3 >> 4 & 15);
    g->paa_armed = (uint16_t)(cfg->armed & 1023);
    g->pab_armed = (uint16_t)(cfg->armed >> 10 & 1023);
    g->fl = (uint8_t)(g->h3 >> 8 & 3);
    g->h5 = (uint8_t)(cfg->h5 & 0xFF);
    g->s_rounds = (uint8_t)(cfg->h5 >> 8 & 0xFF);
    g->s_cost = (uint8_t)(cfg->h5 >> 16 & 0xFF);
    g->e_card[0] = (uint8_t)(cfg->h5c & 15);
    g->e_color[0] = (uint8_t)(cfg->h5c >> 4 & 7);
    g->e_card[1] = (uint8_t)(cfg->h5c >> 8 & 15);
    g->e_color[1] = (uint8_t)(cfg->h5c >> 12 & 7);
    g->s_card = (uint8_t)(cfg->h5c >> 16 & 15);
    g->m_card = (uint8_t)(cfg->h5c >> 20 & 15);
    g->lp_seat[0] = g->lp_seat[1] = -1;
    if (cfg->h6) h6_deal(g, cfg);                       /* MS (_house6.h) */
    g->house = g->flags || g->stack || g->h3 || g->h5;
    g->direction = 1;
    g->drawn = -1;
    g->going_out = -1;
    g->winner = -1;
    g->wd4_bluffer = -1;
    g->sum_seat = g->sum_player = -1;
    if (!fast && cfg->pre && cfg->pre_seed == seed) { g->rng.fast = 0; memcpy(&g->rng.mt, cfg->pre, sizeof(MT)); }
    else rng_seed(&g->rng, seed, fast);
    if (dealer < 0) dealer = fast ? (int)rng_below(&g->rng, (uint32_t)n) : draw_for_dealer(&g->rng.mt, n);
    g->dealer = (uint8_t)dealer;
    uint8_t order[NDECK];
    if (given) memcpy(order, given, NDECK);
    else { memcpy(order, T_DECK, NDECK); rng_shuffle(&g->rng, order, NDECK); }
    int top = NDECK - 1, n7 = ds * n;
    for (int i = 0; i < n; i++) {
        int seat = (dealer + 1 + i) % n;
        for (int k = 0; k < ds; k++) g->hands[seat][k] = order[top - i - k * n];
        g->hand_len[seat] = (uint8_t)ds;
    }
    int slen = NDECK - n7;
    memcpy(g->stock, order, (size_t)slen);
    int card;
    for (;;) {
        card = g->stock[--slen];
        if (!T_FIRST[card][0] || (card == WD4 && (g->h3 & X_WILDSTART))) break;
        slen++;
        rng_shuffle(&g->rng, g->stock, slen);
        g->reshuffles++;
    }
    g->stock_len = (uint8_t)slen;
    g->discard[0] = (uint8_t)card;
    g->discard_len = 1;
    g->color = (uint8_t)(T_COLOR[card] < 0 ? 0 : T_COLOR[card]);
    g->current = (uint8_t)((dealer + T_FIRST[card][1]) % n);
    g->phase = PH_PLAY;
    if (T_FIRST[card][0]) { h3_wildstart(g); return; }   /* WILDSTART kept a Wild Draw Four (_house3.h) */
    if (T_FIRST[card][2]) g->direction = -1;
    if (T_FIRST[card][3]) { g->pending = g->pending_kind = T_FIRST[card][3]; g->phase = PH_PENDING; }
    else if (T_FIRST[card][4]) g->phase = PH_COLOR;
    set_ok(g);
}

static void deal(Game *g, const Config *cfg, uint64_t seed) { deal_given(g, cfg, seed, NULL); }

/* ------------------------------------------------------------------ legal ids (FastGame.legal_ids) */
static inline int add_variants(int16_t *out, int m, int seat, int c, int uno) {
    int base = seat * XPS;
    if (c < WILD) {
        out[m++] = (int16_t)(base + 2 * c);
        if (uno) out[m++] = (int16_t)(base + 2 * c + 1);
    } else {
        int b = base + 104 + 8 * (c - WILD);
        for (int col = 0; col < 4; col++) {
            out[m++] = (int16_t)(b + 2 * col);
            if (uno) out[m++] = (int16_t)(b + 2 * col + 1);
        }
    }
    return m;
}

static int add_reactions(const Game *g, int16_t *out, int m, int seat) {
    if (g->out >> seat & 1) return m;                   /* MS: a seat out of the hand does nothing */
    if (g->hand_len[seat] == 1 && !g->uno_said[seat]) out[m++] = (int16_t)(seat * XPS + K_UNO);
    if (g->catchable)
        for (int q = 0; q < g->n; q++)
            if (q != seat && (g->catchable >> q & 1)) out[m++] = (int16_t)(seat * XPS + K_CATCH + q);
    if (g->m_open && !(g->m_slapped >> seat & 1)) out[m++] = (int16_t)(seat * XPS + K_SLAP);   /* M (_house5.h) */
    if (dp_may_challenge(g, seat)) out[m++] = (int16_t)(seat * XPS + K_DOUBTDRAW);   /* DP (_house8.h) */
    return m;
}

static int legal_house(const Game *g, int seat, int16_t *out);

/* the ids `seat` may apply now, in the referee's order */
static int legal_ids(const Game *g, int seat, int16_t *out) {
    int m = 0;
    if (g->phase == PH_OVER) return 0;
    if (g->house) return legal_house(g, seat, out);
    int cur = g->current;
    if (seat != cur) return add_reactions(g, out, 0, seat);
    const uint8_t *hand = g->hands[cur];
    int nh = g->hand_len[cur];
    switch (g->phase) {
    case PH_PLAY: {
        uint64_t seen = 0;
        for (int i = 0; i < nh; i++) {
            int c = hand[i];
            if (g->ok[c] && !(seen >> c & 1)) { seen |= 1ULL << c; m = add_variants(out, m, cur, c, nh == 2); }
        }
        out[m++] = (int16_t)(cur * XPS + K_DRAW);
        break;
    }
    case PH_DRAWN:
        m = add_variants(out, m, cur, g->drawn, nh == 2);
        out[m++] = (int16_t)(cur * XPS + K_PASS);
        break;
    case PH_PENDING:
        out[m++] = (int16_t)(cur * XPS + K_DRAW);
        if (g->wd4_bluffer >= 0) out[m++] = (int16_t)(cur * XPS + K_CHALLENGE);
        break;
    case PH_COLOR:
        for (int k = 0; k < 4; k++) out[m++] = (int16_t)(cur * XPS + K_COLOR + k);
        break;
    default:
        return 0;
    }
    return add_reactions(g, out, m, cur);
}

/* ADDUP (unokit/rules/extras.py): the pairs (c, d) of number cards of c's colour summing to the top
 * number `t`, d in the hand's order (the referee's Composer: a stem for c, unfolded to its pairs) */
static int add_pairs(const Game *g, int16_t *out, int m, int seat, int c, int t) {
    const uint8_t *hand = g->hands[seat];
    int nh = g->hand_len[seat], col = T_COLOR[c], a = T_NUMV[c], b = t - a;
    if (b < 0 || b > 9) return m;
    int d = T_NUMCARD[col][b], held = 0;
    for (int i = 0; i < nh; i++) held += hand[i] == d;
    if (held < 1 + (d == c)) return m;
    int base = seat * XPS + K_PAIR + 2 * (col * 100 + a * 10 + b);
    out[m++] = (int16_t)base;
    if (nh == 3) out[m++] = (int16_t)(base + 1);      /* the pair leaves one card: with the UNO call too */
    return m;
}

/* legal_ids under house rules: stacking (P1-P4), ADDUP, SAT, INS, CON, DRAWPLAY, FORCE */
static int legal_house(const Game *g, int seat, int16_t *out) {
    int m = 0, cur = g->current;
    if (seat == cur) {
        const uint8_t *hand = g->hands[cur];
        int nh = g->hand_len[cur];
        uint64_t seen = 0;
        switch (g->phase) {
        case PH_PLAY: {
            int singles = 0, top = g->discard[g->discard_len - 1];
            /* ADDUP: two number cards of one colour summing to the top number, not the last two cards */
            int t = (g->flags & F_ADDUP) && nh > 2 ? T_NUMV[top] : -1;
            for (int i = 0; i < nh; i++) {
                int c = hand[i];
                if (seen >> c & 1) continue;
                seen |= 1ULL << c;
                if (H3_OK(g, c) && !H3_NOPLAY(g, c, nh)) { m = add_variants(out, m, cur, c, nh == 2); singles = 1; }
                if (t >= 0 && T_NUMV[c] >= 0 && T_NUMV[c] <= t) m = add_pairs(g, out, m, cur, c, t);
            }
            /* FORCE: no draw while a card can be played alone */
            if (!(g->flags & F_FORCE) || !singles) out[m++] = (int16_t)(cur * XPS + K_DRAW);
            break;
        }
        case PH_DRAWN:
            if (g->opts) {   /* CON: each playable card drawn for the +2/+4, in the order drawn */
                for (int i = g->opts_from; i < nh; i++) {
                    int c = hand[i];
                    if (!(g->opts >> c & 1) || (seen >> c & 1)) continue;
                    seen |= 1ULL << c;
                    if (!H3_BARRED(g, c)) m = add_variants(out, m, cur, c, nh == 2);
                }
            } else if (g->flags & F_DRAWANY) {   /* DRAWANY: every card of the hand that may go, the drawn one first */
                for (int i = nh - 1; i >= 0; i--) {
                    int c = hand[i];
                    if (seen >> c & 1) continue;
                    seen |= 1ULL << c;
                    if (H3_OK(g, c) && !H3_NOPLAY(g, c, nh)) m = add_variants(out, m, cur, c, nh == 2);
                }
            } else if (!H3_BARRED(g, g->drawn)) {
                m = add_variants(out, m, cur, g->drawn, nh == 2);
            }
            if (!(g->flags & F_DRAWPLAY)) out[m++] = (int16_t)(cur * XPS + K_PASS);
            break;
        case PH_PENDING:
            out[m++] = (int16_t)(cur * XPS + K_DRAW);
            if (g->wd4_bluffer >= 0 && !(g->h3 & X_NOCH)) out[m++] = (int16_t)(cur * XPS + K_CHALLENGE);
            if ((g->stack || (g->h3 & X_DEFLECT)) && g->going_out < 0) {   /* P1-P4: a draw card the rule lets go on the total */
                int under = g->pending_kind;
                if (!under) { int f = T_FX[g->discard[g->discard_len - 1]]; under = f > 0 ? f : 0; }
                for (int i = 0; i < nh; i++) {
                    int c = hand[i], d = T_FX[c];
                    int cancel = (g->h3 & (X_INFERNO | X_DEFLECT)) && (T_FACE[c] == 10 || T_FACE[c] == 11)   /* I: Skip, Reverse */
                                 && ((g->h3 & X_INFERNO) || T_COLOR[c] == g->color || T_FACE[c] == T_FACE[g->discard[g->discard_len - 1]]);   /* DEFLECT */
                    if ((d <= 0 && !cancel) || (seen >> c & 1) || H3_NOPLAY(g, c, nh)) continue;
                    seen |= 1ULL << c;
                    if (cancel || (g->stack >> (5 * under + d) & 1)) m = add_variants(out, m, cur, c, nh == 2);
                }
            }
            break;
        case PH_COLOR:
            for (int k = 0; k < 4; k++) out[m++] = (int16_t)(cur * XPS + K_COLOR + k);
            break;
        default:
            return 0;
        }
        if (h5_chu_due(g)) m = h5_chu_filter(g, out, m);   /* CHU: the colour must change */
    }
    m = add_reactions(g, out, m, seat);
    if (g->sum_seat == seat) out[m++] = (int16_t)(seat * XPS + K_DOUBTSUM);
    return m;
}

/* ------------------------------------------------------------------ applying (FastGame.apply) */
static void finish(Game *g, int w) {
    g->over = 1;
    g->phase = PH_OVER;
    g->winner = (int8_t)w;
    g->going_out = -1;
    g->pending = 0;
    g->catchable = 0;
}

static int h9_reshuffled(Game *g, uint8_t *pool, int m);   /* DED (_house9.h) */

static int take(Game *g, int seat, int k) {
    uint8_t *hand = g->hands[seat];
    int got = 0;
    if (k > g->cap - g->hand_len[seat]) k = g->cap > g->hand_len[seat] ? g->cap - g->hand_len[seat] : 0;   /* LIMIT */
    for (int i = 0; i < k; i++) {
        if (!g->stock_len) {
            int top = g->discard[g->discard_len - 1];
            int m = g->discard_len - 1;
            memcpy(g->stock, g->discard, (size_t)m);
            if (g->hid_len) m = h9_reshuffled(g, g->stock, m);   /* DED: the face-down pile too */
            if (!m) break;   /* every card is in a hand: draw what there is */
            rng_shuffle(&g->rng, g->stock, m);
            g->stock_len = (uint8_t)m;
            g->discard[0] = (uint8_t)top;
            g->discard_len = 1;
            g->reshuffles++;
        }
        hand[g->hand_len[seat]++] = g->stock[--g->stock_len];
        got++;
    }
    if (g->hand_len[seat] > 1) { g->uno_said[seat] = 0; g->catchable &= (uint16_t)~(1u << seat); }
    g->drawn_by[seat] += (uint16_t)got;
    return got;
}

static void remove_card(Game *g, int p, int card) {
    uint8_t *h = g->hands[p];
    int n = g->hand_len[p];
    for (int i = 0; i < n; i++)
        if (h[i] == card) { memmove(h + i, h + i + 1, (size_t)(n - i - 1)); g->hand_len[p]--; return; }
}

/* Game.missed_uno: seat s may be caught (SLOWUNO: until the end of the next player's turn) */
static inline void open_window(Game *g, int s) {
    g->catchable |= (uint16_t)(1u << s);
    if (g->flags & F_SLOW) g->expiry[s] = (uint16_t)(g->turns_done + 2);
}

/* Game.end_turn(seat, ...)'s count (SLOWUNO: the windows that end with it close); `seat`: whose turn ends (a cut's
 * player on _house2.h's lists, else the seat in turn) */
static inline void turn_done_of(Game *g, int seat) {
    if (g->h5) h5_turn_end(g, seat);                 /* S (_house5.h): Game.end_turn's on_turn_end */
    g->turns_done = (uint16_t)(g->turns_done + 1);
    if ((g->flags & F_SLOW) && g->catchable)
        for (int q = 0; q < g->n; q++)
            if ((g->catchable >> q & 1) && g->expiry[q] <= g->turns_done) g->catchable &= (uint16_t)~(1u << q);
}

static inline void turn_done(Game *g) { turn_done_of(g, g->current); }

/* Game.hands_changed for one seat: UNO said / catchable follow the hand's size */
static void hands_changed(Game *g, int s) {
    if (g->hand_len[s] != 1) { g->uno_said[s] = 0; g->catchable &= (uint16_t)~(1u << s); }
    else if (!g->uno_said[s] && !(g->catchable >> s & 1)) open_window(g, s);
}

/* Game.seat_starts: the seat starts (plays, draws or challenges): a missed UNO can no longer be caught,
 * and ADDUP's window closes unless it is the seat that played the sum */
static inline void seat_starts(Game *g, int p) {
    g->ded_open = 0;                                     /* DED (_house9.h): the claim closes (its on_start first) */
    if (!(g->flags & (F_PRE | F_SLOW))) g->catchable = 0;   /* PRE, SLOWUNO: no start closes the window */
    if (g->sum_seat >= 0 && p != g->sum_player) g->sum_seat = -1;
    if (g->h5) h5_on_start(g, p);                        /* E, IE (_house5.h) */
    if (g->dp_drawer) dp_on_start(g, p);                 /* DP (_house8.h) */
}

/* SAT / INS (unokit/rules/drawing.py, DrawingMixin._draw_with_policy): the draw of a player who holds no
 * card playable alone; returns 0 when the rules leave it to the official draw */
static int draw_with_policy(Game *g, int p) {
    const uint8_t *hand = g->hands[p];
    int forced = 1;
    for (int i = 0; i < g->hand_len[p] && forced; i++) if (H3_OK(g, hand[i]) && !H3_NOPLAY(g, hand[i], g->hand_len[p])) forced = 0;
    if (!forced && !(g->h3 & (X_PAA | X_PAB | X_INFERNO))) return 0;                    /* not forced: the official draw of one card */
    while (take(g, p, 1)) {
        int c = hand[g->hand_len[p] - 1], playable = H3_OK(g, c) && !H3_BARRED(g, c);   /* can_play_alone */
        if (forced && (g->flags & F_INS)) break;           /* INS: never played this turn */
        if (forced && !playable) continue;                 /* SAT: again until a playable card comes */
        if (playable) { g->drawn = (int8_t)c; g->phase = PH_DRAWN; return 1; }
        break;
    }
    turn_done(g);
    g->current = (uint8_t)next_seat(g, p);
    return 1;
}

/* CON (unokit/rules/drawing.py, Consolation.after_penalty): the cards drawn from `from` on that can be
 * played alone become the options of a DRAWN phase (the last of them is `drawn`); 0 if none */
static int consolation(Game *g, int p, int from) {
    const uint8_t *hand = g->hands[p];
    uint64_t opts = 0;
    int last = -1;
    for (int i = from; i < g->hand_len[p]; i++) {
        int c = hand[i];
        if (H3_OK(g, c) && !H3_BARRED(g, c) && !(opts >> c & 1)) { opts |= 1ULL << c; last = c; }
    }
    if (!opts) return 0;
    g->opts = opts;
    g->opts_from = (uint8_t)from;
    g->drawn = (int8_t)last;
    g->phase = PH_DRAWN;
    return 1;
}

/* ADDUP: play the pair of internal move k (AddUp.on_play opens the challenge window) */
static void play_pair(Game *g, int p, int k) {
    int j = (k - K_PAIR) >> 1, flag = (k - K_PAIR) & 1;
    int col = j / 100, c = T_NUMCARD[col][j / 10 % 10], d = T_NUMCARD[col][j % 10];
    int top = g->discard[g->discard_len - 1], prev = g->color;
    seat_starts(g, p);
    /* a bluff: the hand before the play (the pair included) held a card of the colour or number in play */
    const uint8_t *hand = g->hands[p];
    int bluff = 0;
    for (int i = 0; i < g->hand_len[p] && !bluff; i++) {
        int x = hand[i];
        bluff = T_COLOR[x] >= 0 && (T_COLOR[x] == prev || T_FACE[x] == T_FACE[top]);
    }
    remove_card(g, p, c);
    remove_card(g, p, d);
    g->wd4_bluffer = -1;
    g->color = (uint8_t)col;
    g->discard[g->discard_len++] = (uint8_t)c;
    g->discard[g->discard_len++] = (uint8_t)d;
    set_ok(g);
    if (g->h3 & X_PAB) g->pab_on ^= (uint8_t)((T_NUMV[c] == g->pab_card) ^ (T_NUMV[d] == g->pab_card));   /* PAB */
    g->gt_card = 0;                                  /* GT: a pair is no single card */
    if (g->ms == 3 && !g->ms_armed) { h6_on_play(g, c); if (!g->ms_armed) h6_on_play(g, d); }   /* MS3 (_house6.h) */
    if (g->hand_len[p] == 1) {
        g->uno_said[p] = (uint8_t)flag;
        if (!flag) open_window(g, p);
    }
    int nxt = next_seat(g, p);
    g->sum_seat = (int8_t)nxt;
    g->sum_player = (int8_t)p;
    g->sum_bluff = (uint8_t)bluff;
    g->sum_c = (uint8_t)c;
    g->sum_d = (uint8_t)d;
    g->sum_prev = (uint8_t)prev;
    turn_done(g);
    g->current = (uint8_t)nxt;
}

/* ADDUP: AddUp.apply_action, the challenge of the sum (the challenger's turn goes on) */
static void doubt_sum(Game *g, int p) {
    int q = g->sum_player;
    g->sum_seat = -1;
    if (g->sum_bluff) {
        int n = g->discard_len;
        if (n > 2 && g->discard[n - 2] == g->sum_c && g->discard[n - 1] == g->sum_d) {
            g->discard_len -= 2;
            g->hands[q][g->hand_len[q]++] = g->sum_c;
            g->hands[q][g->hand_len[q]++] = g->sum_d;
            g->color = g->sum_prev;
            set_ok(g);
            hands_changed(g, q);
        }
        g->penalty_cards += SUM_PENALTY;
        g->pens[q]++;
        take(g, q, SUM_PENALTY);
    } else {
        g->penalty_cards += SUM_PENALTY;
        g->pens[p]++;
        take(g, p, SUM_PENALTY);
    }
}

/* DRAWANY: may some card of the seat's hand be played alone now (Game.can_play_alone)? */
static int any_alone(const Game *g, int seat) {
    const uint8_t *hand = g->hands[seat];
    int nh = g->hand_len[seat];
    for (int i = 0; i < nh; i++) if (H3_OK(g, hand[i]) && !H3_NOPLAY(g, hand[i], nh)) return 1;
    return 0;
}

#include "_house6.h"   /* MS1, MS2, MS3 */

/* apply a legal id */
static void apply_id(Game *g, int id) {
    int p = id / XPS, k = id % XPS;
    if (g->m_out && h5_m_turn_action(g, p, k)) return;   /* M (_house5.h): a winner's slap round closes first */
    if (k < K_DRAW) {                                  /* a play */
        int card, col, flag = k & 1;
        if (k < 104) { card = k >> 1; col = T_COLOR[card]; }
        else { card = WILD + (k - 104) / 8; col = ((k - 104) % 8) >> 1; }
        if (g->phase == PH_DRAWN) { g->drawn = -1; g->opts = 0; g->phase = PH_PLAY; }
        if (g->h5) h5_on_start(g, p);                  /* Game.seat_starts before put_down (_house5.h: E, IE) */
        if (g->dp_drawer) dp_on_start(g, p);           /* DP (_house8.h) */
        remove_card(g, p, card);
        if (!(g->flags & (F_PRE | F_SLOW))) g->catchable = 0;
        g->sum_seat = -1;                              /* ADDUP: any play closes the window */
        if (card == WD4) {
            g->wd4_bluffer = (int8_t)p;
            g->wd4_bluff = (uint8_t)(holds_color(g, p, g->color)
                                     || ((g->h3 & X_WILDMATCH) && holds_color(g, p, -1)));   /* WILDMATCH: a wild held */
            g->wd4_prev = g->color;
        } else {
            g->wd4_bluffer = -1;                       /* stacking: a +2 on a +4 ends its challenge */
        }
        g->color = (uint8_t)col;
        g->discard[g->discard_len++] = (uint8_t)card;
        set_ok(g);
        int left = g->hand_len[p];
        if (left == 1) {
            g->uno_said[p] = (uint8_t)flag;
            if (!flag) open_window(g, p);
            else if (g->h5) h5_spoke_uno(g, p);        /* S (_house5.h): Game.speak(p, "UNO") */
        } else if (!left) {
            g->catchable &= (uint16_t)~(1u << p);      /* (PRE: its window stayed open until now) */
        }
        if (__builtin_expect(g->h3 != 0, 0)) h3_on_play(g, p, card);   /* PAB, GT, I (_house3.h) */
        if (__builtin_expect(g->h5 != 0, 0)) h5_on_play(g, p, card);   /* CHU, E, IE, S (_house5.h) */
        if (g->ms == 3 && !g->ms_armed) h6_on_play(g, card);           /* MS3's event (_house6.h) */
        int fx = T_FX[card];
        turn_done(g);                               /* end_turn (or the hand ends) */
        if (!fx) {
            if (!left && g->m_out != p + 1) { finish(g, p); return; }   /* M: the slap round decides the win */
            g->current = (uint8_t)next_seat(g, p);
        } else if (fx > 0) {
            if (g->h3 && h3_draw_card(g, p, left)) return;   /* NOENDDRAW, REVENGE (_house3.h) */
            g->pending = (uint16_t)(g->pending + fx);   /* stacking adds to the total; else it was 0 */
            g->pending_kind = (uint8_t)fx;
            g->phase = PH_PENDING;
            if (!left) g->going_out = (int8_t)p;
            g->current = (uint8_t)next_seat(g, p);
        } else if (!left) {
            finish(g, p);
        } else if (g->out) {
            h6_turn(g, p, card);                       /* MS: the seats left (_house6.h) */
            if (g->pending && (g->h3 & X_DEFLECT)) g->current = (uint8_t)next_seat(g, p);
        } else {
            const uint8_t *t = T_TURN[g->n == 2][card];
            if (t[1]) g->direction = (int8_t)-g->direction;
            g->current = (uint8_t)((((p + t[0] * g->direction) % g->n) + g->n) % g->n);
            if (g->pending && (g->h3 & X_DEFLECT)) g->current = (uint8_t)next_seat(g, p);   /* DEFLECT: passed on, or back */
        }
        return;
    }
    switch (k) {
    case K_DRAW:
        if (g->ms && h6_draw(g, p)) return;            /* MS: eliminated instead of drawing (_house6.h) */
        dp_on_draw(g, p);                              /* DP: the draw may be challenged (_house8.h) */
        seat_starts(g, p);
        if (g->phase == PH_PLAY) {
            uint8_t *hand = g->hands[p];
            if ((g->flags & (F_SAT | F_INS)) && draw_with_policy(g, p)) return;
            if (g->flags & F_DRAWANY) {   /* DRAWANY: after the draw, any card of the hand that may go */
                if (take(g, p, 1) && any_alone(g, p)) {
                    g->drawn = (int8_t)hand[g->hand_len[p] - 1];
                    g->phase = PH_DRAWN;
                    return;
                }
            } else if (g->stock_len && g->hand_len[p] < g->cap) {
                int c = g->stock[--g->stock_len];
                hand[g->hand_len[p]++] = (uint8_t)c;
                g->drawn_by[p]++;
                g->uno_said[p] = 0;
                g->catchable &= (uint16_t)~(1u << p);      /* (PRE: the window stayed open until now) */
                if (g->ok[c]) { g->drawn = (int8_t)c; g->phase = PH_DRAWN; return; }
            } else if (take(g, p, 1) && g->ok[hand[g->hand_len[p] - 1]]) {
                g->drawn = (int8_t)hand[g->hand_len[p] - 1];
                g->phase = PH_DRAWN;
                return;
            }
            turn_done(g);
            g->current = (uint8_t)next_seat(g, p);
        } else {                                       /* the pending penalty */
            int kk = g->pending, from = g->hand_len[p];
            g->pending = 0;
            g->pending_kind = 0;
            g->wd4_bluffer = -1;
            take(g, p, kk);
            if (g->going_out >= 0) { finish(g, g->going_out); return; }
            if ((g->flags & F_CON) && consolation(g, p, from)) return;
            turn_done(g);
            g->current = (uint8_t)next_seat(g, p);
            g->phase = PH_PLAY;
        }
        return;
    case K_PASS:
        g->drawn = -1;
        g->opts = 0;
        turn_done(g);
        g->current = (uint8_t)next_seat(g, p);
        g->phase = PH_PLAY;
        return;
    case K_UNO:
        g->uno_said[p] = 1;
        g->catchable &= (uint16_t)~(1u << p);
        if (g->h5) h5_spoke_uno(g, p);                 /* S (_house5.h): Game.speak(p, "UNO") */
        return;
    case K_CHALLENGE: {
        int bluffer = g->wd4_bluffer, bluff = g->wd4_bluff, prev = g->wd4_prev;
        g->wd4_bluffer = -1;
        seat_starts(g, p);
        if (bluff) {
            g->pending = (uint16_t)(g->pending - DRAW_WD4);
            if (g->bluff_option == 2 && g->discard_len > 1) {
                g->discard_len--;
                g->hands[bluffer][g->hand_len[bluffer]++] = WD4;
                g->color = (uint8_t)prev;
                set_ok(g);
                hands_changed(g, bluffer);
            }
            g->penalty_cards += (uint16_t)BLUFF_PENALTY;
            g->pens[bluffer]++;
            take(g, bluffer, BLUFF_PENALTY);
            g->going_out = -1;
            g->phase = g->pending ? PH_PENDING : PH_PLAY;   /* stacking: the rest of the total stays */
        } else {
            int kk = g->pending + WRONG_EXTRA;
            g->pending = 0;
            g->pending_kind = 0;
            g->penalty_cards += (uint16_t)kk;
            g->pens[p]++;
            take(g, p, kk);
            if (g->going_out >= 0) { finish(g, g->going_out); return; }
            turn_done(g);
            g->current = (uint8_t)next_seat(g, p);
            g->phase = PH_PLAY;
        }
        return;
    }
    case K_SLAP:                                       /* M (_house5.h) */
        h5_slap(g, p);
        return;
    case K_DOUBTDRAW:                                  /* DP (_house8.h) */
        dp_challenge(g, p);
        return;
    default:
        if (k >= K_PAIR) {                             /* ADDUP */
            if (k == K_DOUBTSUM) doubt_sum(g, p);
            else play_pair(g, p, k);
        } else if (k >= K_CATCH) {                     /* catch seat q */
            int q = k - K_CATCH;
            g->catchable &= (uint16_t)~(1u << q);
            g->catches++;
            g->penalty_cards += g->uno_penalty;
            g->pens[q]++;
            take(g, q, g->uno_penalty);
        } else {                                       /* name the colour of a first Wild */
            g->color = (uint8_t)(k - K_COLOR);
            set_ok(g);
            g->phase = PH_PLAY;
        }
        return;
    }
}

static int hand_points(const Game *g, int seat) {
    int s = 0;
    for (int i = 0; i < g->hand_len[seat]; i++) s += T_POINTS[g->hands[seat][i]];
    return s;
}

#include "_policies.h"   /* random-play and the benchmark's agent */
#include "_strategist3.h"   /* the strategist under ADDUP alone, REV, OPEN */
#include "_strategist5.h"   /* the strategist under CHU, E, IE, S, M */

/* ------------------------------------------------------------------ playing a hand */
/* record fields per hand, then drawn[n], points[n] */
enum { F_WINNER, F_FIRST, F_TURNS, F_ACTIONS, F_PLAYS, F_STEPS, F_APPLIED, F_REACTIONS, F_CATCHES,
       F_PENALTY, F_SCORE, F_TRUNCATED, F_RESHUFFLES, F_DEALER, F_ELIMINATED, NFIELDS };

/* The lab's record of a hand (compiled.FIELDS, then each seat's cards drawn and hand points): the counts its loop
 * kept, the rest read from the state; mult: DOUBLE's multiplier of hand points (1 elsewhere) */
/* the counts every hand loop keeps (a hand's loop counters, then what its state holds), in the record's fields:
 * record_hand's and an edition's (ed_play_hand) */
typedef struct { int first, turns, actions, plays, steps, applied, reactions; } HandCounts;

static void record_counts(int32_t *rec, HandCounts k, int over, int winner, int catches, int penalty, int score,
                          int reshuffles, int dealer, int eliminated) {
    rec[F_WINNER] = over ? winner : -1;
    rec[F_FIRST] = k.first;
    rec[F_TURNS] = k.turns;
    rec[F_ACTIONS] = k.actions;
    rec[F_PLAYS] = k.plays;
    rec[F_STEPS] = k.steps;
    rec[F_APPLIED] = k.applied;
    rec[F_REACTIONS] = k.reactions;
    rec[F_CATCHES] = catches;
    rec[F_PENALTY] = penalty;
    rec[F_SCORE] = over ? score : 0;
    rec[F_TRUNCATED] = !over;
    rec[F_RESHUFFLES] = reshuffles;
    rec[F_DEALER] = dealer;
    rec[F_ELIMINATED] = eliminated;
}

static void record_hand(const Game *g, int n, int mult, int first, int turns, int actions, int plays, int steps,
                        int applied, int reactions, int32_t *rec) {
    int score = 0;
    for (int s = 0; s < n; s++) if (s != g->winner) score += mult * hand_points(g, s);
    record_counts(rec, (HandCounts){first, turns, actions, plays, steps, applied, reactions}, g->over, g->winner,
                  g->catches, g->penalty_cards, score, g->reshuffles, g->dealer, __builtin_popcount(g->out));
    for (int s = 0; s < n; s++) {
        rec[NFIELDS + s] = g->drawn_by[s];
        rec[NFIELDS + n + s] = mult * hand_points(g, s);
        rec[NFIELDS + 2 * n + s] = g->hand_len[s];   /* the cards held (ELIMMOST's matches read them) */
    }
}

#include "_house2.h"
#include "_house3.h"
#include "_editions.h"   /* All Wild, No Mercy, Extreme on a state of their own (and _ed_play.h) */
#include "_human.h"    /* the human-error bots (unokit.bots.human.HumanBot over greedy or random-play) */
#include "_edhuman.h"  /* the same on an edition's hand */

/* _house5.h's rules make a seat miss UNO (a penalty drawn before its play), so whose reaction comes first matters:
 * unokit.engine.flow.react_step as _house2.h's harness steps it (Game.out_of_turn_seats, then the seat to act,
 * shuffled by the harness's generator `hr` at every call; the first seat with a reaction answers). 1: applied. */
static int h5_react_step(Game *g, const Config *cfg, Rng *hr, Strat *st, GrHist *gh, int16_t *ids) {
    int me = g->current, n = g->n, nc = 0, cands[MAXP];
    for (int p = 0; p < n; p++)
        if (p != me && (g->catchable || g->m_open || (g->hand_len[p] == 1 && !g->uno_said[p]))) cands[nc++] = p;
    cands[nc++] = me;
    for (int i = nc - 1; i > 0; i--) {                 /* random.shuffle */
        int j = (int)rng_below(hr, (uint32_t)(i + 1)), t = cands[i];
        cands[i] = cands[j];
        cands[j] = t;
    }
    for (int i = 0; i < nc; i++) {
        int s = cands[i], m = add_reactions(g, ids, 0, s);
        if (!m) continue;
        int a = cfg->policy[s] == POL_STRATEGIST ? react_strategist(ids, m)
              : cfg->policy[s] == POL_GREEDY ? react_greedy(ids, m) : react_random_play(ids, m);
        if (a < 0) continue;
        strat_observe(st, g, a);
        gr_observe(gh, g, a);
        apply_id(g, a);
        return 1;
    }
    return 0;
}

/* Play one hand with the harness of unokit.lab.sim.play_hand: each step, reactions (random-play:
 * UNO and catches, seats in order after the seat in turn; under _house5.h's rules in the harness's order,
 * h5_react_step; with human-error seats _human.h's hu_react_step), then the seat in turn acts (a human seat:
 * hu_act). The one hand loop of these rules, whatever the bots. */
static void play_hand(Game *g, const Config *cfg, uint64_t seed, Rng *bots, int shared_bot, Strat *st, int32_t *rec) {
    if (cfg->ed) {   /* an edition (_editions.h; its cards held: not counted, -1) */
        rec[F_ELIMINATED] = 0;
        for (int s = 0; s < cfg->n; s++) rec[NFIELDS + 2 * cfg->n + s] = -1;
        ed_play_hand(cfg, seed, bots, rec, NULL);
        return;
    }
    if (cfg->h2) {   /* _house2.h (bots[MAXP]: the harness's; human seats: its hooks, _human.h) */
        rec[F_ELIMINATED] = 0;
        h2_play_hand(cfg, seed, bots, rec, NULL, cfg->hu_on ? NULL : st);
        return;
    }
    Hu *H = NULL;                           /* human-error seats (_human.h): their choices through its hooks */
    if (cfg->hu_on && !(H = hu_begin(cfg, bots))) {
        memset(rec, 0, sizeof(int32_t) * (size_t)(NFIELDS + 3 * cfg->n));
        rec[F_WINNER] = -1;
        rec[F_TRUNCATED] = 1;
        return;
    }
    deal(g, cfg, seed);
    strat_begin(st, g, cfg);
    GrHist gh;
    gr_begin(&gh, g);
    int16_t ids[MAXLEGAL];
    int n = cfg->n, steps = 0, first = -1, turns = 0, actions = 0, plays = 0, applied = 0, reactions = 0;
    while (!g->over && steps < cfg->max_steps) {
        steps++;
        {   /* reactions: only UNO calls and catches exist under the rules covered; random-play
             * seats answer in turn order from the seat after the one in turn */
            for (int round = 0; round < 2 * n && !g->over; round++) {
                int done = 0;
                if (H) {                    /* every seat that may react, shuffled, by reaction delay */
                    if (!hu_react_step(g, cfg, H, bots, st, &gh, ids)) break;
                    applied++;
                    reactions++;
                    continue;
                }
                if (!g->catchable && !g->m_open) {   /* (M: a slap round open, every seat may slap) */
                    int any = 0;
                    for (int s = 0; s < n; s++) if (g->hand_len[s] == 1 && !g->uno_said[s]) { any = 1; break; }
                    if (!any) break;
                }
                if (cfg->h5) {
                    if (!h5_react_step(g, cfg, &bots[MAXP], st, &gh, ids)) break;
                    applied++;
                    reactions++;
                    continue;
                }
                for (int j = 1; j <= n && !done; j++) {
                    int s = (g->current + j) % n;
                    if (cfg->policy[s] != POL_RANDOM_PLAY && cfg->policy[s] != POL_STRATEGIST && cfg->policy[s] != POL_GREEDY) continue;
                    int m = add_reactions(g, ids, 0, s);
                    if (!m) continue;
                    int a = cfg->policy[s] == POL_STRATEGIST ? react_strategist(ids, m)
                          : cfg->policy[s] == POL_GREEDY ? react_greedy(ids, m) : react_random_play(ids, m);
                    if (a >= 0) {
                        strat_observe(st, g, a); gr_observe(&gh, g, a); apply_id(g, a); strat_after(st, g);
                        applied++; reactions++; done = 1;
                    }
                }
                if (!done) break;
            }
            if (g->over) break;
        }
        int cur = g->current, pol = cfg->policy[cur];
        int m = legal_ids(g, cur, ids);
        Rng *r = shared_bot ? &bots[0] : &bots[cur];
        int a = pol == POL_BENCH ? policy_bench(r, ids, m)
              : pol == POL_STRATEGIST ? policy_strategist(st, g, r, ids, m)
              : hu_greedy(pol) ? policy_greedy(&gh, g, ids, m) : policy_random_play(g, r, ids, m);
        if (H && hu_human(pol)) a = hu_act(cfg, H, cur, ids, m, a);   /* HumanBot.act: the UNO call forgotten */
        int k = a % XPS, ph = g->phase;
        if (first < 0) first = cur;
        int play = is_play(k);
        if ((play || k == K_DRAW || k == K_CHALLENGE) && (ph == PH_PLAY || ph == PH_PENDING)) turns++;
        if ((play || k == K_DRAW) && ph <= PH_PENDING) actions++;
        if (play && ph <= PH_PENDING) plays++;
        strat_observe(st, g, a);
        gr_observe(&gh, g, a);
        apply_id(g, a);
        strat_after(st, g);                 /* SAT's draws (_strategist.h) */
        applied++;
    }
    PyMem_RawFree(H);
    record_hand(g, n, 1, first, turns, actions, plays, steps, applied, reactions, rec);
}

/* ------------------------------------------------------------------ Python glue */
static int read_config(PyObject *cfg, Config *c) {
    PyObject *pol = NULL, *ed = NULL, *hu = Py_None;
    c->reveal = 2;
    c->h2 = c->zl_card = c->h3 = c->armed = c->h4 = c->dad = c->h5 = c->h5c = c->h6 = 0;
    c->ms_arms = c->ms_counts = 0;
    c->pre = NULL;
    c->pre_seed = 0;
    if (!PyArg_ParseTuple(cfg, "iiiiiOpiii|iiiiiiiiiiKKOO", &c->n, &c->uno_penalty, &c->bluff_option, &c->max_steps, &c->dealer,
                          &pol, &c->fast, &c->deal_size, &c->stack, &c->flags, &c->reveal, &c->h2, &c->zl_card, &c->h3, &c->armed,
                          &c->h4, &c->dad,
                          &c->h5, &c->h5c, &c->h6, &c->ms_arms, &c->ms_counts, &ed, &hu))
        return -1;
    c->ed = NULL;
    c->ed_len = 0;
    if (ed && ed != Py_None) {           /* an edition's facts (_editions.h) */
        EdRules R;
        if (!PyBytes_Check(ed) || ed_parse((const uint8_t *)PyBytes_AS_STRING(ed), PyBytes_GET_SIZE(ed), &R) < 0
                || c->deal_size * c->n >= R.nd) {
            PyErr_SetString(PyExc_ValueError, "bad edition facts"); return -1;
        }
        c->ed = (const uint8_t *)PyBytes_AS_STRING(ed);
        c->ed_len = PyBytes_GET_SIZE(ed);
    }
    if (c->h6 < 0 || ((c->h6 & 3) == 0 && c->h6) || (c->ms_arms | c->ms_counts) >> NC) {
        PyErr_SetString(PyExc_ValueError, "bad house-rule flags"); return -1;
    }
    if (c->h5 < 0 || c->h5 >= (1 << 24) || c->h5c < 0 || (c->h5c & 15) > 9 || (c->h5c >> 8 & 15) > 9 || (c->h5c >> 16 & 15) > 9
            || (c->h5c >> 20 & 15) > 9) {
        PyErr_SetString(PyExc_ValueError, "bad house-rule flags"); return -1;
    }
    if (c->h3 < 0 || (c->h3 >> 4 & 15) > 9 || c->armed < 0 || c->armed >= (1 << 20)) { PyErr_SetString(PyExc_ValueError, "bad house-rule flags"); return -1; }
    if (c->h2 < 0 || (c->h2 & 0xFFFFFF) >= (1 << 19) || c->h4 < 0 || c->dad < 0 || c->zl_card < 0 || c->zl_card > 9) {
        PyErr_SetString(PyExc_ValueError, "bad house-rule flags"); return -1;
    }
    if (c->n < 2 || c->n > MAXP) { PyErr_SetString(PyExc_ValueError, "players must be 2 to 10"); return -1; }
    if (c->deal_size < 1 || c->deal_size * c->n >= NDECK) {
        PyErr_SetString(PyExc_ValueError, "cannot deal that many cards to every seat"); return -1;
    }
    if (c->stack < 0 || c->stack >= (1 << 25) || c->flags < 0 || c->flags >= 1024) {
        PyErr_SetString(PyExc_ValueError, "bad house-rule flags"); return -1;
    }
    if (c->dealer >= c->n) { PyErr_SetString(PyExc_ValueError, "no such dealer seat"); return -1; }
    if (c->uno_penalty < 0 || c->uno_penalty > 20 || c->max_steps < 1) {
        PyErr_SetString(PyExc_ValueError, "bad uno penalty or max_steps"); return -1;
    }
    if (!PyBytes_Check(pol) || PyBytes_GET_SIZE(pol) != c->n) {
        PyErr_SetString(PyExc_ValueError, "policies: one byte per seat"); return -1;
    }
    for (int s = 0; s < c->n; s++) {
        c->policy[s] = (uint8_t)PyBytes_AS_STRING(pol)[s];
        if (c->policy[s] > POL_HUMAN_RANDOM) { PyErr_SetString(PyExc_ValueError, "unknown policy"); return -1; }
    }
    if (hu_read(c, hu) < 0) return -1;                 /* _human.h */
    if (!tables_ready) { PyErr_SetString(PyExc_RuntimeError, "set_tables() was not called"); return -1; }
    return 0;
}

static int copy_table(PyObject *b, void *dst, Py_ssize_t size, const char *name) {
    if (!PyBytes_Check(b) || PyBytes_GET_SIZE(b) != size) {
        PyErr_Format(PyExc_ValueError, "table %s: %zd bytes expected", name, size);
        return -1;
    }
    memcpy(dst, PyBytes_AS_STRING(b), (size_t)size);
    return 0;
}

static PyObject *py_set_tables(PyObject *self, PyObject *args) {
    PyObject *deck, *playable, *fx, *turn, *first, *points, *color, *face, *number, *numv;
    int facts[9];
    if (!PyArg_ParseTuple(args, "OOOOOOOOOO(iiiiiiiii)", &deck, &playable, &fx, &turn, &first, &points, &color,
                          &face, &number, &numv, &facts[0], &facts[1], &facts[2], &facts[3], &facts[4], &facts[5],
                          &facts[6], &facts[7], &facts[8]))
        return NULL;
    for (int i = 0; i < 9; i++)
        if (facts[i] < 0 || facts[i] > (i < 7 ? 50 : 9)) {
            PyErr_SetString(PyExc_ValueError, "the rules' numbers: penalties 0-50, SEVENO's cards 0-9");
            return NULL;
        }
    if (facts[4] < 1) { PyErr_SetString(PyExc_ValueError, "BOMB's least group: 1 or more"); return NULL; }
    if (copy_table(deck, T_DECK, NDECK, "deck") || copy_table(playable, T_PLAYABLE, sizeof T_PLAYABLE, "playable") ||
        copy_table(fx, T_FX, NC, "fx") || copy_table(turn, T_TURN, sizeof T_TURN, "turn") ||
        copy_table(first, T_FIRST, sizeof T_FIRST, "first") || copy_table(points, T_POINTS, NC, "points") ||
        copy_table(color, T_COLOR, NC, "color") || copy_table(face, T_FACE, NC, "face") ||
        copy_table(number, T_NUMBER, NC, "number") || copy_table(numv, T_NUMV, NC, "numv"))
        return NULL;
    int seen = 0;
    for (int c = 0; c < NC; c++)
        if (T_NUMV[c] >= 0) {
            if (T_NUMV[c] > 9 || T_COLOR[c] < 0) {
                PyErr_SetString(PyExc_ValueError, "table numv: numbers 0-9 of a colour");
                return NULL;
            }
            T_NUMCARD[T_COLOR[c]][T_NUMV[c]] = (uint8_t)c;
            seen++;
        }
    if (seen != 40) { PyErr_SetString(PyExc_ValueError, "table numv: 40 number cards expected"); return NULL; }
    BLUFF_PENALTY = facts[0]; WRONG_EXTRA = facts[1]; DRAW_WD4 = facts[2]; SUM_PENALTY = facts[3];
    BOMB_LEAST = facts[4]; BOMB_PENALTY = facts[5]; TRI_PER = facts[6]; SEVENO_SWAP = facts[7]; SEVENO_PASS = facts[8];
    tables_ready = 1;
    Py_RETURN_NONE;
}

#include "_rollout.h"

static PyObject *py_derive_seeds(PyObject *self, PyObject *args) {
    const char *purpose;
    unsigned long long master;
    long long start, count;
    if (!PyArg_ParseTuple(args, "sKLL", &purpose, &master, &start, &count)) return NULL;
    if (count < 0 || strlen(purpose) > 40) { PyErr_SetString(PyExc_ValueError, "bad count or purpose"); return NULL; }
    PyObject *out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(count * 8));
    if (!out) return NULL;
    uint64_t *v = (uint64_t *)PyBytes_AS_STRING(out);
    Py_BEGIN_ALLOW_THREADS
    for (long long i = 0; i < count; i++) v[i] = derive(purpose, master, start + i);
    Py_END_ALLOW_THREADS
    return out;
}

/* play_batch(cfg, deal_seeds: bytes of uint64, bot_mode, bot_purpose, bot_salt, bot_seed)
 *   bot_mode 0: each seat's generator is random.Random(derive_seed(deal_seed, bot_salt*64 + s, bot_purpose))
 *               (fast chance: xoshiro256** seeded from the deal seed and the seat)
 *   bot_mode 1: one generator random.Random(bot_seed) for every seat of every hand, in order
 *   harness_purpose (optional): under _house2.h's rules the harness's generator of each hand is
 *               random.Random(derive_seed(deal_seed, bot_salt, harness_purpose)) (unokit.lab.sim: "harness",
 *               the lab: "lab-harness"), kept in bots[MAXP]
 *   bot_bases (optional, bytes of uint64, one per hand): the seeds the bots' and the harness's generators are
 *               derived from in place of the deal seeds (the lab's match hands: dealt from the match's seed)
 * returns bytes of int32: per hand NFIELDS + 3n values (per seat: cards drawn, points held, cards held) */
static void seed_referee_hand(Config *cfg, Rng *bots, int each_seat, const char *purpose, const char *hpurpose,
                              uint64_t base, long long salt, uint64_t deal_seed);

static PyObject *py_play_batch(PyObject *self, PyObject *args) {
    PyObject *cfgo;
    Py_buffer seeds;
    int bot_mode;
    const char *purpose;
    long long salt;
    unsigned long long bot_seed;
    const char *hpurpose = "harness";
    Py_buffer bases = {0};
    if (!PyArg_ParseTuple(args, "Oy*isLK|sy*", &cfgo, &seeds, &bot_mode, &purpose, &salt, &bot_seed, &hpurpose,
                          &bases))
        return NULL;
    Config cfg;
    if (read_config(cfgo, &cfg) < 0 || seeds.len % 8 || strlen(purpose) > 40 || strlen(hpurpose) > 40
            || (bases.buf && bases.len != seeds.len)) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "bad seeds or purpose");
        PyBuffer_Release(&seeds);
        if (bases.buf) PyBuffer_Release(&bases);
        return NULL;
    }
    const uint64_t *bv = bases.buf ? (const uint64_t *)bases.buf : (const uint64_t *)seeds.buf;
    Py_ssize_t count = seeds.len / 8;
    int width = NFIELDS + 3 * cfg.n;
    PyObject *out = PyBytes_FromStringAndSize(NULL, count * width * 4);
    Game *g = PyMem_RawMalloc(sizeof(Game));
    Rng *bots = PyMem_RawMalloc(sizeof(Rng) * (MAXP + 2));   /* the seats', the harness's, the deal's */
    Strat *st = PyMem_RawMalloc(sizeof(Strat));
    if (!out || !g || !bots || !st) {
        Py_XDECREF(out); PyMem_RawFree(g); PyMem_RawFree(bots); PyMem_RawFree(st); PyBuffer_Release(&seeds);
        return PyErr_NoMemory();
    }
    st->logging = 0;
    int32_t *rec = (int32_t *)PyBytes_AS_STRING(out);
    const uint64_t *sv = (const uint64_t *)seeds.buf;
    Py_BEGIN_ALLOW_THREADS
    if (bot_mode == 1) rng_seed(&bots[0], bot_seed, cfg.fast);
    for (Py_ssize_t i = 0; i < count; i++) {
        if (cfg.fast) {
            if (bot_mode == 0)
                for (int s = 0; s < cfg.n; s++) seed_seat_bot(&bots[s], 1, purpose, bv[i], salt, s);
            if (cfg.h2 || cfg.h5 || cfg.ed || cfg.hu_on) {   /* the harness's generator (_house2.h, _house5.h, editions, _human.h) */
                uint64_t x = bv[i] ^ (0x9fb21c651e98df25ULL * (uint64_t)(salt + 1));
                rng_seed(&bots[MAXP], splitmix(&x), 1);
            }
            if (cfg.hu_on) hu_seed_seats(&cfg, purpose, bv[i], salt, 1);
        } else {
            seed_referee_hand(&cfg, bots, bot_mode == 0, purpose, hpurpose, bv[i], salt, sv[i]);
        }
        play_hand(g, &cfg, sv[i], bots, bot_mode == 1, st, rec + i * width);
    }
    Py_END_ALLOW_THREADS
    PyMem_RawFree(g);
    PyMem_RawFree(bots);
    PyMem_RawFree(st);
    PyBuffer_Release(&seeds);
    if (bases.buf) PyBuffer_Release(&bases);
    return out;
}

/* referee chance: the Mersenne Twisters of a hand's seats (each_seat: random.Random(derive_seed(base, salt * 64 +
 * s, purpose)); none for a greedy seat, which draws no random number), of the harness under _house2.h's rules
 * (derive_seed(base, salt, hpurpose)) and of the deal (deal_seed), seeded together; the deal's is handed to
 * deal() through cfg->pre */
static void seed_referee_hand(Config *cfg, Rng *bots, int each_seat, const char *purpose, const char *hpurpose,
                              uint64_t base, long long salt, uint64_t deal_seed) {
    MT *mts[MAXP + 2];
    uint64_t keys[MAXP + 2];
    int m = 0;
    if (each_seat)
        for (int s = 0; s < cfg->n; s++) {
            if (cfg->policy[s] == POL_GREEDY || cfg->policy[s] == POL_HUMAN_GREEDY) continue;
            bots[s].fast = 0;
            mts[m] = &bots[s].mt;
            keys[m++] = derive(purpose, base, salt * 64 + s);
        }
    if (each_seat && cfg->hu_on) hu_seed_seats(cfg, purpose, base, salt, 0);   /* _human.h */
    if (cfg->h2 || cfg->h5 || cfg->ed || cfg->hu_on) {
        bots[MAXP].fast = 0;
        mts[m] = &bots[MAXP].mt;
        keys[m++] = derive(hpurpose, base, salt);
    }
    mts[m] = &bots[MAXP + 1].mt;
    keys[m++] = deal_seed;
    mt_seed_many(mts, keys, m);
    cfg->pre = &bots[MAXP + 1].mt;
    cfg->pre_seed = deal_seed;
}

/* random.Random.randint(0, 2**63 - 1), as unokit.match draws a hand's seed: getrandbits(64) (the low word
 * first) until it is below 2**63 */
static uint64_t mt_seed63(MT *r) {
    for (;;) {
        uint64_t lo = mt_u32(r), hi = mt_u32(r);
        if (!(hi >> 31)) return hi << 32 | lo;
    }
}

/* play_matches(cfg, match_seeds, target, dealer_step, max_hands, bot_purpose, hand_purpose, harness_purpose):
 * whole matches of unokit.match.Match in its "points" mode with no match rule, as the lab plays them
 * (unokit.lab.compiled_chunks): the match's generator random.Random(seed) draws each hand's seed (randint(0,
 * 2**63 - 1)), the dealer is drawn for every hand (dealer_step 0: ambiguity digit A=1) or passes to the left of
 * the last scored hand's (1: A=3), hand h's bots draw from derive_seed(derive_seed(seed, h, hand_purpose), s,
 * bot_purpose), the winner scores the points left in the other hands, and the match ends when a score reaches
 * target or after max_hands hands; a hand cut short at cfg's max_steps is void (no score; the same dealer deals
 * a new seed). Referee chance only. Returns int32 bytes, per match: over, hands scored, void hands, turns. */
static PyObject *py_play_matches(PyObject *self, PyObject *args) {
    PyObject *cfgo;
    Py_buffer seeds;
    int target, step, max_hands;
    const char *purpose, *mpurpose, *hpurpose;
    if (!PyArg_ParseTuple(args, "Oy*iiisss", &cfgo, &seeds, &target, &step, &max_hands, &purpose, &mpurpose,
                          &hpurpose))
        return NULL;
    Config cfg;
    if (read_config(cfgo, &cfg) < 0 || seeds.len % 8 || strlen(purpose) > 40 || strlen(mpurpose) > 40
            || strlen(hpurpose) > 40 || cfg.fast || step < 0 || step > 1 || max_hands < 1 || target < 1) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "bad seeds, purposes or match settings");
        PyBuffer_Release(&seeds);
        return NULL;
    }
    Py_ssize_t count = seeds.len / 8;
    int n = cfg.n;
    PyObject *out = PyBytes_FromStringAndSize(NULL, count * 4 * 4);
    Game *g = PyMem_RawMalloc(sizeof(Game));
    Rng *bots = PyMem_RawMalloc(sizeof(Rng) * (MAXP + 2));
    Strat *st = PyMem_RawMalloc(sizeof(Strat));
    MT *mr = PyMem_RawMalloc(sizeof(MT));
    if (!out || !g || !bots || !st || !mr) {
        Py_XDECREF(out); PyMem_RawFree(g); PyMem_RawFree(bots); PyMem_RawFree(st); PyMem_RawFree(mr);
        PyBuffer_Release(&seeds);
        return PyErr_NoMemory();
    }
    st->logging = 0;
    int32_t *res = (int32_t *)PyBytes_AS_STRING(out);
    const uint64_t *sv = (const uint64_t *)seeds.buf;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < count; i++) {
        int64_t scores[MAXP] = {0};
        int32_t rec[64 + 2 * MAXP];
        int over = 0, scored = 0, voids = 0, hands = 0, dealer = -1;
        long long turns = 0;
        mt_seed(mr, sv[i]);
        uint64_t hand_seed = mt_seed63(mr);
        while (!over && hands < max_hands) {
            Config c = cfg;
            c.dealer = dealer;
            seed_referee_hand(&c, bots, 1, purpose, hpurpose, derive(mpurpose, sv[i], hands), 0, hand_seed);
            play_hand(g, &c, hand_seed, bots, 0, st, rec);
            hands++;
            turns += rec[F_TURNS];
            int w = rec[F_WINNER];
            if (w < 0) {                       /* void: the same slot, a fresh seed */
                voids++;
                hand_seed = mt_seed63(mr);
                continue;
            }
            for (int s = 0; s < n; s++) if (s != w) scores[w] += rec[NFIELDS + n + s];
            scored++;
            if (scores[w] >= target) { over = 1; break; }
            dealer = step ? (rec[F_DEALER] + 1) % n : -1;
            hand_seed = mt_seed63(mr);
        }
        int32_t *o = res + 4 * i;
        o[0] = over; o[1] = scored; o[2] = voids; o[3] = (int32_t)turns;
    }
    Py_END_ALLOW_THREADS
    PyMem_RawFree(g); PyMem_RawFree(bots); PyMem_RawFree(st); PyMem_RawFree(mr);
    PyBuffer_Release(&seeds);
    return out;
}

/* ids outside the core (unokit.fast's numbering, then the house rules' moves after all of them) */
static int id_out(int id) {
    int seat = id / XPS, k = id % XPS;
    if (k == K_SLAP) return SLAP_BASE + seat;
    if (k == K_DOUBTDRAW) return DOUBTDRAW_BASE + seat;
    return k < APS ? seat * APS + k : EXT_BASE + seat * EXT_PER + (k - APS);
}

static int id_in(long o) {   /* -1: no such id */
    if (o < 0) return -1;
    if (o < EXT_BASE) return (int)(o / APS) * XPS + (int)(o % APS);
    if (o >= DOUBTDRAW_BASE) return o < DOUBTDRAW_BASE + MAXP ? (int)(o - DOUBTDRAW_BASE) * XPS + K_DOUBTDRAW : -1;
    if (o >= SLAP_BASE) return o < SLAP_BASE + MAXP ? (int)(o - SLAP_BASE) * XPS + K_SLAP : -1;
    o -= EXT_BASE;
    return (int)(o / EXT_PER) * XPS + APS + (int)(o % EXT_PER);
}

/* trace(cfg, seed, policy_seed, decisions or None, max_actions, full=False):
 * one hand with one bench/random-play generator (random.Random(policy_seed)) or scripted ids;
 * returns (steps, final) where each step is (seat, legal ids of every seat, id applied, state after)
 * and a state is (hands, stock, discard, color, direction, current, phase, pending, drawn, winner),
 * with `full` followed by (uno_said, catchable seats, going_out, pending_kind, the Wild Draw Four's
 * player or -1, the seat that may challenge an ADDUP sum or -1). */
static PyObject *state_tuple(const Game *g, int full) {
    PyObject *hands = PyList_New(g->n);
    for (int s = 0; s < g->n; s++) {
        PyObject *h = PyList_New(g->hand_len[s]);
        for (int i = 0; i < g->hand_len[s]; i++) PyList_SET_ITEM(h, i, PyLong_FromLong(g->hands[s][i]));
        PyList_SET_ITEM(hands, s, h);
    }
    PyObject *stock = PyList_New(g->stock_len), *disc = PyList_New(g->discard_len);
    for (int i = 0; i < g->stock_len; i++) PyList_SET_ITEM(stock, i, PyLong_FromLong(g->stock[i]));
    for (int i = 0; i < g->discard_len; i++) PyList_SET_ITEM(disc, i, PyLong_FromLong(g->discard[i]));
    if (!full)
        return Py_BuildValue("(NNNiiiiiii)", hands, stock, disc, g->color, g->direction, g->current, g->phase,
                             g->pending, g->drawn, g->winner);
    PyObject *said = PyList_New(g->n), *catchable = PyList_New(0);
    for (int s = 0; s < g->n; s++) {
        PyList_SET_ITEM(said, s, PyBool_FromLong(g->uno_said[s]));
        if (g->catchable >> s & 1) { PyObject *v = PyLong_FromLong(s); PyList_Append(catchable, v); Py_DECREF(v); }
    }
    return Py_BuildValue("(NNNiiiiiiiNNiiii)", hands, stock, disc, g->color, g->direction, g->current, g->phase,
                         g->pending, g->drawn, g->winner, said, catchable, g->going_out, g->pending_kind,
                         g->wd4_bluffer, g->sum_seat);
}

static PyObject *py_trace(PyObject *self, PyObject *args) {
    PyObject *cfgo, *decisions;
    unsigned long long seed, pseed;
    int max_actions, full = 0;
    if (!PyArg_ParseTuple(args, "OKKOi|i", &cfgo, &seed, &pseed, &decisions, &max_actions, &full)) return NULL;
    Config cfg;
    if (read_config(cfgo, &cfg) < 0) return NULL;
    if (cfg.h2) return h2_trace(&cfg, seed, pseed, decisions, max_actions, full);   /* _house2.h */
    if (cfg.ed) return ed_trace(&cfg, seed, pseed, decisions, max_actions);          /* an edition (_editions.h) */
    Game *g = PyMem_RawMalloc(sizeof(Game));
    Rng *r = PyMem_RawMalloc(sizeof(Rng));
    Strat *st = PyMem_RawMalloc(sizeof(Strat));
    if (!g || !r || !st) { PyMem_RawFree(g); PyMem_RawFree(r); PyMem_RawFree(st); return PyErr_NoMemory(); }
    deal(g, &cfg, seed);
    st->logging = 0;
    strat_begin(st, g, &cfg);
    GrHist gh;
    gr_begin(&gh, g);
    rng_seed(r, pseed, cfg.fast);
    PyObject *steps = PyList_New(0);
    PyObject *first_state = state_tuple(g, full);
    int16_t ids[MAXLEGAL];
    Py_ssize_t nd = decisions == Py_None ? -1 : PySequence_Size(decisions);
    for (int t = 0; !g->over && t < max_actions && steps; t++) {
        if (nd >= 0 && t >= nd) break;
        PyObject *legal = PyList_New(g->n);
        for (int s = 0; s < g->n; s++) {
            int m = legal_ids(g, s, ids);
            PyObject *l = PyList_New(m);
            for (int i = 0; i < m; i++) PyList_SET_ITEM(l, i, PyLong_FromLong(id_out(ids[i])));
            PyList_SET_ITEM(legal, s, l);
        }
        int cur = g->current;
        int m = legal_ids(g, cur, ids), a;
        if (nd >= 0) {
            PyObject *item = PySequence_GetItem(decisions, t);
            long o = item ? PyLong_AsLong(item) : -1;
            Py_XDECREF(item);
            if (PyErr_Occurred()) { Py_DECREF(legal); Py_CLEAR(steps); break; }
            a = id_in(o);
            int ok = 0;
            for (int s = 0; s < g->n && !ok && a >= 0; s++) {
                int mm = legal_ids(g, s, ids);
                for (int i = 0; i < mm; i++) if (ids[i] == a && a / XPS == s) ok = 1;
            }
            if (!ok) {
                PyErr_Format(PyExc_ValueError, "id %ld is not legal at step %d", o, t);
                Py_DECREF(legal); Py_CLEAR(steps); break;
            }
        } else {
            a = cfg.policy[cur] == POL_BENCH ? policy_bench(r, ids, m)
              : cfg.policy[cur] == POL_STRATEGIST ? policy_strategist(st, g, r, ids, m)
              : cfg.policy[cur] == POL_GREEDY ? policy_greedy(&gh, g, ids, m) : policy_random_play(g, r, ids, m);
        }
        strat_observe(st, g, a);
        gr_observe(&gh, g, a);
        apply_id(g, a);
        strat_after(st, g);                 /* SAT's draws (_strategist.h) */
        PyObject *step = Py_BuildValue("(iNiN)", cur, legal, id_out(a), state_tuple(g, full));
        PyList_Append(steps, step);
        Py_DECREF(step);
    }
    PyMem_RawFree(g);
    PyMem_RawFree(r);
    PyMem_RawFree(st);
    if (!steps) { Py_XDECREF(first_state); return NULL; }
    return Py_BuildValue("(NN)", first_state, steps);
}

static PyObject *py_sizeof_state(PyObject *self, PyObject *noargs) {
    return Py_BuildValue("(nn)", (Py_ssize_t)offsetof(Game, rng), (Py_ssize_t)sizeof(Game));
}

static PyObject *py_random_check(PyObject *self, PyObject *args) {
    /* (random(), _randbelow(n)) sequences of random.Random(seed): the tests compare them with CPython */
    unsigned long long seed;
    unsigned int n;
    int count;
    if (!PyArg_ParseTuple(args, "KIi", &seed, &n, &count)) return NULL;
    if (n < 1 || count < 0 || count > 100000) { PyErr_SetString(PyExc_ValueError, "bad arguments"); return NULL; }
    MT r;
    mt_seed(&r, seed);
    PyObject *out = PyList_New(count);
    for (int i = 0; i < count; i++) {
        double x = mt_random(&r);           /* in this order: C leaves argument order open */
        uint32_t v = mt_below(&r, n);
        PyList_SET_ITEM(out, i, Py_BuildValue("(dI)", x, v));
    }
    return out;
}

#include "_vector.h"
#include "_observe.h"  /* observations of a batch's hands: unokit.fast.batch.Batch.observe */
#include "_single.h"   /* one hand stepped from Python: unokit.fast.FastGame */
#include "_flow.h"     /* the RL environments' decision flow (issue 27): unokit.fast.envflow */
#include "_venv.h"     /* the batched RL environment on it: unokit.env.batched */
#include "_h2flow.h"   /* the env's decision flow under _house2.h's rules: unokit.fast.envflow */
#include "_edflow.h"   /* the env's decision flow on an edition's hands: unokit.fast.envflow */
#include "_handorder.h"   /* the hand orders a table shows: unokit.play.handorder */

static PyMethodDef methods[] = {
    {"set_tables", py_set_tables, METH_VARARGS, "Hand over the official tables (unokit.fast.compiled does)."},
    {"derive_seeds", py_derive_seeds, METH_VARARGS, "derive_seed(master, start + i, purpose) for i < count, as uint64 bytes."},
    {"play_batch", py_play_batch, METH_VARARGS, "Play hands; int32 records as bytes."},
    {"play_matches", py_play_matches, METH_VARARGS, "Play whole points matches (the lab's); int32 rows as bytes."},
    {"trace", py_trace, METH_VARARGS, "One hand step by step (differential tests)."},
    {"set_stops", py_set_stops, METH_VARARGS, "Hand over the search bot's table of stopping cards."},
    {"bind_random", py_bind_random, METH_VARARGS, "Read random.Random generators in place (see _rollout.h)."},
    {"random_view", py_random_view, METH_VARARGS, "A bound generator's state as read in place (self-test)."},
    {"sizeof_state", py_sizeof_state, METH_NOARGS, "(bytes of a game state without its generator, with it)."},
    {"random_check", py_random_check, METH_VARARGS, "random.Random(seed) draws, for the tests."},
    STRAT_METHODS
    VEC_METHODS
    OBS_METHODS
    ONE_METHODS
    FLOW_METHODS
    H2FLOW_METHODS
    EDFLOW_METHODS
    ED_METHODS
    VENV_METHODS
    HUMAN_METHODS
    HANDORDER_METHODS
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_ccore",
                                    "unokit's compiled core (see unokit.fast.compiled).", -1, methods};

PyMODINIT_FUNC PyInit__ccore(void) {
    mt_base_init();
    PyObject *m = PyModule_Create(&module);
    if (m) {
        PyModule_AddIntConstant(m, "NFIELDS", NFIELDS);
        PyModule_AddIntConstant(m, "APS", APS);
        PyModule_AddIntConstant(m, "EXT_BASE", EXT_BASE);
        PyModule_AddIntConstant(m, "EXT_PER_SEAT", EXT_PER);
        PyModule_AddIntConstant(m, "SLAP_BASE", SLAP_BASE);
        PyModule_AddIntConstant(m, "XPS", XPS);                 /* a seat's move numbers inside the core */
        PyModule_AddIntConstant(m, "K_DOUBTDRAW", K_DOUBTDRAW);
        PyModule_AddIntConstant(m, "K_SLAP", K_SLAP);
        PyModule_AddIntConstant(m, "NPAIRS", NPAIRS);
        PyModule_AddIntConstant(m, "EXT2_BASE", (long)EXT2_BASE);
        PyModule_AddIntConstant(m, "SAY_BASE", SAY_BASE);
        PyModule_AddIntConstant(m, "DOUBTDRAW_BASE", DOUBTDRAW_BASE);
        PyModule_AddIntConstant(m, "ACCUSE_BASE", ACCUSE_BASE);
        PyModule_AddIntConstant(m, "DISCARD_BASE", (long)DISCARD_BASE);
        PyModule_AddIntConstant(m, "INT64_DIGITS", INT64_DIGITS);
    }
    return m;
}
