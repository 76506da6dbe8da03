/* mdargs.c - argument lines (;value ;pointer ;image ;counter ;sema), the
 * lines that refer to arguments (;sampler ;constarg ;reflection) and their
 * linking at ;ARGEND.
 *
 * A ;pointer line has 8, 9 (+access), 11 (+volatile, restrict) or 12
 * (+pipe) fields; the metadata version narrows that: 1.x writes 8 or 9,
 * 2.x 8, 9 or 11 (2:0:88 writes 11), 3.x 11 or 12.  An argument sampler is
 * the ;value argument its ;sampler line (location 0) names; samplers defined
 * in the kernel (location 1) stay in MdBlock.samplers only.
 */
#include <string.h>

#include "mdint.h"

static const char *const access_names[] = {"RO", "WO", "RW"};
static const char *const dim_names[] = {"1D", "1DA", "1DB", "2D", "2DA", "3D"};
static const char *const mem_types[] = {"g", "p", "l", "uav", "c", "r", "hl", "hp", "hc", "hr", "up",
                                        "uc", "flat"};
static const char *const value_types[] = {"i1", "i8", "u8", "i16", "u16", "i32", "u32", "i64", "u64",
                                          "half", "float", "double", "struct", "union", "event",
                                          "opaque", "clk_event_t", "queue_t"};

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

/* Bytes of a by-value argument: struct/union nelem is its size; a
 * 3-element vector has the size of the 4-element one (OpenCL). */
static int value_size(const char *type, int nelem)
{
	if (strcmp(type, "struct") == 0 || strcmp(type, "union") == 0)
		return nelem;
	return type_size(type) * (nelem == 3 ? 4 : nelem);
}

/* Count, cb and offset fields (3..5) of ;value/;pointer: bounded so that
 * every size computed from them fits an int; the translator checks the
 * tighter limits of the target (docs/LIMITS.md). */
static int arg_ranges(Ctx *c, const int v[3])
{
	if (v[0] < 1 || v[0] > MD_MAX_COUNT) {
		md_err(c, md_floc(c, 3), "';%s' element count %d is out of range 1..%d", md_f(c, 0), v[0],
		       MD_MAX_COUNT);
		return -1;
	}
	if (v[1] < 0) {
		md_err(c, md_floc(c, 4), "';%s' constant buffer %d is negative", md_f(c, 0), v[1]);
		return -1;
	}
	if (v[2] < 0 || v[2] > MD_MAX_OFFSET) {
		md_err(c, md_floc(c, 5), "';%s' offset %d is out of range 0..%d", md_f(c, 0), v[2], MD_MAX_OFFSET);
		return -1;
	}
	return 0;
}

static void arg_init(Ctx *c, MdArg *a, MdArgKind k)
{
	memset(a, 0, sizeof *a);
	a->loc = c->cm->loc;
	a->kind = a->form = k;
	a->name = md_keep(c, md_f(c, 1));
	a->sampler = -1;
}

static void arg_push(Ctx *c, MdArg *a)
{
	a->index = (int)c->b->args.n;
	vec_push(&c->b->args, *a);
	md_line(c, ML_ARG, c->b->args.n - 1, 0);
}

void md_arg_value(Ctx *c)
{
	MdArg a;
	int v[3];
	size_t t;
	if (md_need(c, 5, 5))
		return;
	for (t = 0; t < NELEM(value_types) && strcmp(md_f(c, 2), value_types[t]); t++)
		;
	if (t == NELEM(value_types)) {
		md_err(c, md_floc(c, 2), "unknown ';value' type '%s'", md_f(c, 2));
		return;
	}
	if (md_ints(c, 3, 5, v) || arg_ranges(c, v))
		return;
	arg_init(c, &a, MA_VALUE);
	a.type = md_keep(c, md_f(c, 2));
	a.nelem = v[0];
	a.cb = v[1];
	a.offset = v[2];
	a.size = value_size(a.type, a.nelem);
	arg_push(c, &a);
}

static int pointer_generation(Ctx *c, int n)
{
	static const char *const want[] = {"", "8 or 9", "8, 9 or 11", "11 or 12"};
	const int *v = c->b->version;
	int ok = v[0] == 1 ? n <= 9 : v[0] == 2 ? n <= 11 : v[0] == 3 ? n >= 11 : 1;
	if (ok)
		return 0;
	md_err(c, c->cm->loc, "';pointer' takes %s fields in metadata %d:%d:%d, found %d",
	       want[v[0]], v[0], v[1], v[2], n);
	return -1;
}

static int pointer_tail(Ctx *c, MdArg *a, int n)
{
	int v[3], k;
	if (n >= 9) {
		if ((k = md_oneof(c, 9, access_names, NELEM(access_names))) < 0)
			return -1;
		a->access = access_names[k];
	}
	if (n >= 11) {
		if (md_ints(c, 10, n, v))
			return -1;
		a->is_volatile = v[0];
		a->is_restrict = v[1];
		a->pipe = n == 12 ? v[2] : 0;
	}
	return 0;
}

void md_arg_pointer(Ctx *c)
{
	MdArg a;
	int n = md_nf(c), v[3], w[2], mt;
	if (n != 8 && n != 9 && n != 11 && n != 12) {
		md_err(c, c->cm->loc, "';pointer' takes 8, 9, 11 or 12 fields, found %d", n);
		return;
	}
	if (pointer_generation(c, n) || md_ints(c, 3, 5, v) || arg_ranges(c, v) ||
	    (mt = md_oneof(c, 6, mem_types, NELEM(mem_types))) < 0 || md_ints(c, 7, 8, w))
		return;
	arg_init(c, &a, MA_POINTER);
	a.type = md_keep(c, md_f(c, 2));
	a.nelem = v[0];
	a.cb = v[1];
	a.offset = v[2];
	a.mem = mem_types[mt];
	if (w[0] < 0) {
		md_err(c, md_floc(c, 7), "';%s' buffer id %d is negative", md_f(c, 0), w[0]);
		return;
	}
	a.bufid = w[0];
	a.align = w[1];
	a.size = 8;
	a.nfields = n;
	if (pointer_tail(c, &a, n))
		return;
	arg_push(c, &a);
}

void md_arg_image(Ctx *c)
{
	MdArg a;
	int d, acc, v[3];
	if (md_need(c, 6, 6) || (d = md_oneof(c, 2, dim_names, NELEM(dim_names))) < 0 ||
	    (acc = md_oneof(c, 3, access_names, NELEM(access_names))) < 0 || md_ints(c, 4, 6, v))
		return;
	if (v[2] < 0 || v[2] > MD_MAX_OFFSET) {
		md_err(c, md_floc(c, 6), "';image' offset %d is out of range 0..%d", v[2], MD_MAX_OFFSET);
		return;
	}
	arg_init(c, &a, MA_IMAGE);
	a.dim = dim_names[d];
	a.access = access_names[acc];
	a.bufid = v[0];
	a.cb = v[1];
	a.offset = v[2];
	a.size = 8;
	arg_push(c, &a);
}

void md_arg_counter(Ctx *c)
{
	static const char *const bits[] = {"32", "64"};
	MdArg a;
	int b, v[3];
	if (md_need(c, 5, 5) || (b = md_oneof(c, 2, bits, NELEM(bits))) < 0 || md_ints(c, 3, 5, v))
		return;
	arg_init(c, &a, MA_COUNTER);
	a.bits = b ? 64 : 32;
	a.bufid = v[0];
	a.cb = v[1];
	a.offset = v[2];
	a.size = a.bits / 8;
	arg_push(c, &a);
}

void md_arg_sema(Ctx *c)
{
	MdArg a;
	int v[3];
	if (md_need(c, 4, 4) || md_ints(c, 2, 4, v))
		return;
	arg_init(c, &a, MA_SEMA);
	a.bufid = v[0];
	a.cb = v[1];
	a.offset = v[2];
	a.size = 4;
	arg_push(c, &a);
}

void md_sampler(Ctx *c)
{
	static const char *const where[] = {"0", "1"};
	MdSampler s;
	long long id;
	int loc;
	if (md_need(c, 4, 4) || md_int(c, 2, 0, INT_MAX, &id) ||
	    (loc = md_oneof(c, 3, where, NELEM(where))) < 0 || md_int(c, 4, 0, 0xFFFFFFFFLL, &s.value))
		return;
	s.loc = c->cm->loc;
	s.name = md_keep(c, md_f(c, 1));
	s.id = (int)id;
	s.location = loc;
	s.arg = -1;
	vec_push(&c->b->samplers, s);
	md_line(c, ML_SAMPLER, c->b->samplers.n - 1, 0);
}

void md_constarg(Ctx *c)
{
	MdConstArg k;
	long long i;
	if (md_need(c, 2, 2) || md_int(c, 1, 0, INT_MAX, &i))
		return;
	k.loc = md_floc(c, 1);
	k.index = (int)i;
	k.name = md_keep(c, md_f(c, 2));
	vec_push(&c->b->constargs, k);
	md_line(c, ML_CONSTARG, c->b->constargs.n - 1, 0);
}

void md_reflection(Ctx *c)
{
	MdRefl r;
	long long i;
	const char *t = c->cm->text;
	int off;
	if (md_need(c, 2, INT_MAX) || md_int(c, 1, 0, 65535, &i))
		return;
	off = c->fs.f.v[2].off;
	r.loc = c->cm->loc;
	r.index = (int)i;
	r.type = md_keepn(c, t + off, md_trim_len(t) - (size_t)off);
	vec_push(&c->b->refls, r);
	while (c->b->reflections.n <= (size_t)i)
		vec_push(&c->b->reflections, NULL);
	c->b->reflections.v[i] = r.type;
	md_line(c, ML_REFLECTION, c->b->refls.n - 1, 0);
}

static const char *kind_name(MdArgKind k)
{
	static const char *const n[] = {"by-value", "pointer", "image", "sampler", "counter", "semaphore"};
	return n[k];
}

static void link_sampler(Ctx *c, size_t si)
{
	MdBlock *b = c->b;
	MdSampler *s = &b->samplers.v[si];
	size_t i;
	for (i = 0; i < b->args.n && strcmp(b->args.v[i].name, s->name); i++)
		;
	if (i == b->args.n) {
		md_err(c, s->loc, "';sampler' names '%s', which is no argument of '%s'", s->name, b->name);
	} else if (b->args.v[i].kind != MA_VALUE) {
		md_err(c, s->loc, "';sampler' names '%s', a %s argument, not a by-value one", s->name,
		       kind_name(b->args.v[i].kind));
	} else {
		MdArg *a = &b->args.v[i];
		a->kind = MA_SAMPLER;
		a->bufid = s->id;
		a->size = 8;
		a->sampler = (int)si;
		s->arg = (int)i;
	}
}

static void link_constarg(Ctx *c, const MdConstArg *k)
{
	MdBlock *b = c->b;
	if ((size_t)k->index >= b->args.n) {
		md_err(c, k->loc, "';constarg' names argument %d, but '%s' has %zu argument%s", k->index,
		       b->name, b->args.n, b->args.n == 1 ? "" : "s");
		return;
	}
	if (strcmp(b->args.v[k->index].name, k->name))
		diag_warning(k->loc, "';constarg' names '%s', but argument %d is '%s'", k->name, k->index,
		             b->args.v[k->index].name);
	b->args.v[k->index].is_const = 1;
}

void md_args_finish(Ctx *c)
{
	size_t i;
	for (i = 0; i < c->b->samplers.n; i++)
		if (c->b->samplers.v[i].location == 0)
			link_sampler(c, i);
	for (i = 0; i < c->b->constargs.n; i++)
		link_constarg(c, &c->b->constargs.v[i]);
}
