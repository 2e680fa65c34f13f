/* expect: 13:9: a copy of a whole struct holding the array 'v' */
/* A struct with an array field copied whole: pargrad follows the array
 * field's elements (c[i].v[k]) but copies structs field by field, so the
 * copy is refused rather than done without the array. */
typedef struct {
    double v[3];
    double w;
} cell;

double weigh(int n, cell *c) {
    double s = 0.0;
    for (int i = 1; i < n; i++) {
        c[i] = c[i - 1];
        s += c[i].v[1] * c[i].w;
    }
    return s;
}

#pragma pargrad reverse(weigh) wrt(c)
