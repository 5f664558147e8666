/* The Python face of the compiled SE engine: ``first`` (one hint) and ``run`` (a path
 * while the compiled rules find steps).  Grids cross as bytes: 81 values, then 81
 * candidate masks as little-endian 16-bit words (strategies/se/se_compiled.py packs them). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "se/loop.h"
#include "se/rating.h"
#include "core/scratch.h"
#include "core/solutions.h"
#include "binding.h"

#define SNAPSHOT_SIZE (81 + 162)

/* 81 values and 81 little-endian candidate masks read from two buffers; -1 with
 * ValueError when they are not that */
int read_values(PyObject *values, PyObject *cands, uint8_t vals[81], uint16_t masks[81]) {
    Py_buffer v, c;
    if (PyObject_GetBuffer(values, &v, PyBUF_SIMPLE) < 0) return -1;
    if (PyObject_GetBuffer(cands, &c, PyBUF_SIMPLE) < 0) { PyBuffer_Release(&v); return -1; }
    int bad = v.len != 81 || c.len != 162;
    if (!bad) {
        memcpy(vals, v.buf, 81);
        const uint8_t *cb = (const uint8_t *)c.buf;
        for (int i = 0; i < 81; i++) {
            masks[i] = (uint16_t)(cb[2 * i] | cb[2 * i + 1] << 8);
            bad |= vals[i] > 9 || masks[i] > 0x1ff;
        }
    }
    PyBuffer_Release(&v);
    PyBuffer_Release(&c);
    if (bad) {
        PyErr_SetString(PyExc_ValueError, "a grid is 81 values 0-9 and 81 candidate masks below 512");
        return -1;
    }
    return 0;
}

int read_grid(grid *g, PyObject *values, PyObject *cands) {
    uint8_t vals[81];
    uint16_t masks[81];
    if (read_values(values, cands, vals, masks) < 0) return -1;
    if (grid_load(g, vals, masks) < 0) {
        PyErr_SetString(PyExc_ValueError, "a grid is 81 values 0-9 and 81 candidate masks below 512");
        return -1;
    }
    return 0;
}

static int read_rules(PyObject *rules, uint8_t *out, int *n) {
    Py_buffer r;
    if (PyObject_GetBuffer(rules, &r, PyBUF_SIMPLE) < 0) return -1;
    int bad = r.len > R_COUNT;
    if (!bad) {
        memcpy(out, r.buf, (size_t)r.len);
        for (Py_ssize_t i = 0; i < r.len; i++) bad |= out[i] >= R_COUNT;
    }
    *n = (int)r.len;
    PyBuffer_Release(&r);
    if (bad) {
        PyErr_SetString(PyExc_ValueError, "unknown compiled rule");
        return -1;
    }
    return 0;
}

void write_snapshot(const grid *g, uint8_t *out) { grid_snapshot(g, out); }

/* (rule, technique, placements, eliminations, args, path): path, for a chain, its nodes
 * from the start as (key, cause) pairs */
static PyObject *hint_tuple(const se_hint *h) {
    PyObject *places = PyList_New(h->nplace);
    PyObject *elims = PyList_New(h->nelim);
    PyObject *args = PyTuple_New(h->nargs);
    PyObject *path = PyTuple_New(h->npath);
    if (!places || !elims || !args || !path) goto fail;
    for (int i = 0; i < h->npath; i++) {
        PyObject *t = Py_BuildValue("(ii)", h->path_key[i], h->path_cause[i]);
        if (!t) goto fail;
        PyTuple_SET_ITEM(path, i, t);
    }
    for (int i = 0; i < h->nplace; i++) {
        PyObject *t = Py_BuildValue("(ii)", h->place[0], h->place[1]);
        if (!t) goto fail;
        PyList_SET_ITEM(places, i, t);
    }
    for (int i = 0; i < h->nelim; i++) {
        PyObject *t = Py_BuildValue("(ii)", h->elim[i][0], h->elim[i][1]);
        if (!t) goto fail;
        PyList_SET_ITEM(elims, i, t);
    }
    for (int i = 0; i < h->nargs; i++) {
        PyObject *a = PyLong_FromUnsignedLongLong(h->args[i]);
        if (!a) goto fail;
        PyTuple_SET_ITEM(args, i, a);
    }
    return Py_BuildValue("(iiNNNN)", h->rule, h->technique, places, elims, args, path);
fail:
    Py_XDECREF(places);
    Py_XDECREF(elims);
    Py_XDECREF(args);
    Py_XDECREF(path);
    return NULL;
}

PyDoc_STRVAR(first_doc,
"first(values, cands, rules) -> (rule, technique, placements, eliminations, args, path) or None\n\n"
"The first hint of the first of ``rules`` (bytes of rule ids) that has one; OverflowError\n"
"where a hint goes beyond the engine's bounds (the Python finders then answer).");

static PyObject *py_first(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *values, *cands, *rules;
    if (!PyArg_ParseTuple(args, "OOO", &values, &cands, &rules)) return NULL;
    grid g;
    uint8_t ids[R_COUNT];
    int n;
    if (read_grid(&g, values, cands) < 0 || read_rules(rules, ids, &n) < 0) return NULL;
    se_hint h;
    int found = se_first(&g, ids, n, &h);
    scratch_release();
    if (found < 0) {
        PyErr_SetString(PyExc_OverflowError, "a hint beyond the compiled record's bounds");
        return NULL;
    }
    if (!found) Py_RETURN_NONE;
    return hint_tuple(&h);
}

PyDoc_STRVAR(run_doc,
"run(values, cands, rules, max_steps) -> (stop, steps, values, cands)\n\n"
"Take the first hint of ``rules`` and apply it until the grid is solved, none is found, a\n"
"step breaks the grid or ``max_steps`` are taken.  ``stop``: 0 solved, 1 stuck, 2 broken,\n"
"3 step limit; each step is first()'s tuple plus the position before it (81 values and\n"
"162 bytes of masks); the grid at the end follows.  The rules must hold for the puzzle\n"
"(the unique loops only for one with one solution).");

#define RUN_CHUNK 64

static PyObject *py_run(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *values, *cands, *rules;
    int max_steps;
    if (!PyArg_ParseTuple(args, "OOOi", &values, &cands, &rules, &max_steps)) return NULL;
    if (max_steps < 0) {
        PyErr_SetString(PyExc_ValueError, "max_steps must not be negative");
        return NULL;
    }
    grid g;
    uint8_t ids[R_COUNT];
    int n;
    if (read_grid(&g, values, cands) < 0 || read_rules(rules, ids, &n) < 0) return NULL;
    se_hint *steps = PyMem_Malloc(sizeof(se_hint) * RUN_CHUNK);
    grid *before = PyMem_Malloc(sizeof(grid) * RUN_CHUNK);
    PyObject *out = NULL, *list = PyList_New(0);
    if (!steps || !before || !list) {
        PyErr_NoMemory();
        goto done;
    }
    int why = STOP_LIMIT, taken = 0;
    while (why == STOP_LIMIT && taken < max_steps) {
        int count = 0, cap = max_steps - taken < RUN_CHUNK ? max_steps - taken : RUN_CHUNK;
        Py_BEGIN_ALLOW_THREADS
        why = se_run(&g, ids, n, cap, steps, before, &count);
        Py_END_ALLOW_THREADS
        if (why == STOP_OVERFLOW) {
            PyErr_SetString(PyExc_OverflowError, "a hint beyond the compiled record's bounds");
            Py_CLEAR(list);
            goto done;
        }
        for (int i = 0; i < count; i++) {
            PyObject *t = hint_tuple(&steps[i]);
            PyObject *snap = PyBytes_FromStringAndSize(NULL, SNAPSHOT_SIZE);
            if (!t || !snap) { Py_XDECREF(t); Py_XDECREF(snap); Py_CLEAR(list); goto done; }
            write_snapshot(&before[i], (uint8_t *)PyBytes_AS_STRING(snap));
            PyObject *rec = Py_BuildValue("(OOOOOON)", PyTuple_GET_ITEM(t, 0), PyTuple_GET_ITEM(t, 1),
                                          PyTuple_GET_ITEM(t, 2), PyTuple_GET_ITEM(t, 3), PyTuple_GET_ITEM(t, 4),
                                          PyTuple_GET_ITEM(t, 5), snap);
            Py_DECREF(t);
            if (!rec || PyList_Append(list, rec) < 0) { Py_XDECREF(rec); Py_CLEAR(list); goto done; }
            Py_DECREF(rec);
        }
        taken += count;
    }
    {
        uint8_t end[SNAPSHOT_SIZE];
        write_snapshot(&g, end);
        out = Py_BuildValue("(iOy#y#)", why, list, (const char *)end, (Py_ssize_t)81,
                            (const char *)end + 81, (Py_ssize_t)162);
    }
done:
    scratch_release();
    Py_XDECREF(list);
    PyMem_Free(steps);
    PyMem_Free(before);
    return out;
}

/* A search's poll from a thread without the GIL: take it, run Python's signal handlers, and
 * release it again; nonzero (stop) when a handler raised. */
typedef struct {
    PyThreadState *save;
} signal_poll;

static int poll_signals(void *ctx) {
    signal_poll *p = ctx;
    PyEval_RestoreThread(p->save);
    int stop = PyErr_CheckSignals() < 0;
    p->save = PyEval_SaveThread();
    return stop;
}

PyDoc_STRVAR(count_doc, "count_solutions(values, cands, limit) -> int\n\n"
             "How many solutions the position has, counting up to limit (core/dlx.py's count); 0 at once\n"
             "for two equal givens in a house. Python's signal handlers run during a long search\n"
             "(Ctrl-C stops it with KeyboardInterrupt).");

static PyObject *py_count_solutions(PyObject *self, PyObject *args) {
    PyObject *values, *cands;
    int limit;
    if (!PyArg_ParseTuple(args, "OOi", &values, &cands, &limit)) return NULL;
    uint8_t vals[81];
    uint16_t masks[81];
    if (read_values(values, cands, vals, masks) < 0) return NULL;
    signal_poll poll = {PyEval_SaveThread()};  /* the GIL released while the search runs */
    int n = count_solutions_polled(vals, masks, limit, poll_signals, &poll);
    PyEval_RestoreThread(poll.save);
    if (n < 0) return NULL;  /* a signal handler raised (KeyboardInterrupt): its exception */
    return PyLong_FromLong(n);
}

PyDoc_STRVAR(rate_batch_doc,
"rate_batch(puzzles, rules, out, max_steps) -> None\n\n"
"Rate each puzzle of ``puzzles`` (a buffer of 81 bytes per puzzle: values 0-9) on SE's path\n"
"over ``rules`` and write its record into the writable buffer ``out`` (RECORD_SIZE bytes\n"
"each: er, ep, ed, ms as doubles, steps int32, hardest int16, solved, status), the GIL\n"
"released meanwhile (a signal handler's exception, KeyboardInterrupt, stops it between two\n"
"puzzles).");

PyObject *rate_batch(PyObject *puzzles, PyObject *out, size_t rec_size, const char *rec_name, rate_one_fn rate,
                     void *ctx) {
    Py_buffer p, o;
    if (PyObject_GetBuffer(puzzles, &p, PyBUF_SIMPLE) < 0) return NULL;
    if (PyObject_GetBuffer(out, &o, PyBUF_WRITABLE) < 0) {
        PyBuffer_Release(&p);
        return NULL;
    }
    Py_ssize_t count = p.len / 81;
    if (p.len % 81) {
        PyErr_SetString(PyExc_ValueError, "puzzles: 81 bytes each");
    } else if (o.len != count * (Py_ssize_t)rec_size) {
        PyErr_Format(PyExc_ValueError, "out: %s bytes per puzzle", rec_name);
    } else {
        const uint8_t *in = (const uint8_t *)p.buf;
        uint8_t *dest = (uint8_t *)o.buf;
        Py_BEGIN_ALLOW_THREADS
        for (Py_ssize_t i = 0; i < count; i++) {
            rate(in + 81 * i, ctx, dest + rec_size * (size_t)i);
            /* Ctrl-C between two puzzles stops the batch (KeyboardInterrupt) */
            Py_BLOCK_THREADS
            int stop = PyErr_CheckSignals() < 0;
            Py_UNBLOCK_THREADS
            if (stop) break;
        }
        scratch_release();
        Py_END_ALLOW_THREADS
    }
    PyBuffer_Release(&p);
    PyBuffer_Release(&o);
    if (PyErr_Occurred()) return NULL;
    Py_RETURN_NONE;
}

/* SE's rules and scratch for one batch */
typedef struct {
    const uint8_t *ids;
    int n, max_steps;
    se_hint *hint;
} se_batch;

static void se_rate_one(const uint8_t *values, void *ctx, uint8_t *dest) {
    se_batch *b = ctx;
    se_rating_rec rec;
    se_rate(values, b->ids, b->n, b->max_steps, b->hint, &rec);
    memcpy(dest, &rec, sizeof rec);
}

static PyObject *py_rate_batch(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *puzzles, *rules, *out;
    int max_steps;
    if (!PyArg_ParseTuple(args, "OOOi", &puzzles, &rules, &out, &max_steps)) return NULL;
    uint8_t ids[R_COUNT];
    int n;
    if (read_rules(rules, ids, &n) < 0) return NULL;
    if (max_steps < 0) {
        PyErr_SetString(PyExc_ValueError, "max_steps must not be negative");
        return NULL;
    }
    se_batch b = {ids, n, max_steps, PyMem_Malloc(sizeof(se_hint))};
    if (!b.hint) return PyErr_NoMemory();
    PyObject *r = rate_batch(puzzles, out, sizeof(se_rating_rec), "RECORD_SIZE", se_rate_one, &b);
    PyMem_Free(b.hint);
    return r;
}

PyDoc_STRVAR(difficulty_doc,
"difficulty(technique, args, path_length) -> float\n\n"
"SE's raw difficulty of a hint of ``technique`` with these ``args`` and a path of\n"
"``path_length`` nodes (se_raw_difficulty: what rate_batch folds).");

static PyObject *py_difficulty(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *hargs;
    int technique, npath;
    if (!PyArg_ParseTuple(args, "iOi", &technique, &hargs, &npath)) return NULL;
    if (technique < 0 || technique >= T_COUNT || npath < 0 || npath > SE_MAX_PATH) {
        PyErr_SetString(PyExc_ValueError, "a technique code and a path length in range");
        return NULL;
    }
    PyObject *seq = PySequence_Fast(hargs, "args: a sequence of integers");
    if (!seq) return NULL;
    se_hint *h = PyMem_Calloc(1, sizeof *h);
    if (!h) { Py_DECREF(seq); return PyErr_NoMemory(); }
    h->technique = technique;
    h->npath = npath;
    h->nargs = (int)(PySequence_Fast_GET_SIZE(seq) < SE_MAX_ARGS ? PySequence_Fast_GET_SIZE(seq) : SE_MAX_ARGS);
    for (int i = 0; i < h->nargs; i++) {
        h->args[i] = PyLong_AsUnsignedLongLongMask(PySequence_Fast_GET_ITEM(seq, i));
    }
    Py_DECREF(seq);
    double d = PyErr_Occurred() ? 0.0 : se_raw_difficulty(h);
    PyMem_Free(h);
    if (PyErr_Occurred()) return NULL;
    return PyFloat_FromDouble(d);
}

static PyMethodDef methods[] = {
    {"count_solutions", py_count_solutions, METH_VARARGS, count_doc},
    {"difficulty", py_difficulty, METH_VARARGS, difficulty_doc},
    {"first", py_first, METH_VARARGS, first_doc},
    {"rate_batch", py_rate_batch, METH_VARARGS, rate_batch_doc},
    {"run", py_run, METH_VARARGS, run_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_se",
    "Sudoku Explainer's rules compiled (see sudoku_logic/native/se/loop.h).", -1, methods,
    NULL, NULL, NULL, NULL,
};

/* The module's ``attr``: the ``count`` names of se/tables.h as a tuple of str; -1 on an error. */
int add_names(PyObject *m, const char *attr, const char *(*name)(int), int count) {
    PyObject *t = PyTuple_New(count);
    for (int i = 0; t && i < count; i++) {
        PyObject *s = PyUnicode_FromString(name(i));
        if (!s) { Py_CLEAR(t); break; }
        PyTuple_SET_ITEM(t, i, s);
    }
    int r = t ? PyModule_AddObjectRef(m, attr, t) : -1;
    Py_XDECREF(t);
    return r;
}

PyMODINIT_FUNC PyInit__se(void) {
    se_engine_init();
    PyObject *m = PyModule_Create(&module);
    if (m && (PyModule_AddIntConstant(m, "RULE_COUNT", R_COUNT) < 0 ||
              PyModule_AddIntConstant(m, "RECORD_SIZE", (long)sizeof(se_rating_rec)) < 0 ||
              PyModule_AddIntConstant(m, "TECHNIQUE_COUNT", T_COUNT) < 0 ||
              add_names(m, "RULES", se_rule_name, R_COUNT) < 0 ||
              add_names(m, "TECHNIQUES", se_technique_name, T_COUNT) < 0 ||
              hodoku_add_to_module(m) < 0)) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
