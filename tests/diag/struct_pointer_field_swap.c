/* expect: 13:34: the struct field 'cur: double *' is not one pargrad can follow here */
/* A double buffer held in a struct and swapped through its fields: the
 * hint's local pointers, swapped instead, work. */
typedef struct {
    int n;
    double *cur, *nxt;
} state_t;
double relax(state_t *st, int steps) {
    for (int s = 0; s < steps; s++) {
#pragma pargrad map
        for (int i = 0; i < st->n; i++)
            st->nxt[i] = 0.5 * st->cur[i] * st->cur[i];
        double *t = st->cur; st->cur = st->nxt; st->nxt = t;
    }
    double r = 0.0;
#pragma pargrad reduce(+ : r)
    for (int i = 0; i < st->n; i++)
        r += st->cur[i];
    return r;
}
#pragma pargrad reverse(relax) wrt(st) out(return, st)
