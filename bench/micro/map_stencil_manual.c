/* Hand-written gradient of map_stencil in one pass, gathering rather than
 * scattering: x_b[i] += y_b[i-1] dy[i-1]/dx[i] + y_b[i] dy[i]/dx[i] +
 * y_b[i+1] dy[i+1]/dx[i], vectorised, with y written in the same loop
 * (no atomics). The loop reads y_b[i-1] and y_b[i+1], so it cannot zero
 * y_b[i] as it goes: each thread runs its block of i in chunks and zeroes
 * a chunk's seeds (still in L1) behind it, all but the last, which the next
 * chunk reads; its block's two end seeds, which its neighbours read, wait
 * for a barrier. Elements 0, 1, n-2 and n-1, next to the fixed boundary
 * values, are done apart. */
#include <omp.h>

enum { CH = 1024 };

static const double nu = 0.1, c = 0.05;

static inline double f(double xm, double x0, double xp) {
    return x0 + nu * (xm - 2.0 * x0 + xp) - c * x0 * (xp - xm);
}

/* y[i] and x_b[i] for 1 < i < n - 2 (all three y's around i interior) */
static inline void inner(long i0, long i1, const double *x, double *x_b, double *y,
                         const double *y_b) {
#pragma omp simd
    for (long i = i0; i < i1; i++) {
        double xm = x[i - 1], x0 = x[i], xp = x[i + 1];
        y[i] = f(xm, x0, xp);
        x_b[i] += y_b[i - 1] * (nu - c * xm) + y_b[i] * (1.0 - 2.0 * nu - c * (xp - xm)) +
                  y_b[i + 1] * (nu + c * xp);
    }
}

/* the same, scattering, for any n (small n) */
static void small(long n, const double *x, double *x_b, double *y, double *y_b) {
    for (long k = 0; k < n; k++) {
        double b = y_b[k];
        y_b[k] = 0.0;
        if (k == 0 || k == n - 1) {
            y[k] = x[k];
            x_b[k] += b;
            continue;
        }
        y[k] = f(x[k - 1], x[k], x[k + 1]);
        x_b[k - 1] += b * (nu + c * x[k]);
        x_b[k] += b * (1.0 - 2.0 * nu - c * (x[k + 1] - x[k - 1]));
        x_b[k + 1] += b * (nu - c * x[k]);
    }
}

void map_stencil_manual_b(long n, const double *x, double *x_b, double *y, double *y_b) {
    if (n < 8) {
        small(n, x, x_b, y, y_b);
        return;
    }
#pragma omp parallel
    {
        int t = omp_get_thread_num(), m = omp_get_num_threads();
        long span = n - 4, lo = 2 + span * t / m, hi = 2 + span * (t + 1) / m;
        for (long c0 = lo; c0 < hi; c0 += CH) {
            long c1 = c0 + CH < hi ? c0 + CH : hi;
            inner(c0, c1, x, x_b, y, y_b);
            for (long i = c0 - 1 > lo + 1 ? c0 - 1 : lo + 1; i < c1 - 1; i++)
                y_b[i] = 0.0;
        }
#pragma omp barrier
#pragma omp single
        {
            /* i = 1 and n - 2 (y[0], y[n-1] do not depend on them) */
            y[1] = f(x[0], x[1], x[2]);
            x_b[1] += y_b[1] * (1.0 - 2.0 * nu - c * (x[2] - x[0])) + y_b[2] * (nu + c * x[2]);
            y[n - 2] = f(x[n - 3], x[n - 2], x[n - 1]);
            x_b[n - 2] += y_b[n - 3] * (nu - c * x[n - 3]) +
                          y_b[n - 2] * (1.0 - 2.0 * nu - c * (x[n - 1] - x[n - 3]));
            /* the boundary values */
            y[0] = x[0];
            x_b[0] += y_b[0] + y_b[1] * (nu + c * x[1]);
            y[n - 1] = x[n - 1];
            x_b[n - 1] += y_b[n - 1] + y_b[n - 2] * (nu - c * x[n - 2]);
            y_b[0] = y_b[1] = y_b[n - 2] = y_b[n - 1] = 0.0;
        }
        if (lo < hi) {
            y_b[lo] = 0.0;
            y_b[hi - 1] = 0.0;
        }
    }
}
