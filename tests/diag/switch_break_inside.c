/* expect: 9:13: a break out of the switch before the end of its case */
double f(int n, int mode, const double *x)
{
    double s = 0.0;
    for (int i = 0; i < n; i++) {
        switch (mode) {
        case 0:
            s += x[i];
            if (s > 10.0)
                break;
            s *= 0.5;
            break;
        default:
            s -= x[i];
        }
    }
    return s;
}

#pragma pargrad reverse(f) wrt(x)
