/* expect: 2:40: a parameter of 'f' has no name */
double f(int n, const double *x, double) {
  return x[0]*x[0] + n;
}
#pragma pargrad reverse(f) wrt(x)
