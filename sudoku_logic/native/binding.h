/* What the module's two bindings share (_se_module.c writes them; _hodoku_module.c adds
 * HoDoKu's engine to the module): grids read from and written to Python bytes. */
#ifndef NATIVE_BINDING_H
#define NATIVE_BINDING_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "core/grid.h"

/* 81 values and 81 little-endian candidate masks read from two buffers (ValueError: -1). */
int read_values(PyObject *values, PyObject *cands, uint8_t vals[81], uint16_t masks[81]);
int read_grid(grid *g, PyObject *values, PyObject *cands);
/* the grid as 81 values and 81 little-endian masks (243 bytes) */
void write_snapshot(const grid *g, uint8_t *out);
/* the module's ``attr``: ``count`` names as a tuple of str; -1 on an error */
int add_names(PyObject *m, const char *attr, const char *(*name)(int), int count);
/* One puzzle of a batch rated: its 81 values in, its record (the engine's own struct, of
 * the size given to rate_batch) copied to ``dest``; ``ctx`` holds the engine's codes and
 * scratch. Runs without the GIL. */
typedef void (*rate_one_fn)(const uint8_t *values, void *ctx, uint8_t *dest);

/* Each puzzle of ``puzzles`` (81 bytes of values each) rated by ``rate`` into ``out``
 * (``rec_size`` bytes each), the GIL released; a signal handler's exception
 * (KeyboardInterrupt) stops it between two puzzles. None, or NULL with an exception set
 * (ValueError naming ``rec_name`` for buffers of the wrong size). */
PyObject *rate_batch(PyObject *puzzles, PyObject *out, size_t rec_size, const char *rec_name, rate_one_fn rate,
                     void *ctx);
/* HoDoKu's functions and names added to the module (_hodoku_module.c); -1 on an error */
int hodoku_add_to_module(PyObject *m);

#endif
