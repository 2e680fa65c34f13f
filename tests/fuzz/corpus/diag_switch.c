/* expect: 6:9: 'switch' is not supported */
double f(int n, int mode, const double *x)
{
    double s = 0.0;
    for (int i = 0; i < n; i++) {
        switch (mode) {
        case 0:
            s += x[i];
            break;
        default:
            s += x[i] * x[i];
            break;
        }
    }
    return s;
}

#pragma pargrad reverse(f) wrt(x)
