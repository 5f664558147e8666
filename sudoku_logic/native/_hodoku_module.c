/* HoDoKu's engine in the module: ``hodoku_run`` takes HoDoKu's path over the compiled
 * techniques from a position and its singles queues (strategies/hodoku/hodoku_compiled.py
 * packs them and reads what comes back). */
#include "binding.h"  /* first: Python.h */
#include "core/scratch.h"
#include "hodoku/loop.h"
#include "hodoku/rating.h"

#define CHUNK 64

/* (technique, scored_as, placements, eliminations, house, cells, size) */
static PyObject *step_tuple(const hd_step *s) {
    PyObject *places = PyList_New(s->nplace);
    PyObject *elims = PyList_New(s->nelim);
    PyObject *cells = PyTuple_New(s->ncells);
    if (!places || !elims || !cells) goto fail;
    for (int i = 0; i < s->nplace; i++) {
        PyObject *t = Py_BuildValue("(ii)", s->place[i][0], s->place[i][1]);
        if (!t) goto fail;
        PyList_SET_ITEM(places, i, t);
    }
    for (int i = 0; i < s->nelim; i++) {
        PyObject *t = Py_BuildValue("(ii)", s->elim[i][0], s->elim[i][1]);
        if (!t) goto fail;
        PyList_SET_ITEM(elims, i, t);
    }
    for (int i = 0; i < s->ncells; i++) {
        PyObject *c = PyLong_FromLong(s->cells[i]);
        if (!c) goto fail;
        PyTuple_SET_ITEM(cells, i, c);
    }
    return Py_BuildValue("(iiNNiNi)", s->technique, s->scored_as, places, elims, s->house, cells, s->size);
fail:
    Py_XDECREF(places);
    Py_XDECREF(elims);
    Py_XDECREF(cells);
    return NULL;
}

/* a queue's live entries as bytes: cell, digit, cell, digit, ... */
static PyObject *queue_bytes(const hd_entry *a, int head, int tail) {
    PyObject *b = PyBytes_FromStringAndSize(NULL, 2 * (Py_ssize_t)(tail - head));
    if (!b) return NULL;
    char *p = PyBytes_AS_STRING(b);
    for (int i = head; i < tail; i++) {
        *p++ = (char)a[i].cell;
        *p++ = (char)a[i].d;
    }
    return b;
}

/* the technique codes of a bytes object (``compiled``: each one the engine has); -1 with
 * ValueError */
static int read_techniques(PyObject *obj, uint8_t *out, int *n, int compiled) {
    Py_buffer b;
    if (PyObject_GetBuffer(obj, &b, PyBUF_SIMPLE) < 0) return -1;
    int bad = b.len > H_COUNT;
    if (!bad) {
        memcpy(out, b.buf, (size_t)b.len);
        for (Py_ssize_t i = 0; i < b.len; i++) bad |= out[i] >= H_COUNT || (compiled && !hd_compiled(out[i]));
    }
    *n = (int)b.len;
    PyBuffer_Release(&b);
    if (bad) {
        PyErr_SetString(PyExc_ValueError, "a technique the compiled HoDoKu engine does not have");
        return -1;
    }
    return 0;
}

static int read_queue(PyObject *obj, uint8_t *out, int *n) {
    Py_buffer b;
    if (PyObject_GetBuffer(obj, &b, PyBUF_SIMPLE) < 0) return -1;
    int bad = b.len % 2 || b.len > 2 * HD_QUEUE_MAX;
    if (!bad) memcpy(out, b.buf, (size_t)b.len);
    *n = (int)(b.len / 2);
    PyBuffer_Release(&b);
    if (bad) {
        PyErr_SetString(PyExc_ValueError, "a singles queue is at most 512 (cell, digit) byte pairs");
        return -1;
    }
    return 0;
}

PyDoc_STRVAR(hodoku_run_doc,
"hodoku_run(values, cands, naked, hidden, techniques, limit, snapshots, givens=b'')\n"
"    -> (why, steps, before, values, cands, naked, hidden)\n\n"
"HoDoKu's path over ``techniques`` (bytes of codes, HoDoKu's order) from the packed grid and\n"
"its singles queues (bytes of cell, digit pairs), up to ``limit`` steps: why it stopped\n"
"(HODOKU_STUCK, _SOLVED, _BROKEN, _LIMIT), each step as (technique, scored_as, placements,\n"
"eliminations, house, cells, size), the position before each (when ``snapshots``), and the grid\n"
"and queues it ends with; ``givens``: the cells holding givens, an 81-bit set as 11\n"
"little-endian bytes.  ValueError for a bad grid, queue or technique.");

static PyObject *py_hodoku_run(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *values, *cands, *naked, *hidden, *techs;
    int limit, snapshots;
    const char *givens = "";
    Py_ssize_t ngivens = 0;
    if (!PyArg_ParseTuple(args, "OOOOOip|y#", &values, &cands, &naked, &hidden, &techs, &limit, &snapshots, &givens,
                          &ngivens))
        return NULL;
    if (ngivens != 0 && ngivens != 11) {
        PyErr_SetString(PyExc_ValueError, "givens are an 81-bit set as 11 little-endian bytes");
        return NULL;
    }
    grid g;
    uint8_t codes[H_COUNT], nq[2 * HD_QUEUE_MAX], hq[2 * HD_QUEUE_MAX];
    int ncodes, nn, nh;
    if (read_grid(&g, values, cands) < 0 || read_techniques(techs, codes, &ncodes, 1) < 0 ||
        read_queue(naked, nq, &nn) < 0 || read_queue(hidden, hq, &nh) < 0)
        return NULL;
    hd_queue *q = PyMem_Malloc(sizeof *q);
    hd_step *steps = PyMem_Malloc(CHUNK * sizeof *steps);
    uint8_t (*before)[GRID_SNAPSHOT] = PyMem_Malloc(CHUNK * sizeof *before);
    PyObject *out_steps = PyList_New(0), *out_before = PyList_New(0), *result = NULL;
    if (!q || !steps || !before || !out_steps || !out_before) {
        PyErr_NoMemory();
        goto done;
    }
    for (int c = 0; c < 81 && ngivens; c++) {
        if ((givens[c >> 3] >> (c & 7) & 1) && g.value[c]) s_add(&g.given, c);
    }
    if (hd_queue_load(q, &g, nq, nn, hq, nh) < 0) {
        PyErr_SetString(PyExc_ValueError, "a singles queue entry is not a cell and a digit");
        goto done;
    }
    int why = HD_LIMIT, taken = 0;
    while (why == HD_LIMIT && taken < limit) {
        int chunk = limit - taken < CHUNK ? limit - taken : CHUNK, n = 0;
        why = hd_run(&g, q, codes, ncodes, chunk, steps, snapshots ? before : NULL, &n);
        for (int i = 0; i < n; i++) {
            PyObject *t = step_tuple(&steps[i]);
            if (!t || PyList_Append(out_steps, t) < 0) { Py_XDECREF(t); goto done; }
            Py_DECREF(t);
            if (snapshots) {
                PyObject *b = PyBytes_FromStringAndSize((const char *)before[i], GRID_SNAPSHOT);
                if (!b || PyList_Append(out_before, b) < 0) { Py_XDECREF(b); goto done; }
                Py_DECREF(b);
            }
        }
        taken += n;
    }
    if (why == HD_OVERFLOW) {
        PyErr_SetString(PyExc_OverflowError, "a singles queue beyond the compiled engine's bounds");
        goto done;
    }
    uint8_t end[GRID_SNAPSHOT];
    grid_snapshot(&g, end);
    result = Py_BuildValue("(iOOy#y#NN)", why, out_steps, out_before, (const char *)end, (Py_ssize_t)81,
                           (const char *)end + 81, (Py_ssize_t)162, queue_bytes(q->naked, q->nhead, q->ntail),
                           queue_bytes(q->hidden, q->hhead, q->htail));
done:
    Py_XDECREF(out_steps);
    Py_XDECREF(out_before);
    PyMem_Free(q);
    PyMem_Free(steps);
    PyMem_Free(before);
    return result;
}

PyDoc_STRVAR(hodoku_rate_batch_doc,
"hodoku_rate_batch(puzzles, techniques, out, max_steps)\n\n"
"Each puzzle of ``puzzles`` (81 bytes of values each) rated on HoDoKu's path over\n"
"``techniques`` (codes in HoDoKu's order, compiled or not), its record\n"
"(HODOKU_RECORD_SIZE bytes) written into ``out``, the GIL released (hodoku/rating.h).");

/* HoDoKu's techniques and scratch for one batch */
typedef struct {
    const uint8_t *codes;
    int n, max_steps;
    hd_step *step;
    hd_queue *queue;
} hd_batch;

static void hd_rate_one(const uint8_t *values, void *ctx, uint8_t *dest) {
    hd_batch *b = ctx;
    hd_rating_rec rec;
    hd_rate(values, b->codes, b->n, b->max_steps, b->step, b->queue, &rec);
    memcpy(dest, &rec, sizeof rec);
}

static PyObject *py_hodoku_rate_batch(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *puzzles, *techs, *out;
    int max_steps;
    if (!PyArg_ParseTuple(args, "OOOi", &puzzles, &techs, &out, &max_steps)) return NULL;
    uint8_t codes[H_COUNT];
    int n;
    if (read_techniques(techs, codes, &n, 0) < 0) return NULL;
    if (max_steps < 0) {
        PyErr_SetString(PyExc_ValueError, "max_steps must not be negative");
        return NULL;
    }
    hd_batch b = {codes, n, max_steps, PyMem_Malloc(sizeof(hd_step)), PyMem_Malloc(sizeof(hd_queue))};
    PyObject *r = b.step && b.queue
                      ? rate_batch(puzzles, out, sizeof(hd_rating_rec), "HODOKU_RECORD_SIZE", hd_rate_one, &b)
                      : PyErr_NoMemory();
    PyMem_Free(b.step);
    PyMem_Free(b.queue);
    return r;
}

static PyMethodDef hodoku_methods[] = {
    {"hodoku_run", py_hodoku_run, METH_VARARGS, hodoku_run_doc},
    {"hodoku_rate_batch", py_hodoku_rate_batch, METH_VARARGS, hodoku_rate_batch_doc},
    {NULL, NULL, 0, NULL},
};

static const char *compiled_name(int i) {
    static const char *names[H_COUNT];
    static int n = -1;
    if (n < 0) {
        n = 0;
        for (int t = 0; t < H_COUNT; t++) {
            if (hd_compiled(t)) names[n++] = hd_technique_name(t);
        }
    }
    return names[i];
}

static const char *default_name(int i) { return hd_technique_name(hd_default_technique(i)); }

int hodoku_add_to_module(PyObject *m) {
    int compiled = 0;
    for (int t = 0; t < H_COUNT; t++) compiled += hd_compiled(t);
    if (PyModule_AddFunctions(m, hodoku_methods) < 0 ||
        add_names(m, "HODOKU_TECHNIQUES", hd_technique_name, H_COUNT) < 0 ||
        add_names(m, "HODOKU_COMPILED", compiled_name, compiled) < 0 ||
        add_names(m, "HODOKU_DEFAULT", default_name, HD_DEFAULT_COUNT) < 0)
        return -1;
    static const struct { const char *name; int value; } reasons[] = {
        {"HODOKU_STUCK", HD_STUCK}, {"HODOKU_SOLVED", HD_SOLVED}, {"HODOKU_BROKEN", HD_BROKEN}, {"HODOKU_LIMIT", HD_LIMIT},
        {"HODOKU_RECORD_SIZE", (int)sizeof(hd_rating_rec)},
    };
    for (size_t i = 0; i < sizeof reasons / sizeof *reasons; i++) {
        if (PyModule_AddIntConstant(m, reasons[i].name, reasons[i].value) < 0) return -1;
    }
    return 0;
}
