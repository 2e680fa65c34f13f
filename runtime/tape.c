/* Per-thread LIFO tapes for the forward/return sweeps of generated code:
 * the slow paths of the inline pushes and pops of pargrad.h. */
#include "pargrad.h"

#include <stdio.h>
#include <stdlib.h>

__thread pg_tape pg_thread_tape;

void pg_tape_grow(pg_tape *t, size_t need) {
    size_t cap = t->cap ? t->cap : 1 << 16;
    while (cap < need)
        cap *= 2;
    unsigned char *data = realloc(t->data, cap);
    if (!data) {
        fprintf(stderr, "pargrad runtime: out of memory for the tape (%zu bytes)\n", cap);
        abort();
    }
    t->data = data;
    t->cap = cap;
}

void pg_kept_grow(pg_tape *t, size_t need) {
    size_t cap = t->kept_cap ? t->kept_cap : 64;
    while (cap < need)
        cap *= 2;
    double *kept = realloc(t->kept, cap * sizeof(double));
    if (!kept) {
        fprintf(stderr, "pargrad runtime: out of memory for %zu kept values\n", cap);
        abort();
    }
    t->kept = kept;
    t->kept_cap = cap;
}

void pg_tape_underflow(const pg_tape *t, size_t bytes) {
    fprintf(stderr, "pargrad runtime: tape underflow (pop %zu of %zu bytes)\n", bytes, t->top);
    abort();
}

size_t pg_tape_depth(const pg_tape *t) {
    return t->top;
}

size_t pg_tape_high(const pg_tape *t) {
    return t->high;
}

void pg_tape_reset_high(pg_tape *t) {
    t->high = t->top;
}
