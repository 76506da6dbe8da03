/* visa_opt.c - two clean-ups of a finished VKernel, before it is printed.
 *
 * GenX_IR compiles what it is given nearly as written, so the shape the
 * lowering leaves (AMD's wrapper calling the kernel body, both lowered as
 * vISA subroutines; every wrapper register materialised whether read or
 * not) reaches the Gen code.  Both passes keep the meaning exactly:
 *
 *   vk_inline  a subroutine with exactly one call site, an unpredicated
 *              call, and one ret (its last instruction) is copied in place
 *              of the call.  Subroutines share every variable with their
 *              caller and each lowered function ends in its own return
 *              label (an early ret_dyn is a goto there), so the copy runs
 *              the same instructions under the same execution mask; only
 *              the call/ret pair is gone.  Repeated until nothing changes.
 *   vk_dce     an instruction that only computes (moves, arithmetic,
 *              logic, compares, selects) and writes variables that nothing
 *              in the kernel reads is removed; repeated to a fixed point.
 *              Flow-insensitive: a variable read anywhere keeps every
 *              write to it (and to any view aliasing its storage).
 *              Messages, branches, barriers, fences, predefined variables
 *              (%cr0 ...) and everything not listed as pure are kept.
 */
#include <string.h>

#include "visa.h"

/* ---- inlining ----------------------------------------------------------------- */

static int is_call_to(const VInst *in, const char *name)
{
	return !in->label && in->op && !strcmp(in->op, "call") && in->nops >= 1 &&
	       in->ops[0].kind == VO_LABEL && !strcmp(in->ops[0].label, name);
}

/* references to a function's label anywhere (calls or otherwise) */
static int label_refs(const VKernel *k, const char *name, size_t *fi, size_t *ii)
{
	size_t f, i;
	int j, n = 0;
	for (f = 0; f < k->funcs.n; f++)
		for (i = 0; i < k->funcs.v[f]->code.n; i++) {
			const VInst *in = &k->funcs.v[f]->code.v[i];
			for (j = 0; !in->label && j < in->nops; j++)
				if (in->ops[j].kind == VO_LABEL && !strcmp(in->ops[j].label, name)) {
					n++;
					*fi = f, *ii = i;
				}
		}
	return n;
}

/* one ret, the last instruction, unpredicated */
static int single_exit(const VFunc *fn)
{
	size_t i, n = fn->code.n;
	if (!n)
		return 0;
	for (i = 0; i < n; i++) {
		const VInst *in = &fn->code.v[i];
		if (!in->label && in->op && !strcmp(in->op, "ret") && (i != n - 1 || in->pred))
			return 0;
	}
	return !fn->code.v[n - 1].label && !strcmp(fn->code.v[n - 1].op, "ret") && !fn->code.v[n - 1].pred;
}

static int inline_one(VKernel *k)
{
	size_t f, fi = 0, ii = 0, i;
	for (f = 1; f < k->funcs.n; f++) {
		VFunc *callee = k->funcs.v[f], *caller;
		VInstVec code = {0};
		if (label_refs(k, callee->name, &fi, &ii) != 1 || fi == f || !single_exit(callee))
			continue;
		caller = k->funcs.v[fi];
		if (!is_call_to(&caller->code.v[ii], callee->name) || caller->code.v[ii].pred)
			continue;
		for (i = 0; i < ii; i++)
			vec_push(&code, caller->code.v[i]);
		for (i = 0; i + 1 < callee->code.n; i++)
			vec_push(&code, callee->code.v[i]);
		for (i = ii + 1; i < caller->code.n; i++)
			vec_push(&code, caller->code.v[i]);
		vec_free(&caller->code);
		caller->code = code;
		vec_free(&callee->code);
		memmove(&k->funcs.v[f], &k->funcs.v[f + 1], (k->funcs.n - f - 1) * sizeof *k->funcs.v);
		k->funcs.n--;
		if (k->cur == callee)
			k->cur = k->funcs.v[0];
		return 1;
	}
	return 0;
}

void vk_inline(VKernel *k)
{
	while (inline_one(k))
		;
}

/* ---- dead code ------------------------------------------------------------------ */

static VDecl *root(VDecl *d)
{
	while (d && d->alias)
		d = d->alias;
	return d;
}

/* instructions without effects beyond their destination operands, and how
 * many leading operands are destinations */
static int pure_dsts(const VInst *in)
{
	/* (called for every instruction on every pass: lengths precomputed,
	 * the first letter compared before memcmp) */
#define W(s) {s, sizeof s - 1}
	static const struct { const char *s; size_t n; } one[] = {
		W("mov"), W("add"), W("mul"), W("mad"), W("sel"), W("and"), W("or"), W("xor"), W("not"),
		W("shl"), W("shr"), W("asr"), W("min"), W("max"), W("avg"), W("mulh"), W("frc"), W("rndd"),
		W("rnde"), W("rndu"), W("rndz"), W("lzd"), W("fbh"), W("fbl"), W("cbit"), W("bfrev"), W("bfe"),
		W("bfi"), W("inv"), W("sqrt"), W("rsqrt"), W("log"), W("exp"), W("sin"), W("cos"), W("pow"),
		W("div"), W("mod"), W("divm"), W("sqrtm"),
	};
#undef W
	size_t i, n;
	if (in->label || !in->op)
		return 0;
	if (!strncmp(in->op, "cmp.", 4))
		return 1;
	if (!strcmp(in->op, "addc") || !strcmp(in->op, "subb"))
		return 2;
	n = strcspn(in->op, ".");
	for (i = 0; i < sizeof one / sizeof *one; i++)
		if (one[i].n == n && one[i].s[0] == in->op[0] && !memcmp(in->op, one[i].s, n))
			return 1;
	return 0;
}

static void mark(VDecl *d, unsigned char *read)
{
	if ((d = root(d)))
		read[d->index] = 1;
}

/* every variable an instruction reads (sources, its predicate, and every
 * operand of an instruction that is not pure) */
static void reads_of(const VInst *in, int first, unsigned char *read)
{
	int j;
	if (in->label)
		return;
	if (in->pred)
		mark(in->pred, read);
	for (j = first; j < in->nops; j++) {
		const VOpnd *o = &in->ops[j];
		mark(o->var, read);
		mark(o->ss, read);
		mark(o->r, read);
	}
}

/* does a pure instruction write a variable that is read (or one that must
 * be kept: predefined, or written through a non-register operand)? */
static int writes_live(const VInst *in, int n, const unsigned char *read)
{
	int j;
	for (j = 0; j < n; j++) {
		const VOpnd *o = &in->ops[j];
		VDecl *d = root(o->var);
		if ((o->kind != VO_REG && o->kind != VO_PRED) || !d || d->predefined || read[d->index])
			return 1;
	}
	return 0;
}

/* Mark and sweep: the live instructions are the impure ones and the pure
 * ones writing a variable a live instruction reads, found to a fixed point
 * (so a chain or a cycle of moves nothing else reads is dead too). */
void vk_dce(VKernel *k)
{
	unsigned char *read = xcalloc(k->decls.n + 1, 1);
	unsigned char **live = xcalloc(k->funcs.n + 1, sizeof *live);
	unsigned char **pure = xcalloc(k->funcs.n + 1, sizeof *pure);
	int changed = 1;
	size_t f, i, w;
	for (f = 0; f < k->funcs.n; f++) {
		VInstVec *c = &k->funcs.v[f]->code;
		live[f] = xcalloc(c->n + 1, 1);
		pure[f] = xcalloc(c->n + 1, 1);
		for (i = 0; i < c->n; i++)
			if (!(pure[f][i] = (unsigned char)pure_dsts(&c->v[i]))) {
				live[f][i] = 1;
				reads_of(&c->v[i], 0, read);
			}
	}
	/* to the fixpoint; backwards, so a chain of definitions feeding one
	 * another in straight-line code is found in one pass */
	while (changed) {
		changed = 0;
		for (f = 0; f < k->funcs.n; f++) {
			VInstVec *c = &k->funcs.v[f]->code;
			for (i = c->n; i-- > 0;)
				if (!live[f][i] && writes_live(&c->v[i], pure[f][i], read)) {
					live[f][i] = 1;
					reads_of(&c->v[i], pure[f][i], read);
					changed = 1;
				}
		}
	}
	for (f = 0; f < k->funcs.n; f++) {
		VInstVec *c = &k->funcs.v[f]->code;
		for (i = w = 0; i < c->n; i++)
			if (live[f][i])
				c->v[w++] = c->v[i];
		c->n = w;
		free(live[f]);
		free(pure[f]);
	}
	free(live);
	free(pure);
	free(read);
}
