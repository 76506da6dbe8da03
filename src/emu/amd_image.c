/* amd_image.c - images and samplers of the AMD emulator (amd-metadata-abi.md,
 * amdil.md 6.8; docs/abi-map.txt section 7).
 *
 *   binding  ;image:name:dim:RO|WO|RW:id:1:off - a read-only image is
 *            resource `id` (sample_resource(id)/sample_id(id) with a
 *            sampler, load_resource(id)/load_id(id) without), a write-only
 *            or read-write image typed UAV `id` (uav_load_id, uav_store_id)
 *   cb1      the 32-byte info block at `off`: width, height (1-D array:
 *            its layers; 1 for 1-D), depth (2-D array: its layers; 1 unless
 *            3-D), channel data type, 1/width, 1/height, 1/depth (host IEEE
 *            division), channel order (the OpenCL enums)
 *   samplers sampler state `id` of a ;sampler line: AMD's bits (normalized
 *            0x1, address none 0 / repeat 0x2 / clamp-to-edge 0x4 / clamp
 *            0x6 / mirrored 0x8, filter nearest 0x10 / linear 0x20) - the
 *            ;value of a sampler argument holds them in its cb1 dword, a
 *            kernel-defined sampler's are in its line
 *   sample   coordinates from the source's x y z as floats, normalized
 *            unless the instruction says _coordtype(unnormalized) (the
 *            instruction decides, not the sampler state); addressing and
 *            filter from the state; OpenCL's rules in emu_image.c
 *   sample_l/_b/_g  a level of detail: sample_l's .x, the implicit one (0:
 *            a compute kernel has no derivatives) plus sample_b's .x, or
 *            log2 of sample_g's larger gradient in texels; clamped to the
 *            image's levels, which for an OpenCL image are one: level 0,
 *            with the minification filter when the LOD is above 0 and the
 *            magnification one otherwise - one and the same filter in an
 *            OpenCL sampler, so the result is sample's (lod_sample)
 *   resinfo  the size of mip level src.x: width, height (1-D array:
 *            layers), depth (2-D array: layers), unused 0, w the level
 *            count (1); past the last level 0 0 0 1; floats, or integers
 *            with _uint
 *   dcl_sampler_id(n)  sampler n must have a ;sampler line
 *   load     integer coordinates, level 0; uav_store converts to the
 *            image's format (the dcl's _fmtx(uint) is what AMD's compiler
 *            always declares; the descriptor decides)
 */
#include <math.h>
#include <string.h>

#include "amdint.h"

/* AMD's sampler bits (amd::Sampler::State) */
enum {
	AS_NORMALIZED = 0x01, AS_ADDR_MASK = 0x0e, AS_ADDR_REPEAT = 0x02, AS_ADDR_CLAMP_TO_EDGE = 0x04,
	AS_ADDR_CLAMP = 0x06, AS_ADDR_MIRRORED = 0x08, AS_FILTER_NEAREST = 0x10, AS_FILTER_LINEAR = 0x20,
};

static const struct {
	const char *dim;
	EmuImageType t;
} dims[] = {
	{"1D", EI_1D}, {"1DA", EI_1D_ARRAY}, {"1DB", EI_1D_BUFFER}, {"2D", EI_2D}, {"2DA", EI_2D_ARRAY},
	{"3D", EI_3D},
};

static int dim_type(const char *dim)
{
	size_t i;
	for (i = 0; dim && i < NELEM(dims); i++)
		if (!strcmp(dims[i].dim, dim))
			return (int)dims[i].t;
	return -1;
}

static int is_uav_image(const MdArg *m)
{
	return strcmp(m->access, "RO") != 0;
}

/* the image argument with resource id (uav 0) or UAV id (uav 1) */
static const MdArg *image_arg(const Kernel *k, int uav, int id)
{
	size_t i;
	for (i = 0; i < k->md->args.n; i++) {
		const MdArg *m = &k->md->args.v[i];
		if (m->kind == MA_IMAGE && m->bufid == id && is_uav_image(m) == uav)
			return m;
	}
	return NULL;
}

int amd_image_dcl(const Kernel *k, const Inst *in, char **why)
{
	static const char *const dcl[] = {"1d", "1darray", "buffer", "2d", "2darray", "3d"};
	const Mod *id = il_inst_mod(in, "id"), *ty = il_inst_mod(in, "type");
	int uav = in->op != OP_DCL_RESOURCE, t;
	const MdArg *m;
	size_t i;
	if (in->op == OP_DCL_SAMPLER) {
		for (i = 0; id && i < k->md->samplers.n; i++)
			if (k->md->samplers.v[i].id == il_mod_int(id, -1) && in->nmods == 1 && !in->nops)
				return 0;
		*why = xasprintf("'dcl_sampler' takes _id(n) of a ;sampler line and nothing else (sampler %s)",
		                 id && id->arg ? id->arg : "?");
		return -1;
	}
	m = id ? image_arg(k, uav, (int)il_mod_int(id, -1)) : NULL;
	if (!m) {
		*why = xasprintf("'%s' declares %s %s, which no %s image argument has", il_ops[in->op].name,
		                 uav ? "UAV" : "resource", id && id->arg ? id->arg : "?",
		                 uav ? "write-only or read-write" : "read-only");
		return -1;
	}
	t = dim_type(m->dim);
	/* a CAL resource says how it is sampled: _type(2d,unnorm) */
	if (t < 0 || (ty && ty->arg && strcmp(ty->arg, dcl[t]) &&
	              !(m->unnorm && !strncmp(ty->arg, dcl[t], strlen(dcl[t])) &&
	                !strcmp(ty->arg + strlen(dcl[t]), ",unnorm")))) {
		*why = xasprintf("'%s' declares type '%s' for image '%s' (%s)", il_ops[in->op].name,
		                 ty && ty->arg ? ty->arg : "?", m->name, m->dim ? m->dim : "?");
		return -1;
	}
	return 0;
}

/* ---- the runtime ---------------------------------------------------------- */

int amd_image_setup(Run *R)
{
	const MdBlock *md = R->k->md;
	size_t i, j;
	for (i = 0; i < md->args.n; i++) {
		const MdArg *m = &md->args.v[i];
		const EmuArg *e = &R->l->args.v[i];
		const char *bad;
		AImg g;
		if (m->kind == MA_SAMPLER && e->kind != EA_SAMPLER)
			goto wrong;
		if (m->kind != MA_IMAGE)
			continue;
		if (e->kind != EA_IMAGE)
			goto wrong;
		if (dim_type(m->dim) != (int)e->image.type || !m->access) {
			R->err = xasprintf("image argument '%s' is %s in the metadata; the launch gives another "
			                   "image type", m->name, m->dim ? m->dim : "?");
			return -1;
		}
		memset(&g, 0, sizeof g);
		if ((bad = emu_image_check(&e->image, e->size))) {
			R->err = xasprintf("image argument '%s': %s", m->name, bad);
			return -1;
		}
		g.md = m;
		g.d = &e->image;
		g.arg = (int)i;
		g.size = e->size;
		g.b = xmalloc(e->size ? e->size : 1);
		memcpy(g.b, e->bytes, e->size);
		g.writer = xmalloc((e->size ? e->size : 1) * sizeof *g.writer);
		g.racer = xmalloc((e->size ? e->size : 1) * sizeof *g.racer);
		g.wepoch = xcalloc(e->size ? e->size : 1, sizeof *g.wepoch);
		g.taint = xcalloc(e->size ? e->size : 1, 1);
		for (j = 0; j < e->size; j++)
			g.writer[j] = g.racer[j] = -1;
		vec_push(&R->imgs, g);
	}
	return 0;
wrong:
	R->err = xasprintf("argument '%s' is %s in the metadata; the launch gives something else",
	                   md->args.v[i].name, md->args.v[i].kind == MA_IMAGE ? "an image" : "a sampler");
	return -1;
}

static uint32_t amd_address_bits(uint32_t cl)
{
	switch (cl) {
	case EMU_CL_ADDRESS_REPEAT: return AS_ADDR_REPEAT;
	case EMU_CL_ADDRESS_CLAMP_TO_EDGE: return AS_ADDR_CLAMP_TO_EDGE;
	case EMU_CL_ADDRESS_CLAMP: return AS_ADDR_CLAMP;
	case EMU_CL_ADDRESS_MIRRORED_REPEAT: return AS_ADDR_MIRRORED;
	default: return 0;
	}
}

/* what AMD's runtime makes of a cl_sampler */
static uint32_t sampler_bits(const EmuSampler *s)
{
	return (s->normalized ? AS_NORMALIZED : 0) | amd_address_bits(s->addressing) |
	       (s->filter == EMU_CL_FILTER_LINEAR ? AS_FILTER_LINEAR : AS_FILTER_NEAREST);
}

static void put32(Mem *cb, uint32_t off, uint32_t v)
{
	memcpy(cb->b + off, &v, 4);
}

static void putf(Mem *cb, uint32_t off, float f)
{
	memcpy(cb->b + off, &f, 4);
}

void amd_image_cb1(Run *R)
{
	const MdBlock *md = R->k->md;
	size_t i;
	for (i = 0; i < R->imgs.n; i++) {
		const EmuImage *d = R->imgs.v[i].d;
		uint32_t off = (uint32_t)R->imgs.v[i].md->offset, w = d->width, h = 1, dp = 1;
		if (d->type == EI_2D || d->type == EI_2D_ARRAY || d->type == EI_3D)
			h = d->height;
		if (d->type == EI_1D_ARRAY)
			h = d->array_size; /* AMD keeps a 1-D array's layers in the height */
		if (d->type == EI_3D)
			dp = d->depth;
		if (d->type == EI_2D_ARRAY)
			dp = d->array_size;
		put32(&R->cb1, off, w);
		put32(&R->cb1, off + 4, h);
		put32(&R->cb1, off + 8, dp);
		put32(&R->cb1, off + 12, d->data_type);
		putf(&R->cb1, off + 16, 1.0f / (float)w);
		putf(&R->cb1, off + 20, 1.0f / (float)h);
		putf(&R->cb1, off + 24, 1.0f / (float)dp);
		put32(&R->cb1, off + 28, d->order);
	}
	for (i = 0; i < md->args.n; i++)
		if (md->args.v[i].kind == MA_SAMPLER)
			put32(&R->cb1, (uint32_t)md->args.v[i].offset, sampler_bits(&R->l->args.v[i].sampler));
}

void amd_image_free(Run *R)
{
	size_t i;
	for (i = 0; i < R->imgs.n; i++) {
		free(R->imgs.v[i].b);
		free(R->imgs.v[i].writer);
		free(R->imgs.v[i].racer);
		free(R->imgs.v[i].wepoch);
		free(R->imgs.v[i].taint);
	}
	vec_free(&R->imgs);
}

/* ---- instructions ------------------------------------------------------------ */

static AImg *img_of(Run *R, Item *it, const AInst *a, int uav)
{
	size_t i;
	for (i = 0; i < R->imgs.n; i++)
		if (R->imgs.v[i].md->bufid == a->uav && is_uav_image(R->imgs.v[i].md) == uav)
			return &R->imgs.v[i];
	R->refused = 1;
	amd_fail(R, it, a, "%s %d is no %s image argument%s", uav ? "UAV" : "resource", a->uav,
	         uav ? "write-only or read-write" : "read-only",
	         uav ? " (typed buffer UAVs are not emulated)" : "");
	return NULL;
}

/* sampler state n as AMD's bits; -1 when no ;sampler line names it */
static int64_t state_of(Run *R, int n)
{
	const MdBlock *md = R->k->md;
	size_t i;
	for (i = 0; i < md->samplers.n; i++) {
		const MdSampler *s = &md->samplers.v[i];
		if (s->id != n)
			continue;
		if (s->location == 1)
			return s->value;
		if (s->arg >= 0 && (size_t)s->arg < R->l->args.n)
			return sampler_bits(&R->l->args.v[s->arg].sampler);
	}
	return -1;
}

/* AMD's state bits and the instruction's coordtype as OpenCL sampler terms */
static int decode_state(int64_t bits, int unnorm, EmuSampler *s)
{
	static const uint32_t addr[] = {EMU_CL_ADDRESS_NONE, EMU_CL_ADDRESS_REPEAT,
	                                EMU_CL_ADDRESS_CLAMP_TO_EDGE, EMU_CL_ADDRESS_CLAMP,
	                                EMU_CL_ADDRESS_MIRRORED_REPEAT};
	uint32_t a = (uint32_t)(bits & AS_ADDR_MASK) >> 1, f = (uint32_t)bits & (AS_FILTER_NEAREST | AS_FILTER_LINEAR);
	if (bits < 0 || (bits & ~0x3fLL) || a >= NELEM(addr) || f == 0 || f == (AS_FILTER_NEAREST | AS_FILTER_LINEAR))
		return -1;
	s->normalized = !unnorm;
	s->addressing = addr[a];
	s->filter = f == AS_FILTER_LINEAR ? EMU_CL_FILTER_LINEAR : EMU_CL_FILTER_NEAREST;
	return 0;
}

static void commit4(Run *R, Item *it, const AInst *a, const uint32_t v[4])
{
	int c;
	for (c = 0; c < 4; c++) {
		int m = a->d.m[c];
		if (m == WM_WRITE)
			amd_write(R, it, a, c, v[c]);
		else if (m == WM_ZERO || m == WM_ONE)
			amd_write(R, it, a, c, m == WM_ONE ? 0x3f800000u : 0);
	}
}

static int check_shape(Run *R, Item *it, const AInst *a, int nsrc, int dst)
{
	if (a->nsrc != nsrc || (dst && a->d.kind != D_TEMP && a->d.kind != D_ITEMP && a->d.kind != D_OUTPUT) ||
	    (!dst && a->d.kind != D_NONE)) {
		amd_fail(R, it, a, "takes %s", dst ? "a register destination and a coordinate" :
		         "a coordinate and a value");
		return 0;
	}
	return 1;
}

static float srcf(Run *R, Item *it, const AInst *a, int s, int c)
{
	uint32_t u = amd_src(R, it, a, &a->s[s], c, 1);
	float f;
	memcpy(&f, &u, 4);
	return f;
}

/* the level of detail of sample_l, sample_b and sample_g (D3D's rules) */
static float lod_of(Run *R, Item *it, const AInst *a, const EmuImage *d)
{
	float rho = 0.0f;
	int k, n;
	if (a->op == OP_SAMPLE_L)
		return srcf(R, it, a, 1, 0);
	if (a->op == OP_SAMPLE_B)
		return 0.0f + srcf(R, it, a, 1, 0); /* no derivatives: implicit LOD 0, plus the bias */
	n = emu_image_axes(d);
	for (k = 1; k <= 2; k++) { /* the gradients along x (src1) and y (src2), in texels */
		float sum = 0.0f;
		int c;
		for (c = 0; c < n; c++) {
			float t = srcf(R, it, a, k, c) * (float)(c == 0 ? d->width : c == 1 ? d->height : d->depth);
			sum += t * t;
		}
		rho = fmaxf(rho, sqrtf(sum));
	}
	return log2f(rho);
}

/* the filter of the level a LOD selects: clamped to the image's levels
 * (one: level 0, NaN included); minification above 0, magnification at
 * or below - an OpenCL sampler has one filter mode for both */
static void lod_sample(float lod, EmuSampler *s)
{
	uint32_t minify = s->filter, magnify = s->filter;
	s->filter = lod > 0.0f ? minify : magnify;
}

static void sample(Run *R, Item *it, const AInst *a)
{
	AImg *g;
	EmuSampler s;
	float c[3] = {0, 0, 0};
	uint32_t out[4];
	char *why = NULL;
	int k, n;
	if (!check_shape(R, it, a, a->op == OP_SAMPLE_G ? 3 : a->op == OP_SAMPLE ? 1 : 2, 1) ||
	    !(g = img_of(R, it, a, 0)))
		return;
	if (decode_state(state_of(R, a->samp), a->coordtype ? a->unnorm : g->md->unnorm, &s)) {
		R->refused = 1;
		amd_fail(R, it, a, "sampler %d has no AMD sampler state (;sampler line or bits)", a->samp);
		return;
	}
	n = emu_image_coords(g->d->type);
	for (k = 0; k < n; k++)
		c[k] = srcf(R, it, a, 0, k);
	if (a->off[0] || a->off[1] || a->off[2]) { /* _aoffimmi: texel offsets, texel coordinates only */
		int layer = g->d->type == EI_1D_ARRAY ? 1 : g->d->type == EI_2D_ARRAY ? 2 : -1;
		if (s.normalized) {
			R->refused = 1;
			amd_fail(R, it, a, "'_aoffimmi' with normalized coordinates is not emulated");
			return;
		}
		for (k = 0; k < n && k < 3; k++)
			if (k != layer)
				c[k] += (float)a->off[k];
	}
	if (a->op != OP_SAMPLE)
		lod_sample(lod_of(R, it, a, g->d), &s);
	if (R->err)
		return;
	if (emu_image_sample(g->d, g->b, &s, c, out, &why)) {
		R->refused = 1;
		amd_fail(R, it, a, "image '%s': %s", g->md->name, why);
		free(why);
		return;
	}
	commit4(R, it, a, out);
}

static void int_coords(Run *R, Item *it, const AInst *a, const AImg *g, int32_t c[3])
{
	int k, n = emu_image_coords(g->d->type);
	c[0] = c[1] = c[2] = 0;
	for (k = 0; k < n; k++)
		c[k] = (int32_t)amd_src(R, it, a, &a->s[0], k, 0);
}

static void load(Run *R, Item *it, const AInst *a, int uav)
{
	AImg *g;
	int32_t c[3];
	uint32_t out[4];
	if (!check_shape(R, it, a, 1, 1) || !(g = img_of(R, it, a, uav)))
		return;
	int_coords(R, it, a, g, c);
	if (R->err)
		return;
	emu_image_load(g->d, g->b, c, out);
	if (uav) /* a read_write image: the largest class stored in it (coarse) */
		R->taint = amd_taint_join(R->taint, g->tmax);
	commit4(R, it, a, out);
}

static uint32_t fbits(float f)
{
	uint32_t u;
	memcpy(&u, &f, 4);
	return u;
}

/* resinfo: the sizes of mip level src.x of a read-only image */
static void resinfo(Run *R, Item *it, const AInst *a)
{
	AImg *g;
	const EmuImage *d;
	uint32_t out[4] = {0, 0, 0, 1}, level;
	int k;
	if (!check_shape(R, it, a, 1, 1) || !(g = img_of(R, it, a, 0)))
		return;
	d = g->d;
	if (d->type == EI_1D_BUFFER) {
		R->refused = 1;
		amd_fail(R, it, a, "image '%s' is a 1-D buffer, which has no texture size", g->md->name);
		return;
	}
	level = amd_src(R, it, a, &a->s[0], 0, 0);
	if (R->err)
		return;
	if (level == 0) { /* one level */
		out[0] = d->width;
		if (d->type == EI_1D_ARRAY)
			out[1] = d->array_size;
		if (d->type == EI_2D || d->type == EI_2D_ARRAY || d->type == EI_3D)
			out[1] = d->height;
		if (d->type == EI_2D_ARRAY)
			out[2] = d->array_size;
		if (d->type == EI_3D)
			out[2] = d->depth;
	}
	if (!a->unnorm) /* floats without _uint */
		for (k = 0; k < 4; k++)
			out[k] = fbits((float)out[k]);
	commit4(R, it, a, out);
}

/* texel c of image g := v, stored by work-item it */
static void put_texel(Run *R, Item *it, AImg *g, const int32_t c[3], const uint32_t v[4])
{
	long off;
	size_t i;
	if ((off = emu_image_store(g->d, g->b, c, v)) < 0)
		return;
	/* a texel another work-item stored in the same epoch (its group, no
	 * barrier ordering global memory in between) or in an earlier group
	 * has no defined final value: a write-write race, as for UAV bytes
	 * (amd_mem.c note_racer) */
	for (i = (size_t)off; i < (size_t)off + (size_t)g->d->texel && i < g->size; i++) {
		if (g->writer[i] >= 0 && g->writer[i] != it->flat_gid &&
		    (g->wepoch[i] == R->epoch || g->wepoch[i] < R->group_epoch))
			g->racer[i] = g->writer[i];
		g->writer[i] = it->flat_gid;
		g->wepoch[i] = R->epoch;
		g->taint[i] = R->taint;
		g->tmax = amd_taint_join(g->tmax, R->taint);
	}
}

static void store(Run *R, Item *it, const AInst *a)
{
	AImg *g;
	int32_t c[3];
	uint32_t v[4];
	int k;
	if (!check_shape(R, it, a, 2, 0) || !(g = img_of(R, it, a, 1)))
		return;
	int_coords(R, it, a, g, c);
	amd_taint_steers(R, R->taint); /* the coordinates: where it stores */
	for (k = 0; k < 4; k++)
		v[k] = amd_src(R, it, a, &a->s[1], k, 0);
	if (!R->err)
		put_texel(R, it, g, c, v);
}

/* The end of an il_ps invocation whose pixel was not discarded: each render
 * target oN's four values to its texel (the pixel: global id + offset) */
void amd_ps_outputs(Run *R, Item *it, const AInst *a)
{
	size_t i;
	for (i = 0; i < R->k->md->args.n; i++) { /* --cal-outputs buffer */
		const MdArg *m = &R->k->md->args.v[i];
		if (m->output && m->kind == MA_POINTER)
			amd_ps_buffer(R, it, a, m, &it->o[(m->output - 1) * 4], &it->ot[(m->output - 1) * 4]);
	}
	for (i = 0; i < R->imgs.n; i++) {
		AImg *g = &R->imgs.v[i];
		int32_t c[3];
		int k;
		if (!g->md->output)
			continue;
		c[0] = (int32_t)(it->gid[0] + R->l->range.offset[0]);
		c[1] = (int32_t)(it->gid[1] + R->l->range.offset[1]);
		c[2] = 0;
		R->taint = 0;
		for (k = 0; k < 4; k++)
			R->taint = amd_taint_join(R->taint, it->ot[(g->md->output - 1) * 4 + k]);
		put_texel(R, it, g, c, &it->o[(g->md->output - 1) * 4]);
	}
}

int amd_image(Run *R, Item *it, const AInst *a)
{
	switch (a->op) {
	case OP_SAMPLE: case OP_SAMPLE_L: case OP_SAMPLE_B: case OP_SAMPLE_G: sample(R, it, a); return 1;
	case OP_RESINFO: resinfo(R, it, a); return 1;
	case OP_LOAD: load(R, it, a, 0); return 1;
	case OP_UAV_LOAD: load(R, it, a, 1); return 1;
	case OP_UAV_STORE: store(R, it, a); return 1;
	default: return 0;
	}
}

int amd_image_samples(Opcode op)
{
	return op == OP_SAMPLE || op == OP_SAMPLE_L || op == OP_SAMPLE_B || op == OP_SAMPLE_G;
}
