/* expect: 17:35: a pointer into the middle of the array 'layers[i].W' points to */
/* A dense layer's row view into the weights an array of layer structs
 * points to: pargrad follows each element's array whole. Followed, the
 * hint (the offset in the subscript: L->W[wo + i]) translates. */
#include <math.h>

typedef struct {
    int n_in, n_out;
    const double *W;
} Dense;

double layer_sum(int nl, const Dense *layers, const double *x) {
    double s = 0.0;
    for (int l = 0; l < nl; l++) {
        const Dense *L = &layers[l];
        for (int o = 0; o < L->n_out; o++) {
            const double *w_row = L->W + o * L->n_in;
            double a = 0.0;
            for (int i = 0; i < L->n_in; i++)
                a += w_row[i] * x[i];
            s += tanh(a);
        }
    }
    return s;
}

#pragma pargrad reverse(layer_sum) wrt(layers, x)
