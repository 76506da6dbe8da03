/* ze.c - NEO's launch of one kernel of our zebin on an emulated Gen GPU
 * running our vISA text.
 *
 * What NEO does, as emulated here:
 *   - device memory: every buffer argument at its own 64-bit address placed
 *     across a 4 GiB boundary (argument i's buffer straddles (2i+2) << 32, so
 *     address arithmetic must carry), NULL = 0 (never mapped); .data.const
 *     read-only at a device address; .data.const.string at a host address
 *     (NEO resolves string symbols to its host copy: the GPU carries the
 *     value, never dereferences it); the 4 MiB printf buffer, dword 0 = 4;
 *   - cross-thread data from .ze_info's payload_arguments (sizes, counts,
 *     offsets, work dimensions, buffer addresses, by-value pieces with
 *     source_offset, SLM offsets of __local arguments by NEO's rule: in
 *     argument order, each aligned to its slm_alignment, from 0; the SLM of
 *     a group is slm_size + the arguments' total rounded up to 1 KiB);
 *   - per group, threads of simd lanes (lanes past the group size disabled),
 *     each with r0 (one GRF of the device: r0.1/6/7 group id, r0.5 its
 *     scratch offset with a few low bits set, as hardware leaves other
 *     fields there), local ids (3 channels of uw, align_up(simd * 2, GRF)
 *     bytes each) and the cross-thread data after them; every .input is
 *     loaded from that payload.  On an XeHP-class device the walker loads
 *     none of it but r0 and the inline data: the kernel's prolog
 *     (PerThreadInputSize) fetches the local ids and the cross-thread data,
 *     so the same payload results only when PerThreadInputSize is the
 *     ze_info's local_id size and inline_data_payload_size is what the
 *     device delivers (checked, else the launch is refused);
 *   - threads of a group run one after another up to a barrier (or their
 *     end), then are released together; a thread ending while others wait
 *     at a barrier is an error (the hardware barrier would hang).  With a
 *     sched_seed the groups are shuffled and the threads of a group run in
 *     random slices of 1..64 instructions.  Memory model (docs/TESTING.md):
 *     SLM and global stores wait in a per-lane store buffer (the lane reads
 *     its own) until the thread's fence_local / fence_global, or its end
 *     (at random, sched_seed) or the group's end; a barrier alone makes
 *     nothing visible; atomics act at once; a load of a byte another lane
 *     stored and has not made visible is a data race (the run fails).
 *     SLM, scratch and registers start as the launch's poison; reading
 *     never-written SLM or scratch is noted.
 *   - images and samplers as NEO's setArgImage / setArgSampler make them:
 *     a surface state per image argument at its binding_table_indices
 *     entry (the EmuImage's type, size, format and pitches over a copy of
 *     its texels), a sampler state per sampler argument at its
 *     sampler_index (the cl_sampler's addressing, filter, normalization)
 *     and per inline sampler; image_width/height/depth/array_size/
 *     channel_data_type/channel_order from the image, sampler_address
 *     (NEO's patch values 0 none, 1 clamp to border, 2 clamp to edge,
 *     3 repeat, 4 mirrored) and sampler_normalized (0 or 8) from the sampler.
 * Afterwards the buffers and images are copied out and the printf buffer is
 * decoded.
 */
#include <string.h>

#include "zeint.h"

enum { PRINTF_SIZE = 4 * 1024 * 1024, SLM_ARG_GRANULE = 1024 };
#define DEFAULT_STEPS 50000000ull
#define HOST_STRINGS 0x00007f3a5c000000ull  /* where NEO's host copy of the strings lives */
#define DATA_CONST_AT 0x300000000ull
#define PRINTF_AT 0x400000000ull

typedef struct Launch {
	const ZeKernel *k;
	const EmuLaunch *l;
	XProg prog;
	ZeMachine m;
	VEC(uint64_t) arg_addr;   /* per explicit argument: device address or SLM offset */
	uint8_t *cross;
	int cross_size;
	int local_ids;            /* channels */
	int grf;                  /* the device's register bytes */
	int chan;                 /* bytes per channel */
	uint32_t slm_total;
	const ZeData *strings, *consts;
	ZeRegion *printf_buf;
	size_t nbuf_regions;
	char *err;                /* refusal (cannot emulate) */
	char *run_err;            /* the run failed */
} Launch;

static int refuse(Launch *x, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int refuse(Launch *x, const char *fmt, ...)
{
	va_list ap;
	Buf b = {0};
	if (x->err)
		return -1;
	buf_puts(&b, "Level Zero emulation: ");
	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	x->err = b.s;
	return -1;
}

static uint64_t align_up64(uint64_t v, uint64_t a)
{
	return (v + a - 1) / a * a;
}

static void put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16), p[3] = (uint8_t)(v >> 24);
}

static uint64_t sym_addr(ZeMachine *m, const char *sym, int *found)
{
	Launch *x = m->ctx;
	*found = 1;
	if (x->consts && !strcmp(sym, x->consts->symbol))
		return DATA_CONST_AT - align_up64(x->consts->size / 2, 256);
	if (x->strings && !strcmp(sym, x->strings->symbol))
		return HOST_STRINGS;
	*found = 0;
	return 0;
}

/* ---- checks ---------------------------------------------------------- */

static int check_range(Launch *x)
{
	const EmuRange *r = &x->l->range;
	int d;
	if (r->dim < 1 || r->dim > 3)
		return refuse(x, "work dimension %d", r->dim);
	for (d = 0; d < 3; d++) {
		if (!r->local[d] || !r->global[d] || r->global[d] % r->local[d])
			return refuse(x, "global size %u is not a multiple of the group size %u in dimension %d",
			              r->global[d], r->local[d], d);
		if (x->k->required_wg[0] && (uint32_t)x->k->required_wg[d] != r->local[d])
			return refuse(x, "the kernel requires the group size %d,%d,%d (zeKernelSetGroupSize fails)",
			              x->k->required_wg[0], x->k->required_wg[1], x->k->required_wg[2]);
	}
	if ((uint64_t)r->local[0] * r->local[1] * r->local[2] > 1024)
		return refuse(x, "group size above 1024");
	return 0;
}

/* every faddr symbol is a data symbol with relocations in this kernel */
static int check_symbols(Launch *x)
{
	size_t i, j;
	for (i = 0; i < x->prog.faddr_syms.n; i++) {
		const char *s = x->prog.faddr_syms.v[i];
		int found, lo = 0, hi = 0;
		sym_addr(&x->m, s, &found);
		if (!found)
			return refuse(x, "faddr %s: the zebin defines no such symbol", s);
		for (j = 0; j < x->k->relocs.n; j++)
			if (!strcmp(x->k->relocs.v[j].symbol, s)) {
				lo |= x->k->relocs.v[j].type == ZR_ADDR_32 || x->k->relocs.v[j].type == ZR_ADDR;
				hi |= x->k->relocs.v[j].type == ZR_ADDR_32_HI || x->k->relocs.v[j].type == ZR_ADDR;
			}
		if (x->k->code_size && (!lo || !hi))
			return refuse(x, "faddr %s: .rel.text.%s lacks its %s relocation", s, x->k->name,
			              !lo ? "R_ZE_SYM_ADDR_32" : "R_ZE_SYM_ADDR_32_HI");
	}
	return 0;
}

/* ---- memory -------------------------------------------------------------- */

static int place_memory(Launch *x)
{
	const EmuLaunch *l = x->l;
	size_t i;
	char name[48];
	uint64_t next = 0;
	if (l->heap_window) {
		/* one span below 4 GiB that still crosses a 4 GiB line: buffers
		 * 4 KiB apart, centred on 0x200000000, so the low dwords wrap */
		uint64_t total = 0;
		for (i = 0; i < l->args.n; i++)
			if (l->args.v[i].kind == EA_BUFFER)
				total += align_up64(l->args.v[i].size, 256) + 4096;
		if (total >= (1ull << 32))
			return refuse(x, "the buffers (%llu bytes) do not fit in one 4 GiB span, which the kernel "
			              "needs (it reads pointers from memory)", (unsigned long long)total);
		next = (2ull << 32) - align_up64(total / 2, 4096);
	}
	for (i = 0; i < l->args.n; i++) {
		uint64_t a = 0;
		if (l->args.v[i].kind == EA_BUFFER) {
			ZeRegion *r;
			if (l->heap_window) {
				a = next;
				next += align_up64(l->args.v[i].size, 256) + 4096;
			} else {
				a = ((uint64_t)(2 * i + 2) << 32) - align_up64(l->args.v[i].size / 2, 256);
			}
			snprintf(name, sizeof name, "argument %zu", i);
			r = zemem_add(&x->m.mem, a, l->args.v[i].size, intern(name), 0);
			if (l->args.v[i].size)
				memcpy(r->bytes, l->args.v[i].bytes, l->args.v[i].size);
		}
		vec_push(&x->arg_addr, a);
	}
	x->nbuf_regions = x->m.mem.r.n;
	for (i = 0; i < x->m.img->data.n; i++) {
		const ZeData *d = &x->m.img->data.v[i];
		if (!strcmp(d->section, ".data.const"))
			x->consts = d;
		else
			x->strings = d;
	}
	if (x->consts) {
		int found;
		ZeRegion *r = zemem_add(&x->m.mem, sym_addr(&x->m, x->consts->symbol, &found), x->consts->size,
		                        ".data.const", 1);
		memcpy(r->bytes, x->consts->bytes, x->consts->size);
	}
	return 0;
}

/* ---- cross-thread data --------------------------------------------------- */

static void put_vec3(uint8_t *p, int size, const uint32_t *v)
{
	int d;
	for (d = 0; d < 3 && 4 * d + 4 <= size; d++)
		put32(p + 4 * d, v[d]);
}

static int explicit_arg(Launch *x, const ZeArg *a, EmuArgKind want1, EmuArgKind want2)
{
	const EmuArg *e;
	static const char *const kinds[] = {"a value", "a buffer", "local memory", "NULL", "an image",
	                                    "a sampler"};
	if (a->arg_index < 0 || (size_t)a->arg_index >= x->l->args.n)
		return refuse(x, "payload argument for argument %d, but the launch has %zu", a->arg_index,
		              x->l->args.n);
	e = &x->l->args.v[a->arg_index];
	if (e->kind != want1 && e->kind != want2)
		return refuse(x, "argument %d is %s on the host but %s in .ze_info", a->arg_index,
		              kinds[e->kind], zearg_type_name(a->type));
	return 0;
}

/* NEO's setArgBuffer for __local arguments, all at once */
static int slm_args(Launch *x)
{
	uint32_t off = 0;
	int first = 1;
	size_t i, j;
	for (i = 0; i < x->l->args.n; i++)
		for (j = 0; j < x->k->args.n; j++) {
			const ZeArg *a = &x->k->args.v[j];
			if (a->type != ZA_ARG_BYPOINTER || a->addrmode != ZM_SLM || a->arg_index != (int)i)
				continue;
			if (explicit_arg(x, a, EA_LOCAL, EA_LOCAL))
				return -1;
			if (!first && a->slm_alignment > 0)
				off = (uint32_t)align_up64(off, (uint64_t)a->slm_alignment);
			first = 0;
			x->arg_addr.v[i] = off;
			off += (uint32_t)x->l->args.v[i].size;
			break;
		}
	x->slm_total = (uint32_t)x->k->slm_size + (uint32_t)align_up64(off, SLM_ARG_GRANULE);
	return 0;
}

/* ---- images and samplers (NEO's setArgImage / setArgSampler) ------------ */

static const ZeImageType ze_type_of[] = {ZT_1D, ZT_1D_ARRAY, ZT_BUFFER, ZT_2D, ZT_2D_ARRAY, ZT_3D};

/* the surface state of an image arg_bypointer at its binding-table index */
static int image_surface(Launch *x, const ZeArg *a)
{
	const EmuArg *e;
	const char *bad;
	ZeSurface sf;
	size_t i;
	if (explicit_arg(x, a, EA_IMAGE, EA_IMAGE))
		return -1;
	e = &x->l->args.v[a->arg_index];
	if (a->addrmode != ZM_STATEFUL || !a->has_bti)
		return refuse(x, "image argument %d: only stateful images with a binding_table_indices entry "
		              "are supported", a->arg_index);
	if (ze_type_of[e->image.type] != a->image_type)
		return refuse(x, "image argument %d is %s in .ze_info; the host's image is another type",
		              a->arg_index, zeimage_type_name(a->image_type));
	if ((bad = emu_image_check(&e->image, e->size)))
		return refuse(x, "image argument %d: %s", a->arg_index, bad);
	for (i = 0; i < x->m.surfaces.n; i++)
		if (x->m.surfaces.v[i].bti == a->bti)
			return refuse(x, "binding table index %d is given twice", a->bti);
	sf.bti = a->bti;
	sf.arg = a->arg_index;
	sf.d = &e->image;
	sf.size = e->size;
	sf.access = a->access;
	sf.b = xmalloc(e->size ? e->size : 1);
	memcpy(sf.b, e->bytes, e->size);
	vec_push(&x->m.surfaces, sf);
	return 0;
}

static int add_sampler(Launch *x, int index, const EmuSampler *s)
{
	ZeSamplerState st;
	size_t i;
	for (i = 0; i < x->m.samplers.n; i++)
		if (x->m.samplers.v[i].index == index)
			return refuse(x, "sampler_index %d is given twice", index);
	st.index = index;
	st.s = *s;
	vec_push(&x->m.samplers, st);
	return 0;
}

/* ze_info inline_samplers: addrmode and filtermode by name */
static int inline_samplers(Launch *x)
{
	static const struct { const char *name; uint32_t cl; } modes[] = {
		{"none", EMU_CL_ADDRESS_NONE}, {"repeat", EMU_CL_ADDRESS_REPEAT},
		{"clamp_edge", EMU_CL_ADDRESS_CLAMP_TO_EDGE}, {"clamp_border", EMU_CL_ADDRESS_CLAMP},
		{"mirror", EMU_CL_ADDRESS_MIRRORED_REPEAT},
	};
	int i;
	size_t j;
	for (i = 0; i < x->k->n_inline_samplers; i++) {
		const ZeInlineSampler *z = &x->k->inline_samplers[i];
		EmuSampler s = {z->normalized != 0, 0, 0};
		for (j = 0; j < NELEM(modes) && (!z->addrmode || strcmp(z->addrmode, modes[j].name)); j++)
			;
		if (j == NELEM(modes) || !z->filtermode ||
		    (strcmp(z->filtermode, "nearest") && strcmp(z->filtermode, "linear")))
			return refuse(x, "inline sampler %d: addrmode '%s', filtermode '%s' are not supported",
			              z->index, z->addrmode ? z->addrmode : "", z->filtermode ? z->filtermode : "");
		s.addressing = modes[j].cl;
		s.filter = strcmp(z->filtermode, "linear") ? EMU_CL_FILTER_NEAREST : EMU_CL_FILTER_LINEAR;
		if (add_sampler(x, z->index, &s))
			return -1;
	}
	return 0;
}

/* NEO's sampler_address patch value */
static uint32_t neo_address(uint32_t cl)
{
	switch (cl) {
	case EMU_CL_ADDRESS_CLAMP: return 1;
	case EMU_CL_ADDRESS_CLAMP_TO_EDGE: return 2;
	case EMU_CL_ADDRESS_REPEAT: return 3;
	case EMU_CL_ADDRESS_MIRRORED_REPEAT: return 4;
	default: return 0;
	}
}

/* image_* and sampler_* payload dwords */
static int image_payload(Launch *x, const ZeArg *a, uint8_t *p)
{
	int sampler = a->type == ZA_SAMPLER_ADDRESS || a->type == ZA_SAMPLER_NORMALIZED;
	const EmuArg *e;
	uint32_t v = 0;
	if (explicit_arg(x, a, sampler ? EA_SAMPLER : EA_IMAGE, sampler ? EA_SAMPLER : EA_IMAGE))
		return -1;
	if (a->size != 4)
		return refuse(x, "%s of %d bytes (NEO patches 4)", zearg_type_name(a->type), a->size);
	e = &x->l->args.v[a->arg_index];
	switch (a->type) {
	case ZA_IMAGE_WIDTH: v = e->image.width; break;
	case ZA_IMAGE_HEIGHT: v = e->image.height; break;
	case ZA_IMAGE_DEPTH: v = e->image.depth; break;
	case ZA_IMAGE_ARRAY_SIZE: v = e->image.array_size; break;
	case ZA_IMAGE_CHANNEL_DATA_TYPE: v = e->image.data_type; break;
	case ZA_IMAGE_CHANNEL_ORDER: v = e->image.order; break;
	case ZA_SAMPLER_ADDRESS: v = neo_address(e->sampler.addressing); break;
	default: v = e->sampler.normalized ? 8 : 0; break; /* ZA_SAMPLER_NORMALIZED */
	}
	put32(p, v);
	return 0;
}

static int fill_arg(Launch *x, const ZeArg *a, uint8_t *p)
{
	const EmuRange *r = &x->l->range;
	uint32_t v[3];
	int d;
	switch (a->type) {
	case ZA_GLOBAL_SIZE: put_vec3(p, a->size, r->global); break;
	case ZA_LOCAL_SIZE: case ZA_ENQUEUED_LOCAL_SIZE: put_vec3(p, a->size, r->local); break;
	case ZA_GLOBAL_ID_OFFSET: put_vec3(p, a->size, r->offset); break;
	case ZA_GROUP_COUNT:
		for (d = 0; d < 3; d++)
			v[d] = r->global[d] / r->local[d];
		put_vec3(p, a->size, v);
		break;
	case ZA_WORK_DIMENSIONS:
		if (a->size >= 4)
			put32(p, (uint32_t)r->dim);
		break;
	case ZA_PRINTF_BUFFER:
		if (!x->printf_buf) {
			x->printf_buf = zemem_add(&x->m.mem, PRINTF_AT - 0x200000, PRINTF_SIZE, "printf buffer", 0);
			put32(x->printf_buf->bytes, 4);
		}
		for (d = 0; d < a->size && d < 8; d++)
			p[d] = (uint8_t)(x->printf_buf->base >> 8 * d);
		break;
	case ZA_ARG_BYVALUE: {
		const EmuArg *e;
		size_t so = a->source_offset < 0 ? 0 : (size_t)a->source_offset, n = (size_t)a->size;
		if (explicit_arg(x, a, EA_VALUE, EA_VALUE))
			return -1;
		e = &x->l->args.v[a->arg_index];
		if (so > e->size)
			return refuse(x, "argument %d: source_offset %zu beyond its %zu bytes", a->arg_index, so, e->size);
		if (n > e->size - so)
			n = e->size - so; /* NEO copies what the host value has */
		memcpy(p, e->bytes + so, n);
		break;
	}
	case ZA_IMAGE_WIDTH: case ZA_IMAGE_HEIGHT: case ZA_IMAGE_DEPTH: case ZA_IMAGE_ARRAY_SIZE:
	case ZA_IMAGE_CHANNEL_DATA_TYPE: case ZA_IMAGE_CHANNEL_ORDER: case ZA_SAMPLER_ADDRESS:
	case ZA_SAMPLER_NORMALIZED:
		return image_payload(x, a, p);
	case ZA_ARG_BYPOINTER:
		if (a->addrspace == ZS_IMAGE)
			return image_surface(x, a);
		if (a->addrspace == ZS_SAMPLER) {
			if (explicit_arg(x, a, EA_SAMPLER, EA_SAMPLER))
				return -1;
			if (a->addrmode != ZM_STATEFUL)
				return refuse(x, "sampler argument %d is not stateful", a->arg_index);
			return add_sampler(x, a->sampler_index, &x->l->args.v[a->arg_index].sampler);
		}
		if (a->addrmode == ZM_SLM) {
			if (a->size >= 4)
				put32(p, (uint32_t)x->arg_addr.v[a->arg_index]);
			break;
		}
		if (a->addrmode != ZM_STATELESS || (a->addrspace != ZS_GLOBAL && a->addrspace != ZS_CONSTANT))
			return refuse(x, "argument %d: %s %s arguments are not supported", a->arg_index,
			              a->addrspace == ZS_IMAGE ? "image" : a->addrspace == ZS_SAMPLER ? "sampler" : "stateful",
			              zearg_type_name(a->type));
		if (explicit_arg(x, a, EA_BUFFER, EA_NULL))
			return -1;
		for (d = 0; d < a->size && d < 8; d++)
			p[d] = (uint8_t)(x->arg_addr.v[a->arg_index] >> 8 * d);
		break;
	default:
		return refuse(x, "payload argument %s is not supported", zearg_type_name(a->type));
	}
	return 0;
}

static int cross_thread(Launch *x)
{
	size_t i;
	int end = 0;
	for (i = 0; i < x->k->args.n; i++) {
		const ZeArg *a = &x->k->args.v[i];
		if (a->offset + a->size > end)
			end = a->offset + a->size;
	}
	x->cross_size = (int)align_up64((uint64_t)end, 32);
	x->cross = xcalloc((size_t)x->cross_size + 1, 1);
	if (slm_args(x))
		return -1;
	for (i = 0; i < x->k->args.n; i++)
		if (fill_arg(x, &x->k->args.v[i], x->cross + x->k->args.v[i].offset))
			return -1;
	return 0;
}

/* ---- threads ------------------------------------------------------------- */

/* the payload of thread t of the group at gid: r0, local ids, cross-thread */
static uint32_t payload(Launch *x, int t, const uint32_t *gid, uint32_t scratch, uint8_t *pl)
{
	const uint32_t *ls = x->l->range.local;
	uint32_t group = ls[0] * ls[1] * ls[2], mask = 0;
	int simd = x->k->simd, lane, c;
	put32(pl + 4, gid[0]);
	put32(pl + 24, gid[1]);
	put32(pl + 28, gid[2]);
	put32(pl + 20, scratch | ((uint32_t)t & 0xff) | 0x100);
	for (lane = 0; lane < simd; lane++) {
		uint32_t f = (uint32_t)(t * simd + lane), id[3] = {0, 0, 0};
		if (f < group) {
			mask |= 1u << lane;
			id[0] = f % ls[0];
			id[1] = f / ls[0] % ls[1];
			id[2] = f / (ls[0] * ls[1]);
		}
		for (c = 0; c < x->local_ids; c++) {
			pl[x->grf + c * x->chan + 2 * lane] = (uint8_t)id[c];
			pl[x->grf + c * x->chan + 2 * lane + 1] = (uint8_t)(id[c] >> 8);
		}
	}
	memcpy(pl + x->grf + x->k->local_id_size, x->cross, (size_t)x->cross_size);
	return mask;
}

static int load_inputs(Launch *x, XThread *th, const uint8_t *pl, int size)
{
	size_t i;
	for (i = 0; i < x->prog.inputs.n; i++) {
		const XInput *in = &x->prog.inputs.v[i];
		const XVar *v = &x->prog.vars.v[in->var];
		if (in->offset + in->size > size)
			return refuse(x, ".input %s at %d..%d lies outside the %d-byte payload", v->name, in->offset,
			              in->offset + in->size, size);
		memcpy(th->grf + v->base, pl + in->offset, (size_t)in->size);
	}
	if (x->prog.r0 >= 0)
		memcpy(th->grf + x->prog.vars.v[x->prog.r0].base, pl, (size_t)x->grf);
	return 0;
}

/* every thread of the group still running until it waits at a barrier or
 * has ended: in order, each to its barrier (sched_seed 0), or a randomly
 * chosen one for 1..64 instructions at a time; 0 ok */
static int run_phase(Launch *x, XThread *th, int n, uint32_t *order, uint64_t *rng, EmuResult *r)
{
	int i, left = 0;
	for (i = 0; i < n; i++)
		if (th[i].state == XS_RUN || th[i].state == XS_BARRIER)
			order[left++] = (uint32_t)i;
	x->m.slice = 0;
	while (left) {
		int k = x->l->sched_seed ? (int)hz_below(rng, (uint32_t)left) : 0;
		XThread *t = &th[order[k]];
		if (x->l->sched_seed)
			x->m.slice = 1 + hz_below(rng, 64);
		xthread_run(t);
		r->steps += t->steps;
		t->steps = 0;
		if (t->state == XS_ERROR) {
			x->run_err = xstrdup(t->error);
			return -1;
		}
		/* a thread that ended may make its stores visible at once or at
		 * the group's end: early, a store that should have waited for a
		 * barrier lands before another thread's earlier-ordered one
		 * (a dropped barrier between two store phases shows); late, a
		 * load of it by another thread is a detected race */
		if (t->state == XS_END && x->l->sched_seed && hz_below(rng, 2))
			hzsb_flush(&t->sb, ~0u);
		if (t->state != XS_RUN) {
			if (x->l->sched_seed)
				order[k] = order[--left];
			else
				memmove(order, order + 1, (size_t)--left * sizeof *order);
		}
	}
	return 0;
}

/* runs the threads of one group to their end, barrier by barrier; a
 * barrier only synchronises (a fence makes stores visible), and at the
 * end every thread's remaining stores become visible, the threads taken
 * in order or shuffled */
static int run_group(Launch *x, XThread *th, int n, uint64_t *rng, EmuResult *r)
{
	uint32_t *order = xcalloc((size_t)n + 1, sizeof *order);
	int rc = 0;
	for (;;) {
		int i, at_barrier = 0, ended = 0, barrier_line = 0;
		if (run_phase(x, th, n, order, rng, r)) {
			rc = -1;
			break;
		}
		for (i = 0; i < n; i++) {
			at_barrier += th[i].state == XS_BARRIER;
			ended += th[i].state == XS_END;
			if (th[i].state == XS_BARRIER)
				barrier_line = x->prog.code.v[th[i].pc - 1].line;
		}
		if (!at_barrier) {
			for (i = 0; i < n; i++)
				order[i] = (uint32_t)i;
			if (x->l->sched_seed)
				hz_shuffle(order, (uint32_t)n, rng);
			for (i = 0; i < n; i++)
				hzsb_flush(&th[order[i]].sb, ~0u);
			break;
		}
		if (ended) {
			x->run_err = xasprintf("%s: %d thread(s) ended while %d wait at the barrier of vISA line %d "
			                       "(the hardware barrier would hang)", x->m.group, ended, at_barrier,
			                       barrier_line);
			rc = -1;
			break;
		}
	}
	free(order);
	return rc;
}

static int run(Launch *x, EmuResult *r)
{
	const EmuRange *rg = &x->l->range;
	uint32_t gid[3], ngroups[3], group = rg->local[0] * rg->local[1] * rg->local[2], ng, g, *gorder;
	int simd = x->k->simd, nthreads = (int)((group + (uint32_t)simd - 1) / (uint32_t)simd), t, d;
	int plsize = x->grf + x->k->local_id_size + x->cross_size;
	uint32_t stride = 1024;
	uint8_t *pl = xcalloc((size_t)plsize, 1);
	XThread *th = xcalloc((size_t)nthreads, sizeof *th);
	uint64_t rng = x->l->sched_seed;
	int rc = 0;
	while (stride < (uint32_t)x->k->scratch_size)
		stride *= 2;
	for (d = 0; d < 3; d++)
		ngroups[d] = rg->global[d] / rg->local[d];
	x->m.slm = xcalloc(x->slm_total + 1, 1);
	x->m.slm_init = xcalloc(x->slm_total + 1, 1);
	x->m.slm_size = x->slm_total;
	x->m.scratch_area = (uint32_t)x->k->scratch_size;
	x->m.scratch_size = (uint32_t)(nthreads + 1) * stride;
	x->m.scratch = xcalloc(x->m.scratch_size, 1);
	x->m.scratch_init = xcalloc(x->m.scratch_size, 1);
	x->m.poison = x->l->poison;
	/* groups in order, or shuffled */
	ng = ngroups[0] * ngroups[1] * ngroups[2];
	gorder = xcalloc(ng + 1, sizeof *gorder);
	for (g = 0; g < ng; g++)
		gorder[g] = g;
	if (x->l->sched_seed)
		hz_shuffle(gorder, ng, &rng);
	for (g = 0; g < ng && !rc; g++) {
		gid[0] = gorder[g] % ngroups[0];
		gid[1] = gorder[g] / ngroups[0] % ngroups[1];
		gid[2] = gorder[g] / ngroups[0] / ngroups[1];
		snprintf(x->m.group, sizeof x->m.group, "group (%u,%u,%u)", gid[0], gid[1], gid[2]);
		/* SLM and scratch start as poison (registers too, see xthread_init) */
		hz_poison_fill(x->m.slm, x->slm_total, x->l->poison);
		hz_poison_fill(x->m.scratch, x->m.scratch_size, x->l->poison);
		memset(x->m.slm_init, 0, x->slm_total + 1);
		hzc_clear(&x->m.pend);
		memset(x->m.scratch_init, 0, x->m.scratch_size);
		for (t = 0; t < nthreads; t++) {
			uint32_t mask;
			memset(pl, 0, (size_t)plsize);
			mask = payload(x, t, gid, (uint32_t)(t + 1) * stride, pl);
			xthread_init(&th[t], &x->prog, &x->m, mask);
			th[t].index = t;
			th[t].scratch_base = (uint32_t)(t + 1) * stride;
			if (load_inputs(x, &th[t], pl, plsize))
				rc = -2;
		}
		if (!rc && run_group(x, th, nthreads, &rng, r))
			rc = -1;
		for (t = 0; t < nthreads; t++)
			xthread_free(&th[t]);
	}
	free(gorder);
	free(th);
	free(pl);
	return rc;
}

/* ---- the launch ---------------------------------------------------------- */

/* XeHP-class dispatch: the walker delivers r0 and (with inline data) the
 * first cross-thread GRF; the kernel's prolog loads PerThreadInputSize
 * bytes of local ids per thread and the rest of the cross-thread data */
static int device_payload(Launch *x)
{
	const XProg *p = &x->prog;
	int want_inline = x->l->thread_prolog && x->l->inline_data ? 32 : 0;
	if (!x->l->thread_prolog) {
		if (p->per_thread_input)
			return refuse(x, "PerThreadInputSize on a device whose walker loads the payload itself");
		if (x->k->inline_data_size)
			return refuse(x, "inline_data_payload_size %d on a device without inline data",
			              x->k->inline_data_size);
		return 0;
	}
	if (p->per_thread_input != x->k->local_id_size)
		return refuse(x, "PerThreadInputSize %d but a %d-byte local_id block: the prolog would "
		              "load the wrong per-thread data", p->per_thread_input, x->k->local_id_size);
	if (x->k->inline_data_size != want_inline)
		return refuse(x, "inline_data_payload_size %d, the device delivers %d bytes of inline "
		              "data", x->k->inline_data_size, want_inline);
	return 0;
}

static int prepare(Launch *x, const char *visa_text, const char *kernel)
{
	char *perr = NULL;
	if (!x->k)
		return refuse(x, "the zebin has no kernel '%s'", kernel);
	x->grf = x->l->grf_bytes ? x->l->grf_bytes : 32;
	if (visa_parse_grf(visa_text, x->grf, &x->prog, &perr)) {
		refuse(x, "%s", perr);
		free(perr);
		return -1;
	}
	if (strcmp(x->prog.kernel, kernel))
		return refuse(x, "the vISA text is kernel '%s', not '%s'", x->prog.kernel, kernel);
	if (x->prog.simd != x->k->simd)
		return refuse(x, "SimdSize %d in the vISA text, simd_size %d in .ze_info", x->prog.simd, x->k->simd);
	if (device_payload(x))
		return -1;
	x->chan = (int)align_up64((uint64_t)x->k->simd * 2, (uint64_t)x->grf);
	x->local_ids = x->k->local_id_size / x->chan;
	if (x->k->local_id_size % x->chan || x->local_ids > 3)
		return refuse(x, "local_id size %d is not 1..3 channels of %d bytes", x->k->local_id_size, x->chan);
	if (check_range(x) || place_memory(x) || check_symbols(x) || inline_samplers(x) || cross_thread(x))
		return -1;
	return 0;
}

static void results(Launch *x, EmuResult *r)
{
	size_t i, reg = 0;
	for (i = 0; i < x->l->args.n; i++) {
		Buf b = {0};
		if (x->l->args.v[i].kind == EA_BUFFER) {
			const ZeRegion *g = &x->m.mem.r.v[reg++];
			buf_add(&b, g->bytes, (size_t)g->size);
		} else if (x->l->args.v[i].kind == EA_IMAGE) {
			size_t j;
			for (j = 0; j < x->m.surfaces.n; j++)
				if (x->m.surfaces.v[j].arg == (int)i)
					buf_add(&b, x->m.surfaces.v[j].b, x->m.surfaces.v[j].size);
		}
		vec_push(&r->buffers, b);
	}
	r->approx = x->m.approx_used;
	r->poison_read = x->m.poison_read;
}

int emu_ze_run(const char *visa_text, const ZeImage *img, const char *kernel, const EmuLaunch *l,
               EmuResult *r)
{
	Launch x;
	size_t i;
	int rc;
	memset(&x, 0, sizeof x);
	memset(r, 0, sizeof *r);
	x.l = l;
	x.k = zeimage_kernel(img, kernel);
	x.m.img = img;
	x.m.ctx = &x;
	x.m.sym_addr = sym_addr;
	x.m.step_limit = l->step_limit ? l->step_limit : DEFAULT_STEPS;
	rc = prepare(&x, visa_text, kernel) ? -1 : run(&x, r);
	if (rc == -2)
		rc = -1;
	if (rc == 0 || rc == -1) {
		if (x.err) {
			r->error = x.err;
			x.err = NULL;
			rc = -1;
		} else {
			results(&x, r);
			if (rc == -1) {
				r->error = x.run_err;
				x.run_err = NULL;
				rc = 0;
			} else if (x.printf_buf) {
				char *perr = NULL;
				if (ze_printf_decode(x.printf_buf->bytes, (size_t)x.printf_buf->size, HOST_STRINGS,
				                     x.strings ? x.strings->bytes : NULL, x.strings ? x.strings->size : 0,
				                     r, &perr))
					r->error = perr;
			}
			r->ok = !r->error;
		}
	}
	free(x.run_err);
	free(x.err);
	free(x.cross);
	free(x.m.slm);
	free(x.m.slm_init);
	hzc_free(&x.m.pend);
	free(x.m.scratch);
	free(x.m.scratch_init);
	vec_free(&x.arg_addr);
	for (i = 0; i < x.m.surfaces.n; i++)
		free(x.m.surfaces.v[i].b);
	vec_free(&x.m.surfaces);
	vec_free(&x.m.samplers);
	zemem_free(&x.m.mem);
	visa_prog_free(&x.prog);
	return rc;
}
