/* The hand orders a table shows (unokit.play.handorder, the one statement of both): the guide's order and the
 * colour order of a hand of card codes, as the places of its cards. Compiled because a web table computes them for
 * every hand that changes (the hand that played, at every action); proven equal to the Python functions by
 * tests/play/test_handorder_compiled.py over random hands of every deck and odd codes.
 *
 * C states none of the order's facts: the colour letters in their order and the action faces in theirs are handed
 * over by unokit.play.handorder (set_hand_order). A hand C does not take (a code that is not ASCII text, or longer
 * than HO_CODE, or more than HO_CARDS cards) is answered None, and Python orders it. */

#define HO_CARDS 256      /* the most cards of a hand ordered here (its buffers are on the stack: no state kept) */
#define HO_CODE 48        /* the longest code */
#define HO_NUMS 10        /* number cards are those whose code is a colour and one digit */
#define HO_COLS 16

static char ho_colours[HO_COLS + 1];       /* "RYGBPTOV": a colour's rank is its place here */
static int ho_ncol = 0;
static char ho_faces[8][HO_CODE + 1];      /* the action faces in their order: "S", "R", "+2" */
static int ho_nfaces = -1;                  /* -1: not handed over yet */

enum { HO_NUMBER = 0, HO_ACTION = 1, HO_WILD = 2 };

typedef struct {
    int place;                 /* its index in the hand */
    const char *code;          /* the code as given */
    int len;
    int kind, col, n;          /* _kind: the colour's rank (-1: a wild), the number (-1: none) */
    int face;                  /* _face_rank's first member: the face's place among the action faces */
} HoItem;

static int ho_colour_rank(char c) {
    for (int i = 0; i < ho_ncol; i++)
        if (ho_colours[i] == c) return i;
    return -1;
}

static char ho_upper(char c) { return c >= 'a' && c <= 'z' ? (char)(c - 'a' + 'A') : c; }

static void ho_read(HoItem *it) {
    const char *c = it->code;
    int len = it->len;
    char first = len ? ho_upper(c[0]) : 0;
    int col = len ? ho_colour_rank(first) : -1;
    it->n = -1;
    if (!len || first == 'W' || col < 0) {
        it->kind = HO_WILD;
        it->col = -1;
    } else if (len == 2 && c[1] >= '0' && c[1] <= '9') {
        it->kind = HO_NUMBER;
        it->col = col;
        it->n = c[1] - '0';
    } else {
        it->kind = HO_ACTION;
        it->col = col;
    }
    it->face = ho_nfaces;   /* (a face not among them sorts after them) */
    for (int f = 0; f < ho_nfaces; f++)
        if ((int)strlen(ho_faces[f]) == len - 1 && memcmp(ho_faces[f], c + 1, (size_t)(len - 1)) == 0) {
            it->face = f;
            break;
        }
}

/* Python's comparison of two str of ASCII: bytes, then length */
static int ho_strcmp(const HoItem *a, const HoItem *b) {
    int m = a->len < b->len ? a->len : b->len;
    int r = memcmp(a->code, b->code, (size_t)m);
    if (r) return r;
    return (a->len > b->len) - (a->len < b->len);
}

/* the colour order's key: (colour or after every colour, number first, its number or face, the code) */
static int ho_colour_cmp(const HoItem *a, const HoItem *b) {
    int ca = a->col < 0 ? ho_ncol : a->col, cb = b->col < 0 ? ho_ncol : b->col;
    if (ca != cb) return ca - cb;
    int ka = a->kind != HO_NUMBER, kb = b->kind != HO_NUMBER;
    if (ka != kb) return ka - kb;
    int xa = a->kind == HO_NUMBER ? a->n : a->face, xb = b->kind == HO_NUMBER ? b->n : b->face;
    if (xa != xb) return xa - xb;
    return ho_strcmp(a, b);
}

/* an action card's key: (its colour, its face, its code) */
static int ho_action_cmp(const HoItem *a, const HoItem *b) {
    if (a->col != b->col) return a->col - b->col;
    if (a->face != b->face) return a->face - b->face;
    return ho_strcmp(a, b);
}

/* a wild's key: (the code's length, the code) */
static int ho_wild_cmp(const HoItem *a, const HoItem *b) {
    if (a->len != b->len) return a->len - b->len;
    return ho_strcmp(a, b);
}

/* a stable insertion sort of pointers (hands are small; Python's sorted is stable) */
static void ho_sort(HoItem **v, int n, int (*cmp)(const HoItem *, const HoItem *)) {
    for (int i = 1; i < n; i++) {
        HoItem *x = v[i];
        int j = i - 1;
        while (j >= 0 && cmp(v[j], x) > 0) {
            v[j + 1] = v[j];
            j--;
        }
        v[j + 1] = x;
    }
}

/* One number's arrangements (handorder._arrangements): its colours sorted, every permutation of them in
 * itertools' order when there are at most four, else the sorted one alone. */
typedef struct {
    int count, k;
    signed char perm[24][HO_COLS];
} HoArr;

static void ho_arrangements(const int *cols, int k, HoArr *out) {
    int s[HO_COLS];
    for (int i = 0; i < k; i++) s[i] = cols[i];
    for (int i = 1; i < k; i++) {      /* sorted by rank (the colours of one number are distinct) */
        int x = s[i], j = i - 1;
        while (j >= 0 && s[j] > x) { s[j + 1] = s[j]; j--; }
        s[j + 1] = x;
    }
    out->k = k;
    out->count = 0;
    if (k > 4) {
        for (int i = 0; i < k; i++) out->perm[0][i] = (signed char)s[i];
        out->count = 1;
        return;
    }
    int idx[4] = {0, 1, 2, 3};
    for (;;) {      /* the permutations of the places, in lexicographic order (itertools.permutations) */
        for (int i = 0; i < k; i++) out->perm[out->count][i] = (signed char)s[idx[i]];
        out->count++;
        int i = k - 2;
        while (i >= 0 && idx[i] > idx[i + 1]) i--;
        if (i < 0) break;
        int j = k - 1;
        while (idx[j] < idx[i]) j--;
        int t = idx[i]; idx[i] = idx[j]; idx[j] = t;
        for (int a = i + 1, b = k - 1; a < b; a++, b--) { t = idx[a]; idx[a] = idx[b]; idx[b] = t; }
    }
}

#define HO_PREF (HO_NUMS * HO_COLS)
typedef struct {
    int used, end, joins, len;       /* the colour it ends with, its joins, the length of its rank */
    signed char pref[HO_PREF];       /* the ranks of its arrangements, one after another (compared as a tuple) */
    int node;                        /* its path: a node of the arena */
} HoState;

typedef struct { int perm, parent; } HoNode;

/* (joins, pref) > (joins', pref'), prefs of one length (Python's tuple comparison) */
static int ho_better(int j, const signed char *p, int jo, const signed char *po, int len) {
    if (j != jo) return j > jo;
    for (int i = 0; i < len; i++)
        if (p[i] != po[i]) return p[i] > po[i];
    return 0;
}

/* handorder._numbers: the number cards in increasing order, each number's colours arranged to join their
 * neighbours; ``out`` gets them in order, the count is returned */
static int ho_numbers(HoItem **nums_in, int count, HoItem **out) {
    /* groups: each number's colours in the order they first come, each colour's cards in hand order */
    int ncol[HO_NUMS] = {0};
    int gcol[HO_NUMS][HO_COLS];
    int present[HO_NUMS] = {0};
    for (int i = 0; i < count; i++) {
        HoItem *it = nums_in[i];
        int n = it->n, c;
        present[n] = 1;
        for (c = 0; c < ncol[n]; c++)
            if (gcol[n][c] == it->col) break;
        if (c == ncol[n]) gcol[n][ncol[n]++] = it->col;
    }
    int nums[HO_NUMS], nn = 0, single = 1;
    for (int n = 0; n < HO_NUMS; n++)
        if (present[n]) {
            nums[nn++] = n;
            if (ncol[n] != 1) single = 0;
        }
    int o = 0;
#define HO_EMIT(num_, colour_) \
    for (int i_ = 0; i_ < count; i_++) \
        if (nums_in[i_]->n == (num_) && nums_in[i_]->col == (colour_)) out[o++] = nums_in[i_];
    if (single) {
        for (int a = 0; a < nn; a++) HO_EMIT(nums[a], gcol[nums[a]][0]);
        return o;
    }
    HoArr arr[HO_NUMS];
    HoNode nodes[HO_NUMS * 24];
    HoState best[HO_COLS], nxt[HO_COLS];
    int nb = 0, nnodes = 0, len = 0;
    for (int a = 0; a < nn; a++) {
        int n = nums[a];
        ho_arrangements(gcol[n], ncol[n], &arr[a]);
        int k = arr[a].k, nx = 0;
        for (int p = 0; p < arr[a].count; p++) {
            const signed char *perm = arr[a].perm[p];
            HoState cand;
            cand.len = len + k;
            if (a == 0) {
                cand.joins = 0;
                for (int i = 0; i < k; i++) cand.pref[i] = (signed char)-perm[i];
                cand.node = nnodes;
                nodes[nnodes].perm = p;
                nodes[nnodes++].parent = -1;
            } else {
                int top = -1, tj = 0;
                for (int b = 0; b < nb; b++) {
                    int j = best[b].joins + (best[b].end == perm[0]);
                    if (top < 0 || ho_better(j, best[b].pref, tj, best[top].pref, len)) {
                        top = b;
                        tj = j;
                    }
                }
                cand.joins = tj;
                memcpy(cand.pref, best[top].pref, (size_t)len);
                for (int i = 0; i < k; i++) cand.pref[len + i] = (signed char)-perm[i];
                cand.node = nnodes;
                nodes[nnodes].perm = p;
                nodes[nnodes++].parent = best[top].node;
            }
            cand.end = perm[k - 1];
            int h;
            for (h = 0; h < nx; h++)
                if (nxt[h].end == cand.end) break;
            if (h == nx) {
                nxt[nx] = cand;
                nx++;
            } else if (ho_better(cand.joins, cand.pref, nxt[h].joins, nxt[h].pref, cand.len)) {
                nxt[h] = cand;
            }
        }
        len += k;
        for (int h = 0; h < nx; h++) best[h] = nxt[h];
        nb = nx;
    }
    int top = 0;
    for (int b = 1; b < nb; b++)
        if (ho_better(best[b].joins, best[b].pref, best[top].joins, best[top].pref, len)) top = b;
    int chosen[HO_NUMS];
    int node = best[top].node;
    for (int a = nn - 1; a >= 0; a--) {
        chosen[a] = nodes[node].perm;
        node = nodes[node].parent;
    }
    for (int a = 0; a < nn; a++) {
        const signed char *perm = arr[a].perm[chosen[a]];
        for (int i = 0; i < arr[a].k; i++) HO_EMIT(nums[a], perm[i]);
    }
#undef HO_EMIT
    return o;
}

static int ho_same_number(const HoItem *a, const HoItem *b) {
    return a->kind == HO_NUMBER && b->kind == HO_NUMBER && a->n == b->n;
}

/* handorder._insert_actions: each colour's action cards beside the biggest group of that colour */
static int ho_insert_actions(HoItem **seq, int n, HoItem **acts, int na) {
    int left[HO_CARDS + 1], right[HO_CARDS + 1];
    ho_sort(acts, na, ho_action_cmp);
    int i = 0;
    while (i < na) {
        int colour = acts[i]->col, j = i;
        while (j < na && acts[j]->col == colour) j++;
        left[0] = 0;
        for (int x = 0; x < n; x++) left[x + 1] = seq[x]->col == colour ? left[x] + 1 : 0;
        right[n] = 0;
        for (int x = n - 1; x >= 0; x--) right[x] = seq[x]->col == colour ? right[x + 1] + 1 : 0;
        int at = n, top = 0;
        for (int place = 0; place <= n; place++) {
            if (place > 0 && place < n && ho_same_number(seq[place - 1], seq[place])) continue;
            int score = left[place] + right[place];
            if (score && score >= top) {
                at = place;
                top = score;
            }
        }
        int m = j - i;
        memmove(seq + at + m, seq + at, sizeof(HoItem *) * (size_t)(n - at));
        for (int x = 0; x < m; x++) seq[at + x] = acts[i + x];
        n += m;
        i = j;
    }
    return n;
}

/* handorder._insert_wilds: at the first place between two number cards of different numbers and colours,
 * failing that two coloured cards of different faces and colours, failing that at the end */
static int ho_insert_wilds(HoItem **seq, int n, HoItem **wilds, int nw) {
    if (!nw) return n;
    ho_sort(wilds, nw, ho_wild_cmp);
    int at = n;
    for (int numbers_only = 1; numbers_only >= 0 && at == n; numbers_only--) {
        for (int x = 1; x < n; x++) {
            const HoItem *a = seq[x - 1], *b = seq[x];
            if (a->kind == HO_WILD || b->kind == HO_WILD) continue;
            if (numbers_only && (a->kind == HO_ACTION || b->kind == HO_ACTION)) continue;
            if (a->col != b->col &&
                !(a->len == b->len && memcmp(a->code + 1, b->code + 1, (size_t)(a->len > 0 ? a->len - 1 : 0)) == 0)) {
                at = x;
                break;
            }
        }
    }
    memmove(seq + at + nw, seq + at, sizeof(HoItem *) * (size_t)(n - at));
    for (int x = 0; x < nw; x++) seq[at + x] = wilds[x];
    return n + nw;
}

static PyObject *py_set_hand_order(PyObject *self, PyObject *args) {
    const char *colours;
    PyObject *faces;
    if (!PyArg_ParseTuple(args, "sO", &colours, &faces)) return NULL;
    PyObject *seq = PySequence_Fast(faces, "faces: a sequence of str");
    if (!seq) return NULL;
    Py_ssize_t nf = PySequence_Fast_GET_SIZE(seq);
    if (strlen(colours) > HO_COLS || nf > 8) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "set_hand_order: at most 16 colours and 8 faces");
        return NULL;
    }
    for (Py_ssize_t i = 0; i < nf; i++) {
        const char *f = PyUnicode_AsUTF8(PySequence_Fast_GET_ITEM(seq, i));
        if (!f || strlen(f) > HO_CODE) {
            Py_DECREF(seq);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "set_hand_order: a face is too long");
            return NULL;
        }
        strcpy(ho_faces[i], f);
    }
    Py_DECREF(seq);
    strcpy(ho_colours, colours);
    ho_ncol = (int)strlen(colours);
    ho_nfaces = (int)nf;
    Py_RETURN_NONE;
}

static PyObject *ho_places(HoItem **v, int n) {
    PyObject *t = PyTuple_New(n);
    if (!t) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *x = PyLong_FromLong(v[i]->place);
        if (!x) { Py_DECREF(t); return NULL; }
        PyTuple_SET_ITEM(t, i, x);
    }
    return t;
}

/* hand_places(codes) -> (the guide's places, the colour order's places), or None for a hand Python orders */
static PyObject *py_hand_places(PyObject *self, PyObject *arg) {
    HoItem items[HO_CARDS];
    HoItem *nums[HO_CARDS], *acts[HO_CARDS], *wilds[HO_CARDS], *seq[HO_CARDS], *byc[HO_CARDS];
    if (ho_nfaces < 0) Py_RETURN_NONE;
    PyObject *fast = PySequence_Fast(arg, "hand_places takes a sequence of codes");
    if (!fast) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n > HO_CARDS) {
        Py_DECREF(fast);
        Py_RETURN_NONE;
    }
    int nn = 0, na = 0, nw = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *s = PySequence_Fast_GET_ITEM(fast, i);
        Py_ssize_t len;
        if (!PyUnicode_Check(s) || !PyUnicode_IS_ASCII(s) || (len = PyUnicode_GET_LENGTH(s)) > HO_CODE) {
            Py_DECREF(fast);
            Py_RETURN_NONE;
        }
        HoItem *it = &items[i];
        it->place = (int)i;
        it->code = (const char *)PyUnicode_DATA(s);
        it->len = (int)len;
        ho_read(it);
        byc[i] = it;
        if (it->kind == HO_NUMBER) nums[nn++] = it;
        else if (it->kind == HO_ACTION) acts[na++] = it;
        else wilds[nw++] = it;
    }
    int m = ho_numbers(nums, nn, seq);
    m = ho_insert_actions(seq, m, acts, na);
    m = ho_insert_wilds(seq, m, wilds, nw);
    ho_sort(byc, (int)n, ho_colour_cmp);
    PyObject *g = ho_places(seq, m), *c = g ? ho_places(byc, (int)n) : NULL;
    Py_DECREF(fast);      /* (the codes were read from it: kept alive until here) */
    if (!c) {
        Py_XDECREF(g);
        return NULL;
    }
    return Py_BuildValue("(NN)", g, c);
}

#define HANDORDER_METHODS \
    {"set_hand_order", py_set_hand_order, METH_VARARGS, "Hand over the hand orders' colours and action faces."}, \
    {"hand_places", py_hand_places, METH_O, "(guide places, colour places) of a hand of codes, or None."},
