/* expect: 10:9: iterations of the reduce at line 8 all write the same elements of 'last' */
double f(int n, const double *x, double *last)
{
    double s = 0.0;
    /* a sequential habit: remember the last element; in a reduce every
     * iteration writes last[0] */
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++) {
        s += x[i] * x[i];
        last[0] = x[i];
    }
    return s;
}

#pragma pargrad reverse(f) wrt(x)
