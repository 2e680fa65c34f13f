/* Checks output_extents.c: the seeds of the outputs are consumed (zero
 * after the gradient; the element past the last left alone), and x_b
 * agrees with central finite differences of J(x) = the seeds . the
 * outputs (+ r * the return value). */
#include "gradcheck.h"

double shift_ring(int n, const double *x, double *z, double *phase);
double shift_ring_b(int n, const double *x, double *x_b, double *z, double *z_b, double *phase,
                    double *phase_b, double seed);

double shift_tiled(int n, const double *x, double *z, double *phase);
double shift_tiled_b(int n, const double *x, double *x_b, double *z, double *z_b, double *phase,
                     double *phase_b, double ret_b);
double shift_walk(int n, const double *x, double *z, double *phase);
double shift_walk_b(int n, const double *x, double *x_b, double *z, double *z_b, double *phase,
                    double *phase_b, double ret_b);
double shift_down(int n, const double *x, double *z, double *phase);
double shift_down_b(int n, const double *x, double *x_b, double *z, double *z_b, double *phase,
                    double *phase_b, double seed);

typedef double (*ring_f)(int n, const double *x, double *z, double *phase);
typedef double (*ring_b)(int n, const double *x, double *x_b, double *z, double *z_b, double *phase,
                         double *phase_b, double seed);

typedef struct {
    double mass, moment;
} cell_t;
void deposit(int n, int nb, const double *x, cell_t h[nb]);
void deposit_b(int n, int nb, const double *x, double *x_b, cell_t h[nb], cell_t h_b[nb]);

struct ctx {
    ring_f f;
    int n;
    const double *zs;
    double r;
    double *x, *z, *phase;
};

static double objective(void *p) {
    struct ctx *c = p;
    double ret = c->f(c->n, c->x, c->z, c->phase);
    return c->r * ret + gc_dot(c->zs, c->z, c->n);
}

/* rot: phase[(i + rot) % n] = 0.1 i; -1: shift_walk's phase */
static void check(ring_f f, ring_b f_b, int n, int rot) {
    double *x = gc_alloc(n), *x_b = gc_alloc(n), *z = gc_alloc(n + 1), *z_b = gc_alloc(n + 1),
           *phase = gc_alloc(n + 1), *phase_b = gc_alloc(n + 1), *zs = gc_alloc(n),
           *fd = gc_alloc(n);
    gc_fill(x, n, -1.0, 1.0);
    gc_fill(zs, n, -1.0, 1.0);
    for (int k = 0; k < n; k++)
        z_b[k] = zs[k];
    gc_fill(phase_b, n, -1.0, 1.0);
    z_b[n] = phase_b[n] = 7.0; /* past the outputs: left alone */
    double r = 0.75;
    f_b(n, x, x_b, z, z_b, phase, phase_b, r);
    gc_check_zero("z_b consumed", z_b, n);
    gc_check_zero("phase_b consumed", phase_b, n);
    gc_check_value("z_b[n] untouched", z_b[n], 7.0, 0.0);
    gc_check_value("phase_b[n] untouched", phase_b[n], 7.0, 0.0);
    double worst = 0.0;
    for (int k = 0; k < n && rot >= 0; k++)
        worst = fmax(worst, fabs(phase[k] - 0.1 * ((k - rot + 2 * n) % n)));
    for (int k = 0; k < n && rot < 0; k++) /* shift_walk: 0.1 k, then 0.5 (0.1 k) + 0.1 k */
        worst = fmax(worst, fabs(phase[k] - (0.5 * (0.1 * k) * 1 + 0.1 * k)));
    gc_check_value("phase as the primal writes it", worst, 0.0, 0.0);
    struct ctx c = {f, n, zs, r, x, z, phase};
    gc_fd_grad(objective, &c, x, n, fd);
    gc_compare("x_b", x_b, fd, n);
    free(x), free(x_b), free(z), free(z_b), free(phase), free(phase_b), free(zs), free(fd);
}

struct cells {
    int n, nb;
    const cell_t *seed;
    double *x;
    cell_t *h;
};

static double cells_objective(void *p) {
    struct cells *c = p;
    deposit(c->n, c->nb, c->x, c->h);
    double j = 0.0;
    for (int b = 0; b < c->nb; b++)
        j += c->seed[b].mass * c->h[b].mass + c->seed[b].moment * c->h[b].moment;
    return j;
}

static void check_cells(int n, int nb) {
    double *x = gc_alloc(n), *x_b = gc_alloc(n), *fd = gc_alloc(n);
    cell_t *h = calloc((size_t)nb + 1, sizeof *h), *h_b = calloc((size_t)nb + 1, sizeof *h_b),
           *seed = calloc((size_t)nb, sizeof *seed);
    gc_fill(x, n, -1.0, 1.0);
    for (int b = 0; b < nb; b++) {
        seed[b].mass = gc_uniform(-1.0, 1.0);
        seed[b].moment = gc_uniform(-1.0, 1.0);
        h_b[b] = seed[b];
    }
    h_b[nb].mass = h_b[nb].moment = 7.0;
    deposit_b(n, nb, x, x_b, h, h_b);
    gc_check_zero("h_b consumed", (double *)h_b, 2 * nb);
    gc_check_value("h_b[nb] untouched", h_b[nb].mass + h_b[nb].moment, 14.0, 0.0);
    struct cells c = {n, nb, seed, x, h};
    gc_fd_grad(cells_objective, &c, x, n, fd);
    gc_compare("deposit x_b", x_b, fd, n);
    free(x), free(x_b), free(fd), free(h), free(h_b), free(seed);
}

int main(void) {
    const int sizes[] = {1, 2, 3, 7, 40};
    for (int i = 0; i < 5; i++) {
        check(shift_ring, shift_ring_b, sizes[i], 2);
        check(shift_down, shift_down_b, sizes[i], 2);
        check(shift_tiled, shift_tiled_b, sizes[i], 0);
        check(shift_walk, shift_walk_b, sizes[i], -1);
        check_cells(sizes[i], 1 + sizes[i] % 5);
    }
    return gc_finish();
}
