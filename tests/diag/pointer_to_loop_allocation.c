/* expect: 18:14: 'last' points at 'w', allocated inside the loop at line 9, after it ends */
/* The last step's array kept through a pointer declared before the loop:
 * the output allocates and frees each step's array in the step. The hint
 * (allocate w before the loop, fill it in the loop) is what pargrad
 * follows. */
#include <stdlib.h>
double last_step(int n, const double *x) {
    double *last = NULL;
    for (int k = 0; k < 3; k++) {
        double *w = malloc(n * sizeof *w);
        for (int i = 0; i < n; i++)
            w[i] = x[i] * (k + 1);
        free(last);
        last = w;
    }
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += last[i] * last[i];
    free(last);
    return s;
}
#pragma pargrad reverse(last_step) wrt(x)
