/* The simple policies of the compiled core (included by _ccore.c): the benchmark's agent and
 * random-play; the strategist and greedy have their own headers. */

/* ------------------------------------------------------------------ policies */
enum { POL_BENCH = 0, POL_RANDOM_PLAY = 1 };

static inline int is_draw_or_pass(int id) { int k = id % XPS; return k == K_DRAW || k == K_PASS; }

/* a play: a card of the official table or an ADDUP pair (internal move numbers) */
static inline int is_play(int k) { return k < K_DRAW || (k >= K_PAIR && k < K_DOUBTSUM); }

/* the benchmark's random agent: a uniform id among those other than draw and pass, else any */
static int policy_bench(Rng *r, const int16_t *ids, int m) {
    int16_t plays[MAXLEGAL];
    int np = 0;
    for (int i = 0; i < m; i++) if (!is_draw_or_pass(ids[i])) plays[np++] = ids[i];
    if (np) return plays[rng_below(r, (uint32_t)np)];
    return ids[rng_below(r, (uint32_t)m)];
}

/* unokit.bots.random_play.RandomPlayBot.act, drawing its generator the same way */
static int policy_random_play(const Game *g, Rng *r, const int16_t *ids, int m) {
    int ph = g->phase;
    if (ph == PH_COLOR) {
        int16_t picks[4]; int np = 0;
        for (int i = 0; i < m; i++) { int k = ids[i] % XPS; if (k >= K_COLOR && k < K_COLOR + 4) picks[np++] = ids[i]; }
        if (np) return picks[rng_below(r, (uint32_t)np)];
    }
    /* the plays, grouped by their cards (one card, or an ADDUP pair) in order of first appearance */
    int starts[MAXLEGAL], ng = 0, np = 0;
    int16_t plays[MAXLEGAL];
    int last_key = -1;
    for (int i = 0; i < m; i++) {
        int k = ids[i] % XPS, key;
        if (k < K_DRAW) key = k < 104 ? k >> 1 : WILD + (k - 104) / 8;
        else if (k >= K_PAIR && k < K_DOUBTSUM) key = NC + ((k - K_PAIR) >> 1);
        else continue;
        if (key != last_key) { starts[ng++] = np; last_key = key; }
        plays[np++] = ids[i];
    }
    if (np) {
        starts[ng] = np;
        int gi = (int)rng_below(r, (uint32_t)ng);
        int a = starts[gi], b = starts[gi + 1];
        int16_t uno[8]; int nu = 0;
        for (int i = a; i < b; i++) if (plays[i] % XPS & 1) uno[nu++] = plays[i];   /* the UNO call: odd */
        if (nu) return uno[rng_below(r, (uint32_t)nu)];
        return plays[a + (int)rng_below(r, (uint32_t)(b - a))];
    }
    for (int i = 0; i < m; i++) if (ids[i] % XPS == K_DRAW) return ids[i];
    for (int i = 0; i < m; i++) if (ids[i] % XPS == K_PASS) return ids[i];
    /* what is left but a Wild Draw Four challenge (not reached under the rules covered: a draw, a pass
     * or a play is always offered to the seat in turn) */
    int16_t quiet[MAXLEGAL]; int nq = 0;
    for (int i = 0; i < m; i++) if (ids[i] % XPS != K_CHALLENGE) quiet[nq++] = ids[i];
    if (nq) return quiet[rng_below(r, (uint32_t)nq)];
    return ids[rng_below(r, (uint32_t)m)];
}

/* RandomPlayBot.react: say UNO, then catch, then slap (M), when it may (no generator drawn) */
static int react_random_play(const int16_t *ids, int m) {
    for (int i = 0; i < m; i++) if (ids[i] % XPS == K_UNO) return ids[i];
    for (int i = 0; i < m; i++) { int k = ids[i] % XPS; if (k >= K_CATCH && k < K_CATCH + MAXP) return ids[i]; }
    for (int i = 0; i < m; i++) if (ids[i] % XPS == K_SLAP) return ids[i];
    return -1;
}

#include "_strategist.h"
#include "_greedy.h"
