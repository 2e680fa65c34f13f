/* Helpers the way HPC code keeps them: static inline functions and a
 * macro in a header of the project, shared by several kernels. */
#ifndef HEADER_HELPERS_H
#define HEADER_HELPERS_H

#include <math.h>

#define SQR(a) ((a) * (a))

typedef struct {
    double x, y, z;
} point3;

/* Horner's rule for the polynomial c[0] + c[1] t + ... + c[deg] t^deg,
 * from the highest coefficient down.
 *
 * The helper's loop sits at the same line and column as the annotated
 * loop of hh_clip in header_helpers.c (line 22): pargrad's pragmas belong
 * to the lines of the file it reads, not to its headers' lines. */
static inline double horner(const double *c, int deg, double t) {
    double export = c[deg]; /* (a keyword of C++: the CUDA output, C++, renames it) */
    for (int k = deg - 1; k >= 0; k--)
        export = export * t + c[k];
    return export;
}

static inline double dist2(point3 a, point3 b) {
    double dx = a.x - b.x, dy = a.y - b.y, dz = a.z - b.z;
    return dx * dx + dy * dy + dz * dz;
}

static inline double softclip(double v) {
    if (v > 1.0)
        return 1.0 + log(v);
    return SQR(v) * 0.5 + 0.5;
}

/* log(exp(a) + exp(b)), exact at -INFINITY */
static inline double log_add(double a, double b) {
    double m = fmax(a, b);
    if (m == -INFINITY)
        return m;
    return m + log(exp(a - m) + exp(b - m));
}

/* a such that log_add(a, b) == z */
static inline double log_sub(double z, double b) {
    return z + log1p(-exp(b - z));
}

#endif
