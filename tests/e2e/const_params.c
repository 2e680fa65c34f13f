/* Parameters built once and passed by address to a helper inside
 * parallel loops, as ML and physics code does: a const struct, a struct
 * that is not const but goes to a `const cfg_t *`, a const scalar. The
 * helper only reads through them, so the loops read the values set
 * before them (these were taken for variables each iteration assigns). */
#include <math.h>

typedef struct {
    double scale, shift, curve;
} cfg_t;

static double act(double v, const cfg_t *c) {
    return c->scale * tanh(v + c->shift) + c->curve * v * v;
}

static double weigh(double v, const double *w) {
    return w[0] * v * v;
}

/* a loss over a batch, its parameters in a const struct */
double batch_loss(int n, const double *x, double scale, double shift) {
    const cfg_t c = {scale, shift, 0.05};
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += act(x[i], &c) * act(x[i], &c);
    return s;
}

/* a layer's outputs through a map, the struct not const */
void layer(int n, const double *x, double *y, double scale, double curve) {
    cfg_t cfg;
    cfg.scale = scale;
    cfg.shift = -0.25;
    cfg.curve = curve;
#pragma pargrad map
    for (int i = 0; i < n; i++)
        y[i] = act(x[i], &cfg);
}

/* a weight read through a pointer to a const scalar */
double weighted(int n, const double *x, double a) {
    const double w = a * a;
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += weigh(x[i], &w);
    return s;
}

#pragma pargrad reverse(batch_loss) wrt(x, scale, shift)
#pragma pargrad reverse(layer) wrt(x, scale, curve) out(y)
#pragma pargrad reverse(weighted) wrt(x, a)
