/* The values kept calls return, where the return sweep runs their code
 * again: a wall-clock budget that ends the sweeps of a solver, a clock
 * read in a while loop's condition and in each iteration of a loop inside
 * it (printf's count of characters: kept_counts.c). The forward
 * sweep calls each once, as the primal does; its re-executions read back
 * the values the calls returned then. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static double seconds(void) {
    return omp_get_wtime();
}

/* Fixed-point sweeps until the budget runs out (below zero: after the
 * first sweep; huge: all six). */
static double sweeps_within(int n, const double *x, double *u, double budget) {
    int i, it;
    for (i = 0; i < n; i++)
        u[i] = x[i];
    double t0 = seconds();
    for (it = 0; it < 6; it++) {
#pragma pargrad map
        for (i = 0; i < n; i++)
            u[i] = 0.5 * u[i] + 0.25 * sin(x[i] * u[i] + it);
        double elapsed = seconds() - t0;
        if (elapsed > budget)
            break;
    }
    double e = 0.0;
#pragma pargrad reduce(+ : e)
    for (i = 0; i < n; i++)
        e += u[i] * u[i];
    return e;
}

double budget_once(int n, const double *x) {
    double *u = malloc(sizeof(double) * (size_t)n);
    double e = sweeps_within(n, x, u, -1.0);
    free(u);
    return e;
}

double budget_all(int n, const double *x) {
    double *u = malloc(sizeof(double) * (size_t)n);
    double e = sweeps_within(n, x, u, 1e30);
    free(u);
    return e;
}

double clocked_while(int n, const double *x) {
    double *u = malloc(sizeof(double) * (size_t)n);
    for (int i = 0; i < n; i++)
        u[i] = 0.5 * x[i];
    double t0 = seconds();
    int k = 0;
    while (seconds() - t0 < 1e30 && k < 5) {
        for (int j = 0; j < 2; j++) {
            double now = seconds();
            double w = now >= t0 ? 0.25 : 4.0;
#pragma pargrad map
            for (int i = 0; i < n; i++)
                u[i] = u[i] - w * (u[i] - sin(x[i])) * u[i];
        }
        k++;
    }
    double e = 0.0;
    for (int i = 0; i < n; i++)
        e += u[i] * x[i];
    free(u);
    return e;
}

#pragma pargrad reverse(budget_once) wrt(x)
#pragma pargrad reverse(budget_all) wrt(x)
#pragma pargrad reverse(clocked_while) wrt(x)
