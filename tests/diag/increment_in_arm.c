/* expect: 12:36: '++' where C may not evaluate it (an arm of ?:, or right of && or ||) */
/* An increment inside an arm of ?: runs only when that arm is chosen;
 * pargrad does not follow it there (one where C always evaluates it,
 * kept[m++] = v, is accepted: e2e incdec_exprs). The hint, the increment
 * as a statement of its own inside an if, is accepted. */
double increment_in_arm(int n, const double *x) {
    int k = 0;
    double s = 0.0;
    for (int i = 0; i < n; i++)
        /* a running index advanced only for positive terms */
        /* (the comments keep the line of the expectation) */
        s += x[i] > 0.0 ? x[i] * x[k++] : 0.0;
    return s;
}

#pragma pargrad reverse(increment_in_arm) wrt(x)
