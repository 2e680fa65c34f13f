/* Declared operators on structs of floating fields (PRAGMAS.md section 4):
 * a reduce of (sum, sum of products) pairs, a scan of 2x2 matrix
 * products (a second-order recurrence), and a scan of pairs whose
 * operator is left out (the variable is a struct). pargrad
 * has no parallel rule for them yet: the loops are differentiated as the
 * sequential loops they are, and the output says so. */
#include <math.h>

struct pair {
    double p, s;
};

typedef struct {
    double a, b, c, d;
} mat2;

static struct pair sum_of_prod(struct pair u, struct pair v) {
    return (struct pair){u.p + v.p + u.s * v.s, u.s + v.s};
}

static mat2 mat2_mul(mat2 x, mat2 y) {
    mat2 r;
    r.a = x.a * y.a + x.b * y.c;
    r.b = x.a * y.b + x.b * y.d;
    r.c = x.c * y.a + x.d * y.c;
    r.d = x.c * y.b + x.d * y.d;
    return r;
}

static struct pair pair_add(struct pair u, struct pair v) {
    struct pair r = {u.p + v.p, u.s + v.s};
    return r;
}

#pragma pargrad declare op(sop, struct pair, sum_of_prod, {0.0, 0.0}) commutative
#pragma pargrad declare op(mmul, mat2, mat2_mul, {1.0, 0.0, 0.0, 1.0})
#pragma pargrad declare op(padd, struct pair, pair_add, {0, 0}) commutative

double so_reduce(int n, const double *x) {
    struct pair acc = {0.0, 0.0};
#pragma pargrad reduce(sop : acc)
    for (int i = 0; i < n; i++) {
        struct pair e = {sin(x[i]), x[i] * x[i]};
        acc = sum_of_prod(acc, e);
    }
    return acc.p + 0.5 * acc.s;
}

/* y[i] = (M_0 ... M_i) applied to (1, 0), M_i = [[x_i, -0.5], [1, 0]] */
double so_scan(int n, const double *x) {
    mat2 acc = {1.0, 0.0, 0.0, 1.0};
    double s = 0.0;
#pragma pargrad scan(mmul : acc)
    for (int i = 0; i < n; i++) {
        mat2 m = {0.5 * tanh(x[i]), -0.5, 1.0, 0.0};
        acc = mat2_mul(acc, m);
        s += acc.a * acc.a + acc.c;
    }
    return s;
}

double so_unnamed(int n, const double *x) {
    struct pair t = {1.0, 0.0};
    double s = 0.0;
#pragma pargrad scan(t)
    for (int i = 0; i < n; i++) {
        t = pair_add(t, (struct pair){x[i] * x[(i + 1) % n], cos(x[i])});
        s += t.p * t.s;
    }
    return s;
}

#pragma pargrad reverse(so_reduce) wrt(x)
#pragma pargrad reverse(so_scan) wrt(x)
#pragma pargrad reverse(so_unnamed) wrt(x)
