/* provenance.c - which pointer argument each UAV address derives from.
 *
 * requires: a linked kernel; provides: for each uav_* access, the argument
 * index of its base, or PV_NONPTR / PV_TOP / PV_UNDEF.
 *
 * A forward abstract interpretation over register components.  Values:
 * PV_UNDEF (nothing known yet, the join identity), PV_NONPTR, an argument
 * index k >= 0, PV_TOP (two different bases).  A pointer plus a non-pointer
 * keeps the pointer's base; a join of a base with a non-pointer keeps the
 * base (the non-pointer can only be NULL or an offset that is never
 * dereferenced).  Structured control flow joins at endif/endloop, loops run
 * to a fixpoint, calls are walked at each call site (context-sensitive) and
 * the results of all contexts are joined per instruction.  Values loaded
 * from memory are non-pointers: AMD OpenCL 1.x kernels cannot receive
 * pointers through buffers.
 */
#include <stdlib.h>
#include <string.h>

#include "translate.h"

typedef struct State {
	int *v;        /* 4 per register slot */
} State;

typedef struct Walk {
	Program *p;
	Kernel *k;
	int nregs;            /* register slots */
	VEC(long long) regs;  /* register number of each slot */
	Provenance *out;
	int depth;
	int bad;
	int ctx;              /* calling context being walked */
} Walk;

typedef struct LoopCtx {
	State brk, cont;
	int is_switch;
	State entry;          /* switch: the state before it, where each case starts too */
} LoopCtx;

static int join1(int a, int b)
{
	if (a == b || b == PV_UNDEF)
		return a;
	if (a == PV_UNDEF)
		return b;
	if (a == PV_NONPTR)
		return b;
	if (b == PV_NONPTR)
		return a;
	return PV_TOP;
}

static int slot(Walk *w, long long r)
{
	size_t i;
	for (i = 0; i < w->regs.n; i++)
		if (w->regs.v[i] == r)
			return (int)i;
	return -1;
}

static State st_new(Walk *w)
{
	State s;
	int i;
	s.v = xmalloc(sizeof(int) * 4 * (size_t)w->nregs + 1);
	for (i = 0; i < 4 * w->nregs; i++)
		s.v[i] = PV_UNDEF;
	return s;
}

static State st_copy(Walk *w, State a)
{
	State s = st_new(w);
	memcpy(s.v, a.v, sizeof(int) * 4 * (size_t)w->nregs);
	return s;
}

static void st_join(Walk *w, State *into, State b)
{
	int i;
	for (i = 0; i < 4 * w->nregs; i++)
		into->v[i] = join1(into->v[i], b.v[i]);
}

static int st_eq(Walk *w, State a, State b)
{
	return memcmp(a.v, b.v, sizeof(int) * 4 * (size_t)w->nregs) == 0;
}

static void st_clear(Walk *w, State *s)
{
	int i;
	for (i = 0; i < 4 * w->nregs; i++)
		s->v[i] = PV_UNDEF;
}

static void record(Walk *w, const Inst *in, int v)
{
	size_t i;
	Provenance *o = w->out;
	for (i = 0; w->ctx >= 0 && i < o->cinsts.n; i++)
		if (o->cinsts.v[i] == in && o->cctx.v[i] == w->ctx)
			break;
	if (w->ctx < 0) {
		/* past the context limit: joined results only */
	} else if (i < o->cinsts.n) {
		o->cbase.v[i] = join1(o->cbase.v[i], v);
	} else {
		vec_push(&o->cinsts, in);
		vec_push(&o->cctx, w->ctx);
		vec_push(&o->cbase, v);
	}
	for (i = 0; i < o->insts.n; i++)
		if (o->insts.v[i] == in) {
			o->base.v[i] = join1(o->base.v[i], v);
			return;
		}
	vec_push(&o->insts, in);
	vec_push(&o->base, v);
}

/* The context of a call from context `parent` (created on first use). */
static int enter(Walk *w, const Func *g, const Inst *call)
{
	size_t i;
	PvCtx c;
	if (w->ctx < 0)
		return -1;
	for (i = 0; i < w->out->ctx.n; i++)
		if (w->out->ctx.v[i].parent == w->ctx && w->out->ctx.v[i].call == call)
			return (int)i;
	if (w->out->ctx.n >= PV_MAX_CTX) {
		/* deep call trees: no clones (each new path would rescan the
		 * others); the joined results stand */
		w->out->ctx_overflow = 1;
		return -1;
	}
	c.f = g;
	c.parent = w->ctx;
	c.call = call;
	vec_push(&w->out->ctx, c);
	return (int)w->out->ctx.n - 1;
}

/* Value of component c (after swizzle) of a source operand. */
static int src_val(Walk *w, State *s, const Operand *o, int c)
{
	int sel[4];
	size_t i;
	if (il_swizzle(o, sel) || sel[c] > SEL_W)
		return PV_NONPTR;
	if (o->file == RF_TEMP) {
		int k = slot(w, o->num);
		return k < 0 ? PV_UNDEF : s->v[4 * k + sel[c]];
	}
	if (o->file == RF_CB && o->num == 0 && !o->index_reg && o->index_imm == 8 && sel[c] == SEL_X)
		return PV_DATASEG;
	if (o->file == RF_CB && o->num == 0 && !o->index_reg && o->index_imm == 8 && sel[c] == SEL_Y)
		return PV_PRINTF;
	if (o->file == RF_CB && o->num == 1 && !o->index_reg && sel[c] == SEL_X) {
		int byte = (int)o->index_imm * 16;
		for (i = 0; i < w->k->md->args.n; i++) {
			const MdArg *a = &w->k->md->args.v[i];
			if (a->kind == MA_POINTER && a->cb == 1 && a->offset == byte)
				return a->index;
		}
	}
	return PV_NONPTR;
}

static void def(Walk *w, State *s, const Inst *in, int vals[4])
{
	int m[4], c, k;
	const Operand *d = &in->ops[0];
	if (d->file != RF_TEMP || il_wmask(d, m))
		return;
	k = slot(w, d->num);
	if (k < 0)
		return;
	for (c = 0; c < 4; c++)
		if (m[c] == WM_WRITE)
			s->v[4 * k + c] = vals[c];
		else if (m[c] != WM_SKIP)
			s->v[4 * k + c] = PV_NONPTR;
}

static int is_mem(Opcode op)
{
	const char *n = il_ops[op].name;
	return strncmp(n, "uav_", 4) == 0;
}

static void transfer(Walk *w, State *s, const Inst *in)
{
	int vals[4], c;
	const OpInfo *oi = &il_ops[in->op];
	if (is_mem(in->op)) {
		const Operand *addr = NULL;
		if (in->op == OP_UAV_RAW_LOAD || in->op == OP_UAV_BYTE_LOAD || in->op == OP_UAV_UBYTE_LOAD ||
		    in->op == OP_UAV_SHORT_LOAD || in->op == OP_UAV_USHORT_LOAD || in->op == OP_UAV_ARENA_LOAD)
			addr = in->nops > 1 ? &in->ops[1] : NULL;
		else if (in->nops >= 2 && in->ops[0].file == RF_MEM)
			addr = &in->ops[1];
		else if (in->nops >= 2 && oi->kind == K_INST && strncmp(oi->name, "uav_read_", 9) == 0)
			addr = &in->ops[1];
		else if (in->nops >= 1)
			addr = &in->ops[0];
		if (addr)
			record(w, in, src_val(w, s, addr, 0));
	}
	if (oi->kind == K_INST && in->nops > 0 && oi->ndst < 0 && in->ops[0].file == RF_TEMP &&
	    (strncmp(oi->name, "uav_read_", 9) == 0 || strncmp(oi->name, "lds_read_", 9) == 0 ||
	     strncmp(oi->name, "gds_read_", 9) == 0)) {
		/* a returning atomic: its destination holds loaded data */
		for (c = 0; c < 4; c++)
			vals[c] = PV_NONPTR;
		def(w, s, in, vals);
		return;
	}
	if (oi->kind != K_INST || in->nops == 0 || oi->ndst != 1)
		return;
	for (c = 0; c < 4; c++)
		vals[c] = PV_NONPTR;
	switch (in->op) {
	case OP_MOV:
		for (c = 0; c < 4; c++)
			vals[c] = in->nops > 1 ? src_val(w, s, &in->ops[1], c) : PV_NONPTR;
		break;
	case OP_IADD:
	case OP_IAND:
	case OP_AND:
	case OP_IOR:
	case OP_IXOR:
		for (c = 0; c < 4 && in->nops > 2; c++) {
			int a = src_val(w, s, &in->ops[1], c), b = src_val(w, s, &in->ops[2], c);
			int pa = a >= 0 || a == PV_TOP, pb = b >= 0 || b == PV_TOP;
			vals[c] = pa && pb ? (in->op == OP_IADD ? PV_NONPTR : PV_TOP) :
			          pa ? a : pb ? b : PV_NONPTR;
		}
		break;
	case OP_CMOV_LOGICAL:
		for (c = 0; c < 4 && in->nops > 3; c++)
			vals[c] = join1(src_val(w, s, &in->ops[2], c), src_val(w, s, &in->ops[3], c));
		break;
	default:
		break;
	}
	def(w, s, in, vals);
}

typedef VEC(LoopCtx *) LoopStack;

typedef struct Frame {
	State ret;           /* joined at ret_dyn */
} Frame;

/* The kernel's copy of function id (expand_macros may have replaced the
 * module's), NULL when the call closure lacks it. */
static Func *kernel_func(const Kernel *k, long long id)
{
	size_t i;
	for (i = 0; i < k->funcs.n; i++)
		if (k->funcs.v[i]->id == id && !(k->funcs.v[i]->is_macro && k->funcs.v[i] != k->wrapper))
			return k->funcs.v[i];
	return NULL;
}

static int walk_func(Walk *w, Func *f, State *s);

/* Index of the matching closer for the opener at i (endif/else, endloop, endswitch). */
static size_t match(const Func *f, size_t i, size_t *else_at)
{
	int depth = 0;
	size_t j;
	*else_at = 0;
	for (j = i; j < f->code.n; j++) {
		OpKind k = il_ops[f->code.v[j].op].kind;
		if (k == K_IF || k == K_LOOP || k == K_SWITCH)
			depth++;
		else if (k == K_ENDIF || k == K_ENDLOOP || k == K_ENDSWITCH) {
			if (--depth == 0)
				return j;
		} else if (k == K_ELSE && depth == 1)
			*else_at = j;
	}
	return f->code.n;
}

/* Does the switch opened at i have a default at its own level? */
static int has_default(const Func *f, size_t i)
{
	int depth = 0;
	size_t j;
	for (j = i + 1; j < f->code.n; j++) {
		OpKind k = il_ops[f->code.v[j].op].kind;
		if (k == K_IF || k == K_LOOP || k == K_SWITCH)
			depth++;
		else if (k == K_ENDIF || k == K_ENDLOOP || (k == K_ENDSWITCH && depth > 0))
			depth--;
		else if (k == K_ENDSWITCH)
			return 0;
		else if (f->code.v[j].op == OP_DEFAULT && depth == 0)
			return 1;
	}
	return 0;
}

static void walk_range(Walk *w, Func *f, size_t from, size_t to, State *s, LoopStack *loops, Frame *fr)
{
	size_t i;
	for (i = from; i < to; i++) {
		const Inst *in = &f->code.v[i];
		OpKind k = il_ops[in->op].kind;
		if (k == K_IF) {
			size_t el, end = match(f, i, &el);
			State t = st_copy(w, *s);
			walk_range(w, f, i + 1, el ? el : end, s, loops, fr);
			if (el)
				walk_range(w, f, el + 1, end, &t, loops, fr);
			st_join(w, s, t);
			free(t.v);
			i = end;
		} else if (k == K_LOOP || k == K_SWITCH) {
			size_t el, end = match(f, i, &el);
			LoopCtx ctx;
			State head = st_copy(w, *s), body;
			ctx.is_switch = k == K_SWITCH;
			ctx.entry = st_copy(w, *s);
			ctx.brk = st_new(w);
			ctx.cont = st_new(w);
			vec_push(loops, &ctx);
			for (;;) {
				State nh;
				st_clear(w, &ctx.brk);
				st_clear(w, &ctx.cont);
				body = st_copy(w, head);
				walk_range(w, f, i + 1, end, &body, loops, fr);
				if (ctx.is_switch) {
					st_join(w, &body, ctx.brk);
					if (!has_default(f, i))
						st_join(w, &body, ctx.entry); /* no case matched */
					free(head.v);
					head = body;
					break;
				}
				st_join(w, &body, ctx.cont);
				nh = st_copy(w, *s);
				st_join(w, &nh, body);
				free(body.v);
				if (st_eq(w, nh, head)) {
					free(nh.v);
					break;
				}
				free(head.v);
				head = nh;
			}
			loops->n--;
			free(s->v);
			*s = ctx.is_switch ? head : ctx.brk;
			if (ctx.is_switch)
				free(ctx.brk.v);
			else
				free(head.v);
			free(ctx.cont.v);
			free(ctx.entry.v);
			i = end;
		} else if (k == K_CASE && loops->n && loops->v[loops->n - 1]->is_switch) {
			/* lanes may enter here directly from the switch */
			st_join(w, s, loops->v[loops->n - 1]->entry);
		} else if (k == K_BREAK || k == K_CONTINUE) {
			LoopCtx *ctx = NULL;
			size_t q;
			for (q = loops->n; q-- > 0;)
				if (!loops->v[q]->is_switch || k == K_BREAK) {
					ctx = loops->v[q];
					break;
				}
			if (ctx)
				st_join(w, k == K_BREAK ? &ctx->brk : &ctx->cont, *s);
			if (in->op == OP_BREAK || in->op == OP_CONTINUE)
				st_clear(w, s);
		} else if (k == K_RETDYN) {
			st_join(w, &fr->ret, *s);
			if (in->op == OP_RET_DYN)
				st_clear(w, s);
		} else if (k == K_CALL && in->op != OP_MCALL && in->op != OP_PSEUDO_CALL && il_call_target(in)) {
			Func *g = kernel_func(w->k, il_call_target(in)->num);
			if (g) {
				int saved = w->ctx;
				State skip = st_copy(w, *s); /* lanes a conditional call leaves out */
				w->ctx = enter(w, g, in);
				walk_func(w, g, s);
				w->ctx = saved;
				if (in->op != OP_CALL)
					st_join(w, s, skip);
				free(skip.v);
			}
		} else {
			transfer(w, s, in);
		}
	}
}

static int walk_func(Walk *w, Func *f, State *s)
{
	LoopStack loops = {0};
	Frame fr;
	if (w->depth > 64) {
		diag_error(f->loc, "call depth over 64 (recursion?) in kernel '%s'", w->k->name);
		w->bad = 1;
		return -1;
	}
	w->depth++;
	fr.ret = st_new(w);
	walk_range(w, f, 0, f->code.n, s, &loops, &fr);
	st_join(w, s, fr.ret);
	free(fr.ret.v);
	vec_free(&loops);
	w->depth--;
	return 0;
}

static void collect_regs(Walk *w, const Operand *o)
{
	int i;
	if (o->file == RF_TEMP && slot(w, o->num) < 0)
		vec_push(&w->regs, o->num);
	if (o->index_reg)
		collect_regs(w, o->index_reg);
	for (i = 0; i < o->ngroup; i++)
		collect_regs(w, &o->group[i]);
}

int provenance(Program *p, Kernel *k, Provenance *out)
{
	Walk w;
	State s;
	size_t i, j;
	int q;
	memset(&w, 0, sizeof w);
	memset(out, 0, sizeof *out);
	w.p = p;
	w.k = k;
	w.out = out;
	for (i = 0; i < k->funcs.n; i++)
		for (j = 0; j < k->funcs.v[i]->code.n; j++)
			for (q = 0; q < k->funcs.v[i]->code.v[j].nops; q++)
				collect_regs(&w, &k->funcs.v[i]->code.v[j].ops[q]);
	w.nregs = (int)w.regs.n;
	{
		PvCtx c = {k->wrapper, -1, NULL};
		vec_push(&out->ctx, c);
		w.ctx = 0;
	}
	s = st_new(&w);
	walk_func(&w, k->wrapper, &s);
	free(s.v);
	vec_free(&w.regs);
	return w.bad ? -1 : 0;
}

int provenance_of(const Provenance *pv, const Inst *in)
{
	size_t i;
	for (i = 0; i < pv->insts.n; i++)
		if (pv->insts.v[i] == in)
			return pv->base.v[i];
	return PV_UNDEF;
}

int provenance_in(const Provenance *pv, const Inst *in, int ctx)
{
	size_t i;
	for (i = 0; i < pv->cinsts.n; i++)
		if (pv->cinsts.v[i] == in && pv->cctx.v[i] == ctx)
			return pv->cbase.v[i];
	return PV_UNDEF;
}

int provenance_child(const Provenance *pv, int ctx, const Inst *call)
{
	size_t i;
	for (i = 0; i < pv->ctx.n; i++)
		if (pv->ctx.v[i].parent == ctx && pv->ctx.v[i].call == call)
			return (int)i;
	return -1;
}

/* Cloning pays when an access whose joined base is ambiguous has one base
 * in every context (a helper called with different pointers); it is
 * bounded so that deep call trees do not multiply code without need. */
int provenance_clones(const Provenance *pv)
{
	size_t i, j;
	int need = 0;
	if (pv->ctx_overflow)
		return 0;
	for (i = 0; i < pv->insts.n && !need; i++) {
		if (pv->base.v[i] != PV_TOP)
			continue;
		need = 1;
		for (j = 0; j < pv->cinsts.n; j++)
			if (pv->cinsts.v[j] == pv->insts.v[i] && pv->cbase.v[j] == PV_TOP)
				need = 0;
	}
	return need;
}

void provenance_free(Provenance *pv)
{
	vec_free(&pv->insts);
	vec_free(&pv->base);
	vec_free(&pv->ctx);
	vec_free(&pv->cinsts);
	vec_free(&pv->cctx);
	vec_free(&pv->cbase);
}
