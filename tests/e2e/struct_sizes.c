/* A grid whose sizes live in its struct (`const int nx = g->nx;`), as HPC
 * codes pass their state, with scratch arrays allocated from a byte count
 * computed once (`const size_t bytes = ...; malloc(bytes)`, then
 * memcpy(g->u, un, bytes)). The grid is overwritten and in wrt(...) but
 * not in out(...): its adjoint's length comes from the accesses, whose
 * bounds read the sizes from the struct again (it was rejected: "pargrad
 * cannot tell"), and so did the allocation. Periodic neighbours, left
 * ones written (i + ny - 1) % ny. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    int nx, ny;
    double *u, *v;
} grid_t;

double advect(grid_t *g, double c, int steps) {
    const int nx = g->nx, ny = g->ny;
    const size_t bytes = (size_t)nx * ny * sizeof(double);
    double *un = malloc(bytes), *vn = malloc(bytes);
    int t, i, j;
    for (t = 0; t < steps; t++) {
        const double *u = g->u, *v = g->v;
#pragma pargrad map
        for (i = 0; i < ny; i++) {
            const int up = (i + ny - 1) % ny, dn = (i + 1) % ny;
#pragma pargrad map
            for (j = 0; j < nx; j++) {
                const int lf = (j + nx - 1) % nx, rt = (j + 1) % nx;
                const double uc = u[i * nx + j], vc = v[i * nx + j];
                un[i * nx + j] = uc - c * uc * (uc - u[i * nx + lf]) +
                                 0.1 * (u[up * nx + j] + u[dn * nx + j] - 2.0 * uc);
                vn[i * nx + j] = vc - c * uc * (v[i * nx + rt] - vc) + 0.05 * sin(vc * uc);
            }
        }
        memcpy(g->u, un, bytes);
        memcpy(g->v, vn, bytes);
    }
    double e = 0.0;
#pragma pargrad reduce(+ : e)
    for (i = 0; i < nx * ny; i++)
        e += g->u[i] * g->u[i] + 0.5 * g->v[i] * g->v[i] * g->u[i];
    free(un);
    free(vn);
    return e;
}
#pragma pargrad reverse(advect) wrt(g, c)
