/* expect: 8expect: 8:17: unknown pargrad pragma */
void f(int n, const , double *y)
{
#pragma par        y[i] = x[i] * x[i];
}

#pragma pargrad reverse(f) wrt(x) out(y)
