/* expect: 12:16: 'w.u' is an array or pointer field of a struct */
/* A local copy of a struct parameter holding a pointer: pargrad splits a
 * local struct into its scalar fields, so the copy's pointer is not
 * followed; the parameter's own field is (v->u[i]). */
typedef struct { int n; double *u; } vec_t;

double norm2(const vec_t *v) {
    vec_t w = *v;
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < w.n; i++)
        s += w.u[i] * w.u[i];
    return s;
}
#pragma pargrad reverse(norm2) wrt(v)
