/* expect: 4:32: stripmine takes a constant number of levels */
double f(int n, const double *x) {
    double s = 0.0;
#pragma pargrad loop stripmine(k)
    for (int t = 0; t < n; t++)
        s = 0.5 * s + x[t];
    return s;
}

#pragma pargrad reverse(f) wrt(x)
