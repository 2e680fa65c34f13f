/* Checks kmeans_b (generated from kmeans_app.c, the k-means application
 * benchmark's primal, wrt the centres C) against central finite differences
 * per component and the closed form -2 seed sum_{i: a(i) = c} (x_i - C_c),
 * on small instances; along a random direction on one large enough for the
 * runtime's threads (9000 points). Also: the returned cost, adjoints
 * incremented (a second call doubles them), the seed scales them, the
 * points are not touched. The data has no near ties: every point is drawn
 * again until its nearest centre is closer than the second nearest by a
 * margin far above the finite differences' steps (the cost is not
 * differentiable where the nearest centre changes). */
#include "gradcheck.h"

double kmeans(int k, int n, int d, const double *x, const double *C);
double kmeans_b(int k, int n, int d, const double *x, const double *C, double *C_b, double seed);

struct km {
    int k, n, d;
    double *x, *C;
};

static double eval(void *p) {
    struct km *t = p;
    return kmeans(t->k, t->n, t->d, t->x, t->C);
}

static double dist2(const double *a, const double *b, int d) {
    double s = 0.0;
    for (int j = 0; j < d; j++)
        s += (a[j] - b[j]) * (a[j] - b[j]);
    return s;
}

/* nearest centre of point p, and the gap to the second nearest */
static int nearest(const struct km *t, const double *p, double *gap) {
    int a = 0;
    double best = INFINITY, second = INFINITY;
    for (int c = 0; c < t->k; c++) {
        double e = dist2(p, t->C + (long)c * t->d, t->d);
        if (e < best) {
            second = best;
            best = e;
            a = c;
        } else if (e < second) {
            second = e;
        }
    }
    *gap = second - best;
    return a;
}

/* Centres in [-4, 4)^d, each point a centre plus noise in [-1.5, 1.5)^d,
 * drawn again while its two nearest centres are within 0.05; returns the
 * cost and the closed-form gradient (seed 1) in ex. */
static double km_setup(struct km *t, double *ex) {
    int d = t->d, ties = 0;
    gc_fill(t->C, t->k * d, -4.0, 4.0);
    gc_zero(ex, t->k * d);
    double cost = 0.0;
    for (int i = 0; i < t->n; i++) {
        double *xi = t->x + (long)i * d, gap = 0.0;
        int a = 0, tries = 0;
        do {
            int c = (int)(gc_next() % (uint64_t)t->k);
            for (int j = 0; j < d; j++)
                xi[j] = t->C[c * d + j] + gc_uniform(-1.5, 1.5);
            a = nearest(t, xi, &gap);
        } while (t->k > 1 && gap < 0.05 && ++tries < 100);
        if (t->k > 1 && gap < 0.05)
            ties++;
        cost += dist2(xi, t->C + (long)a * d, d);
        for (int j = 0; j < d; j++)
            ex[a * d + j] -= 2.0 * (xi[j] - t->C[a * d + j]);
    }
    gc_require(ties == 0, "k-means data has near ties (change the seed)");
    return cost;
}

static void check(int k, int n, int d, int along, uint64_t seed) {
    struct km t = {k, n, d, gc_alloc(n * d), gc_alloc(k * d)};
    const int nc = k * d;
    double *C_b = gc_alloc(nc), *g = gc_alloc(nc), *ex = gc_alloc(nc);
    double *x0 = gc_alloc(n * d);
    char label[96], what[160];
    snprintf(label, sizeof label, "kmeans k=%d n=%d d=%d", k, n, d);
    gc_seed(seed);
    double want = km_setup(&t, ex);
    memcpy(x0, t.x, sizeof(double) * (size_t)(n * d));

    double f = kmeans(k, n, d, t.x, t.C);
    snprintf(what, sizeof what, "%s: primal vs reference cost", label);
    gc_check_value(what, f, want, 1e-12);

    gc_zero(C_b, nc);
    double r = kmeans_b(k, n, d, t.x, t.C, C_b, 1.0);
    snprintf(what, sizeof what, "%s: kmeans_b return value", label);
    gc_check_value(what, r, f, GC_RTOL_EXACT);
    memcpy(g, C_b, sizeof(double) * (size_t)nc);

    gc_check_gradient(label, along, eval, &t, t.C, nc, g);
    snprintf(what, sizeof what, "%s: C_b vs closed form", label);
    gc_compare_tol(what, g, ex, nc, 1e-10);
    gc_check_nonzero(label, g, nc);

    kmeans_b(k, n, d, t.x, t.C, C_b, 1.0);
    snprintf(what, sizeof what, "%s: C_b after a second call (2x)", label);
    gc_compare_scaled(what, C_b, g, 2.0, nc);

    gc_zero(C_b, nc);
    kmeans_b(k, n, d, t.x, t.C, C_b, -0.25);
    snprintf(what, sizeof what, "%s: C_b with seed -0.25", label);
    gc_compare_scaled(what, C_b, g, -0.25, nc);

    snprintf(what, sizeof what, "%s: points unchanged", label);
    gc_compare_tol(what, t.x, x0, n * d, 1e-300);

    free(t.x), free(t.C), free(C_b), free(g), free(ex), free(x0);
}

int main(void) {
    check(1, 1, 1, 0, 1);
    check(1, 5, 3, 0, 2);
    check(3, 20, 2, 0, 3);
    check(4, 50, 5, 0, 4);
    check(5, 37, 35, 0, 5);
    check(7, 9000, 4, 1, 6);
    return gc_finish();
}
