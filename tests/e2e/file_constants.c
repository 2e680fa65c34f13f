/* Constants of the file as numerical codes have them: a stencil's weights
 * in a 2-D table, Gauss-Legendre nodes and weights, an integer permutation,
 * a time step and a step count, array sizes from macros. */
#include <math.h>

#define NQ 4
#define NW 12

static const double gl_nodes[NQ] = {-0.86113631159405258, -0.33998104358485626, 0.33998104358485626,
                                    0.86113631159405258};
static const double gl_weights[NQ] = {0.34785484513745385, 0.65214515486254614, 0.65214515486254614,
                                      0.34785484513745385};
static const double stencil[2][3] = {{0.25, 0.5, 0.25}, {-0.5, 2.0, -0.5}};
static const int perm[4] = {2, 0, 3, 1};
static const float damping[NW] = {1.0f, 0.9f, 0.8f, 0.7f, 0.6f, 0.5f, 0.4f, 0.3f, 0.2f, 0.1f};
const double dt = 0.05;
static const int nsteps = 3;

/* A smoothing time loop with alternating stencils, then a quadrature of
 * the smoothed field on each cell. */
double smooth_quadrature(int n, const double *x, double *u) {
    int t, i, q;
    double s = 0.0;
    for (t = 0; t < nsteps; t++) {
#pragma pargrad map
        for (i = 1; i < n - 1; i++)
            u[i] = u[i] + dt *
                              (stencil[t % 2][0] * x[i - 1] + stencil[t % 2][1] * x[i] +
                               stencil[t % 2][2] * x[i + 1]) *
                              damping[i % NW];
    }
#pragma pargrad reduce(+ : s)
    for (i = 0; i < n; i++) {
        double cell = 0.0;
        for (q = 0; q < NQ; q++) {
            double at = 0.5 * (gl_nodes[q] + 1.0);
            cell += gl_weights[q] * sin(u[i] * at + x[perm[i % 4] % n]);
        }
        s += 0.5 * cell;
    }
    return s;
}

#pragma pargrad reverse(smooth_quadrature) wrt(x, u) out(return )
