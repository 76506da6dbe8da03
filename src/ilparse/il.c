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
	/* short forms: letters in order ("xz", "yw"), or "_" placeholders ("_y") */
	{
		int last = -1;
		for (i = 0; i < n; i++) {
			const char *p = strchr(names, o->comps[i]);
			int c;
			if (o->comps[i] == '_') {
				last = (int)i;
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

long long il_mod_int(const Mod *m, long long dflt)
{
	char *end;
	long long v;
	if (!m || !m->arg)
		return dflt;
	v = strtoll(m->arg, &end, 0);
	return *end ? dflt : v;
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

typedef struct Open {
	const Inst *in; /* the opener */
	int has_else;   /* if: an else was seen */
	int has_default;/* switch: a default was seen */
} Open;

static int bad_line(const Module *m, int line)
{
	size_t i;
	for (i = 0; i < m->error_lines.n; i++)
		if (m->error_lines.v[i] == line)
			return 1;
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
		Open o = {in, 0, 0};
		size_t k;
		int inside;
		if (oi->ndst >= 0 && oi->nsrc >= 0 && in->nops != oi->ndst + oi->nsrc &&
		    !bad_line(m, in->loc.line)) {
			diag_error(in->loc, "'%s' takes %d operand%s, found %d", oi->name,
			           oi->ndst + oi->nsrc, oi->ndst + oi->nsrc == 1 ? "" : "s", in->nops);
			bad = 1;
		}
		switch (oi->kind) {
		case K_IF:
		case K_LOOP:
		case K_SWITCH:
			vec_push(&st, o);
			break;
		case K_ELSE:
			if (!st.n || il_ops[st.v[st.n - 1].in->op].kind != K_IF || st.v[st.n - 1].has_else) {
				diag_error(in->loc, "'else' without a matching 'if'");
				bad = 1;
			} else {
				st.v[st.n - 1].has_else = 1;
			}
			break;
		case K_ENDIF:
		case K_ENDLOOP:
		case K_ENDSWITCH: {
			OpKind want = oi->kind == K_ENDIF ? K_IF : oi->kind == K_ENDLOOP ? K_LOOP : K_SWITCH;
			if (!st.n || il_ops[st.v[st.n - 1].in->op].kind != want) {
				if (st.n)
					diag_error(in->loc, "'%s' does not match the open '%s' at line %d",
					           oi->name, il_ops[st.v[st.n - 1].in->op].name,
					           st.v[st.n - 1].in->loc.line);
				else
					diag_error(in->loc, "'%s' without a matching opener", oi->name);
				bad = 1;
			} else {
				st.n--;
			}
			break;
		}
		case K_CASE:
			if (!st.n || il_ops[st.v[st.n - 1].in->op].kind != K_SWITCH) {
				diag_error(in->loc, "'%s' outside a 'switch'", oi->name);
				bad = 1;
			}
			break;
		case K_BREAK:
		case K_CONTINUE:
			inside = 0;
			for (k = 0; k < st.n; k++) {
				OpKind ok = il_ops[st.v[k].in->op].kind;
				if (ok == K_LOOP || (ok == K_SWITCH && oi->kind == K_BREAK))
					inside = 1;
			}
			if (!inside) {
				diag_error(in->loc, "'%s' outside a loop%s", oi->name,
				           oi->kind == K_BREAK ? " or switch" : "");
				bad = 1;
			}
			break;
		case K_RET:
			if (st.n) {
				diag_error(in->loc, "'ret' inside an open '%s' (use 'ret_dyn' to return early)",
				           il_ops[st.v[st.n - 1].in->op].name);
				bad = 1;
			}
			break;
		default:
			break;
		}
	}
	for (i = 0; i < st.n; i++) {
		diag_error(st.v[i].in->loc, "'%s' is not closed before the end of %s",
		           il_ops[st.v[i].in->op].name, what);
		bad = 1;
	}
	vec_free(&st);
	return bad;
}

int il_check(Module *m)
{
	size_t i, j;
	int bad = check_body(m, &m->main, "main");
	for (i = 0; i < m->funcs.n; i++) {
		Func *f = m->funcs.v[i];
		bad |= check_body(m, f, f->is_macro ? "the macro" : "the function");
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
	arena_free(&m->arena);
	free(m);
}
