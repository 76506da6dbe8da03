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
 * sample_l/_b/_g are sample: an OpenCL image has one mip level, so any LOD
 * clamps to level 0, and an OpenCL sampler has one filter for minification
 * and magnification (docs/design.md, "The sampler family"); resinfo reads
 * the info block; dcl_sampler names a ;sampler line.
 *
 * Instructions (vISA as IGC writes it): sample -> sample_lz, load/uav_load ->
 * load_lz (both in pieces of at most 16 lanes), uav_store -> scatter4_typed
 * (8 lanes), or lsc_store_quad.tgm with LSC messages.  Without a sampler
 * (pvc) reads are lsc_load_quad.tgm and sample is done in software
 * (soft_sample below; docs/design.md "Images on PVC").  AMD's coordtype is the instruction's, Intel's normalization
 * the sampler state's: when they can differ the coordinates are scaled by
 * 1/size or size from the info block (for a sampler argument, chosen at run
 * time from sampler_normalized).
 */
#include <stdlib.h>
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

/* _aoffimmi(u,v,w) of a sample: integer texel offsets (-8..7, D3D10's
 * immediate offsets; CAL programs such as Oberon A2's read neighbours with
 * them) into off[]; -1 after a diagnostic.  An offset is in texels, so the
 * instruction's coordinates must be texel coordinates: with them, texel
 * floor(u) + o is texel floor(u + o) exactly. */
static int sample_offsets(L *l, const Inst *in, int normalized, int off[3])
{
	const Mod *m = il_inst_mod(in, "aoffimmi");
	const char *p;
	char *end;
	int k;
	off[0] = off[1] = off[2] = 0;
	if (!m)
		return 0;
	for (k = 0, p = m->arg ? m->arg : ""; k < 3; k++, p = end + 1) {
		double v = strtod(p, &end); /* AMD-SPL writes them as 0.0 */
		if (end == p || !(v >= -8 && v <= 7) || v != (int)v || *end != (k < 2 ? ',' : '\0')) {
			lerr(l, m->loc, "'_aoffimmi(%s)' needs three whole texel offsets in -8..7", m->arg ? m->arg : "");
			return -1;
		}
		off[k] = (int)v;
	}
	if (normalized && (off[0] || off[1] || off[2])) {
		lerr(l, m->loc, "'_aoffimmi' with normalized coordinates is not supported: the offset is in "
		     "texels, a coordinate's 1/size each (unnormalized resources take it)");
		return -1;
	}
	return 0;
}

/* coordinate c of a sample, plus its texel offset */
static VDecl *sample_coord(L *l, const Inst *in, int c, const int off[3])
{
	VDecl *v = coord(l, &in->ops[1], c, VT_F);
	if (c < 3 && off[c]) {
		float f = (float)off[c];
		uint32_t u;
		Val a[2];
		memcpy(&u, &f, 4);
		a[0] = val_vec(v), a[1] = val_imm(u);
		alu(l, "add", VT_F, v, 2, a, 0);
	}
	return v;
}

/* sources an image read takes after its destination: the coordinate, then
 * sample_l's level of detail and sample_b's bias (.x) or sample_g's two
 * gradients; resinfo's one source is the mip level */
static int read_srcs(Opcode op)
{
	return op == OP_SAMPLE_L || op == OP_SAMPLE_B ? 2 : op == OP_SAMPLE_G ? 3 : 1;
}

/* the destination register and mask of a read; -1 after a diagnostic */
static int read_dst(L *l, const Inst *in, int m[4])
{
	const Operand *d = &in->ops[0];
	if (in->nops != 1 + read_srcs(in->op)) {
		lerr(l, in->loc, "'%s' takes a destination and %s, found %d operands", il_ops[in->op].name,
		     in->op == OP_SAMPLE_L ? "a coordinate and a level of detail" :
		     in->op == OP_SAMPLE_B ? "a coordinate and a bias" :
		     in->op == OP_SAMPLE_G ? "a coordinate and two gradients" :
		     in->op == OP_RESINFO ? "a mip level" : "a coordinate", in->nops);
		return -1;
	}
	if (d->file == RF_VOUTPUT && l->k->ps && !il_wmask(d, m)) /* a CAL pixel shader's render target */
		return ps_output_dst(l, d);
	if (d->file != RF_TEMP || d->has_index || il_wmask(d, m)) {
		lerr(l, d->loc, "the destination of '%s' must be a register r<n> with a write mask",
		     il_ops[in->op].name);
		return -1;
	}
	return 0;
}

/* component c of a read's destination: r<n>, or render target o<n> */
static VDecl *dst_comp(L *l, const Inst *in, int c)
{
	if (in->ops[0].file == RF_VOUTPUT)
		return ps_out_reg(l, (int)in->ops[0].num, c);
	return reg_comp(l, in->ops[0].num, c);
}

/* dst.c = channel c of the per-chunk RGBA results; .0/.1 constants */
static void read_result(L *l, const Inst *in, const int m[4], VDecl *const *res)
{
	int c, h;
	for (c = 0; c < 4; c++) {
		VDecl *r = dst_comp(l, in, c);
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

/* ---- typed messages in LSC form and the sampler in software ------------
 *
 * With LSC messages (pvc; --messages lsc) typed writes are
 * lsc_store_quad.tgm, and on a device without a sampler (pvc) reads are
 * lsc_load_quad.tgm: RGBA of the texel at integer coordinates, converted
 * from the surface format as a typed read does, 0 in every channel outside
 * the image.  Sampling is then OpenCL 1.2's section 8.2 in ALU code on
 * such reads: the coordinates as the instruction's coordtype says (as
 * AMD's texture unit takes them), the addressing and filter of a
 * kernel-defined sampler, the border colour from the image's channel
 * order and data type at run time.  Linear filtering weighs the corners
 * in the order of emu_image.c (weights multiplied axis by axis, corners
 * added to +0.0 one after another). */

enum {
	CL_ORDER_R = 0x10B0,          /* the first channel order */
	CL_ORDERS_ALPHA = 0xE01EA,    /* bit (order - CL_R): A RA RGBA BGRA ARGB INTENSITY sRGBA sBGRA ABGR */
	CL_TYPE_SINT8 = 0x10D7,       /* CL_SIGNED_INT8 .. CL_UNSIGNED_INT32: integer data */
};

/* one lane-wise temporary of type t = op(a[, b]) in type t */
static Val sw_op(L *l, const char *op, VType t, Val a, Val b, int ns)
{
	VDecl *d = vk_temp(l->vk, "IMS", t, l->simd);
	Val s[2] = {a, b};
	alu(l, op, t, d, ns, s, 0);
	return val_vec(d);
}

/* a conversion: a (type from) as type to */
static Val sw_cvt(L *l, VType to, VType from, Val a)
{
	VDecl *d = vk_temp(l->vk, "IMS", to, l->simd);
	int h;
	for (h = 0; h < l->nchunks; h++) {
		VInst *in = emit_chunk(l, "mov", h);
		in->ops[0] = vo_dst(d, h * l->chunk);
		in->ops[1] = opnd(l, a, from, h);
		in->nops = 2;
	}
	return val_vec(d);
}

static Val sw_sel(L *l, VDecl *p, Val a, Val b)
{
	VDecl *d = vk_temp(l->vk, "IMS", VT_UD, l->simd);
	lower_select(l, p, 0, d, VT_UD, a, b);
	return val_vec(d);
}

/* info block dword d of an image */
static Val info(L *l, const MdArg *m, int d)
{
	return val_scalar(cb1_image(l), m->offset / 4 + d);
}

/* chunk h of a typed read at integer coordinates c[0..n-1]: RGBA planes */
static VDecl *tgm_load(L *l, const MdArg *img, VDecl *const *c, int n, int h)
{
	VDecl *res = vk_temp(l->vk, "IMGD", VT_UD, 4 * l->chunk);
	VInst *in = emit_chunk(l, "lsc_load_quad.tgm", h);
	in->ops[0] = vo_lsc_data(res, 0, "d32.xyzw");
	in->ops[1] = vo_lsc_tgm(image_bti(l->k, img), c, n, h * l->chunk * 4);
	in->nops = 2;
	return res;
}

/* typed writes of data[0..3] (per-lane channels) at c[0..n-1] */
static void tgm_store(L *l, const MdArg *img, VDecl *const *c, int n, VDecl *const *data)
{
	int h, ch;
	for (h = 0; h < l->nchunks; h++) {
		VDecl *d = vk_temp(l->vk, "IMWD", VT_UD, 4 * l->chunk);
		VInst *w;
		for (ch = 0; ch < 4; ch++) {
			VInst *mv = emit_chunk(l, "mov", h);
			mv->ops[0] = vo_dst(d, ch * l->chunk);
			mv->ops[1] = vo_src(data[ch], h * l->chunk);
			mv->nops = 2;
		}
		w = emit_chunk(l, "lsc_store_quad.tgm", h);
		w->ops[0] = vo_lsc_tgm(image_bti(l->k, img), c, n, h * l->chunk * 4);
		w->ops[1] = vo_lsc_data(d, 0, "d32.xyzw");
		w->nops = 2;
	}
}

/* i clamped to [lo, hi] (integers) */
static Val sw_clamp(L *l, Val i, Val lo, Val hi)
{
	return sw_op(l, "max", VT_D, sw_op(l, "min", VT_D, i, hi, 2), lo, 2);
}

/* 1 where index i is outside [0, n) (as an integer flag), for the border */
static Val sw_outside(L *l, Val i, Val n)
{
	VDecl *p = compare(l, "ge", VT_UD, i, n);
	return sw_sel(l, p, val_imm(1), val_imm(0));
}

/* one axis: texel index (nearest: i[0]; linear: i[0] i[1] and the weight
 * w of i[1]) and border flags b[] (0/1, NULL-kind imm 0 when none) of
 * coordinate x on an axis of n texels (n an int Val) */
static void sw_axis(L *l, int addr, int norm, int linear, Val x, Val n, Val i[2], Val b[2], Val *w)
{
	Val nf = sw_cvt(l, VT_F, VT_D, n), nm1 = sw_op(l, "add", VT_D, n, val_imm(0xffffffffu), 2), u, f;
	int k, cnt = linear ? 2 : 1;
	if (addr == AS_ADDR_REPEAT) {
		Val fl = sw_op(l, "rndd", VT_F, x, x, 1);
		fl.neg = 1;
		u = sw_op(l, "mul", VT_F, sw_op(l, "add", VT_F, x, fl, 2), nf, 2);
	} else if (addr == AS_ADDR_MIRRORED) {
		Val r = sw_op(l, "rnde", VT_F, sw_op(l, "mul", VT_F, x, val_imm(0x3f000000u), 2), x, 1);
		Val t = sw_op(l, "mul", VT_F, r, val_imm(0x40000000u), 2), d;
		t.neg = 1;
		d = sw_op(l, "add", VT_F, x, t, 2);
		d.abs = 1;
		u = sw_op(l, "mul", VT_F, d, nf, 2);
	} else {
		u = norm ? sw_op(l, "mul", VT_F, x, nf, 2) : x;
	}
	if (linear)
		u = sw_op(l, "add", VT_F, u, val_imm(0xbf000000u), 2); /* u - 0.5 */
	f = sw_op(l, "rndd", VT_F, u, u, 1);
	i[0] = sw_cvt(l, VT_D, VT_F, f);
	if (linear) {
		Val nf2 = f;
		nf2.neg = 1;
		*w = sw_op(l, "add", VT_F, u, nf2, 2);
		i[1] = sw_op(l, "add", VT_D, i[0], val_imm(1), 2);
	}
	for (k = 0; k < cnt; k++) {
		b[k] = val_imm(0);
		switch (addr) {
		case AS_ADDR_REPEAT: {
			Val v = i[k], vm = sw_op(l, "add", VT_D, v, n, 2), vp = n;
			vp.neg = 1;
			vp = sw_op(l, "add", VT_D, v, vp, 2);
			if (linear) /* below 0: + n */
				v = sw_sel(l, compare(l, "lt", VT_D, v, val_imm(0)), vm, v);
			i[k] = sw_sel(l, compare(l, "gt", VT_D, i[k], nm1), vp, v);
			break;
		}
		case AS_ADDR_MIRRORED:
			i[k] = linear ? sw_clamp(l, i[k], val_imm(0), nm1) : sw_op(l, "min", VT_D, i[k], nm1, 2);
			break;
		case AS_ADDR_CLAMP_TO_EDGE:
			i[k] = sw_clamp(l, i[k], val_imm(0), nm1);
			break;
		default: /* clamp (and none, undefined outside): the border colour */
			b[k] = sw_outside(l, i[k], n);
		}
	}
}

/* the texel at per-lane indices ix[] (+ layer), border where bflag != 0:
 * four per-lane channels */
static void sw_texel(L *l, const MdArg *img, int na, VDecl *const *ix, VDecl *layer, Val bflag,
                     Val alpha, VDecl *out[4])
{
	VDecl *c[3], *res[2], *p = NULL;
	int n = 0, h, ch;
	for (h = 0; h < na; h++)
		c[n++] = ix[h];
	if (layer)
		c[n++] = layer;
	for (h = 0; h < l->nchunks; h++)
		res[h] = tgm_load(l, img, c, n, h);
	if (bflag.kind != V_IMM)
		p = compare(l, "ne", VT_UD, bflag, val_imm(0));
	for (ch = 0; ch < 4; ch++) {
		out[ch] = vk_temp(l->vk, "IMT", VT_UD, l->simd);
		for (h = 0; h < l->nchunks; h++) {
			VInst *mv = emit_chunk(l, "mov", h);
			mv->ops[0] = vo_dst(out[ch], h * l->chunk);
			mv->ops[1] = vo_src(res[h], ch * l->chunk);
			mv->nops = 2;
		}
		if (p)
			lower_select(l, p, 0, out[ch], VT_UD, ch == 3 ? alpha : val_imm(0), val_vec(out[ch]));
	}
}

/* per-lane VDecl of a Val (the index operands of a message are variables) */
static VDecl *sw_var(L *l, Val v)
{
	if (v.kind == V_VEC && !v.neg && !v.abs)
		return v.var;
	return sw_op(l, "mov", VT_UD, v, v, 1).var;
}

/* dst.c = ch[c] for the written channels; .0/.1 constants */
static void sw_result(L *l, const Inst *in, const int m[4], VDecl *const *ch)
{
	int c;
	for (c = 0; c < 4; c++) {
		VDecl *r = dst_comp(l, in, c);
		Val v = m[c] == WM_ONE ? val_imm(0x3f800000u) : m[c] == WM_ZERO ? val_imm(0) : val_vec(ch[c]);
		if (m[c] == WM_WRITE || m[c] == WM_ONE || m[c] == WM_ZERO)
			alu(l, "mov", VT_UD, r, 1, &v, 0);
	}
}

/* sample through a kernel-defined sampler without a sampler engine */
static void soft_sample(L *l, const Inst *in, const MdArg *img, const MdSampler *smp, int normalized,
                        const int off[3])
{
	const Shape *s = shape_of(img);
	int m[4], na = s->layer >= 0 ? s->layer : s->ncoord, a, k, ch;
	int addr = (int)(smp->value & AS_ADDR_MASK), linear = (smp->value & AS_FILTER_LINEAR) != 0;
	Val idx[3][2], bor[3][2], w[3], one, alpha, t;
	VDecl *layer = NULL, *acc[4], *ix[3];
	if (read_dst(l, in, m))
		return;
	if (smp->location == 0) {
		lerr(l, in->loc, "'%s' through sampler argument '%s': device '%s' has no sampler, and its "
		     "software sampling needs the filter mode, which Level Zero does not pass to the kernel "
		     "(sampler_address, sampler_normalized and sampler_snap_wa only); a kernel-defined "
		     "sampler works", il_ops[in->op].name, l->k->md->args.v[smp->arg].name, l->o->plat->name);
		return;
	}
	/* the border colour's alpha: 0 with alpha in the order, else 1 (1.0f
	 * for float and normalized data, 1 for integer data) */
	t = sw_op(l, "add", VT_UD, info(l, img, 3), val_imm(0u - CL_TYPE_SINT8), 2);
	one = sw_sel(l, compare(l, "le", VT_UD, t, val_imm(5)), val_imm(1), val_imm(0x3f800000u));
	t = sw_op(l, "add", VT_UD, info(l, img, 7), val_imm(0u - CL_ORDER_R), 2);
	t = sw_op(l, "shr", VT_UD, val_imm(CL_ORDERS_ALPHA), t, 2);
	t = sw_op(l, "and", VT_UD, t, val_imm(1), 2);
	alpha = sw_sel(l, compare(l, "ne", VT_UD, t, val_imm(0)), val_imm(0), one);
	for (a = 0; a < na; a++) {
		Val x = val_vec(sample_coord(l, in, a, off));
		sw_axis(l, addr, normalized, linear, x, info(l, img, a), idx[a], bor[a], &w[a]);
	}
	if (s->layer >= 0) { /* clamp(rint(coordinate), 0, layers - 1) */
		Val r = sw_op(l, "rnde", VT_F, val_vec(coord(l, &in->ops[1], s->layer, VT_F)), val_imm(0), 1);
		Val n = info(l, img, s->layer);
		r = sw_cvt(l, VT_D, VT_F, r);
		layer = sw_var(l, sw_clamp(l, r, val_imm(0), sw_op(l, "add", VT_D, n, val_imm(0xffffffffu), 2)));
	}
	if (!linear) {
		Val b = val_imm(0);
		VDecl *out[4];
		for (a = 0; a < na; a++) {
			ix[a] = sw_var(l, idx[a][0]);
			if (bor[a][0].kind != V_IMM)
				b = b.kind == V_IMM ? bor[a][0] : sw_op(l, "or", VT_UD, b, bor[a][0], 2);
		}
		sw_texel(l, img, na, ix, layer, b, alpha, out);
		sw_result(l, in, m, out);
		return;
	}
	for (ch = 0; ch < 4; ch++) {
		Val z = val_imm(0);
		acc[ch] = vk_temp(l->vk, "IMA", VT_F, l->simd);
		alu(l, "mov", VT_UD, acc[ch], 1, &z, 0);
	}
	for (k = 0; k < 1 << na; k++) { /* corner k: bit a picks i[1] on axis a */
		Val b = val_imm(0), wt = val_imm(0);
		VDecl *out[4];
		for (a = 0; a < na; a++) {
			int hi = k >> a & 1;
			Val wa = w[a];
			ix[a] = sw_var(l, idx[a][hi]);
			if (bor[a][hi].kind != V_IMM)
				b = b.kind == V_IMM ? bor[a][hi] : sw_op(l, "or", VT_UD, b, bor[a][hi], 2);
			if (!hi) { /* 1 - w */
				wa.neg = 1;
				wa = sw_op(l, "add", VT_F, wa, val_imm(0x3f800000u), 2);
			}
			wt = a ? sw_op(l, "mul", VT_F, wt, wa, 2) : wa; /* 1.0f * w' is w' */
		}
		sw_texel(l, img, na, ix, layer, b, alpha, out);
		for (ch = 0; ch < 4; ch++) {
			Val p = sw_op(l, "mul", VT_F, wt, val_vec(out[ch]), 2), s2[2] = {val_vec(acc[ch]), p};
			alu(l, "add", VT_F, acc[ch], 2, s2, 0);
		}
	}
	sw_result(l, in, m, acc);
}

static void lower_sample(L *l, const Inst *in)
{
	static const char *const ok[] = {"resource", "id", "sampler", "coordtype", "aoffimmi"};
	const MdArg *img;
	const MdSampler *smp;
	int off[3];
	const Mod *sm = il_inst_mod(in, "sampler"), *ct = il_inst_mod(in, "coordtype");
	const Shape *s;
	VDecl *uvr[3], *k;
	int normalized = !ct || !ct->arg || strcmp(ct->arg, "unnormalized") != 0, c;
	if (other_mods(l, in, ok, NELEM(ok)) || !(img = inst_image(l, in, 0)))
		return;
	if (!ct && img->unnorm) /* CAL: the resource's declaration says (_type(2d,unnorm)) */
		normalized = 0;
	if (sample_offsets(l, in, normalized, off))
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
	if (in->nops != 1 + read_srcs(in->op))
		return (void)read_dst(l, in, (int[4]){0});
	for (c = 2; c < in->nops; c++) /* level, bias, gradients: read for their checks only */
		(void)lsrc(l, &in->ops[c], 0);
	if (!l->o->plat->sampler) {
		soft_sample(l, in, img, smp, normalized, off);
		return;
	}
	k = coord_scale(l, img, smp, normalized, s->layer >= 0 ? s->layer : s->ncoord);
	for (c = 0; c < s->ncoord; c++) {
		Val a[2];
		uvr[c] = c == s->layer ? coord(l, &in->ops[1], c, VT_F) : sample_coord(l, in, c, off);
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

/* resinfo_resource(k)[_uint] dst, level: the size of mip level level.x
 * (an integer) of a read-only image, as D3D's resinfo (and GRVK's reading
 * of AMD's) has it: x width, y height (1-D array: layers), z depth (2-D
 * array: layers), unused dimensions 0, w the level count - 1 for every
 * OpenCL image; a level past the last gives 0 0 0 and the count.  Floats,
 * integers with _uint.  The sizes are the info block's first three dwords
 * (AMD keeps the layers where resinfo wants them). */
static void lower_resinfo(L *l, const Inst *in)
{
	static const char *const ok[] = {"resource", "id", "uint"};
	const MdArg *img;
	const Shape *s;
	int m[4], c, asint = il_inst_mod(in, "uint") != NULL;
	Val v[4];
	VDecl *p;
	if (other_mods(l, in, ok, NELEM(ok)) || !(img = inst_image(l, in, 0)) || read_dst(l, in, m))
		return;
	s = shape_of(img);
	if (s->zt == ZT_BUFFER) {
		lerr(l, in->loc, "'resinfo' of 1D buffer image '%s': a buffer has no texture size (D3D leaves "
		     "it undefined); OpenCL's get_image_width reads the info block in cb1", img->name);
		return;
	}
	p = compare(l, "eq", VT_UD, lsrc(l, &in->ops[1], 0), val_imm(0));
	for (c = 0; c < 4; c++) { /* every value before the first write (dst may be the source) */
		if (c == 3)
			v[c] = val_imm(asint ? 1 : 0x3f800000u);
		else if (c >= s->ncoord || m[c] != WM_WRITE)
			v[c] = val_imm(0);
		else
			v[c] = sw_sel(l, p, asint ? info(l, img, c) : sw_cvt(l, VT_F, VT_UD, info(l, img, c)),
			              val_imm(0));
	}
	for (c = 0; c < 4; c++) {
		Val k = m[c] == WM_ONE ? val_imm(0x3f800000u) : m[c] == WM_ZERO ? val_imm(0) : v[c];
		if (m[c] == WM_WRITE || m[c] == WM_ONE || m[c] == WM_ZERO)
			alu(l, "mov", VT_UD, dst_comp(l, in, c), 1, &k, 0);
	}
}

/* dcl_sampler_id(n): sampler n, which a ;sampler line of the kernel must
 * give (the state comes from there: AMD's OpenCL compiler never declares
 * samplers, its runtime binds them by the metadata) */
static void lower_sampler_dcl(L *l, const Inst *in)
{
	static const char *const ok[] = {"id"};
	const Mod *id = il_inst_mod(in, "id");
	if (other_mods(l, in, ok, NELEM(ok)))
		return;
	if (!id || !id->arg || in->nops) {
		lerr(l, in->loc, "'dcl_sampler' takes _id(n) and no operand");
		return;
	}
	if (!sampler_by_id(l, il_mod_int(id, -1)))
		lerr(l, id->loc, "'dcl_sampler' declares sampler %s, but no ;sampler of '%s' has that id", id->arg,
		     l->k->name);
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
	if (!l->o->plat->sampler) {
		int m[4];
		VDecl *res[2];
		if (read_dst(l, in, m))
			return;
		for (c = 0; c < l->nchunks; c++)
			res[c] = tgm_load(l, img, uvr, s->ncoord, c);
		read_result(l, in, m, res);
		return;
	}
	sampler_message(l, in, img, -1, uvr, s->ncoord);
}

/* uav_store_id(k) coord, data: typed writes of 8 lanes */
static void lower_store(L *l, const Inst *in)
{
	static const char *const ok[] = {"id"};
	const MdArg *img;
	const Shape *s;
	VDecl *uvr[3], *data[4];
	int c;
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
	image_write(l, img, uvr, data);
}

void image_write(L *l, const MdArg *img, VDecl *const uvr[3], VDecl *const data[4])
{
	VDecl *null = vk_predefined(l->vk, "%null", VT_UD);
	int c, q;
	if (l->lsc) {
		tgm_store(l, img, uvr, shape_of(img)->ncoord, data);
		l->stores++;
		return;
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
	if (ty && ty->arg && strcmp(ty->arg, shape_of(m)->dcl) &&
	    !(l->k->derived && m->unnorm && !strncmp(ty->arg, shape_of(m)->dcl, strlen(shape_of(m)->dcl)) &&
	      !strcmp(ty->arg + strlen(shape_of(m)->dcl), ",unnorm")))
		lerr(l, ty->loc, "'%s' declares type '%s', but image '%s' is %s ('%s')", il_ops[in->op].name,
		     ty->arg, m->name, m->dim, shape_of(m)->dcl);
}

int image_lowers(Opcode op)
{
	return op == OP_DCL_RESOURCE || op == OP_DCL_UAV || op == OP_DCL_TYPED_UAV || op == OP_DCL_SAMPLER ||
	       op == OP_SAMPLE || op == OP_SAMPLE_L || op == OP_SAMPLE_B || op == OP_SAMPLE_G || op == OP_LOAD ||
	       op == OP_UAV_LOAD || op == OP_UAV_STORE || op == OP_RESINFO;
}

int lower_image(L *l, const Inst *in)
{
	switch (in->op) {
	case OP_DCL_RESOURCE:
	case OP_DCL_UAV:
	case OP_DCL_TYPED_UAV:
		lower_image_dcl(l, in);
		return 1;
	case OP_DCL_SAMPLER:
		lower_sampler_dcl(l, in);
		return 1;
	case OP_SAMPLE: case OP_SAMPLE_L: case OP_SAMPLE_B: case OP_SAMPLE_G:
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
	case OP_RESINFO:
		lower_resinfo(l, in);
		return 1;
	case OP_LOD: case OP_SAMPLE_C: case OP_SAMPLE_C_LZ: case OP_SAMPLE_C_L: case OP_SAMPLE_C_B:
	case OP_SAMPLE_C_G: case OP_FETCH4: case OP_FETCH4_C: case OP_FETCH4PO: case OP_FETCH4PO_C:
	case OP_GATHER4:
		lerr(l, in->loc, "'%s' is not supported: %s", il_ops[in->op].name,
		     isa_refusal(in->op) ? isa_refusal(in->op) : isa_undocumented(in->op));
		return 1;
	case OP_BUFINFO:
		lerr(l, in->loc, "'%s' is not supported: OpenCL image queries read the image's 32-byte info "
		     "block in cb1", il_ops[in->op].name);
		return 1;
	default:
		return 0;
	}
}
