/* expect: 9:9: write the same elements of 'y' (its index divides the loop index) */
/* Pairs of iterations pooled into one element by a shift: iterations 2k
 * and 2k + 1 both write y[k], a race in the parallel loop. */
void pool_pairs(int n, const double *x, double *y) {
#pragma pargrad map
    for (int i = 0; i < 2 * n; i++) {
        int k = i >> 1;
        double v = x[i] * x[i];
        y[k] = v;
    }
}
#pragma pargrad reverse(pool_pairs) wrt(x) out(y)
