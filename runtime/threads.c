/* The size below which loops run on one thread (pg_threads_for). */
#include "pargrad_parallel.h"

#include <stdatomic.h>
#include <stdlib.h>

/* PARGRAD_MIN_PARALLEL, read once: a test runs the threaded code paths on
 * small inputs with PARGRAD_MIN_PARALLEL=1 (the random tester's programs
 * have a few dozen elements) */
long pg_min_parallel(void) {
    static atomic_long threshold = -1;
    long t = atomic_load_explicit(&threshold, memory_order_relaxed);
    if (t >= 0)
        return t;
    const char *v = getenv("PARGRAD_MIN_PARALLEL");
    char *end = NULL;
    long parsed = v ? strtol(v, &end, 10) : -1;
    t = v && *v && end && *end == '\0' && parsed >= 1 ? parsed : PG_MIN_PARALLEL;
    atomic_store_explicit(&threshold, t, memory_order_relaxed);
    return t;
}

int pg_worth_threads(long work) {
    return work >= pg_min_parallel();
}
