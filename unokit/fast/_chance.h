/* Chance in the compiled core (included by _ccore.c): CPython's Mersenne Twister drawn as the
 * referee's Chance draws it, the fast generator, and SHA-256 for unokit.core.chance.derive_seed. */

/* ------------------------------------------------------------------ CPython's Mersenne Twister */
/* mt[mti] is the next word; words tw.. of this round are not yet twisted (the twist runs in blocks as words
 * are drawn: the same words as CPython's twist of all 624 at once, which a generator that draws a few dozen
 * words a hand need not pay for); mti == 624: the next draw starts a round */
typedef struct { uint32_t mt[624]; int mti, tw; } MT;

static void mt_init(MT *r, uint32_t s) {
    r->mt[0] = s;
    for (int i = 1; i < 624; i++) r->mt[i] = 1812433253U * (r->mt[i - 1] ^ (r->mt[i - 1] >> 30)) + (uint32_t)i;
    r->mti = r->tw = 624;
}

/* twist words tw..end-1 of the round (in order, as CPython's loop does) */
static void mt_twist_to(MT *r, int end) {
    uint32_t y;
    int kk = r->tw;
    for (; kk < end && kk < 624 - 397; kk++) {
        y = (r->mt[kk] & 0x80000000U) | (r->mt[kk + 1] & 0x7fffffffU);
        r->mt[kk] = r->mt[kk + 397] ^ (y >> 1) ^ ((y & 1U) ? 0x9908b0dfU : 0U);
    }
    for (; kk < end && kk < 623; kk++) {
        y = (r->mt[kk] & 0x80000000U) | (r->mt[kk + 1] & 0x7fffffffU);
        r->mt[kk] = r->mt[kk + (397 - 624)] ^ (y >> 1) ^ ((y & 1U) ? 0x9908b0dfU : 0U);
    }
    if (kk < end) {
        y = (r->mt[623] & 0x80000000U) | (r->mt[0] & 0x7fffffffU);
        r->mt[623] = r->mt[396] ^ (y >> 1) ^ ((y & 1U) ? 0x9908b0dfU : 0U);
        kk++;
    }
    r->tw = kk;
}

/* the state as CPython holds it (every word of the round twisted): before handing it over */
static void mt_settle(MT *r) {
    if (r->tw < 624 && r->mti < 624) mt_twist_to(r, 624);
}

static uint32_t mt_u32(MT *r) {
    uint32_t y;
    if (r->mti >= r->tw) {
        if (r->mti >= 624) { r->mti = 0; r->tw = 0; }
        mt_twist_to(r, r->tw + 32 < 624 ? r->tw + 32 : 624);
    }
    y = r->mt[r->mti++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

/* random.Random(seed) for 0 <= seed < 2**64 (the key is the seed's 32-bit words, low first), as
 * mt_init_by_array(key, 1 or 2 words) computes it, for m generators at once: their chains of
 * multiplications are independent, so the processor overlaps them. The state mt_init(19650218) it starts
 * from is the same for every seed (MT_BASE, computed once by mt_base_init); with one key word, key[j] + j is
 * key[0] at every step, with two it alternates key[0] and key[1] + 1. */
static uint32_t MT_BASE[624];

static void mt_base_init(void) {
    MT b;
    mt_init(&b, 19650218U);
    memcpy(MT_BASE, b.mt, sizeof MT_BASE);
}

#define MT_MANY 16
static void mt_seed_many(MT **rs, const uint64_t *seeds, int m) {
    uint32_t a0[MT_MANY], a1[MT_MANY], prev[MT_MANY];
    for (int g = 0; g < m; g++) {
        memcpy(rs[g]->mt, MT_BASE, sizeof MT_BASE);
        uint32_t lo = (uint32_t)seeds[g], hi = (uint32_t)(seeds[g] >> 32);
        a0[g] = lo;
        a1[g] = hi ? hi + 1U : lo;
        prev[g] = rs[g]->mt[0];
    }
    for (int i = 1; i < 624; i++)             /* steps 0..622 of the first loop (step t at i = t + 1) */
        for (int g = 0; g < m; g++) {
            uint32_t *r = rs[g]->mt, p = prev[g];
            uint32_t v = (r[i] ^ ((p ^ (p >> 30)) * 1664525U)) + ((i - 1) & 1 ? a1[g] : a0[g]);
            r[i] = v; prev[g] = v;
        }
    for (int g = 0; g < m; g++) {             /* wrapped: mt[0] = mt[623], step 623 at i = 1 */
        uint32_t *r = rs[g]->mt, p = prev[g];
        r[0] = p;
        r[1] = prev[g] = (r[1] ^ ((p ^ (p >> 30)) * 1664525U)) + a1[g];
    }
    for (int i = 2; i < 624; i++)             /* the second loop: i = 2..623, then wrapped at i = 1 */
        for (int g = 0; g < m; g++) {
            uint32_t *r = rs[g]->mt, p = prev[g];
            uint32_t v = (r[i] ^ ((p ^ (p >> 30)) * 1566083941U)) - (uint32_t)i;
            r[i] = v; prev[g] = v;
        }
    for (int g = 0; g < m; g++) {
        uint32_t *r = rs[g]->mt, p = prev[g];
        r[1] = (r[1] ^ ((p ^ (p >> 30)) * 1566083941U)) - 1U;
        r[0] = 0x80000000U;
        rs[g]->mti = rs[g]->tw = 624;
    }
}

static void mt_seed(MT *r, uint64_t s) { mt_seed_many(&r, &s, 1); }

/* random.Random._randbelow(n) for 1 <= n < 2**32: getrandbits(n.bit_length()) until below n */
static uint32_t mt_below(MT *r, uint32_t n) {
    if (!n) return 0;                  /* (no valid caller asks [0, 0): never a spin, nor clz(0)) */
    int k = 32 - __builtin_clz(n);
    uint32_t v = mt_u32(r) >> (32 - k);
    while (v >= n) v = mt_u32(r) >> (32 - k);
    return v;
}

/* random.Random.random() as a 53-bit integer (the float is this / 2**53: the same order) */
static inline uint64_t mt_key53(MT *r) {
    uint64_t a = mt_u32(r) >> 5, b = mt_u32(r) >> 6;
    return (a << 26) | b;
}

static double mt_random(MT *r) { return (double)mt_key53(r) * (1.0 / 9007199254740992.0); }

/* unokit.core.chance.Chance.shuffle: sort the items by independent uniform keys (one per item, in
 * order), ties kept in order (stable). Key and position packed in one integer: sorting those is
 * the stable sort. */
static void sort_u64(uint64_t *a, int n) {     /* keys below 2**60, n <= NDECK: by the top 6 bits, then insertion */
    uint64_t tmp[NDECK];
    uint8_t cnt[65] = {0};
    for (int i = 0; i < n; i++) cnt[(a[i] >> 54) + 1]++;
    for (int b = 1; b <= 64; b++) cnt[b] = (uint8_t)(cnt[b] + cnt[b - 1]);
    for (int i = 0; i < n; i++) tmp[cnt[a[i] >> 54]++] = a[i];
    for (int i = 0; i < n; i++) {
        uint64_t v = tmp[i];
        int j = i;
        while (j > 0 && a[j - 1] > v) { a[j] = a[j - 1]; j--; }
        a[j] = v;
    }
}

static void shuffle_keys(uint64_t *keys, uint8_t *cards, int n) {   /* the cards in the order of their keys */
    uint8_t copy[NDECK];
    memcpy(copy, cards, (size_t)n);
    sort_u64(keys, n);
    for (int i = 0; i < n; i++) cards[i] = copy[keys[i] & 127];
}

static void shuffle_cards(MT *r, uint8_t *cards, int n) {
    uint64_t keys[NDECK];
    for (int i = 0; i < n; i++) keys[i] = (mt_key53(r) << 7) | (uint64_t)i;
    shuffle_keys(keys, cards, n);
}

/* ------------------------------------------------------------------ the generators of a hand
 * referee chance: CPython's Mersenne Twister, exactly as the referee draws it (the referee's hands);
 * fast chance: xoshiro256** seeded by SplitMix64, Fisher-Yates shuffles, Lemire's bounded draws and
 * a uniform dealer (the dealer draw is symmetric, so its dealer is uniform too): the same
 * distribution of hands at a fraction of the cost, but not the referee's hands for the seed. */
typedef struct { uint64_t s[4]; int fast; MT mt; } Rng;

static inline uint64_t splitmix(uint64_t *x) {
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static inline uint64_t rotl64(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t xo_next(Rng *r) {
    uint64_t *s = r->s, out = rotl64(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t; s[3] = rotl64(s[3], 45);
    return out;
}

static void rng_seed(Rng *r, uint64_t seed, int fast) {
    r->fast = fast;
    if (fast) { uint64_t x = seed; for (int i = 0; i < 4; i++) r->s[i] = splitmix(&x); }
    else mt_seed(&r->mt, seed);
}

/* a uniform integer in [0, n), 1 <= n < 2**32 */
static inline uint32_t rng_below(Rng *r, uint32_t n) {
    if (!r->fast) return mt_below(&r->mt, n);
    uint64_t m = (xo_next(r) >> 32) * (uint64_t)n;
    if ((uint32_t)m < n) {
        uint32_t floor = (uint32_t)(-n) % n;
        while ((uint32_t)m < floor) m = (xo_next(r) >> 32) * (uint64_t)n;
    }
    return (uint32_t)(m >> 32);
}

static void rng_shuffle(Rng *r, uint8_t *cards, int n) {
    if (!r->fast) { shuffle_cards(&r->mt, cards, n); return; }
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rng_below(r, (uint32_t)(i + 1));
        uint8_t t = cards[i]; cards[i] = cards[j]; cards[j] = t;
    }
}

/* ------------------------------------------------------------------ SHA-256 (unokit.lab.sim.derive_seed) */
static const uint32_t SHA_K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

#define ROR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

static void sha_block(uint32_t h[8], const uint8_t *p) {
    uint32_t w[64];
    for (int i = 0; i < 16; i++)
        w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 | (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
    for (int i = 16; i < 64; i++) {
        uint32_t s0 = ROR(w[i - 15], 7) ^ ROR(w[i - 15], 18) ^ (w[i - 15] >> 3);
        uint32_t s1 = ROR(w[i - 2], 17) ^ ROR(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
    for (int i = 0; i < 64; i++) {
        uint32_t t1 = hh + (ROR(e, 6) ^ ROR(e, 11) ^ ROR(e, 25)) + ((e & f) ^ (~e & g)) + SHA_K[i] + w[i];
        uint32_t t2 = (ROR(a, 2) ^ ROR(a, 13) ^ ROR(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
        hh = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
    }
    h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
}

/* the first 8 bytes of sha256(msg), big-endian, shifted right by one: derive_seed's value */
static uint64_t sha_seed(const uint8_t *msg, size_t len) {
    uint32_t h[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    uint8_t buf[128];
    size_t off = 0;
    while (len - off >= 64) { sha_block(h, msg + off); off += 64; }
    size_t rest = len - off;
    memset(buf, 0, sizeof buf);
    memcpy(buf, msg + off, rest);
    buf[rest] = 0x80;
    size_t total = rest + 1 + 8 <= 64 ? 64 : 128;
    uint64_t bits = (uint64_t)len * 8;
    for (int i = 0; i < 8; i++) buf[total - 1 - i] = (uint8_t)(bits >> (8 * i));
    sha_block(h, buf);
    if (total == 128) sha_block(h, buf + 64);
    return (((uint64_t)h[0] << 32) | h[1]) >> 1;
}

static size_t fmt_u64(char *out, uint64_t v) {   /* decimal digits, no terminator */
    char buf[20];
    size_t k = 0;
    do { buf[k++] = (char)('0' + v % 10); v /= 10; } while (v);
    for (size_t i = 0; i < k; i++) out[i] = buf[k - 1 - i];
    return k;
}

/* derive_seed(master, index, purpose) = sha_seed("unokit/{purpose}/{master}/{index}") */
static uint64_t derive(const char *purpose, uint64_t master, long long index) {
    char s[160];
    size_t n = 0, p = strlen(purpose);      /* "unokit/{purpose}/{master}/{index}" (the callers allow 40 bytes) */
    if (p > 100) p = 100;
    memcpy(s, "unokit/", 7);
    n = 7;
    memcpy(s + n, purpose, p);
    n += p;
    s[n++] = '/';
    n += fmt_u64(s + n, master);
    s[n++] = '/';
    if (index < 0) { s[n++] = '-'; n += fmt_u64(s + n, 0ULL - (uint64_t)index); }
    else n += fmt_u64(s + n, (uint64_t)index);
    return sha_seed((const uint8_t *)s, n);
}

/* seat s's bot generator for the hand dealt from seed: fast chance a splitmix of it (salt * 64 + s), referee chance
 * RandomPlayBot(derive_seed(seed, salt * 64 + s, purpose)) as the lab seeds its bots */
static void seed_seat_bot(Rng *r, int fast, const char *purpose, uint64_t seed, long long salt, int s) {
    if (fast) {
        uint64_t x = seed ^ (0xd1b54a32d192ed03ULL * (uint64_t)(salt * 64 + s + 1));
        rng_seed(r, splitmix(&x), 1);
    } else {
        rng_seed(r, derive(purpose, seed, salt * 64 + s), 0);
    }
}
