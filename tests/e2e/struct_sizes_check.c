/* Checks struct_sizes.c's gradient against finite differences, and that
 * the grid holds what the primal leaves in it after the gradient call. */
#include "gradcheck.h"

typedef struct {
    int nx, ny;
    double *u, *v;
} grid_t;

double advect(grid_t *g, double c, int steps);
double advect_b(grid_t *g, grid_t *g_b, double c, double *c_b, int steps, double advect_b_seed);

struct problem {
    int nx, ny, steps;
    double *x0, *x; /* u then v, and c last */
};

static double eval(void *p) {
    struct problem *q = p;
    int n = q->nx * q->ny;
    memcpy(q->x, q->x0, sizeof(double) * (size_t)(2 * n));
    grid_t g = {q->nx, q->ny, q->x, q->x + n};
    return advect(&g, q->x0[2 * n], q->steps);
}

static void check(int nx, int ny, int steps) {
    int n = nx * ny;
    double *x0 = gc_alloc(2 * n + 1), *x = gc_alloc(2 * n), *end = gc_alloc(2 * n);
    double *x_b = gc_alloc(2 * n + 1), *fd = gc_alloc(2 * n + 1);
    gc_fill(x0, 2 * n, 0.2, 0.8);
    x0[2 * n] = 0.3;
    struct problem q = {nx, ny, steps, x0, x};
    double value = eval(&q);
    memcpy(end, x, sizeof(double) * (size_t)(2 * n));
    memcpy(x, x0, sizeof(double) * (size_t)(2 * n));
    gc_zero(x_b, 2 * n + 1);
    grid_t g = {nx, ny, x, x + n}, g_b = {-1, -1, x_b, x_b + n};
    double r = advect_b(&g, &g_b, x0[2 * n], &x_b[2 * n], steps, 1.0);
    char what[96];
    snprintf(what, sizeof what, "advect %dx%d, %d steps", nx, ny, steps);
    gc_check_value(what, r, value, GC_RTOL_EXACT);
    gc_compare_tol("advect: the grid after the gradient", x, end, 2 * n, 1e-13);
    gc_require(g_b.nx == -1 && g_b.ny == -1, "advect: the sizes of the adjoint untouched");
    gc_fd_grad(eval, &q, x0, 2 * n + 1, fd);
    snprintf(what, sizeof what, "advect %dx%d: (u, v, c) adjoints vs finite differences", nx, ny);
    gc_compare(what, x_b, fd, 2 * n + 1);
    gc_check_nonzero("advect", x_b, 2 * n + 1);
    free(x0), free(x), free(end), free(x_b), free(fd);
}

int main(void) {
    gc_seed(17);
    check(6, 5, 3);
    check(1, 4, 2);
    check(3, 1, 4);
    return gc_finish();
}
