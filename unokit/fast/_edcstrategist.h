/* The strategist under a coloured edition (issue 28, point 1): unokit.bots.strategist.StrategistBot on an edition's
 * hand (EdGame, _editions.h) whose cards have colours: UNO Extreme! (its Hit 2, Wild Hit and launcher), UNO Flash
 * (its SLAP rounds; the unit's pick of who plays next is the engine's), UNO Spin (its wheel), UNO Show 'em No Mercy
 * (stacking, the mercy limit, its cards), UNO Flex (the flex sides) and UNO Flip (its two sides: a colour as Python
 * numbers it, the dark ones 4-7, ec_color; a card as the face a move names, EdFace.same; the deck's side in play and
 * the pile's sides nobody has seen in the unseen count; the table turned over resets what was read, 'new-cards';
 * the Wild Draw Colour's victim valued at strategist._UNTIL_COLOR cards, its draws until the colour turn draws).
 *
 * It is _strategist.h's translation of the Python bot (the same components, weights, parameters and floating-point
 * expressions in the same order: W_*, P_*, T_*, ST_CARD, st_danger, st_pnone, st_random) with a card read from its
 * edition face (EdFace: colour, face, wildness, Card.draw, Card.points, number, whether it names a colour) instead of
 * the official tables, and what one seat knows (unokit.bots.knowledge.Scanner) counted per face of the edition's deck,
 * each event read as the referee emits it:
 *  - the launcher's cards (EdFace.strat ESF_HIT_TWO, ESF_WILD_HIT: unokit.fast.ccore.strategist_faces) are valued
 *    as strategist._LAUNCHED values them: the next seat loses the turn and takes the presses' mean (a Hit 2: its
 *    presses times the mean of a press; a Wild Hit: the mean of a press that releases cards), the mean and the chance
 *    of an empty press read from the edition's rolls (EdRules.roll, unokit.rules.editions.extreme.LAUNCHER);
 *  - each press that releases cards is a 'draw' event with no penalty before it, so the Python bot reads it as a
 *    turn draw (the victim is read as lacking the colour in force, stuck, and a draw since the last play); so does
 *    this one (EdGame.hits counts those presses);
 *  - UNO Flash: a seat that has not pressed when the next turn starts draws first, a penalty; a press that closes a
 *    round gives the last seat its penalty;
 *  - UNO Spin (EdGame.spun: the space the wheel stopped on): the draws until a colour are turn draws of one card
 *    each; the hands passed on reset what was read of every seat ('every-hand'); the hand shown to everyone is the
 *    last hand of it shown (knowledge._apply_reveals counts it from its last challenge, if it had one); the cards of a
 *    number or colour put under the top tell no event the Scanner reads; a free discard is one card down; the colour
 *    the spinner names is a 'color' event;
 *  - a reaction's penalty (a catch, a SLAP round closed) is read from the hand sizes around the reaction step
 *    (ec_sizes, ec_reacted).
 *  - the sizes a colour named by a play is trusted from (NAMED_TRUST_LAST when its player is left with one card) are the
 *    Python Scanner's, worked out at the seat's first look (ec_look: EcSeat.ops), not the hands counted from the deal.
 * tests/fast/test_compiled_edcstrategist.py plays hands in C and asks the Python strategist, seeded as the C seat. */

#define EF_SKIP 10
#define EF_REVERSE 11
#define EF_DRAW_TWO 12
#define EF_WILD 13                     /* Face.WILD: the faces below it are the ones lack_face reads */
#define EF_WD4 14
#define EF_SKIP_ALL 20                 /* No Mercy's Skip Everyone, Discard All, Wild Reverse Draw Four, Colour Roulette */
#define EF_DISCARD_ALL 21
#define EF_WRD4 22
#define EF_ROULETTE 25
#define EF_WDC 43                       /* UNO Flip's Wild Draw Colour */
#define EF_FLEXED_2 48                 /* UNO Flex: the flexed numbers 48-51, then its Skip, Reverse and their flex sides */
#define EF_FLEXED_8 51
#define EF_FLEX_SKIP 55
#define EF_FLEX_REVERSE 56
#define EF_FLEXED_SKIP 58
#define EF_FLEXED_REVERSE 59
#define EF_FLEXED_DRAW_TWO 60
#define EF_FLEXED_WILD_TARGET 65
#define EF_FLEXED_WILD_ALL 66
#define EF_FLEXED_WD4 67
#define EC_NCOL 8                      /* the colours as Python numbers them (Color): the four light ones, UNO Flip's dark */
#define EC_UNTIL_COLOR (112.0 / 26.0)  /* strategist._UNTIL_COLOR: cards drawn until a dark colour comes, on average */
#define EC_OPS 384                     /* EcSeat.ops: the size changes logged before a seat's first look */
enum { EC_ADD, EC_SWAP, EC_CAROUSEL, EC_NAME };

/* a size change read (EcSeat.ops), logged until the seat's first look; a is a seat, b cards (EC_ADD) or a seat */
#define EC_LOG(z, o, x, y) do { if (!(z)->looked) { if ((z)->nops < EC_OPS) { \
    (z)->ops[(z)->nops].op = (int8_t)(o); (z)->ops[(z)->nops].a = (int8_t)(x); (z)->ops[(z)->nops].b = (int8_t)(y); \
    (z)->nops++; } else (z)->lost = 1; } } while (0)

typedef struct {                       /* SeatInfo of one other seat */
    double lc_trust[EC_NCOL], lf_trust[EF_WILD], named_trust;
    int16_t lc_at[EC_NCOL], lf_at[EF_WILD], acquired;
    uint8_t lc_has;
    uint16_t lf_has;
    int8_t named;
    uint8_t named_play;                /* the colour was named by a play (its trust read from the sizes: ec_look) */
    uint8_t bluffs_caught, chal, rev_any;   /* chal: challenged since what was read of it was reset; rev_any: rev set */
    uint8_t rev[ED_NF], since[ED_NF];  /* the hand last shown to the reader, its plays since its last challenge */
} EcInfo;

typedef struct {                       /* the Scanner of one strategist seat */
    int8_t ecolor, wd4_before, wd4_player;
    uint8_t eface;
    uint16_t stuck;
    int16_t draws_since;
    int16_t sizes[MAXP];
    /* The Python bot's Scanner starts at its first look (its first act past a free gain: Tracker.analyze), its sizes
     * walked back from the hands then to the last carousel (knowledge._initial_sizes), then read forward from the
     * hand's first event: a size change no event tells (cards of a number or colour put under the top, a seat out)
     * or a carousel before that look leaves its sizes other than the hands'. Until the look (looked) the changes read
     * are logged (ops: EC_ADD seat and cards, EC_SWAP two seats, EC_CAROUSEL, EC_NAME a colour named by a seat's
     * play); at the look the bot's sizes are worked out as it works them out, and the trust of each colour named
     * (NAMED_TRUST_LAST when its player was left with one card) read from them. From then on both read the same. */
    uint8_t looked, lost;              /* lost: more changes than the log holds (the sizes as counted here kept) */
    int16_t nops;
    struct { int8_t op, a, b; } ops[EC_OPS];
    EcInfo info[MAXP];
} EcSeat;

typedef struct {
    int active, n, reveal;
    uint8_t is[MAXP];
    uint16_t drawn[MAXP];              /* the cards each seat had drawn before the move read (ec_after) */
    int8_t roulette;                   /* No Mercy: the move read is the roulette's victim naming its colour */
    uint8_t had;                       /* the cards its player held before the move read */
    int16_t pen;                       /* the cards of the penalty it draws first (the rest: UNO Flip's draws until) */
    int8_t victim;                     /* the launcher's victim of the play read (-1: none) */
    int8_t spinner;                    /* UNO Spin: the seat that spins after the play read (-1: none) */
    int t_card, car_card;              /* the edition's numbers that swap hands, pass every hand (-1: none) */
    double launch_mean, launch_some;   /* the launcher's press: its mean, the chance that it releases cards */
    EcSeat seat[MAXP];
} EcStrat;

static inline const EdFace *ec_f(const EdGame *g, int c) { return &g->R->f[c]; }
static inline int ec_wild(const EdGame *g, int c) { return g->R->f[c].color == ED_NOCOLOR; }
/* a card's colour as Python numbers it (every card shows the side in play: UNO Flip's dark colours are 4-7) */
static inline int ec_color(const EdGame *g, int c) {
    return g->R->f[c].color == ED_NOCOLOR ? -1 : g->R->f[c].color + (g->dark ? ED_NCOLORS : 0);
}

/* a colour a move names (0-3 of the side in play, -1: none), as Python numbers it */
static inline int ec_named(const EdGame *g, int col) { return col < 0 ? -1 : col + (g->dark ? ED_NCOLORS : 0); }

/* a new hand (after ed_deal): the 'first' event read */
static void ec_begin(EcStrat *S, const EdGame *g, const Config *cfg) {
    S->active = 0;
    S->n = g->n;
    S->reveal = cfg->reveal & 3;
    S->victim = S->spinner = -1;
    const EdRules *R = g->R;                 /* what the edition's facts give once a hand (ec_context reads them) */
    S->t_card = S->car_card = -1;
    for (int c = 0; c < R->nf; c++) {
        if (R->f[c].number == 255) continue;
        if (R->f[c].kind == EDK_SWAP) S->t_card = R->f[c].number;
        else if (R->f[c].kind == EDK_PASS) S->car_card = R->f[c].number;
    }
    int sum = 0, empty = 0;
    for (int i = 0; i < R->rolls; i++) { sum += R->roll[i]; empty += R->roll[i] == 0; }
    S->launch_mean = R->rolls ? (double)sum / (double)R->rolls : 0.0;
    S->launch_some = R->rolls ? 1.0 - (double)empty / (double)R->rolls : 1.0;
    int top = g->discard[g->discard_len - 1];
    for (int s = 0; s < g->n; s++) {
        S->is[s] = cfg->policy[s] == POL_STRATEGIST;
        if (!S->is[s]) continue;
        S->active = 1;
        EcSeat *z = &S->seat[s];
        z->ecolor = (int8_t)ec_color(g, top);
        z->eface = ec_f(g, top)->face;
        z->wd4_before = z->wd4_player = -1;
        z->stuck = 0;
        z->draws_since = 0;
        z->looked = z->lost = 0;
        z->nops = 0;
        for (int q = 0; q < g->n; q++) {
            z->sizes[q] = g->hand_len[q];
            EcInfo *f = &z->info[q];
            f->lc_has = 0;
            f->lf_has = 0;
            f->named = -1;
            f->named_trust = 0.0;
            f->named_play = 0;
            f->acquired = 0;
            f->bluffs_caught = 0;
            f->chal = f->rev_any = 0;
            memset(f->since, 0, (size_t)g->R->nf);
        }
    }
}

/* a 'draw' event of `got` cards by p (voluntary: read as a turn draw) */
static void ec_ev_draw(EcSeat *z, int me, int p, int got, int voluntary) {
    if (got <= 0) return;
    z->sizes[p] = (int16_t)(z->sizes[p] + got);
    for (int k = got; k > 0; k -= 127) EC_LOG(z, EC_ADD, p, k > 127 ? 127 : k);
    if (p != me) {
        EcInfo *f = &z->info[p];
        if (voluntary) {
            if (z->ecolor >= 0) {
                f->lc_has |= (uint8_t)(1u << z->ecolor);
                f->lc_trust[z->ecolor] = T_DRAW_TRUST;
                f->lc_at[z->ecolor] = (int16_t)(f->acquired + got);
            }
            if (z->eface < EF_WILD) {
                f->lf_has |= (uint16_t)(1u << z->eface);
                f->lf_trust[z->eface] = T_DRAW_TRUST;
                f->lf_at[z->eface] = (int16_t)(f->acquired + got);
            }
            if (f->named >= 0 && f->named == z->ecolor) f->named = -1;
        }
        f->acquired = (int16_t)(f->acquired + got);
    }
    if (voluntary) { z->stuck |= (uint16_t)(1u << p); z->draws_since++; }
}

/* a 'play' event: card c by p, colour named nc (-1: none) */
static void ec_ev_play(EcSeat *z, const EdGame *g, int me, int p, int c, int nc) {
    int before = z->ecolor, face = ec_f(g, c)->face;
    z->sizes[p]--;
    EC_LOG(z, EC_ADD, p, -1);
    if (nc >= 0 && p != me) EC_LOG(z, EC_NAME, p, 0);
    if (p != me) {
        EcInfo *f = &z->info[p];
        if (ec_wild(g, c)) {
            double trust = face == EF_WD4 ? T_WD4_TRUST : T_WILD_TRUST;
            if (f->named >= 0 && f->named == before) trust *= 0.3;
            if (before >= 0 && trust > ((f->lc_has >> before & 1) ? f->lc_trust[before] : 0.0)) {
                f->lc_has |= (uint8_t)(1u << before);
                f->lc_trust[before] = trust;
                f->lc_at[before] = f->acquired;
            }
        } else f->lc_has &= (uint8_t)~(1u << ec_color(g, c));
        if (face < EF_WILD) f->lf_has &= (uint16_t)~(1u << face);
        f->named = -1;
        if (nc >= 0) {
            f->named = (int8_t)nc;
            f->named_play = 1;
            f->named_trust = z->sizes[p] <= 1 ? T_NAMED_TRUST_LAST : T_NAMED_TRUST;   /* (before the look: ec_look) */
            f->lc_has &= (uint8_t)~(1u << nc);
        }
        f->since[c]++;
    }
    if (face == EF_WD4) { z->wd4_before = (int8_t)before; z->wd4_player = (int8_t)p; }
    z->ecolor = (int8_t)(nc >= 0 ? nc : ec_color(g, c));
    z->eface = (uint8_t)face;
    z->stuck = 0;
    z->draws_since = 0;
}

/* the 'challenge' event of the Wild Draw Four on top by p (its draws: ec_after) */
static void ec_ev_challenge(const EcStrat *S, EcSeat *z, const EdGame *g, int me, int p) {
    int b = g->wd4_by, guilty = g->wd4_bluff;
    if (b < 0 || b == me) return;
    EcInfo *f = &z->info[b];
    if (S->reveal == 1 || me == p) {           /* the hand is shown to this seat */
        memset(f->rev, 0, (size_t)g->R->nf);
        for (int i = 0; i < g->hand_len[b]; i++) f->rev[g->R->f[g->hands[b][i]].same]++;
        f->rev_any = 1;
    }
    memset(f->since, 0, (size_t)g->R->nf);
    f->chal = 1;
    if (!guilty && z->wd4_before >= 0) {
        f->lc_has |= (uint8_t)(1u << z->wd4_before);
        f->lc_trust[z->wd4_before] = 1.0;
        f->lc_at[z->wd4_before] = f->acquired;
    }
    if (guilty) f->bluffs_caught++;
}

/* Every strategist seat reads the events of move a, before it is applied (its draws after: ec_after) */
static void ec_observe(EcStrat *S, const EdGame *g, EdMove a) {
    if (!S->active) return;
    int p = a.seat, slapped[MAXP] = {0};
    for (int s = 0; s < g->n; s++) S->drawn[s] = g->drawn_by[s];
    S->roulette = a.kind == EM_COLOR && g->victim == p;
    S->had = g->hand_len[p];
    {   /* the penalty drawn first by a pending draw or a challenge (Game.draw_cards: what the stock and pile hold) */
        int avail = g->stock_len + (g->discard_len > 1 ? g->discard_len - 1 : 0), k = 0;
        if (a.kind == EM_DRAW && g->phase == PH_PENDING) k = g->pending;
        else if (a.kind == EM_CHALLENGE)
            k = g->wd4_bluff ? g->R->f[g->discard[g->discard_len - 1]].draw : g->pending + g->R->wrong_extra;
        S->pen = (int16_t)(k < avail ? k : avail);
    }
    S->victim = a.kind == EM_PLAY && ec_f(g, a.card)->kind == EDK_LAUNCH ? (int8_t)ed_next(g, p, 1) : -1;
    S->spinner = a.kind == EM_PLAY && ec_f(g, a.card)->kind == EDK_SPIN && g->hand_len[p] > 1
               ? (int8_t)ed_next(g, p, 1) : -1;
    if (g->slap && (a.kind == EM_PLAY || a.kind == EM_DRAW || a.kind == EM_CHALLENGE)) {
        /* UNO Flash (ed_flash_start): the next turn starts, whoever has not pressed draws first (a penalty) */
        int avail = g->stock_len + (g->discard_len > 1 ? g->discard_len - 1 : 0);
        for (int q = 0; q < g->n; q++) {
            if (!ed_in(g, q) || (g->pressed >> q & 1)) continue;
            slapped[q] = g->R->slap_penalty < avail ? g->R->slap_penalty : avail;
            avail -= slapped[q];
            S->drawn[q] = (uint16_t)(S->drawn[q] + slapped[q]);
        }
    }
    for (int me = 0; me < g->n; me++) {
        if (!S->is[me]) continue;
        EcSeat *z = &S->seat[me];
        for (int q = 0; q < g->n; q++) ec_ev_draw(z, me, q, slapped[q], 0);
        if (a.kind == EM_PLAY) ec_ev_play(z, g, me, p, a.card, ec_named(g, a.color));
        else if (a.kind == EM_CHALLENGE) ec_ev_challenge(S, z, g, me, p);
        else if (a.kind == EM_DISCARD) {                     /* UNO Spin's free discard ('discard-under': one down) */
            z->sizes[p]--;
            EC_LOG(z, EC_ADD, p, -1);
        }
        else if (a.kind == EM_COLOR) {
            z->ecolor = (int8_t)ec_named(g, a.color);
            if (p != me) {
                z->info[p].named = (int8_t)ec_named(g, a.color);
                z->info[p].named_trust = T_NAMED_TRUST;
                z->info[p].named_play = 0;
            }
        }
    }
}

/* knowledge._reset: what was read of a seat whose hand changed (its reveal too: knowledge._apply_reveals) */
static inline void ec_reset(EcInfo *f) {
    f->lc_has = 0;
    f->lf_has = 0;
    f->named = -1;
    f->chal = 0;
}

/* UNO Spin: the space the spinner's wheel stopped on, as its events read (Spin.on_turn_start) */
static void ec_spun(EcSeat *z, const EdGame *g, int me, int q, int got) {
    switch (g->spun - 1) {
    case SP_UNTIL:                         /* Game.draw_until: a 'draw' of one card at a time, no penalty before */
        for (int i = 0; i < got; i++) ec_ev_draw(z, me, q, 1, 1);
        break;
    case SP_PASS:                          /* the carousel ('every-hand'): what was read of every seat is reset */
        for (int s = 0; s < g->n; s++) ec_reset(&z->info[s]);
        EC_LOG(z, EC_CAROUSEL, 0, 0);
        break;
    case SP_SHOW:                          /* shown to everyone: the last hand of q shown (no challenge event) */
        if (q != me) {
            EcInfo *f = &z->info[q];
            memset(f->rev, 0, (size_t)g->R->nf);
            for (int i = 0; i < g->hand_len[q]; i++) f->rev[g->R->f[g->hands[q][i]].same]++;
            f->rev_any = 1;
        }
        break;
    default:                               /* the cards of a number or colour put under the top: no event read */
        break;
    }
}

/* the cards seat q drew since the snapshot (S->drawn) */
static inline int ec_got(const EcStrat *S, const EdGame *g, int q) { return g->drawn_by[q] - S->drawn[q]; }

/* the hands swapped by p's play naming q (a 'swap' event: tracking "swap-hands") */
static void ec_swapped(EcSeat *z, int me, int p, int q) {
    int16_t t = z->sizes[p];
    z->sizes[p] = z->sizes[q];
    z->sizes[q] = t;
    EC_LOG(z, EC_SWAP, p, q);
    if (p != me && q != me) {              /* the evidence travels with the hand */
        EcInfo tmp = z->info[p];
        z->info[p] = z->info[q];
        z->info[q] = tmp;
        z->info[p].chal = z->info[q].chal = 0;          /* (knowledge._apply_reveals: a swap resets both reveals) */
    } else {                               /* I was part of it */
        ec_reset(&z->info[p]);
        ec_reset(&z->info[q]);
    }
}

/* after move a (read by ec_observe) is applied: its draws (from the cards each seat drew) and its hooks' events */
static void ec_after(EcStrat *S, const EdGame *g, EdMove a, int phase) {
    if (!S->active) return;
    int p = a.seat;
    for (int me = 0; me < g->n; me++) {
        if (!S->is[me]) continue;
        EcSeat *z = &S->seat[me];
        if (a.kind == EM_PLAY) {
            const EdFace *f = ec_f(g, a.card);
            int left = S->had > 1;                     /* (the hooks act on a hand the play did not empty) */
            if (S->spinner >= 0 && g->spun) ec_spun(z, g, me, S->spinner, ec_got(S, g, S->spinner));
            else if (S->victim >= 0 && g->hits) {      /* each press that released cards */
                int q = S->victim;
                ec_ev_draw(z, me, q, ec_got(S, g, q), 1);
                z->draws_since = (int16_t)(z->draws_since + g->hits - 1);
            } else if (f->kind == EDK_SWAP && a.target >= 0 && left) ec_swapped(z, me, p, a.target);
            else if (f->kind == EDK_PASS && left) {    /* the carousel ('every-hand') */
                for (int s = 0; s < g->n; s++) ec_reset(&z->info[s]);
                EC_LOG(z, EC_CAROUSEL, 0, 0);
            }
            else if (f->kind == EDK_AIM_DRAW || f->kind == EDK_ALL_DRAW)   /* UNO Flex: Game.draw_cards, no penalty */
                for (int q = 0; q < g->n; q++) ec_ev_draw(z, me, q, ec_got(S, g, q), 1);
            else if (f->kind == EDK_FLIP)              /* UNO Flip: the table turned over ('new-cards') */
                for (int s = 0; s < g->n; s++) ec_reset(&z->info[s]);
        } else if (a.kind == EM_DRAW) {                /* a turn draw: one 'draw' a card (Game._draw_with_policy) */
            int got = ec_got(S, g, p);
            if (phase == PH_PLAY) for (int i = 0; i < got; i++) ec_ev_draw(z, me, p, 1, 1);
            else {                                     /* a pending draw, then UNO Flip's draws until the colour */
                ec_ev_draw(z, me, p, got < S->pen ? got : S->pen, 0);
                for (int i = S->pen; i < got; i++) ec_ev_draw(z, me, p, 1, 1);
            }
        } else if (a.kind == EM_COLOR && S->roulette) {   /* No Mercy's roulette: Game.draw_until, a card a time */
            int got = ec_got(S, g, p);
            for (int i = 0; i < got; i++) ec_ev_draw(z, me, p, 1, 1);
        } else if (a.kind == EM_CHALLENGE) {           /* its penalty, then UNO Flip's draws until the colour */
            for (int q = 0; q < g->n; q++) {
                int got = ec_got(S, g, q);
                ec_ev_draw(z, me, q, got < S->pen ? got : S->pen, 0);
                for (int i = S->pen; i < got; i++) ec_ev_draw(z, me, q, 1, 1);
            }
        } else if (a.kind == EM_CATCH || a.kind == EM_SLAP) {   /* penalties */
            for (int q = 0; q < g->n; q++) ec_ev_draw(z, me, q, ec_got(S, g, q), 0);
        }
    }
}

/* around a reaction step (an UNO call or a catch, applied inside it): a catch's penalty */
static inline void ec_sizes(EcStrat *S, const EdGame *g) {
    if (S->active) for (int s = 0; s < g->n; s++) S->drawn[s] = g->drawn_by[s];
}

static void ec_reacted(EcStrat *S, const EdGame *g) {
    if (!S->active) return;
    for (int me = 0; me < g->n; me++)
        if (S->is[me])
            for (int q = 0; q < g->n; q++) ec_ev_draw(&S->seat[me], me, q, ec_got(S, g, q), 0);
}

/* ---------------------------------------------------------------- one decision (strategist._Ctx, Knowledge) */
typedef struct {
    const EdGame *g;
    const EcSeat *z;
    int me, n, d, phase, color, topface, pending, nh, na;
    uint16_t out;                      /* the seats out of the hand (No Mercy's mercy rule: _Ctx.eliminated) */
    int nomercy, mercy;                /* _Ctx.nomercy (an edition with a mercy limit), the limit */
    int t_card, car_card;              /* the numbers whose play swaps hands with a seat named, passes every hand
                                        * (No Mercy's 7 and 0: _Ctx.t_card, car_card; -1: none) */
    const uint8_t *hand;               /* my hand, each card as the face a move names (UNO Flip: EdFace.same) */
    uint8_t own[ED_NDECK];
    int sizes[MAXP];
    double max_danger, launch_mean, launch_some;   /* a press's mean, the chance that a press releases cards */
    int min_opp;
    int unseen[ED_NF], unseen_total, unseen_sum, ucolor[EC_NCOL], ucol_tot, uface[EF_WILD][EC_NCOL], uwild;
    uint8_t known[MAXP][ED_NF];
    int nknown[MAXP];
    uint8_t kcolor[MAXP], kface[MAXP][EF_WILD], kwild[MAXP];
} EcCtx;

static inline int ec_nxt(const EcCtx *x, int seat, int steps, int d) {
    int s = seat;
    for (int i = 0; i < steps; i++) {
        s = ((s + d) % x->n + x->n) % x->n;
        while (x->out >> s & 1) s = ((s + d) % x->n + x->n) % x->n;   /* the seats out are skipped */
    }
    return s;
}

static void ec_context(EcCtx *x, const EcStrat *S, const EdGame *g, int me) {
    const EdRules *R = g->R;
    x->g = g;
    x->z = &S->seat[me];
    x->me = me;
    x->n = g->n;
    x->out = g->out;
    x->na = ed_active(g);
    x->nomercy = R->mercy > 0;
    x->mercy = R->mercy;
    x->t_card = S->t_card;
    x->car_card = S->car_card;
    x->launch_mean = S->launch_mean;
    x->launch_some = S->launch_some;
    x->d = g->direction;
    x->phase = g->phase;
    x->color = ec_named(g, g->color);
    x->topface = ec_f(g, g->discard[g->discard_len - 1])->face;
    x->pending = g->pending;
    x->nh = g->hand_len[me];
    for (int i = 0; i < x->nh; i++) x->own[i] = R->f[g->hands[me][i]].same;
    x->hand = x->own;
    x->max_danger = 0.0;
    x->min_opp = 99;
    int have = 0;
    for (int s = 0; s < g->n; s++) {
        x->sizes[s] = g->hand_len[s];
        if (s == me || (g->out >> s & 1)) continue;      /* ctx.opps: the seats left */
        double dg = st_danger(g->hand_len[s]);
        if (!have || dg > x->max_danger) x->max_danger = dg;
        if (g->hand_len[s] < x->min_opp) x->min_opp = g->hand_len[s];
        have = 1;
    }
    int total_known = 0, nf = R->nf;
    for (int s = 0; s < g->n; s++) {                   /* a challenged hand, less what was played since */
        x->nknown[s] = 0;
        x->kcolor[s] = 0;
        x->kwild[s] = 0;
        memset(x->kface[s], 0, EF_WILD);
        const EcInfo *f = &x->z->info[s];
        if (s == me || !f->chal || !f->rev_any) continue;   /* knowledge._apply_reveals */
        int k = 0;
        for (int c = 0; c < nf; c++) {
            int h = (int)f->rev[c] - (int)f->since[c];
            x->known[s][c] = (uint8_t)(h > 0 ? h : 0);
            k += x->known[s][c];
        }
        if (k <= 0 || k > g->hand_len[s]) continue;
        x->nknown[s] = k;
        total_known += k;
        for (int c = 0; c < nf; c++) {
            if (!x->known[s][c]) continue;
            if (ec_wild(g, c)) x->kwild[s] = 1;
            else {
                int cc = ec_color(g, c), fc = ec_f(g, c)->face;
                x->kcolor[s] |= (uint8_t)(1u << cc);
                if (fc < EF_WILD) x->kface[s][fc] |= (uint8_t)(1u << cc);
            }
        }
    }
    int cnt[ED_NF], seen = g->discard_len - g->discard_unseen;   /* (UNO Flip: the pile's sides nobody has seen) */
    memset(cnt, 0, sizeof(int) * (size_t)nf);         /* the deck (its side in play) less my hand, the pile seen and */
    for (int i = 0; i < R->nd; i++) cnt[R->f[g->dark ? R->f[R->deck[i]].turned : R->deck[i]].same]++;   /* the known */
    for (int i = 0; i < x->nh; i++) cnt[x->hand[i]]--;
    for (int i = g->discard_unseen; i < g->discard_len; i++) cnt[R->f[g->discard[i]].same]--;
    for (int s = 0; s < g->n; s++)
        if (x->nknown[s])
            for (int c = 0; c < nf; c++) cnt[c] -= x->known[s][c];
    int total = g->stock_len + seen;
    for (int s = 0; s < g->n; s++) total += g->hand_len[s];
    x->unseen_total = total - x->nh - seen - total_known;
    if (x->unseen_total < 0) x->unseen_total = 0;
    x->unseen_sum = 0;
    memset(x->ucolor, 0, sizeof x->ucolor);
    memset(x->uface, 0, sizeof x->uface);
    int wild = 0;
    for (int c = 0; c < nf; c++) {
        int v = cnt[c] > 0 ? cnt[c] : 0;
        x->unseen[c] = v;
        x->unseen_sum += v;
        if (ec_wild(g, c)) wild += v;
        else {
            int cc = ec_color(g, c), fc = ec_f(g, c)->face;
            x->ucolor[cc] += v;
            if (fc < EF_WILD) x->uface[fc][cc] += v;
        }
    }
    x->uwild = (x->unseen_total - x->unseen_sum > 0 ? x->unseen_total - x->unseen_sum : 0) + wild;
    x->ucol_tot = 0;
    for (int cc = 0; cc < EC_NCOL; cc++) x->ucol_tot += x->ucolor[cc];
}

static inline int ec_k(const EcCtx *x, int q) { int k = x->sizes[q] - x->nknown[q]; return k > 0 ? k : 0; }
static inline int ec_pool(const EcCtx *x) { return x->unseen_total > 1 ? x->unseen_total : 1; }

/* Knowledge.p_has_color (with the evidence: read_opponents on) */
static double ec_has_color(const EcCtx *x, int q, int color, int evidence) {
    const EcInfo *f = &x->z->info[q];
    return st_p_has(x->kcolor[q] >> color & 1, ec_k(x, q), ec_pool(x), x->ucolor[color],
                    evidence && (f->lc_has >> color & 1), f->lc_has >> color & 1 ? f->lc_trust[color] : 0.0,
                    f->lc_has >> color & 1 ? f->acquired - f->lc_at[color] : 0,
                    evidence && f->named >= 0 && f->named == color, f->named_trust);
}

/* Knowledge.p_has_face(q, face, other_than) */
static double ec_has_face(const EcCtx *x, int q, int face, int other, int evidence) {
    const EcInfo *f = &x->z->info[q];
    int good = 0;
    for (int c = 0; c < EC_NCOL; c++) if (c != other) good += x->uface[face][c];
    return st_p_has(x->kface[q][face] & (uint8_t)~(1u << other), ec_k(x, q), ec_pool(x), good,
                    evidence && (f->lf_has >> face & 1), f->lf_has >> face & 1 ? f->lf_trust[face] : 0.0,
                    f->lf_has >> face & 1 ? f->acquired - f->lf_at[face] : 0, 0, 0.0);
}

static double ec_has_wild(const EcCtx *x, int q) {
    return st_p_has(x->kwild[q], ec_k(x, q), ec_pool(x), x->uwild, 0, 0.0, 0, 0, 0.0);
}

/* Knowledge.p_can_play */
static double ec_kcan_play(const EcCtx *x, int q, int color, int face) {
    if (x->sizes[q] <= 0) return 0.0;
    int ev = W_READ_OPPONENTS > 0;
    double pc = ec_has_color(x, q, color, ev);
    double pf = face < EF_WILD ? ec_has_face(x, q, face, color, ev) : 0.0;
    return st_p_any(pc, pf, ec_has_wild(x, q));
}

/* _Ctx.p_can_play: size < 0 is None (the seat keeps its hand) */
static double ec_can_play(const EcCtx *x, int q, int color, int face, int size) {
    if (size >= 0 && size != x->sizes[q]) return st_scaled(ec_kcan_play(x, q, color, face), size, x->sizes[q] > 1 ? x->sizes[q] : 1);
    return ec_kcan_play(x, q, color, face);
}

static inline int ec_follows(const EcCtx *x, int c, int col, int face) {
    return ec_wild(x->g, c) || ec_color(x->g, c) == col || ec_f(x->g, c)->face == face;
}

/* StrategistBot._static: holding `rest` with the pile at (col, face) and `actor` to play next; sizes NULL: ctx.sizes */
static double ec_static(const EcCtx *x, const uint8_t *rest, int nr, int col, int face, int actor, const int *sizes,
                        int again) {
    const EdGame *g = x->g;
    double v = 0.0;
    if (!nr) return 100.0;
    int cols[EC_NCOL], ncols = 0, faces[ED_NDECK], nfaces = 0, wilds = 0;
    unsigned colseen = 0;
    uint64_t faceseen[2] = {0, 0};
    for (int i = 0; i < nr; i++) {
        int c = rest[i];
        if (ec_wild(g, c)) { wilds++; continue; }
        int cc = ec_color(g, c), f = ec_f(g, c)->face;
        if (!(colseen >> cc & 1)) { colseen |= 1u << cc; cols[ncols++] = cc; }
        if (!(faceseen[f >> 6] >> (f & 63) & 1)) { faceseen[f >> 6] |= 1ULL << (f & 63); faces[nfaces++] = f; }
    }
    int me = x->me;
    if (W_CONTINUITY > 0) {
        int follow = 0;
        for (int i = 0; i < nr; i++) follow += ec_follows(x, rest[i], col, face);
        double s = (again || actor == me) ? 1.0 : x->na == 2 ? 0.5 : x->na == 3 ? 0.35 : 0.25;
        double now = follow ? 1.0 : 0.0, changed = 0.0;
        int nothers = 0;
        for (int oc = 0; oc < ED_NCOLORS; oc++) {          /* the other colours of COLORS (the light four) */
            if (oc == col) continue;
            nothers++;
            if (wilds || (colseen >> oc & 1)) changed += 1.0;
            else { double t = 0.07 * nfaces; changed += 0.6 <= t ? 0.6 : t; }
        }
        changed /= nothers;
        double p = s * now + (1 - s) * changed;
        v += W_CONTINUITY * (2.0 * p + 0.08 * follow);
    }
    if (W_COLOR_OVER_NUMBER > 0) v += W_COLOR_OVER_NUMBER * (0.25 * ncols + 0.06 * nfaces);
    if (W_CARD_COUNTING > 0) {
        double share = 0.0;
        for (int j = 0; j < ncols; j++)
            share += x->ucol_tot ? (double)x->ucolor[cols[j]] / (double)x->ucol_tot : 0.25;
        double live = 0.0;
        for (int j = 0; j < nfaces; j++) {
            int f = faces[j];
            if (f > 9) continue;
            unsigned mine = 0;
            for (int i = 0; i < nr; i++)
                if (!ec_wild(g, rest[i]) && ec_f(g, rest[i])->face == f) mine |= 1u << ec_color(g, rest[i]);
            int left = 0;
            for (int oc = 0; oc < 4; oc++) if (!(mine >> oc & 1)) left += x->uface[f][oc];
            double t = left / 4.0;
            live += 1.0 <= t ? 1.0 : t;
        }
        v += W_CARD_COUNTING * (0.5 * share + 0.05 * live);
    }
    if (W_SURPRISE_WILD > 0 && wilds) {
        if (nr == 1) v += 2.0 * W_SURPRISE_WILD;
        else if (nr <= 3) v += 0.5 * W_SURPRISE_WILD * wilds;
    }
    if (W_EXTRA_POINTS > 0 && nr == 1 && ec_f(g, rest[0])->card_draw)
        v += W_EXTRA_POINTS * ST_CARD * (0.6 + 1.0 * (1.0 - x->max_danger));
    if (W_MANAGEMENT > 0 && actor != me) {
        double base = P_PRESSURE * (x->na == 2 ? 2.0 : 1.0), chain = 1.0;
        int q = actor;
        for (int step = 0; step < 2; step++) {
            if (q == me) break;
            double pq = ec_can_play(x, q, col, face, sizes ? sizes[q] : -1);
            double imp = ST_CARD * (base + 4.0 * st_danger(sizes ? sizes[q] : x->sizes[q]));
            v -= 1.0 * W_MANAGEMENT * imp * pq * chain * (step == 0 ? 1.0 : 0.35);
            chain *= (1.0 - pq);
            q = ec_nxt(x, q, 1, x->d);
        }
    }
    return v;
}

/* _hold_value (management; no weapon rule under an edition read here) */
static double ec_hold(const EcCtx *x, int c, int two) {
    double v = 0.0;
    if (W_MANAGEMENT > 0) {
        double hold = P_HOLD * ST_CARD * W_MANAGEMENT;
        int f = ec_f(x->g, c)->face;
        if (f == EF_WD4) v += 1.1 * hold;
        else if (ec_wild(x->g, c)) v += hold;
        else if (!two) {
            if (f == EF_DRAW_TWO) v += 0.6 * hold;
            else if (f == EF_SKIP || f == EF_REVERSE) v += 0.35 * hold;
        }
    }
    if (W_WEAPONS > 0 && ec_f(x->g, c)->number != 255 && ec_f(x->g, c)->number == x->t_card)
        v += 1.2 * W_WEAPONS;                          /* weapons: the card that swaps hands (No Mercy's 7) */
    return v;
}

static double ec_value(const EcCtx *x, int c, int named, int target, int depth, const uint8_t *hand, int nh,
                       int color, const int *sizes);

/* _draw_value: a turn draw, a card more, perhaps a playable one */
static double ec_draw_value(const EcCtx *x, const uint8_t *hand, int nh, int col, int face, const int *sizes) {
    int pool = x->unseen_sum > 1 ? x->unseen_sum : 1, playable = 0;
    for (int c = 0; c < x->g->R->nf; c++)
        if (x->unseen[c] && ec_follows(x, c, col, face)) playable += x->unseen[c];
    double p = (double)playable / (double)pool;
    double base = ec_static(x, hand, nh, col, face, ec_nxt(x, x->me, 1, x->d), sizes, 0);
    return -ST_CARD + base + p * 0.9 * ST_CARD;
}

/* _again: two players, the best continuation when a play gives me another turn */
static double ec_again(const EcCtx *x, const uint8_t *rest, int nr, int col, int face, int depth, const int *sizes) {
    const EdGame *g = x->g;
    double best = 0.0;
    int have = 0;
    uint8_t seen[ED_NF];
    memset(seen, 0, (size_t)g->R->nf);
    for (int i = 0; i < nr; i++) {
        int c = rest[i];
        if (seen[c]) continue;
        seen[c] = 1;
        if (!ec_follows(x, c, col, face)) continue;
        if (ec_f(g, c)->names) {
            unsigned cs = 0;
            for (int j = 0; j < nr; j++) if (!ec_wild(g, rest[j]) && rest[j] != c) cs |= 1u << ec_color(g, rest[j]);
            if (!cs) cs = 15;                              /* (set(COLORS): the light four) */
            for (int cc = 0; cc < EC_NCOL; cc++) {
                if (!(cs >> cc & 1)) continue;
                double v = ec_value(x, c, cc, -1, depth, rest, nr, col, sizes);
                if (!have || v > best) { best = v; have = 1; }
            }
        } else {
            double v = ec_value(x, c, -1, -1, depth, rest, nr, col, sizes);
            if (!have || v > best) { best = v; have = 1; }
        }
    }
    if (!have) return ec_draw_value(x, rest, nr, col, face, sizes);
    return best;
}

/* _duel_term, style 'flexible' */
static double ec_duel(const EcCtx *x, int c) {
    if (W_DUEL <= 0) return 0.0;
    int opp = -1;
    for (int s = 0; s < x->n && opp < 0; s++) if (s != x->me && !(x->out >> s & 1)) opp = s;
    int theirs = opp >= 0 ? x->sizes[opp] : 7, mine = x->nh, f = ec_f(x->g, c)->face;
    int kk = (ec_f(x->g, c)->card_draw || f == EF_SKIP || f == EF_REVERSE) ? 1 : 0;
    int ahead = theirs < mine;
    return -W_DUEL * kk * ST_CARD * (ahead ? 0.1 : 0.4) * (1.0 - st_danger(theirs));
}

/* _value_raw: the play of card c (named: the colour named, else -1; target: the seat named, else -1) from `hand`, the
 * colour in force `color` */
static double ec_value_raw(const EcCtx *x, int c, int named, int target, int depth, const uint8_t *hand, int nh,
                           int color, const int *sizes_in) {
    const EdGame *g = x->g;
    const EdFace *fc = ec_f(g, c);
    uint8_t rest[ED_NDECK];
    int nr = st_remove(hand, nh, ed_held_face(g->R, c), rest);   /* (UNO Flex: a flexed face from its flex card) */
    int col = named >= 0 ? named : ec_color(g, c), face = fc->face, me = x->me;
    if (face >= EF_FLEXED_2 && face <= EF_FLEXED_8 && col >= 0) col = (col + 3) % 4;   /* it leaves its own colour */
    if (col < 0) col = color;                          /* a Colour Roulette names none: the colour stays */
    int two = x->na == 2, draw = fc->card_draw, sizes[MAXP];
    for (int s = 0; s < x->n; s++) sizes[s] = sizes_in ? sizes_in[s] : x->sizes[s];
    double v = ST_CARD * 1;
    if (face == EF_DISCARD_ALL) {                      /* No Mercy: every other card of its colour goes down too */
        int k = 0;
        for (int i = 0; i < nr; i++) if (ec_color(g, rest[i]) != ec_color(g, c)) rest[k++] = rest[i];
        v += ST_CARD * (nr - k);
        nr = k;
    }
    sizes[me] = nr;
    double calm = 1.0 - x->max_danger, sm = (nh - 2) / 3.0;
    sm = 0.0 >= sm ? 0.0 : sm;
    sm = 1.0 <= sm ? 1.0 : sm;
    v -= ec_hold(x, c, two) * calm * sm;
    if (!nr) {
        v += 100.0;
        if (draw && W_EXTRA_POINTS > 0) v += 0.5 * W_EXTRA_POINTS * draw / 2;
        return v;
    }
    if (W_POINTS > 0) v += W_POINTS * 0.004 * fc->card_points * (1.0 + 3.0 * x->max_danger);
    int nxt = ec_nxt(x, me, 1, x->d), actor = nxt, vq[MAXP], nvic = 0, skipped[MAXP], nsk = 0;
    double vkc[MAXP];                                  /* victims: seat -> cards, in the order first named */
#define EC_VICTIM(q, kc) do { int _i = 0; while (_i < nvic && vq[_i] != (q)) _i++; \
                              if (_i == nvic) { vq[nvic] = (q); vkc[nvic++] = 0; } vkc[_i] += (kc); } while (0)
    if (draw) {
        double total = face == EF_WDC ? EC_UNTIL_COLOR : draw;   /* UNO Flip's Wild Draw Colour: until a colour */
        int d = face == EF_WRD4 ? -x->d : x->d;                  /* No Mercy's Wild Reverse Draw Four: reverse first */
        if (depth == 0 && x->phase == PH_PENDING) total += x->pending;
        nxt = ec_nxt(x, me, 1, d);
        EC_VICTIM(nxt, total);
        skipped[nsk++] = nxt;
        actor = ec_nxt(x, nxt, 1, d);
    } else if (face == EF_SKIP_ALL || face == EF_FLEXED_SKIP) {   /* No Mercy, Flex: everyone else is skipped */
        for (int s = 0; s < x->n; s++) if (s != me && !(x->out >> s & 1)) skipped[nsk++] = s;
        actor = me;
    } else if (fc->strat == ESF_HIT_TWO || fc->strat == ESF_WILD_HIT) {   /* strategist._LAUNCHED */
        EC_VICTIM(nxt, fc->strat == ESF_WILD_HIT ? x->launch_mean / x->launch_some : fc->presses * x->launch_mean);
        skipped[nsk++] = nxt;
        actor = ec_nxt(x, nxt, 1, x->d);
    } else if (face == EF_ROULETTE) {                  /* No Mercy: the next seat turns cards until a colour (~3.5) */
        EC_VICTIM(nxt, 3.5);
        skipped[nsk++] = nxt;
        actor = ec_nxt(x, nxt, 1, x->d);
    } else if ((face == EF_FLEXED_WILD_TARGET || face == EF_FLEXED_WD4) && target >= 0) {   /* Flex: the seat named */
        EC_VICTIM(target, face == EF_FLEXED_WILD_TARGET ? 2 : 4);
    } else if (face == EF_FLEXED_DRAW_TWO || face == EF_FLEXED_WILD_ALL) {   /* Flex: every other seat draws */
        for (int s = 0; s < x->n; s++)
            if (s != me && !(x->out >> s & 1)) EC_VICTIM(s, face == EF_FLEXED_DRAW_TWO ? 1 : 2);
    } else if (face == EF_FLEXED_REVERSE) {            /* Flex: reverse, then the first seat the other way is skipped */
        skipped[nsk++] = ec_nxt(x, me, 1, -x->d);
        actor = two ? me : ec_nxt(x, me, 2, -x->d);
    } else if (face == EF_SKIP || face == EF_FLEX_SKIP) {   /* (one card: it skips one seat, na - 1 >= 1) */
        skipped[nsk++] = nxt;
        actor = ec_nxt(x, me, 2, x->d);
    } else if (face == EF_REVERSE || face == EF_FLEX_REVERSE) {
        if (two) { actor = me; skipped[nsk++] = nxt; }
        else actor = ec_nxt(x, me, 1, -x->d);
    }
#undef EC_VICTIM
    if (x->t_card >= 0 && target >= 0 && fc->number == x->t_card) {   /* _swap_gain: scene stealing */
        v += st_swap_value(sizes, me, target, nr);
    } else if (x->car_card >= 0 && fc->number == x->car_card && W_SCENE_STEALING > 0) {   /* every hand passes on */
        int nw[MAXP] = {0}, prev[MAXP] = {0}, before = 0, after = 0, have = 0;
        for (int s = 0; s < x->n; s++) nw[s] = sizes[s];
        for (int s = 0; s < x->n; s++) prev[s] = nw[s];
        for (int s = 0; s < x->n; s++) if (!(x->out >> s & 1)) nw[s] = prev[ec_nxt(x, s, 1, -x->d)];
        for (int s = 0; s < x->n; s++) {
            if (s == me || (x->out >> s & 1)) continue;
            if (!have || sizes[s] < before) before = sizes[s];
            if (!have || nw[s] < after) after = nw[s];
            have = 1;
        }
        v += W_SCENE_STEALING * ST_CARD * ((nr - nw[me]) + 0.8 * (after - before));
        for (int s = 0; s < x->n; s++) if (!(x->out >> s & 1)) sizes[s] = nw[s];
    }
    if (W_MANAGEMENT > 0) {
        for (int i = 0; i < nvic; i++) {
            int q = vq[i];
            if (q == me) { v -= ST_CARD * vkc[i]; sizes[me] += (int)vkc[i]; continue; }
            v += 1.0 * W_MANAGEMENT * ST_CARD * vkc[i] * (P_VICTIM + 0.8 * st_danger(sizes[q]));
            sizes[q] += (int)nearbyint(vkc[i]);            /* (Python's round: half to even) */
            if (x->nomercy && sizes[q] >= x->mercy) v += two ? 100.0 : 4.0 * ST_CARD;   /* the victim is out */
        }
        for (int i = 0; i < nsk; i++)
            if (skipped[i] != me && !two) v += 1.0 * W_MANAGEMENT * ST_CARD * (0.4 + 1.2 * st_danger(x->sizes[skipped[i]]));
    }
    if (W_ZERO > 0 && fc->number == 0 && x->t_card != 0 && x->car_card != 0)
        v += (nh <= x->min_opp ? 0.6 : -0.6) * W_ZERO;
    if (two && actor == me) {
        v += ec_duel(x, c);
        if (depth < 3) v += ec_again(x, rest, nr, col, face, depth + 1, sizes);
        else v += ec_static(x, rest, nr, col, face, me, sizes, 1);
        return v;
    }
    v += ec_static(x, rest, nr, col, face, actor, sizes, 0);
    return v;
}

/* _value: with bluff_caution, a Wild Draw Four played while holding the colour in force (`color`) */
static double ec_value(const EcCtx *x, int c, int named, int target, int depth, const uint8_t *hand, int nh,
                       int color, const int *sizes) {
    double v = ec_value_raw(x, c, named, target, depth, hand, nh, color, sizes);
    if (W_BLUFF_CAUTION > 0 && ec_f(x->g, c)->face == EF_WD4) {
        uint8_t rest[ED_NDECK];
        int nr = st_remove(hand, nh, ed_held_face(x->g->R, c), rest), held = 0;
        for (int i = 0; i < nr && !held; i++) held = ec_color(x->g, rest[i]) == color;
        if (held) {
            double pc = P_CHALLENGED * W_BLUFF_CAUTION;
            if (pc > 1.0) pc = 1.0;
            v = (1.0 - pc) * v - pc * 5.0 * ST_CARD;
        }
    }
    return v;
}

/* _consume: drawing is weighed against playing (the plays vis of L) */
static int ec_consume(const EcCtx *x, const EdMove *L, const int *vis, int nv) {
    if (!nv) return 1;
    int two = x->na == 2, cold = x->max_danger < 0.3 && x->nh >= 5;
    if (cold) {
        int all = 1;
        for (int i = 0; i < nv && all; i++) all = ec_hold(x, L[vis[i]].card, two) > 0;
        if (all) return 1;
    }
    int nxt = ec_nxt(x, x->me, 1, x->d);
    if (nxt != x->me && x->sizes[nxt] <= 1) {
        for (int i = 0; i < nv; i++) {
            int c = L[vis[i]].card, f = ec_f(x->g, c)->face;
            int col = L[vis[i]].color >= 0 ? ec_named(x->g, L[vis[i]].color) : ec_color(x->g, c);
            if (ec_f(x->g, c)->card_draw || f == EF_SKIP || (f == EF_REVERSE && two)
                    || ec_can_play(x, nxt, col, f, -1) < 0.5) return 0;
        }
        return 1;
    }
    return 0;
}

/* _trebuchet: everyone has been drawing since the last play, and I am behind */
static int ec_trebuchet(const EcCtx *x) {
    const EcSeat *z = x->z;
    for (int s = 0; s < x->n; s++) if (s != x->me && !(z->stuck >> s & 1)) return 0;
    if (x->n < 2) return 0;
    int mine = z->stuck >> x->me & 1;
    if (!mine && x->phase != PH_DRAWN) return 0;
    if (x->phase == PH_DRAWN && !mine && z->draws_since < x->na) return 0;
    for (int s = 0; s < x->n; s++) if (s != x->me && x->sizes[s] <= 1) return 0;
    if (x->nh <= 2) return 0;
    return x->nh >= x->min_opp + 2;
}

/* _bluff_probability: the Wild Draw Four on top, the chance its player still holds the colour in force before it */
static double ec_bluff_probability(const EcCtx *x) {
    const EcSeat *z = x->z;
    int b = z->wd4_player, prev = z->wd4_before;
    double pb = 0.0;
    if (b >= 0 && prev >= 0 && b != x->me && x->sizes[b] > 0) {
        pb = ec_has_color(x, b, prev, 1);
        if (z->info[b].bluffs_caught) { pb = pb * 1.5; if (pb > 1.0) pb = 1.0; }
    }
    return pb;
}

/* the seat's first look (EcSeat.ops): its sizes as the Python bot's Scanner works them out (the hands now walked back
 * to the last carousel, then every change read from the hand's start), and the trust of each colour named by a play
 * that the seats' evidence still holds, from the size its player was left with */
static void ec_look(EcSeat *z, const EdGame *g, int me) {
    int n = g->n, sz[MAXP], last = 0;
    double trust[MAXP];
    z->looked = 1;
    if (z->lost) return;
    for (int q = 0; q < n; q++) { sz[q] = g->hand_len[q]; trust[q] = -1.0; }
    for (int i = z->nops - 1; i >= 0; i--) {           /* knowledge._initial_sizes */
        int o = z->ops[i].op, a = z->ops[i].a, b = z->ops[i].b;
        if (o == EC_CAROUSEL) { last = i; break; }
        if (o == EC_ADD) sz[a] -= b;
        else if (o == EC_SWAP) { int t = sz[a]; sz[a] = sz[b]; sz[b] = t; }
    }
    (void)last;
    for (int i = 0; i < z->nops; i++) {                /* Scanner.feed from the first event */
        int o = z->ops[i].op, a = z->ops[i].a, b = z->ops[i].b;
        if (o == EC_ADD) sz[a] += b;
        else if (o == EC_NAME) trust[a] = sz[a] <= 1 ? T_NAMED_TRUST_LAST : T_NAMED_TRUST;
        else if (o == EC_SWAP) {
            int t = sz[a]; sz[a] = sz[b]; sz[b] = t;
            double u = trust[a]; trust[a] = trust[b]; trust[b] = u;   /* (the evidence travels with the hand) */
        }
    }
    for (int q = 0; q < n; q++) {
        z->sizes[q] = (int16_t)sz[q];
        EcInfo *f = &z->info[q];
        if (q != me && f->named >= 0 && f->named_play && trust[q] >= 0) f->named_trust = trust[q];
    }
}

/* StrategistBot.act on a coloured edition's hand: the index in L of the move chosen */
static int ec_act(EcStrat *S, const EdGame *g, Rng *r, const EdMove *L, int m) {
    if (W_SAY_UNO > 0) for (int i = 0; i < m; i++) if (L[i].kind == EM_UNO) return i;
    if (W_CATCH_UNO > 0) for (int i = 0; i < m; i++) if (L[i].kind == EM_CATCH) return i;
    /* UNO Flash: a press in turn (_free_gain; the env's flow asks the seat in turn its press with its turn) */
    if (W_CATCH_UNO > 0) for (int i = 0; i < m; i++) if (L[i].kind == EM_SLAP) return i;
    EcCtx X, *x = &X;
    int me = ed_to_act(g);
    if (!S->seat[me].looked) ec_look(&S->seat[me], g, me);
    ec_context(x, S, g, me);
    if (g->phase == PH_FREE) {                           /* UNO Spin: the free discard that leaves the best hand */
        int best = -1;
        double bs = 0.0;
        uint8_t rest[ED_NDECK];
        for (int i = 0; i < m; i++) {
            if (L[i].kind != EM_DISCARD) continue;
            int nr = st_remove(x->hand, x->nh, g->R->f[L[i].card].same, rest);
            double sc = ec_static(x, rest, nr, x->color, x->topface, ec_nxt(x, me, 1, x->d), NULL, 0);
            if (best < 0 || sc > bs) { best = i; bs = sc; }
        }
        if (best >= 0) return best;
    } else if (g->phase == PH_COLOR) {                   /* _choose_color */
        int best = -1;
        double bs = 0.0;
        for (int i = 0; i < m; i++) {
            if (L[i].kind != EM_COLOR) continue;
            int cc = ec_named(g, L[i].color), pts = 0;
            for (int j = 0; j < x->nh; j++) if (ec_color(g, x->hand[j]) == cc) pts += ec_f(g, x->hand[j])->card_points;
            double sc = ec_static(x, x->hand, x->nh, cc, EF_WILD, me, NULL, 1) + 0.01 * pts;
            if (best < 0 || sc > bs || (sc == bs && L[i].color < L[best].color)) { best = i; bs = sc; }
        }
        if (best >= 0) return best;
    } else if (g->phase == PH_PENDING && W_CHALLENGE > 0) {
        for (int i = 0; i < m; i++) {
            if (L[i].kind != EM_CHALLENGE) continue;
            if (ec_bluff_probability(x) > P_THRESHOLD) return i;
            break;
        }
    }
    /* _best_turn_action: one variant per play (saying UNO when it leaves one card) */
    int vis[ED_MAXLEGAL], nv = 0, draw = -1, pas = -1, left = x->nh - 1;
    for (int i = 0; i < m; i++) {
        if (L[i].kind == EM_DRAW) { if (draw < 0) draw = i; continue; }
        if (L[i].kind == EM_PASS) { if (pas < 0) pas = i; continue; }
        if (L[i].kind != EM_PLAY) continue;
        int j = 0;
        while (j < nv && !(L[vis[j]].card == L[i].card && L[vis[j]].color == L[i].color
                           && L[vis[j]].target == L[i].target)) j++;
        if (j == nv) {
            if (L[i].uno && W_SAY_UNO <= 0) continue;
            vis[nv++] = i;
        } else if (W_SAY_UNO > 0 && (L[i].uno ? left == 1 : left != 1)) vis[j] = i;
    }
    int best = -1;
    double bv = 0.0;
    for (int j = 0; j < nv; j++) {
        double v = ec_value(x, L[vis[j]].card, ec_named(g, L[vis[j]].color), L[vis[j]].target, 0, x->hand, x->nh, x->color,
                            NULL);
        if (best < 0 || v > bv) { best = j; bv = v; }
    }
    int tre = W_TREBUCHET > 0 && !x->nomercy && ec_trebuchet(x), extra = -1;
    int consume = W_CONSUMISMO > 0 && !x->nomercy;   /* (No Mercy: no trebuchet, no consumismo) */
    double ev = 0.0;
    if (g->phase == PH_PENDING) {
        if (draw >= 0) {
            extra = draw;
            int out = x->nomercy && x->nh + x->pending >= x->mercy;   /* drawing them puts me out */
            ev = -(double)x->pending * ST_CARD - (out ? 200.0 : 0.0)
                 + ec_static(x, x->hand, x->nh, x->color, x->topface, ec_nxt(x, me, 1, x->d), NULL, 0);
        }
    } else if (g->phase == PH_DRAWN) {
        if (pas >= 0 && (!nv || tre || (consume && ec_consume(x, L, vis, nv)))) {
            extra = pas;
            ev = ec_static(x, x->hand, x->nh, x->color, x->topface, ec_nxt(x, me, 1, x->d), NULL, 0);
            if (tre) ev += 3.0 * W_TREBUCHET;
        }
    } else if (g->phase == PH_PLAY && draw >= 0) {
        if (!nv || tre || (consume && ec_consume(x, L, vis, nv))) {
            extra = draw;
            ev = ec_draw_value(x, x->hand, x->nh, x->color, x->topface, NULL);
            if (tre) ev += 3.0 * W_TREBUCHET;
        }
    }
    if (extra >= 0 && (best < 0 || ev > bv)) return extra;
    if (best < 0) return draw >= 0 ? draw : pas >= 0 ? pas : 0;     /* fallback_action */
    int chosen = vis[best], card = L[chosen].card;
    if (W_OLHA > 0 && ec_wild(g, card)) {               /* _olha_o_aviao */
        uint8_t rest[ED_NDECK];
        int nr = st_remove(x->hand, x->nh, ed_held_face(g->R, card), rest);
        if (nr != 1 || ec_wild(g, rest[0])) return chosen;
        if (x->na < P_OLHA_MIN_PLAYERS) return chosen;
        for (int s = 0; s < x->n; s++) if (s != me && !(x->out >> s & 1) && x->sizes[s] <= 1) return chosen;
        int rc = ec_color(g, rest[0]);
        if (ec_named(g, L[chosen].color) != rc) return chosen;
        if (st_random(r) >= P_OLHA_RATE) return chosen;
        int alts[EC_NCOL], na = 0;
        for (int cc = 0; cc < EC_NCOL; cc++)            /* sorted by colour */
            for (int j = 0; j < nv; j++) {
                const EdMove *a = &L[vis[j]];
                if (a->card == card && ec_named(g, a->color) == cc && cc != rc && a->target == L[chosen].target
                        && a->uno == L[chosen].uno) { alts[na++] = vis[j]; break; }
            }
        if (!na) return chosen;
        return alts[rng_below(r, (uint32_t)na)];
    }
    return chosen;
}
