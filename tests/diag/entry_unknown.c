/* expect: 4:40: 'hist' is not declared here */
double f(int n, const double *x) {
    double s = 0.0;
#pragma pargrad loop checkpoint(entry: hist)
    for (int t = 0; t < 10; t++)
        s = s * 0.5 + x[t % n];
    return s;
}
#pragma pargrad reverse(f) wrt(x)
