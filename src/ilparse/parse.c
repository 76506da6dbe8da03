/* parse.c - driver of the scanner and grammar; opcode words and register
 * names are resolved here.
 *
 * il_parse: requires the whole file text; provides a Module whose operands
 * have their register file set, or NULL after diagnostics.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"
#include "parser.h"
#define YYSTYPE IL_YYSTYPE
#include "lexer.h"

Loc ps_loc(ParseState *ps, const YYLTYPE *l)
{
	Loc loc = {ps->file, l->first_line, l->first_column};
	return loc;
}

void ps_error(ParseState *ps, Loc l, const char *fmt, ...)
{
	va_list ap;
	Buf b = {0};
	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	ps->errors++;
	/* one message per line: what follows a bad token on its line is noise */
	if (l.line != ps->last_err_line || ps->errors == 1)
		diag_error(l, "%s", b.s);
	ps->last_err_line = l.line;
	{
		/* kept sorted (il.c searches it); errors come in line order, so
		 * this is an append but for the rare late report of an earlier line */
		size_t n;
		vec_push(&ps->m->error_lines, l.line);
		for (n = ps->m->error_lines.n - 1; n > 0 && ps->m->error_lines.v[n - 1] > l.line; n--) {
			ps->m->error_lines.v[n] = ps->m->error_lines.v[n - 1];
			ps->m->error_lines.v[n - 1] = l.line;
		}
	}
	buf_free(&b);
}

/* Opcode spellings by hash (open addressing, built on first use): the
 * scanner asks for every instruction word, and a scan of the whole table
 * per word was a fifth of the front end's time (docs/BENCHMARKS.md). */
#define OPHASH_SIZE 2048 /* a power of two, well above OP_PSEUDO_CALL */
static short ophash[OPHASH_SIZE]; /* opcode + 1, 0 = empty */

static unsigned ophash_of(const char *s, size_t n)
{
	unsigned h = 2166136261u;
	while (n--)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

static int ophash_find(const char *w, size_t n)
{
	unsigned h = ophash_of(w, n) & (OPHASH_SIZE - 1);
	for (; ophash[h]; h = (h + 1) & (OPHASH_SIZE - 1)) {
		const char *name = il_ops[ophash[h] - 1].name;
		if (strlen(name) == n && memcmp(name, w, n) == 0)
			return ophash[h] - 1;
	}
	return -1;
}

static void ophash_build(void)
{
	size_t i;
	for (i = 0; i < OP_PSEUDO_CALL; i++) {
		size_t n = strlen(il_ops[i].name);
		unsigned h;
		if (ophash_find(il_ops[i].name, n) >= 0)
			continue; /* a repeated spelling: the first one answers, as the scan did */
		for (h = ophash_of(il_ops[i].name, n) & (OPHASH_SIZE - 1); ophash[h]; h = (h + 1) & (OPHASH_SIZE - 1))
			;
		ophash[h] = (short)(i + 1);
	}
}

/* Longest table spelling that prefixes the word at a '_' or '(' boundary. */
static int lookup_base(const char *w, size_t len, size_t *baselen)
{
	static int built;
	size_t n;
	if (!built) {
		ophash_build();
		built = 1;
	}
	for (n = len; n > 0; n--) {
		int op;
		if (n < len && w[n] != '_' && w[n] != '(')
			continue;
		if ((op = ophash_find(w, n)) >= 0) {
			*baselen = n;
			return op;
		}
	}
	*baselen = 0;
	return -1;
}

int il_is_opword(const char *word, size_t len)
{
	size_t bl;
	int op = lookup_base(word, len, &bl);
	return op >= 0 && (bl == len || word[bl] == '_');
}

Inst *il_opword(ParseState *ps, const char *word, size_t len, Loc loc)
{
	Arena *a = &ps->m->arena;
	Inst *in = arena_alloc(a, sizeof *in);
	VEC(Mod) mods = {0};
	size_t bl, i;
	int op = lookup_base(word, len, &bl);
	if (op < 0) {
		ps_error(ps, loc, "unknown opcode '%.*s'", (int)len, word);
		return NULL;
	}
	in->loc = loc;
	in->op = (Opcode)op;
	in->word = arena_strndup(a, word, len);
	i = bl;
	if (i < len && word[i] == '(') {
		const char *close = memchr(word + i, ')', len - i);
		in->arg = arena_strndup(a, word + i + 1, (size_t)(close - word - i - 1));
		i = (size_t)(close - word) + 1;
	}
	while (i < len) {
		Mod m = {0};
		size_t s;
		if (word[i] != '_') {
			Loc ml = loc;
			ml.col += (int)i;
			ps_error(ps, ml, "malformed modifier in '%.*s'", (int)len, word);
			vec_free(&mods);
			return NULL;
		}
		m.loc = loc;
		m.loc.col += (int)i;
		s = ++i;
		while (i < len && word[i] != '_' && word[i] != '(')
			i++;
		if (i == s) {
			Loc ml = loc;
			ml.col += (int)i;
			ps_error(ps, ml, "empty modifier in '%.*s'", (int)len, word);
			vec_free(&mods);
			return NULL;
		}
		m.name = arena_strndup(a, word + s, i - s);
		if (i < len && word[i] == '(') {
			const char *close = memchr(word + i, ')', len - i);
			m.arg = arena_strndup(a, word + i + 1, (size_t)(close - word - i - 1));
			i = (size_t)(close - word) + 1;
		}
		vec_push(&mods, m);
	}
	in->nmods = (int)mods.n;
	in->mods = arena_alloc(a, mods.n * sizeof *in->mods);
	if (mods.n)
		memcpy(in->mods, mods.v, mods.n * sizeof *in->mods);
	vec_free(&mods);
	return in;
}

static const struct {
	const char *name; /* lower case, without the optional trailing 0 */
	Special sr;
} specials[] = {
	{"vtidingrp", SR_TID_IN_GRP},
	{"vtidingrpflat", SR_TID_IN_GRP_FLAT},
	{"vthreadgrpid", SR_THREAD_GRP_ID},
	{"vthreadgrpidflat", SR_THREAD_GRP_ID_FLAT},
	{"vabstid", SR_ABS_TID},
	{"vabstidflat", SR_ABS_TID_FLAT},
	{"vabstidflag", SR_ABS_TID_FLAT},
	{"vatid", SR_VA_TID},
	{"vtid", SR_TID_IN_GRP},
	{"vtgroupid", SR_THREAD_GRP_ID},
	{"vwincoord", SR_WIN_COORD},
};

static int digits(const char *s, long long *v)
{
	char *end;
	if (!isdigit((unsigned char)*s))
		return 0;
	*v = strtoll(s, &end, 10);
	return *end == 0;
}

/* Sets file and num of a named operand from its spelling. */
static int classify(ParseState *ps, Operand *o, int decl)
{
	char low[64];
	size_t i, n;
	long long v = 0;
	if (o->file == RF_NUMBER || o->file == RF_FLOAT || o->file == RF_WORD)
		return 0;
	if (o->file == RF_GROUP) {
		int k, bad = 0;
		for (k = 0; k < o->ngroup; k++)
			bad |= classify(ps, &o->group[k], decl);
		return bad;
	}
	n = strlen(o->name);
	if (n >= sizeof low)
		goto bad;
	for (i = 0; i <= n; i++)
		low[i] = (char)tolower((unsigned char)o->name[i]);
	if (o->index_reg && classify(ps, o->index_reg, 0))
		return 1;
	/* every special register's name starts with 'v': most operands skip the table */
	for (i = 0; low[0] == 'v' && i < NELEM(specials); i++) {
		size_t sl = strlen(specials[i].name);
		if (strncmp(low, specials[i].name, sl) == 0 &&
		    (low[sl] == 0 || (low[sl] == '0' && low[sl + 1] == 0))) {
			o->file = RF_SPECIAL;
			o->num = specials[i].sr;
			return 0;
		}
	}
	for (i = 0; low[0] == 'v' && i < NELEM(specials); i++)
		if (strncmp(low, specials[i].name, strlen(specials[i].name)) == 0)
			goto bad;
	if (low[0] == 'v' && isalpha((unsigned char)low[1])) {
		o->file = RF_SPECIAL;
		o->num = SR_OTHER;
		return 0;
	}
	if (strcmp(low, "mem") == 0) {
		o->file = RF_MEM;
		return 0;
	}
	if (strcmp(low, "tmr") == 0) {
		o->file = RF_TIMER;
		return 0;
	}
	if (strcmp(low, "g") == 0) {
		o->file = RF_GLOBAL;
		return 0;
	}
	if (strcmp(low, "icb") == 0) {
		o->file = RF_ICB;
		return 0;
	}
	if (low[0] == 'c' && low[1] == 'b' && digits(low + 2, &v))
		o->file = RF_CB;
	else if (strncmp(low, "mem", 3) == 0 && digits(low + 3, &v))
		o->file = RF_MEM;
	else if (strncmp(low, "out", 3) == 0 && digits(low + 3, &v))
		o->file = RF_OUT;
	else if (strncmp(low, "in", 2) == 0 && digits(low + 2, &v))
		o->file = RF_IN;
	else if (low[0] == 'r' && digits(low + 1, &v))
		o->file = RF_TEMP;
	else if (low[0] == 'l' && digits(low + 1, &v))
		o->file = RF_LITERAL;
	else if (low[0] == 'x' && digits(low + 1, &v))
		o->file = RF_ITEMP;
	else if (low[0] == 's' && low[1] == 'r' && digits(low + 2, &v))
		o->file = RF_SHARED;
	else if (low[0] == 'v' && digits(low + 1, &v))
		o->file = RF_VINPUT;
	else if (low[0] == 'o' && digits(low + 1, &v))
		o->file = RF_VOUTPUT;
	else
		goto bad;
	o->num = v;
	if (o->file == RF_LITERAL && o->has_index) {
		ps_error(ps, o->loc, "'%s' cannot be indexed", o->name);
		return 1;
	}
	if ((o->file == RF_CB || o->file == RF_ITEMP) && !o->has_index &&
	    !(o->file == RF_CB && 0)) {
		ps_error(ps, o->loc, "'%s' needs an index: %s[n]", o->name, o->name);
		return 1;
	}
	return 0;
bad:
	if (decl) {
		o->file = RF_WORD; /* flags and modes of declarations */
		return 0;
	}
	ps_error(ps, o->loc, "unknown register '%s'", o->name);
	return 1;
}

static void classify_func(ParseState *ps, Func *f)
{
	size_t i;
	int k;
	for (i = 0; i < f->code.n; i++) {
		Inst *in = &f->code.v[i];
		for (k = 0; k < in->nops; k++)
			classify(ps, &in->ops[k], il_ops[in->op].kind == K_DCL);
	}
}

/* A function's name is the comment on its header line ("func 1024 ; name"). */
static void name_funcs(Module *m)
{
	VEC(Func *) all = {0};
	size_t i;
	for (i = 0; i < m->funcs.n; i++)
		vec_push(&all, m->funcs.v[i]);
	for (i = 0; i < m->macros.n; i++)
		vec_push(&all, m->macros.v[i]);
	for (i = 0; i < all.n; i++) {
		Func *f = all.v[i];
		const Comment *c = il_comment_on_line(m, f->loc.file, f->loc.line);
		Loc next = f->code.n ? f->code.v[0].loc : f->end_loc;
		const char *s, *e;
		/* only a comment right after the header names it (one-line programs) */
		if (!c || c->loc.col < f->loc.col || (next.line == c->loc.line && next.col < c->loc.col))
			continue;
		for (s = c->text; *s == ' ' || *s == '\t'; s++)
			;
		for (e = s; *e && *e != ';'; e++)
			;
		for (; e > s && (e[-1] == ' ' || e[-1] == '\t'); e--)
			;
		f->name = arena_strndup(&m->arena, s, (size_t)(e - s));
	}
	vec_free(&all);
}

Module *il_parse(const char *file, const char *text, size_t len)
{
	ParseState ps = {0};
	yyscan_t scanner;
	YY_BUFFER_STATE buf;
	Module *m = xcalloc(1, sizeof *m);
	size_t i;
	int rc;

	ps.m = m;
	ps.file = m->file = intern(file);
	ps.line = ps.col = 1;
	ps.want_op = 1;
	diag_source(file, text, len);
	if (il_yylex_init_extra(&ps, &scanner))
		die("cannot create scanner");
	buf = il_yy_scan_bytes(text, (int)len, scanner);
	rc = il_yyparse(scanner, &ps);
	il_yy_delete_buffer(buf, scanner);
	il_yylex_destroy(scanner);
	{
		name_funcs(m);
		classify_func(&ps, &m->main);
		for (i = 0; i < m->funcs.n; i++)
			classify_func(&ps, m->funcs.v[i]);
		for (i = 0; i < m->macros.n; i++)
			classify_func(&ps, m->macros.v[i]);
	}
	if (rc != 0 && ps.cur && ps.cur != &m->main) {
		/* a function the grammar never finished is in no list yet */
		int listed = 0;
		for (i = 0; i < m->funcs.n; i++)
			listed |= m->funcs.v[i] == ps.cur;
		for (i = 0; i < m->macros.n; i++)
			listed |= m->macros.v[i] == ps.cur;
		if (!listed)
			vec_free(&ps.cur->code);
	}
	if (il_check(m) != 0 || rc != 0 || ps.errors != 0) {
		il_free(m);
		return NULL;
	}
	return m;
}
