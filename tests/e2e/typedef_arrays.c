/* Parameters whose type is a typedef of an array: a pointer to vec3
 * (const vec3 *v, rows of three) and a vec3 itself (an array parameter,
 * double a[3]); the generated signatures spell them out. And an array
 * parameter sized by a constant of the file (double c[nb] with static
 * const int nb), which the generated file defines again. */
#include <math.h>

#include "typedef_arrays.h"

double bending(int n, const vec3 *v) {
    double s = 0.0;
    for (int i = 0; i + 1 < n; i++) {
        double d = 0.0;
        for (int k = 0; k < 3; k++)
            d += v[i][k] * v[i + 1][k];
        s += sin(d) + 0.5 * v[i][0] * v[i][0];
    }
    return s;
}

double triple(vec3 a, const vec3 b) {
    return a[0] * b[1] - a[1] * b[0] + a[2] * b[2] * a[0];
}

static const int nb = 4; /* basis functions */

double basis(const double c[nb], double t) {
    double s = 0.0;
    for (int k = 0; k < nb; k++)
        s += c[k] * cos(k * t);
    return s * s;
}

#pragma pargrad reverse(bending) wrt(v)
#pragma pargrad reverse(basis) wrt(c, t)
#pragma pargrad reverse(triple) wrt(a, b)
