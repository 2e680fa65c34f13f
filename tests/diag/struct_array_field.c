/* expect: 15:9: a struct holding the array 'v' assigned from a call or a literal */
/* A struct holding an array assigned from a compound literal: pargrad
 * copies structs field by field and their arrays element by element
 * between places it knows (p[i], a local), but does not follow the arrays
 * of a literal or a call's result, so the copy is refused, not done
 * without the array. */
typedef struct {
    double v[3];
    double w;
} cell;

double weigh(int n, cell *c, const double *x) {
    double s = 0.0;
    for (int i = 0; i < n; i++) {
        c[i] = (cell){{x[i], 2.0 * x[i], 3.0}, x[i]};
        s += c[i].v[1] * c[i].w;
    }
    return s;
}

#pragma pargrad reverse(weigh) wrt(x)
