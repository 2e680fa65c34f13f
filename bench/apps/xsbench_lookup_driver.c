/* Driver of the xsbench_lookup application benchmark (see ../harness.h and
 * xsbench_lookup.c). The full size is XSBench's "small" problem: 68
 * nuclides of 11303 grid points each (a union grid of 768604 points, its
 * index grid 768604 x 68 ints, 209 MB; the cross sections 31 MB), the 12
 * materials of XSBench's reactor model (34 nuclides in the fuel, 4 to 27
 * in the others), 4 x 10^5 lookups (the primal about 0.4 s on one core of
 * the machine this was written on); the runner's size is a percentage of it
 * (100; 10 with --quick) that scales the lookups. Data generated here,
 * deterministically: per nuclide increasing energies in (0, 1) (normalised
 * cumulative sums of uniform steps), cross sections uniform in [0.5, 1.5),
 * the union grid (sorted) and its index grid, per material distinct
 * nuclides at random with concentrations in [0.5, 1.5), the lookups'
 * energies uniform in [0, 1) and materials drawn with XSBench's material
 * frequencies; the response weights {1, 0.5, 0.25, 2, 1.5}, the seed 0.75.
 * No traffic floor (bench_floor returns 0). -DPGB_NO_GEN leaves the
 * generated gradient out. */
#include "../harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NXS 5
#define N_NUCLIDES 68
#define N_GRIDPOINTS 11303L
#define N_LOOKUPS 400000L
#define N_MATERIALS 12
#define MAX_NUCS 34
#define XS_SEED 0.75

double xsbench_lookup(long n_lookups, const double *lookup_energy, const int *lookup_mat,
                      int n_nuclides, long n_gridpoints, const double *union_energy,
                      const int *union_index, const double *nuclide_energy,
                      const double *nuclide_xs, int n_materials, int max_nucs, const int *num_nucs,
                      const int *mat_nuclides, const double *concs, const double *response);
#define XS_GRAD_PARAMS                                                                             \
    long n_lookups, const double *lookup_energy, const int *lookup_mat, int n_nuclides,            \
        long n_gridpoints, const double *union_energy, const int *union_index,                     \
        const double *nuclide_energy, const double *nuclide_xs, double *nuclide_xs_b,              \
        int n_materials, int max_nucs, const int *num_nucs, const int *mat_nuclides,               \
        const double *concs, double *concs_b, const double *response, double seed
double xsbench_lookup_b(XS_GRAD_PARAMS);
double xsbench_lookup_manual_b(XS_GRAD_PARAMS);

const char *const bench_name = "xsbench_lookup";
double bench_floor(long n) {
    (void)n;
    return 0.0;
}

/* nuclides per material and how often lookups hit each (XSBench) */
static const int mat_count[N_MATERIALS] = {34, 5, 4, 4, 27, 21, 21, 21, 21, 21, 9, 9};
static const double mat_freq[N_MATERIALS] = {0.140, 0.052, 0.275, 0.134, 0.154, 0.064,
                                             0.066, 0.055, 0.008, 0.015, 0.025, 0.013};
static const double response_weights[NXS] = {1.0, 0.5, 0.25, 2.0, 1.5};

static long nl_;
static const long n_union_ = N_NUCLIDES * N_GRIDPOINTS, n_xs_ = N_NUCLIDES * N_GRIDPOINTS * NXS;
static const int n_conc_ = N_MATERIALS * MAX_NUCS;
static double *lookup_energy, *union_energy, *nuclide_energy, *nuclide_xs, *nuclide_xs_b, *concs,
    *concs_b;
/* (every array from pgb_alloc: on the GPU, where the gradient reads them) */
static int *lookup_mat, *union_index, *num_nucs, *mat_nuclides;
static double *response;
static volatile double sink;

static uint64_t rng_state = 0x2545f4914f6cdd1dULL;
static uint64_t rng_next(void) { /* splitmix64 */
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}
static double rng_uniform(void) {
    return (double)(rng_next() >> 11) * (1.0 / 9007199254740992.0);
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

void bench_setup(long percent) {
    long nl = N_LOOKUPS * percent / 100;
    nl_ = nl < 1 ? 1 : nl;
    lookup_energy = pgb_alloc_doubles(nl_);
    lookup_mat = pgb_alloc(sizeof(int) * (size_t)nl_);
    union_energy = pgb_alloc_doubles(n_union_);
    union_index = pgb_alloc(sizeof(int) * (size_t)n_union_ * N_NUCLIDES);
    nuclide_energy = pgb_alloc_doubles(n_union_);
    nuclide_xs = pgb_alloc_doubles(n_xs_);
    nuclide_xs_b = pgb_alloc_doubles(n_xs_);
    concs = pgb_alloc_doubles(n_conc_);
    concs_b = pgb_alloc_doubles(n_conc_);
    mat_nuclides = pgb_alloc(sizeof(int) * (size_t)n_conc_);

    /* nuclide grids: increasing energies in (0, 1) */
    pgb_fill_uniform(nuclide_energy, n_union_, 0.1, 1.0, 11);
    for (int nuc = 0; nuc < N_NUCLIDES; nuc++) {
        double *eg = nuclide_energy + nuc * N_GRIDPOINTS, s = 0.0;
        for (long g = 0; g < N_GRIDPOINTS; g++)
            s += eg[g], eg[g] = s;
        s += 0.5; /* the last point below 1 */
        for (long g = 0; g < N_GRIDPOINTS; g++)
            eg[g] /= s;
    }
    pgb_fill_uniform(nuclide_xs, n_xs_, 0.5, 1.5, 12);

    /* the union grid and, per union point and nuclide, the nuclide's grid
     * point at or below it (0 below the nuclide's grid) */
    memcpy(union_energy, nuclide_energy, sizeof(double) * (size_t)n_union_);
    qsort(union_energy, (size_t)n_union_, sizeof(double), cmp_double);
    const long blk = 4096;
#pragma omp parallel for schedule(static)
    for (long b = 0; b < n_union_; b += blk) {
        long end = b + blk < n_union_ ? b + blk : n_union_;
        for (int nuc = 0; nuc < N_NUCLIDES; nuc++) {
            const double *eg = nuclide_energy + nuc * N_GRIDPOINTS;
            long lo = 0, hi = N_GRIDPOINTS; /* first g with eg[g] > union_energy[b] */
            while (lo < hi) {
                long mid = (lo + hi) / 2;
                if (eg[mid] > union_energy[b])
                    hi = mid;
                else
                    lo = mid + 1;
            }
            long g = lo;
            for (long u = b; u < end; u++) {
                while (g < N_GRIDPOINTS && eg[g] <= union_energy[u])
                    g++;
                union_index[u * N_NUCLIDES + nuc] = (int)(g > 0 ? g - 1 : 0);
            }
        }
    }

    /* materials: distinct nuclides at random (partial Fisher-Yates) */
    int perm[N_NUCLIDES];
    num_nucs = pgb_alloc(N_MATERIALS * sizeof *num_nucs);
    response = pgb_alloc_doubles(NXS);
    for (int r = 0; r < NXS; r++)
        response[r] = response_weights[r];
    for (int m = 0; m < N_MATERIALS; m++) {
        num_nucs[m] = mat_count[m];
        for (int q = 0; q < N_NUCLIDES; q++)
            perm[q] = q;
        for (int j = 0; j < MAX_NUCS; j++) {
            int r = j + (int)(rng_next() % (uint64_t)(N_NUCLIDES - j));
            int tmp = perm[j];
            perm[j] = perm[r];
            perm[r] = tmp;
            mat_nuclides[m * MAX_NUCS + j] = perm[j];
        }
    }
    pgb_fill_uniform(concs, n_conc_, 0.5, 1.5, 13);

    /* lookups */
    pgb_fill_uniform(lookup_energy, nl_, 0.0, 1.0, 14);
    double cum[N_MATERIALS], c = 0.0;
    for (int m = 0; m < N_MATERIALS; m++)
        cum[m] = (c += mat_freq[m]);
    for (long i = 0; i < nl_; i++) {
        double p = rng_uniform() * c;
        int m = 0;
        while (m < N_MATERIALS - 1 && p >= cum[m])
            m++;
        lookup_mat[i] = m;
    }
    fprintf(stderr, "xsbench_lookup: %d nuclides x %ld grid points, %ld lookups\n", N_NUCLIDES,
            N_GRIDPOINTS, nl_);
}

int bench_has(int which) {
#ifdef PGB_NO_GEN
    if (which == PGB_GRADIENT)
        return 0;
#endif
    (void)which;
    return 1;
}

void bench_prep(int which) {
    if (which != PGB_PRIMAL) {
        pgb_zero(nuclide_xs_b, n_xs_);
        pgb_zero(concs_b, n_conc_);
        pgb_evict(nuclide_xs_b, sizeof(double) * (size_t)n_xs_);
        pgb_evict(concs_b, sizeof(double) * (size_t)n_conc_);
    }
    pgb_evict(lookup_energy, sizeof(double) * (size_t)nl_);
    pgb_evict(lookup_mat, sizeof(int) * (size_t)nl_);
    pgb_evict(union_energy, sizeof(double) * (size_t)n_union_);
    pgb_evict(union_index, sizeof(int) * (size_t)n_union_ * N_NUCLIDES);
    pgb_evict(nuclide_energy, sizeof(double) * (size_t)n_union_);
    pgb_evict(nuclide_xs, sizeof(double) * (size_t)n_xs_);
    pgb_evict(concs, sizeof(double) * (size_t)n_conc_);
}

#define XS_ARGS(f, xs_b, c_b)                                                                      \
    f(nl_, lookup_energy, lookup_mat, N_NUCLIDES, N_GRIDPOINTS, union_energy, union_index,         \
      nuclide_energy, nuclide_xs, xs_b, N_MATERIALS, MAX_NUCS, num_nucs, mat_nuclides, concs, c_b, \
      response, XS_SEED)

void bench_run(int which) {
    switch (which) {
    case PGB_PRIMAL:
        sink = xsbench_lookup(nl_, lookup_energy, lookup_mat, N_NUCLIDES, N_GRIDPOINTS,
                              union_energy, union_index, nuclide_energy, nuclide_xs, N_MATERIALS,
                              MAX_NUCS, num_nucs, mat_nuclides, concs, response);
        break;
#ifndef PGB_NO_GEN
    case PGB_GRADIENT:
        sink = XS_ARGS(xsbench_lookup_b, nuclide_xs_b, concs_b);
        break;
#endif
    case PGB_MANUAL:
        sink = XS_ARGS(xsbench_lookup_manual_b, nuclide_xs_b, concs_b);
        break;
    }
}

long bench_verify(void) {
    long bad = 0;
#ifndef PGB_NO_GEN
    double *xb2 = pgb_alloc_doubles(n_xs_), *cb2 = pgb_alloc_doubles(n_conc_);
    double f = xsbench_lookup(nl_, lookup_energy, lookup_mat, N_NUCLIDES, N_GRIDPOINTS,
                              union_energy, union_index, nuclide_energy, nuclide_xs, N_MATERIALS,
                              MAX_NUCS, num_nucs, mat_nuclides, concs, response);
    /* non-zero adjoints on entry check the increment */
    pgb_fill_uniform(nuclide_xs_b, n_xs_, 0.5, 1.5, 7);
    pgb_fill_uniform(xb2, n_xs_, 0.5, 1.5, 7);
    pgb_fill_uniform(concs_b, n_conc_, 0.5, 1.5, 8);
    pgb_fill_uniform(cb2, n_conc_, 0.5, 1.5, 8);
    double r = XS_ARGS(xsbench_lookup_b, nuclide_xs_b, concs_b);
    double r2 = XS_ARGS(xsbench_lookup_manual_b, xb2, cb2);
    bad += pgb_compare("manual return vs primal", &r2, &f, 1, PGB_RTOL);
    bad += pgb_compare("return value", &r, &r2, 1, PGB_RTOL);
    bad += pgb_compare("nuclide_xs_b", nuclide_xs_b, xb2, n_xs_, PGB_RTOL);
    bad += pgb_compare("concs_b", concs_b, cb2, n_conc_, PGB_RTOL);
    pgb_free(xb2);
    pgb_free(cb2);
#endif
    return bad;
}
