/* Checks the gradients of vla_scratch.c against central finite
 * differences; rows_out's seeds on its output (consumed: zero on exit)
 * enter the checked function as the weights of its rows. */
#include "gradcheck.h"

enum { NX = 6, NY = 5, SWEEPS = 3, N = 5, D = 3, NZ = 3, W = 4 };

double gauss_seidel(int nx, int ny, int sweeps, double u[nx][ny]);
double gauss_seidel_b(int nx, int ny, int sweeps, double u[nx][ny], double u_b[nx][ny],
                      double seed);
double gram_energy(int n, int d, const double *x, double g[n][n]);
double gram_energy_b(int n, int d, const double *x, double *x_b, double g[n][n], double seed);
double field_3d(int nz, int ny, int nx, const double *src, double f[nz][ny][nx]);
double field_3d_b(int nz, int ny, int nx, const double *src, double *src_b, double f[nz][ny][nx],
                  double seed);
double rows_out(int n, int w, const double *x, double (*out)[w]);
double rows_out_b(int n, int w, const double *x, double *x_b, double (*out)[w], double (*out_b)[w],
                  double seed);

static double seed_of(int i, int j) {
    return 0.3 - 0.1 * i + 0.05 * j;
}

static double eval_gauss_seidel(void *p) {
    double u[NX][NY];
    memcpy(u, p, sizeof u);
    return gauss_seidel(NX, NY, SWEEPS, u);
}
static double eval_gram(void *p) {
    double g[N][N];
    return gram_energy(N, D, p, g);
}
static double eval_field(void *p) {
    static double f[NZ][NY][NX];
    return field_3d(NZ, NY, NX, p, f);
}
static double eval_rows(void *p) {
    double out[N][W];
    double r = rows_out(N, W, p, out);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < W; j++)
            r += seed_of(i, j) * out[i][j];
    return r;
}

int main(void) {
    gc_seed(3);
    double u[NX][NY], u0[NX][NY], u_b[NX][NY], fd[NX * NY];
    gc_fill(&u0[0][0], NX * NY, -1.0, 1.0);
    gc_fill(&u_b[0][0], NX * NY, -0.5, 0.5); /* the caller's running sum, added to */
    double before[NX * NY];
    memcpy(before, u_b, sizeof before);
    memcpy(u, u0, sizeof u);
    gc_check_value("gauss_seidel: return value", gauss_seidel_b(NX, NY, SWEEPS, u, u_b, 2.0),
                   eval_gauss_seidel(u0), GC_RTOL_EXACT);
    gc_fd_grad(eval_gauss_seidel, u0, &u0[0][0], NX * NY, fd);
    for (int k = 0; k < NX * NY; k++)
        fd[k] = before[k] + 2.0 * fd[k];
    gc_compare("gauss_seidel: u_b vs finite differences", &u_b[0][0], fd, NX * NY);

    double x[N * D], x_b[N * D], fdx[N * W > N * D ? N * W : N * D], g[N][N];
    gc_fill(x, N * D, -1.0, 1.0);
    gc_zero(x_b, N * D);
    gc_check_value("gram: return value", gram_energy_b(N, D, x, x_b, g, 1.0), eval_gram(x),
                   GC_RTOL_EXACT);
    gc_fd_grad(eval_gram, x, x, N * D, fdx);
    gc_compare("gram: x_b vs finite differences", x_b, fdx, N * D);

    static double src[NZ * NY * NX], src_b[NZ * NY * NX], fds[NZ * NY * NX], f[NZ][NY][NX];
    gc_fill(src, NZ * NY * NX, -1.0, 1.0);
    gc_zero(src_b, NZ * NY * NX);
    gc_check_value("field_3d: return value", field_3d_b(NZ, NY, NX, src, src_b, f, 1.0),
                   eval_field(src), GC_RTOL_EXACT);
    gc_fd_grad(eval_field, src, src, NZ * NY * NX, fds);
    gc_compare("field_3d: src_b vs finite differences", src_b, fds, NZ * NY * NX);

    double xr[N * W], xr_b[N * W], out[N][W], out_b[N][W];
    gc_fill(xr, N * W, -1.0, 1.0);
    gc_zero(xr_b, N * W);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < W; j++)
            out_b[i][j] = seed_of(i, j);
    double r = rows_out_b(N, W, xr, xr_b, out, out_b, 1.0);
    gc_check_value("rows_out: return value", r, rows_out(N, W, xr, out), GC_RTOL_EXACT);
    gc_check_zero("rows_out: out's seeds consumed", &out_b[0][0], N * W);
    gc_fd_grad(eval_rows, xr, xr, N * W, fdx);
    gc_compare("rows_out: x_b vs finite differences", xr_b, fdx, N * W);
    return gc_finish();
}
