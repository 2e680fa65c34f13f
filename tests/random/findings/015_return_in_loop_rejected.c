/* rejected (a valid program; README: early return and break in sequential loops work): a return inside a sequential loop is rejected with "return inside a loop". */
double f(int n, const double *x) {
    double s = 0.0;
    for (int i = 0; i < n; i++) {
        s = s + x[i] * x[i];
        if (s > 2.0)
            return s;
    }
    return 0.5 * s;
}
#pragma pargrad reverse(f) wrt(x)
