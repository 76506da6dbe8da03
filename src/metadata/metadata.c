/* metadata.c - md_read's walk over the comment lines, kernels and their
 * call closure.
 *
 * Comment lines are read in file order: data segment lines wherever they
 * stand (mddata.c), ;ARGSTART/;ARGEND open and close a block, and the lines
 * in between are block lines (mdblock.c).  A kernel is a block named
 * __OpenCL_<k>_kernel.
 */
#include <stdlib.h>
#include <string.h>

#include "mdint.h"

static void block_free(MdBlock *b)
{
	vec_free(&b->lines);
	vec_free(&b->mems);
	vec_free(&b->args);
	vec_free(&b->samplers);
	vec_free(&b->constargs);
	vec_free(&b->refls);
	vec_free(&b->reflections);
	vec_free(&b->functions);
	vec_free(&b->intrinsics);
	vec_free(&b->printfs);
	vec_free(&b->msgs);
	vec_free(&b->errors);
	vec_free(&b->raws);
}

static void block_open(Ctx *c)
{
	const char *t = c->cm->text + 9;
	MdBlock *b;
	if (c->b) {
		md_err(c, c->cm->loc, "';ARGSTART' inside the open block of '%s'", c->b->name);
		diag_note(c->b->loc, "block opened here");
		block_free(c->b);
	}
	b = c->b = arena_alloc(&c->m->arena, sizeof *b);
	b->loc = c->cm->loc;
	b->cfirst = c->ci;
	b->name = md_keepn(c, t, md_trim_len(t));
	b->uniqueid = -1;
	b->uavid = b->printfid = b->cbid = b->privateid = -1;
	b->lws = b->enqueue_kernel = b->kernel_index = -1;
}

static void block_close(Ctx *c)
{
	const char *t = c->cm->text + 7;
	MdBlock *b = c->b;
	if (!b) {
		md_err(c, c->cm->loc, "';ARGEND' without ';ARGSTART'");
		return;
	}
	if (strncmp(t, b->name, md_trim_len(t)) || strlen(b->name) != md_trim_len(t))
		md_err(c, c->cm->loc, "';ARGEND:%.*s' closes the block of '%s'", (int)md_trim_len(t), t, b->name);
	b->end_loc = c->cm->loc;
	b->ccount = c->ci - b->cfirst + 1;
	md_block_finish(c);
	vec_push(&c->p->blocks, b);
	c->b = NULL;
}

static void comment_line(Ctx *c)
{
	const char *t = c->cm->text;
	if (md_data_line(c))
		return;
	if (strncmp(t, "ARGSTART:", 9) == 0) {
		block_open(c);
	} else if (strncmp(t, "ARGEND:", 7) == 0) {
		block_close(c);
	} else if (c->b) {
		md_split(c, t);
		md_block_line(c);
		md_fields_free(c);
	}
}

static void find_kernels(Ctx *c)
{
	size_t i, n;
	for (i = 0; i < c->p->blocks.n; i++) {
		MdBlock *b = c->p->blocks.v[i];
		Kernel *k;
		n = strlen(b->name);
		if (n < 17 || strncmp(b->name, "__OpenCL_", 9) || strcmp(b->name + n - 7, "_kernel"))
			continue;
		k = arena_alloc(&c->m->arena, sizeof *k);
		k->name = arena_strndup(&c->m->arena, b->name + 9, n - 16);
		k->md = b;
		vec_push(&c->p->kernels, k);
	}
}

/* Printf ids are program-wide: one id, one format. */
static void check_printf_ids(const Program *p)
{
	size_t i, j;
	for (i = 0; i < p->blocks.n; i++)
		for (j = 0; j < p->blocks.v[i]->printfs.n; j++) {
			const MdPrintf *a = &p->blocks.v[i]->printfs.v[j], *b = md_printf(p, a->id);
			if (b != a && strcmp(a->text, b->text))
				diag_warning(a->loc, "printf id %d is also declared at line %d with another format",
				             a->id, b->loc.line);
		}
}

Program *md_read(Module *m)
{
	Program *p = xcalloc(1, sizeof *p);
	Ctx c;
	memset(&c, 0, sizeof c);
	c.m = m;
	c.p = p;
	c.seg = -1;
	p->m = m;
	for (c.ci = 0; c.ci < m->comments.n; c.ci++) {
		c.cm = &m->comments.v[c.ci];
		comment_line(&c);
	}
	if (c.b) {
		md_err(&c, c.b->loc, "';ARGSTART:%s' is never closed by ';ARGEND'", c.b->name);
		block_free(c.b);
	}
	md_data_finish(&c);
	if (c.bad) {
		md_free(p);
		return NULL;
	}
	find_kernels(&c);
	check_printf_ids(p);
	return p;
}

MdBlock *md_block(Program *p, const char *name)
{
	size_t i;
	for (i = 0; i < p->blocks.n; i++)
		if (strcmp(p->blocks.v[i]->name, name) == 0)
			return p->blocks.v[i];
	return NULL;
}

const MdPrintf *md_printf(const Program *p, int id)
{
	size_t i, j;
	for (i = 0; i < p->blocks.n; i++)
		for (j = 0; j < p->blocks.v[i]->printfs.n; j++)
			if (p->blocks.v[i]->printfs.v[j].id == id)
				return &p->blocks.v[i]->printfs.v[j];
	return NULL;
}

int md_link(Program *p, Kernel *k)
{
	Module *m = p->m;
	size_t i;
	int k2, bad = 0;
	k->funcs.n = 0;
	if (k->md->uniqueid < 0) {
		diag_error(k->md->loc, "kernel '%s' has no ';uniqueid' line", k->name);
		return -1;
	}
	k->wrapper = il_func(m, k->md->uniqueid);
	if (!k->wrapper) {
		diag_error(k->md->loc, "kernel '%s': no 'func %lld' for its ;uniqueid", k->name, k->md->uniqueid);
		return -1;
	}
	vec_push(&k->funcs, k->wrapper);
	for (i = 0; i < k->funcs.n; i++) {
		Func *f = k->funcs.v[i];
		size_t j, b;
		/* functions its metadata lists are part of the closure too */
		for (b = 0; b < p->blocks.n; b++) {
			const MdBlock *mb = p->blocks.v[b];
			size_t q;
			if (mb->uniqueid != f->id)
				continue;
			for (q = 0; q < mb->functions.n; q++) {
				Func *g = il_func(m, mb->functions.v[q]);
				size_t r;
				if (!g)
					continue;
				for (r = 0; r < k->funcs.n && k->funcs.v[r] != g; r++)
					;
				if (r == k->funcs.n)
					vec_push(&k->funcs, g);
			}
		}
		for (j = 0; j < f->code.n; j++) {
			const Inst *in = &f->code.v[j];
			Func *callee;
			size_t q;
			if (in->op != OP_CALL && in->op != OP_CALL_LOGICALNZ && in->op != OP_CALL_LOGICALZ)
				continue;
			if (in->nops < 1 || in->ops[0].file != RF_NUMBER) {
				diag_error(in->loc, "'call' needs a function id");
				bad = 1;
				continue;
			}
			callee = il_func(m, in->ops[0].num);
			if (!callee) {
				diag_error(in->ops[0].loc, "call to undefined function %lld", in->ops[0].num);
				bad = 1;
				continue;
			}
			for (q = 0; q < k->funcs.n && k->funcs.v[q] != callee; q++)
				;
			if (q == k->funcs.n)
				vec_push(&k->funcs, callee);
		}
	}
	for (i = 0; i < p->blocks.n; i++) {
		const MdBlock *mb = p->blocks.v[i];
		for (k2 = 0; k2 < (int)mb->functions.n; k2++)
			if (!il_func(m, mb->functions.v[k2])) {
				size_t q;
				for (q = 0; q < k->funcs.n && k->funcs.v[q]->id != mb->uniqueid; q++)
					;
				if (q == k->funcs.n)
					continue;
				diag_error(mb->loc, "';function' of '%s' names %lld, which is not defined",
				           mb->name, mb->functions.v[k2]);
				bad = 1;
			}
	}
	return bad ? -1 : 0;
}

void md_free(Program *p)
{
	size_t i;
	if (!p)
		return;
	for (i = 0; i < p->blocks.n; i++)
		block_free(p->blocks.v[i]);
	for (i = 0; i < p->kernels.n; i++)
		vec_free(&p->kernels.v[i]->funcs);
	for (i = 0; i < p->segs.n; i++)
		vec_free(&p->segs.v[i].items);
	vec_free(&p->blocks);
	vec_free(&p->kernels);
	vec_free(&p->segs);
	free(p);
}
