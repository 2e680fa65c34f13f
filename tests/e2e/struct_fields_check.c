/* Checks the gradient of struct_fields.c (with respect to every field,
 * the const ones too) against central finite differences. */
#include <string.h>

#include "gradcheck.h"
#include "struct_fields.h"

double kinetic(int n, const particle *p);
double kinetic_b(int n, const particle *p, particle *p_b, double seed);

enum { N = 9, F = 4 };

/* the fields as numbers, F per particle, and back (through memcpy: the
 * const fields are set as the caller's code makes them) */
static void to_particles(const double *x, particle *p) {
    for (int i = 0; i < N; i++) {
        particle q = {{x[F * i], x[F * i + 1]}, x[F * i + 2], x[F * i + 3], NULL, {0.0}};
        memcpy(&p[i], &q, sizeof q);
    }
}

static double eval(void *ctx) {
    particle p[N];
    to_particles(ctx, p);
    return kinetic(N, p);
}

int main(void) {
    double x[F * N], fd[F * N], g[F * N];
    gc_seed(3);
    gc_fill(x, F * N, 0.5, 2.0);
    particle p[N], p_b[N];
    to_particles(x, p);
    memset(p_b, 0, sizeof p_b);
    gc_check_value("kinetic_b: value", kinetic_b(N, p, p_b, 1.0), kinetic(N, p), GC_RTOL_EXACT);
    for (int i = 0; i < N; i++) {
        g[F * i] = p_b[i].vel.u;
        g[F * i + 1] = p_b[i].vel.w;
        g[F * i + 2] = p_b[i].mass;
        g[F * i + 3] = p_b[i].charge;
    }
    gc_fd_grad(eval, x, x, F * N, fd);
    gc_compare("kinetic_b: vel.u, vel.w, mass, charge vs finite differences", g, fd, F * N);
    return gc_finish();
}
