/* uncompilable (random tester seed 287 of the fixed batch of ctest, on the
 * change that versions loops whose pointers move between arrays): the
 * first read of a file's constant table inside such a loop happened while
 * the loop was lifted on trial. Its copy goes to the top of the function,
 * before the statements there, and undoing the trial cut the top's last
 * statement instead (the malloc of the buffer): "'tm' undeclared". */
#include <math.h>
#include <stdlib.h>

static const double ctab[4] = {-0.36, 0.66, 0.98, -0.58};

double f(int n, int T, double *u) {
    double *tm = malloc((size_t)n * sizeof(double));
    double *pc = u, *pn = tm, *ps;
    double s = 0.0;
    int t, i;
    for (t = 0; t < T; t++) {
#pragma pargrad map
        for (i = 1; i < n - 1; i++)
            pn[i] = 0.5 * pc[i] + 0.25 * (pc[i - 1] + pc[i + 1]) * tanh(ctab[i % 4]);
        pn[0] = pc[0];
        pn[n - 1] = pc[n - 1];
        ps = pc;
        pc = pn;
        pn = ps;
    }
#pragma pargrad reduce(+ : s)
    for (i = 0; i < n; i++)
        s += pc[i] * pc[i];
    free(tm);
    return s;
}

#pragma pargrad reverse(f) wrt(u) out(u)
