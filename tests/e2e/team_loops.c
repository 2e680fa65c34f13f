/* Time loops whose every step runs several parallel loops, as recurrent
 * cells and explicit solvers are written: reduces carried into the loss,
 * stores between the parallel loops, substeps in a sequential loop and a
 * branch between maps. These check the gradients of the threaded output
 * and of its copy without OpenMP (the 3-thread runs set
 * PARGRAD_MIN_PARALLEL=1, the others run the copy). */
#include <math.h>

/* a recurrent cell, hidden size 6: the state's update, a pair of sums and
 * a maximum per step, the loss carried */
double team_rnn(int n, const double *x) {
    const int h = 6, T = 3 + n % 4;
    double state[6], pre[6];
    for (int i = 0; i < h; i++)
        state[i] = 0.1 * (i + 1);
    double loss = 0.0;
    for (int t = 0; t < T; t++) {
#pragma pargrad map
#pragma omp parallel for
        for (int i = 0; i < h; i++) {
            double s = x[(t + i) % n];
            for (int j = 0; j < h; j++)
                s += 0.2 * x[(i * h + j) % n] * state[j];
            pre[i] = s;
        }
#pragma pargrad map
#pragma omp parallel for
        for (int i = 0; i < h; i++)
            state[i] = tanh(pre[i]);
        double sq = 0.0, quad = 0.0, top = -1.0e30;
#pragma pargrad reduce(+ : sq, quad)
#pragma omp parallel for reduction(+ : sq, quad)
        for (int i = 0; i < h; i++) {
            sq += state[i] * state[i];
            quad += state[i] * state[i] * state[i] * state[i];
        }
#pragma pargrad reduce(max : top)
#pragma omp parallel for reduction(max : top)
        for (int i = 0; i < h; i++)
            top = fmax(top, state[i] * x[i % n]);
        loss += sq + 0.1 * quad + 0.3 * top;
    }
    return loss;
}

/* 1-D heat with its ends held at their neighbours' values each step (two
 * stores between the parallel loops), for a computed number of steps; the
 * loops' bound m - 1 of a const m is known before the time loop */
double team_boundary(int n, const double *x) {
    double u[16], nu[16];
    const int m = 16;
    for (int i = 0; i < m; i++)
        u[i] = x[i % n] * (1.0 + 0.05 * i);
    int steps = 2 + n % 3;
    for (int t = 0; t < steps; t++) {
        u[0] = u[1];
        u[m - 1] = 0.5 * u[m - 2];
#pragma pargrad map
#pragma omp parallel for
        for (int i = 1; i < m - 1; i++)
            nu[i] = u[i] + 0.2 * (u[i - 1] - 2.0 * u[i] + u[i + 1]) + 0.01 * u[i] * u[i];
#pragma pargrad map
#pragma omp parallel for
        for (int i = 1; i < m - 1; i++)
            u[i] = nu[i];
    }
    double r = 0.0;
    for (int i = 0; i < m; i++)
        r += u[i] * u[i] * (1.0 + 0.1 * i);
    return r;
}

/* substeps in a sequential loop inside the step, a branch between two
 * maps, and a product over the state */
double team_substeps(int n, const double *x) {
    double y[8], k[8];
    const int d = 8;
    for (int i = 0; i < d; i++)
        y[i] = 0.5 + 0.1 * x[i % n];
    double acc = 1.0;
    for (int t = 0; t < 4; t++) {
        for (int sub = 0; sub < 2; sub++) {
#pragma pargrad map
#pragma omp parallel for
            for (int i = 0; i < d; i++)
                k[i] = -x[(i + t + sub) % n] * y[i] + 0.1 * y[(i + 1) % d];
#pragma pargrad map
#pragma omp parallel for
            for (int i = 0; i < d; i++)
                y[i] += 0.05 * k[i];
        }
        if (t % 2 == 0) {
#pragma pargrad map
#pragma omp parallel for
            for (int i = 0; i < d; i++)
                y[i] = y[i] * (1.0 + 0.01 * x[i % n]);
        } else {
#pragma pargrad map
#pragma omp parallel for
            for (int i = 0; i < d; i++)
                y[i] = y[i] - 0.01 * y[i] * y[i];
        }
        double p = 1.0;
#pragma pargrad reduce(* : p)
#pragma omp parallel for reduction(* : p)
        for (int i = 0; i < d; i++)
            p *= 1.0 + 0.1 * y[i];
        acc = acc * 0.9 + p;
    }
    return acc + y[0] * y[d - 1];
}

#pragma pargrad reverse(team_rnn) wrt(x) out(return )
#pragma pargrad reverse(team_boundary) wrt(x) out(return )
#pragma pargrad reverse(team_substeps) wrt(x) out(return )
