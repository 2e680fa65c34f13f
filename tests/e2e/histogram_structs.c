/* Histograms of declared operators on structs, into an array of structs
 * differentiated as input and output (wrt(x, h) out(h)). The invertible
 * rule (a sum of products, and complex multiplication, both commutative
 * with an inverse): a bin that receives nothing, two updates per iteration
 * (one under an if, one with the bin second), the operator inferred from
 * the updates, three histograms into the same bins with a map between, the
 * loop in a helper, keys from the data with the number of bins a
 * parameter; and loops the rule does not take (an operator without an
 * inverse, iterations that also write another array), differentiated as
 * the sequential loops they are. */
#include <math.h>

enum { NB = 7 };

struct pair {
    double p, s;
};

struct cplx {
    double re, im;
};

static struct pair sum_of_prod(struct pair u, struct pair v) {
    struct pair r = {u.p + v.p + u.s * v.s, u.s + v.s};
    return r;
}

/* not static: only the pragmas name them (-Wunused-function) */
struct pair sop_inverse(struct pair z, struct pair b);
struct pair sop_inverse(struct pair z, struct pair b) {
    struct pair a;
    a.s = z.s - b.s;
    a.p = z.p - b.p - a.s * b.s;
    return a;
}

static struct pair sop_plain(struct pair u, struct pair v) {
    struct pair r = {u.p + v.p + u.s * v.s, u.s + v.s};
    return r;
}

static struct cplx cmul(struct cplx a, struct cplx b) {
    struct cplx r = {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
    return r;
}

struct cplx cdiv(struct cplx z, struct cplx b);
struct cplx cdiv(struct cplx z, struct cplx b) {
    double d = b.re * b.re + b.im * b.im;
    struct cplx r = {(z.re * b.re + z.im * b.im) / d, (z.im * b.re - z.re * b.im) / d};
    return r;
}

#pragma pargrad declare op(sopi, struct pair, sum_of_prod, {0.0, 0.0}) commutative inverse(        \
    sop_inverse)
#pragma pargrad declare op(sopn, struct pair, sop_plain, {0.0, 0.0}) commutative
/* cmul declared twice: a histogram that names no operator takes the
 * declaration that promises an inverse, whichever comes first */
#pragma pargrad declare op(cprod_plain, struct cplx, cmul, {1.0, 0.0}) commutative
#pragma pargrad declare op(cprod, struct cplx, cmul, {1.0, 0.0}) commutative inverse(cdiv)

/* the last bin receives nothing */
void hs_sop(int n, const double *x, struct pair h[NB]) {
#pragma pargrad histogram(sopi : h)
    for (int i = 0; i < n; i++) {
        struct pair e = {x[i] * x[i], sin(x[i])};
        int k = (i * 3 + 1) % (NB - 1);
        h[k] = sum_of_prod(h[k], e);
    }
}

/* two updates per iteration, one under an if, one with the bin second */
void hs_two(int n, const double *x, struct pair h[NB]) {
#pragma pargrad histogram(sopi : h)
    for (int i = 0; i < n; i++) {
        int k = i % NB;
        h[k] = sum_of_prod(h[k], (struct pair){x[i], 1.0 + x[i]});
        if (x[i] > 0.0)
            h[(k + 2) % NB] = sum_of_prod((struct pair){0.5 * x[i], exp(-x[i])}, h[(k + 2) % NB]);
    }
}

/* complex products per bin, the operator inferred from the updates */
void hs_cmul(int n, const double *x, struct cplx h[NB]) {
#pragma pargrad histogram(h)
    for (int i = 0; i < n; i++) {
        struct cplx e = {cos(0.5 * x[i]), 0.3 * sin(x[i])};
        h[(i * i + 1) % NB] = cmul(h[(i * i + 1) % NB], e);
    }
}

/* three histograms into the same bins, scaled between */
void hs_steps(int n, const double *x, struct pair h[NB]) {
    for (int t = 0; t < 3; t++) {
#pragma pargrad histogram(sopi : h)
        for (int i = 0; i < n; i++) {
            int k = (i + t) % NB;
            h[k] = sum_of_prod(h[k], (struct pair){x[i] * x[i], 0.5 * x[i]});
        }
#pragma pargrad map
        for (int b = 0; b < NB; b++) {
            h[b].p = 0.5 * h[b].p;
            h[b].s = 0.25 * h[b].s * h[b].s;
        }
    }
}

/* the loop in a helper */
static void fill_bins(int n, const double *x, struct pair hb[NB]) {
#pragma pargrad histogram(sopi : hb)
    for (int i = 0; i < n; i++)
        hb[(2 * i) % NB] = sum_of_prod(hb[(2 * i) % NB], (struct pair){tanh(x[i]), x[i]});
}

void hs_helper(int n, const double *x, struct pair h[NB]) {
    fill_bins(n, x, h);
}

/* keys from the data, nb bins */
void hs_keyed(int n, const double *x, const int *key, int nb, struct pair h[nb]) {
#pragma pargrad histogram(sopi : h)
    for (int i = 0; i < n; i++)
        h[key[i]] = sum_of_prod(h[key[i]], (struct pair){x[i] * x[i], x[i]});
}

/* no inverse: sequential */
void hs_no_inverse(int n, const double *x, struct pair h[NB]) {
#pragma pargrad histogram(sopn : h)
    for (int i = 0; i < n; i++)
        h[i % NB] = sop_plain(h[i % NB], (struct pair){x[i] * x[i], x[i]});
}

/* iterations that also write another array: sequential */
void hs_writes(int n, const double *x, double *y, struct pair h[NB]) {
#pragma pargrad histogram(sopi : h)
    for (int i = 0; i < n; i++) {
        y[i] = sin(x[i]);
        h[i % NB] = sum_of_prod(h[i % NB], (struct pair){y[i], x[i]});
    }
}

#pragma pargrad reverse(hs_sop) wrt(x, h) out(h)
#pragma pargrad reverse(hs_two) wrt(x, h) out(h)
#pragma pargrad reverse(hs_cmul) wrt(x, h) out(h)
#pragma pargrad reverse(hs_steps) wrt(x, h) out(h)
#pragma pargrad reverse(hs_helper) wrt(x, h) out(h)
#pragma pargrad reverse(hs_keyed) wrt(x, h) out(h)
#pragma pargrad reverse(hs_no_inverse) wrt(x, h) out(h)
#pragma pargrad reverse(hs_writes) wrt(x, h) out(h)
