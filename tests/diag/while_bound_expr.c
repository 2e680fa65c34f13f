/* expect: 5:31: unexpected '/ 2)' in bound(...) */
double f(int n, const double *x) {
    double s = 0.0;
    int i = 0;
#pragma pargrad while bound(n / 2)
    while (i < n) {
        s += x[i];
        i += 2;
    }
    return s;
}

#pragma pargrad reverse(f) wrt(x)
