/* macro.c - mcall expansion.
 *
 * AMD's compilers call IL macros (mdef(N)_out(k)_in(m) ... mend, and B14's
 * outlined mdefs) with "mcall(N) (outs), (ins)".  A macro's r# temporaries are
 * its own: AMD's macro library reuses r0/r1 in every macro and the compiler
 * calls macros from functions that use r0/r1 too (amdil.md 1.6).  in<j> and
 * out<j> are whole vec4 parameters.  expand_macros gives the translation a
 * kernel whose functions have every mcall replaced by
 *
 *   mov rI+j, <input j>         each input copied whole, its swizzle applied
 *   <body>                      r<n> -> rB+n, in<j> -> rI+j, out<j> -> rO+j,
 *                               literals it declares -> fresh l numbers
 *   mov <output j>, rO+j        under the output operand's write mask
 *
 * Fresh numbers start above every register and literal the module names, so a
 * macro never aliases its caller.  An outlined mdef (B14's kernel body) is the
 * exception: a subroutine whose r# are the kernel's (it passes arguments to
 * the functions it calls in r1), so only its in#/out# are renamed.  Indexed temporaries (B14's x0[] slots) are
 * shared with the caller, as AMD's outlined kernels use them across macros.
 * A macro the program does not define comes from AMD's macro library
 * (il_macro, src/ilparse/libmacro.c), expanded the same way.
 * The AMD emulator implements mcall on its own (amd_decode.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lowerint.h"

#define MACRO_DEPTH 32

typedef struct InstList {
	Inst *v;
	size_t n, cap;
} InstList;

static const char *numbered(Arena *a, char file, long long num)
{
	char b[32];
	snprintf(b, sizeof b, "%c%lld", file, num);
	return arena_strdup(a, b);
}

typedef struct Ex {
	Program *p;
	long long next_r, next_l;   /* fresh register / literal numbers */
	int bad;
} Ex;

typedef struct Frame {
	long long rbase, ibase, obase; /* r<n>, in<n>, out<n> become r<base+n> */
	long long *lfrom, *lto;        /* literals declared by the macro, renamed */
	int nl;
} Frame;

/* Register and literal numbers renamed apart stay below 2^63 when every
 * number in the program is below this: each expansion adds at most one
 * macro's largest number plus its parameters, and a program has fewer
 * than 2^30 instructions. */
#define RENAME_LIMIT 0xFFFFFFFFLL

static void max_num(const Operand *o, long long *mr, long long *ml, const Operand **big)
{
	int k;
	if (o->file == RF_TEMP && o->num > *mr)
		*mr = o->num;
	if (o->file == RF_LITERAL && o->num > *ml)
		*ml = o->num;
	if ((o->file == RF_TEMP || o->file == RF_LITERAL) && o->num > RENAME_LIMIT && !*big)
		*big = o;
	if (o->index_reg)
		max_num(o->index_reg, mr, ml, big);
	for (k = 0; o->file == RF_GROUP && k < o->ngroup; k++)
		max_num(&o->group[k], mr, ml, big);
}

static void max_in_func(const Func *f, long long *mr, long long *ml, const Operand **big)
{
	size_t i;
	int q;
	for (i = 0; i < f->code.n; i++)
		for (q = 0; q < f->code.v[i].nops; q++)
			max_num(&f->code.v[i].ops[q], mr, ml, big);
}

static Operand reg_operand(Ex *e, Loc loc, long long num, const char *comps)
{
	Operand o;
	memset(&o, 0, sizeof o);
	o.loc = loc;
	o.file = RF_TEMP;
	o.num = num;
	o.name = numbered(&e->p->m->arena, 'r', num);
	snprintf(o.comps, sizeof o.comps, "%s", comps);
	return o;
}

/* A copy of o in frame fr's names. */
static Operand rename_op(Ex *e, const Frame *fr, const Operand *o)
{
	Operand c = *o;
	int k;
	if (!fr)
		return c;
	if (o->index_reg) {
		c.index_reg = arena_alloc(&e->p->m->arena, sizeof *c.index_reg);
		*c.index_reg = rename_op(e, fr, o->index_reg);
	}
	if (o->file == RF_GROUP) {
		c.group = arena_alloc(&e->p->m->arena, (size_t)o->ngroup * sizeof *c.group);
		for (k = 0; k < o->ngroup; k++)
			c.group[k] = rename_op(e, fr, &o->group[k]);
		return c;
	}
	if (o->file == RF_TEMP || o->file == RF_IN || o->file == RF_OUT) {
		c.num = o->num + (o->file == RF_TEMP ? fr->rbase : o->file == RF_IN ? fr->ibase : fr->obase);
		c.file = RF_TEMP;
		c.name = numbered(&e->p->m->arena, 'r', c.num);
	} else if (o->file == RF_LITERAL) {
		for (k = 0; k < fr->nl; k++)
			if (fr->lfrom[k] == o->num) {
				c.num = fr->lto[k];
				c.name = numbered(&e->p->m->arena, 'l', c.num);
				break;
			}
	}
	return c;
}

static Inst copy_inst(Ex *e, const Frame *fr, const Inst *in)
{
	Inst c = *in;
	int q;
	c.ops = arena_alloc(&e->p->m->arena, (size_t)(in->nops ? in->nops : 1) * sizeof *c.ops);
	for (q = 0; q < in->nops; q++)
		c.ops[q] = rename_op(e, fr, &in->ops[q]);
	return c;
}

static void push_mov(Ex *e, InstList *out, Loc loc, Operand dst, Operand src)
{
	Inst m;
	memset(&m, 0, sizeof m);
	m.loc = loc;
	m.op = OP_MOV;
	m.word = "mov";
	m.nops = 2;
	m.ops = arena_alloc(&e->p->m->arena, 2 * sizeof *m.ops);
	m.ops[0] = dst;
	m.ops[1] = src;
	vec_push(out, m);
}

/* Why mcall(id) has no macro: the library's name of id when it is one. */
static void no_macro(Loc loc, long long id)
{
	const char *name = il_libmacro_name(id);
	if (name)
		diag_error(loc, "macro %lld (%s in AMD's 2011 macro library) is not defined in this file "
		           "and the translator has no text for it (docs/libmacro.md lists the built-in ones)",
		           id, name);
	else
		diag_error(loc, "macro %lld is not defined in this file and is not in AMD's 2011 macro "
		           "library (ids 0-%d)", id, il_libmacro_count() - 1);
}

static void expand_code(Ex *e, const Func *f, const Frame *fr, int depth, InstList *out);

static int has_call(const Func *f)
{
	size_t i;
	for (i = 0; i < f->code.n; i++)
		if (il_ops[f->code.v[i].op].kind == K_CALL)
			return 1;
	return 0;
}

/* Expands one mcall whose operands are already in the caller's names. */
static void expand_call(Ex *e, const Inst *in, int depth, InstList *out)
{
	const Operand *outs, *ins;
	const Func *mac;
	long long id, maxr = -1, maxl = -1;
	const Operand *big = NULL;
	Frame fr;
	int j, nl = 0;
	size_t i;
	char *end;
	id = in->arg ? strtoll(in->arg, &end, 10) : 0;
	if (!in->arg || !*in->arg || *end || in->nops != 2 || in->ops[0].file != RF_GROUP ||
	    in->ops[1].file != RF_GROUP) {
		diag_error(in->loc, "'mcall' takes a macro id and two lists: mcall(N) (outputs), (inputs)");
		e->bad = 1;
		return;
	}
	if (depth >= MACRO_DEPTH) {
		diag_error(in->loc, "macro %lld nests more than %d macro calls deep (recursive macros?)", id,
		           MACRO_DEPTH);
		e->bad = 1;
		return;
	}
	if (!(mac = il_macro(e->p->m, id))) {
		no_macro(in->loc, id);
		e->bad = 1;
		return;
	}
	outs = &in->ops[0], ins = &in->ops[1];
	if ((outs->ngroup != mac->nout || ins->ngroup != mac->nin) && mac->loc.file != e->p->m->file) {
		diag_error(in->loc, "mcall(%lld) passes %d output(s) and %d input(s); macro %lld of AMD's "
		           "library (%s) takes _out(%d)_in(%d)", id, outs->ngroup, ins->ngroup, id,
		           il_libmacro_name(id), mac->nout, mac->nin);
		e->bad = 1;
		return;
	}
	if (outs->ngroup != mac->nout || ins->ngroup != mac->nin) {
		diag_error(in->loc, "mcall(%lld) passes %d output(s) and %d input(s); the macro at line %d "
		           "takes _out(%d)_in(%d)", id, outs->ngroup, ins->ngroup, mac->loc.line,
		           mac->nout, mac->nin);
		e->bad = 1;
		return;
	}
	for (j = 0; j < outs->ngroup; j++)
		if (outs->group[j].file != RF_TEMP || outs->group[j].nmods) {
			diag_error(outs->group[j].loc, "a macro output must be a plain r# register");
			e->bad = 1;
			return;
		}
	/* a number past RENAME_LIMIT was refused by expand_macros (the
	 * program's) or cannot occur (the library's) */
	max_in_func(mac, &maxr, &maxl, &big);
	memset(&fr, 0, sizeof fr);
	if (mac->outline && depth == 0) {
		/* an outlined macro (B14's kernel body) called from a function
		 * is a subroutine whose r# are the kernel's: it passes arguments
		 * to the functions it calls in r1 (docs/real-il.md); only
		 * in#/out# are its own.  One it calls in turn keeps its r# to
		 * itself: AMD's compiler keeps the caller's values live in the
		 * same r# across such an mcall (own/macrocall's callk and poly
		 * both use r33). */
		fr.rbase = 0;
	} else {
		if (mac->outline && has_call(mac)) {
			diag_error(in->loc, "macro %lld is an outlined macro called from another macro and "
			           "calls a function: its registers are its own, the function's are the "
			           "kernel's, and which the call passes is not known", id);
			e->bad = 1;
			return;
		}
		fr.rbase = e->next_r;
		e->next_r += maxr + 1;
	}
	fr.ibase = e->next_r;
	e->next_r += mac->nin;
	fr.obase = e->next_r;
	e->next_r += mac->nout;
	for (i = 0; i < mac->code.n; i++)
		nl += mac->code.v[i].op == OP_DCL_LITERAL;
	fr.lfrom = arena_alloc(&e->p->m->arena, (size_t)(nl + 1) * sizeof *fr.lfrom);
	fr.lto = arena_alloc(&e->p->m->arena, (size_t)(nl + 1) * sizeof *fr.lto);
	for (i = 0; i < mac->code.n; i++)
		if (mac->code.v[i].op == OP_DCL_LITERAL && mac->code.v[i].nops &&
		    mac->code.v[i].ops[0].file == RF_LITERAL) {
			fr.lfrom[fr.nl] = mac->code.v[i].ops[0].num;
			fr.lto[fr.nl++] = e->next_l++;
		}
	for (j = 0; j < ins->ngroup; j++)
		push_mov(e, out, ins->group[j].loc, reg_operand(e, ins->group[j].loc, fr.ibase + j, ""),
		         ins->group[j]);
	expand_code(e, mac, &fr, depth + 1, out);
	for (j = 0; j < outs->ngroup; j++)
		push_mov(e, out, outs->group[j].loc, outs->group[j],
		         reg_operand(e, outs->group[j].loc, fr.obase + j, ""));
}

static void expand_code(Ex *e, const Func *f, const Frame *fr, int depth, InstList *out)
{
	size_t i;
	for (i = 0; i < f->code.n; i++) {
		const Inst *in = &f->code.v[i];
		Inst c;
		if (fr && in->op == OP_RET_DYN && i + 1 == f->code.n)
			continue; /* B14 bodies end "ret_dyn / mend": the end of the
			           * inlined body is where it returns to anyway */
		c = copy_inst(e, fr, in);
		if (fr && (in->op == OP_RET_DYN || il_ops[in->op].kind == K_RETDYN)) {
			diag_error(in->loc, "a return inside a macro body is not supported (macros are inlined)");
			e->bad = 1;
			continue;
		}
		if (in->op == OP_MCALL)
			expand_call(e, &c, depth, out);
		else
			vec_push(out, c);
	}
}

static int has_mcall(const Func *f)
{
	size_t i;
	for (i = 0; i < f->code.n; i++)
		if (f->code.v[i].op == OP_MCALL)
			return 1;
	return 0;
}

int expand_macros(Program *p, const Kernel *k, Kernel *out)
{
	Ex e;
	size_t i;
	long long mr = -1, ml = -1;
	const Operand *big = NULL;
	*out = *k;
	memset(&out->funcs, 0, sizeof out->funcs);
	memset(&e, 0, sizeof e);
	e.p = p;
	max_in_func(&p->m->main, &mr, &ml, &big);
	for (i = 0; i < p->m->funcs.n; i++)
		max_in_func(p->m->funcs.v[i], &mr, &ml, &big);
	for (i = 0; i < p->m->macros.n; i++)
		max_in_func(p->m->macros.v[i], &mr, &ml, &big);
	for (i = 0; big && i < k->funcs.n; i++)
		if (has_mcall(k->funcs.v[i])) {
			diag_error(big->loc, "'%s' is numbered above %lld, too high to rename a macro's "
			           "registers and literals apart from it", big->name ? big->name : "?",
			           RENAME_LIMIT);
			return -1;
		}
	/* a number past RENAME_LIMIT is harmless when nothing is renamed (no
	 * function of the kernel calls a macro), but its + 1 would overflow */
	e.next_r = big ? 0 : mr + 1;
	e.next_l = big ? 0 : ml + 1;
	for (i = 0; i < k->funcs.n; i++) {
		Func *f = k->funcs.v[i], *g;
		/* an outlined macro other than the wrapper is reached by mcall only:
		 * it is inlined where it is called */
		if (f->is_macro && f != k->wrapper)
			continue;
		if (!has_mcall(f)) {
			vec_push(&out->funcs, f);
			continue;
		}
		{
			InstList code = {0};
			expand_code(&e, f, NULL, 0, &code);
			/* the copy lives in the module's arena, like the original */
			g = arena_alloc(&p->m->arena, sizeof *g);
			*g = *f;
			g->code.v = arena_alloc(&p->m->arena, (code.n ? code.n : 1) * sizeof *code.v);
			if (code.n)
				memcpy(g->code.v, code.v, code.n * sizeof *code.v);
			g->code.n = g->code.cap = code.n;
			free(code.v);
		}
		if (f == k->wrapper)
			out->wrapper = g;
		vec_push(&out->funcs, g);
	}
	if (e.bad) {
		expand_macros_free(out);
		return -1;
	}
	return 0;
}

/* Frees the function list of an expanded kernel (the copies live in the
 * module's arena). */
void expand_macros_free(Kernel *k)
{
	vec_free(&k->funcs);
}
