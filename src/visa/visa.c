/* visa.c - building a VKernel: declarations, inputs, instructions. */
#include <string.h>

#include "visa.h"

static const struct { const char *name; int size; } vtypes[] = {
	[VT_UD] = {"ud", 4}, [VT_D] = {"d", 4}, [VT_UW] = {"uw", 2}, [VT_W] = {"w", 2},
	[VT_UB] = {"ub", 1}, [VT_B] = {"b", 1}, [VT_F] = {"f", 4}, [VT_HF] = {"hf", 2},
	[VT_DF] = {"df", 8}, [VT_Q] = {"q", 8}, [VT_UQ] = {"uq", 8}, [VT_V] = {"v", 2},
};

int vtype_size(VType t) { return vtypes[t].size; }
const char *vtype_name(VType t) { return vtypes[t].name; }

VKernel *vk_new(const char *name, int simd, int grf_bytes)
{
	VKernel *k = xcalloc(1, sizeof *k);
	k->name = arena_strdup(&k->arena, name);
	k->simd = simd;
	k->grf_bytes = grf_bytes;
	k->cur = vk_func(k, "_main");
	return k;
}

void vk_free(VKernel *k)
{
	size_t i;
	if (!k)
		return;
	for (i = 0; i < k->funcs.n; i++)
		vec_free(&k->funcs.v[i]->code);
	vec_free(&k->funcs);
	vec_free(&k->decls);
	vec_free(&k->predefs);
	vec_free(&k->inputs);
	arena_free(&k->arena);
	free(k);
}

static VDecl *new_decl(VKernel *k, const char *name, VDeclKind kind, VType t, int nelts, int align)
{
	VDecl *d = arena_alloc(&k->arena, sizeof *d);
	d->name = arena_strdup(&k->arena, name);
	d->kind = kind;
	d->type = t;
	d->nelts = nelts;
	d->align = align;
	d->grf = k->grf_bytes;
	d->index = (int)k->decls.n;
	vec_push(&k->decls, d);
	return d;
}

VDecl *vk_decl(VKernel *k, const char *name, VType t, int nelts, int align)
{
	return new_decl(k, name, VD_GENERAL, t, nelts, align);
}

/* Names: appends s, then the decimal n (when s is NULL), to name[*at], as
 * snprintf would (cut at cap - 1; always NUL-terminated); snprintf itself
 * was a tenth of the front end's time for names like "t_1234". */
static void name_put(char *name, size_t cap, size_t *at, const char *s, int n)
{
	char t[16], *p = t + sizeof t;
	unsigned u = n < 0 ? 0u - (unsigned)n : (unsigned)n;
	if (!s) {
		*--p = 0;
		do
			*--p = (char)('0' + u % 10);
		while (u /= 10);
		if (n < 0)
			*--p = '-';
		s = p;
	}
	while (*s && *at + 1 < cap)
		name[(*at)++] = *s++;
	name[*at] = 0;
}

VDecl *vk_temp(VKernel *k, const char *prefix, VType t, int nelts)
{
	char name[64];
	size_t at = 0;
	name_put(name, sizeof name, &at, prefix, 0);
	name_put(name, sizeof name, &at, "_", 0);
	name_put(name, sizeof name, &at, NULL, k->nvars++);
	return vk_decl(k, name, t, nelts, 0);
}

VDecl *vk_alias(VKernel *k, VDecl *base, VType t, int off)
{
	char name[160];
	size_t at = 0;
	VDecl *d;
	while (base->alias) {
		off += base->alias_off;
		base = base->alias;
	}
	if (base->type == t && off == 0)
		return base;
	/* only vk_alias makes aliases, so the base's list holds all of them
	 * (a scan of every decl here made lowering quadratic in kernel size) */
	for (d = base->views; d; d = d->next_view)
		if (d->type == t && d->alias_off == off)
			return d;
	name_put(name, sizeof name, &at, base->name, 0);
	name_put(name, sizeof name, &at, "_", 0);
	name_put(name, sizeof name, &at, vtype_name(t), 0);
	if (off) {
		name_put(name, sizeof name, &at, "o", 0);
		name_put(name, sizeof name, &at, NULL, off);
	}
	d = new_decl(k, name, VD_GENERAL, t, (base->nelts * vtype_size(base->type) - off) / vtype_size(t),
	             base->align);
	d->alias = base;
	d->alias_off = off;
	d->next_view = base->views;
	base->views = d;
	return d;
}

VDecl *vk_pred(VKernel *k)
{
	char name[32];
	size_t at = 0;
	name_put(name, sizeof name, &at, "P", 0);
	name_put(name, sizeof name, &at, NULL, k->nvars++);
	return new_decl(k, name, VD_PRED, VT_UW, k->simd, 0);
}

VDecl *vk_predefined(VKernel *k, const char *name, VType t)
{
	size_t i;
	VDecl *d;
	for (i = 0; i < k->predefs.n; i++)
		if (strcmp(k->predefs.v[i]->name, name) == 0)
			return k->predefs.v[i];
	d = new_decl(k, name, VD_GENERAL, t, 8, 0);
	d->predefined = 1;
	vec_push(&k->predefs, d);
	return d;
}

void vk_input(VKernel *k, VDecl *d, int offset, int size)
{
	VInput in = {d, offset, size};
	vec_push(&k->inputs, in);
}

VFunc *vk_func(VKernel *k, const char *name)
{
	VFunc *f = arena_alloc(&k->arena, sizeof *f);
	f->name = arena_strdup(&k->arena, name);
	vec_push(&k->funcs, f);
	return f;
}

const char *vk_label_name(VKernel *k, const char *hint)
{
	char name[64];
	snprintf(name, sizeof name, "L%d_%s", k->nlabels++, hint);
	return arena_strdup(&k->arena, name);
}

VInst *vk_emit(VKernel *k, const char *op, int exec, int emask)
{
	VInst in;
	memset(&in, 0, sizeof in);
	in.op = op;
	in.exec = exec;
	in.emask = emask;
	vec_push(&k->cur->code, in);
	return &k->cur->code.v[k->cur->code.n - 1];
}

void vk_label(VKernel *k, const char *label)
{
	VInst in;
	memset(&in, 0, sizeof in);
	in.label = label;
	vec_push(&k->cur->code, in);
}

static void place(VOpnd *o, VDecl *v, int elem)
{
	int sz = vtype_size(v->type), byte = elem * sz;
	o->var = v;
	o->row = byte / v->grf;
	o->col = (byte % v->grf) / sz;
}

VOpnd vo_dst(VDecl *v, int elem) { return vo_dst_stride(v, elem, 1); }

VOpnd vo_dst_stride(VDecl *v, int elem, int hs)
{
	VOpnd o;
	memset(&o, 0, sizeof o);
	o.kind = VO_REG;
	o.is_dst = 1;
	o.hs = hs;
	place(&o, v, elem);
	return o;
}

VOpnd vo_region(VDecl *v, int elem, int vs, int w, int hs)
{
	VOpnd o;
	memset(&o, 0, sizeof o);
	o.kind = VO_REG;
	o.vs = vs;
	o.w = w;
	o.hs = hs;
	place(&o, v, elem);
	return o;
}

VOpnd vo_src(VDecl *v, int elem) { return vo_region(v, elem, 1, 1, 0); }
VOpnd vo_scalar(VDecl *v, int elem) { return vo_region(v, elem, 0, 1, 0); }

VOpnd vo_imm(uint64_t bits, VType t)
{
	VOpnd o;
	memset(&o, 0, sizeof o);
	o.kind = VO_IMM;
	o.imm = bits;
	o.itype = t;
	return o;
}

VOpnd vo_raw(VDecl *v, int byteoff)
{
	VOpnd o;
	memset(&o, 0, sizeof o);
	o.kind = VO_RAW;
	o.var = v;
	o.off = byteoff;
	return o;
}

VOpnd vo_predop(VDecl *p)
{
	VOpnd o;
	memset(&o, 0, sizeof o);
	o.kind = VO_PRED;
	o.var = p;
	return o;
}

VOpnd vo_label(const char *l)
{
	VOpnd o;
	memset(&o, 0, sizeof o);
	o.kind = VO_LABEL;
	o.label = l;
	return o;
}

VOpnd vo_surf(VDecl *s)
{
	VOpnd o;
	memset(&o, 0, sizeof o);
	o.kind = VO_SURF;
	o.var = s;
	return o;
}

VOpnd vo_state(VDecl *s, int elem)
{
	VOpnd o = vo_surf(s);
	o.kind = VO_STATE;
	o.off = elem;
	return o;
}

VOpnd vo_lsc_addr(VDecl *v, int byteoff, int64_t imm, const char *asize, VDecl *ss)
{
	VOpnd o = vo_raw(v, byteoff);
	o.kind = VO_LSCADDR;
	o.imm = (uint64_t)imm;
	o.lsc = asize;
	o.ss = ss;
	return o;
}

VOpnd vo_lsc_data(VDecl *v, int byteoff, const char *dtype)
{
	VOpnd o = vo_raw(v, byteoff);
	o.kind = VO_LSCDATA;
	o.lsc = dtype;
	return o;
}

VOpnd vo_lsc_tgm(int bti, VDecl *const *c, int n, int byteoff)
{
	VOpnd o = vo_raw(c[0], byteoff);
	o.kind = VO_LSCTGM;
	o.imm = (uint64_t)bti;
	o.lsc = "a32";
	o.ss = n > 1 ? c[1] : NULL;
	o.r = n > 2 ? c[2] : NULL;
	return o;
}

VOpnd vo_mod(VOpnd o, int mod)
{
	o.mod = mod;
	return o;
}
