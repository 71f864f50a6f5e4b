/* The RL environments' decision flow in the compiled core (issue 27, point 1; included by _ccore.c), first
 * brick: the order in which a reaction window's seats are asked. unokit.env.core.Flow draws it with
 * random.Random(seed ^ 0x5EED).shuffle (unokit.engine.flow.reaction_seats); this is that shuffle on
 * CPython's Mersenne Twister (_chance.h), so C asks the seats in the order Python asks them. */

/* random.Random.shuffle over n seats: for i = n-1 .. 1, swap i with _randbelow(i + 1) */
static void mt_shuffle_seats(MT *r, int8_t *seats, int n) {
    for (int i = n - 1; i > 0; i--) {
        int j = (int)mt_below(r, (uint32_t)(i + 1));
        int8_t t = seats[i];
        seats[i] = seats[j];
        seats[j] = t;
    }
}

static PyObject *py_flow_order_check(PyObject *self, PyObject *args) {
    /* random.Random(key) shuffling each list of seats in turn (one generator): the tests compare the
     * orders with the ones the Python Flow asks */
    unsigned long long key;
    PyObject *lists;
    if (!PyArg_ParseTuple(args, "KO", &key, &lists)) return NULL;
    PyObject *seq = PySequence_Fast(lists, "seat lists expected");
    if (!seq) return NULL;
    Py_ssize_t m = PySequence_Fast_GET_SIZE(seq);
    PyObject *out = PyList_New(m);
    if (!out) { Py_DECREF(seq); return NULL; }
    MT r;
    mt_seed(&r, key);
    for (Py_ssize_t k = 0; k < m; k++) {
        PyObject *one = PySequence_Fast(PySequence_Fast_GET_ITEM(seq, k), "a list of seats expected");
        if (!one) goto fail;
        Py_ssize_t n = PySequence_Fast_GET_SIZE(one);
        int8_t seats[MAXP];
        if (n > MAXP) { Py_DECREF(one); PyErr_SetString(PyExc_ValueError, "too many seats"); goto fail; }
        for (Py_ssize_t i = 0; i < n; i++) {
            long s = PyLong_AsLong(PySequence_Fast_GET_ITEM(one, i));
            if (s == -1 && PyErr_Occurred()) { Py_DECREF(one); goto fail; }
            if (s < 0 || s >= MAXP) { Py_DECREF(one); PyErr_SetString(PyExc_ValueError, "bad seat"); goto fail; }
            seats[i] = (int8_t)s;
        }
        Py_DECREF(one);
        mt_shuffle_seats(&r, seats, (int)n);
        PyObject *res = PyList_New(n);
        if (!res) goto fail;
        for (Py_ssize_t i = 0; i < n; i++) PyList_SET_ITEM(res, i, PyLong_FromLong(seats[i]));
        PyList_SET_ITEM(out, k, res);
    }
    Py_DECREF(seq);
    return out;
fail:
    Py_DECREF(seq);
    Py_DECREF(out);
    return NULL;
}

#define FLOW_METHODS \
    {"flow_order_check", py_flow_order_check, METH_VARARGS, "random.Random(key).shuffle of seat lists, for the tests."},
