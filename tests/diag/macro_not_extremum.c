/* expect: 10:9: unsupported update of reduction variable 's' */
/* A macro whose ?: returns a third argument is no minimum, though its
 * body reads like MIN's: each argument is matched where it is written. */
#define PICK(a, b, c) ((a) < (b) ? (c) : (b))

double rpick(int n, const double *x) {
    double s = 10.0;
#pragma pargrad reduce(min : s)
    for (int i = 0; i < n; i++)
        s = PICK(x[i], s, 2.0 * x[i]);
    return s;
}

#pragma pargrad reverse(rpick) wrt(x)
