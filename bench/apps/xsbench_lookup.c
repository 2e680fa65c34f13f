/* Application benchmark xsbench_lookup (BENCH.md applications): the
 * macroscopic cross-section lookup of a Monte Carlo neutron transport code,
 * after XSBench's event-based kernel on the unionized energy grid, summed
 * over the lookups, differentiated wrt the nuclides' cross-section tables
 * and the materials' concentrations (the energies, grids and indices are
 * data).
 *
 * Data (XSBench's layout, with the energies of the nuclide grids apart
 * from their cross sections: only the latter are differentiated):
 *   nuclide_energy[nuc][g]   n_nuclides rows of n_gridpoints increasing
 *                            energies,
 *   nuclide_xs[nuc][g][r]    NXS = 5 reaction channels (total, elastic,
 *                            absorption, fission, nu-fission) per point,
 *   union_energy[u]          the n_nuclides * n_gridpoints energies of all
 *                            nuclides, sorted (the unionized grid),
 *   union_index[u][nuc]      per union point and nuclide, the nuclide's
 *                            grid point at or below it (the index grid),
 *   num_nucs[m], mat_nuclides[m][j], concs[m][j]   per material (of
 *                            n_materials) its nuclides and their
 *                            concentrations (rows of max_nucs),
 *   lookup_energy[i], lookup_mat[i]   the sampled particles,
 *   response[r]              a response function: the tally scores
 *                            sum_r response[r] * Sigma_r per lookup.
 * Per lookup: a binary search of the union grid for the energy, then per
 * nuclide of the material a linear interpolation between the two grid
 * points around it, read through the index grid (indirect, scattered
 * reads), weighted by the concentration into the 5 macroscopic cross
 * sections Sigma_r; the tallies are summed over the lookups (a reduction,
 * XSBench's dynamic schedule).
 *
 * Generated: double xsbench_lookup_b(..., const double *nuclide_xs,
 *     double *nuclide_xs_b, ..., const double concs[n_materials * max_nucs],
 *     double *concs_b, const double *response, double seed);
 * (the adjoints incremented; returns the total.)
 * tests/e2e/xsbench.c is this file (a link), checked against finite differences
 * there. */

#define NXS 5 /* reaction channels per grid point */

/* The union grid point at or below `e` (0 below the grid, n - 2 at or
 * above its last point): bisection, as XSBench's grid_search. */
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

double xsbench_lookup(long n_lookups, const double *lookup_energy, const int *lookup_mat,
                      int n_nuclides, long n_gridpoints, const double *union_energy,
                      const int *union_index, const double *nuclide_energy,
                      const double *nuclide_xs, int n_materials, int max_nucs,
                      const int num_nucs[n_materials],
                      const int mat_nuclides[n_materials * max_nucs],
                      const double concs[n_materials * max_nucs], const double *response) {
    const long n_union = (long)n_nuclides * n_gridpoints;
    double total = 0.0;
#pragma pargrad reduce(+ : total)
#pragma omp parallel for reduction(+ : total) schedule(dynamic, 100)
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
            const double *lo = nuclide_xs + ((long)nuc * n_gridpoints + g) * NXS;
            const double *hi = lo + NXS;
            const double f = (egrid[g + 1] - e) / (egrid[g + 1] - egrid[g]);
            for (int r = 0; r < NXS; r++)
                macro_xs[r] += conc * (hi[r] - f * (hi[r] - lo[r]));
        }
        double score = 0.0;
        for (int r = 0; r < NXS; r++)
            score += response[r] * macro_xs[r];
        total += score;
    }
    return total;
}

#pragma pargrad reverse(xsbench_lookup) wrt(nuclide_xs, concs)
