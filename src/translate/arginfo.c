/* arginfo.c - what a host learns of a kernel and its arguments without the
 * source: the OpenCL attributes (reqd_work_group_size, work_group_size_hint,
 * vec_type_hint) and, per argument, what clGetKernelArgInfo reports
 * (address and access qualifiers, type name, type qualifiers), from AMD's
 * metadata.  They go to .ze_info (user_attributes, kernels_misc_info, as IGC
 * writes them for the same OpenCL C source) and to the ABI map.
 *
 * The rules, checked against IGC 1.0.12504's .ze_info for OpenCL C twins:
 *   address_qualifier  pointers by memory (uav g hg flat: __global; c hc:
 *                      __constant; l hl: __local; p hp: __private), images
 *                      __global, values and samplers __private
 *   access_qualifier   images: __read_only / __write_only / __read_write;
 *                      everything else NONE
 *   type_name          ;reflection's name when the block has one, else built
 *                      from the metadata type ("i32" -> "int", with the
 *                      vector width, "*" for pointers); then ";<host bytes>"
 *   type_qualifiers    pointers only, in IGC's order "restrict const
 *                      volatile": restrict and volatile from the 11+ field
 *                      ;pointer line, const from ;constarg or __constant
 *                      memory; NONE when there is none
 * Without ;reflection the vector width is the line's element count (the
 * field after the type, for pointers as for values). */
#include <string.h>

#include "translate.h"

/* AMD metadata element type -> OpenCL scalar type name */
static const char *scalar_name(const char *t)
{
	static const struct { const char *amd, *cl; int size; } tab[] = {
		{"i1", "bool", 4}, {"i8", "char", 1}, {"u8", "uchar", 1}, {"i16", "short", 2},
		{"u16", "ushort", 2}, {"i32", "int", 4}, {"u32", "uint", 4}, {"i64", "long", 8},
		{"u64", "ulong", 8}, {"half", "half", 2}, {"float", "float", 4}, {"double", "double", 8},
	};
	size_t i;
	for (i = 0; t && i < NELEM(tab); i++)
		if (!strcmp(tab[i].amd, t))
			return tab[i].cl;
	return NULL;
}

/* "float", "float4": a scalar or vector type name */
static void vec_type(Buf *b, const char *scalar, int vec)
{
	buf_puts(b, scalar);
	if (vec > 1)
		buf_printf(b, "%d", vec);
}

static const char *image_type(const char *dim)
{
	static const struct { const char *dim, *cl; } tab[] = {
		{"1D", "image1d_t"}, {"1DA", "image1d_array_t"}, {"1DB", "image1d_buffer_t"},
		{"2D", "image2d_t"}, {"2DA", "image2d_array_t"}, {"3D", "image3d_t"},
	};
	size_t i;
	for (i = 0; dim && i < NELEM(tab); i++)
		if (!strcmp(tab[i].dim, dim))
			return tab[i].cl;
	return "image_t";
}

static const char *address_qualifier(const MdArg *a)
{
	static const struct { const char *mem, *q; } tab[] = {
		{"uav", "__global"}, {"g", "__global"}, {"hg", "__global"}, {"flat", "__global"},
		{"c", "__constant"}, {"hc", "__constant"}, {"l", "__local"}, {"hl", "__local"},
		{"p", "__private"}, {"hp", "__private"},
	};
	size_t i;
	if (a->kind == MA_IMAGE || a->kind == MA_COUNTER)
		return "__global";
	if (a->kind != MA_POINTER)
		return "__private";
	for (i = 0; a->mem && i < NELEM(tab); i++)
		if (!strcmp(tab[i].mem, a->mem))
			return tab[i].q;
	return "__global";
}

static int is_const(const MdBlock *md, const MdArg *a)
{
	size_t i;
	if (a->is_const)
		return 1;
	for (i = 0; i < md->constargs.n; i++)
		if (md->constargs.v[i].index == a->index || !strcmp(md->constargs.v[i].name, a->name))
			return 1;
	return a->mem && (!strcmp(a->mem, "c") || !strcmp(a->mem, "hc"));
}

static int scalar_name_is_cl(const char *s)
{
	static const char *const cl[] = {"bool", "char", "uchar", "short", "ushort", "int", "uint",
	                                 "long", "ulong", "half", "float", "double"};
	size_t i;
	for (i = 0; i < NELEM(cl); i++)
		if (!strcmp(cl[i], s))
			return 1;
	return 0;
}

/* the element type and vector width in a reflection name: "float4*" ->
 * float, 4; "uint" -> uint, 1; anything else (struct, image) -> "", 1 */
static void split_type(const char *name, Buf *elem, int *vec)
{
	size_t n = strcspn(name, "* ");
	size_t d = n;
	while (d > 0 && name[d - 1] >= '0' && name[d - 1] <= '9')
		d--;
	*vec = d < n ? atoi(name + d) : 1;
	buf_printf(elem, "%.*s", (int)d, name);
	if (!scalar_name_is_cl(elem->s ? elem->s : "")) {
		buf_free(elem);
		*vec = 1;
	}
}

static void one_arg(const MdBlock *md, const MdArg *a, ZeArgInfo *r)
{
	const char *refl = (size_t)a->index < md->reflections.n ? md->reflections.v[a->index] : NULL;
	const char *sc = scalar_name(a->type);
	Buf t = {0}, q = {0}, e = {0};
	int vec = 1;
	memset(r, 0, sizeof *r);
	r->index = a->index;
	r->name = intern(a->name);
	r->address_qualifier = address_qualifier(a);
	r->access_qualifier = "NONE";
	if (a->kind == MA_IMAGE) {
		r->access_qualifier = !strcmp(a->access, "RO") ? "__read_only" :
		                      !strcmp(a->access, "WO") ? "__write_only" : "__read_write";
		buf_puts(&t, image_type(a->dim));
		r->size = 8;
	} else if (a->kind == MA_SAMPLER) {
		buf_puts(&t, "sampler_t");
		r->size = 8;
	} else if (a->kind == MA_COUNTER) {
		/* what Level Zero passes: the counter's buffer (lower.c layout) */
		buf_puts(&t, "uint*");
		r->size = 8;
		refl = NULL;
	} else if (a->kind == MA_POINTER) {
		if (sc) {
			vec = a->nelem > 1 ? a->nelem : 1;
			vec_type(&t, sc, vec);
			buf_puts(&t, "*");
		} else {
			buf_printf(&t, "%s*", a->type ? a->type : "void");
		}
		r->size = 8;
	} else {
		vec = a->nelem > 1 && sc ? a->nelem : 1;
		if (sc)
			vec_type(&t, sc, vec);
		else
			buf_puts(&t, a->type ? a->type : "void");
		r->size = a->size;
	}
	if (sc)
		buf_puts(&e, sc);
	else if (a->kind == MA_COUNTER)
		buf_puts(&e, "uint");
	r->type_source = "metadata";
	if (refl && *refl) {
		/* the compiler's own spelling of the source type */
		buf_free(&t);
		buf_puts(&t, refl);
		buf_free(&e);
		split_type(refl, &e, &vec);
		r->type_source = "reflection";
	}
	r->type_name = intern(t.s ? t.s : "");
	r->elem_type = intern(e.s ? e.s : "");
	r->vector = vec;
	if (a->kind == MA_COUNTER)
		buf_puts(&q, "volatile");
	if (a->kind == MA_POINTER) {
		if (a->is_restrict)
			buf_puts(&q, "restrict");
		if (is_const(md, a))
			buf_printf(&q, "%sconst", q.n ? " " : "");
		if (a->is_volatile)
			buf_printf(&q, "%svolatile", q.n ? " " : "");
	}
	r->type_qualifiers = intern(q.n ? q.s : "NONE");
	buf_free(&t);
	buf_free(&q);
	buf_free(&e);
}

void kernel_arg_info(const Kernel *k, ZeKernel *ze)
{
	const MdBlock *md = k->md;
	size_t i;
	int c;
	for (c = 0; c < 3; c++) {
		ze->attr_reqd_wg[c] = md->cws[0] ? md->cws[c] : 0;
		ze->attr_wg_hint[c] = md->wsh[0] ? md->wsh[c] : 0;
	}
	ze->attr_vec_type_hint = md->vth ? intern(md->vth) : NULL;
	for (i = 0; i < md->args.n; i++) {
		ZeArgInfo r;
		if (md->args.v[i].kind == MA_SEMA)
			continue; /* refused before this point */
		one_arg(md, &md->args.v[i], &r);
		vec_push(&ze->arg_info, r);
	}
}

/* The approximate-math flag of the ABI map: which math-unit instructions
 * (hardware approximations, not correctly rounded: inv sqrt rsqrt exp log
 * sin cos pow, and float div) the translation uses.  A host comparing
 * results needs a tolerance exactly where one of these feeds an output. */
const char *approx_math(const VKernel *vk)
{
	static const char *const math[] = {"cos", "div", "exp", "inv", "log", "pow", "rsqrt", "sin", "sqrt"};
	int used[NELEM(math)] = {0};
	Buf b = {0};
	const char *r;
	size_t f, i, m;
	for (f = 0; f < vk->funcs.n; f++)
		for (i = 0; i < vk->funcs.v[f]->code.n; i++) {
			const VInst *in = &vk->funcs.v[f]->code.v[i];
			if (in->label || !in->op || in->nops < 1 || in->ops[0].kind != VO_REG || !in->ops[0].var ||
			    !strchr("cdeilprs", in->op[0]))
				continue; /* (no math op starts otherwise: most skip the scan) */
			for (m = 0; m < NELEM(math); m++)
				if (!strcmp(in->op, math[m]) &&
				    (in->ops[0].var->type == VT_F || in->ops[0].var->type == VT_DF))
					used[m] = 1;
		}
	for (m = 0; m < NELEM(math); m++)
		if (used[m])
			buf_printf(&b, "%s%s", b.n ? " " : "", math[m]);
	r = b.n ? intern(b.s) : NULL;
	buf_free(&b);
	return r;
}
