/* expect: 8:36: several reduce clauses take +, *, min and max only */
/* A second reduce clause beside an affine recurrence: the affine rule (a
 * scan of linear maps) takes its pragma alone; the hint works: the sum in
 * a loop of its own. */
double decay(int n, const double *a, const double *b) {
    double y = 0.0, s = 0.0;
    /* y = a_i * y + b_i, and a plain sum */
#pragma pargrad reduce(affine : y) reduce(+ : s)
    for (int i = 0; i < n; i++) {
        y = a[i] * y + b[i];
        s += b[i];
    }
    return y + s;
}

#pragma pargrad reverse(decay) wrt(a, b)
