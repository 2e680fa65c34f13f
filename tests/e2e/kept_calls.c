/* Calls without derivatives that real kernels make: progress output with
 * printf in a time loop and in a parallel loop, timers, a message on
 * stderr before an early return, asserts on the arguments and inside a
 * parallel loop (with a message: `c && "..."`), macros in both (a bound,
 * a tag string, a logging macro around fprintf(stderr, ...), a checking
 * macro around assert). The gradient makes each of them exactly
 * as often as the primal does (in its forward sweep), never again in the
 * re-executions of its return sweep. */
#include <assert.h>
#include <math.h>
#include <omp.h>
#include <stdio.h>

#define MAX_STEPS 100000
#define TAG "relax"
#define LOG(...) fprintf(stderr, __VA_ARGS__)
#define CHECK(c) assert((c) && "relax: bad argument")

double relax(int n, int steps, const double *x, double *u) {
    int t, i;
    double t0 = omp_get_wtime(), e = 0.0;
    assert(steps >= 0 && x != NULL);
    assert(steps <= MAX_STEPS);
    CHECK(n >= 0);
    if (n < 2) {
        LOG("relax: n = %d is too small\n", n);
        return 0.0;
    }
    for (t = 0; t < steps; t++) {
#pragma pargrad map
        for (i = 0; i < n; i++) {
            u[i] = 0.5 * u[i] + 0.25 * sin(x[i] + u[i]);
            assert(fabs(u[i]) < 1.0e6 && "relax: diverged");
            if (i == n - 1)
                printf("  step %d: last element %.3f\n", t, u[i]);
        }
        printf("step %d of %d done\n", t + 1, steps);
    }
#pragma pargrad reduce(+ : e)
    for (i = 0; i < n; i++)
        e += u[i] * u[i] + x[i] * u[i];
    printf("%s: energy %g in %.1f ms\n", TAG, e, 1e3 * (omp_get_wtime() - t0));
    fflush(stdout);
    return e;
}

#pragma pargrad reverse(relax) wrt(x, u) out(u, return )
