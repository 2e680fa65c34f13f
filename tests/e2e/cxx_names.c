/* C that is not C++: names that are C++ keywords (a class label, the new
 * state of a time step), bool parameters and locals, and rows of a
 * length known at run time (double (*A)[m]). The OpenMP output is C; the
 * CUDA output is C++ and must compile with nvcc all the same. */
#include <math.h>
#include <stdbool.h>

/* cross entropy with the label's logit read by its class */
double xent(int n, int C, const double *logit, const int *labels, bool smooth) {
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++) {
        int class = labels[i];
        double m = logit[i * C];
        for (int k = 1; k < C; k++)
            m = fmax(m, logit[i * C + k]);
        double z = 0.0;
        for (int k = 0; k < C; k++)
            z += exp(logit[i * C + k] - m);
        double new = logit[i * C + class] - m - log(z);
        bool confident = new > -0.5;
        s -= smooth && !confident ? 0.9 * new : new;
    }
    return s;
}

/* explicit steps from old to new: the new state through a pointer named new */
void relax(int n, int steps, const double *old, double *new, double w) {
    for (int i = 0; i < n; i++)
        new[i] = old[i];
    for (int t = 0; t < steps; t++) {
        double this = new[0];
        for (int i = 1; i < n - 1; i++) {
            double next = new[i];
            new[i] = new[i] + w *(this - 2.0 * new[i] + new[i + 1]);
            this = next;
        }
    }
}

/* the Frobenius norm of rows of m values, weighted by row */
double rows_norm(int n, int m, const double (*A)[m], const double *w) {
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            s += w[i] * A[i][j] * A[i][j];
    return s;
}

#pragma pargrad reverse(xent) wrt(logit)
#pragma pargrad reverse(relax) wrt(old, w) out(new)
#pragma pargrad reverse(rows_norm) wrt(A, w)
