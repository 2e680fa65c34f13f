/* expect: 10:25: the directive at line 9 already generates 'sq_grad' */
double sq(int n, const double *x) {
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += x[i] * x[i];
    return s;
}

#pragma pargrad reverse(sq) wrt(x) name(sq_grad)
#pragma pargrad reverse(sq) wrt(x) name(sq_grad)
