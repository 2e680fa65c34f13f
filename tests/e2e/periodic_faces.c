/* 1-D finite-volume advection-reaction on a periodic grid: upwind fluxes
 * at the n + 1 faces, explicit Euler steps, a least-squares loss against a
 * target. Written as a user writes it (int i declared at the top, the grid
 * in a struct, malloc'ed scratch); by the random tester's second pair of
 * eyes. The face loop runs i <= n and reads q at (i - 1 + n) % n and i % n:
 * n + 1 consecutive values meet every residue of n, so the adjoint of the
 * overwritten input q has n elements (it was rejected: its size unknown,
 * where i < n was accepted). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define CFL 0.4
#define NSTEPS 12

typedef struct {
    int n; /* cells */
    double dx;
    double *vel; /* face velocities, n+1 */
} grid_t;

static double upwind(double ul, double ur, double a) {
    /* flux at a face: a*ul if a>0 else a*ur */
    if (a > 0.0)
        return a * ul;
    else
        return a * ur;
}

double advect_loss(const grid_t *g, double *q, const double *target, double kreact) {
    int i, t;
    int n = g->n;
    double dt = CFL * g->dx;
    double *flux = (double *)malloc((n + 1) * sizeof(double));
    double *qn = (double *)malloc(n * sizeof(double));
    double loss;

    for (t = 0; t < NSTEPS; t++) {
#pragma pargrad map
#pragma omp parallel for
        for (i = 0; i <= n; i++) {
            int il = (i - 1 + n) % n;
            int ir = i % n;
            flux[i] = upwind(q[il], q[ir], g->vel[i]);
        }
#pragma pargrad map
#pragma omp parallel for
        for (i = 0; i < n; i++) {
            double dq = -(flux[i + 1] - flux[i]) / g->dx;
            qn[i] = q[i] + dt * dq - dt * kreact * q[i] * q[i];
        }
#pragma pargrad map
#pragma omp parallel for
        for (i = 0; i < n; i++)
            q[i] = qn[i];
    }

    loss = 0.0;
#pragma pargrad reduce(+ : loss)
#pragma omp parallel for reduction(+ : loss)
    for (i = 0; i < n; i++) {
        double d = q[i] - target[i];
        loss += 0.5 * d * d;
    }
    free(flux);
    free(qn);
    return loss;
}
#pragma pargrad reverse(advect_loss) wrt(q, kreact)
