/* Structs that hold the arrays, as HPC codes pass their state around: a
 * grid whose fields point to its state, fluxes and coefficients (bounds
 * read from the struct, a time loop updating the state in place, a histogram into it), a
 * model whose weights a local pointer views, a network as an array of
 * layer structs, a struct of weights passed
 * by value, and a nested struct of pointers. */
#include <math.h>

#include "struct_pointers.h"

/* explicit diffusion, the state in place; the energy at the end */
double diffuse(grid_t *g, double dt, int steps) {
    for (int s = 0; s < steps; s++) {
#pragma pargrad map
        for (int i = 0; i < g->nx - 1; i++)
            g->flux[i] = g->kappa[i] * (g->u[i + 1] - g->u[i]) / g->dx;
#pragma pargrad map
        for (int i = 1; i < g->nx - 1; i++)
            g->u[i] += dt * (g->flux[i] - g->flux[i - 1]) / g->dx;
    }
    double e = 0.0;
#pragma pargrad reduce(+ : e)
    for (int i = 0; i < g->nx; i++)
        e += g->u[i] * g->u[i];
    return e;
}
#pragma pargrad reverse(diffuse) wrt(g) out(return, g)

/* charges deposited into the grid's cells, a histogram into the state */
double deposit(grid_t *g, int np, const double *q) {
    for (int i = 0; i < g->nx; i++)
        g->u[i] = 0.0;
#pragma pargrad histogram(+ : g->u)
    for (int p = 0; p < np; p++) {
        int c = (p * 7 + 3) % g->nx;
        g->u[c] += q[p] * q[p];
    }
    double e = 0.0;
#pragma pargrad reduce(+ : e)
    for (int i = 0; i < g->nx - 1; i++)
        e += g->kappa[i] * g->u[i] * g->u[i + 1];
    return e;
}
#pragma pargrad reverse(deposit) wrt(g, q) out(return, g)

/* a dense tanh layer and a squared loss; y is the caller's scratch */
double layer_loss(const struct layer *m, const double *x, double *y) {
    const double *W = m->W;
    double loss = 0.0;
#pragma pargrad map
    for (int o = 0; o < m->n_out; o++) {
        double a = m->b[o];
        const double *row = W + o * m->n_in;
        for (int k = 0; k < m->n_in; k++)
            a += row[k] * x[k];
        y[o] = tanh(a);
    }
#pragma pargrad reduce(+ : loss)
    for (int o = 0; o < m->n_out; o++)
        loss += (y[o] - 0.25) * (y[o] - 0.25);
    return 0.5 * loss;
}
#pragma pargrad reverse(layer_loss) wrt(m, x, y) out(return, y)

/* a stack of tanh layers, an array of layer structs whose fields point
 * to each layer's weights; act holds the input (row 0) and each layer's
 * output, rows of MAXW */
enum { MAXW = 4 };

double mlp_loss(const dense_t *layers, int nl, double *act) {
    for (int l = 0; l < nl; l++) {
        const double *in = act + l * MAXW;
        double *out = act + (l + 1) * MAXW;
        const double *W = layers[l].W; /* this layer's weights */
#pragma pargrad map
        for (int o = 0; o < layers[l].n_out; o++) {
            double a = layers[l].b[o];
            for (int k = 0; k < layers[l].n_in; k++)
                a += W[o * layers[l].n_in + k] * in[k];
            out[o] = tanh(a);
        }
    }
    double loss = 0.0;
#pragma pargrad reduce(+ : loss)
    for (int o = 0; o < layers[nl - 1].n_out; o++)
        loss += (act[nl * MAXW + o] - 0.5) * (act[nl * MAXW + o] - 0.5);
    return loss;
}
#pragma pargrad reverse(mlp_loss) wrt(layers, act) out(return, act)

/* mlp_loss's network of three layers through helpers, as ML code calls
 * them: given the array and a layer's number (0, 1, 2: once inlined,
 * layers[0].W was taken for layers->W, and layers[1].W then rejected as
 * the other form of one field), or a pointer to the layer (&layers[0],
 * layers + 2) */
static void dense_layer(const dense_t *layers, int l, const double *in, double *out) {
#pragma pargrad map
    for (int o = 0; o < layers[l].n_out; o++) {
        double a = layers[l].b[o];
        for (int k = 0; k < layers[l].n_in; k++)
            a += layers[l].W[o * layers[l].n_in + k] * in[k];
        out[o] = tanh(a);
    }
}

static void dense_at(const dense_t *L, const double *in, double *out) {
#pragma pargrad map
    for (int o = 0; o < L->n_out; o++) {
        double a = L->b[o];
        for (int k = 0; k < L->n_in; k++)
            a += L->W[o * L->n_in + k] * in[k];
        out[o] = tanh(a);
    }
}

static double output_loss(const dense_t *last, const double *y) {
    double loss = 0.0;
#pragma pargrad reduce(+ : loss)
    for (int o = 0; o < last->n_out; o++)
        loss += (y[o] - 0.5) * (y[o] - 0.5);
    return loss;
}

double mlp3_numbered(const dense_t *layers, double *act) {
    dense_layer(layers, 0, act, act + MAXW);
    dense_layer(layers, 1, act + MAXW, act + 2 * MAXW);
    dense_layer(layers, 2, act + 2 * MAXW, act + 3 * MAXW);
    return output_loss(&layers[2], act + 3 * MAXW);
}
#pragma pargrad reverse(mlp3_numbered) wrt(layers, act) out(return, act)

double mlp3_pointed(const dense_t *layers, double *act) {
    dense_at(&layers[0], act, act + MAXW);
    dense_at(&layers[1], act + MAXW, act + 2 * MAXW);
    dense_at(layers + 2, act + 2 * MAXW, act + 3 * MAXW);
    return output_loss(layers + 2, act + 3 * MAXW);
}
#pragma pargrad reverse(mlp3_pointed) wrt(layers, act) out(return, act)

/* a struct of weights by value */
double weighted_norm(weights_t wt, const double *x) {
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < wt.n; i++)
        s += wt.w[i] * x[i] * x[i];
    return wt.scale * sqrt(s);
}
#pragma pargrad reverse(weighted_norm) wrt(wt, x)

/* pointers in a nested struct */
double internal_energy(const struct state *st) {
    double e = 0.0;
#pragma pargrad reduce(+ : e)
    for (int i = 0; i < st->n; i++)
        e += st->f.p[i] / ((st->gamma - 1.0) * st->f.rho[i]);
    return e;
}
#pragma pargrad reverse(internal_energy) wrt(st)
