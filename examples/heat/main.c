/* The gradient of a heat simulation's final energy (pargrad's
 * heat_energy_b) with respect to the initial field, checked along a random
 * direction against central finite differences, and with respect to the
 * conductivity. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

double heat_energy(int n, int steps, const double *u0, double kappa);
double heat_energy_b(int n, int steps, const double *u0, double *u0_b, double kappa,
                     double *kappa_b, double seed);

int main(void) {
    const int n = 100000, steps = 400;
    double *u0 = malloc(sizeof(double) * n), *g = calloc(n, sizeof(double));
    double *dir = malloc(sizeof(double) * n), *up = malloc(sizeof(double) * n);
    for (int i = 0; i < n; i++) {
        u0[i] = sin(6.283185307179586 * i / n) + 0.3 * cos(40.0 * i / n);
        dir[i] = cos(0.37 * i);
    }
    const double kappa = 0.2;
    double kappa_b = 0.0;
    double e = heat_energy_b(n, steps, u0, g, kappa, &kappa_b, 1.0);
    /* along dir: (E(u0 + h dir) - E(u0 - h dir)) / 2h = g . dir */
    const double h = 1e-3; /* the energy sums 10^5 terms: smaller steps drown in rounding */
    double dot = 0.0;
    for (int i = 0; i < n; i++) {
        dot += g[i] * dir[i];
        up[i] = u0[i] + h * dir[i];
    }
    double ep = heat_energy(n, steps, up, kappa);
    for (int i = 0; i < n; i++)
        up[i] = u0[i] - h * dir[i];
    double em = heat_energy(n, steps, up, kappa);
    double fd = (ep - em) / (2 * h);
    double kp = heat_energy(n, steps, u0, kappa + h), km = heat_energy(n, steps, u0, kappa - h);
    double fdk = (kp - km) / (2 * h);
    int bad = !(fabs(dot - fd) <= 1e-6 * (1.0 + fabs(fd))) ||
              !(fabs(kappa_b - fdk) <= 1e-6 * (1.0 + fabs(fdk)));
    printf("energy %.6f; u0_b . dir %.10g (finite differences %.10g); kappa_b %.10g (%.10g): %s\n",
           e, dot, fd, kappa_b, fdk, bad ? "FAILED" : "gradient ok");
    free(u0), free(g), free(dir), free(up);
    return bad;
}
