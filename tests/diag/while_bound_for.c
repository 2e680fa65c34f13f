/* expect: 4:17: '#pragma pargrad while bound(10)' is for while and do loops */
double f(int n, const double *x) {
    double s = 0.0;
#pragma pargrad while bound(10)
    for (int i = 0; i < n; i++)
        s += x[i];
    return s;
}

#pragma pargrad reverse(f) wrt(x)
