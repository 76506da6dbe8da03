/* abi.c - which AMD arguments the translator can carry, how their bytes
 * are split between Level Zero payload pieces, and the ABI plan's lifetime.
 *
 * cb1 layout (AMD): every argument starts on a 16-byte slot; scalars and
 * vectors up to 16 bytes take one slot; 8- and 16-bit vectors put four
 * elements in each slot (char8 = two slots of four bytes); wider vectors
 * and structs take consecutive slots.  Level Zero copies each payload piece
 * from its source_offset in the host value, so an AMD layout that is not the
 * host layout is rebuilt with several pieces of one argument.
 */
#include <string.h>

#include "translate.h"

static int elem_size(const char *t)
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

int abi_value_pieces(const MdArg *a, int off[], int size[], int src[], int max)
{
	int esz = elem_size(a->type), n = a->nelem, k, pieces;
	if (!strcmp(a->type, "struct") || !strcmp(a->type, "union")) {
		off[0] = a->offset, size[0] = a->nelem, src[0] = 0;
		return 1;
	}
	if (esz == 0 || n <= 0)
		return 0;
	if ((esz == 1 || esz == 2) && n > 4) {
		/* four elements per 16-byte slot */
		pieces = (n + 3) / 4;
		if (pieces > max)
			return 0;
		for (k = 0; k < pieces; k++) {
			off[k] = a->offset + 16 * k;
			size[k] = 4 * esz;
			src[k] = 4 * esz * k;
		}
		return pieces;
	}
	off[0] = a->offset;
	/* sub-dword values are not extended: Level Zero copies the host bytes
	 * into a zeroed dword, as IGC declares them (size 4) */
	size[0] = esz * (n == 3 ? 4 : n);
	if (size[0] < 4)
		size[0] = 4;
	src[0] = 0;
	return 1;
}

/* The cb1 byte after an argument: an image takes two slots (its 32-byte
 * info block), a value its pieces rounded to slots. */
static int arg_end(const MdArg *a)
{
	int off[8], sz[8], src[8], n, j, end = a->offset + (a->kind == MA_IMAGE ? 32 : 16);
	if (a->kind == MA_VALUE && (n = abi_value_pieces(a, off, sz, src, 8)) > 0)
		for (j = 0; j < n; j++)
			if (off[j] + sz[j] > end)
				end = (off[j] + sz[j] + 15) / 16 * 16;
	return end;
}

static int check_memory(const Kernel *k);

int abi_check_args(const Kernel *k)
{
	size_t i;
	int bad = 0, off[8], size[8], src[8];
	for (i = 0; i < k->md->args.n; i++) {
		const MdArg *a = &k->md->args.v[i];
		if (a->cb != 1) {
			diag_error(a->loc, "argument '%s' lives in cb%d; only cb1 arguments are supported",
			           a->name, a->cb);
			bad = 1;
		} else if (a->kind == MA_POINTER) {
			if (!strcmp(a->mem, "r") || !strcmp(a->mem, "hr")) {
				diag_error(a->loc, "pointer argument '%s' points to region (GDS) memory, which "
				           "Intel GPUs do not have and Level Zero cannot pass", a->name);
				bad = 1;
			} else if (!strcmp(a->mem, "p") || !strcmp(a->mem, "hp") || !strcmp(a->mem, "up")) {
				/* OpenCL forbids __private kernel arguments; AMD's metadata
				 * can only state them for non-kernel functions */
				diag_error(a->loc, "pointer argument '%s' points to private memory ('%s'): a "
				           "kernel argument cannot (OpenCL forbids it and Level Zero has no way to "
				           "pass a work-item's private address)", a->name, a->mem);
				bad = 1;
			} else if (strcmp(a->mem, "uav") && strcmp(a->mem, "g") && strcmp(a->mem, "c") &&
			    strcmp(a->mem, "hc") && strcmp(a->mem, "hl")) {
				diag_error(a->loc, "pointer argument '%s' in memory '%s' is not supported yet "
				           "(global, UAV-backed and hardware constant, and local (hl) pointers are)",
				           a->name, a->mem);
				bad = 1;
			}
		} else if (a->kind == MA_VALUE) {
			if (abi_value_pieces(a, off, size, src, 8) == 0) {
				if (!strcmp(a->type, "queue_t") || !strcmp(a->type, "clk_event_t"))
					diag_error(a->loc, "by-value argument '%s' of type %s belongs to OpenCL 2.0 "
					           "device-side enqueue, which Level Zero does not have (no device "
					           "queue or device event can be passed)", a->name, a->type);
				else if (!strcmp(a->type, "event"))
					diag_error(a->loc, "by-value argument '%s' of type event: OpenCL does not "
					           "allow event_t kernel arguments, and Level Zero events are host "
					           "objects a kernel cannot take", a->name);
				else if (!strcmp(a->type, "opaque"))
					diag_error(a->loc, "by-value argument '%s' of type opaque: no source gives "
					           "the size or layout of AMD's opaque argument type", a->name);
				else
					diag_error(a->loc, "by-value argument '%s' of type %s x%d has no layout "
					           "the translator knows", a->name, a->type, a->nelem);
				bad = 1;
			}
		} else if (a->kind == MA_IMAGE || a->kind == MA_SAMPLER) {
			/* every dimension and access AMD's metadata can state is carried
			 * (lower_image.c); the instructions using them are checked there */
		} else if (a->kind == MA_COUNTER) {
			/* a Level Zero global buffer whose first dword is the counter
			 * (lower_mem.c lower_counter, docs/abi-map.txt) */
			if (a->bits != 32) {
				diag_error(a->loc, "argument '%s' is a 64-bit atomic counter: AMD's instructions "
				           "(append_buf_alloc, append_buf_consume) count in 32 bits and no source "
				           "says how a 64-bit counter is addressed", a->name);
				bad = 1;
			}
		} else {
			diag_error(a->loc, "argument '%s' is a semaphore, which is not supported: %s", a->name,
			           isa_refusal(OP_SEMAPHORE_WAIT));
			bad = 1;
		}
		if (a->offset % 16) {
			diag_error(a->loc, "argument '%s' at cb1 offset %d is not 16-byte aligned", a->name, a->offset);
			bad = 1;
		}
		if (!bad && arg_end(a) > ABI_MAX_ARG_BLOCK) {
			diag_error(a->loc, "argument '%s' ends at cb1 byte %d: the argument block is limited to %d "
			           "bytes (Intel's kernel argument limit and the finalizer's payload)",
			           a->name, arg_end(a), ABI_MAX_ARG_BLOCK);
			bad = 1;
		}
	}
	return bad | check_memory(k);
}

/* ;memory sizes the kernel states; the metadata sums them without overflow. */
static int check_memory(const Kernel *k)
{
	const MdBlock *md = k->md;
	int bad = 0;
	size_t i, q;
	for (i = 0; i < k->funcs.n; i++)
		for (q = 0; q < k->funcs.v[i]->code.n; q++) {
			const Inst *in = &k->funcs.v[i]->code.v[q];
			if (!k->derived && in->op == OP_DCL_CB && in->nops == 1 && in->ops[0].file == RF_CB &&
			    in->ops[0].num == 1 && in->ops[0].index_imm * 16 > ABI_MAX_ARG_BLOCK) {
				diag_error(in->loc, "dcl_cb cb1[%lld] declares %lld bytes of arguments: the argument "
				           "block is limited to %d bytes", in->ops[0].index_imm,
				           in->ops[0].index_imm * 16, ABI_MAX_ARG_BLOCK);
				bad = 1;
			}
		}
	if (md->mem_hwlocal > ABI_MAX_LDS || md->mem_local > ABI_MAX_LDS) {
		diag_error(md->loc, "kernel '%s' states %d bytes of local memory (;memory:hwlocal/local): "
		           "a work-group has at most %d bytes of shared local memory", k->name,
		           md->mem_hwlocal > md->mem_local ? md->mem_hwlocal : md->mem_local, ABI_MAX_LDS);
		bad = 1;
	}
	if (md->mem_uavprivate > ABI_MAX_PRIVATE || md->mem_private > ABI_MAX_PRIVATE ||
	    md->mem_hwprivate > ABI_MAX_PRIVATE) {
		int m = md->mem_uavprivate;
		if (md->mem_private > m)
			m = md->mem_private;
		if (md->mem_hwprivate > m)
			m = md->mem_hwprivate;
		diag_error(md->loc, "kernel '%s' states %d bytes of private memory per work-item "
		           "(;memory:uavprivate/private/hwprivate): the limit is %d", k->name, m, ABI_MAX_PRIVATE);
		bad = 1;
	}
	return bad;
}

int abi_check_segments(const Program *p)
{
	long long total = 0;
	size_t i;
	int bad = 0;
	for (i = 0; i < p->segs.n; i++) {
		const DataSeg *s = &p->segs.v[i];
		long long max = s->cbid < 0 ? ABI_MAX_DATA : ABI_MAX_CB_SEG;
		total += (s->size + 15) / 16 * 16;
		if (s->size > max) {
			if (s->cbid < 0)
				diag_error(s->loc, "the global data segment is %lld bytes: the limit is %lld",
				           s->size, max);
			else
				diag_error(s->loc, "the data segment of cb%d is %lld bytes: a constant buffer holds "
				           "at most %lld", s->cbid, s->size, max);
			bad = 1;
		}
	}
	if (!bad && total > ABI_MAX_DATA) {
		diag_error(p->segs.v[0].loc, "the data segments are %lld bytes together: the limit is %d",
		           total, ABI_MAX_DATA);
		bad = 1;
	}
	return bad;
}

int abi_cb1_size(const Kernel *k)
{
	int size = 0;
	size_t i, q;
	for (i = 0; i < k->md->args.n; i++) {
		int end = arg_end(&k->md->args.v[i]);
		if (end > size)
			size = end;
	}
	for (i = 0; i < k->funcs.n; i++)
		for (q = 0; q < k->funcs.v[i]->code.n; q++) {
			const Inst *in = &k->funcs.v[i]->code.v[q];
			if (!k->derived && in->op == OP_DCL_CB && in->nops == 1 && in->ops[0].file == RF_CB &&
			    in->ops[0].num == 1 && in->ops[0].index_imm * 16 > size &&
			    in->ops[0].index_imm * 16 <= ABI_MAX_ARG_BLOCK) /* larger: abi_check_args */
				size = (int)in->ops[0].index_imm * 16;
		}
	return size;
}

/* One blob for every data segment of the program: the global segment
 * first (at 0), then the constant-buffer ones, each 16-byte aligned; values
 * little-endian at their item offsets, the rest zero.  Returns the blob size
 * (0 when the program has no data), offsets per Program.segs index. */
size_t abi_data_blob(const Program *p, uint8_t **bytes, long long *seg_off)
{
	size_t total = 0, i, j, pass;
	long long k;
	uint8_t *b;
	*bytes = NULL;
	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < p->segs.n; i++) {
			const DataSeg *s = &p->segs.v[i];
			if ((pass == 0) != (s->cbid < 0))
				continue;
			seg_off[i] = (long long)total;
			total = (total + (size_t)s->size + 15) / 16 * 16;
		}
	if (!total)
		return 0;
	b = xcalloc(total, 1);
	for (i = 0; i < p->segs.n; i++) {
		const DataSeg *s = &p->segs.v[i];
		for (j = 0; j < s->items.n; j++) {
			const DataItem *it = &s->items.v[j];
			int esz = md_data_type_size(it->type), q;
			if (it->uninit || !it->values || esz <= 0)
				continue;
			for (k = 0; k < it->count; k++) {
				long long at = it->offset + k * esz;
				if (at < 0 || at + esz > s->size)
					continue;
				for (q = 0; q < esz && q < 8; q++)
					b[seg_off[i] + at + q] = (uint8_t)(it->values[k] >> (8 * q));
			}
		}
	}
	*bytes = b;
	return total;
}

void abi_plan_free(AbiPlan *p)
{
	vec_free(&p->entries);
}
