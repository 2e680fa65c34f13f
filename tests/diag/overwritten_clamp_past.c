/* expect: 11:34: this subscript may reach past the elements the others reach */
/* A neighbour chosen by ?: that may lie past every element the other
 * accesses reach (u[n], a ghost cell): the adjoint of u's input values
 * needs u's length, which nothing here tells. Followed, the hint (u in
 * out(...) too) translates. */
#include <math.h>
double relax(int n, int steps, double *u, double *v) {
    for (int s = 0; s < steps; s++) {
#pragma pargrad map
        for (int i = 0; i < n; i++)
            v[i] = 0.5 * (u[i] + u[i == 0 ? n : i - 1]);
#pragma pargrad map
        for (int i = 0; i < n; i++)
            u[i] = tanh(v[i]);
    }
    double e = 0.0;
#pragma pargrad reduce(+ : e)
    for (int i = 0; i < n; i++)
        e += u[i] * u[i];
    return e;
}

#pragma pargrad reverse(relax) wrt(u)
