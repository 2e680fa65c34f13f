/* Checks policy_value_b (generated from layer_outputs.c) against finite
 * differences; e2e.layer_outputs.compilers builds the output with gcc's
 * -Wall -Wextra -Werror at -O2. */
#include "gradcheck.h"

typedef struct {
    int n_in, n_out;
} Layer;

double policy_value(int T, const Layer *val, const double *obs, const double *W);
double policy_value_b(int T, const Layer *val, const double *obs, double *obs_b, const double *W,
                      double *W_b, double policy_value_b_seed);

struct pv {
    int T;
    Layer L;
    double *obs, *W;
};

static double eval_pv(void *p) {
    struct pv *c = p;
    return policy_value(c->T, &c->L, c->obs, c->W);
}

static void check(int T, int n_in) {
    struct pv c = {T, {n_in, 1}, gc_alloc(T * n_in), gc_alloc(n_in)};
    double *obs_b = gc_alloc(T * n_in), *W_b = gc_alloc(n_in);
    double *fd_obs = gc_alloc(T * n_in), *fd_W = gc_alloc(n_in);
    char what[96];
    gc_fill(c.obs, T * n_in, -1.0, 1.0);
    gc_fill(c.W, n_in, -0.5, 0.5);
    gc_zero(obs_b, T * n_in), gc_zero(W_b, n_in);
    double f = eval_pv(&c);
    double r = policy_value_b(T, &c.L, c.obs, obs_b, c.W, W_b, 1.0);
    snprintf(what, sizeof what, "policy_value T=%d n_in=%d", T, n_in);
    gc_check_value(what, r, f, GC_RTOL_EXACT);
    gc_fd_grad(eval_pv, &c, c.W, n_in, fd_W);
    gc_fd_grad(eval_pv, &c, c.obs, T * n_in, fd_obs);
    snprintf(what, sizeof what, "policy_value T=%d: W_b vs finite differences", T);
    gc_compare(what, W_b, fd_W, n_in);
    snprintf(what, sizeof what, "policy_value T=%d: obs_b vs finite differences", T);
    gc_compare(what, obs_b, fd_obs, T * n_in);
    gc_check_nonzero("W_b", W_b, n_in);
    free(c.obs), free(c.W), free(obs_b), free(W_b), free(fd_obs), free(fd_W);
}

int main(void) {
    gc_seed(65);
    check(3, 4);
    check(500, 17);
    return gc_finish();
}
