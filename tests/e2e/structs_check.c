/* Checks the gradients of structs.c against central finite differences:
 * each kernel is wrapped as f(n, x) over the floating fields of its struct
 * arguments, packed into x in declaration order, so that gradcheck.h's
 * kernel check applies; the struct adjoints are unpacked the same way. */
#include "gradcheck.h"

#include "structs_common.h"

double coulomb(int n, const atom *atoms, const struct params *prm, affine_t tr);
double coulomb_b(int n, const atom *atoms, atom *atoms_b, const struct params *prm,
                 struct params *prm_b, affine_t tr, affine_t *tr_b, double seed);
double advance(int n, atom *p, const struct params *prm, double dt);
double advance_b(int n, atom *p, atom *p_b, const struct params *prm, struct params *prm_b,
                 double dt, double *dt_b, double seed);
double spread(int n, const vec3 *pts);
double spread_b(int n, const vec3 *pts, vec3 *pts_b, double seed);

enum { ATOM_FIELDS = 7 };

/* x holds m atoms (7 doubles each), then the parameters. */
static int atoms_of(int n) {
    return n >= 2 * ATOM_FIELDS + 5 ? (n - 5) / ATOM_FIELDS : 1;
}

static void pack_atoms(atom *a, int m, const double *x) {
    for (int i = 0; i < m; i++) {
        const double *v = x + ATOM_FIELDS * i;
        a[i] = (atom){{v[0], v[1], v[2]}, {v[3], v[4], v[5]}, v[6], i % 3 == 1 ? -1 : i};
    }
}

static void unpack_atoms(const atom *a, int m, double *x) {
    for (int i = 0; i < m; i++) {
        double *v = x + ATOM_FIELDS * i;
        v[0] += a[i].pos.x, v[1] += a[i].pos.y, v[2] += a[i].pos.z;
        v[3] += a[i].vel.x, v[4] += a[i].vel.y, v[5] += a[i].vel.z;
        v[6] += a[i].q;
    }
}

/* The trailing parameters, kept in ranges where the energies are smooth. */
static const double *tail(int n, const double *x) {
    return x + n - 5;
}

static double coulomb_flat(int n, const double *x) {
    int m = atoms_of(n);
    atom a[64];
    pack_atoms(a, m, x);
    const double *t = tail(n, x);
    struct params prm = {1.0 + 0.2 * t[0], 2.0 + t[1], 3};
    affine_t tr = {1.5 + t[2], t[3]};
    return coulomb(m, a, &prm, tr);
}

static double coulomb_flat_b(int n, const double *x, double *x_b, double seed) {
    int m = atoms_of(n);
    atom a[64], a_b[64];
    memset(a_b, 0, sizeof a_b);
    pack_atoms(a, m, x);
    const double *t = tail(n, x);
    struct params prm = {1.0 + 0.2 * t[0], 2.0 + t[1], 3}, prm_b = {0, 0, 99};
    affine_t tr = {1.5 + t[2], t[3]}, tr_b = {0, 0};
    double r = coulomb_b(m, a, a_b, &prm, &prm_b, tr, &tr_b, seed);
    unpack_atoms(a_b, m, x_b);
    double *tb = x_b + n - 5;
    tb[0] += 0.2 * prm_b.eps, tb[1] += prm_b.soft, tb[2] += tr_b.scale, tb[3] += tr_b.shift;
    gc_require(prm_b.nsteps == 99, "coulomb: integer fields of the adjoint untouched");
    return r;
}

static double advance_flat(int n, const double *x) {
    int m = atoms_of(n);
    atom a[64];
    pack_atoms(a, m, x);
    const double *t = tail(n, x);
    struct params prm = {0.5 + 0.2 * t[0], 0.3 + 0.1 * t[1], 2 + n % 3};
    return advance(m, a, &prm, 0.1 + 0.05 * t[2]);
}

static double advance_flat_b(int n, const double *x, double *x_b, double seed) {
    int m = atoms_of(n);
    atom a[64], a_b[64];
    memset(a_b, 0, sizeof a_b);
    pack_atoms(a, m, x);
    const double *t = tail(n, x);
    struct params prm = {0.5 + 0.2 * t[0], 0.3 + 0.1 * t[1], 2 + n % 3}, prm_b = {0, 0, 0};
    double dt_b = 0;
    double r = advance_b(m, a, a_b, &prm, &prm_b, 0.1 + 0.05 * t[2], &dt_b, seed);
    /* p is in out(...) with a zero seed: p_b returns the adjoint of its input */
    unpack_atoms(a_b, m, x_b);
    double *tb = x_b + n - 5;
    tb[0] += 0.2 * prm_b.eps, tb[1] += 0.1 * prm_b.soft, tb[2] += 0.05 * dt_b;
    return r;
}

static double spread_flat(int n, const double *x) {
    vec3 p[64];
    memset(p, 0, sizeof p);
    int m = n / 3 < 64 ? n / 3 : 64;
    for (int i = 0; i < m; i++)
        p[i] = (vec3){x[3 * i], x[3 * i + 1], x[3 * i + 2]};
    return spread(m, p);
}

static double spread_flat_b(int n, const double *x, double *x_b, double seed) {
    vec3 p[64], p_b[64];
    memset(p, 0, sizeof p);
    memset(p_b, 0, sizeof p_b);
    int m = n / 3 < 64 ? n / 3 : 64;
    for (int i = 0; i < m; i++)
        p[i] = (vec3){x[3 * i], x[3 * i + 1], x[3 * i + 2]};
    double r = spread_b(m, p, p_b, seed);
    for (int i = 0; i < m; i++)
        x_b[3 * i] += p_b[i].x, x_b[3 * i + 1] += p_b[i].y, x_b[3 * i + 2] += p_b[i].z;
    return r;
}

int main(void) {
    static const struct gc_kernel kernels[] = {
        {"coulomb", coulomb_flat, coulomb_flat_b},
        {"advance", advance_flat, advance_flat_b},
        {"spread", spread_flat, spread_flat_b},
    };
    /* 1, 2, 4 and 9 atoms (3, 6 points for spread) */
    static const int sizes[] = {12, 19, 33, 68};
    gc_check_kernels(kernels, 3, sizes, 4, 2);
    return gc_finish();
}
