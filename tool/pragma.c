/* Pragma grammar:
 *   map
 *   reduce([OP:] v1, v2, ...)       OP: + * min max affine, or a declared NAME
 *   scan([OP:] v), histogram([OP:] h), scatter
 *   reverse(F) wrt(a, b) [out(y, return)] [name(N)]
 *   forward(F) wrt(a, b) [out(y)] [name(N)]
 *   declare op(NAME, TYPE, COMBINE, IDENTITY) [commutative] [inverse(INV)]
 * loop, while and derivative are recognised and reported as not supported
 * yet by the caller. */
#include "pragma.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct Lexer {
    Arena *a;
    Diags *d;
    const char *start, *p;
    SrcLoc loc;
    bool failed;
} Lexer;

static SrcLoc lex_loc(Lexer *lx) {
    SrcLoc l = lx->loc;
    l.col += (int)(lx->p - lx->start);
    return l;
}

static void skip_space(Lexer *lx) {
    while (*lx->p && isspace((unsigned char)*lx->p))
        lx->p++;
}

static void lex_error(Lexer *lx, const char *hint, const char *msg, const char *arg) {
    if (!lx->failed)
        diag_error(lx->d, lex_loc(lx), hint, msg, arg);
    lx->failed = true;
}

/* An identifier, or NULL. */
static const char *lex_ident(Lexer *lx) {
    skip_space(lx);
    const char *s = lx->p;
    if (!isalpha((unsigned char)*s) && *s != '_')
        return NULL;
    while (isalnum((unsigned char)*lx->p) || *lx->p == '_')
        lx->p++;
    char *id = arena_alloc(lx->a, (size_t)(lx->p - s) + 1);
    memcpy(id, s, (size_t)(lx->p - s));
    return id;
}

static bool lex_char(Lexer *lx, char c) {
    skip_space(lx);
    if (*lx->p != c)
        return false;
    lx->p++;
    return true;
}

static void expect_char(Lexer *lx, char c, const char *what) {
    if (!lex_char(lx, c))
        lex_error(lx, "see PRAGMAS.md for the pragma grammar", "expected '%s' in pargrad pragma",
                  what);
}

/* `a, b, c` into names. */
static void lex_names(Lexer *lx, PtrVec *names, PtrVec *locs) {
    do {
        skip_space(lx);
        if (locs) {
            SrcLoc *l = arena_alloc(lx->a, sizeof(SrcLoc));
            *l = lex_loc(lx);
            vec_push(lx->a, locs, l);
        }
        const char *id = lex_ident(lx);
        if (!id) {
            lex_error(lx, "write the names of variables separated by commas",
                      "expected a variable name%s", "");
            return;
        }
        vec_push(lx->a, names, (void *)id);
    } while (lex_char(lx, ','));
}

/* `(a, b, c)` into names. */
static void lex_name_list(Lexer *lx, PtrVec *names, PtrVec *locs) {
    expect_char(lx, '(', "(");
    if (!lx->failed)
        lex_names(lx, names, locs);
    expect_char(lx, ')', ")");
}

static bool lex_reduce_op(Lexer *lx, Pragma *out) {
    skip_space(lx);
    const char *save = lx->p;
    if (lex_char(lx, '+')) {
        out->op = RED_ADD;
    } else if (lex_char(lx, '*')) {
        out->op = RED_MUL;
    } else {
        const char *id = lex_ident(lx);
        if (id && strcmp(id, "min") == 0)
            out->op = RED_MIN;
        else if (id && strcmp(id, "max") == 0)
            out->op = RED_MAX;
        else if (id && strcmp(id, "affine") == 0)
            out->op = RED_AFFINE;
        else if (id) { /* a declared operator, looked up by the lifter */
            out->op = RED_USER;
            out->op_name = id;
            out->op_loc = lex_loc(lx);
            out->op_loc.col -= (int)strlen(id);
        } else {
            lx->p = save;
            return false;
        }
    }
    if (!lex_char(lx, ':')) { /* reduce(s): no operator */
        lx->p = save;
        out->op = RED_ADD;
        out->op_name = NULL;
        return false;
    }
    out->op_given = true;
    return true;
}

/* An identifier, or a struct's member as C writes it (st->u, st.f.u), or
 * NULL. */
static const char *lex_member_path(Lexer *lx) {
    const char *start = (skip_space(lx), lx->p);
    const char *id = lex_ident(lx);
    while (id && (strncmp(lx->p, "->", 2) == 0 || *lx->p == '.')) {
        const char *before = lx->p;
        lx->p += *lx->p == '.' ? 1 : 2;
        if (!lex_ident(lx)) {
            lx->p = before;
            break;
        }
        id = arena_printf(lx->a, "%.*s", (int)(lx->p - start), start);
    }
    return id;
}

static void parse_combinator(Lexer *lx, Pragma *out) {
    expect_char(lx, '(', "(");
    if (lx->failed)
        return;
    lex_reduce_op(lx, out);
    do {
        skip_space(lx);
        SrcLoc *at = arena_alloc(lx->a, sizeof(SrcLoc));
        *at = lex_loc(lx);
        const char *id = lex_member_path(lx);
        if (!id) {
            lex_error(lx, "write e.g. reduce(+: s)", "expected a variable to reduce into%s", "");
            return;
        }
        vec_push(lx->a, &out->vars, (void *)id);
        vec_push(lx->a, &out->var_locs, at);
    } while (lex_char(lx, ','));
    expect_char(lx, ')', ")");
}

/* reduce(min: lo) reduce(max: hi): further clauses after the first, as
 * OpenMP's reduction clauses, each with its operator, one of +, *, min
 * and max (affine and declared operators take a pragma of their own). */
static void parse_more_reduce_clauses(Lexer *lx, Pragma *out) {
    for (;;) {
        skip_space(lx);
        const char *save = lx->p;
        const char *word = lex_ident(lx);
        if (!word || strcmp(word, "reduce") != 0) {
            lx->p = save;
            return;
        }
        Pragma more = {0};
        parse_combinator(lx, &more);
        if (lx->failed)
            return;
        if (!more.op_given) {
            lx->p = save;
            lex_error(lx, "write the operator, e.g. reduce(max: m)", "reduce needs an operator%s",
                      "");
            return;
        }
        ReduceOp ops[2] = {out->op, more.op};
        for (int k = 0; k < 2; k++)
            if (ops[k] == RED_AFFINE || ops[k] == RED_USER) {
                lx->p = save;
                lex_error(lx,
                          "give the loop one reduce clause, or write these variables' "
                          "operators as +, *, min or max",
                          "several reduce clauses take +, *, min and max only%s", "");
                return;
            }
        for (int i = out->var_ops.len; i < out->vars.len; i++)
            vec_push(lx->a, &out->var_ops, (void *)(intptr_t)out->op);
        for (int i = 0; i < more.vars.len; i++) {
            vec_push(lx->a, &out->vars, more.vars.items[i]);
            vec_push(lx->a, &out->var_locs, more.var_locs.items[i]);
            vec_push(lx->a, &out->var_ops, (void *)(intptr_t)more.op);
        }
    }
}

/* A positive integer constant (*n), or a variable's name (*name). */
static bool lex_count(Lexer *lx, long *n, const char **name) {
    skip_space(lx);
    *name = lex_ident(lx);
    if (*name)
        return true;
    char *end;
    long v = isdigit((unsigned char)*lx->p) ? strtol(lx->p, &end, 10) : 0;
    if (v <= 0)
        return false;
    lx->p = end;
    while (*lx->p == 'u' || *lx->p == 'U' || *lx->p == 'l' || *lx->p == 'L')
        lx->p++;
    *n = v;
    return true;
}

/* loop stripmine(K) checkpoint(entry: a, b), either clause or both. */
static void parse_loop_clauses(Lexer *lx, Pragma *out) {
    while (!lx->failed) {
        skip_space(lx);
        if (!*lx->p && (out->stripmine || out->entry_vars.len))
            break;
        const char *at = lx->p;
        const char *clause = lex_ident(lx);
        if (clause && !strcmp(clause, "stripmine") && !out->stripmine) {
            const char *end = lx->p;
            lx->p = at;
            out->stripmine_loc = lex_loc(lx);
            lx->p = end;
            expect_char(lx, '(', "(");
            skip_space(lx);
            const char *arg = lx->p;
            const char *name = NULL;
            long k = 0;
            if (!lx->failed && (!lex_count(lx, &k, &name) || name || k > 16)) {
                lx->p = arg;
                lex_error(lx, "write the number of levels, 1 to 16, e.g. stripmine(2)",
                          "stripmine takes a constant number of levels%s", "");
            }
            out->stripmine = (int)k;
            expect_char(lx, ')', ")");
        } else if (clause && !strcmp(clause, "checkpoint") && !out->entry_vars.len) {
            expect_char(lx, '(', "(");
            const char *kind = lex_ident(lx);
            if (!lx->failed && (!kind || strcmp(kind, "entry") != 0))
                lex_error(lx, "write checkpoint(entry: a, b)", "expected 'entry'%s", "");
            expect_char(lx, ':', ":");
            if (!lx->failed)
                lex_names(lx, &out->entry_vars, &out->entry_locs);
            expect_char(lx, ')', ")");
        } else {
            lx->p = at;
            lex_error(lx, "the clauses are stripmine(K) and checkpoint(entry: a, b), each once",
                      "unexpected '%s' in a loop pragma", clause ? clause : lx->p);
        }
    }
}

static BoundExpr *lex_bound_sum(Lexer *lx);

/* a constant, a name or a parenthesised sum */
static BoundExpr *lex_bound_atom(Lexer *lx) {
    skip_space(lx);
    BoundExpr *e = arena_alloc(lx->a, sizeof(BoundExpr));
    e->loc = lex_loc(lx);
    if (lex_char(lx, '(')) {
        e = lex_bound_sum(lx);
        expect_char(lx, ')', ")");
        return e;
    }
    if (!lex_count(lx, &e->val, &e->name)) {
        lex_error(lx,
                  "write the most times the body runs: a constant, an integer variable, or "
                  "both under + - *, e.g. bound(2 * n + 1)",
                  "expected an integer expression%s", "");
        return NULL;
    }
    return e;
}

static BoundExpr *lex_bound_op(Lexer *lx, char op, BoundExpr *l, BoundExpr *r) {
    if (!l || !r)
        return NULL;
    BoundExpr *e = arena_alloc(lx->a, sizeof(BoundExpr));
    *e = (BoundExpr){.op = op, .loc = l->loc, .l = l, .r = r};
    return e;
}

static BoundExpr *lex_bound_product(Lexer *lx) {
    BoundExpr *e = lex_bound_atom(lx);
    while (e && lex_char(lx, '*'))
        e = lex_bound_op(lx, '*', e, lex_bound_atom(lx));
    return e;
}

static BoundExpr *lex_bound_sum(Lexer *lx) {
    BoundExpr *e = lex_bound_product(lx);
    for (;;) {
        char op = lex_char(lx, '+') ? '+' : lex_char(lx, '-') ? '-' : 0;
        if (!e || !op)
            return e;
        e = lex_bound_op(lx, op, e, lex_bound_product(lx));
    }
}

/* while bound(N) */
static void parse_while_bound(Lexer *lx, Pragma *out) {
    const char *clause = lex_ident(lx);
    if (!clause || strcmp(clause, "bound") != 0) {
        lex_error(lx, "write e.g. '#pragma pargrad while bound(100)'",
                  "expected bound(N) after 'while'%s", "");
        return;
    }
    expect_char(lx, '(', "(");
    skip_space(lx);
    out->bound_loc = lex_loc(lx);
    if (!lx->failed)
        out->bound = lex_bound_sum(lx);
    skip_space(lx);
    if (!lx->failed && *lx->p != ')')
        lex_error(lx,
                  "write the most times the body runs with constants and integer variables "
                  "under + - * and parentheses, e.g. bound(2 * n + 1)",
                  "unexpected '%s' in bound(...)", lx->p);
    expect_char(lx, ')', ")");
}

static void parse_directive(Lexer *lx, Pragma *out) {
    expect_char(lx, '(', "(");
    skip_space(lx);
    out->req.loc = lex_loc(lx);
    out->req.func = lex_ident(lx);
    if (!out->req.func)
        lex_error(lx, "write e.g. reverse(loss) wrt(x)", "expected a function name%s", "");
    expect_char(lx, ')', ")");
    while (!lx->failed) {
        skip_space(lx);
        if (!*lx->p)
            break;
        const char *at = lx->p;
        const char *clause = lex_ident(lx);
        if (clause && strcmp(clause, "wrt") == 0)
            lex_name_list(lx, &out->req.wrt, &out->req.wrt_locs);
        else if (clause && strcmp(clause, "out") == 0)
            lex_name_list(lx, &out->req.out, &out->req.out_locs);
        else if (clause && strcmp(clause, "name") == 0) {
            PtrVec n = {0};
            lex_name_list(lx, &n, NULL);
            if (n.len == 1)
                out->req.name = n.items[0];
            else
                lex_error(lx, "write e.g. name(loss_grad)", "name(...) takes one name%s", "");
        } else {
            lx->p = at;
            lex_error(lx, "the clauses are wrt(...), out(...) and name(...)", "unknown clause '%s'",
                      clause ? clause : lx->p);
        }
    }
    if (!lx->failed && out->req.wrt.len == 0)
        lex_error(lx, "list the active inputs, e.g. wrt(x, w)", "missing wrt(...) clause%s", "");
}

/* A number with an optional sign, or INFINITY / HUGE_VAL / HUGE_VALF. */
static bool lex_constant(Lexer *lx, double *out) {
    skip_space(lx);
    double sign = 1;
    if (*lx->p == '-' || *lx->p == '+')
        sign = *lx->p++ == '-' ? -1 : 1;
    skip_space(lx);
    const char *save = lx->p;
    const char *id = lex_ident(lx);
    if (id) {
        bool inf = !strcmp(id, "INFINITY") || !strcmp(id, "HUGE_VAL") || !strcmp(id, "HUGE_VALF");
        *out = sign * HUGE_VAL;
        if (!inf)
            lx->p = save;
        return inf;
    }
    char *end;
    *out = sign * strtod(lx->p, &end);
    if (end == lx->p)
        return false;
    lx->p = end;
    if (*lx->p == 'f' || *lx->p == 'F' || *lx->p == 'l' || *lx->p == 'L')
        lx->p++;
    return true;
}

/* IDENTITY: a constant, or a struct's list of them, {0.0, 1.0}. */
static bool lex_identity(Lexer *lx, Pragma *out) {
    skip_space(lx);
    if (*lx->p != '{')
        return lex_constant(lx, &out->identity);
    lx->p++;
    int cap = 0;
    do {
        double v;
        if (!lex_constant(lx, &v))
            return false;
        if (out->nidentity == cap) {
            cap = cap ? 2 * cap : 4;
            double *grown = arena_alloc(lx->a, sizeof(double) * (size_t)cap);
            for (int i = 0; i < out->nidentity; i++)
                grown[i] = out->identities[i];
            out->identities = grown;
        }
        out->identities[out->nidentity++] = v;
        skip_space(lx);
    } while (*lx->p == ',' && lx->p++);
    if (*lx->p != '}')
        return false;
    lx->p++;
    return true;
}

/* Whether text starts with a loop annotation's keyword and its clause
 * (reduce(+ : e) after a histogram's). */
static bool starts_annotation(const char *text) {
    static const char *const words[] = {"map", "reduce", "scan", "histogram", "scatter"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        size_t n = strlen(words[i]);
        const char *q = text + n;
        while (*q == ' ' || *q == '\t')
            q++;
        if (strncmp(text, words[i], n) == 0 && (*q == '(' || *q == '\0'))
            return true;
    }
    return false;
}

/* op(NAME, TYPE, COMBINE, IDENTITY) [commutative] [inverse(INV)] */
static void parse_declare(Lexer *lx, Pragma *out) {
    const char *form = "write e.g. declare op(logsum, double, logaddexp, -INFINITY) commutative";
    skip_space(lx);
    const char *at = lx->p, *what = lex_ident(lx);
    if (!what || strcmp(what, "op") != 0) {
        lx->p = at;
        lex_error(lx, form, "expected 'op' after declare%s", "");
        return;
    }
    UserOp *u = arena_alloc(lx->a, sizeof(UserOp));
    out->decl_op = u;
    expect_char(lx, '(', "(");
    skip_space(lx);
    u->loc = lex_loc(lx);
    u->name = lex_ident(lx);
    if (!u->name)
        lex_error(lx, form, "expected the operator's name%s", "");
    expect_char(lx, ',', ",");
    skip_space(lx);
    out->type_loc = lex_loc(lx);
    out->type_name = lex_ident(lx);
    if (out->type_name && !strcmp(out->type_name, "struct")) {
        const char *tag = lex_ident(lx);
        out->type_name = arena_printf(lx->a, "struct %s", tag ? tag : "");
    }
    if (!lx->failed && !out->type_name)
        lex_error(lx, form, "expected the operator's type%s", "");
    expect_char(lx, ',', ",");
    skip_space(lx);
    out->combine_loc = lex_loc(lx);
    u->combine = lex_ident(lx);
    if (!lx->failed && !u->combine)
        lex_error(lx, form, "expected the function that combines two values%s", "");
    expect_char(lx, ',', ",");
    if (!lx->failed && !lex_identity(lx, out))
        lex_error(
            lx, "write the identity as a number, e.g. 0.0, 1, -INFINITY (a struct's as {0.0, 1.0})",
            "expected the operator's identity%s", "");
    expect_char(lx, ')', ")");
    while (!lx->failed) {
        skip_space(lx);
        if (!*lx->p)
            break;
        const char *at = lx->p;
        const char *clause = lex_ident(lx);
        if (clause && !strcmp(clause, "commutative") && !u->commutative) {
            u->commutative = true;
        } else if (clause && !strcmp(clause, "inverse") && !u->inverse) {
            expect_char(lx, '(', "(");
            skip_space(lx);
            out->inverse_loc = lex_loc(lx);
            u->inverse = lex_ident(lx);
            if (!lx->failed && !u->inverse)
                lex_error(lx, "write e.g. inverse(logsubexp)", "expected a function name%s", "");
            expect_char(lx, ')', ")");
        } else {
            lx->p = at;
            lex_error(lx, "the clauses are commutative and inverse(INV), each once",
                      "unexpected '%s' in declare op", clause ? clause : lx->p);
        }
    }
}

static const struct {
    const char *word;
    PragmaKind kind;
} words[] = {
    {"map", PG_MAP},
    {"reduce", PG_REDUCE},
    {"scan", PG_SCAN},
    {"histogram", PG_HISTOGRAM},
    {"scatter", PG_SCATTER},
    {"reverse", PG_REVERSE},
    {"forward", PG_FORWARD},
    {"loop", PG_LOOP},
    {"while", PG_WHILE},
    {"declare", PG_DECLARE},
    {"derivative", PG_DERIVATIVE},
};

bool pragma_parse(Arena *a, Diags *d, const char *text, SrcLoc loc, Pragma *out) {
    Lexer lx = {.a = a, .d = d, .start = text, .p = text, .loc = loc};
    memset(out, 0, sizeof *out);
    skip_space(&lx);
    out->loc = lex_loc(&lx);
    out->text = arena_strdup(a, lx.p);
    for (char *end = (char *)out->text + strlen(out->text);
         end > out->text && isspace((unsigned char)end[-1]); end--)
        end[-1] = 0;
    out->req.loc = out->loc;
    const char *word = lex_ident(&lx);
    int k = -1;
    for (int i = 0; word && i < (int)(sizeof words / sizeof words[0]); i++)
        if (strcmp(word, words[i].word) == 0)
            k = i;
    if (k < 0) {
        lx.p = lx.start;
        skip_space(&lx);
        lex_error(&lx,
                  "the pargrad pragmas are map, reduce, scan, histogram, scatter, reverse, "
                  "forward, loop, while, declare and derivative",
                  "unknown pargrad pragma '%s'", word ? word : "");
        return false;
    }
    out->kind = words[k].kind;
    switch (out->kind) {
    case PG_MAP:
    case PG_SCATTER:
        break;
    case PG_REDUCE:
    case PG_SCAN:
    case PG_HISTOGRAM:
        parse_combinator(&lx, out);
        if (!lx.failed && out->kind == PG_REDUCE && !out->op_given)
            lex_error(&lx, "write the operator, e.g. reduce(+: s)", "reduce needs an operator%s",
                      "");
        if (!lx.failed && out->kind == PG_REDUCE)
            parse_more_reduce_clauses(&lx, out);
        break;
    case PG_REVERSE:
    case PG_FORWARD:
        parse_directive(&lx, out);
        break;
    case PG_DECLARE:
        parse_declare(&lx, out);
        break;
    case PG_LOOP:
        parse_loop_clauses(&lx, out);
        break;
    case PG_WHILE:
        parse_while_bound(&lx, out);
        break;
    default:
        /* Parsed by later stages; the rest of the line is kept in `text`. */
        return true;
    }
    skip_space(&lx);
    if (!lx.failed && *lx.p && starts_annotation(lx.p)) {
        const char *head = text;
        while (isspace((unsigned char)*head))
            head++;
        int len = (int)(lx.p - head);
        while (len > 0 && isspace((unsigned char)head[len - 1]))
            len--;
        const char *hint = arena_printf(a,
                                        "split the loop in two, each computing what its updates "
                                        "need: `#pragma pargrad %.*s` over one, `#pragma pargrad "
                                        "%s` over the other",
                                        len, head, lx.p);
        lex_error(&lx, hint, "a second annotation, '%s': pargrad takes one annotation per loop",
                  lx.p);
    } else if (!lx.failed && *lx.p)
        lex_error(&lx, "remove the extra text, or see PRAGMAS.md for the grammar",
                  "unexpected '%s' at the end of the pragma", lx.p);
    return !lx.failed;
}

/* The position of the first code after `p` (which starts line `line`):
 * blanks, comments and preprocessor lines (other pragmas) are skipped. */
static void next_code(const char *p, int line, int *out_line, int *out_col) {
    bool line_start = true;
    const char *bol = p;
    while (*p) {
        if (*p == '\n') {
            line++;
            line_start = true;
            bol = ++p;
        } else if (isspace((unsigned char)*p)) {
            p++;
        } else if (line_start && *p == '#') { /* (its continuation lines counted) */
            for (; *p && !(*p == '\n' && p[-1] != '\\'); p++)
                if (*p == '\n') {
                    line++;
                    bol = p + 1;
                }
        } else if (p[0] == '/' && p[1] == '/') {
            while (*p && *p != '\n')
                p++;
        } else if (p[0] == '/' && p[1] == '*') {
            for (p += 2; *p && !(p[0] == '*' && p[1] == '/'); p++)
                if (*p == '\n') {
                    line++;
                    bol = p + 1;
                }
            p += *p ? 2 : 0;
            line_start = false;
        } else {
            break;
        }
    }
    *out_line = line;
    *out_col = (int)(p - bol) + 1;
}

/* The text after `#pragma pargrad` on the line [p, eol), or NULL. */
static const char *pragma_text(const char *p, const char *eol, const char *space) {
    const char *s = p;
    while (s < eol && isspace((unsigned char)*s))
        s++;
    if (s == eol || *s++ != '#')
        return NULL;
    while (s < eol && isspace((unsigned char)*s))
        s++;
    if (eol - s <= 6 || strncmp(s, "pragma", 6) != 0 || !isspace((unsigned char)s[6]))
        return NULL;
    for (s += 6; s < eol && isspace((unsigned char)*s);)
        s++;
    size_t n = strlen(space);
    if (eol - s < (long)n || strncmp(s, space, n) != 0 ||
        (eol - s > (long)n && !isspace((unsigned char)s[n])))
        return NULL;
    return s + n;
}

/* The names of a private(...) clause of an OpenMP pragma's text (not
 * firstprivate or lastprivate: those copy values in or out), or NULL. */
static OmpPrivate *omp_private_clause(Arena *a, const char *text) {
    OmpPrivate *op = NULL;
    for (const char *q = strstr(text, "private"); q; q = strstr(q + 7, "private")) {
        if (q > text && (isalnum((unsigned char)q[-1]) || q[-1] == '_'))
            continue;
        const char *r = q + 7;
        while (isspace((unsigned char)*r))
            r++;
        if (*r != '(')
            continue;
        if (!op)
            op = arena_alloc(a, sizeof(OmpPrivate));
        for (r++; *r && *r != ')';) {
            while (isspace((unsigned char)*r) || *r == ',')
                r++;
            const char *w = r;
            while (isalnum((unsigned char)*r) || *r == '_')
                r++;
            if (r > w)
                vec_push(a, &op->names, arena_printf(a, "%.*s", (int)(r - w), w));
            else if (*r && *r != ')')
                r++;
        }
    }
    return op;
}

/* Whether a block comment is still open at the end of [p, eol), given
 * whether one was open at p. String and character literals are skipped so
 * that a comment opener inside one opens nothing. */
static bool comment_open_after(const char *p, const char *eol, bool open) {
    while (p < eol) {
        if (open) {
            if (p + 1 < eol && p[0] == '*' && p[1] == '/') {
                open = false;
                p += 2;
            } else {
                p++;
            }
        } else if (p[0] == '/' && p + 1 < eol && p[1] == '/') {
            return false;
        } else if (p[0] == '/' && p + 1 < eol && p[1] == '*') {
            open = true;
            p += 2;
        } else if (*p == '"' || *p == '\'') {
            char q = *p++;
            while (p < eol && *p != q)
                p += (*p == '\\' && p + 1 < eol) ? 2 : 1;
            p++;
        } else {
            p++;
        }
    }
    return open;
}

/* The pragma's text with comments removed (`map // rows`), so that a
 * comment after a pragma reads as it does to a compiler. */
static char *strip_comments(Arena *a, const char *s, const char *eol) {
    char *out = arena_alloc(a, (size_t)(eol - s) + 1);
    char *o = out;
    while (s < eol) {
        if (s[0] == '/' && s + 1 < eol && s[1] == '/')
            break;
        if (s[0] == '/' && s + 1 < eol && s[1] == '*') {
            for (s += 2; s + 1 < eol && !(s[0] == '*' && s[1] == '/'); s++)
                ;
            s = s + 1 < eol ? s + 2 : eol;
            *o++ = ' ';
            continue;
        }
        if (s[0] == '\\' && s + 1 < eol && (s[1] == '\n' || (s[1] == '\r' && s[2] == '\n'))) {
            s += s[1] == '\n' ? 2 : 3; /* a line continuation splices the lines */
            continue;
        }
        *o++ = *s++;
    }
    *o = 0;
    return out;
}

/* The end of the logical line starting at p: past every backslash-newline
 * (clang-format continues long pragmas so); *lines counts the newlines. */
static const char *logical_eol(const char *p, int *lines) {
    const char *eol = strchr(p, '\n');
    *lines = 0;
    while (eol) {
        const char *q = eol;
        if (q > p && q[-1] == '\r')
            q--;
        if (q == p || q[-1] != '\\')
            return eol;
        (*lines)++;
        eol = strchr(eol + 1, '\n');
    }
    return p + strlen(p);
}

static bool line_skipped(const SkippedLines *skip, int line) {
    for (int i = 0; skip && i < skip->n; i++)
        if (line >= skip->first[i] && line <= skip->last[i])
            return true;
    return false;
}

/* body with each name of a macro constant replaced by its value */
static char *put_constants(Arena *a, char *body, const MacroConstants *consts) {
    if (!consts || !consts->names.len)
        return body;
    char *out = "";
    const char *from = body;
    for (const char *p = body; *p;) {
        if (!(isalpha((unsigned char)*p) || *p == '_')) {
            p++;
            continue;
        }
        size_t len = 1;
        while (isalnum((unsigned char)p[len]) || p[len] == '_')
            len++;
        for (int i = 0; i < consts->names.len; i++)
            if (strlen(consts->names.items[i]) == len && !strncmp(p, consts->names.items[i], len)) {
                out = arena_printf(a, "%s%.*s%s", out, (int)(p - from), from,
                                   (const char *)consts->values.items[i]);
                from = p + len;
                break;
            }
        p += len;
    }
    return from == body ? body : arena_printf(a, "%s%s", out, from);
}

int pragma_scan_file(Arena *a, Diags *d, const char *path, const char *text,
                     const SkippedLines *skip, const MacroConstants *consts, PtrVec *out,
                     PtrVec *omp_private) {
    int bad = 0, line = 1;
    bool in_comment = false;
    for (const char *p = text; *p; line++) {
        const char *eol = strchr(p, '\n');
        if (!eol)
            eol = p + strlen(p);
        bool live = !in_comment && !line_skipped(skip, line);
        const char *s = live ? pragma_text(p, eol, "pargrad") : NULL;
        const char *omp = live && !s ? pragma_text(p, eol, "omp") : NULL;
        in_comment = comment_open_after(p, eol, in_comment);
        int continued = 0;
        if (s || omp)
            eol = logical_eol(p, &continued);
        OmpPrivate *op = omp ? omp_private_clause(a, strip_comments(a, omp, eol)) : NULL;
        if (op) {
            in_comment = false;
            op->target_line = line + continued + 1;
            op->target_col = 1;
            if (*eol)
                next_code(eol + 1, line + continued + 1, &op->target_line, &op->target_col);
            vec_push(a, omp_private, op);
        }
        if (s) {
            in_comment = false; /* a comment opened on a pragma line ends with it */
            char *body = put_constants(a, strip_comments(a, s, eol), consts);
            SrcLoc loc = {path, line, (int)(s - p) + 1};
            Pragma *pg = arena_alloc(a, sizeof(Pragma));
            if (pragma_parse(a, d, body, loc, pg)) {
                pg->target_line = line + continued + 1;
                pg->target_col = 1;
                if (*eol)
                    next_code(eol + 1, line + continued + 1, &pg->target_line, &pg->target_col);
                vec_push(a, out, pg);
            } else {
                bad++;
            }
        }
        line += continued;
        p = *eol ? eol + 1 : eol;
    }
    return bad;
}
