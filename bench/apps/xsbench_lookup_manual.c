/* Hand-written gradient of xsbench_lookup (xsbench_lookup.c). The total is
 * linear in the cross sections and in the concentrations, so one pass over
 * the lookups does the primal and the adjoint together: per lookup the
 * binary search and, per nuclide of its material, the interpolation with
 * its weights f and 1 - f, then with w_r = seed * response[r]
 *     xs_b[lo][r] += w_r conc f,  xs_b[hi][r] += w_r conc (1 - f),
 *     concs_b[m][j] += sum_r w_r xs_r (the interpolated micro xs).
 * The updates of xs_b are scattered and collide across lookups: each thread
 * but the first adds into its own zeroed copy of xs_b (calloc'ed, pages
 * first touched by the thread that uses them), the first into xs_b itself,
 * and a parallel loop adds the copies into xs_b (with one thread, no copy:
 * the same work as the primal plus the updates). concs_b (materials x
 * max_nucs) has a per-thread copy on the stack, added under a critical
 * section at the end. No atomics. */
#include <stdlib.h>

#include <omp.h>

#define NXS 5

static long grid_search(long n, double e, const double *grid) {
    long lo = 0, hi = n - 1;
    while (hi - lo > 1) {
        long mid = lo + (hi - lo) / 2;
        if (grid[mid] > e)
            hi = mid;
        else
            lo = mid;
    }
    return lo;
}

double xsbench_lookup_manual_b(long n_lookups, const double *lookup_energy, const int *lookup_mat,
                               int n_nuclides, long n_gridpoints, const double *union_energy,
                               const int *union_index, const double *nuclide_energy,
                               const double *nuclide_xs, double *nuclide_xs_b, int n_materials,
                               int max_nucs, const int *num_nucs, const int *mat_nuclides,
                               const double *concs, double *concs_b, const double *response,
                               double seed) {
    const long n_union = (long)n_nuclides * n_gridpoints;
    const long n_xs = n_union * NXS;
    const int n_conc = n_materials * max_nucs;
    const int nt = omp_get_max_threads();
    double **copies = malloc(sizeof(double *) * (size_t)nt);
    double w[NXS];
    for (int r = 0; r < NXS; r++)
        w[r] = seed * response[r];
    int used = 1;
    double total = 0.0;
#pragma omp parallel reduction(+ : total)
    {
        const int t = omp_get_thread_num();
#pragma omp single
        used = omp_get_num_threads();
        double *xs_b = nuclide_xs_b;
        if (t > 0) {
            xs_b = calloc((size_t)n_xs, sizeof(double));
            if (!xs_b)
                abort();
        }
        copies[t] = xs_b;
        double cb[n_conc > 0 ? n_conc : 1];
        for (int q = 0; q < n_conc; q++)
            cb[q] = 0.0;
#pragma omp for schedule(dynamic, 100)
        for (long i = 0; i < n_lookups; i++) {
            const double e = lookup_energy[i];
            const int mat = lookup_mat[i];
            const long u = grid_search(n_union, e, union_energy);
            const int *idx = union_index + u * n_nuclides;
            double macro_xs[NXS] = {0.0, 0.0, 0.0, 0.0, 0.0};
            for (int j = 0; j < num_nucs[mat]; j++) {
                const int nuc = mat_nuclides[mat * max_nucs + j];
                const double conc = concs[mat * max_nucs + j];
                long g = idx[nuc];
                if (g == n_gridpoints - 1)
                    g--;
                const double *egrid = nuclide_energy + (long)nuc * n_gridpoints;
                const long p = ((long)nuc * n_gridpoints + g) * NXS;
                const double *lo = nuclide_xs + p;
                const double *hi = lo + NXS;
                double *lo_b = xs_b + p;
                double *hi_b = lo_b + NXS;
                const double f = (egrid[g + 1] - e) / (egrid[g + 1] - egrid[g]);
                const double cf = conc * f, cg = conc - cf;
                double s = 0.0;
                for (int r = 0; r < NXS; r++) {
                    const double xs = hi[r] - f * (hi[r] - lo[r]);
                    macro_xs[r] += conc * xs;
                    s += w[r] * xs;
                    lo_b[r] += w[r] * cf;
                    hi_b[r] += w[r] * cg;
                }
                cb[mat * max_nucs + j] += s;
            }
            double score = 0.0;
            for (int r = 0; r < NXS; r++)
                score += response[r] * macro_xs[r];
            total += score;
        }
#pragma omp critical(xsbench_concs_b)
        for (int q = 0; q < n_conc; q++)
            concs_b[q] += cb[q];
        /* the barrier after the loop: every copy is complete */
        if (used > 1) {
#pragma omp for schedule(static)
            for (long q = 0; q < n_xs; q++) {
                double s = nuclide_xs_b[q];
                for (int c = 1; c < used; c++)
                    s += copies[c][q];
                nuclide_xs_b[q] = s;
            }
            if (t > 0)
                free(xs_b);
        }
    }
    free(copies);
    return total;
}
