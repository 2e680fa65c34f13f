/* expect: 13:17: return inside a map loop */
static double step(double v) {
    return v * v;
}

double f(int n, const double *x, double *y)
{
#pragma pargrad map
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < 3; k++) {
            y[i] = step(x[i]) + k;
            if (y[i] > 4.0)
                return y[i];
        }
    }
    return 0.0;
}

#pragma pargrad reverse(f) wrt(x) out(y)
