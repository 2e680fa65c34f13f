/* Checks the gradients of struct_pointers.c (structs holding pointers to
 * arrays) against central finite differences: each function is wrapped as
 * f(n, x), x packing its arrays and scalars; the adjoint structs point to
 * adjoint arrays (Enzyme's shadow convention), unpacked the same way. */
#include "gradcheck.h"

#include "struct_pointers.h"

double diffuse(grid_t *g, double dt, int steps);
double diffuse_b(grid_t *g, grid_t *g_b, double dt, int steps, double seed);
double deposit(grid_t *g, int np, const double *q);
double deposit_b(grid_t *g, grid_t *g_b, int np, const double *q, double *q_b, double seed);
double layer_loss(const struct layer *m, const double *x, double *y);
double layer_loss_b(const struct layer *m, struct layer *m_b, const double *x, double *x_b,
                    double *y, double *y_b, double seed);
double mlp_loss(const dense_t *layers, int nl, double *act);
double mlp_loss_b(const dense_t *layers, dense_t *layers_b, int nl, double *act, double *act_b,
                  double seed);
double mlp3_numbered(const dense_t *layers, double *act);
double mlp3_numbered_b(const dense_t *layers, dense_t *layers_b, double *act, double *act_b,
                       double seed);
double mlp3_pointed(const dense_t *layers, double *act);
double mlp3_pointed_b(const dense_t *layers, dense_t *layers_b, double *act, double *act_b,
                      double seed);
double weighted_norm(weights_t wt, const double *x);
double weighted_norm_b(weights_t wt, weights_t *wt_b, const double *x, double *x_b, double seed);
double internal_energy(const struct state *st);
double internal_energy_b(const struct state *st, struct state *st_b, double seed);

enum { MAXN = 256, STEPS = 3 };
#define DT 0.1

/* diffuse: x = u (m), kappa (m - 1, as 0.5 + 0.25 x), dx (1 + 0.1 x) */
static grid_t grid_of(int n, const double *x, double *u, double *flux, double *kappa) {
    int m = n / 2;
    for (int i = 0; i < m; i++)
        u[i] = x[i], flux[i] = 7.0; /* flux: scratch, overwritten before read */
    for (int i = 0; i < m - 1; i++)
        kappa[i] = 0.5 + 0.25 * x[m + i];
    return (grid_t){m, 1.0 + 0.1 * x[n - 1], u, flux, kappa};
}

static double diffuse_flat(int n, const double *x) {
    double u[MAXN], flux[MAXN], kappa[MAXN];
    grid_t g = grid_of(n, x, u, flux, kappa);
    return diffuse(&g, DT, STEPS);
}

static double diffuse_flat_b(int n, const double *x, double *x_b, double seed) {
    double u[MAXN], flux[MAXN], kappa[MAXN];
    double u_b[MAXN] = {0}, flux_b[MAXN] = {0}, kappa_b[MAXN] = {0};
    grid_t g = grid_of(n, x, u, flux, kappa);
    grid_t g_b = {-5, 0.0, u_b, flux_b, kappa_b};
    double r = diffuse_b(&g, &g_b, DT, STEPS, seed);
    int m = n / 2;
    for (int i = 0; i < m; i++)
        x_b[i] += u_b[i];
    for (int i = 0; i < m - 1; i++)
        x_b[m + i] += 0.25 * kappa_b[i];
    x_b[n - 1] += 0.1 * g_b.dx;
    gc_require(g_b.nx == -5, "diffuse: the integer field of the adjoint untouched");
    gc_require(g_b.u == u_b && g_b.kappa == kappa_b, "diffuse: the adjoint's pointers untouched");
    for (int i = 0; i < m; i++)
        gc_require(flux_b[i] == 0.0, "diffuse: flux_b, the adjoint of scratch overwritten first");
    double u_end[MAXN], flux_end[MAXN], kappa_end[MAXN];
    grid_t g_end = grid_of(n, x, u_end, flux_end, kappa_end);
    diffuse(&g_end, DT, STEPS);
    for (int i = 0; i < m; i++)
        gc_require(u[i] == u_end[i], "diffuse_b: u holds the final state, as after diffuse");
    return r;
}

/* deposit: the grid as for diffuse (u overwritten), the charges x[0..m) */
static double deposit_flat(int n, const double *x) {
    double u[MAXN], flux[MAXN], kappa[MAXN];
    grid_t g = grid_of(n, x, u, flux, kappa);
    return deposit(&g, n / 2, x);
}

static double deposit_flat_b(int n, const double *x, double *x_b, double seed) {
    double u[MAXN], flux[MAXN], kappa[MAXN];
    double u_b[MAXN] = {0}, flux_b[MAXN] = {0}, kappa_b[MAXN] = {0};
    grid_t g = grid_of(n, x, u, flux, kappa);
    grid_t g_b = {0, 0.0, u_b, flux_b, kappa_b};
    int m = n / 2;
    double r = deposit_b(&g, &g_b, m, x, x_b, seed);
    for (int i = 0; i < m; i++)
        x_b[i] += u_b[i];
    for (int i = 0; i < m - 1; i++)
        x_b[m + i] += 0.25 * kappa_b[i];
    x_b[n - 1] += 0.1 * g_b.dx;
    for (int i = 0; i < m; i++)
        gc_require(u_b[i] == 0.0, "deposit: u_b, the adjoint of values overwritten first");
    return r;
}

/* layer_loss: 3 inputs; x = W (3 per output), b (1 per output), the inputs */
enum { NIN = 3 };

static int outputs_of(int n) {
    return (n - NIN) / (NIN + 1);
}

static double layer_flat(int n, const double *x) {
    int no = outputs_of(n);
    double W[MAXN], b[MAXN], y[MAXN];
    for (int i = 0; i < no * NIN; i++)
        W[i] = x[i];
    for (int o = 0; o < no; o++)
        b[o] = x[no * NIN + o];
    struct layer m = {NIN, no, W, b};
    return layer_loss(&m, x + no * (NIN + 1), y);
}

static double layer_flat_b(int n, const double *x, double *x_b, double seed) {
    int no = outputs_of(n);
    double W[MAXN], b[MAXN], y[MAXN], W_b[MAXN] = {0}, b_b[MAXN] = {0}, y_b[MAXN] = {0};
    for (int i = 0; i < no * NIN; i++)
        W[i] = x[i];
    for (int o = 0; o < no; o++)
        b[o] = x[no * NIN + o];
    struct layer m = {NIN, no, W, b}, m_b = {0, 0, W_b, b_b};
    double r = layer_loss_b(&m, &m_b, x + no * (NIN + 1), x_b + no * (NIN + 1), y, y_b, seed);
    for (int i = 0; i < no * NIN; i++)
        x_b[i] += W_b[i];
    for (int o = 0; o < no; o++)
        x_b[no * NIN + o] += b_b[o];
    return r;
}

/* mlp_loss: layers 3 -> 4 -> 4 -> 2; the parameters (W, b of each layer,
 * then the input) are x's first ones, the rest fixed */
enum { NL = 3, MAXW = 4, NPARAM = 12 + 4 + 16 + 4 + 8 + 2 + 3 };
static const int widths[NL + 1] = {3, 4, 4, 2};

static void network_of(int n, const double *x, dense_t *layers, double *w, double *act) {
    double p[NPARAM];
    for (int j = 0; j < NPARAM; j++)
        p[j] = j < n ? x[j] : 0.05 * j - 0.5;
    int at = 0;
    for (int l = 0; l < NL; l++) {
        int ni = widths[l], no = widths[l + 1];
        layers[l] = (dense_t){ni, no, w + at, w + at + ni * no};
        for (int j = 0; j < ni * no + no; j++)
            w[at + j] = p[at + j];
        at += ni * no + no;
    }
    for (int k = 0; k < (NL + 1) * MAXW; k++)
        act[k] = 99.0; /* overwritten, but for row 0 */
    for (int k = 0; k < widths[0]; k++)
        act[k] = p[at + k];
}

/* which of the three functions of the network (mlp_loss, mlp3_numbered,
 * mlp3_pointed) */
static double mlp_call(int which, const dense_t *layers, double *act) {
    return which == 0   ? mlp_loss(layers, NL, act)
           : which == 1 ? mlp3_numbered(layers, act)
                        : mlp3_pointed(layers, act);
}

static double mlp_call_b(int which, const dense_t *layers, dense_t *layers_b, double *act,
                         double *act_b, double seed) {
    return which == 0   ? mlp_loss_b(layers, layers_b, NL, act, act_b, seed)
           : which == 1 ? mlp3_numbered_b(layers, layers_b, act, act_b, seed)
                        : mlp3_pointed_b(layers, layers_b, act, act_b, seed);
}

static double mlp_any(int which, int n, const double *x) {
    dense_t layers[NL];
    double w[NPARAM], act[(NL + 1) * MAXW];
    network_of(n, x, layers, w, act);
    return mlp_call(which, layers, act);
}

static double mlp_any_b(int which, int n, const double *x, double *x_b, double seed) {
    dense_t layers[NL], layers_b[NL];
    double w[NPARAM], act[(NL + 1) * MAXW], w_b[NPARAM] = {0}, act_b[(NL + 1) * MAXW] = {0};
    network_of(n, x, layers, w, act);
    for (int l = 0; l < NL; l++) /* each adjoint layer points into w_b as its layer into w */
        layers_b[l] = (dense_t){-1, -1, w_b + (layers[l].W - w), w_b + (layers[l].b - w)};
    double r = mlp_call_b(which, layers, layers_b, act, act_b, seed);
    int in_at = NPARAM - widths[0];
    for (int j = 0; j < NPARAM && j < n; j++)
        x_b[j] += j < in_at ? w_b[j] : act_b[j - in_at];
    gc_require(layers_b[0].n_in == -1, "mlp_loss: the integer fields of the adjoints untouched");
    return r;
}

static double mlp_flat(int n, const double *x) {
    return mlp_any(0, n, x);
}
static double mlp_flat_b(int n, const double *x, double *x_b, double seed) {
    return mlp_any_b(0, n, x, x_b, seed);
}
static double numbered_flat(int n, const double *x) {
    return mlp_any(1, n, x);
}
static double numbered_flat_b(int n, const double *x, double *x_b, double seed) {
    return mlp_any_b(1, n, x, x_b, seed);
}
static double pointed_flat(int n, const double *x) {
    return mlp_any(2, n, x);
}
static double pointed_flat_b(int n, const double *x, double *x_b, double seed) {
    return mlp_any_b(2, n, x, x_b, seed);
}

/* weighted_norm: x = w (m, as 1 + 0.5 x), x (m), scale */
static double weighted_flat(int n, const double *x) {
    int m = (n - 1) / 2;
    double w[MAXN];
    for (int i = 0; i < m; i++)
        w[i] = 1.0 + 0.5 * x[i];
    weights_t wt = {m, w, x[n - 1]};
    return weighted_norm(wt, x + m);
}

static double weighted_flat_b(int n, const double *x, double *x_b, double seed) {
    int m = (n - 1) / 2;
    double w[MAXN], w_b[MAXN] = {0};
    for (int i = 0; i < m; i++)
        w[i] = 1.0 + 0.5 * x[i];
    weights_t wt = {m, w, x[n - 1]}, wt_b = {0, w_b, 0.0};
    double r = weighted_norm_b(wt, &wt_b, x + m, x_b + m, seed);
    for (int i = 0; i < m; i++)
        x_b[i] += 0.5 * w_b[i];
    x_b[n - 1] += wt_b.scale;
    return r;
}

/* internal_energy: x = rho (m, as 1.5 + x), p (m), gamma (1.4 + 0.1 x) */
static double energy_flat(int n, const double *x) {
    int m = (n - 1) / 2;
    double rho[MAXN], p[MAXN];
    for (int i = 0; i < m; i++)
        rho[i] = 1.5 + x[i], p[i] = x[m + i];
    struct state st = {m, {rho, p}, 1.4 + 0.1 * x[n - 1]};
    return internal_energy(&st);
}

static double energy_flat_b(int n, const double *x, double *x_b, double seed) {
    int m = (n - 1) / 2;
    double rho[MAXN], p[MAXN], rho_b[MAXN] = {0}, p_b[MAXN] = {0};
    for (int i = 0; i < m; i++)
        rho[i] = 1.5 + x[i], p[i] = x[m + i];
    struct state st = {m, {rho, p}, 1.4 + 0.1 * x[n - 1]}, st_b = {0, {rho_b, p_b}, 0.0};
    double r = internal_energy_b(&st, &st_b, seed);
    for (int i = 0; i < m; i++)
        x_b[i] += rho_b[i], x_b[m + i] += p_b[i];
    x_b[n - 1] += 0.1 * st_b.gamma;
    return r;
}

int main(void) {
    static const struct gc_kernel kernels[] = {
        {"diffuse", diffuse_flat, diffuse_flat_b},
        {"deposit", deposit_flat, deposit_flat_b},
        {"layer_loss", layer_flat, layer_flat_b},
        {"mlp_loss", mlp_flat, mlp_flat_b},
        {"mlp3_numbered", numbered_flat, numbered_flat_b},
        {"mlp3_pointed", pointed_flat, pointed_flat_b},
        {"weighted_norm", weighted_flat, weighted_flat_b},
        {"internal_energy", energy_flat, energy_flat_b},
    };
    static const int sizes[] = {7, 11, 23, 53};
    gc_check_kernels(kernels, 8, sizes, 4, 2);
    return gc_finish();
}
