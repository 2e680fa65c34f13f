/* Checks the gradient of scratch_dims.c (w and in, seeded on every
 * output) against central finite differences. */
#include "gradcheck.h"

enum { F = 4, M = 6 };

void layer(int F_, int m, const double *w, const double *in, double act[F_][m + 1], double *out);
void layer_b(int F_, int m, const double *w, double *w_b, const double *in, double *in_b,
             double act[F_][m + 1], double *out, double *out_b);

static double seeds[F];

/* x: w, then in; the seeded sum of the outputs */
static double eval(void *ctx) {
    const double *x = ctx;
    double act[F][M + 1], out[F];
    layer(F, M, x, x + F, act, out);
    return gc_dot(seeds, out, F);
}

int main(void) {
    double x[F + M], fd[F + M], g[F + M] = {0}, act[F][M + 1], out[F], out_b[F];
    gc_seed(7);
    gc_fill(x, F + M, -1.0, 1.0);
    gc_fill(seeds, F, -1.0, 1.0);
    for (int f = 0; f < F; f++)
        out_b[f] = seeds[f];
    layer_b(F, M, x, g, x + F, g + F, act, out, out_b);
    gc_fd_grad(eval, x, x, F + M, fd);
    gc_compare("layer_b: w, in vs finite differences", g, fd, F + M);
    gc_check_nonzero("layer_b: w, in", g, F + M);
    return gc_finish();
}
