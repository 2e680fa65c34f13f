/* Checks the gradient of nbody_structs.c against central finite
 * differences (pos and vel are overwritten: each evaluation starts from
 * copies), for 1, 5 and 16 bodies, and the final positions it leaves. */
#include "gradcheck.h"

typedef struct {
    double x, y, z;
} vec3;

enum { STEPS = 4 };

double nbody_structs(int n, int nsteps, double dt, vec3 *pos, vec3 *vel, const double *mass);
double nbody_structs_b(int n, int nsteps, double dt, double *dt_b, vec3 *pos, vec3 *pos_b,
                       vec3 *vel, vec3 *vel_b, const double *mass, double *mass_b, double seed);

struct ctx {
    int n;
    double dt;
    vec3 *p0, *v0, *p, *v;
    double *m;
};

static double eval(void *q) {
    struct ctx *c = q;
    memcpy(c->p, c->p0, sizeof(vec3) * (size_t)c->n);
    memcpy(c->v, c->v0, sizeof(vec3) * (size_t)c->n);
    return nbody_structs(c->n, STEPS, c->dt, c->p, c->v, c->m);
}

static vec3 *vecs(int n) {
    return (vec3 *)gc_alloc(3 * n);
}

static void check(int n) {
    char what[80];
    struct ctx c = {n, 0.01, vecs(n), vecs(n), vecs(n), vecs(n), gc_alloc(n)};
    gc_fill((double *)c.p0, 3 * n, -1.0, 1.0);
    gc_fill((double *)c.v0, 3 * n, -0.3, 0.3);
    gc_fill(c.m, n, 0.5, 1.5);
    vec3 *pb = vecs(n), *vb = vecs(n), *pfin = vecs(n);
    double *mb = gc_alloc(n), *fd = gc_alloc(3 * n), dtb = 0.0, fdt;
    double f = eval(&c);
    memcpy(pfin, c.p, sizeof(vec3) * (size_t)n);
    memcpy(c.p, c.p0, sizeof(vec3) * (size_t)n);
    memcpy(c.v, c.v0, sizeof(vec3) * (size_t)n);
    double r = nbody_structs_b(n, STEPS, c.dt, &dtb, c.p, pb, c.v, vb, c.m, mb, 1.0);
    snprintf(what, sizeof what, "n=%d: value", n);
    gc_check_value(what, r, f, GC_RTOL_EXACT);
    snprintf(what, sizeof what, "n=%d: final positions", n);
    gc_compare_tol(what, (double *)c.p, (double *)pfin, 3 * n, GC_RTOL_EXACT);
    gc_fd_grad(eval, &c, (double *)c.p0, 3 * n, fd);
    snprintf(what, sizeof what, "n=%d: pos_b", n);
    gc_compare(what, (double *)pb, fd, 3 * n);
    gc_fd_grad(eval, &c, (double *)c.v0, 3 * n, fd);
    snprintf(what, sizeof what, "n=%d: vel_b", n);
    gc_compare(what, (double *)vb, fd, 3 * n);
    gc_fd_grad(eval, &c, c.m, n, fd);
    snprintf(what, sizeof what, "n=%d: mass_b", n);
    gc_compare(what, mb, fd, n);
    gc_fd_grad(eval, &c, &c.dt, 1, &fdt);
    snprintf(what, sizeof what, "n=%d: dt_b", n);
    gc_compare(what, &dtb, &fdt, 1);
    if (n > 1)
        gc_check_nonzero("pos_b", (double *)pb, 3 * n);
    free(c.p0), free(c.v0), free(c.p), free(c.v), free(c.m);
    free(pb), free(vb), free(pfin), free(mb), free(fd);
}

int main(void) {
    gc_seed(13);
    check(1);
    check(5);
    check(16);
    return gc_finish();
}
