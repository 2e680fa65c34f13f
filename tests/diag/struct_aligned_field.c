/* expect: 11:36: cannot define the struct type of parameter 'c' in the generated file with the caller's layout: 'w' of 'cell_t' is placed by packing or an alignment */
/* A field aligned to a cache line: written out again without the
 * attribute, it would sit 56 bytes earlier than the caller's. */
#include <stdalign.h>

typedef struct {
    double h;
    alignas(64) double w;
} cell_t;

double energy(int n, const cell_t *c) {
    double e = 0.0;
    for (int i = 0; i < n; i++)
        e += c[i].h * c[i].w;
    return e;
}
#pragma pargrad reverse(energy) wrt(c)
