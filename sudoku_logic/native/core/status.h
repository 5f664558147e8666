/* What both engines' whole ratings share: why a rating came out as it did, the clock it
 * is timed with.  Include it before any other header (it asks for clock_gettime). */
#ifndef CORE_STATUS_H
#define CORE_STATUS_H

#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 199309L  /* clock_gettime */
#endif
#include <time.h>

/* Why a rating came out as it did; anything but RATE_OK leaves the puzzle to Python (which
 * says what is wrong with it, or takes the path where the engine cannot). */
enum {
    RATE_OK,          /* rated: the path solved the grid, the puzzle has one solution */
    RATE_INVALID,     /* a value out of range, or givens that break a house */
    RATE_NOT_UNIQUE,  /* no solution or several (found when a uniqueness rule came up) */
    RATE_STUCK,       /* no rule found a step, or a step broke the grid */
    RATE_BEYOND       /* a hint beyond the record's bounds, or the step limit */
};

/* milliseconds on the monotonic clock */
static inline double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

#endif
