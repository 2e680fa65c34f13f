/* `switch` picking a mode, as numerical C does: an activation chosen by an
 * enum in a helper whose every case returns (case labels stacked, a
 * default), a boundary condition per side in a time loop (cases ending in
 * break, one in braces with its own local), a case that skips the rest of
 * the iteration with continue (its variable assigned only on the paths
 * that go on), and a switch without default that changes nothing for
 * other values. */
#include <math.h>

enum activation { ACT_TANH, ACT_SOFTPLUS, ACT_LEAKY, ACT_SWISH, ACT_LINEAR };

static double activate(double z, int kind) {
    switch (kind) {
    case ACT_TANH:
        return tanh(z);
    case ACT_SOFTPLUS:
        return log1p(exp(z));
    case ACT_LEAKY:
    case 7:
        return z > 0.0 ? z : 0.01 * z;
    case ACT_SWISH:
        return z / (1.0 + exp(-z));
    default:
        return z;
    }
}

static double layer(int n, const double *x, int kind) {
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += activate(x[i] * (1.0 + 0.1 * i), kind) * x[(i + 1) % n];
    return s;
}

double act_tanh(int n, const double *x) {
    return layer(n, x, ACT_TANH);
}
double act_mixed(int n, const double *x) {
    double e = 0.0;
    for (int i = 0; i < n; i++)
        e += activate(x[i], i % 6) * (1.0 + 0.5 * x[n - 1 - i]);
    return e;
}

double boundary_steps(int n, const double *x) {
    double u[64];
    int m = n < 64 ? n : 64;
    for (int i = 0; i < m; i++)
        u[i] = x[i];
    for (int t = 0; t < 4; t++) {
        double left, right;
        switch (t % 3) {
        case 0: /* Dirichlet */
            left = 0.0;
            right = 0.0;
            break;
        case 1: { /* Neumann */
            double g = 0.5 * x[0];
            left = u[0] + g;
            right = u[m - 1] - g;
            break;
        }
        default: /* periodic */
            left = u[m - 1];
            right = u[0];
            break;
        }
        double prev = left;
        for (int i = 0; i < m; i++) {
            double next = i + 1 < m ? u[i + 1] : right;
            double here = u[i];
            u[i] = here + 0.2 * (prev - 2.0 * here + next) + 0.05 * sin(here);
            prev = here;
        }
    }
    double e = 0.0;
    for (int i = 0; i < m; i++)
        e += u[i] * u[i];
    return e;
}

double skipped_cases(int n, const double *x) {
    double s = 0.0;
    for (int i = 0; i < n; i++) {
        double w;
        switch (i % 4) {
        case 0:
            w = 1.0;
            break;
        case 2:
            if (x[i] > 0.5)
                continue;
            w = 0.5 + x[i] * x[i];
            break;
        default:
            w = 2.0;
        }
        switch (i % 5) {
        case 3:
            w *= 1.5;
            break;
        }
        s += w * sin(x[i]);
    }
    return s;
}

#pragma pargrad reverse(act_tanh) wrt(x)
#pragma pargrad reverse(act_mixed) wrt(x)
#pragma pargrad reverse(boundary_steps) wrt(x)
#pragma pargrad reverse(skipped_cases) wrt(x)
