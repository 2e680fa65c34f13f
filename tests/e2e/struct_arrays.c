/* Local arrays of structs, as C code keeps particles and bins: filled
 * element by element and by whole-struct copies, zeroed with {0}, updated
 * in place in a time loop by a map, passed to a helper, read through a
 * pointer into them, and a histogram of structs into local bins. */
#include <math.h>

enum { NP = 8, NB = 5 };

typedef struct {
    double pos, vel;
} particle;

typedef struct {
    double a, b;
} pr;

static pr prc(pr u, pr v) {
    return (pr){u.a + v.a + u.b * v.b, u.b + v.b};
}

pr pri(pr z, pr v);
pr pri(pr z, pr v) {
    pr u;
    u.b = z.b - v.b;
    u.a = z.a - v.a - u.b * v.b;
    return u;
}

#pragma pargrad declare op(pr_op, pr, prc, {0.0, 0.0}) commutative inverse(pri)

static double energy(const particle *p, int m) {
    double e = 0.0;
    for (int i = 0; i < m; i++)
        e += 0.5 * p[i].vel * p[i].vel + 0.25 * p[i].pos * p[i].pos * p[i].pos * p[i].pos;
    return e;
}

/* particles stepped in place by a map in a time loop */
double sa_particles(int n, const double *x) {
    particle p[NP];
    for (int i = 0; i < NP; i++) {
        p[i].pos = x[i % n];
        p[i].vel = 0.1 * i;
    }
    for (int t = 0; t < 4; t++) {
#pragma pargrad map
        for (int i = 0; i < NP; i++) {
            double f = -p[i].pos * p[i].pos * p[i].pos;
            p[i].vel += 0.1 * f;
            p[i].pos += 0.1 * p[i].vel;
        }
    }
    return energy(p, NP);
}

/* whole-struct copies, a pointer into the array, zeroed with {0} */
double sa_copies(int n, const double *x) {
    particle p[NP] = {0}, q[NP];
    for (int i = 0; i < NP && i < n; i++)
        p[i].pos = sin(x[i]);
    for (int i = 0; i < NP; i++)
        q[(i + 3) % NP] = p[i];
    particle *last = &q[NP - 1];
    last->vel = q[0].pos * 2.0;
    return energy(q, NP) + last->vel * p[1].pos;
}

/* a histogram of structs into local bins */
double sa_hist(int n, const double *x) {
    pr h[NB] = {0};
    for (int b = 0; b < NB; b++) {
        h[b].a = 0.1 * b;
        h[b].b = x[0];
    }
#pragma pargrad histogram(pr_op : h)
    for (int i = 0; i < n; i++)
        h[i % NB] = prc(h[i % NB], (pr){sin(x[i]), x[i] * x[i]});
    double s = 0.0;
    for (int b = 0; b < NB; b++)
        s += h[b].a * (b + 1) + h[b].b * h[b].b;
    return s;
}

#pragma pargrad reverse(sa_particles) wrt(x)
#pragma pargrad reverse(sa_copies) wrt(x)
#pragma pargrad reverse(sa_hist) wrt(x)
