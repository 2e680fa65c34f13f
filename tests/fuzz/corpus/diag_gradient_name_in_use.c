/* expect: 11:25: the gradient's name 'sq_b' is already a name in this file */
double sq(int n, const double *x) {
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += x[i] * x[i];
    return s;
}

double sq_b(int n) { return n; }

#pragma pargrad reverse(sq) wrt(x)
