/* expect: 4:22: unexpected 'unroll' in a loop pragma */
double f(int n, const double *x) {
    double s = 0.0;
#pragma pargrad loop unroll(2)
    for (int t = 0; t < n; t++)
        s = 0.5 * s + x[t];
    return s;
}

#pragma pargrad reverse(f) wrt(x)
