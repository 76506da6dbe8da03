/* visa_opt.c - three clean-ups of a finished VKernel, before it is printed.
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
 *   vk_scalar_copies
 *              a variable whose only writes are unpredicated moves of one
 *              element of an input (region <0;1,0>: AMD's wrapper copying
 *              cb1 arguments and sizes into per-lane registers) holds that
 *              element in every lane it has a value in, so its register
 *              reads read the element itself; vk_dce then drops the moves.
 *   vk_dce     an instruction that only computes (moves, arithmetic,
 *              logic, compares, selects) and writes variables that nothing
 *              in the kernel reads is removed; repeated to a fixed point.
 *              Flow-insensitive: a variable read anywhere keeps every
 *              write to it (and to any view aliasing its storage).
 *              Messages, branches, barriers, fences, predefined variables
 *              (%cr0 ...) and everything not listed as pure are kept.
 */
#include <stdint.h>
#include <string.h>

#include "visa.h"

/* ---- inlining ----------------------------------------------------------------- */

static int is_call_to(const VInst *in, const char *name)
{
	return !in->label && in->op && !strcmp(in->op, "call") && in->nops >= 1 &&
	       in->ops[0].kind == VO_LABEL && !strcmp(in->ops[0].label, name);
}

/* references to a function's label anywhere (calls or otherwise) */
/* references to each function's label anywhere (calls or otherwise): how
 * many, and where the last one is, in one pass over the code */
typedef struct Refs {
	int n;
	size_t fi, ii;
} Refs;

static void label_refs(const VKernel *k, Refs *r)
{
	size_t f, i, g;
	int j;
	memset(r, 0, k->funcs.n * sizeof *r);
	for (f = 0; f < k->funcs.n; f++)
		for (i = 0; i < k->funcs.v[f]->code.n; i++) {
			const VInst *in = &k->funcs.v[f]->code.v[i];
			for (j = 0; !in->label && j < in->nops; j++)
				if (in->ops[j].kind == VO_LABEL)
					for (g = 1; g < k->funcs.n; g++)
						if (!strcmp(in->ops[j].label, k->funcs.v[g]->name)) {
							r[g].n++;
							r[g].fi = f, r[g].ii = i;
						}
		}
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
	size_t f, fi, ii, i;
	Refs *r = xcalloc(k->funcs.n + 1, sizeof *r);
	label_refs(k, r);
	for (f = 1; f < k->funcs.n; f++) {
		VFunc *callee = k->funcs.v[f], *caller;
		VInstVec code = {0};
		fi = r[f].fi, ii = r[f].ii;
		if (r[f].n != 1 || fi == f || !single_exit(callee))
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
		free(r);
		return 1;
	}
	free(r);
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
static int pure_class(const char *op);

/* The mnemonics are mostly string constants and interned strings: a
 * direct-mapped cache by pointer (the program runs its kernels in one
 * thread; -j forks) answers nearly every call.  The text is kept and
 * compared too, so a pointer reused for another text (an op built in
 * memory that was freed) cannot answer for it. */
static int pure_dsts(const VInst *in)
{
	static const char *key[256];
	static char text[256][24];
	static signed char val[256];
	size_t h;
	if (in->label || !in->op)
		return 0;
	if (strlen(in->op) >= sizeof text[0])
		return pure_class(in->op);
	h = ((uintptr_t)in->op >> 3 ^ (uintptr_t)in->op >> 11) & 255;
	if (key[h] != in->op || strcmp(text[h], in->op)) {
		val[h] = (signed char)pure_class(in->op);
		key[h] = in->op;
		strcpy(text[h], in->op);
	}
	return val[h];
}

static int pure_class(const char *op)
{
	/* (called for every instruction by every pass: the candidates are
	 * narrowed by the first letter before any comparison) */
	static const char *const by_letter[26] = {
		['a' - 'a'] = " add and avg asr addc ", ['b' - 'a'] = " bfe bfi bfrev ",
		['c' - 'a'] = " cbit cos ", ['d' - 'a'] = " div divm ", ['e' - 'a'] = " exp ",
		['f' - 'a'] = " frc fbh fbl ", ['i' - 'a'] = " inv ", ['l' - 'a'] = " log lzd ",
		['m' - 'a'] = " mov mul mad mulh min max mod ", ['n' - 'a'] = " not ", ['o' - 'a'] = " or ",
		['p' - 'a'] = " pow ", ['r' - 'a'] = " rndd rnde rndu rndz rsqrt ",
		['s' - 'a'] = " sel shl shr sin sqrt sqrtm subb ", ['x' - 'a'] = " xor ",
	};
	const char *list, *p;
	size_t n;
	if (op[0] < 'a' || op[0] > 'z' || !(list = by_letter[op[0] - 'a']))
		return 0;
	for (n = 1; op[n] && op[n] != '.'; n++)
		;
	if (n == 3 && !memcmp(op, "cmp", 3))
		return op[3] == '.';
	for (p = list; (p = strchr(p + 1, op[0])); )
		if (p[-1] == ' ' && !strncmp(p, op, n) && p[n] == ' ') /* strncmp stops at the list's end */
			return n == 4 && (!memcmp(op, "addc", 4) || !memcmp(op, "subb", 4)) ? 2 : 1;
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

/* ---- unused declarations ------------------------------------------------------------ */

/* d and every declaration it is an alias of */
static void keep(VDecl *d, unsigned char *used)
{
	for (; d; d = d->alias)
		used[d->index] = 1;
}

/* Declarations no instruction, input or kept alias refers to (the
 * variables of instructions vk_dce removed, the wrapper's ids a kernel
 * never reads: a quarter of a generated program's declarations) are
 * dropped, the rest renumbered in order, so the text and the binary vISA
 * object (which numbers variables by VDecl.index) stay one program.  Must
 * run last: a dropped alias is unlinked from its base's views, and no
 * declaration may be made after it. */
void vk_prune_decls(VKernel *k)
{
	unsigned char *used = xcalloc(k->decls.n + 1, 1);
	size_t f, i, j, w;
	for (f = 0; f < k->funcs.n; f++) {
		const VInstVec *c = &k->funcs.v[f]->code;
		for (i = 0; i < c->n; i++) {
			const VInst *in = &c->v[i];
			if (in->label)
				continue;
			keep(in->pred, used);
			for (j = 0; j < (size_t)in->nops; j++) {
				keep(in->ops[j].var, used);
				keep(in->ops[j].ss, used);
				keep(in->ops[j].r, used);
			}
		}
	}
	for (i = 0; i < k->inputs.n; i++)
		keep(k->inputs.v[i].var, used);
	for (i = 0; i < k->decls.n; i++)
		if (k->decls.v[i]->predefined)
			used[i] = 1;
	for (i = 0; i < k->decls.n; i++) {
		VDecl *d = k->decls.v[i], **p;
		if (used[i] || !d->alias)
			continue;
		for (p = &d->alias->views; *p; p = &(*p)->next_view)
			if (*p == d) {
				*p = d->next_view;
				break;
			}
	}
	for (i = w = 0; i < k->decls.n; i++)
		if (used[i]) {
			k->decls.v[w] = k->decls.v[i];
			k->decls.v[w]->index = (int)w;
			w++;
		}
	k->decls.n = w;
	free(used);
}

/* ---- scalar copies ---------------------------------------------------------------- */

typedef struct Copy {
	int state;       /* 0 not written, 1 only broadcast moves of src, -1 other writes */
	VDecl *src;      /* storage of the element */
	int off, size;   /* its byte offset in src, its size */
} Copy;

static int byte_off(const VKernel *k, const VOpnd *o, const VDecl *d)
{
	int off = 0;
	for (; d->alias; d = d->alias)
		off += d->alias_off;
	return off + o->row * k->grf_bytes + o->col * vtype_size(o->var->type);
}

/* note the writes instruction in makes */
static void note_writes(const VKernel *k, const VInst *in, int n, Copy *c)
{
	int j;
	const VOpnd *s = &in->ops[1];
	int bcast = n == 1 && !strcmp(in->op, "mov") && !in->pred && !in->sat && in->nops == 2 &&
	            in->ops[0].kind == VO_REG && s->kind == VO_REG && s->var && !s->mod && s->vs == 0 &&
	            s->w == 1 && s->hs == 0 && vtype_size(s->var->type) == vtype_size(in->ops[0].var->type);
	for (j = 0; j < in->nops; j++) {
		const VOpnd *o = &in->ops[j];
		VDecl *d = root(o->var);
		Copy *x;
		if (!d)
			continue;
		/* a pure instruction writes its first n operands; any other
		 * instruction its destinations and, as far as is known here,
		 * every message operand */
		if (j >= n && (n || (o->kind == VO_REG && !o->is_dst)))
			continue;
		x = &c[d->index];
		if (j < n && bcast && x->state >= 0) {
			VDecl *sd = root(s->var);
			int off = byte_off(k, s, s->var), size = vtype_size(s->var->type);
			if (x->state == 0 || (x->src == sd && x->off == off && x->size == size)) {
				x->state = 1, x->src = sd, x->off = off, x->size = size;
				continue;
			}
		}
		x->state = -1;
	}
	if (in->pred)
		c[root(in->pred)->index].state = -1;
}

/* is d's storage unchanged once written: never written (an input), or
 * only by broadcasts of such a variable (the group id's scalar) */
static int constant(const Copy *c, const VDecl *d, int depth)
{
	if (d->predefined)
		return 0;
	if (c[d->index].state == 0)
		return 1;
	return c[d->index].state == 1 && depth < 4 && (c[d->index].src->predefined ||
	                                               constant(c, c[d->index].src, depth + 1));
}

void vk_scalar_copies(VKernel *k)
{
	Copy *c = xcalloc(k->decls.n + 1, sizeof *c);
	unsigned char *input = xcalloc(k->decls.n + 1, 1);
	unsigned char **pure = xcalloc(k->funcs.n + 1, sizeof *pure);
	size_t f, i;
	int j;
	for (i = 0; i < k->inputs.n; i++)
		input[root(k->inputs.v[i].var)->index] = 1;
	for (f = 0; f < k->funcs.n; f++) {
		const VInstVec *code = &k->funcs.v[f]->code;
		pure[f] = xcalloc(code->n + 1, 1);
		for (i = 0; i < code->n; i++)
			if (!code->v[i].label)
				note_writes(k, &code->v[i], pure[f][i] = (unsigned char)pure_dsts(&code->v[i]), c);
	}
	for (f = 0; f < k->funcs.n; f++) {
		VInstVec *code = &k->funcs.v[f]->code;
		for (i = 0; i < code->n; i++) {
			VInst *in = &code->v[i];
			int n = pure[f][i];
			if (!n)
				continue; /* messages and branches keep their operands */
			for (j = n; j < in->nops; j++) {
				VOpnd *o = &in->ops[j];
				VDecl *d = root(o->var);
				const Copy *x;
				if (o->kind != VO_REG || !d || c[d->index].state != 1 || d->predefined || input[d->index])
					continue;
				x = &c[d->index];
				if (!constant(c, x->src, 0) || vtype_size(o->var->type) != x->size || x->off % x->size)
					continue;
				o->var = vk_alias(k, x->src, o->var->type, 0);
				o->row = x->off / k->grf_bytes;
				o->col = x->off % k->grf_bytes / x->size;
				o->vs = 0, o->w = 1, o->hs = 0;
			}
		}
		free(pure[f]);
	}
	free(pure);
	free(input);
	free(c);
}
