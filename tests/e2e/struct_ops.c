/* Declared operators on structs of floating fields (PRAGMAS.md section 4),
 * run in blocks, in parallel (tool/lift_tuple.c): a reduce of (sum, sum of
 * products) pairs, and of the same with an inverse (the invertible rule:
 * with an initial value, two updates, per row in a map, and falling back to
 * the blocks where the iterations write an array), a product of matrices (not commutative) counting
 * down by two with an update under an if, a commutative one updated as t = COMBINE(e, t) in an
 * inner loop; scans of 2x2 matrix products (a second-order recurrence) writing an array, with a
 * temporary declared before the loop, and of pairs whose operator is left out, with an inner loop.
 * Two scans also sum their prefixes into a scalar declared outside (s += ...): their iterations
 * pass s on, so they are differentiated as the sequential loops they are, and the output says so.
 */
#include <math.h>
#include <stdlib.h>

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

/* a such that sum_of_prod(a, b) == z (not static: only the pragma names
 * it, and -Wunused-function would flag a static one) */
struct pair sop_inverse(struct pair z, struct pair b);
struct pair sop_inverse(struct pair z, struct pair b) {
    struct pair a;
    a.s = z.s - b.s;
    a.p = z.p - b.p - a.s * b.s;
    return a;
}

#pragma pargrad declare op(sop, struct pair, sum_of_prod, {0.0, 0.0}) commutative
#pragma pargrad declare op(sopi, struct pair, sum_of_prod, {0.0, 0.0}) commutative inverse(        \
    sop_inverse)
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

/* The invertible rule (sopi has an inverse): an initial value from x, two
 * updates per iteration, one under an if and written COMBINE(e, acc). */
double so_inv_reduce(int n, const double *x) {
    struct pair acc = {0.3 * x[0], 0.5};
#pragma pargrad reduce(sopi : acc)
    for (int i = 0; i < n; i++) {
        struct pair e = {sin(x[i]), x[i] * x[i]};
        acc = sum_of_prod(acc, e);
        if (x[i] > 0.1)
            acc = sum_of_prod((struct pair){0.5 * x[i], cos(x[i])}, acc);
    }
    return acc.p + 0.5 * acc.s * acc.s;
}

/* the reduce the last statement before the return, a field returned as
 * it is (the forward and return sweeps of a last loop are fused where
 * they can be; not a carrier's) */
double so_inv_field(int n, const double *x) {
    struct pair acc = {0.0, 0.5};
#pragma pargrad reduce(sopi : acc)
    for (int i = 0; i < n; i++)
        acc = sum_of_prod(acc, (struct pair){0.0, x[i] * (1.0 + 0.1 * x[i])});
    return acc.p;
}

/* per row of 4, inside a map */
double so_inv_rows(int n, const double *x) {
    int rows = n / 4;
    double *out = malloc(sizeof(double) * (size_t)(rows > 0 ? rows : 1));
#pragma pargrad map
    for (int r = 0; r < rows; r++) {
        struct pair acc = {0.0, 0.0};
#pragma pargrad reduce(sopi : acc)
        for (int k = 0; k < 4; k++)
            acc = sum_of_prod(acc, (struct pair){x[4 * r + k], tanh(x[4 * r + k])});
        out[r] = acc.p - acc.s;
    }
    double s = x[0];
    for (int r = 0; r < rows; r++)
        s += out[r] * out[r];
    free(out);
    return s;
}

/* the iterations also write an array: the blocks' adjoint, not the rule */
double so_inv_writes(int n, const double *x) {
    double *y = malloc(sizeof(double) * (size_t)n);
    struct pair acc = {0.0, 0.0};
#pragma pargrad reduce(sopi : acc)
    for (int i = 0; i < n; i++) {
        y[i] = x[i] * x[i];
        acc = sum_of_prod(acc, (struct pair){y[i], x[i]});
    }
    double s = acc.p;
    for (int i = 0; i < n; i++)
        s += 0.1 * y[i] * x[i];
    free(y);
    return s;
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

/* rotations and small shears: the product stays bounded at any n */
double so_matprod(int n, const double *x) {
    mat2 acc = {1.0, 0.0, 0.0, 1.0};
    int i;
    double c, s;
#pragma pargrad reduce(mmul : acc)
    for (i = n - 1; i >= 0; i -= 2) {
        c = cos(0.7 * x[i]);
        s = sin(0.7 * x[i]);
        mat2 m = {c, -s, s, c};
        acc = mat2_mul(acc, m);
        if (x[i] > 0.2)
            acc = mat2_mul(acc, (mat2){1.0, 1e-3 * x[i], 0.0, 1.0});
    }
    return acc.a + 2.0 * acc.b - acc.c * acc.d + 1e-3 * (double)i;
}

double so_inferred(int n, const double *x) {
    struct pair t = {0.5, -1.0};
#pragma pargrad reduce(padd : t)
    for (int i = 0; i < n; i++)
        for (int k = 0; k < 2; k++)
            t = pair_add((struct pair){x[i] * (k + 1), x[i] * x[i] * k}, t);
    return t.p * t.s;
}

/* y[i] = (M_0 ... M_i) applied to (1, 0), written out, then summed */
double so_scan_blocks(int n, const double *x, double *y) {
    mat2 acc = {1.0, 0.0, 0.0, 1.0};
    double th;
    int i;
#pragma pargrad scan(mmul : acc)
    for (i = 0; i < n; i++) {
        th = 0.5 * tanh(x[i]);
        mat2 m = {th, -0.5, 1.0, 0.0};
        y[i] = acc.a * th + acc.c; /* exclusive: the prefix before i, times m */
        acc = mat2_mul(acc, m);
        y[i] += acc.a * acc.a;
    }
    double s = acc.b;
    for (i = 0; i < n; i++)
        s += y[i];
    return s;
}

double so_scan_inner(int n, const double *x, double *y) {
    struct pair t = {1.0, 0.0};
#pragma pargrad scan(t)
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < 2; k++)
            if (x[(i + k) % n] > -0.5)
                t = pair_add(t, (struct pair){x[i] * x[(i + k) % n], cos(x[i]) * k});
        y[i] = t.p * t.s;
    }
    double s = t.p;
    for (int i = 0; i < n; i++)
        s += 0.1 * y[i] * y[i];
    return s;
}

double so_scan_blocks_w(int n, const double *x) {
    double *y = malloc(sizeof(double) * (size_t)n);
    double s = so_scan_blocks(n, x, y);
    free(y);
    return s;
}

double so_scan_inner_w(int n, const double *x) {
    double *y = malloc(sizeof(double) * (size_t)n);
    double s = so_scan_inner(n, x, y);
    free(y);
    return s;
}

#pragma pargrad reverse(so_reduce) wrt(x)
#pragma pargrad reverse(so_inv_reduce) wrt(x)
#pragma pargrad reverse(so_inv_rows) wrt(x)
#pragma pargrad reverse(so_inv_field) wrt(x)
#pragma pargrad reverse(so_inv_writes) wrt(x)
#pragma pargrad reverse(so_scan_blocks_w) wrt(x)
#pragma pargrad reverse(so_scan_inner_w) wrt(x)
#pragma pargrad reverse(so_matprod) wrt(x)
#pragma pargrad reverse(so_inferred) wrt(x)
#pragma pargrad reverse(so_scan) wrt(x)
#pragma pargrad reverse(so_unnamed) wrt(x)
