/* expect: 10:17: the pointer field 'u' is used both of the struct the parameter points to */
/* The first segment's array read as segs->u, the others' through a helper
 * given &segs[k]: two buffers would hold one array. The hint's form,
 * segs[0].u[0], makes every use a row of one table. */
typedef struct { int n; double *u; } seg_t;

static double seg_sum(const seg_t *s) {
    double t = 0.0;
    for (int i = 0; i < s->n; i++)
        t += s->u[i] * s->u[i];
    return t;
}

double total(const seg_t *segs, int ns) {
    double s = segs->u[0];
    for (int k = 1; k < ns; k++)
        s += seg_sum(&segs[k]);
    return s;
}
#pragma pargrad reverse(total) wrt(segs)
