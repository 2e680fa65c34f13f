/* Run-time checks of promises the generated code cannot check at compile
 * time. */
#include "pargrad.h"

#include <stdio.h>
#include <stdlib.h>

void pg_bin_fail(long k, long n, const char *where) {
    fprintf(stderr, "pargrad: %s: bin %ld is outside [0, %ld)\n", where, k, n);
    abort();
}

void pg_overlap_fail(long dst, long src, long n, const char *where) {
    fprintf(stderr,
            "pargrad: %s: memcpy of %ld elements from element %ld to element %ld of one array: "
            "the parts overlap (undefined in C; copy between two arrays, or with a loop)\n",
            where, n, src, dst);
    abort();
}

void pg_bound_fail(long runs, long bound, const char *where) {
    fprintf(stderr,
            "pargrad: %s ran its body %ld times, more than its '#pragma pargrad while "
            "bound(%ld)': raise the bound\n",
            where, runs, bound);
    abort();
}
