/* Helpers that return structs by value, the way vector code is written:
 * small vector algebra (v3_add(v3_scale(a, s), b)), compound literals with
 * designators, a return in the middle of a helper and inside its loop, a
 * struct accumulator carried through a sequential loop, and calls whose
 * struct is passed straight on, read by member (v3_add(a, b).z) or
 * dropped. pargrad inlines the helpers;
 * the returned fields are the fields of a local of the helper. */
#include <math.h>

typedef struct {
    double x, y, z;
} v3;

struct stats {
    double mean, m2;
    int count;
};

static v3 v3_make(double x, double y, double z) {
    return (v3){x, y, z};
}

static v3 v3_add(v3 a, v3 b) {
    return (v3){a.x + b.x, a.y + b.y, a.z + b.z};
}

static v3 v3_scale(v3 a, double s) {
    v3 r = a;
    r.x *= s;
    r.y *= s;
    r.z *= s;
    return r;
}

static double v3_dot(v3 a, v3 b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

static v3 v3_cross(v3 a, v3 b) {
    v3 r;
    r.x = a.y * b.z - a.z * b.y;
    r.y = a.z * b.x - a.x * b.z;
    r.z = a.x * b.y - a.y * b.x;
    return r;
}

/* a return in the middle: short vectors come back as they are */
static v3 v3_clamp(v3 a, double len) {
    double l2 = v3_dot(a, a);
    if (l2 <= len * len)
        return a;
    return v3_scale(a, len / sqrt(l2));
}

/* Welford's update of a running mean and sum of squared deviations */
static struct stats stats_push(struct stats s, double v) {
    struct stats r = s;
    r.count = s.count + 1;
    double d = v - s.mean;
    r.mean = s.mean + d / r.count;
    r.m2 = s.m2 + d * (v - r.mean);
    return r;
}

/* the first of x[0..n) above t and where, or the last one: a return
 * inside the helper's loop */
static struct stats first_above(int n, const double *x, double t) {
    for (int i = 0; i < n; i++)
        if (x[i] > t)
            return (struct stats){.mean = x[i], .count = i};
    return (struct stats){x[n - 1], 0.5 * x[n - 1], n - 1};
}

/* triangles (x[3j..3j+2], a rotated copy, the origin): areas and moments */
double sr_vectors(int n, const double *x) {
    int m = n / 3;
    double s = 0.0;
    v3 axis = v3_make(0.3, -0.2, 0.9);
#pragma omp parallel for reduction(+ : s)
    for (int j = 0; j < m; j++) {
        v3 p = {x[3 * j], x[3 * j + 1], x[3 * j + 2]};
        v3 q = v3_add(v3_scale(p, 0.5), (v3){.y = p.x, .z = -p.y});
        v3 c = v3_cross(p, q);
        v3_add(c, axis); /* dropped */
        s += sqrt(1e-3 + v3_dot(c, c)) + v3_dot(v3_clamp(v3_add(p, axis), 1.5), axis);
    }
    return s + x[0];
}

double sr_welford(int n, const double *x) {
    struct stats st = {0.0, 0.0, 0};
    for (int i = 0; i < n; i++)
        st = stats_push(st, x[i] * x[i] + sin(x[i]));
    return st.mean + (st.count > 1 ? st.m2 / (st.count - 1) : 0.0);
}

double sr_first(int n, const double *x) {
    struct stats f = first_above(n, x, 0.25);
    v3 a = v3_clamp(v3_make(x[0], f.mean, f.m2), 0.75);
    double g = v3_add(a, v3_make(f.m2, 0.5, x[n - 1])).z * stats_push(f, a.y).mean;
    return f.mean * f.mean + f.m2 + a.x + a.y * a.z + f.count + g;
}

#pragma pargrad reverse(sr_vectors) wrt(x)
#pragma pargrad reverse(sr_welford) wrt(x)
#pragma pargrad reverse(sr_first) wrt(x)
