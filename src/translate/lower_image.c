/* lower_image.c - image and sampler arguments: AMD's resource/UAV image ids,
 * sampler ids and cb1 info blocks on Intel's binding table, sampler states
 * and Level Zero's image/sampler metadata payload (docs/abi-map.txt,
 * "Images and samplers").
 *
 * AMD side (amdil.md 6.8, the metadata ABI): ;image:name:dim:RO|WO|RW:id:1:off.
 * A read-only image is resource `id` (dcl_resource_id, read by
 * sample_resource(id)/sample_id(id) with a sampler and load_resource(id)/
 * load_id(id) without one); a write-only or read-write image is typed UAV
 * `id` (dcl_uav_id / dcl_typed_uav_id, uav_store_id(id) writes, uav_load_id(id)
 * reads).  Its 32 cb1 bytes at `off` are the info block the runtime fills:
 *   +0 width  +4 height  +8 depth  +12 channel data type   (ints)
 *   +16 1/width  +20 1/height  +24 1/depth                  (floats)
 *   +28 channel order
 * A sampler argument is the u32 ;value its ;sampler:name:id:0:0 line names:
 * the runtime binds sampler state `id` and writes AMD's sampler bits into
 * its cb1 dword; a kernel-defined sampler is ;sampler:unknown_v:id:1:v.
 *
 * Intel side: every image is a stateful arg_bypointer (addrspace image,
 * image_type, binding-table index = its position among the images); every
 * sampler argument a stateful arg_bypointer (addrspace sampler,
 * sampler_index = AMD's id); kernel-defined samplers are ze_info
 * inline_samplers with AMD's id.  Level Zero's metadata payload lands inside
 * the cb1 image, at the byte AMD's block has it, so a cb1 read needs nothing
 * special; the prologue fills the rest:
 *   width            image_width            -> +0
 *   height           image_height (2D, 2DA, 3D), image_array_size (1DA), 1
 *   depth            image_depth (3D), image_array_size (2DA), 1
 *   data type/order  image_channel_data_type -> +12, image_channel_order -> +28
 *                    (Level Zero writes the OpenCL enums, CL_UNORM_INT8 = 0x10D2
 *                    ..., as AMD's runtime does: no translation)
 *   1/w 1/h 1/d      computed in the prologue (inv + one Newton step)
 *   sampler dword    sampler_normalized (0/8) -> off+4, sampler_address (NEO
 *                    patch value 0..5) -> off+8; the prologue rebuilds AMD's
 *                    bits there: normalized 1, address none 0 / repeat 2 /
 *                    clamp-to-edge 4 / clamp 6 / mirrored 8.  The filter bits
 *                    (0x10 nearest, 0x20 linear) have no Level Zero source and
 *                    read as 0.
 *
 * Instructions (vISA as IGC writes it): sample -> sample_lz, load/uav_load ->
 * load_lz (both in pieces of at most 16 lanes), uav_store -> scatter4_typed
 * (8 lanes).  AMD's coordtype is the instruction's, Intel's normalization
 * the sampler state's: when they can differ the coordinates are scaled by
 * 1/size or size from the info block (for a sampler argument, chosen at run
 * time from sampler_normalized).
 */
#include <string.h>

#include "translate.h"

#include "lowerint.h"

/* AMD's sampler bits (amd::Sampler::State, the compiler's CLK_* values;
 * not Khronos' header values, where CLAMP_TO_EDGE is 2 and REPEAT 6) */
enum {
	AS_NORMALIZED = 0x01, AS_ADDR_MASK = 0x0e, AS_ADDR_REPEAT = 0x02, AS_ADDR_CLAMP_TO_EDGE = 0x04,
	AS_ADDR_CLAMP = 0x06, AS_ADDR_MIRRORED = 0x08, AS_FILTER_NEAREST = 0x10, AS_FILTER_LINEAR = 0x20,
};
/* NEO's sampler_address patch value v -> AMD address bits: nibble v of this
 * (0 none, 1 clamp to border, 2 clamp to edge, 3 repeat, 4 and 5 mirrored) */
#define NEO_ADDR_TO_AMD 0x882460u

/* What each ;image dimension is on both sides. */
typedef struct Shape {
	const char *dim;        /* AMD metadata dimension */
	const char *dcl;        /* its dcl_resource/dcl_uav _type(...) */
	ZeImageType zt;
	int ncoord;             /* coordinates the messages take (u v r) */
	int layer;              /* coordinate that is the array layer, -1 if none */
	int height, depth;      /* ZeArgType feeding info +4 / +8, -1 = the constant 1 */
} Shape;

static const Shape shapes[] = {
	{"1D", "1d", ZT_1D, 1, -1, -1, -1},
	{"1DB", "buffer", ZT_BUFFER, 1, -1, -1, -1},
	{"1DA", "1darray", ZT_1D_ARRAY, 2, 1, ZA_IMAGE_ARRAY_SIZE, -1},
	{"2D", "2d", ZT_2D, 2, -1, ZA_IMAGE_HEIGHT, -1},
	{"2DA", "2darray", ZT_2D_ARRAY, 3, 2, ZA_IMAGE_HEIGHT, ZA_IMAGE_ARRAY_SIZE},
	{"3D", "3d", ZT_3D, 3, -1, ZA_IMAGE_HEIGHT, ZA_IMAGE_DEPTH},
};

static const Shape *shape_of(const MdArg *m)
{
	size_t i;
	for (i = 0; i < NELEM(shapes); i++)
		if (!strcmp(shapes[i].dim, m->dim))
			return &shapes[i];
	die("image dimension '%s' unknown to lower_image", m->dim);
	return NULL;
}

int image_inst(Opcode op)
{
	switch (op) {
	case OP_SAMPLE: case OP_SAMPLE_L: case OP_SAMPLE_B: case OP_SAMPLE_G: case OP_SAMPLE_C:
	case OP_SAMPLE_C_LZ: case OP_SAMPLE_C_L: case OP_SAMPLE_C_B: case OP_SAMPLE_C_G:
	case OP_LOAD: case OP_UAV_LOAD: case OP_UAV_STORE: case OP_RESINFO:
	case OP_FETCH4: case OP_FETCH4_C: case OP_FETCH4PO: case OP_FETCH4PO_C: case OP_GATHER4:
	case OP_LOD: case OP_BUFINFO:
		return 1;
	default:
		return 0;
	}
}

/* ---- the arguments ------------------------------------------------------ */

/* Binding-table index of an image: its position among the images. */
static int image_bti(const Kernel *k, const MdArg *m)
{
	size_t i;
	int n = 0;
	for (i = 0; i < k->md->args.n && &k->md->args.v[i] != m; i++)
		n += k->md->args.v[i].kind == MA_IMAGE;
	return n;
}

/* The image a resource id (uav 0: read-only images) or a UAV id (uav 1:
 * write-only and read-write images) names, NULL if none. */
static const MdArg *image_by_id(L *l, int uav, long long id)
{
	size_t i;
	for (i = 0; i < l->k->md->args.n; i++) {
		const MdArg *a = &l->k->md->args.v[i];
		if (a->kind == MA_IMAGE && a->bufid == id && (strcmp(a->access, "RO") != 0) == uav)
			return a;
	}
	return NULL;
}

static const MdSampler *sampler_by_id(L *l, long long id)
{
	size_t i;
	for (i = 0; i < l->k->md->samplers.n; i++)
		if (l->k->md->samplers.v[i].id == id)
			return &l->k->md->samplers.v[i];
	return NULL;
}

static ZeArg payload_piece(const MdArg *m, ZeArgType t, int offset, int size)
{
	ZeArg a;
	memset(&a, 0, sizeof a);
	a.type = t;
	a.offset = offset;
	a.size = size;
	a.arg_index = m->index;
	a.source_offset = -1;
	return a;
}

static ZeAccess access_of(const MdArg *m)
{
	return !strcmp(m->access, "RO") ? ZC_READONLY : !strcmp(m->access, "WO") ? ZC_WRITEONLY : ZC_READWRITE;
}

/* The payload arguments of one image or sampler argument, and its plan
 * entry; cb1_cross is the cross-thread byte of the cb1 image. */
void image_layout(L *l, const MdArg *m, AbiEntry *e, int cb1_cross)
{
	ZeKernel *ze = l->ze;
	int at = cb1_cross + m->offset;
	ZeArg a;
	e->amd_id = m->bufid;
	if (m->kind == MA_SAMPLER) {
		a = payload_piece(m, ZA_ARG_BYPOINTER, 0, 0);
		a.addrmode = ZM_STATEFUL;
		a.addrspace = ZS_SAMPLER;
		a.access = ZC_READWRITE;
		a.sampler_index = m->bufid;
		vec_push(&ze->args, a);
		vec_push(&ze->args, payload_piece(m, ZA_SAMPLER_NORMALIZED, at + 4, 4));
		vec_push(&ze->args, payload_piece(m, ZA_SAMPLER_ADDRESS, at + 8, 4));
		e->cb_size = 4;
		e->provenance = "sampler state `id` = sampler_index; the cb1 dword is rebuilt in the prologue "
		                "from sampler_normalized (+4) and sampler_address (+8): AMD bits normalized 0x1, "
		                "address 0x2 repeat/0x4 clamp-to-edge/0x6 clamp/0x8 mirrored; filter bits read as 0";
		return;
	} else {
		const Shape *s = shape_of(m);
		a = payload_piece(m, ZA_ARG_BYPOINTER, 0, 0);
		a.addrmode = ZM_STATEFUL;
		a.addrspace = ZS_IMAGE;
		a.access = access_of(m);
		a.image_type = s->zt;
		a.has_bti = 1;
		a.bti = image_bti(l->k, m);
		vec_push(&ze->args, a);
		vec_push(&ze->args, payload_piece(m, ZA_IMAGE_WIDTH, at, 4));
		if (s->height >= 0)
			vec_push(&ze->args, payload_piece(m, (ZeArgType)s->height, at + 4, 4));
		if (s->depth >= 0)
			vec_push(&ze->args, payload_piece(m, (ZeArgType)s->depth, at + 8, 4));
		vec_push(&ze->args, payload_piece(m, ZA_IMAGE_CHANNEL_DATA_TYPE, at + 12, 4));
		vec_push(&ze->args, payload_piece(m, ZA_IMAGE_CHANNEL_ORDER, at + 28, 4));
		e->cb_size = 32;
		e->provenance = s->height < 0 ?
			"info block: +0 image_width, +4 height 1, +8 depth 1, +12 image_channel_data_type, "
			"+16..+24 1/width 1/height 1/depth (prologue), +28 image_channel_order" :
			s->depth < 0 ? (s->layer >= 0 ?
			"info block: +0 image_width, +4 image_array_size, +8 depth 1, +12 image_channel_data_type, "
			"+16..+24 1/width 1/height 1/depth (prologue), +28 image_channel_order" :
			"info block: +0 image_width, +4 image_height, +8 depth 1, +12 image_channel_data_type, "
			"+16..+24 1/width 1/height 1/depth (prologue), +28 image_channel_order") :
			s->layer >= 0 ?
			"info block: +0 image_width, +4 image_height, +8 image_array_size, +12 image_channel_data_type, "
			"+16..+24 1/width 1/height 1/depth (prologue), +28 image_channel_order" :
			"info block: +0 image_width, +4 image_height, +8 image_depth, +12 image_channel_data_type, "
			"+16..+24 1/width 1/height 1/depth (prologue), +28 image_channel_order";
	}
}

/* ---- prologue ----------------------------------------------------------- */

/* one scalar instruction on the cb1 image: dst dword dw (type t) = op(a, b, c) */
static VInst *cb1_op(L *l, const char *op, VType t, int dw, int ns, VOpnd a, VOpnd b, VOpnd c)
{
	VInst *in = vk_emit(l->vk, op, 1, 1);
	in->nomask = 1;
	in->ops[0] = vo_dst(vk_alias(l->vk, cb1_image(l), t, 0), dw);
	in->ops[1] = a, in->ops[2] = b, in->ops[3] = c;
	in->nops = 1 + ns;
	return in;
}

static VOpnd cb1_dw(L *l, VType t, int dw)
{
	return vo_scalar(vk_alias(l->vk, cb1_image(l), t, 0), dw);
}

/* info dwords 4..6 = 1.0f / (float)dwords 0..2 (inv, then one Newton step) */
static void reciprocals(L *l, int dw)
{
	VDecl *x = vk_temp(l->vk, "IMGX", VT_F, 4), *r = vk_temp(l->vk, "IMGR", VT_F, 4),
	      *e = vk_temp(l->vk, "IMGE", VT_F, 4);
	int d;
	for (d = 0; d < 3; d++) {
		VInst *in = vk_emit(l->vk, "mov", 1, 1);
		in->nomask = 1;
		in->ops[0] = vo_dst(x, d);
		in->ops[1] = cb1_dw(l, VT_D, dw + d);
		in->nops = 2;
		in = vk_emit(l->vk, "inv", 1, 1);
		in->nomask = 1;
		in->ops[0] = vo_dst(r, d);
		in->ops[1] = vo_scalar(x, d);
		in->nops = 2;
		in = vk_emit(l->vk, "mad", 1, 1); /* e = 1 - x*r */
		in->nomask = 1;
		in->ops[0] = vo_dst(e, d);
		in->ops[1] = vo_mod(vo_scalar(x, d), VM_NEG);
		in->ops[2] = vo_scalar(r, d);
		in->ops[3] = vo_imm(0x3f800000u, VT_F);
		in->nops = 4;
		cb1_op(l, "mad", VT_F, dw + 4 + d, 3, vo_scalar(r, d), vo_scalar(e, d), vo_scalar(r, d));
	}
}

static void image_block(L *l, const MdArg *m)
{
	const Shape *s = shape_of(m);
	int dw = m->offset / 4;
	VOpnd none = {0};
	if (s->height < 0)
		cb1_op(l, "mov", VT_UD, dw + 1, 1, vo_imm(1, VT_UD), none, none);
	if (s->depth < 0)
		cb1_op(l, "mov", VT_UD, dw + 2, 1, vo_imm(1, VT_UD), none, none);
	reciprocals(l, dw);
}

/* AMD sampler bits from NEO's normalized (+4: 0 or 8) and address (+8) values */
static void sampler_dword(L *l, const MdArg *m)
{
	int dw = m->offset / 4;
	VDecl *t = vk_temp(l->vk, "SMPB", VT_UD, 2);
	VOpnd none = {0};
	VInst *in = vk_emit(l->vk, "shl", 1, 1);
	in->nomask = 1;
	in->ops[0] = vo_dst(t, 0);
	in->ops[1] = cb1_dw(l, VT_UD, dw + 2);
	in->ops[2] = vo_imm(2, VT_UD);
	in->nops = 3;
	in = vk_emit(l->vk, "shr", 1, 1);
	in->nomask = 1;
	in->ops[0] = vo_dst(t, 0);
	in->ops[1] = vo_imm(NEO_ADDR_TO_AMD, VT_UD);
	in->ops[2] = vo_scalar(t, 0);
	in->nops = 3;
	in = vk_emit(l->vk, "shr", 1, 1);
	in->nomask = 1;
	in->ops[0] = vo_dst(t, 1);
	in->ops[1] = cb1_dw(l, VT_UD, dw + 1);
	in->ops[2] = vo_imm(3, VT_UD);
	in->nops = 3;
	cb1_op(l, "and", VT_UD, dw, 2, vo_scalar(t, 0), vo_imm(AS_ADDR_MASK, VT_UD), none);
	in = vk_emit(l->vk, "and", 1, 1);
	in->nomask = 1;
	in->ops[0] = vo_dst(t, 1);
	in->ops[1] = vo_scalar(t, 1);
	in->ops[2] = vo_imm(AS_NORMALIZED, VT_UD);
	in->nops = 3;
	cb1_op(l, "or", VT_UD, dw, 2, cb1_dw(l, VT_UD, dw), vo_scalar(t, 1), none);
}

/* A kernel-defined sampler as ze_info states it. */
static void inline_sampler(L *l, const MdSampler *s)
{
	static const char *const addr[] = {"none", "repeat", "clamp_edge", "clamp_border", "mirror"};
	ZeInlineSampler *z;
	unsigned a = (unsigned)(s->value & AS_ADDR_MASK) >> 1;
	if (l->ze->n_inline_samplers >= ZE_MAX_INLINE_SAMPLERS) {
		lerr(l, s->loc, "more than %d kernel-defined samplers", ZE_MAX_INLINE_SAMPLERS);
		return;
	}
	if (a >= NELEM(addr) || (s->value & ~0x3fLL) ||
	    (s->value & (AS_FILTER_NEAREST | AS_FILTER_LINEAR)) == (AS_FILTER_NEAREST | AS_FILTER_LINEAR)) {
		lerr(l, s->loc, "kernel-defined sampler %d has bits 0x%llx, which are no AMD sampler "
		     "(normalized 0x1, address 0x2/0x4/0x6/0x8, filter 0x10/0x20)", s->id, s->value);
		return;
	}
	z = &l->ze->inline_samplers[l->ze->n_inline_samplers++];
	z->index = s->id;
	z->addrmode = addr[a];
	z->filtermode = s->value & AS_FILTER_LINEAR ? "linear" : "nearest";
	z->normalized = (int)(s->value & AS_NORMALIZED);
	z->amd_value = (uint32_t)s->value;
}

void image_prologue(L *l)
{
	size_t i;
	for (i = 0; i < l->k->md->samplers.n; i++)
		if (l->k->md->samplers.v[i].location == 1)
			inline_sampler(l, &l->k->md->samplers.v[i]);
	for (i = 0; i < l->k->md->args.n; i++) {
		const MdArg *m = &l->k->md->args.v[i];
		if (m->kind == MA_IMAGE)
			image_block(l, m);
		else if (m->kind == MA_SAMPLER)
			sampler_dword(l, m);
	}
}

/* ---- instructions ------------------------------------------------------- */

static VDecl *bind(L *l, VDecl **var, VDeclKind kind, const char *name, int value)
{
	VInst *in;
	if (!*var) {
		*var = vk_decl(l->vk, name, VT_UD, 1, 4);
		(*var)->kind = kind;
	}
	in = vk_emit(l->vk, "movs", 1, 1);
	in->nomask = 1;
	in->ops[0] = vo_state(*var, 0); /* movs (M1_NM, 1) T(0) bti */
	in->ops[1] = vo_imm((uint32_t)value, VT_UD);
	in->nops = 2;
	return *var;
}

/* The image an instruction names: _resource(k)/_id(k) of a read-only image
 * (uav 0) or _id(k) of a write-only/read-write one (uav 1). */
static const MdArg *inst_image(L *l, const Inst *in, int uav)
{
	const Mod *r = il_inst_mod(in, "resource"), *id = il_inst_mod(in, "id");
	const MdArg *m;
	long long k;
	if (!r == !id || (uav && r)) {
		lerr(l, in->loc, "'%s' needs %s", il_ops[in->op].name,
		     uav ? "one _id(n) naming a write-only or read-write image" :
		           "one _resource(n) or _id(n) naming a read-only image");
		return NULL;
	}
	k = il_mod_int(r ? r : id, -1);
	if (!(m = image_by_id(l, uav, k))) {
		lerr(l, (r ? r : id)->loc, "'%s' names %s %lld, but no %s image argument of '%s' has that id",
		     il_ops[in->op].name, uav ? "UAV" : "resource", k, uav ? "write-only or read-write" : "read-only",
		     l->k->name);
		return NULL;
	}
	return m;
}

/* modifiers other than the ones an instruction takes */
static int other_mods(L *l, const Inst *in, const char *const *ok, size_t n)
{
	int i;
	size_t j;
	for (i = 0; i < in->nmods; i++) {
		for (j = 0; j < n && strcmp(in->mods[i].name, ok[j]); j++)
			;
		if (j == n) {
			lerr(l, in->mods[i].loc, "modifier '_%s' of '%s' is not supported on images",
			     in->mods[i].name, il_ops[in->op].name);
			return 1;
		}
	}
	return 0;
}

/* coordinate c of an operand into a fresh per-lane variable of type t */
static VDecl *coord(L *l, const Operand *o, int c, VType t)
{
	VDecl *v = vk_temp(l->vk, "IMC", t, l->simd);
	Val s = lsrc(l, o, c);
	alu(l, "mov", t, v, 1, &s, 0);
	return v;
}

/* the destination register and mask of a read; -1 after a diagnostic */
static int read_dst(L *l, const Inst *in, int m[4])
{
	const Operand *d = &in->ops[0];
	if (in->nops != 2) {
		lerr(l, in->loc, "'%s' takes a destination and a coordinate, found %d operands",
		     il_ops[in->op].name, in->nops);
		return -1;
	}
	if (d->file != RF_TEMP || d->has_index || il_wmask(d, m)) {
		lerr(l, d->loc, "the destination of '%s' must be a register r<n> with a write mask",
		     il_ops[in->op].name);
		return -1;
	}
	return 0;
}

/* dst.c = channel c of the per-chunk RGBA results; .0/.1 constants */
static void read_result(L *l, const Inst *in, const int m[4], VDecl *const *res)
{
	int c, h;
	for (c = 0; c < 4; c++) {
		VDecl *r = reg_comp(l, in->ops[0].num, c);
		if (m[c] == WM_ZERO || m[c] == WM_ONE) {
			Val v = val_imm(m[c] == WM_ONE ? 0x3f800000u : 0);
			alu(l, "mov", VT_UD, r, 1, &v, 0);
			continue;
		}
		if (m[c] != WM_WRITE)
			continue;
		for (h = 0; h < l->nchunks; h++) {
			VInst *mv = emit_chunk(l, "mov", h);
			mv->ops[0] = vo_dst(vk_alias(l->vk, r, VT_UD, 0), h * l->chunk);
			mv->ops[1] = vo_src(res[h], c * l->chunk);
			mv->nops = 2;
		}
	}
}

/* one sampler-engine message per chunk: sample_lz (samp >= 0) or load_lz */
static void sampler_message(L *l, const Inst *in, const MdArg *img, int samp, VDecl *const *uvr, int n)
{
	int m[4], h, c, k;
	VDecl *res[2];
	if (read_dst(l, in, m))
		return;
	for (h = 0; h < l->nchunks; h++) {
		VInst *s;
		res[h] = vk_temp(l->vk, "IMGD", VT_UD, 4 * l->chunk);
		if (samp >= 0)
			bind(l, &l->img_samp, VD_SAMPLER, "IMG_S", samp);
		bind(l, &l->img_surf, VD_SURFACE, "IMG_T", image_bti(l->k, img));
		s = emit_chunk(l, samp >= 0 ? "sample_lz.RGBA" : "load_lz.RGBA", h);
		s->ops[0] = vo_imm(0, VT_UW);
		c = 1;
		if (samp >= 0)
			s->ops[c++] = vo_surf(l->img_samp);
		s->ops[c++] = vo_surf(l->img_surf);
		s->ops[c++] = vo_raw(res[h], 0);
		for (k = 0; k < n; k++)
			s->ops[c++] = vo_raw(uvr[k], h * l->chunk * 4);
		s->nops = c;
	}
	read_result(l, in, m, res);
}

/* Scale factors taking coordinates of the instruction's coordtype to the
 * sampler state's: NULL when they agree for sure. */
static VDecl *coord_scale(L *l, const MdArg *img, const MdSampler *smp, int normalized, int ndim)
{
	int dw = img->offset / 4, d, arg = smp->location == 0, state = (int)(smp->value & AS_NORMALIZED);
	VDecl *f, *p = NULL;
	if (!arg && state == normalized)
		return NULL;
	f = vk_temp(l->vk, "IMGK", VT_F, 4);
	if (arg) {
		/* sampler_normalized (0 or 8) sits at the sampler's cb1 dword + 1 */
		const MdArg *sa = &l->k->md->args.v[smp->arg];
		VInst *in = vk_emit(l->vk, "cmp.ne", 1, 1);
		in->nomask = 1;
		p = vk_pred(l->vk);
		in->ops[0] = vo_predop(p);
		in->ops[1] = cb1_dw(l, VT_UD, sa->offset / 4 + 1);
		in->ops[2] = vo_imm(0, VT_UD);
		in->nops = 3;
	}
	for (d = 0; d < ndim; d++) {
		/* the factor when the state is the other kind than the coordinates */
		VOpnd other = normalized ? vo_scalar(f, d) : cb1_dw(l, VT_F, dw + 4 + d);
		VInst *in;
		if (normalized) { /* normalized coordinates, unnormalized state: times the size */
			in = vk_emit(l->vk, "mov", 1, 1);
			in->nomask = 1;
			in->ops[0] = vo_dst(f, d);
			in->ops[1] = cb1_dw(l, VT_D, dw + d);
			in->nops = 2;
		}
		if (!arg) {
			if (!normalized) {
				in = vk_emit(l->vk, "mov", 1, 1);
				in->nomask = 1;
				in->ops[0] = vo_dst(f, d);
				in->ops[1] = other;
				in->nops = 2;
			}
			continue;
		}
		/* the state is normalized where p holds */
		in = vk_emit(l->vk, "sel", 1, 1);
		in->nomask = 1;
		in->pred = p;
		in->ops[0] = vo_dst(f, d);
		in->ops[1] = normalized ? vo_imm(0x3f800000u, VT_F) : other;
		in->ops[2] = normalized ? other : vo_imm(0x3f800000u, VT_F);
		in->nops = 3;
	}
	return f;
}

static void lower_sample(L *l, const Inst *in)
{
	static const char *const ok[] = {"resource", "id", "sampler", "coordtype"};
	const MdArg *img;
	const MdSampler *smp;
	const Mod *sm = il_inst_mod(in, "sampler"), *ct = il_inst_mod(in, "coordtype");
	const Shape *s;
	VDecl *uvr[3], *k;
	int normalized = !ct || !ct->arg || strcmp(ct->arg, "unnormalized") != 0, c;
	if (other_mods(l, in, ok, NELEM(ok)) || !(img = inst_image(l, in, 0)))
		return;
	if (!sm) {
		lerr(l, in->loc, "'%s' needs _sampler(n)", il_ops[in->op].name);
		return;
	}
	if (!(smp = sampler_by_id(l, il_mod_int(sm, -1)))) {
		lerr(l, sm->loc, "'_sampler(%s)' names no ;sampler of '%s'", sm->arg ? sm->arg : "", l->k->name);
		return;
	}
	s = shape_of(img);
	if (s->zt == ZT_BUFFER) {
		lerr(l, in->loc, "'%s' samples 1D buffer image '%s', which cannot be sampled (OpenCL reads "
		     "image1d_buffer_t with load_resource)", il_ops[in->op].name, img->name);
		return;
	}
	if (in->nops != 2)
		return (void)read_dst(l, in, (int[4]){0});
	k = coord_scale(l, img, smp, normalized, s->layer >= 0 ? s->layer : s->ncoord);
	for (c = 0; c < s->ncoord; c++) {
		Val a[2];
		uvr[c] = coord(l, &in->ops[1], c, VT_F);
		if (c == s->layer) { /* the layer is rint(coordinate) (OpenCL) */
			a[0] = val_vec(uvr[c]);
			alu(l, "rnde", VT_F, uvr[c], 1, a, 0);
		} else if (k) {
			a[0] = val_vec(uvr[c]), a[1] = val_scalar(k, c);
			alu(l, "mul", VT_F, uvr[c], 2, a, 0);
		}
	}
	sampler_message(l, in, img, smp->id, uvr, s->ncoord);
}

/* load_resource(k)/load_id(k) and uav_load_id(k): integer coordinates */
static void lower_load(L *l, const Inst *in, int uav)
{
	static const char *const ok[] = {"resource", "id"};
	const MdArg *img;
	const Shape *s;
	VDecl *uvr[3];
	int c;
	if (other_mods(l, in, ok, NELEM(ok)) || !(img = inst_image(l, in, uav)))
		return;
	if (in->nops != 2)
		return (void)read_dst(l, in, (int[4]){0});
	s = shape_of(img);
	for (c = 0; c < s->ncoord; c++)
		uvr[c] = coord(l, &in->ops[1], c, VT_D);
	sampler_message(l, in, img, -1, uvr, s->ncoord);
}

/* uav_store_id(k) coord, data: typed writes of 8 lanes */
static void lower_store(L *l, const Inst *in)
{
	static const char *const ok[] = {"id"};
	const MdArg *img;
	const Shape *s;
	VDecl *uvr[3], *data[4], *null = vk_predefined(l->vk, "%null", VT_UD);
	int c, q;
	if (other_mods(l, in, ok, NELEM(ok)) || !(img = inst_image(l, in, 1)))
		return;
	if (in->nops != 2 || in->ops[0].file == RF_MEM) {
		lerr(l, in->loc, "'%s' takes a coordinate and a value, found %d operands", il_ops[in->op].name,
		     in->nops);
		return;
	}
	s = shape_of(img);
	for (c = 0; c < 3; c++)
		uvr[c] = c < s->ncoord ? coord(l, &in->ops[0], c, VT_D) : NULL;
	for (c = 0; c < 4; c++) {
		Val v = lsrc(l, &in->ops[1], c);
		if (v.neg || v.abs) {
			lerr(l, in->ops[1].loc, "source modifiers on the value of '%s' are not supported",
			     il_ops[in->op].name);
			return;
		}
		data[c] = vk_temp(l->vk, "IMW", VT_UD, l->simd);
		alu(l, "mov", VT_UD, data[c], 1, &v, 0);
	}
	for (q = 0; q < l->simd / 8; q++) {
		VDecl *d = vk_temp(l->vk, "IMWD", VT_UD, 32);
		VInst *w;
		for (c = 0; c < 4; c++) {
			VInst *mv = vk_emit(l->vk, "mov", 8, 1 + 2 * q);
			mv->ops[0] = vo_dst(d, 8 * c);
			mv->ops[1] = vo_src(data[c], 8 * q);
			mv->nops = 2;
		}
		bind(l, &l->img_surf, VD_SURFACE, "IMG_T", image_bti(l->k, img));
		w = vk_emit(l->vk, "scatter4_typed.RGBA", 8, 1 + 2 * q);
		w->ops[0] = vo_surf(l->img_surf);
		for (c = 0; c < 3; c++)
			w->ops[1 + c] = uvr[c] ? vo_raw(uvr[c], 32 * q) : vo_raw(null, 0);
		w->ops[4] = vo_raw(null, 0); /* lod */
		w->ops[5] = vo_raw(d, 0);
		w->nops = 6;
	}
	l->stores++;
}

/* dcl_resource_id(k)_type(t) / dcl_uav_id(k) / dcl_typed_uav_id(k): an image
 * argument of that id and dimension must exist */
static void lower_image_dcl(L *l, const Inst *in)
{
	const Mod *id = il_inst_mod(in, "id"), *ty = il_inst_mod(in, "type");
	int uav = in->op != OP_DCL_RESOURCE;
	const MdArg *m;
	if (!id || !id->arg) {
		lerr(l, in->loc, "'%s' needs _id(n)", il_ops[in->op].name);
		return;
	}
	if (!(m = image_by_id(l, uav, il_mod_int(id, -1)))) {
		lerr(l, id->loc, "'%s' declares %s %s, but no %s image argument of '%s' has that id",
		     il_ops[in->op].name, uav ? "UAV" : "resource", id->arg,
		     uav ? "write-only or read-write" : "read-only", l->k->name);
		return;
	}
	if (ty && ty->arg && strcmp(ty->arg, shape_of(m)->dcl))
		lerr(l, ty->loc, "'%s' declares type '%s', but image '%s' is %s ('%s')", il_ops[in->op].name,
		     ty->arg, m->name, m->dim, shape_of(m)->dcl);
}

int image_lowers(Opcode op)
{
	return op == OP_DCL_RESOURCE || op == OP_DCL_UAV || op == OP_DCL_TYPED_UAV || op == OP_SAMPLE ||
	       op == OP_LOAD || op == OP_UAV_LOAD || op == OP_UAV_STORE;
}

int lower_image(L *l, const Inst *in)
{
	if (!l->o->plat->sampler && image_inst(in->op)) {
		/* images are read through the sampler (load_lz too); typed writes
		 * would be LSC typed messages there, not lowered */
		Buf d = {0};
		platforms_sampler(&d);
		if (in->op == OP_UAV_STORE)
			lerr(l, in->loc, "'%s': device '%s' has no sampler and typed image writes in LSC form "
			     "(lsc_store_quad.tgm) are not lowered; image kernels run on %s", il_ops[in->op].name,
			     l->o->plat->name, d.s ? d.s : "no device");
		else
			lerr(l, in->loc, "'%s': device '%s' has no sampler, which image reads (sample, load) "
			     "need; image kernels run on %s", il_ops[in->op].name, l->o->plat->name,
			     d.s ? d.s : "no device");
		buf_free(&d);
		return 1;
	}
	switch (in->op) {
	case OP_DCL_RESOURCE:
	case OP_DCL_UAV:
	case OP_DCL_TYPED_UAV:
		lower_image_dcl(l, in);
		return 1;
	case OP_SAMPLE:
		lower_sample(l, in);
		return 1;
	case OP_LOAD:
		lower_load(l, in, 0);
		return 1;
	case OP_UAV_LOAD:
		lower_load(l, in, 1);
		return 1;
	case OP_UAV_STORE:
		lower_store(l, in);
		return 1;
	case OP_SAMPLE_L: case OP_SAMPLE_B: case OP_SAMPLE_G: case OP_LOD:
		lerr(l, in->loc, "'%s' (explicit level of detail or gradients: mipmapped images, "
		     "cl_khr_mipmap_image) is not supported; images are read at level 0 (sample, load)",
		     il_ops[in->op].name);
		return 1;
	case OP_SAMPLE_C: case OP_SAMPLE_C_LZ: case OP_SAMPLE_C_L: case OP_SAMPLE_C_B: case OP_SAMPLE_C_G:
	case OP_FETCH4: case OP_FETCH4_C: case OP_FETCH4PO: case OP_FETCH4PO_C: case OP_GATHER4:
		lerr(l, in->loc, "'%s' (depth comparison or four-texel gather) is not supported; OpenCL 1.x "
		     "images are read with sample and load", il_ops[in->op].name);
		return 1;
	case OP_RESINFO: case OP_BUFINFO:
		lerr(l, in->loc, "'%s' is not supported: OpenCL image queries read the image's 32-byte info "
		     "block in cb1", il_ops[in->op].name);
		return 1;
	default:
		return 0;
	}
}
