/* metadata.c - ;ARGSTART blocks, kernels and their call closure.
 *
 * Fields are ':'-separated after the token name.  Field counts are checked
 * per token; a token this parser does not know is kept as a warning, never an
 * error (later driver generations added tokens).
 */
#include <stdlib.h>
#include <string.h>

#include "metadata.h"

typedef VEC(char *) Fields;

static void split(const char *s, Fields *f)
{
	const char *p = s;
	for (;;) {
		const char *c = strchr(p, ':');
		size_t n = c ? (size_t)(c - p) : strlen(p);
		vec_push(f, xstrndup(p, n));
		if (!c)
			break;
		p = c + 1;
	}
}

static void fields_free(Fields *f)
{
	size_t i;
	for (i = 0; i < f->n; i++)
		free(f->v[i]);
	vec_free(f);
}

static int to_int(const char *s, long long *v)
{
	char *end;
	if (!*s)
		return -1;
	*v = strtoll(s, &end, 0);
	return *end ? -1 : 0;
}

/* Size of one element of a ;value type, 0 if unknown. */
static int type_size(const char *t)
{
	static const struct { const char *n; int sz; } tab[] = {
		{"i1", 4}, {"i8", 1}, {"u8", 1}, {"i16", 2}, {"u16", 2}, {"half", 2},
		{"i32", 4}, {"u32", 4}, {"float", 4}, {"i64", 8}, {"u64", 8}, {"double", 8},
	};
	size_t i;
	for (i = 0; i < NELEM(tab); i++)
		if (strcmp(tab[i].n, t) == 0)
			return tab[i].sz;
	return 0;
}

typedef struct Ctx {
	Module *m;
	Program *p;
	MdBlock *b;     /* open block */
	int bad;
} Ctx;

static int need(Ctx *c, const Comment *cm, Fields *f, int lo, int hi)
{
	int n = (int)f->n - 1;
	if (n >= lo && n <= hi)
		return 0;
	if (lo == hi)
		diag_error(cm->loc, "';%s' takes %d field%s, found %d", f->v[0], lo, lo == 1 ? "" : "s", n);
	else
		diag_error(cm->loc, "';%s' takes %d to %d fields, found %d", f->v[0], lo, hi, n);
	c->bad = 1;
	return -1;
}

static int ints(Ctx *c, const Comment *cm, Fields *f, int from, int to, long long *out)
{
	int i;
	for (i = from; i <= to; i++)
		if (to_int(f->v[i], &out[i - from])) {
			diag_error(cm->loc, "';%s' field %d must be a number, found '%s'", f->v[0], i, f->v[i]);
			c->bad = 1;
			return -1;
		}
	return 0;
}

static const char *keep(Ctx *c, const char *s)
{
	return arena_strdup(&c->m->arena, s);
}

static void arg_value(Ctx *c, const Comment *cm, Fields *f)
{
	MdArg a = {0};
	long long v[3];
	if (need(c, cm, f, 5, 5) || ints(c, cm, f, 3, 5, v))
		return;
	a.loc = cm->loc;
	a.kind = MA_VALUE;
	a.name = keep(c, f->v[1]);
	a.type = keep(c, f->v[2]);
	a.nelem = (int)v[0];
	a.cb = (int)v[1];
	a.offset = (int)v[2];
	/* OpenCL: a 3-element vector has the size of the 4-element one */
	if (strcmp(a.type, "struct") == 0 || strcmp(a.type, "union") == 0)
		a.size = a.nelem;
	else
		a.size = type_size(a.type) * (a.nelem == 3 ? 4 : a.nelem);
	a.index = (int)c->b->args.n;
	vec_push(&c->b->args, a);
}

static void arg_pointer(Ctx *c, const Comment *cm, Fields *f)
{
	MdArg a = {0};
	long long v[3], w[3];
	int n = (int)f->n - 1;
	if (n != 8 && n != 9 && n != 11 && n != 12) {
		diag_error(cm->loc, "';pointer' takes 8, 9, 11 or 12 fields, found %d", n);
		c->bad = 1;
		return;
	}
	if (ints(c, cm, f, 3, 5, v) || ints(c, cm, f, 7, 8, w))
		return;
	a.loc = cm->loc;
	a.kind = MA_POINTER;
	a.name = keep(c, f->v[1]);
	a.type = keep(c, f->v[2]);
	a.nelem = (int)v[0];
	a.cb = (int)v[1];
	a.offset = (int)v[2];
	a.mem = keep(c, f->v[6]);
	a.bufid = (int)w[0];
	a.align = (int)w[1];
	a.size = 8;
	if (n >= 11) {
		long long vr[2];
		a.access = keep(c, f->v[9]);
		if (strcmp(a.access, "RO") && strcmp(a.access, "WO") && strcmp(a.access, "RW")) {
			diag_error(cm->loc, "';pointer' access must be RO, WO or RW, found '%s'", a.access);
			c->bad = 1;
			return;
		}
		if (ints(c, cm, f, 10, 11, vr))
			return;
		a.is_volatile = (int)vr[0];
		a.is_restrict = (int)vr[1];
	}
	a.index = (int)c->b->args.n;
	vec_push(&c->b->args, a);
}

static void ids(Ctx *c, const Comment *cm, Fields *f, IdVec *out)
{
	long long n, v;
	size_t i;
	if (need(c, cm, f, 1, 1 << 20) || to_int(f->v[1], &n) || n != (long long)f->n - 2) {
		if (!c->bad) {
			diag_error(cm->loc, "';%s' count %s does not match the %zu ids that follow",
			           f->v[0], f->v[1], f->n - 2);
			c->bad = 1;
		}
		return;
	}
	for (i = 2; i < f->n; i++) {
		if (to_int(f->v[i], &v)) {
			diag_error(cm->loc, "';%s' id must be a number, found '%s'", f->v[0], f->v[i]);
			c->bad = 1;
			return;
		}
		vec_push(out, v);
	}
}

static void one_int(Ctx *c, const Comment *cm, Fields *f, int *dst)
{
	long long v;
	if (need(c, cm, f, 1, 1) || ints(c, cm, f, 1, 1, &v))
		return;
	*dst = (int)v;
}

static void memory(Ctx *c, const Comment *cm, Fields *f)
{
	static const char *const flags[] = {"datareqd", "compilerwrite", "64bitABI"};
	static const char *const spaces[] = {"private", "hwprivate", "uavprivate", "local",
	                                     "hwlocal", "region", "hwregion"};
	MdBlock *b = c->b;
	int *slot[] = {&b->mem_private, &b->mem_hwprivate, &b->mem_uavprivate, &b->mem_local,
	               &b->mem_hwlocal, &b->mem_region, &b->mem_hwregion};
	int *flag[] = {&b->datareqd, &b->compilerwrite, &b->abi64};
	long long v;
	size_t i;
	if (f->n < 2) {
		need(c, cm, f, 1, 2);
		return;
	}
	for (i = 0; i < NELEM(flags); i++)
		if (strcmp(f->v[1], flags[i]) == 0) {
			if (!need(c, cm, f, 1, 1))
				*flag[i] = 1;
			return;
		}
	for (i = 0; i < NELEM(spaces); i++)
		if (strcmp(f->v[1], spaces[i]) == 0) {
			if (!need(c, cm, f, 2, 2) && !ints(c, cm, f, 2, 2, &v))
				*slot[i] = (int)v;
			return;
		}
	diag_warning(cm->loc, "unknown memory kind ';memory:%s' ignored", f->v[1]);
}

static void block_line(Ctx *c, const Comment *cm)
{
	Fields f = {0};
	MdBlock *b = c->b;
	const char *t = cm->text;
	long long v[3];
	split(t, &f);
	if (strcmp(f.v[0], "version") == 0) {
		if (!need(c, cm, &f, 3, 3) && !ints(c, cm, &f, 1, 3, v))
			b->version[0] = (int)v[0], b->version[1] = (int)v[1], b->version[2] = (int)v[2];
	} else if (strcmp(f.v[0], "device") == 0) {
		if (!need(c, cm, &f, 1, 1))
			b->device = keep(c, f.v[1]);
	} else if (strcmp(f.v[0], "uniqueid") == 0) {
		if (!need(c, cm, &f, 1, 1) && !ints(c, cm, &f, 1, 1, v))
			b->uniqueid = v[0];
	} else if (strcmp(f.v[0], "memory") == 0) {
		memory(c, cm, &f);
	} else if (strcmp(f.v[0], "value") == 0) {
		arg_value(c, cm, &f);
	} else if (strcmp(f.v[0], "pointer") == 0) {
		arg_pointer(c, cm, &f);
	} else if (strcmp(f.v[0], "function") == 0) {
		ids(c, cm, &f, &b->functions);
	} else if (strcmp(f.v[0], "intrinsic") == 0) {
		ids(c, cm, &f, &b->intrinsics);
	} else if (strcmp(f.v[0], "cws") == 0) {
		if (!need(c, cm, &f, 3, 3) && !ints(c, cm, &f, 1, 3, v))
			b->cws[0] = (int)v[0], b->cws[1] = (int)v[1], b->cws[2] = (int)v[2];
	} else if (strcmp(f.v[0], "uavid") == 0) {
		one_int(c, cm, &f, &b->uavid);
	} else if (strcmp(f.v[0], "printfid") == 0) {
		one_int(c, cm, &f, &b->printfid);
	} else if (strcmp(f.v[0], "cbid") == 0) {
		one_int(c, cm, &f, &b->cbid);
	} else if (strcmp(f.v[0], "privateid") == 0) {
		one_int(c, cm, &f, &b->privateid);
	} else if (strcmp(f.v[0], "reflection") == 0) {
		if (!need(c, cm, &f, 2, 1 << 20))
			vec_push(&b->reflections, keep(c, strchr(strchr(t, ':') + 1, ':') + 1));
	} else if (strcmp(f.v[0], "constarg") == 0) {
		if (!need(c, cm, &f, 2, 2) && !ints(c, cm, &f, 1, 1, v) && v[0] >= 0 &&
		    (size_t)v[0] < b->args.n)
			b->args.v[v[0]].is_const = 1;
	} else if (strcmp(f.v[0], "error") == 0) {
		vec_push(&b->errors, cm);
	} else if (strcmp(f.v[0], "warning") == 0 || strcmp(f.v[0], "crs") == 0 ||
	           strcmp(f.v[0], "wsh") == 0 || strcmp(f.v[0], "vth") == 0 ||
	           strcmp(f.v[0], "lws") == 0 || strcmp(f.v[0], "limitgroupsize") == 0 ||
	           strcmp(f.v[0], "printf_fmt") == 0 || strcmp(f.v[0], "sampler") == 0 ||
	           strcmp(f.v[0], "image") == 0 || strcmp(f.v[0], "counter") == 0 ||
	           strcmp(f.v[0], "sema") == 0) {
		/* known tokens whose translation is not implemented yet; the
		 * argument kinds among them are rejected by the ABI stage */
		if (strcmp(f.v[0], "image") == 0 || strcmp(f.v[0], "counter") == 0 ||
		    strcmp(f.v[0], "sema") == 0 ||
		    (strcmp(f.v[0], "sampler") == 0 && f.n >= 4 && strcmp(f.v[3], "0") == 0)) {
			MdArg a = {0};
			a.loc = cm->loc;
			a.kind = f.v[0][0] == 'i' ? MA_IMAGE : f.v[0][0] == 'c' ? MA_COUNTER :
			         f.v[0][1] == 'e' ? MA_SEMA : MA_SAMPLER;
			a.name = keep(c, f.n > 1 ? f.v[1] : "");
			a.index = (int)b->args.n;
			vec_push(&b->args, a);
		}
	} else {
		diag_warning(cm->loc, "unknown metadata token ';%s' kept but ignored", f.v[0]);
	}
	fields_free(&f);
}

Program *md_read(Module *m)
{
	Program *p = xcalloc(1, sizeof *p);
	Ctx c = {m, p, NULL, 0};
	size_t i;
	p->m = m;
	for (i = 0; i < m->comments.n; i++) {
		const Comment *cm = &m->comments.v[i];
		const char *t = cm->text;
		if (strncmp(t, "ARGSTART:", 9) == 0) {
			if (c.b) {
				diag_error(cm->loc, "';ARGSTART' inside the open block of '%s'", c.b->name);
				diag_note(c.b->loc, "block opened here");
				c.bad = 1;
			}
			c.b = arena_alloc(&m->arena, sizeof *c.b);
			c.b->loc = cm->loc;
			c.b->name = arena_strdup(&m->arena, t + 9);
			c.b->uniqueid = -1;
			c.b->uavid = c.b->printfid = c.b->cbid = c.b->privateid = -1;
		} else if (strncmp(t, "ARGEND:", 7) == 0) {
			if (!c.b) {
				diag_error(cm->loc, "';ARGEND' without ';ARGSTART'");
				c.bad = 1;
				continue;
			}
			if (strcmp(t + 7, c.b->name) != 0) {
				diag_error(cm->loc, "';ARGEND:%s' closes the block of '%s'", t + 7, c.b->name);
				c.bad = 1;
			}
			vec_push(&p->blocks, c.b);
			c.b = NULL;
		} else if (c.b) {
			block_line(&c, cm);
		}
	}
	if (c.b) {
		diag_error(c.b->loc, "';ARGSTART:%s' is never closed by ';ARGEND'", c.b->name);
		c.bad = 1;
	}
	for (i = 0; i < p->blocks.n && !c.bad; i++) {
		MdBlock *b = p->blocks.v[i];
		size_t n = strlen(b->name);
		Kernel *k;
		if (n < 17 || strncmp(b->name, "__OpenCL_", 9) || strcmp(b->name + n - 7, "_kernel"))
			continue;
		k = arena_alloc(&m->arena, sizeof *k);
		k->name = arena_strndup(&m->arena, b->name + 9, n - 16);
		k->md = b;
		vec_push(&p->kernels, k);
	}
	if (c.bad) {
		md_free(p);
		return NULL;
	}
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
	for (i = 0; i < p->blocks.n; i++) {
		MdBlock *b = p->blocks.v[i];
		vec_free(&b->args);
		vec_free(&b->functions);
		vec_free(&b->intrinsics);
		vec_free(&b->errors);
		vec_free(&b->reflections);
	}
	for (i = 0; i < p->kernels.n; i++)
		vec_free(&p->kernels.v[i]->funcs);
	vec_free(&p->blocks);
	vec_free(&p->kernels);
	free(p);
}
