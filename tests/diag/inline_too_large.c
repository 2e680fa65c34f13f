/* expect: 4:143: grows too large with the helpers it calls inlined */
#include <math.h>
static double h0(double v) { return sin(v) * 0.5 + v; }
static double h1(double v) { return 0.01 * (h0(v * 0.1) + h0(v * 0.2) + h0(v * 0.3) + h0(v * 0.4) + h0(v * 0.5) + h0(v * 0.6) + h0(v * 0.7) + h0(v * 0.8)); }
static double h2(double v) { return 0.01 * (h1(v * 0.1) + h1(v * 0.2) + h1(v * 0.3) + h1(v * 0.4) + h1(v * 0.5) + h1(v * 0.6) + h1(v * 0.7) + h1(v * 0.8)); }
static double h3(double v) { return 0.01 * (h2(v * 0.1) + h2(v * 0.2) + h2(v * 0.3) + h2(v * 0.4) + h2(v * 0.5) + h2(v * 0.6) + h2(v * 0.7) + h2(v * 0.8)); }
static double h4(double v) { return 0.01 * (h3(v * 0.1) + h3(v * 0.2) + h3(v * 0.3) + h3(v * 0.4) + h3(v * 0.5) + h3(v * 0.6) + h3(v * 0.7) + h3(v * 0.8)); }
static double h5(double v) { return 0.01 * (h4(v * 0.1) + h4(v * 0.2) + h4(v * 0.3) + h4(v * 0.4) + h4(v * 0.5) + h4(v * 0.6) + h4(v * 0.7) + h4(v * 0.8)); }
static double h6(double v) { return 0.01 * (h5(v * 0.1) + h5(v * 0.2) + h5(v * 0.3) + h5(v * 0.4) + h5(v * 0.5) + h5(v * 0.6) + h5(v * 0.7) + h5(v * 0.8)); }
static double h7(double v) { return 0.01 * (h6(v * 0.1) + h6(v * 0.2) + h6(v * 0.3) + h6(v * 0.4) + h6(v * 0.5) + h6(v * 0.6) + h6(v * 0.7) + h6(v * 0.8)); }
static double h8(double v) { return 0.01 * (h7(v * 0.1) + h7(v * 0.2) + h7(v * 0.3) + h7(v * 0.4) + h7(v * 0.5) + h7(v * 0.6) + h7(v * 0.7) + h7(v * 0.8)); }
static double h9(double v) { return 0.01 * (h8(v * 0.1) + h8(v * 0.2) + h8(v * 0.3) + h8(v * 0.4) + h8(v * 0.5) + h8(v * 0.6) + h8(v * 0.7) + h8(v * 0.8)); }
double f(int n, const double *x) { return h9(x[0]) + n * 0.0; }
#pragma pargrad reverse(f) wrt(x)
