/* expect: 10:13: a call returning a struct */
/* A helper returning a struct by value: pargrad follows structs through
 * pointers and by-value parameters, not through return values. */
typedef struct { double x, y; } v2;
static v2 add(v2 a, v2 b) { v2 r; r.x = a.x + b.x; r.y = a.y + b.y; return r; }

double total(int n, const v2 *p) {
    v2 s = {0};
    for (int i = 0; i < n; i++)
        s = add(s, p[i]);
    return s.x * s.y;
}

#pragma pargrad reverse(total) wrt(p)
