/* expect: 5:22: a loop left by break cannot be strip-mined */
double f(int n, const double *x) {
    double s = 0.0;
    int t;
#pragma pargrad loop stripmine(2)
    for (t = 0; t < n; t++) {
        s = 0.5 * s + x[t];
        if (s > 10.0)
            break;
    }
    return s;
}

#pragma pargrad reverse(f) wrt(x)
