/* expect: 13:26: a pointer field of an element of an array of structs */
/* Segments of different lengths, each a struct with its own array: the
 * arrays are reached through an element of an array of structs, each
 * element's field pointing elsewhere. pargrad follows the pointer fields
 * of a struct parameter only. */
typedef struct { int n; double *u; } seg_t;

double total(const seg_t *segs, int ns) {
    double s = 0.0;
    for (int k = 0; k < ns; k++) {
#pragma pargrad reduce(+ : s)
        for (int i = 0; i < segs[k].n; i++)
            s += segs[k].u[i] * segs[k].u[i];
    }
    return s;
}
#pragma pargrad reverse(total) wrt(segs)
