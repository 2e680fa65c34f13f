/* Time loops that keep every time level of their state in one array,
 * row t + 1 computed from row t (for output, plotting or a loss on the
 * whole path), as explicit solvers often store them: u[(t + 1) * n + i]
 * written, u[t * n + i - 1] ... read. The rows apart, the map over i is
 * parallel, and no row is ever overwritten: nothing is saved for u. */
#include <math.h>
#include <stdlib.h>

/* explicit heat equation, fixed ends, the whole history in u */
double heat_history(int n, int nt, const double *u0, const double *kappa, double *u) {
    int t, i;
    for (i = 0; i < n; i++)
        u[i] = u0[i];
    for (t = 0; t < nt - 1; t++) {
#pragma pargrad map
        for (i = 1; i < n - 1; i++)
            u[(t + 1) * n + i] = u[t * n + i] + kappa[i] * (u[t * n + i - 1] - 2.0 * u[t * n + i] +
                                                            u[t * n + i + 1]);
        u[(t + 1) * n] = 0.0;
        u[(t + 1) * n + n - 1] = 0.0;
    }
    double loss = 0.0;
#pragma pargrad reduce(+ : loss)
    for (i = 0; i < nt * n; i++)
        loss += u[i] * u[i] * (1.0 + 0.01 * (i % 7));
    return loss;
}

/* a periodic nonlinear ring, rows through pointers into the history */
double ring_history(int n, int nt, const double *x0, const double *w, double *x) {
    for (int i = 0; i < n; i++)
        x[i] = x0[i];
    for (int t = 1; t < nt; t++) {
        const double *prev = x + (t - 1) * n;
        double *cur = x + t * n;
#pragma pargrad map
        for (int i = 0; i < n; i++)
            cur[i] = tanh(w[i] * prev[i] + 0.5 * prev[(i + 1) % n] - 0.25 * prev[(i + n - 1) % n]);
    }
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += x[(nt - 1) * n + i] * w[i];
    return s;
}

/* a trajectory in a malloc'ed scratch history, then a second pass that
 * smooths each row in place from the one before (its iterations read the
 * rows they write: saved as before), and a sequential recurrence along the
 * last row (y[i] from y[i - 1]: rows of one) */
double damped_paths(int n, int nt, const double *v0, const double *c, double *y) {
    double *h = malloc(sizeof(double) * (size_t)n * (size_t)nt);
    for (int i = 0; i < n; i++)
        h[i] = v0[i];
    for (int t = 0; t + 1 < nt; t++) {
#pragma pargrad map
        for (int i = 0; i < n; i++)
            h[(t + 1) * n + i] = h[t * n + i] * exp(-c[i] * h[t * n + i] * h[t * n + i]);
    }
    for (int t = 1; t < nt; t++) {
#pragma pargrad map
        for (int i = 0; i < n; i++)
            h[t * n + i] = 0.5 * h[t * n + i] + 0.5 * sin(h[(t - 1) * n + i]);
    }
    y[0] = h[(nt - 1) * n];
    for (int i = 1; i < n; i++)
        y[i] = 0.9 * y[i - 1] + h[(nt - 1) * n + i] * c[i];
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += y[i] * y[i] + h[i];
    free(h);
    return s;
}

/* backward induction on a lattice: each level's values from the level
 * after it, t counting down (an American-style early exercise by fmax) */
double lattice_values(int n, int nt, const double *payoff, const double *disc, double *v) {
    int t, i;
    for (i = 0; i < n; i++)
        v[(nt - 1) * n + i] = payoff[i];
    for (t = nt - 2; t >= 0; t--) {
#pragma pargrad map
        for (i = 0; i < n - 1; i++)
            v[t * n + i] = fmax(disc[i] * (0.6 * v[(t + 1) * n + i] + 0.4 * v[(t + 1) * n + i + 1]),
                                0.3 * payoff[i]);
        v[t * n + n - 1] = disc[n - 1] * v[(t + 1) * n + n - 1];
    }
    double s = 0.0;
    for (i = 0; i < n; i++)
        s += v[i] * (1.0 + 0.1 * i);
    return s;
}

#pragma pargrad reverse(heat_history) wrt(u0, kappa)
#pragma pargrad reverse(ring_history) wrt(x0, w)
#pragma pargrad reverse(damped_paths) wrt(v0, c)
#pragma pargrad reverse(lattice_values) wrt(payoff, disc)
