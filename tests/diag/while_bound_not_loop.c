/* expect: 6:17: '#pragma pargrad while bound(4)' is not followed by a while or do loop */
static double unused_helper(double a) {
    double g = a;
    int k = 0;
    k++;
#pragma pargrad while bound(4)
    if (k < 3)
        g = 0.5 * g;
    return g;
}

double f(int n, const double *x) {
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += x[i] * x[i];
    return s;
}

#pragma pargrad reverse(f) wrt(x)
