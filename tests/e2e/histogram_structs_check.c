/* Checks the gradients of histogram_structs.c (histograms of declared
 * operators on structs, bins differentiated as input and output) against
 * central finite differences in x and in the bins from before, of the loss
 * L = sum_b w_b . h_b (the bins after), and along a random direction at a
 * size where the threads share bins. */
#include "gradcheck.h"

enum { NB = 7 };

struct pair {
    double p, s;
};
struct cplx {
    double re, im;
};

#define HS_KERNEL(f, T)                                                                            \
    void f(int n, const double *x, T h[NB]);                                                       \
    void f##_b(int n, const double *x, double *x_b, T h[NB], T h_b[NB]);                           \
    static void f##_call(int n, const double *x, double *h, int nb) {                              \
        (void)nb;                                                                                  \
        f(n, x, (T *)h);                                                                           \
    }                                                                                              \
    static void f##_grad(int n, const double *x, double *x_b, double *h, double *h_b, int nb) {    \
        (void)nb;                                                                                  \
        f##_b(n, x, x_b, (T *)h, (T *)h_b);                                                        \
    }

HS_KERNEL(hs_sop, struct pair)
HS_KERNEL(hs_two, struct pair)
HS_KERNEL(hs_cmul, struct cplx)
HS_KERNEL(hs_steps, struct pair)
HS_KERNEL(hs_helper, struct pair)
HS_KERNEL(hs_no_inverse, struct pair)

void hs_keyed(int n, const double *x, const int *key, int nb, struct pair h[nb]);
void hs_keyed_b(int n, const double *x, double *x_b, const int *key, int nb, struct pair h[nb],
                struct pair h_b[nb]);
void hs_writes(int n, const double *x, double *y, struct pair h[NB]);
void hs_writes_b(int n, const double *x, double *x_b, double *y, struct pair h[NB],
                 struct pair h_b[NB]);

static int *keys_; /* hs_keyed's */
static double ys_[64];

static void hs_keyed_call(int n, const double *x, double *h, int nb) {
    hs_keyed(n, x, keys_, nb, (struct pair *)h);
}
static void hs_keyed_grad(int n, const double *x, double *x_b, double *h, double *h_b, int nb) {
    hs_keyed_b(n, x, x_b, keys_, nb, (struct pair *)h, (struct pair *)h_b);
}
static void hs_writes_call(int n, const double *x, double *h, int nb) {
    (void)nb;
    hs_writes(n, x, ys_, (struct pair *)h);
}
static void hs_writes_grad(int n, const double *x, double *x_b, double *h, double *h_b, int nb) {
    (void)nb;
    hs_writes_b(n, x, x_b, ys_, (struct pair *)h, (struct pair *)h_b);
}

typedef void (*call_f)(int n, const double *x, double *h, int nb);
typedef void (*grad_f)(int n, const double *x, double *x_b, double *h, double *h_b, int nb);

/* z = (x, the bins from before as 2 nb doubles); L(z) = w . (the bins after) */
struct ctx {
    call_f f;
    int n, nb;
    double *z, *w, *h;
};

static double loss(void *p) {
    struct ctx *c = p;
    memcpy(c->h, c->z + c->n, sizeof(double) * 2 * (size_t)c->nb);
    c->f(c->n, c->z, c->h, c->nb);
    return gc_dot(c->w, c->h, 2 * c->nb);
}

static void check(const char *name, call_f f, grad_f g, int n, int nb, int by_element) {
    int m = n + 2 * nb;
    double *z = gc_alloc(m), *w = gc_alloc(2 * nb), *h = gc_alloc(2 * nb);
    double *grad = gc_alloc(m), *hb = gc_alloc(2 * nb), *fd = gc_alloc(m);
    gc_fill(z, n, -1.0, 1.0);
    gc_fill(z + n, 2 * nb, -0.5, 0.5);
    gc_fill(w, 2 * nb, -1.0, 1.0);
    struct ctx c = {f, n, nb, z, w, h};
    /* the primal's bins, for the gradient's own */
    double want = loss(&c);
    memcpy(h, z + n, sizeof(double) * 2 * (size_t)nb);
    memcpy(hb, w, sizeof(double) * 2 * (size_t)nb);
    gc_zero(grad, n);
    g(n, z, grad, h, hb, nb);
    memcpy(grad + n, hb, sizeof(double) * 2 * (size_t)nb);
    char what[160];
    snprintf(what, sizeof what, "%s n=%d: the bins after", name, n);
    gc_check_value(what, gc_dot(w, h, 2 * nb), want, 1e-12);
    snprintf(what, sizeof what, "%s n=%d: gradient", name, n);
    if (by_element) {
        gc_fd_grad(loss, &c, z, m, fd);
        gc_compare(what, grad, fd, m);
    } else {
        gc_check_along(what, loss, &c, z, m, grad);
    }
    free(z), free(w), free(h), free(grad), free(hb), free(fd);
}

int main(void) {
    struct {
        const char *name;
        call_f f;
        grad_f g;
    } ks[] = {
        {"hs_sop", hs_sop_call, hs_sop_grad},
        {"hs_two", hs_two_call, hs_two_grad},
        {"hs_cmul", hs_cmul_call, hs_cmul_grad},
        {"hs_steps", hs_steps_call, hs_steps_grad},
        {"hs_helper", hs_helper_call, hs_helper_grad},
        {"hs_no_inverse", hs_no_inverse_call, hs_no_inverse_grad},
        {"hs_writes", hs_writes_call, hs_writes_grad},
    };
    const int sizes[] = {0, 1, 2, 7, 40};
    for (size_t k = 0; k < sizeof ks / sizeof ks[0]; k++)
        for (int s = 0; s < 5; s++)
            check(ks[k].name, ks[k].f, ks[k].g, sizes[s], NB, 1);
    for (size_t k = 0; k < 5; k++) /* threads sharing bins */
        check(ks[k].name, ks[k].f, ks[k].g, 20000, NB, 0);
    /* keys from the data: 5 bins of 3 by element, 300 bins of 40000 */
    enum { N = 40000 };
    keys_ = malloc(N * sizeof(int));
    for (int i = 0; i < N; i++)
        keys_[i] = (int)(gc_next() % 3);
    for (int s = 0; s < 5; s++)
        check("hs_keyed", hs_keyed_call, hs_keyed_grad, sizes[s], 5, 1);
    for (int i = 0; i < N; i++)
        keys_[i] = (int)(gc_next() % 300);
    check("hs_keyed", hs_keyed_call, hs_keyed_grad, N, 300, 0);
    free(keys_);
    return gc_finish();
}
