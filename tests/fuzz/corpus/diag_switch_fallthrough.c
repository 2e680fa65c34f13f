/* expect: 9:13: a case of the switch falls through into the next one */
double f(int n, int mode, const double *x)
{
    double s = 0.0;
    for (int i = 0; i < n; i++) {
        switch (mode) {
        case 0:
            s += x[i];
            s *= 0.5;
        case 1:
            s += x[i] * x[i];
            break;
        default:
            s -= x[i];
        }
    }
    return s;
}

#pragma pargrad reverse(f) wrt(x)
