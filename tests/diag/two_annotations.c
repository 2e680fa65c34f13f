/* expect: 13:34: a second annotation, 'reduce(+ : e)': pargrad takes one annotation per loop */
/* Pair energy and forces in one loop, as MD codes write it: a histogram
 * of the forces (Newton's third law) and a sum of the energy under one
 * pragma. One annotation per loop; the hint names both, and followed
 * (the loop split in two, each computing d) it is accepted (it once said
 * "remove the extra text", and the loop without the reduce then reported
 * 'e' with a hint to use reduce: the two hints went round in a circle). */
double pair_ef(int n, const double *x, const int *nb, double *f) {
    int i;
    double e = 0.0, d;
    for (i = 0; i < n; i++)
        f[i] = 0.0;
#pragma pargrad histogram(+ : f) reduce(+ : e)
    for (i = 0; i < n; i++) {
        d = x[nb[i]] - x[i];
        e += d * d;
        f[i] += 2.0 * d;
        f[nb[i]] -= 2.0 * d;
    }
    return e;
}
#pragma pargrad reverse(pair_ef) wrt(x) out(f, return)
