/* dynbase.c - dynamic pointer bases: an access whose address may come from
 * one of several pointer arguments, which one differing per lane.
 *
 * requires: provenance with PvDef records (provenance.c records them when
 * some access's base is a set); provides: per-lane shadows of the pointer
 * registers and the per-lane 64-bit base of such an access.
 *
 * AMD puts several pointer arguments on one UAV (SI: every global pointer
 * on UAV 11; Evergreen: the arena view of the global heap), so a kernel may
 * select between pointers freely (`cmov_logical r34.x, c, r35.x, r34.x`,
 * ping-pong in a loop, a function called with different pointers).  The
 * cb1 value of a pointer is lo32 of its 64-bit base B, and an access to 32-
 * bit address A reads B + (A - lo32(B)) (lower.c): B must be the base of the
 * argument the value really came from.
 *
 * Shadows.  Provenance gives each register component a set of candidate
 * arguments; a component whose set has several members at some definition
 * that reads it, or at some access, is shadowed: a per-lane dword SH_r<n>_<c>
 * holding the index (in the metadata) of the argument the lane's pointer
 * derives from.  Every tracked definition of a shadowed component (mov,
 * iadd/iand/and/ior/ixor with one pointer operand, cmov_logical) updates the
 * shadow alongside, under the same execution mask, before the register
 * itself is written (a source may be the destination):
 *   result one argument k      SH = k
 *   result a set, mov          SH = SH of the source component
 *   result a set, iadd &c.     SH = SH (or k) of the one pointer operand
 *   result a set, cmov         SH = cond ? S(a) : S(b), S = SH or k
 * A source that is no pointer (NULL, an offset) leaves its lanes' shadow
 * unconstrained: provenance's model (a join of a pointer with a non-pointer
 * keeps the pointer) already says such a lane's value is never dereferenced.
 * The shadow is then exactly the analysis run per lane: a lane's shadow is
 * the argument the static analysis would find if the lane ran alone, so the
 * base is never guessed.  Cases the records cannot decide (both operands of
 * an iadd carry pointers on some visit, a set read from a non-register) are
 * refused at the instruction.  Kernels with no set keep their code byte for
 * byte: nothing here runs for them.
 *
 * The access: base = the candidate whose index equals the lane's shadow,
 * a compare and two selects per further candidate.
 */
#include <stdlib.h>
#include <string.h>

#include "lowerint.h"

typedef struct Shadow {
	long long reg;
	int c;
	VDecl *v;          /* created on first use */
} Shadow;

typedef struct DynState {
	VEC(Shadow) sh;    /* sorted by (reg, c) */
} DynState;

static int sh_cmp(const void *a, const void *b)
{
	const Shadow *x = a, *y = b;
	if (x->reg != y->reg)
		return x->reg < y->reg ? -1 : 1;
	return x->c - y->c;
}

static Shadow *find(L *l, long long reg, int c)
{
	Shadow key;
	if (!l->dyn || !l->dyn->sh.n)
		return NULL;
	key.reg = reg, key.c = c;
	return bsearch(&key, l->dyn->sh.v, l->dyn->sh.n, sizeof key, sh_cmp);
}

static void mark(DynState *d, const Operand *o, int c)
{
	int sel[4];
	Shadow s;
	if (!o || o->file != RF_TEMP || il_swizzle(o, sel) || sel[c] > SEL_W)
		return; /* refused where it is read (dyn_def, dyn_base) */
	s.reg = o->num, s.c = sel[c], s.v = NULL;
	vec_push(&d->sh, s);
}

/* The source operands a definition's record describes (-1: none). */
static void src_ops(const Inst *in, int q[2])
{
	q[0] = in->op == OP_CMOV_LOGICAL ? 2 : 1;
	q[1] = in->op == OP_CMOV_LOGICAL ? 3 : in->op == OP_MOV ? -1 : 2;
}

static int in_mode(const L *l, int ctx)
{
	return l->clones ? ctx >= 0 : ctx < 0;
}

void dyn_setup(L *l)
{
	DynState *d;
	size_t i, j, n;
	int c, q, ops[2];
	if (!l->pv.defs.n)
		return;
	d = xmalloc(sizeof *d);
	memset(d, 0, sizeof *d);
	for (i = 0; i < l->pv.defs.n; i++) {
		const PvDef *r = &l->pv.defs.v[i];
		if (!in_mode(l, r->ctx))
			continue;
		src_ops(r->in, ops);
		for (c = 0; c < 4; c++)
			for (q = 0; q < 2; q++)
				if (pv_is_set(r->res[c]) && pv_is_set(r->src[c][q]) && ops[q] >= 0 &&
				    ops[q] < r->in->nops)
					mark(d, &r->in->ops[ops[q]], c);
	}
	if (l->clones) {
		for (i = 0; i < l->pv.cinsts.n; i++)
			if (pv_is_set(l->pv.cbase.v[i]))
				mark(d, provenance_addr(l->pv.cinsts.v[i]), provenance_addr_comp(l->pv.cinsts.v[i]));
	} else {
		for (i = 0; i < l->pv.insts.n; i++)
			if (pv_is_set(l->pv.base.v[i]))
				mark(d, provenance_addr(l->pv.insts.v[i]), provenance_addr_comp(l->pv.insts.v[i]));
	}
	if (d->sh.n)
		qsort(d->sh.v, d->sh.n, sizeof *d->sh.v, sh_cmp);
	for (i = j = 0, n = d->sh.n; i < n; i++)
		if (!j || sh_cmp(&d->sh.v[j - 1], &d->sh.v[i]))
			d->sh.v[j++] = d->sh.v[i];
	d->sh.n = j;
	l->dyn = d;
}

void dyn_free(L *l)
{
	if (!l->dyn)
		return;
	vec_free(&l->dyn->sh);
	free(l->dyn);
	l->dyn = NULL;
}

static VDecl *shadow_var(L *l, Shadow *s)
{
	if (!s->v) {
		char name[48];
		if (s->reg >= 0)
			snprintf(name, sizeof name, "SH_r%lld_%c", s->reg, "xyzw"[s->c]);
		else
			snprintf(name, sizeof name, "SH_x%lld_%lld_%c", (-s->reg - 1) >> 32,
			         (-s->reg - 1) & 0xffffffffLL, "xyzw"[s->c]);
		s->v = vk_decl(l->vk, name, VT_UD, l->simd, 0);
	}
	return s->v;
}

/* The shadow of component c of source operand o whose value is v: the
 * argument itself, the source's shadow, or nothing (no pointer: *ok 0). */
static int shadow_src(L *l, const Inst *in, const Operand *o, int c, PvVal v, Val *out)
{
	int sel[4];
	Shadow *s;
	if (pv_is_arg(v)) {
		*out = val_imm((uint32_t)v);
		return 1;
	}
	if (!pv_is_set(v))
		return 0;
	if (o->file != RF_TEMP || il_swizzle(o, sel) || sel[c] > SEL_W || !(s = find(l, o->num, sel[c]))) {
		lerr(l, o->loc, "'%s' reads a pointer that may come from several arguments from an operand "
		     "whose per-lane base is not tracked", il_ops[in->op].name);
		return 0;
	}
	*out = val_vec(shadow_var(l, s));
	return 1;
}

static int tracked(Opcode op)
{
	return op == OP_MOV || op == OP_IADD || op == OP_IAND || op == OP_AND || op == OP_IOR ||
	       op == OP_IXOR || op == OP_CMOV_LOGICAL;
}

/* The new shadow of component c of in's destination into t; 0 when the
 * component's lanes carry no argument's pointer. */
static int new_shadow(L *l, const Inst *in, const PvDef *r, int c, VDecl *t)
{
	int ops[2], have[2], q;
	Val s[2];
	PvVal res = r->res[c];
	if (pv_is_arg(res)) {
		ix_mov(l, t, val_imm((uint32_t)res));
		return 1;
	}
	if (!pv_is_set(res))
		return 0;
	src_ops(in, ops);
	for (q = 0; q < 2; q++)
		have[q] = ops[q] >= 0 && ops[q] < in->nops &&
		          shadow_src(l, in, &in->ops[ops[q]], c, r->src[c][q], &s[q]);
	if (l->bad)
		return 0;
	if (in->op == OP_CMOV_LOGICAL && have[0] && have[1]) {
		VDecl *p = compare(l, "ne", VT_UD, lsrc(l, &in->ops[1], c), val_imm(0));
		lower_select(l, p, 0, t, VT_UD, s[0], s[1]);
		return 1;
	}
	if (in->op != OP_CMOV_LOGICAL && have[0] && have[1]) {
		/* two pointer operands on some visit (an earlier loop round or
		 * another calling context): which one a lane's result keeps is
		 * not known */
		lerr(l, in->loc, "'%s' adds or combines two values that may both be pointers from several "
		     "arguments; the per-lane base of its result cannot be followed", il_ops[in->op].name);
		return 0;
	}
	if (!have[0] && !have[1])
		return 0;
	ix_mov(l, t, have[0] ? s[0] : s[1]);
	return 1;
}

void dyn_def(L *l, const Inst *in)
{
	const PvDef *r;
	VDecl *t[4];
	Shadow *s[4];
	int m[4], c;
	if (!l->dyn || !l->dyn->sh.n || !tracked(in->op) || !in->nops || in->ops[0].file != RF_TEMP ||
	    il_wmask(&in->ops[0], m))
		return;
	if (!(r = provenance_def(&l->pv, in, l->clones ? l->ctx : -1)))
		return;
	for (c = 0; c < 4; c++) {
		t[c] = NULL;
		s[c] = m[c] == WM_WRITE ? find(l, in->ops[0].num, c) : NULL;
		if (s[c]) {
			t[c] = ix_t(l);
			if (!new_shadow(l, in, r, c, t[c]))
				t[c] = NULL;
		}
	}
	for (c = 0; c < 4; c++)
		if (t[c])
			ix_mov(l, shadow_var(l, s[c]), val_vec(t[c]));
}

int dyn_base(L *l, const Inst *in, PvVal set, int (*fits)(L *, const Inst *, const MdArg *, int),
             int uav, Val *lo, Val *hi)
{
	const Operand *o = provenance_addr(in);
	PvVal mask = set & ~PV_SET;
	VDecl *blo, *bhi;
	Shadow *s;
	int sel[4], k, first = -1, pc = provenance_addr_comp(in);
	if (!o || o->file != RF_TEMP || il_swizzle(o, sel) || sel[pc] > SEL_W || !(s = find(l, o->num, sel[pc]))) {
		lerr(l, in->loc, "the address of this '%s' may come from several pointer arguments, but not "
		     "through a register whose per-lane base is tracked", il_ops[in->op].name);
		return -1;
	}
	for (k = 0; k < PV_SET_ARGS; k++)
		if ((mask >> k & 1) && !fits(l, in, &l->k->md->args.v[k], uav))
			return -1;
	blo = ix_t(l), bhi = ix_t(l);
	for (k = 0; k < PV_SET_ARGS; k++) {
		const MdArg *a = &l->k->md->args.v[k];
		Val alo, ahi;
		if (!(mask >> k & 1))
			continue;
		alo = val_scalar(cb1_image(l), a->offset / 4);
		ahi = val_scalar(cb1_image(l), a->offset / 4 + 1);
		if (first < 0) {
			ix_mov(l, blo, alo);
			ix_mov(l, bhi, ahi);
			first = k;
		} else {
			VDecl *p = compare(l, "eq", VT_UD, val_vec(shadow_var(l, s)), val_imm((uint32_t)k));
			lower_select(l, p, 0, blo, VT_UD, alo, val_vec(blo));
			lower_select(l, p, 0, bhi, VT_UD, ahi, val_vec(bhi));
		}
	}
	*lo = val_vec(blo);
	*hi = val_vec(bhi);
	return 0;
}

/* The per-lane base of an access whose address was read from memory
 * (provenance PV_MEM): of the candidate arguments (mask), the one whose cb1
 * value (lo32 of its base) lies nearest below the address, counting modulo
 * 2^32.  An address A inside argument k's buffer is A - lo32(B_k) bytes
 * above it, and every other candidate's distance is larger as long as all
 * the buffers lie within one 4 GiB span; then B_k + (A - lo32(B_k)) is the
 * byte A names.  The ABI map states that condition (pointers_from_memory),
 * as AMD's own 32-bit runtime kept every buffer inside one 4 GiB UAV.  A
 * NULL argument (base 0) is never chosen. */
int mem_base(L *l, const Inst *in, const MdArg *const *cand, size_t n, Val *lo, Val *hi)
{
	const Operand *o = provenance_addr(in);
	VDecl *blo, *bhi, *best;
	Val a;
	size_t i;
	if (!o || !n) {
		lerr(l, in->loc, "the address of this '%s' was read from memory, and no pointer argument "
		     "can hold it", il_ops[in->op].name);
		return -1;
	}
	blo = ix_t(l), bhi = ix_t(l), best = ix_t(l);
	a = lsrc(l, o, provenance_addr_comp(in));
	for (i = 0; i < n; i++) {
		Val alo = val_scalar(cb1_image(l), cand[i]->offset / 4);
		Val ahi = val_scalar(cb1_image(l), cand[i]->offset / 4 + 1);
		Val nlo = alo, d;
		VDecl *null;
		nlo.neg = 1;
		d = ix_bin(l, "add", VT_UD, a, nlo);
		/* a NULL argument (base 0) holds nothing: the farthest distance */
		null = compare(l, "eq", VT_UD, ix_bin(l, "or", VT_UD, alo, ahi), val_imm(0));
		d = ix_sel(l, null, val_imm(0xffffffffu), d);
		if (!i) {
			ix_mov(l, best, d);
			ix_mov(l, blo, alo);
			ix_mov(l, bhi, ahi);
		} else {
			VDecl *p = compare(l, "lt", VT_UD, d, val_vec(best));
			lower_select(l, p, 0, best, VT_UD, d, val_vec(best));
			lower_select(l, p, 0, blo, VT_UD, alo, val_vec(blo));
			lower_select(l, p, 0, bhi, VT_UD, ahi, val_vec(bhi));
		}
	}
	l->mem_pointers = 1;
	*lo = val_vec(blo);
	*hi = val_vec(bhi);
	return 0;
}
