/* expect: 12:19: 'c[i].v' is an array or pointer field of a struct */
/* A struct with an array field, indexed: pargrad splits structs into
 * scalar fields only. */
typedef struct {
    double v[3];
    double w;
} cell;

double weigh(int n, const cell *c) {
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += c[i].v[1] * c[i].w;
    return s;
}

#pragma pargrad reverse(weigh) wrt(c)
