/* provenance.c - which pointer argument each UAV address derives from.
 *
 * requires: a linked kernel; provides: for each uav_* access, the argument
 * index of its base, or PV_NONPTR / PV_TOP / PV_UNDEF.
 *
 * A forward abstract interpretation over register components.  Values:
 * PV_UNDEF (nothing known yet, the join identity), PV_NONPTR, an argument
 * index k >= 0, a set of argument indices (PV_SET | mask: the value is a
 * pointer from one of them, which one may differ per lane; the join of two
 * different arguments), PV_TOP (bases that cannot be a set: the data
 * segment with an argument, an argument index past PV_SET_ARGS, or an
 * ior/iand/ixor of two pointers).  A pointer plus a non-pointer
 * keeps the pointer's base; a join of a base with a non-pointer keeps the
 * base (the non-pointer can only be NULL or an offset that is never
 * dereferenced).  Structured control flow joins at endif/endloop, loops run
 * to a fixpoint, calls are walked at each call site (context-sensitive) and
 * the results of all contexts are joined per instruction.
 *
 * Values loaded from memory are PV_MEM: data that may be a pointer a kernel
 * stored (a host cannot: it never sees an AMD address).  A pointer plus
 * PV_MEM keeps the pointer's base (two pointers are never added), PV_MEM
 * plus a non-pointer stays PV_MEM, and the join of PV_MEM with arguments is
 * PV_MEM: a register that is an argument on one path and loaded on another,
 * then dereferenced, holds a pointer read from memory on some lanes, so the
 * access finds its argument per lane at run time (dynbase.c mem_base).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "translate.h"

typedef struct State {
	PvVal *v;      /* 4 per register slot */
} State;

typedef struct Nest {
	const Func *f;
	size_t *close, *else_at; /* il_nest */
	char *dflt;              /* switch at i has a default at its level */
} Nest;

typedef struct Walk {
	Program *p;
	Kernel *k;
	int nregs;            /* register slots */
	VEC(long long) regs;  /* register number of each slot */
	VEC(int) xslots;      /* the slots that are x#[imm] (relative x#[] accesses visit these) */
	int *hash;            /* slot of a register number, -1 empty; hcap entries */
	size_t hcap;
	Provenance *out;
	int depth;
	int bad;
	int defs;             /* record the tracked definitions (PvDef) too */
	int ctx;              /* calling context being walked */
	VEC(Nest *) nests;    /* per function walked */
} Walk;

typedef struct LoopCtx {
	State brk, cont;
	int is_switch;
	State entry;          /* switch: the state before it, where each case starts too */
} LoopCtx;

/* The arguments a value may come from as a mask, 0 when it is no set of
 * arguments. */
static PvVal arg_bits(PvVal a)
{
	if (pv_is_set(a))
		return a & ~PV_SET;
	return a >= 0 && a < PV_SET_ARGS ? 1LL << a : 0;
}

static PvVal join1(PvVal a, PvVal b)
{
	PvVal ma, mb;
	if (a == b || b == PV_UNDEF)
		return a;
	if (a == PV_UNDEF)
		return b;
	if (a == PV_NONPTR)
		return b;
	if (b == PV_NONPTR)
		return a;
	if (a == PV_MEM || b == PV_MEM) {
		/* with arguments (one or a set): a pointer from memory or an argument */
		PvVal o = a == PV_MEM ? b : a;
		return o == PV_MEM || arg_bits(o) ? PV_MEM : PV_TOP;
	}
	ma = arg_bits(a), mb = arg_bits(b);
	return ma && mb ? PV_SET | ma | mb : PV_TOP;
}

/* Register number -> slot, through an open-addressing hash (programs with
 * tens of thousands of registers stay linear). */
static size_t hslot(const Walk *w, long long r)
{
	unsigned long long h = (unsigned long long)r * 0x9E3779B97F4A7C15ull;
	return (size_t)(h >> 20) & (w->hcap - 1);
}

static int slot(Walk *w, long long r)
{
	size_t h;
	if (!w->hcap)
		return -1;
	for (h = hslot(w, r); w->hash[h] >= 0; h = (h + 1) & (w->hcap - 1))
		if (w->regs.v[w->hash[h]] == r)
			return w->hash[h];
	return -1;
}

/* The slot key of x<arr>[idx]: negative, so it never meets an r<n> number.
 * AMD's B14 wrappers keep the data-segment base and the ids in x0[] slots. */
static long long xkey(long long arr, long long idx)
{
	return -1 - (arr * (1LL << 32) + idx);
}

static int is_xkey_of(long long key, long long arr)
{
	return key < 0 && (-1 - key) / (1LL << 32) == arr;
}

static void add_reg(Walk *w, long long r)
{
	size_t h, i;
	if (slot(w, r) >= 0)
		return;
	if (2 * (w->regs.n + 1) > w->hcap) {
		w->hcap = w->hcap ? 2 * w->hcap : 64;
		free(w->hash);
		w->hash = xmalloc(sizeof *w->hash * w->hcap);
		for (h = 0; h < w->hcap; h++)
			w->hash[h] = -1;
		for (i = 0; i < w->regs.n; i++) {
			for (h = hslot(w, w->regs.v[i]); w->hash[h] >= 0; h = (h + 1) & (w->hcap - 1))
				;
			w->hash[h] = (int)i;
		}
	}
	for (h = hslot(w, r); w->hash[h] >= 0; h = (h + 1) & (w->hcap - 1))
		;
	w->hash[h] = (int)w->regs.n;
	if (r < 0)
		vec_push(&w->xslots, (int)w->regs.n);
	vec_push(&w->regs, r);
}

static State st_new(Walk *w)
{
	State s;
	int i;
	s.v = xmalloc(sizeof(PvVal) * 4 * (size_t)w->nregs + 1);
	for (i = 0; i < 4 * w->nregs; i++)
		s.v[i] = PV_UNDEF;
	return s;
}

static State st_copy(Walk *w, State a)
{
	State s = st_new(w);
	memcpy(s.v, a.v, sizeof(PvVal) * 4 * (size_t)w->nregs);
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
	return memcmp(a.v, b.v, sizeof(PvVal) * 4 * (size_t)w->nregs) == 0;
}

static void st_clear(Walk *w, State *s)
{
	int i;
	for (i = 0; i < 4 * w->nregs; i++)
		s->v[i] = PV_UNDEF;
}

static void record(Walk *w, const Inst *in, PvVal v)
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
static PvVal src_val(Walk *w, State *s, const Operand *o, int c)
{
	int sel[4];
	size_t i;
	if (il_swizzle(o, sel) || sel[c] > SEL_W)
		return PV_NONPTR;
	if (o->file == RF_TEMP) {
		int k = slot(w, o->num);
		return k < 0 ? PV_UNDEF : s->v[4 * k + sel[c]];
	}
	if (o->file == RF_ITEMP && !o->index_reg) {
		int k = slot(w, xkey(o->num, o->index_imm));
		return k < 0 ? PV_UNDEF : s->v[4 * k + sel[c]];
	}
	if (o->file == RF_ITEMP) {
		/* a relative read may read any slot of the array */
		PvVal v = PV_UNDEF;
		for (i = 0; i < w->xslots.n; i++)
			if (is_xkey_of(w->regs.v[w->xslots.v[i]], o->num))
				v = join1(v, s->v[4 * w->xslots.v[i] + sel[c]]);
		return v == PV_UNDEF ? PV_NONPTR : v;
	}
	if (o->file == RF_CB && o->num == 0 && !o->index_reg && o->index_imm == 8 && sel[c] == SEL_X)
		return PV_DATASEG;
	if (o->file == RF_CB && o->num == 0 && !o->index_reg && o->index_imm == 8 && sel[c] == SEL_Y)
		return PV_PRINTF;
	if (o->file == RF_CB && o->num == 1 && !o->index_reg && sel[c] == SEL_X &&
	    o->index_imm >= 0 && o->index_imm < (1 << 24)) {
		int byte = (int)o->index_imm * 16; /* cb1 holds at most 2^28 bytes */
		for (i = 0; i < w->k->md->args.n; i++) {
			const MdArg *a = &w->k->md->args.v[i];
			if (a->kind == MA_POINTER && a->cb == 1 && a->offset == byte)
				return a->index;
		}
	}
	return PV_NONPTR;
}

static void def(Walk *w, State *s, const Inst *in, PvVal vals[4])
{
	int m[4], c, k;
	size_t i;
	const Operand *d = &in->ops[0];
	if ((d->file != RF_TEMP && d->file != RF_ITEMP) || il_wmask(d, m))
		return;
	if (d->file == RF_ITEMP && d->index_reg) {
		/* a relative write may hit any slot: join into each */
		for (i = 0; i < w->xslots.n; i++) {
			int k = w->xslots.v[i];
			if (!is_xkey_of(w->regs.v[k], d->num))
				continue;
			for (c = 0; c < 4; c++)
				if (m[c] != WM_SKIP)
					s->v[4 * k + c] = join1(s->v[4 * k + c],
					                        m[c] == WM_WRITE ? vals[c] : PV_NONPTR);
		}
		return;
	}
	k = slot(w, d->file == RF_TEMP ? d->num : xkey(d->num, d->index_imm));
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

/* The address operand of a uav_* access, NULL when it has none. */
const Operand *provenance_addr(const Inst *in)
{
	const OpInfo *oi = &il_ops[in->op];
	if (!is_mem(in->op))
		return NULL;
	if (in->op == OP_UAV_RAW_LOAD || in->op == OP_UAV_BYTE_LOAD || in->op == OP_UAV_UBYTE_LOAD ||
	    in->op == OP_UAV_SHORT_LOAD || in->op == OP_UAV_USHORT_LOAD || in->op == OP_UAV_ARENA_LOAD ||
	    in->op == OP_UAV_STRUCT_LOAD)
		return in->nops > 1 ? &in->ops[1] : NULL;
	if (in->nops >= 2 && in->ops[0].file == RF_MEM)
		return &in->ops[1];
	if (in->nops >= 2 && oi->kind == K_INST && strncmp(oi->name, "uav_read_", 9) == 0)
		return &in->ops[1];
	return in->nops >= 1 ? &in->ops[0] : NULL;
}

/* The component of provenance_addr's operand the pointer is in: the byte
 * offset (y) of a structured access (index * stride + offset), else the
 * address (its first). */
int provenance_addr_comp(const Inst *in)
{
	return in->op == OP_UAV_STRUCT_LOAD || in->op == OP_UAV_STRUCT_STORE;
}

/* ---- tracked definitions (PvDef), for the shadows of dynbase.c ---------- */

static size_t dhash_of(const Inst *in, int ctx, size_t cap)
{
	unsigned long long h = (unsigned long long)(uintptr_t)in * 0x9E3779B97F4A7C15ull;
	h ^= (unsigned long long)(ctx + 2) * 0xC2B2AE3D27D4EB4Full;
	return (size_t)(h >> 17) & (cap - 1);
}

static size_t def_find(const Provenance *pv, const Inst *in, int ctx)
{
	size_t h;
	if (!pv->dcap)
		return 0;
	for (h = dhash_of(in, ctx, pv->dcap); pv->dhash[h]; h = (h + 1) & (pv->dcap - 1)) {
		const PvDef *d = &pv->defs.v[pv->dhash[h] - 1];
		if (d->in == in && d->ctx == ctx)
			return pv->dhash[h];
	}
	return 0;
}

static void def_put(Provenance *pv, const Inst *in, int ctx, const PvVal res[4], PvVal src[4][2])
{
	size_t i = def_find(pv, in, ctx), h, j;
	int c, q;
	PvDef d;
	if (i) {
		PvDef *o = &pv->defs.v[i - 1];
		for (c = 0; c < 4; c++) {
			o->res[c] = join1(o->res[c], res[c]);
			for (q = 0; q < 2; q++)
				o->src[c][q] = join1(o->src[c][q], src[c][q]);
		}
		return;
	}
	if (2 * (pv->defs.n + 1) > pv->dcap) {
		pv->dcap = pv->dcap ? 2 * pv->dcap : 256;
		free(pv->dhash);
		pv->dhash = xmalloc(sizeof *pv->dhash * pv->dcap);
		memset(pv->dhash, 0, sizeof *pv->dhash * pv->dcap);
		for (j = 0; j < pv->defs.n; j++) {
			for (h = dhash_of(pv->defs.v[j].in, pv->defs.v[j].ctx, pv->dcap); pv->dhash[h];
			     h = (h + 1) & (pv->dcap - 1))
				;
			pv->dhash[h] = j + 1;
		}
	}
	d.in = in;
	d.ctx = ctx;
	memcpy(d.res, res, sizeof d.res);
	memcpy(d.src, src, sizeof d.src);
	vec_push(&pv->defs, d);
	for (h = dhash_of(in, ctx, pv->dcap); pv->dhash[h]; h = (h + 1) & (pv->dcap - 1))
		;
	pv->dhash[h] = pv->defs.n;
}

/* One visit of a tracked definition: its sources and result per written
 * component, in this context and joined. */
static void record_def(Walk *w, const Inst *in, const PvVal vals[4], int s0, int s1, State *s)
{
	PvVal res[4], src[4][2];
	int m[4], c;
	if (in->ops[0].file != RF_TEMP || il_wmask(&in->ops[0], m))
		return;
	for (c = 0; c < 4; c++) {
		int on = m[c] == WM_WRITE;
		res[c] = on ? vals[c] : PV_UNDEF;
		src[c][0] = on && s0 < in->nops ? src_val(w, s, &in->ops[s0], c) : PV_UNDEF;
		src[c][1] = on && s1 > 0 && s1 < in->nops ? src_val(w, s, &in->ops[s1], c) : PV_UNDEF;
	}
	if (w->ctx >= 0)
		def_put(w->out, in, w->ctx, res, src);
	def_put(w->out, in, -1, res, src);
}

const PvDef *provenance_def(const Provenance *pv, const Inst *in, int ctx)
{
	size_t i = def_find(pv, in, ctx);
	return i ? &pv->defs.v[i - 1] : NULL;
}

/* A load from memory into a temporary (UAV, LDS, GDS; stores write mem#). */
static int loads(const Inst *in)
{
	const char *n = il_ops[in->op].name;
	return in->ops[0].file == RF_TEMP && (strncmp(n, "uav_", 4) == 0 || strncmp(n, "lds_", 4) == 0 ||
	                                      strncmp(n, "gds_", 4) == 0);
}

static void transfer(Walk *w, State *s, const Inst *in)
{
	PvVal vals[4];
	int c, s0 = 1, s1 = 0;
	const OpInfo *oi = &il_ops[in->op];
	const Operand *addr = provenance_addr(in);
	if (addr)
		record(w, in, src_val(w, s, addr, provenance_addr_comp(in)));
	if (oi->kind == K_INST && in->nops > 0 && oi->ndst < 0 && in->ops[0].file == RF_TEMP &&
	    (strncmp(oi->name, "uav_read_", 9) == 0 || strncmp(oi->name, "lds_read_", 9) == 0 ||
	     strncmp(oi->name, "gds_read_", 9) == 0)) {
		/* a returning atomic: its destination holds loaded data */
		for (c = 0; c < 4; c++)
			vals[c] = PV_MEM;
		def(w, s, in, vals);
		return;
	}
	if (oi->kind != K_INST || in->nops == 0 || oi->ndst != 1)
		return;
	for (c = 0; c < 4; c++)
		vals[c] = loads(in) ? PV_MEM : PV_NONPTR;
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
		s1 = 2;
		for (c = 0; c < 4 && in->nops > 2; c++) {
			PvVal a = src_val(w, s, &in->ops[1], c), b = src_val(w, s, &in->ops[2], c);
			int pa = a >= 0 || a == PV_TOP, pb = b >= 0 || b == PV_TOP;
			vals[c] = pa && pb ? (in->op == OP_IADD ? PV_NONPTR : PV_TOP) :
			          pa ? a : pb ? b : a == PV_MEM || b == PV_MEM ? PV_MEM : PV_NONPTR;
		}
		break;
	case OP_CMOV_LOGICAL:
		s0 = 2, s1 = 3;
		for (c = 0; c < 4 && in->nops > 3; c++)
			vals[c] = join1(src_val(w, s, &in->ops[2], c), src_val(w, s, &in->ops[3], c));
		break;
	default:
		s0 = -1;
		break;
	}
	if (w->defs && s0 > 0)
		record_def(w, in, vals, s0, s1, s);
	def(w, s, in, vals);
}

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

/* A function's nesting (il_nest) and, per switch, whether it has a default
 * at its own level: computed once per function for the whole walk. */
static const Nest *nest_of(Walk *w, const Func *f)
{
	size_t i, j;
	Nest *n;
	for (i = 0; i < w->nests.n; i++)
		if (w->nests.v[i]->f == f)
			return w->nests.v[i];
	n = xmalloc(sizeof *n);
	n->f = f;
	il_nest(f, &n->close, &n->else_at);
	n->dflt = xmalloc(f->code.n + 1);
	for (i = 0; i < f->code.n; i++) {
		n->dflt[i] = 0;
		if (il_ops[f->code.v[i].op].kind != K_SWITCH)
			continue;
		for (j = i + 1; j < n->close[i]; j++) {
			OpKind k = il_ops[f->code.v[j].op].kind;
			if (k == K_IF || k == K_LOOP || k == K_SWITCH)
				j = n->close[j]; /* a nested block: not this switch's level */
			else if (f->code.v[j].op == OP_DEFAULT)
				n->dflt[i] = 1;
		}
	}
	vec_push(&w->nests, n);
	return n;
}

/* One open if, whileloop or switch of the walk below. */
typedef struct Open {
	OpKind kind;       /* K_IF, K_LOOP or K_SWITCH */
	size_t at, to;     /* the opener; where the part being walked ends */
	int in_else;       /* if: walking the else part */
	State other;       /* if: the state at the if (the else part's, then the then part's result) */
	LoopCtx ctx;       /* loop, switch */
	State head;        /* loop: the loop head of this round (grows) */
} Open;

/* The abstract walk of one function body.  Iterative, with its own stack of
 * open blocks, so nesting depth costs heap, not C stack; blocks are jumped
 * with the nesting table, so one pass over a body is linear in its length
 * (loops repeat their body until the head state is stable). */
static void walk_body(Walk *w, Func *f, State *s, Frame *fr)
{
	const Nest *ns = nest_of(w, f);
	VEC(Open) op = {0};
	VEC(size_t) loops = {0}; /* indices into op of the open loops and switches */
	State cur = *s;
	size_t i = 0, to = f->code.n;
	for (;;) {
		const Inst *in;
		OpKind k;
		if (i >= to) {
			Open *o;
			if (!op.n)
				break;
			o = &op.v[op.n - 1];
			if (o->kind == K_IF) {
				if (!o->in_else && ns->else_at[o->at]) {
					State t = cur;
					cur = o->other;
					o->other = t;
					o->in_else = 1;
					i = ns->else_at[o->at] + 1;
					to = o->to = ns->close[o->at];
					continue;
				}
				st_join(w, &cur, o->other);
				free(o->other.v);
			} else if (o->kind == K_SWITCH) {
				st_join(w, &cur, o->ctx.brk);
				if (!ns->dflt[o->at])
					st_join(w, &cur, o->ctx.entry); /* no case matched */
				free(o->ctx.brk.v);
				free(o->ctx.cont.v);
				free(o->ctx.entry.v);
				loops.n--;
			} else {
				State nh;
				st_join(w, &cur, o->ctx.cont);
				/* the head only grows (old head joined with the state at
				 * the loop's end): the transfer of two pointers added is
				 * not monotone (ptr + ptr is a non-pointer), and a head
				 * made from the entry state alone could swing between two
				 * states forever (fuzz: a loop adding an argument to an
				 * accumulator) */
				nh = st_copy(w, o->head);
				st_join(w, &nh, cur);
				free(cur.v);
				if (!st_eq(w, nh, o->head)) {
					/* another round from the wider head */
					free(o->head.v);
					o->head = nh;
					st_clear(w, &o->ctx.brk);
					st_clear(w, &o->ctx.cont);
					cur = st_copy(w, o->head);
					i = o->at + 1;
					continue;
				}
				free(nh.v);
				cur = o->ctx.brk;
				free(o->head.v);
				free(o->ctx.cont.v);
				free(o->ctx.entry.v);
				loops.n--;
			}
			i = ns->close[o->at] + 1;
			op.n--;
			to = op.n ? op.v[op.n - 1].to : f->code.n;
			continue;
		}
		in = &f->code.v[i];
		k = il_ops[in->op].kind;
		if (k == K_IF || k == K_LOOP || k == K_SWITCH) {
			Open o;
			memset(&o, 0, sizeof o);
			o.kind = k;
			o.at = i;
			if (k == K_IF) {
				o.other = st_copy(w, cur);
				o.to = ns->else_at[i] ? ns->else_at[i] : ns->close[i];
			} else {
				o.to = ns->close[i];
				o.ctx.is_switch = k == K_SWITCH;
				o.ctx.entry = st_copy(w, cur);
				o.ctx.brk = st_new(w);
				o.ctx.cont = st_new(w);
				if (k == K_LOOP)
					o.head = st_copy(w, cur);
				vec_push(&loops, op.n);
			}
			vec_push(&op, o);
			i++;
			to = o.to;
			continue;
		}
		if (k == K_CASE && loops.n && op.v[loops.v[loops.n - 1]].ctx.is_switch) {
			/* lanes may enter here directly from the switch */
			st_join(w, &cur, op.v[loops.v[loops.n - 1]].ctx.entry);
		} else if (k == K_BREAK || k == K_CONTINUE) {
			LoopCtx *ctx = NULL;
			size_t q;
			for (q = loops.n; q-- > 0;)
				if (!op.v[loops.v[q]].ctx.is_switch || k == K_BREAK) {
					ctx = &op.v[loops.v[q]].ctx;
					break;
				}
			if (ctx)
				st_join(w, k == K_BREAK ? &ctx->brk : &ctx->cont, cur);
			if (in->op == OP_BREAK || in->op == OP_CONTINUE)
				st_clear(w, &cur);
		} else if (k == K_RETDYN) {
			st_join(w, &fr->ret, cur);
			if (in->op == OP_RET_DYN)
				st_clear(w, &cur);
		} else if (k == K_CALL && in->op != OP_MCALL && in->op != OP_PSEUDO_CALL && il_call_target(in)) {
			Func *g = kernel_func(w->k, il_call_target(in)->num);
			if (g) {
				int saved = w->ctx;
				State skip = st_copy(w, cur); /* lanes a conditional call leaves out */
				w->ctx = enter(w, g, in);
				walk_func(w, g, &cur);
				w->ctx = saved;
				if (in->op != OP_CALL)
					st_join(w, &cur, skip);
				free(skip.v);
			}
		} else {
			transfer(w, &cur, in);
		}
		i++;
	}
	*s = cur;
	vec_free(&op);
	vec_free(&loops);
}

/* Calls nest at most 64 deep (the C stack is used per call level only). */
static int walk_func(Walk *w, Func *f, State *s)
{
	Frame fr;
	if (w->depth > 64) {
		diag_error(f->loc, "call depth over 64 (recursion?) in kernel '%s'", w->k->name);
		w->bad = 1;
		return -1;
	}
	w->depth++;
	fr.ret = st_new(w);
	walk_body(w, f, s, &fr);
	st_join(w, s, fr.ret);
	free(fr.ret.v);
	w->depth--;
	return 0;
}

static void collect_regs(Walk *w, const Operand *o)
{
	int i;
	if (o->file == RF_TEMP)
		add_reg(w, o->num);
	if (o->file == RF_ITEMP && !o->index_reg)
		add_reg(w, xkey(o->num, o->index_imm));
	if (o->index_reg)
		collect_regs(w, o->index_reg);
	for (i = 0; i < o->ngroup; i++)
		collect_regs(w, &o->group[i]);
}

static int needs_defs(const Provenance *pv)
{
	size_t i;
	for (i = 0; i < pv->base.n; i++)
		if (pv_is_set(pv->base.v[i]))
			return 1;
	for (i = 0; i < pv->cbase.n; i++)
		if (pv_is_set(pv->cbase.v[i]))
			return 1;
	return 0;
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
	if (!w.bad && needs_defs(out)) {
		/* some access has a per-lane base: the same walk again (it gives
		 * the same results), now recording the definitions its shadow
		 * follows */
		w.defs = 1;
		w.ctx = 0;
		s = st_new(&w);
		walk_func(&w, k->wrapper, &s);
		free(s.v);
	}
	vec_free(&w.regs);
	vec_free(&w.xslots);
	free(w.hash);
	for (i = 0; i < w.nests.n; i++) {
		free(w.nests.v[i]->close);
		free(w.nests.v[i]->else_at);
		free(w.nests.v[i]->dflt);
		free(w.nests.v[i]);
	}
	vec_free(&w.nests);
	return w.bad ? -1 : 0;
}

PvVal provenance_of(const Provenance *pv, const Inst *in)
{
	size_t i;
	for (i = 0; i < pv->insts.n; i++)
		if (pv->insts.v[i] == in)
			return pv->base.v[i];
	return PV_UNDEF;
}

PvVal provenance_in(const Provenance *pv, const Inst *in, int ctx)
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
		if (pv->base.v[i] != PV_TOP && !pv_is_set(pv->base.v[i]))
			continue;
		need = 1;
		for (j = 0; j < pv->cinsts.n; j++)
			if (pv->cinsts.v[j] == pv->insts.v[i] &&
			    (pv->cbase.v[j] == PV_TOP || pv_is_set(pv->cbase.v[j])))
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
	vec_free(&pv->defs);
	free(pv->dhash);
	pv->dhash = NULL;
	pv->dcap = 0;
}
