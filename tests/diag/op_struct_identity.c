/* expect: 8:28: the identity of the operator 'sop' does not match its type */
struct pair { double p, s; };

static struct pair sum_of_prod(struct pair a, struct pair b) {
    return (struct pair){a.p + b.p + a.s * b.s, a.s + b.s};
}

#pragma pargrad declare op(sop, struct pair, sum_of_prod, 0.0) commutative

double f(int n, const double *x)
{
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += x[i];
    return s;
}

#pragma pargrad reverse(f) wrt(x)
