/* Checks field_step_b and pair_energy_b (generated from row_views.c)
 * against central finite differences; the outputs after the gradients
 * against the primal's. */
#include "gradcheck.h"

enum { NX = 5, NY = 4, NZ = 6, NU = NX * NY * NZ, NW = 1 + NY * NZ, NP = 9 };

double field_step(int nx, int ny, int nz, const double *ubuf, double *vbuf, const double *w);
double field_step_b(int nx, int ny, int nz, const double *ubuf, double *ubuf_b, double *vbuf,
                    double *vbuf_b, const double *w, double *w_b, double field_step_b_seed);
double pair_energy(int n, const double *pos, double *force);
double pair_energy_b(int n, const double *pos, double *pos_b, double *force, double *force_b,
                     double pair_energy_b_seed);

void row_ends(int n, int m, const double a[n][m], double *y);
void row_ends_b(int n, int m, const double a[n][m], double a_b[n][m], double *y, double *y_b);

double block_norms(int n, int m, const double *buf);
double block_norms_b(int n, int m, const double *buf, double *buf_b, double block_norms_b_seed);

double pair_table(int n, int m, const double *x);
double pair_table_b(int n, int m, const double *x, double *x_b, double pair_table_b_seed);

struct field {
    double *u, *v, *w, *s;
};

static double eval_field(void *p) {
    struct field *c = p;
    gc_zero(c->v, NU);
    double r = field_step(NX, NY, NZ, c->u, c->v, c->w);
    return 0.7 * r + gc_dot(c->s, c->v, NU);
}

static void check_field(void) {
    double *u = gc_alloc(NU), *v = gc_alloc(NU), *w = gc_alloc(NW), *s = gc_alloc(NU);
    double *u_b = gc_alloc(NU), *v_b = gc_alloc(NU), *w_b = gc_alloc(NW);
    double *fdu = gc_alloc(NU), *fdw = gc_alloc(NW), *vref = gc_alloc(NU);
    gc_fill(u, NU, -1.0, 1.0);
    gc_fill(w, NW, -1.0, 1.0);
    gc_fill(s, NU, -1.0, 1.0);
    struct field c = {u, v, w, s};
    gc_fd_grad(eval_field, &c, u, NU, fdu);
    gc_fd_grad(eval_field, &c, w, NW, fdw);
    gc_zero(vref, NU);
    double r = field_step(NX, NY, NZ, u, vref, w);
    gc_zero(v, NU);
    gc_zero(u_b, NU);
    gc_zero(w_b, NW);
    memcpy(v_b, s, sizeof(double) * NU);
    double r_b = field_step_b(NX, NY, NZ, u, u_b, v, v_b, w, w_b, 0.7);
    gc_check_value("field_step_b's value vs the primal's", r_b, r, 1e-13);
    gc_compare_tol("v after field_step_b vs primal", v, vref, NU, 1e-13);
    gc_compare("ubuf_b vs FD", u_b, fdu, NU);
    gc_compare("w_b vs FD", w_b, fdw, NW);
    gc_check_nonzero("w_b", w_b, NW);
    free(u), free(v), free(w), free(s), free(u_b), free(v_b), free(w_b);
    free(fdu), free(fdw), free(vref);
}

struct pairs {
    double *pos, *force, *t;
};

static double eval_pairs(void *p) {
    struct pairs *c = p;
    double e = pair_energy(NP, c->pos, c->force);
    return 1.3 * e + gc_dot(c->t, c->force, 3 * NP);
}

static void check_pairs(void) {
    double *pos = gc_alloc(3 * NP), *force = gc_alloc(3 * NP), *t = gc_alloc(3 * NP);
    double *pos_b = gc_alloc(3 * NP), *force_b = gc_alloc(3 * NP), *fd = gc_alloc(3 * NP);
    double *fref = gc_alloc(3 * NP);
    gc_fill(pos, 3 * NP, -1.5, 1.5);
    gc_fill(t, 3 * NP, -1.0, 1.0);
    struct pairs c = {pos, force, t};
    gc_fd_grad(eval_pairs, &c, pos, 3 * NP, fd);
    double e = pair_energy(NP, pos, fref);
    gc_zero(force, 3 * NP);
    gc_zero(pos_b, 3 * NP);
    memcpy(force_b, t, sizeof(double) * 3 * NP);
    double e_b = pair_energy_b(NP, pos, pos_b, force, force_b, 1.3);
    gc_check_value("pair_energy_b's value vs the primal's", e_b, e, 1e-13);
    gc_compare_tol("force after pair_energy_b vs primal", force, fref, 3 * NP, 1e-13);
    gc_compare("pos_b vs FD", pos_b, fd, 3 * NP);
    gc_check_nonzero("pos_b", pos_b, 3 * NP);
    free(pos), free(force), free(t), free(pos_b), free(force_b), free(fd), free(fref);
}

struct ends {
    double *a, *y, *s;
};

static double eval_ends(void *p) {
    struct ends *c = p;
    row_ends(NX, NZ, (const double(*)[NZ])c->a, c->y);
    return gc_dot(c->s, c->y, NX);
}

static void check_ends(void) {
    double *a = gc_alloc(NX * NZ), *y = gc_alloc(NX), *s = gc_alloc(NX);
    double *a_b = gc_alloc(NX * NZ), *y_b = gc_alloc(NX), *fd = gc_alloc(NX * NZ);
    gc_fill(a, NX * NZ, -1.0, 1.0);
    gc_fill(s, NX, -1.0, 1.0);
    struct ends c = {a, y, s};
    gc_fd_grad(eval_ends, &c, a, NX * NZ, fd);
    gc_zero(a_b, NX * NZ);
    memcpy(y_b, s, sizeof(double) * NX);
    row_ends_b(NX, NZ, (const double(*)[NZ])a, (double(*)[NZ])a_b, y, y_b);
    gc_compare("a_b vs FD", a_b, fd, NX * NZ);
    gc_check_nonzero("a_b", a_b, NX * NZ);
    free(a), free(y), free(s), free(a_b), free(y_b), free(fd);
}

void causal_rows(int t, const double *x, double *P);
void causal_rows_b(int t, const double *x, double *x_b, double *P, double *P_b);

struct causal {
    double *x, *P, *s;
};

static double eval_causal(void *p) {
    struct causal *c = p;
    causal_rows(NZ, c->x, c->P);
    return gc_dot(c->s, c->P, NZ * NZ);
}

static void check_causal(void) {
    double *x = gc_alloc(NZ * NZ), *P = gc_alloc(NZ * NZ), *s = gc_alloc(NZ * NZ);
    double *x_b = gc_alloc(NZ * NZ), *P_b = gc_alloc(NZ * NZ), *fd = gc_alloc(NZ * NZ);
    double *Pref = gc_alloc(NZ * NZ);
    gc_fill(x, NZ * NZ, -1.0, 1.0);
    gc_fill(s, NZ * NZ, -1.0, 1.0);
    struct causal c = {x, P, s};
    gc_fd_grad(eval_causal, &c, x, NZ * NZ, fd);
    causal_rows(NZ, x, Pref);
    gc_zero(P, NZ * NZ);
    gc_zero(x_b, NZ * NZ);
    memcpy(P_b, s, sizeof(double) * NZ * NZ);
    causal_rows_b(NZ, x, x_b, P, P_b);
    gc_compare_tol("P after causal_rows_b vs primal", P, Pref, NZ * NZ, 1e-13);
    gc_compare("x_b vs FD (causal_rows)", x_b, fd, NZ * NZ);
    gc_check_zero("P_b on exit (consumed)", P_b, NZ * NZ);
    free(x), free(P), free(s), free(x_b), free(P_b), free(fd), free(Pref);
}

/* a function of an n x m flat buffer to a number, and its gradient */
struct scalar {
    const char *name;
    double (*f)(int n, int m, const double *x);
    double (*f_b)(int n, int m, const double *x, double *x_b, double seed);
    double *x;
};

static double eval_scalar(void *p) {
    struct scalar *c = p;
    return c->f(NX, NZ, c->x);
}

static void check_scalar(struct scalar c) {
    double *x_b = gc_alloc(NX * NZ), *fd = gc_alloc(NX * NZ);
    c.x = gc_alloc(NX * NZ);
    gc_fill(c.x, NX * NZ, -1.0, 1.0);
    gc_fd_grad(eval_scalar, &c, c.x, NX * NZ, fd);
    gc_zero(x_b, NX * NZ);
    double r = c.f_b(NX, NZ, c.x, x_b, 1.0);
    gc_check_value(c.name, r, c.f(NX, NZ, c.x), 1e-13);
    gc_compare(c.name, x_b, fd, NX * NZ);
    gc_check_nonzero(c.name, x_b, NX * NZ);
    free(c.x), free(x_b), free(fd);
}

int main(void) {
    gc_seed(73);
    check_field();
    check_pairs();
    check_ends();
    check_causal();
    check_scalar(
        (struct scalar){"block_norms (a helper's rows)", block_norms, block_norms_b, NULL});
    check_scalar(
        (struct scalar){"pair_table (temporaries of rows)", pair_table, pair_table_b, NULL});
    return gc_finish();
}
