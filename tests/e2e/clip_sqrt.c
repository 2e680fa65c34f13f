/* A square root of a value clipped at zero, as full-truncation schemes
 * for the Heston and CIR variance processes write it: v_t may go
 * negative, sqrt(fmax(v, 0.0)) is 0 there, and so is its derivative. The
 * adjoint of fmax passes sqrt's (infinite at 0) to the clipped argument
 * only where fmax returned it: not inf * 0 = NaN (a helper's Heston Monte
 * Carlo had NaN gradients for every parameter but S0). */
#include <math.h>

double heston_paths(int npaths, int nsteps, const double *z1, const double *z2, const double *p) {
    const double kappa = p[0], theta = p[1], xi = p[2], rho = p[3], v0 = p[4];
    const double dt = 1.0 / nsteps, rho_c = sqrt(1.0 - rho * rho);
    double payoff = 0.0;
#pragma pargrad reduce(+ : payoff)
    for (int k = 0; k < npaths; k++) {
        double v = v0, lns = 0.0;
        for (int t = 0; t < nsteps; t++) {
            const double w1 = z1[k * nsteps + t], w2 = rho * w1 + rho_c * z2[k * nsteps + t];
            const double vp = fmax(v, 0.0);
            lns += -0.5 * vp * dt + sqrt(vp * dt) * w1;
            v += kappa * (theta - vp) * dt + xi * sqrt(fmax(v, 0.0)) * sqrt(dt) * w2;
        }
        payoff += fmax(exp(lns) - 0.9, 0.0);
    }
    return payoff / npaths;
}

/* the other clips: fmin from above, fdim, and a distance clipped below */
double clipped_norms(int n, const double *x) {
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += sqrt(fmin(-x[i], 0.0) * -1.0) + sqrt(fdim(x[i], 0.25)) +
             sqrt(fmax(x[i] * x[i] - 0.3, 0.0));
    return s;
}

#pragma pargrad reverse(heston_paths) wrt(p)
#pragma pargrad reverse(clipped_norms) wrt(x)
