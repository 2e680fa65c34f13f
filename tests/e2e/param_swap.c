/* A time loop swapping the two grids its caller passes, as stencil codes
 * write it: `double *tmp = u; u = un; un = tmp;` on the parameters
 * themselves. Each parameter is a pointer view of its array, as `double
 * *cur = u;` is (it was rejected: "'u' names an array as a whole"). */
#include <math.h>
#include <string.h>

double heat_steps(int nx, int ny, int nsteps, const double *restrict u0,
                  const double *restrict kappa, double *restrict u, double *restrict un) {
    int i, j, s;
    memcpy(u, u0, sizeof(double) * nx * ny);
    memcpy(un, u0, sizeof(double) * nx * ny);
    for (s = 0; s < nsteps; s++) {
#pragma pargrad map
        for (i = 1; i < ny - 1; i++) {
            for (j = 1; j < nx - 1; j++) {
                const double lap = u[i * nx + j - 1] + u[i * nx + j + 1] + u[(i - 1) * nx + j] +
                                   u[(i + 1) * nx + j] - 4.0 * u[i * nx + j];
                un[i * nx + j] = u[i * nx + j] + kappa[i * nx + j] * tanh(lap);
            }
        }
        double *tmp = u;
        u = un;
        un = tmp;
    }
    double e = 0.0;
#pragma pargrad reduce(+ : e)
    for (i = 0; i < nx * ny; i++)
        e += u[i] * u[i];
    return e;
}

#pragma pargrad reverse(heat_steps) wrt(u0, kappa)
