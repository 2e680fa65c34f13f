/* Checks step_energy_b (generated from particle_fields.c) against central
 * finite differences of e + s.pos_out, wrt every floating field of the
 * particles (their initial values) and of the field struct; the particles
 * after the gradient against the primal's; the integer field untouched. */
#include "gradcheck.h"
#include "particle_fields.h"

double step_energy(int n, particle_t *p, const field_t *F, double dt);
double step_energy_b(int n, particle_t *p, particle_t *p_b, const field_t *F, field_t *F_b,
                     double dt, double step_energy_b_seed);

enum { N = 37, PF = 7, FF = 4 }; /* floating fields of a particle, of the field */
static const double dt = 0.05;

/* the floating fields as one vector: the particles', then the field's */
static void pack(const particle_t *p, const field_t *F, double *v) {
    for (int i = 0; i < N; i++) {
        for (int d = 0; d < 3; d++)
            v[i * PF + d] = p[i].pos[d], v[i * PF + 3 + d] = p[i].vel[d];
        v[i * PF + 6] = p[i].mass;
    }
    for (int d = 0; d < 3; d++)
        v[N * PF + d] = F->g[d];
    v[N * PF + 3] = F->drag;
}
static void unpack(const double *v, particle_t *p, field_t *F) {
    for (int i = 0; i < N; i++) {
        for (int d = 0; d < 3; d++)
            p[i].pos[d] = v[i * PF + d], p[i].vel[d] = v[i * PF + 3 + d];
        p[i].mass = v[i * PF + 6];
        p[i].id = 1000 + i;
    }
    for (int d = 0; d < 3; d++)
        F->g[d] = v[N * PF + d];
    F->drag = v[N * PF + 3];
}

struct ctx {
    double *v, *s; /* inputs; the seeds of the positions after the step */
};

static double eval(void *q) {
    struct ctx *c = q;
    particle_t p[N];
    field_t F;
    unpack(c->v, p, &F);
    double e = step_energy(N, p, &F, dt);
    for (int i = 0; i < N; i++)
        for (int d = 0; d < 3; d++)
            e += c->s[i * 3 + d] * p[i].pos[d];
    return e;
}

int main(void) {
    enum { NV = N * PF + FF };
    gc_seed(3);
    double *v = gc_alloc(NV), *s = gc_alloc(3 * N), *fd = gc_alloc(NV), *g = gc_alloc(NV);
    gc_fill(v, NV, -1.0, 1.0);
    for (int i = 0; i < N; i++)
        v[i * PF + 6] = gc_uniform(0.5, 2.0); /* masses */
    v[N * PF + 3] = 0.3;                      /* drag */
    gc_fill(s, 3 * N, -1.0, 1.0);
    struct ctx c = {v, s};
    gc_fd_grad(eval, &c, v, NV, fd);

    particle_t p[N], pref[N], p_b[N];
    field_t F, F_b;
    unpack(v, p, &F);
    unpack(v, pref, &F);
    double want = step_energy(N, pref, &F, dt);
    double *zeros = gc_alloc(NV);
    unpack(zeros, p_b, &F_b);
    for (int i = 0; i < N; i++)
        for (int d = 0; d < 3; d++)
            p_b[i].pos[d] = s[i * 3 + d];
    double got = step_energy_b(N, p, p_b, &F, &F_b, dt, 1.0);
    gc_check_value("step_energy_b's return vs the primal", got, want, 1e-12);
    double *after = gc_alloc(NV), *ref = gc_alloc(NV);
    pack(p, &F, after);
    pack(pref, &F, ref);
    gc_compare_tol("the particles after step_energy_b vs the primal's", after, ref, N * PF, 1e-13);
    int ids = 1;
    for (int i = 0; i < N; i++)
        ids &= p[i].id == 1000 + i;
    gc_require(ids, "the particles' integer field as the primal leaves it");
    pack(p_b, &F_b, g);
    gc_compare("p_b, F_b vs FD", g, fd, NV);
    gc_check_nonzero("p_b, F_b", g, NV);

    free(v), free(s), free(fd), free(g), free(zeros), free(after), free(ref);
    return gc_finish();
}
