/* expect: 17:18: 'src' points into 'a' or 'b' depending on the branch taken at line 11 */
#include <math.h>

/* A pointer chosen by an if inside a block, used after the block: the
 * statements right after the if are lifted once per branch, later ones are
 * not. */
double pick(int n, int mode, const double *a, const double *b) {
    const double *src = a;
    double s = 0.0;
    if (n > 0) {
        if (mode)
            src = a;
        else
            src = b;
    }
    for (int i = 0; i < n; i++)
        s += sin(src[i]);
    return s;
}

#pragma pargrad reverse(pick) wrt(a, b)
