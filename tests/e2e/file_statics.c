/* Settings and tables at file scope that are static and that no code of
 * the file changes, as C programs keep their tuning constants: read as
 * the constants they are (their initial values), with the table copied
 * into the generated code. A static without an initialiser is zero. */
#include <math.h>

static double damping = 0.85;
static int n_sweeps = 3;
static double offset;
static double stencil[3] = {0.25, 0.5, 0.25};
static const char *label = "relax"; /* (never read by the kernel) */

static double weight(int i) {
    return stencil[i % 3] + offset;
}

double relax_energy(int n, const double *x) {
    double u[n + 2];
    u[0] = 0.0;
    u[n + 1] = 0.0;
    for (int i = 0; i < n; i++)
        u[i + 1] = x[i];
    for (int s = 0; s < n_sweeps; s++) {
        double v[n + 2];
#pragma pargrad map
        for (int i = 1; i <= n; i++)
            v[i] = damping * (stencil[0] * u[i - 1] + stencil[1] * u[i] + stencil[2] * u[i + 1]) +
                   (1.0 - damping) * sin(u[i]);
        for (int i = 1; i <= n; i++)
            u[i] = v[i];
    }
    double e = 0.0;
    for (int i = 1; i <= n; i++)
        e += weight(i) * u[i] * u[i];
    (void)label;
    return e;
}
#pragma pargrad reverse(relax_energy) wrt(x)
