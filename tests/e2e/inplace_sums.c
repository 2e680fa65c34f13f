/* Arrays summed into in place, whose values no derivative needs: a matrix
 * product accumulated row by row over k (C[i][j] += A[i][k] B[k][j]), a
 * state advanced by increments in a time loop, and sums whose values are
 * also read otherwise (which must still be saved and restored). The
 * gradient keeps no copy of C per k (n^3 doubles before), and neither
 * adds the increments again in the return sweep nor in the re-run that
 * gives the caller its outputs. */
#include <math.h>

/* C = A B, n x n, rows in parallel, i-k-j order */
void rowprod(int n, const double *A, const double *B, double *C) {
#pragma pargrad map
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++)
            C[i * n + j] = 0.0;
        for (int k = 0; k < n; k++) {
            const double a = A[i * n + k];
            for (int j = 0; j < n; j++)
                C[i * n + j] += a * B[k * n + j];
        }
    }
}

/* u advanced by increments of a field of v, T steps; v from u each step
 * (v is read for other purposes: restored, re-run) */
void increments(int n, int T, const double *x, double *u, double *v) {
    for (int t = 0; t < T; t++) {
#pragma pargrad map
        for (int i = 0; i < n; i++)
            v[i] = sin(x[i] * (t + 1)) * x[(i + 1) % n];
#pragma pargrad map
        for (int i = 0; i < n; i++)
            u[i] = u[i] - 0.5 * v[i] * v[i] + x[i];
    }
}

/* an accumulation whose value is also used: s reads y (not inert) */
double used_sum(int n, const double *x, double *y) {
#pragma pargrad map
    for (int i = 0; i < n; i++) {
        y[i] = x[i];
        for (int k = 0; k < 3; k++)
            y[i] += x[(i + k) % n] * x[i];
    }
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += y[i] * y[i];
    return s;
}

/* a product in place is not a sum: its values are needed */
void scaled(int n, const double *x, double *y) {
    for (int k = 0; k < 3; k++) {
#pragma pargrad map
        for (int i = 0; i < n; i++)
            y[i] = y[i] * x[i] + 0.1 * x[(i + k) % n];
    }
}

/* a restored array before the sum, in the re-run's range: w is written,
 * read, overwritten; z summed into after it */
void rerun_order(int n, const double *x, double *w, double *z) {
#pragma pargrad map
    for (int i = 0; i < n; i++)
        w[i] = x[i] * x[i];
#pragma pargrad map
    for (int i = 0; i < n; i++)
        z[i] += w[(i + 1) % n] * 2.0;
#pragma pargrad map
    for (int i = 0; i < n; i++)
        w[i] = cos(w[i]);
#pragma pargrad map
    for (int i = 0; i < n; i++)
        z[i] -= x[i];
}

/* two + histograms into the same bins after a restored array (the re-run
 * that gives the caller its outputs starts before them): neither runs
 * again (the second did: campaign seed 7506121); the bins are read after */
double two_hists(int n, const double *x, double *v, double *u) {
#pragma pargrad map
    for (int i = 0; i < n; i++)
        v[i] = x[i] * x[i];
#pragma pargrad map
    for (int i = 0; i < n; i++)
        v[i] = sin(v[i]);
#pragma pargrad histogram(+ : u)
    for (int i = 0; i < n; i++)
        u[(i * 3) % n] += v[i];
#pragma pargrad histogram(+ : u)
    for (int i = 0; i < n; i++)
        u[(i * 5 + 1) % n] += x[i];
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += u[i] * u[i];
    return s;
}

#pragma pargrad reverse(rowprod) wrt(A, B) out(C)
#pragma pargrad reverse(increments) wrt(x, u) out(u)
#pragma pargrad reverse(used_sum) wrt(x)
#pragma pargrad reverse(scaled) wrt(x, y) out(y)
#pragma pargrad reverse(rerun_order) wrt(x, z) out(w, z)
#pragma pargrad reverse(two_hists) wrt(x, u) out(v, u, return )
