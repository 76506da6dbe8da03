/* il.c - the opcode table and queries on the IL model; il_check verifies
 * the structure the grammar leaves flat (if/loop/switch nesting, operand
 * counts, unique function ids). */
#include <stdlib.h>
#include <string.h>

#include "il.h"

const OpInfo il_ops[OP_COUNT] = {
#define OP(id, name, kind, nd, ns) {name, kind, nd, ns},
#include "opcodes.h"
#undef OP
	{";$$$$$$$$$$", K_CALL, 0, 0},
};

static const char *const special_names[SR_COUNT] = {
	"vTidInGrp", "vTidInGrpFlat", "vThreadGrpId", "vThreadGrpIdFlat",
	"vAbsTid", "vAbsTidFlat", "vaTid", "vWinCoord", "v?",
};

const char *il_special_name(Special s)
{
	return s < SR_COUNT ? special_names[s] : "?";
}

static int selector(char c)
{
	switch (c) {
	case 'x': return SEL_X;
	case 'y': return SEL_Y;
	case 'z': return SEL_Z;
	case 'w': return SEL_W;
	case '0': return SEL_0;
	case '1': return SEL_1;
	default: return -1;
	}
}

int il_swizzle(const Operand *o, int sel[4])
{
	size_t n = strlen(o->comps), i;
	if (n == 0) {
		for (i = 0; i < 4; i++)
			sel[i] = (int)i;
		return 0;
	}
	if (n > 4)
		return -1;
	/* fewer than four selectors: the last one repeats (".xyz" = ".xyzz") */
	for (i = 0; i < 4; i++) {
		sel[i] = selector(o->comps[i < n ? i : n - 1]);
		if (sel[i] < 0)
			return -1;
	}
	return 0;
}

int il_wmask(const Operand *o, int m[4])
{
	static const char names[] = "xyzw";
	size_t n = strlen(o->comps), i;
	if (n == 0) {
		for (i = 0; i < 4; i++)
			m[i] = WM_WRITE;
		return 0;
	}
	for (i = 0; i < 4; i++)
		m[i] = WM_SKIP;
	if (n == 4) {
		for (i = 0; i < 4; i++) {
			char c = o->comps[i];
			if (c == names[i])
				m[i] = WM_WRITE;
			else if (c == '0')
				m[i] = WM_ZERO;
			else if (c == '1')
				m[i] = WM_ONE;
			else if (c != '_')
				return -1;
		}
		return 0;
	}
	/* short forms: letters in order ("xz", "yw"), "_" placeholders ("_y",
	 * also after a letter: "z_w"), and the constant selectors of CAL-era
	 * code: a letter names its own component, "0" and "1" the one after the
	 * last named (".x0" writes x and 0 into y, ".0y" 0 into x: brcc output;
	 * ".y00" y and 0 into z and w: a hand-written CAL correlator).  Each
	 * names a component after those already named, so ".0x" is refused. */
	if (n > 4)
		return -1;
	{
		int last = -1;
		for (i = 0; i < n; i++) {
			const char *p = strchr(names, o->comps[i]);
			int c;
			if (o->comps[i] == '_') { /* the component of its position, if not passed */
				if ((int)i > last)
					last = (int)i;
				continue;
			}
			if (o->comps[i] == '0' || o->comps[i] == '1') {
				if (++last > 3)
					return -1;
				m[last] = o->comps[i] == '0' ? WM_ZERO : WM_ONE;
				continue;
			}
			if (!p || !*p)
				return -1;
			c = (int)(p - names);
			if (c <= last)
				return -1;
			m[c] = WM_WRITE;
			last = c;
		}
	}
	return 0;
}

/* Instruction modifiers AMD's compilers and the IL documentation use. */
int il_known_mod(const char *name)
{
	static const char *const known[] = {
		"id", "resource", "sampler", "coordtype", "cached", "aligned", "size", "addr", "arena",
		"b64", "64", "uint", "fine", "value", "op", "sat", "ieee", "zeroop", "relop", "x2", "x4",
		"x8", "d2", "d4", "d8", "rte", "rtp", "rtn", "rtz", "threads", "lds", "memory", "gds",
		"gws", "mem", "read", "write", "only", "sr", "lOffset", "neighborExch", "sharingMode",
		"out", "in", "outline", "aoffimmi", "stride", "length", "access", "type", "fmtx", "fmty",
		"fmtz", "fmtw", "shared", "center", "centroid", "sample", "interp", "generic", "usage",
	};
	size_t i;
	for (i = 0; i < NELEM(known); i++)
		if (strcmp(known[i], name) == 0)
			return 1;
	return 0;
}

const Mod *il_mod(const Mod *mods, int n, const char *name)
{
	int i;
	for (i = 0; i < n; i++)
		if (strcmp(mods[i].name, name) == 0)
			return &mods[i];
	return NULL;
}

const Mod *il_inst_mod(const Inst *in, const char *name)
{
	return il_mod(in->mods, in->nmods, name);
}

int il_dcl_usage(const Inst *in, const char *usage)
{
	const Mod *m = il_inst_mod(in, "usage");
	return il_inst_mod(in, usage) || (m && m->arg && strcmp(m->arg, usage) == 0);
}

long long il_mod_int(const Mod *m, long long dflt)
{
	char *end;
	long long v;
	if (!m || !m->arg)
		return dflt;
	v = strtoll(m->arg, &end, 0);
	return *end ? dflt : v;
}

const Operand *il_call_target(const Inst *in)
{
	int i;
	for (i = in->nops; i-- > 0;)
		if (in->ops[i].file == RF_NUMBER)
			return &in->ops[i];
	return NULL;
}

const Operand *il_call_cond(const Inst *in)
{
	int i;
	for (i = 0; in->op != OP_CALL && i < in->nops; i++)
		if (in->ops[i].file != RF_NUMBER)
			return &in->ops[i];
	return NULL;
}

Func *il_func(Module *m, long long id)
{
	size_t i;
	for (i = 0; i < m->funcs.n; i++)
		if (m->funcs.v[i]->id == id)
			return m->funcs.v[i];
	return NULL;
}

const Comment *il_comment_on_line(const Module *m, const char *file, int line)
{
	size_t lo = 0, hi = m->comments.n;
	(void)file;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (m->comments.v[mid].loc.line < line)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < m->comments.n && m->comments.v[lo].loc.line == line ? &m->comments.v[lo] : NULL;
}

typedef struct Case {
	long long v;
	const Inst *in;
} Case;

typedef struct Open {
	const Inst *in;        /* the opener */
	const Inst *else_;     /* if: its else */
	const Inst *default_;  /* switch: its default */
	VEC(Case) cases;       /* switch: its case lines (checked for duplicates at its end) */
	size_t loops;          /* loops and switches open at and below this one */
	size_t whiles;         /* loops alone */
} Open;

static int case_cmp(const void *a, const void *b)
{
	const Case *x = a, *y = b;
	if (x->v != y->v)
		return x->v < y->v ? -1 : 1;
	return x->in < y->in ? -1 : x->in > y->in;
}

/* Duplicate case values of one switch, each reported at its later line:
 * sorted, so a switch with many cases costs n log n, not n^2. */
static int dup_cases(Open *o)
{
	size_t k;
	int bad = 0;
	if (o->cases.n < 2)
		return 0;
	qsort(o->cases.v, o->cases.n, sizeof *o->cases.v, case_cmp);
	for (k = 1; k < o->cases.n; k++)
		if (o->cases.v[k].v == o->cases.v[k - 1].v) {
			diag_error(o->cases.v[k].in->loc, "duplicate 'case %lld' in the 'switch' at line %d",
			           o->cases.v[k].v, o->in->loc.line);
			bad = 1;
		}
	return bad;
}

static const char *opener_of(OpKind closer)
{
	return closer == K_ENDIF ? "if" : closer == K_ENDLOOP ? "whileloop" : "switch";
}

/* Arguments of the instruction modifiers whose values are a closed set. */
static int check_inst_mods(const Inst *in)
{
	/* flat: 1 for the CI flat_load/flat_store sizes (the AMDIL backend's
	 * FLAT_LOAD_* / FLAT_STORE_* texts), 0 for every other instruction */
	static const struct { const char *mod, *vals, *what; int flat; } sets[] = {
		{"relop", "eq, ne, gt, ge, lt, le", "comparison", 0},
		{"zeroop", "fltmax, zero, infinity, inf_else_max", "zero policy", 0},
		{"coordtype", "normalized, unnormalized", "coordinate type", 0},
		{"size", "byte, short, dword", "access size", 0},
		{"size", "ubyte, sbyte, ushort, sshort, dword, dwordx2, dwordx3, dwordx4", "access size", 1},
	};
	int flat = in->op == OP_FLAT_LOAD || in->op == OP_FLAT_STORE;
	static const char *const numeric[] = {"id", "resource", "sampler"};
	int i, bad = 0;
	size_t k;
	for (i = 0; i < in->nmods; i++) {
		const Mod *m = &in->mods[i];
		for (k = 0; k < NELEM(sets); k++) {
			size_t n = m->arg ? strlen(m->arg) : 0;
			const char *p;
			int found = 0;
			if (strcmp(m->name, sets[k].mod) || (!strcmp(m->name, "size") && sets[k].flat != flat))
				continue;
			for (p = sets[k].vals; *p && m->arg; p += strcspn(p, ","), p += *p ? 2 : 0)
				if (strcspn(p, ",") == n && strncmp(p, m->arg, n) == 0)
					found = 1;
			if (!found) {
				diag_error(m->loc, "unknown %s '%s' in '_%s(%s)' (%s)", sets[k].what,
				           m->arg ? m->arg : "", m->name, m->arg ? m->arg : "", sets[k].vals);
				bad = 1;
			}
		}
		for (k = 0; k < NELEM(numeric); k++) {
			char *end;
			if (strcmp(m->name, numeric[k]) || il_ops[in->op].kind == K_DCL)
				continue;
			if (!m->arg || !*m->arg) {
				diag_error(m->loc, "'_%s(%s)' needs a number", m->name, m->arg ? m->arg : "");
				bad = 1;
			} else {
				strtoll(m->arg, &end, 0);
				if (*end) {
					diag_error(m->loc, "'_%s(%s)' needs a number, found '%s'", m->name, m->arg, m->arg);
					bad = 1;
				}
			}
		}
	}
	return bad;
}

/* Swizzles, write masks and operand modifiers, by the operand's role
 * (0 source, 1 destination, 2 destination by its shape only). */
static int check_operand(const Inst *in, const Operand *o, int is_dst)
{
	int sel[4], bad = 0, i;
	if (o->comps[0] && o->file != RF_NUMBER && o->file != RF_FLOAT && o->file != RF_GROUP) {
		Loc l = o->comps_loc.line ? o->comps_loc : o->loc;
		if (is_dst && il_wmask(o, sel)) {
			diag_error(l, "malformed write mask '.%s'", o->comps);
			bad = 1;
		} else if (!is_dst && il_swizzle(o, sel)) {
			diag_error(l, "malformed swizzle '.%s'", o->comps);
			bad = 1;
		}
	}
	for (i = 0; i < o->nmods; i++) {
		const Mod *m = &o->mods[i];
		if (!strcmp(m->name, "sat")) {
			diag_error(m->loc, "'_sat' is an instruction modifier, not a source modifier");
			bad = 1;
		} else if (is_dst == 1) {
			diag_error(m->loc, "source modifier '_%s' on a destination operand", m->name);
			bad = 1;
		} else if (!strcmp(m->name, "neg") && m->arg) {
			const char *p;
			for (p = m->arg; *p; p++)
				if (!strchr("xyzw", *p)) {
					diag_error(m->loc, "'_neg(%s)': '%c' is not a component (x, y, z, w)", m->arg, *p);
					bad = 1;
					break;
				}
		}
	}
	(void)in;
	return bad;
}

static int check_operands(const Module *m, const Inst *in)
{
	const OpInfo *oi = &il_ops[in->op];
	int i, bad = 0;
	if (oi->kind == K_DCL || in->op == OP_PSEUDO_CALL)
		return 0;
	bad |= check_inst_mods(in);
	if (oi->ndst == 1 && in->nops > 0 && in->ops[0].file == RF_LITERAL) {
		diag_error(in->ops[0].loc, "literal register '%s' cannot be written", in->ops[0].name);
		bad = 1;
	}
	for (i = 0; i < in->nops; i++) {
		int role = oi->ndst == 1 && i == 0;
		int sel[4];
		/* operand counts not in the table: the first may be either */
		if (oi->ndst < 0 && i == 0 && !il_wmask(&in->ops[0], sel))
			role = 2;
		bad |= check_operand(in, &in->ops[i], role);
		if (in->ops[i].file == RF_GROUP && in->op != OP_MCALL) {
			diag_error(in->ops[i].loc, "a parenthesised operand list belongs to mcall only");
			bad = 1;
		}
	}
	if ((oi->kind == K_CALL) && in->op != OP_MCALL) {
		for (i = 0; i < in->nops; i++)
			if (in->ops[i].file == RF_NUMBER && !il_func((Module *)m, in->ops[i].num)) {
				diag_error(in->ops[i].loc, "call to undefined function %lld", in->ops[i].num);
				bad = 1;
			}
	}
	return bad;
}

/* Lines the parser already diagnosed; recorded in increasing order, so a
 * binary search keeps a file full of errors linear-logarithmic. */
static int bad_line(const Module *m, int line)
{
	size_t lo = 0, hi = m->error_lines.n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (m->error_lines.v[mid] == line)
			return 1;
		if (m->error_lines.v[mid] < line)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

static int check_body(const Module *m, const Func *f, const char *what)
{
	VEC(Open) st = {0};
	size_t i;
	int bad = 0;
	for (i = 0; i < f->code.n; i++) {
		const Inst *in = &f->code.v[i];
		const OpInfo *oi = &il_ops[in->op];
		Open o;
		Open *top = st.n ? &st.v[st.n - 1] : NULL;
		int inside;
		memset(&o, 0, sizeof o);
		o.in = in;
		if (bad_line(m, in->loc.line))
			continue;
		if (oi->ndst >= 0 && oi->nsrc >= 0 && in->nops != oi->ndst + oi->nsrc) {
			diag_error(in->loc, "'%s' takes %d operand%s, found %d", oi->name,
			           oi->ndst + oi->nsrc, oi->ndst + oi->nsrc == 1 ? "" : "s", in->nops);
			bad = 1;
		}
		bad |= check_operands(m, in);
		switch (oi->kind) {
		case K_IF:
		case K_LOOP:
		case K_SWITCH:
			o.loops = (top ? top->loops : 0) + (oi->kind != K_IF);
			o.whiles = (top ? top->whiles : 0) + (oi->kind == K_LOOP);
			vec_push(&st, o);
			break;
		case K_ELSE:
			if (!top || il_ops[top->in->op].kind != K_IF) {
				diag_error(in->loc, "'else' without a matching 'if'");
				bad = 1;
			} else if (top->else_) {
				diag_error(in->loc, "second 'else' for the '%s' at line %d", il_ops[top->in->op].name,
				           top->in->loc.line);
				bad = 1;
			} else {
				top->else_ = in;
			}
			break;
		case K_ENDIF:
		case K_ENDLOOP:
		case K_ENDSWITCH: {
			OpKind want = oi->kind == K_ENDIF ? K_IF : oi->kind == K_ENDLOOP ? K_LOOP : K_SWITCH;
			if (!top) {
				diag_error(in->loc, "'%s' without a matching '%s'", oi->name, opener_of(oi->kind));
				bad = 1;
			} else if (il_ops[top->in->op].kind != want) {
				diag_error(in->loc, "'%s' does not match the open '%s' at line %d", oi->name,
				           il_ops[top->in->op].name, top->in->loc.line);
				bad = 1;
			} else {
				bad |= dup_cases(top);
				vec_free(&top->cases);
				st.n--;
			}
			break;
		}
		case K_CASE:
			if (!top || il_ops[top->in->op].kind != K_SWITCH) {
				diag_error(in->loc, "'%s' outside a 'switch'", oi->name);
				bad = 1;
			} else if (in->op == OP_DEFAULT) {
				if (top->default_) {
					diag_error(in->loc, "second 'default' in the 'switch' at line %d", top->in->loc.line);
					bad = 1;
				}
				top->default_ = in;
			} else if (in->nops == 1 && in->ops[0].file == RF_NUMBER) {
				Case c;
				c.v = in->ops[0].num;
				c.in = in;
				vec_push(&top->cases, c);
			}
			break;
		case K_BREAK:
		case K_CONTINUE:
			inside = top && (oi->kind == K_BREAK ? top->loops : top->whiles) > 0;
			if (!inside) {
				diag_error(in->loc, "'%s' outside a loop%s", oi->name,
				           oi->kind == K_BREAK ? " or switch" : "");
				bad = 1;
			}
			break;
		case K_RET:
			if (top) {
				diag_error(in->loc, "'ret' inside an open '%s' (use 'ret_dyn' to return early)",
				           il_ops[top->in->op].name);
				bad = 1;
			}
			break;
		default:
			break;
		}
	}
	for (i = 0; i < st.n; i++) {
		bad |= dup_cases(&st.v[i]);
		diag_error(st.v[i].in->loc, "'%s' is not closed before the end of %s",
		           il_ops[st.v[i].in->op].name, what);
		vec_free(&st.v[i].cases);
		bad = 1;
	}
	vec_free(&st);
	return bad;
}

void il_nest(const Func *f, size_t **close, size_t **else_at)
{
	size_t n = f->code.n, i, *c = xmalloc(sizeof *c * (n + 1)), *e = xmalloc(sizeof *e * (n + 1));
	VEC(size_t) st = {0};
	for (i = 0; i < n; i++) {
		OpKind k = il_ops[f->code.v[i].op].kind;
		c[i] = e[i] = 0;
		if (k == K_IF || k == K_LOOP || k == K_SWITCH) {
			c[i] = n;
			vec_push(&st, i);
		} else if (k == K_ELSE && st.n) {
			e[st.v[st.n - 1]] = i;
		} else if ((k == K_ENDIF || k == K_ENDLOOP || k == K_ENDSWITCH) && st.n) {
			c[st.v[--st.n]] = i;
		}
	}
	vec_free(&st);
	*close = c;
	*else_at = e;
}

/* The name in the comment right after a func/endfunc word (nothing else
 * before it on the line from l on), trimmed; NULL if none. */
static char *line_name(const Module *m, Loc l, Loc next, char *buf, size_t n)
{
	const Comment *c = il_comment_on_line(m, l.file, l.line);
	const char *s, *e;
	if (!c || !l.line || c->loc.col < l.col || (next.line == c->loc.line && next.col < c->loc.col))
		return NULL;
	for (s = c->text; *s == ' ' || *s == '\t'; s++)
		;
	for (e = s; *e && *e != ';'; e++)
		;
	while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
		e--;
	snprintf(buf, n, "%.*s", (int)(e - s), s);
	return buf[0] ? buf : NULL;
}

static int check_names(const Module *m, const Func *f, Loc after_end)
{
	char a[128], b[128];
	Loc first = f->code.n ? f->code.v[0].loc : f->end_loc;
	const char *fn = line_name(m, f->loc, first, a, sizeof a);
	const char *en = line_name(m, f->end_loc, after_end, b, sizeof b);
	if (f->is_macro || f->open_end || !fn || !en || strcmp(fn, en) == 0)
		return 0;
	diag_error(f->end_loc, "'endfunc ; %s' does not match 'func %lld ; %s' at line %d", en, f->id, fn,
	           f->loc.line);
	return 1;
}

int il_check(Module *m)
{
	size_t i, j;
	int bad = check_body(m, &m->main, "main");
	for (i = 0; i < m->funcs.n; i++) {
		Func *f = m->funcs.v[i];
		bad |= check_body(m, f, f->is_macro ? "the macro" : "the function");
		bad |= check_names(m, f, i + 1 < m->funcs.n ? m->funcs.v[i + 1]->loc : m->end_loc);
		for (j = 0; j < i; j++)
			if (m->funcs.v[j]->id == f->id) {
				diag_error(f->loc, "duplicate function id %lld", f->id);
				diag_note(m->funcs.v[j]->loc, "first defined here");
				bad = 1;
				break;
			}
	}
	for (i = 0; i < m->macros.n; i++) {
		Func *f = m->macros.v[i];
		bad |= check_body(m, f, "the macro");
		for (j = 0; j < i; j++)
			if (m->macros.v[j]->id == f->id) {
				diag_error(f->loc, "duplicate macro id %lld", f->id);
				diag_note(m->macros.v[j]->loc, "first defined here");
				bad = 1;
				break;
			}
	}
	return bad;
}

void il_free(Module *m)
{
	size_t i;
	if (!m)
		return;
	vec_free(&m->main.code);
	for (i = 0; i < m->funcs.n; i++)
		vec_free(&m->funcs.v[i]->code);
	for (i = 0; i < m->macros.n; i++)
		vec_free(&m->macros.v[i]->code);
	vec_free(&m->funcs);
	vec_free(&m->macros);
	vec_free(&m->comments);
	vec_free(&m->error_lines);
	for (i = 0; i < m->library.n; i++)
		il_free(m->library.v[i]);
	vec_free(&m->library);
	arena_free(&m->arena);
	free(m);
}
