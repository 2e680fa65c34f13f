/* expect: 10:14: whose expansion regroups */
/* An unparenthesised macro body regroups with the operator after it
 * (SUB(x[i], 0.5) * 2.0 is x[i] - 0.5 * 2.0): pargrad cannot tell which
 * operator is whose. */
#define SUB(a, b) a - b

double shifted(int n, const double *x) {
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += SUB(x[i], 0.5) * 2.0;
    return s;
}

#pragma pargrad reverse(shifted) wrt(x)
