/* Checks embed_b (generated from declared_lengths.c) against central finite
 * differences of s.out + t.bags wrt the table; out and bags after the
 * gradient against the primal's. */
#include "gradcheck.h"

enum { NV = 11, DIM = 5, N = 67, NDOC = 4 };

void embed(int nv, int dim, int n, int ndoc, const double table[nv * dim], const int *tok,
           const int *doc, double *out, double bags[ndoc * dim]);
void embed_b(int nv, int dim, int n, int ndoc, const double table[nv * dim],
             double table_b[nv * dim], const int *tok, const int *doc, double *out, double *out_b,
             double bags[ndoc * dim], double bags_b[ndoc * dim]);

struct ctx {
    const int *tok, *doc;
    double *table, *out, *bags, *s, *t;
};

static double eval(void *p) {
    struct ctx *c = p;
    gc_zero(c->bags, NDOC * DIM);
    embed(NV, DIM, N, NDOC, c->table, c->tok, c->doc, c->out, c->bags);
    return gc_dot(c->s, c->out, N * DIM) + gc_dot(c->t, c->bags, NDOC * DIM);
}

int main(void) {
    gc_seed(14);
    int tok[N], doc[N];
    for (int i = 0; i < N; i++) {
        tok[i] = (int)(gc_next() % NV);
        doc[i] = (int)(gc_next() % NDOC);
    }
    double *table = gc_alloc(NV * DIM), *out = gc_alloc(N * DIM), *bags = gc_alloc(NDOC * DIM);
    double *s = gc_alloc(N * DIM), *t = gc_alloc(NDOC * DIM);
    double *outref = gc_alloc(N * DIM), *bagsref = gc_alloc(NDOC * DIM);
    double *table_b = gc_alloc(NV * DIM), *out_b = gc_alloc(N * DIM),
           *bags_b = gc_alloc(NDOC * DIM);
    double *fd = gc_alloc(NV * DIM);
    gc_fill(table, NV * DIM, -1.5, 1.5);
    gc_fill(s, N * DIM, -1.0, 1.0);
    gc_fill(t, NDOC * DIM, -1.0, 1.0);
    gc_zero(bagsref, NDOC * DIM);
    embed(NV, DIM, N, NDOC, table, tok, doc, outref, bagsref);

    struct ctx c = {tok, doc, table, out, bags, s, t};
    gc_fd_grad(eval, &c, table, NV * DIM, fd);

    gc_zero(out, N * DIM);
    gc_zero(bags, NDOC * DIM);
    gc_zero(table_b, NV * DIM);
    memcpy(out_b, s, sizeof(double) * N * DIM);
    memcpy(bags_b, t, sizeof(double) * NDOC * DIM);
    embed_b(NV, DIM, N, NDOC, table, table_b, tok, doc, out, out_b, bags, bags_b);
    gc_compare_tol("out after embed_b vs primal", out, outref, N * DIM, 1e-13);
    gc_compare_tol("bags after embed_b vs primal", bags, bagsref, NDOC * DIM, 1e-13);
    gc_compare("table_b vs FD", table_b, fd, NV * DIM);
    gc_check_nonzero("table_b", table_b, NV * DIM);

    free(table), free(out), free(bags), free(s), free(t), free(outref), free(bagsref);
    free(table_b), free(out_b), free(bags_b), free(fd);
    return gc_finish();
}
