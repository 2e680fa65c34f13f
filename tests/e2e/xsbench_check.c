/* Checks xsbench_lookup_b (generated from xsbench.c, the XSBench-style
 * application benchmark's primal, wrt the cross sections and the
 * concentrations): the primal against a reference computed here with a
 * linear scan of each nuclide's grid instead of the union grid and its
 * index grid; the gradient against central finite differences per
 * component on small problems and along a random direction on one with
 * 9000 lookups (past the runtime's threshold for threads); the returned
 * total, adjoints incremented (a second call doubles them), the seed
 * scales them, inputs untouched. The lookups' energies cover [0, 1) and
 * the nuclides' grids lie inside (0.05, 0.95): lookups below and above a
 * grid extrapolate from its first and its last two points (the index grid's
 * last point moved down by one). The total is linear in the cross sections
 * and in the concentrations, so the differences are exact up to rounding. */
#include "gradcheck.h"

#define NXS 5

double xsbench_lookup(long n_lookups, const double *lookup_energy, const int *lookup_mat,
                      int n_nuclides, long n_gridpoints, const double *union_energy,
                      const int *union_index, const double *nuclide_energy,
                      const double *nuclide_xs, int n_materials, int max_nucs, const int *num_nucs,
                      const int *mat_nuclides, const double *concs, const double *response);
double xsbench_lookup_b(long n_lookups, const double *lookup_energy, const int *lookup_mat,
                        int n_nuclides, long n_gridpoints, const double *union_energy,
                        const int *union_index, const double *nuclide_energy,
                        const double *nuclide_xs, double *nuclide_xs_b, int n_materials,
                        int max_nucs, const int *num_nucs, const int *mat_nuclides,
                        const double *concs, double *concs_b, const double *response, double seed);

struct xs {
    long nl, ngp, nu;
    int nnuc, nmat, maxn;
    double *le, *ue, *ne, *xs, *conc, resp[NXS];
    int *lm, *ui, *nn, *mn;
};

static double eval(void *p) {
    struct xs *t = p;
    return xsbench_lookup(t->nl, t->le, t->lm, t->nnuc, t->ngp, t->ue, t->ui, t->ne, t->xs, t->nmat,
                          t->maxn, t->nn, t->mn, t->conc, t->resp);
}

static double grad(struct xs *t, double *xs_b, double *conc_b, double seed) {
    return xsbench_lookup_b(t->nl, t->le, t->lm, t->nnuc, t->ngp, t->ue, t->ui, t->ne, t->xs, xs_b,
                            t->nmat, t->maxn, t->nn, t->mn, t->conc, conc_b, t->resp, seed);
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* A problem: nnuc nuclides of ngp points, nmat materials of up to maxn
 * distinct nuclides, nl lookups. */
static void xs_setup(struct xs *t, int nnuc, long ngp, int nmat, int maxn, long nl) {
    t->nnuc = nnuc, t->ngp = ngp, t->nmat = nmat, t->maxn = maxn, t->nl = nl;
    t->nu = nnuc * ngp;
    t->le = gc_alloc((int)nl);
    t->lm = calloc((size_t)nl, sizeof(int));
    t->ue = gc_alloc((int)t->nu);
    t->ui = calloc((size_t)(t->nu * nnuc), sizeof(int));
    t->ne = gc_alloc((int)t->nu);
    t->xs = gc_alloc((int)(t->nu * NXS));
    t->conc = gc_alloc(nmat * maxn);
    t->nn = calloc((size_t)nmat, sizeof(int));
    t->mn = calloc((size_t)(nmat * maxn), sizeof(int));
    if (!t->lm || !t->ui || !t->nn || !t->mn) {
        fprintf(stderr, "xsbench_check: out of memory\n");
        exit(2);
    }
    /* increasing energies per nuclide in (0.05, 0.95) */
    for (int nuc = 0; nuc < nnuc; nuc++) {
        double *eg = t->ne + nuc * ngp, s = 0.0;
        for (long g = 0; g < ngp; g++)
            s += gc_uniform(0.2, 1.0), eg[g] = s;
        double a = gc_uniform(0.05, 0.3), b = gc_uniform(0.7, 0.95);
        for (long g = 0; g < ngp; g++)
            eg[g] = a + (b - a) * (eg[g] - eg[0]) / (eg[ngp - 1] - eg[0]);
    }
    gc_fill(t->xs, (int)(t->nu * NXS), 0.5, 1.5);
    memcpy(t->ue, t->ne, sizeof(double) * (size_t)t->nu);
    qsort(t->ue, (size_t)t->nu, sizeof(double), cmp_double);
    for (long u = 0; u < t->nu; u++)
        for (int nuc = 0; nuc < nnuc; nuc++) {
            const double *eg = t->ne + nuc * ngp;
            long g = 0;
            while (g + 1 < ngp && eg[g + 1] <= t->ue[u])
                g++;
            t->ui[u * nnuc + nuc] = (int)g;
        }
    /* materials of 1 to maxn distinct nuclides, the first one full */
    for (int m = 0; m < nmat; m++) {
        int perm[64];
        for (int q = 0; q < nnuc; q++)
            perm[q] = q;
        t->nn[m] = m == 0 ? maxn : 1 + (int)(gc_next() % (uint64_t)maxn);
        for (int j = 0; j < maxn; j++) {
            int r = j + (int)(gc_next() % (uint64_t)(nnuc - j));
            int tmp = perm[j];
            perm[j] = perm[r];
            perm[r] = tmp;
            t->mn[m * maxn + j] = perm[j];
        }
    }
    gc_fill(t->conc, nmat * maxn, 0.5, 1.5);
    gc_fill(t->le, (int)nl, 0.0, 1.0);
    for (long i = 0; i < nl; i++)
        t->lm[i] = (int)(gc_next() % (uint64_t)nmat);
    const double resp[NXS] = {1.0, 0.5, 0.25, 2.0, 1.5};
    memcpy(t->resp, resp, sizeof resp);
}

/* The total without the union grid: per nuclide the grid interval holding
 * the energy by a linear scan (the first or the last interval outside). */
static double reference(const struct xs *t) {
    double total = 0.0;
    for (long i = 0; i < t->nl; i++) {
        double e = t->le[i];
        int m = t->lm[i];
        for (int j = 0; j < t->nn[m]; j++) {
            int nuc = t->mn[m * t->maxn + j];
            const double *eg = t->ne + nuc * t->ngp;
            long g = 0;
            while (g + 2 < t->ngp && eg[g + 1] <= e)
                g++;
            double f = (eg[g + 1] - e) / (eg[g + 1] - eg[g]);
            const double *lo = t->xs + (nuc * t->ngp + g) * NXS;
            for (int r = 0; r < NXS; r++)
                total += t->resp[r] * t->conc[m * t->maxn + j] *
                         (lo[NXS + r] - f * (lo[NXS + r] - lo[r]));
        }
    }
    return total;
}

static void check(int nnuc, long ngp, int nmat, int maxn, long nl, int along, uint64_t seed) {
    struct xs t;
    char label[128], what[192];
    gc_seed(seed);
    xs_setup(&t, nnuc, ngp, nmat, maxn, nl);
    snprintf(label, sizeof label, "xsbench nuclides=%d points=%ld materials=%d lookups=%ld", nnuc,
             ngp, nmat, nl);
    const int nx = (int)(t.nu * NXS), nc = nmat * maxn;
    double *xs_b = gc_alloc(nx), *conc_b = gc_alloc(nc), *gx = gc_alloc(nx), *gcn = gc_alloc(nc);
    double *xs0 = gc_alloc(nx), *conc0 = gc_alloc(nc);
    memcpy(xs0, t.xs, sizeof(double) * (size_t)nx);
    memcpy(conc0, t.conc, sizeof(double) * (size_t)nc);

    double f = eval(&t);
    snprintf(what, sizeof what, "%s: primal vs linear-scan reference", label);
    gc_check_value(what, f, reference(&t), 1e-12);

    double r = grad(&t, xs_b, conc_b, 1.0);
    snprintf(what, sizeof what, "%s: return value", label);
    gc_check_value(what, r, f, GC_RTOL_EXACT);
    memcpy(gx, xs_b, sizeof(double) * (size_t)nx);
    memcpy(gcn, conc_b, sizeof(double) * (size_t)nc);

    snprintf(what, sizeof what, "%s: nuclide_xs_b", label);
    gc_check_gradient(what, along, eval, &t, t.xs, nx, gx);
    gc_check_nonzero(what, gx, nx);
    snprintf(what, sizeof what, "%s: concs_b", label);
    gc_check_gradient(what, along, eval, &t, t.conc, nc, gcn);
    gc_check_nonzero(what, gcn, nc);

    grad(&t, xs_b, conc_b, 1.0);
    snprintf(what, sizeof what, "%s: nuclide_xs_b after a second call (2x)", label);
    gc_compare_scaled(what, xs_b, gx, 2.0, nx);
    snprintf(what, sizeof what, "%s: concs_b after a second call (2x)", label);
    gc_compare_scaled(what, conc_b, gcn, 2.0, nc);

    gc_zero(xs_b, nx);
    gc_zero(conc_b, nc);
    grad(&t, xs_b, conc_b, -0.5);
    snprintf(what, sizeof what, "%s: nuclide_xs_b with seed -0.5", label);
    gc_compare_scaled(what, xs_b, gx, -0.5, nx);
    snprintf(what, sizeof what, "%s: concs_b with seed -0.5", label);
    gc_compare_scaled(what, conc_b, gcn, -0.5, nc);

    snprintf(what, sizeof what, "%s: inputs unchanged", label);
    gc_compare_tol(what, t.xs, xs0, nx, 1e-300);
    gc_compare_tol(what, t.conc, conc0, nc, 1e-300);

    free(t.le), free(t.lm), free(t.ue), free(t.ui), free(t.ne), free(t.xs), free(t.conc);
    free(t.nn), free(t.mn);
    free(xs_b), free(conc_b), free(gx), free(gcn), free(xs0), free(conc0);
}

int main(void) {
    check(1, 2, 1, 1, 1, 0, 1);
    check(2, 3, 2, 2, 7, 0, 2);
    check(6, 7, 3, 4, 50, 0, 3);
    check(12, 20, 5, 8, 200, 0, 4);
    check(20, 50, 6, 12, 9000, 1, 5);
    return gc_finish();
}
