/* Per-thread LIFO tapes for the forward/return sweeps of generated code. */
#include "pargrad.h"

#include <stdio.h>
#include <stdlib.h>

struct pg_tape {
    unsigned char *data;
    size_t top, cap;
};

static _Thread_local pg_tape thread_tape;

pg_tape *pg_tape_self(void) {
    return &thread_tape;
}

void *pg_tape_push(pg_tape *t, size_t bytes) {
    /* Keep 8-byte alignment so that bulk regions can be used as arrays. */
    size_t need = t->top + ((bytes + 7) & ~(size_t)7);
    if (need > t->cap) {
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
    void *at = t->data + t->top;
    t->top = need;
    return at;
}

void *pg_tape_pop(pg_tape *t, size_t bytes) {
    size_t size = (bytes + 7) & ~(size_t)7;
    if (size > t->top) {
        fprintf(stderr, "pargrad runtime: tape underflow (pop %zu of %zu bytes)\n", size, t->top);
        abort();
    }
    t->top -= size;
    return t->data + t->top;
}

size_t pg_tape_depth(const pg_tape *t) {
    return t->top;
}
