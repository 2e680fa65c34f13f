/* Macro constants in pargrad's pragmas, as in `#pragma omp` lines: a
 * strip-mining depth and a while loop's bound named by #defines (also
 * parenthesised, with a suffix, in an expression). */
#include <math.h>

#define LEVELS 2
#define STEPS (40)
#define MAX_HALVINGS 30L

double relax_then_shrink(int n, const double *x, double *u) {
    for (int i = 0; i < n; i++)
        u[i] = x[i];
#pragma pargrad loop stripmine(LEVELS)
    for (int t = 0; t < STEPS; t++)
        for (int i = 1; i < n - 1; i++)
            u[i] = u[i] + 0.1 * sin(u[i - 1] - u[i + 1]);
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += u[i] * u[i];
    int it = 0;
#pragma pargrad while bound(2 * MAX_HALVINGS + 1)
    while (it < MAX_HALVINGS && s > 1.0) {
        s = 0.5 * s + 0.1 * tanh(s);
        it++;
    }
    return s;
}

#pragma pargrad reverse(relax_then_shrink) wrt(x)
