/* Time loops around small parallel loops, as a recurrent cell or a small
 * ODE system is written: where every parallel loop in a sequential loop is
 * too small for threads, the output runs the loop as a copy without
 * OpenMP (entering a region costs more than such a loop's work), else as
 * written; these check both copies' gradients (the threaded one with
 * PARGRAD_MIN_PARALLEL=1 in the 3-thread runs) and the loops that keep one
 * copy (trips known only inside the loop). */
#include <math.h>

/* a recurrent cell over n + 2 steps, hidden size 4, state updated in
 * place; W and U from x */
double rec_cell(int n, const double *x) {
    const int h = 4, T = n + 2;
    double state[4] = {0.1, -0.2, 0.3, 0.05}, tmp[4];
    double loss = 0.0;
    for (int t = 0; t < T; t++) {
#pragma pargrad map
#pragma omp parallel for
        for (int i = 0; i < h; i++) {
            double s = x[(t + i) % n];
            for (int j = 0; j < h; j++)
                s += 0.3 * x[(i * h + j) % n] * state[j];
            tmp[i] = tanh(s) * (1.0 + 0.1 * x[i % n]);
        }
#pragma pargrad map
#pragma omp parallel for
        for (int i = 0; i < h; i++)
            state[i] = tmp[i];
        double l = 0.0;
#pragma pargrad reduce(+ : l)
#pragma omp parallel for reduction(+ : l)
        for (int i = 0; i < h; i++)
            l += state[i] * state[i];
        loss += l;
    }
    return loss;
}

/* an explicit Euler step of a small system, the step size carried and
 * shrunk each step: the result after the loop */
double rec_euler(int n, const double *x) {
    double y[3] = {1.0, 0.5, -0.5}, dy[3];
    double dt = 0.1;
    int t;
    for (t = 0; t < 5; t++) {
        int i;
#pragma pargrad map
#pragma omp parallel for
        for (i = 0; i < 3; i++)
            dy[i] = -x[(i + t) % n] * y[i] + 0.1 * y[(i + 1) % 3];
#pragma pargrad map
#pragma omp parallel for
        for (i = 0; i < 3; i++)
            y[i] += dt * dy[i];
        dt *= 0.9;
    }
    return y[0] * y[0] + y[1] + dt * y[2];
}

/* the parallel loop's trips grow with the step: not known before the
 * loop, one copy */
double rec_growing(int n, const double *x) {
    double acc = 0.0;
    double v[12];
    for (int t = 0; t < 4; t++) {
        int m = 2 + (t * n) % 10;
#pragma pargrad map
#pragma omp parallel for
        for (int i = 0; i < m; i++)
            v[i] = sin(x[(i + t) % n]) * (1.0 + acc);
        for (int i = 0; i < m; i++)
            acc += 0.1 * v[i] * v[i];
    }
    return acc;
}

#pragma pargrad reverse(rec_cell) wrt(x) out(return )
#pragma pargrad reverse(rec_euler) wrt(x) out(return )
#pragma pargrad reverse(rec_growing) wrt(x) out(return )
