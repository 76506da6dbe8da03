/* amd.c - AMD's OpenCL runtime for the emulator: what clEnqueueNDRangeKernel
 * sets up for an IL kernel (amd-metadata-abi.md, amdil.md 6 and 7), the
 * group loop, and the results.
 *
 *   cb0   [0].xyz global size, .w work dim; [1].xyz local size, .w 0;
 *         [2].xyz number of groups, .w 0; [5] = 0.0 0.5 1.0 2.0; [6].xyz
 *         global offset; [7] group offset 0 (one dispatch); [8].x data
 *         segment offset, .y printf area offset, .z printf slot size in
 *         dwords (0: the program has no ;printf_fmt); [9].xyz global offset;
 *         [10].xyz the region (GDS) group size: one region covers the
 *         NDRange, so the global size (the SI wrapper divides ids by it).
 *         Every other component is one this runtime does not fill (emulated
 *         private/local rings cb0[3]/[4], flattened offsets [6].w ...): a
 *         kernel that reads one is refused at that read.
 *   cb1   the ;value/;pointer offsets: by-value host bytes as given (sub-dword
 *         values not extended; 8/16-bit vectors of more than 4 elements four
 *         elements per 16-byte slot; structs whole; bool masked to bit 0);
 *         pointers: the buffer's byte offset in its UAV, the LDS offset of
 *         an hl pointer, 0 for an hc pointer (an offset in its own CB).
 *   UAVs  one byte memory per UAV id.  Each memory starts with the same
 *         reserved ranges: the global data segment (cb0[8].x) and the printf
 *         area (cb0[8].y, local size * slot dwords), shared by every UAV, so
 *         that whichever UAV the IL reaches them through (SI ;cbid/;printfid,
 *         Evergreen the default UAV) sees them.  Buffers follow, each at a
 *         256-byte aligned nonzero offset with a 256-byte gap (a forgotten
 *         base or an overrun reads outside every buffer and stops the run).
 *   images each image argument's texels (a copy), bound by resource or UAV
 *         id, its info block in cb1 and sampler dwords (amd_image.c).
 *   counters a ;counter argument's value is the first dword of its launch
 *         buffer (a copy, the result); its cb1 slot stays 0: no source says
 *         what AMD's runtime puts there, and no compiler output reads it.
 *   CBs   hc pointer arguments and ;#DATASTART:N segments are hardware
 *         constant buffers cbN.
 *   LDS   per group, poisoned (below): the static part (;memory:hwlocal, or the
 *         dcl_lds size without a hwlocal line), then the hl arguments, each
 *         aligned to its ;pointer alignment [I]; size max(dcl_lds, that).
 *         A kernel declaring several LDS ids (dcl_lds_id(n)) gets one
 *         memory per id, each its id's dcl_lds size (an access past it
 *         stops the run); hl arguments are then refused.
 *   groups run one after the other (shuffled with a sched_seed); inside a
 *         group the work-items run until the next barrier, in flat local id
 *         order each to the barrier (sched_seed 0) or in random slices of
 *         1..64 instructions; then all resume.  Memory model (docs/TESTING.md):
 *         LDS and UAV stores wait in the work-item's store buffer (it reads
 *         its own), a barrier makes the kinds it names (_lds, _memory)
 *         visible when all have arrived, a fence without _threads the
 *         work-item's own, the group's end everything; atomics act at once;
 *         a load of a byte another work-item stored and has not made
 *         visible is a data race (the run fails).  LDS, private memory and
 *         indexed temporaries start as the launch's poison; reading a byte
 *         nothing wrote is noted (poison_read).  printf slots are decoded
 *         after each group, as the runtime does after each one-group
 *         dispatch.
 */
#include <stdarg.h>
#include <string.h>

#include "amdint.h"

#define DEFAULT_STEPS 50000000ull
#define GAP 256u

static uint32_t align_up(uint32_t v, uint32_t a)
{
	return (v + a - 1) / a * a;
}

static int refuse(EmuResult *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int refuse(EmuResult *r, const char *fmt, ...)
{
	va_list ap;
	Buf b = {0};
	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	free(r->error);
	r->error = b.s;
	r->ok = 0;
	return -1;
}

/* ---- checks ----------------------------------------------------------------- */

static int is_uav_ptr(const MdArg *a)
{
	return a->kind == MA_POINTER && (!strcmp(a->mem, "uav") || !strcmp(a->mem, "g") || !strcmp(a->mem, "c"));
}

static int check_launch(Run *R)
{
	const EmuLaunch *l = R->l;
	const MdBlock *md = R->k->md;
	size_t i;
	int d;
	if (l->range.dim < 1 || l->range.dim > 3)
		return refuse(R->res, "work dimension %d is not 1, 2 or 3", l->range.dim);
	for (d = 0; d < 3; d++)
		if (!l->range.local[d] || !l->range.global[d] || l->range.global[d] % l->range.local[d])
			return refuse(R->res, "global size %u is not a nonzero multiple of local size %u in "
			              "dimension %d", l->range.global[d], l->range.local[d], d);
	if (l->args.n != md->args.n)
		return refuse(R->res, "kernel '%s' has %zu arguments, the launch gives %zu", R->k->name,
		              md->args.n, l->args.n);
	if (md->errors.n)
		return refuse(R->res, "the AMD compiler reported an error for kernel '%s': %s", R->k->name,
		              md->errors.v[0]->text);
	for (i = 0; i < md->args.n; i++) {
		const MdArg *a = &md->args.v[i];
		const EmuArg *e = &l->args.v[i];
		if (a->cb != 1)
			return refuse(R->res, "argument '%s' lives in cb%d, not cb1", a->name, a->cb);
		if (a->kind == MA_SEMA)
			return refuse(R->res, "argument '%s': semaphores are not emulated", a->name);
		if (a->kind == MA_COUNTER && (a->bits != 32 || e->kind != EA_BUFFER || e->size < 4))
			return refuse(R->res, "counter argument '%s' needs 32 bits and a launch buffer of at "
			              "least 4 bytes holding its value", a->name);
		if (a->kind == MA_VALUE && (e->kind != EA_VALUE || (int)e->size != a->size || a->size <= 0))
			return refuse(R->res, "argument '%s' (%s x%d) needs %d value bytes; the launch gives %s of %zu",
			              a->name, a->type, a->nelem, a->size, e->kind == EA_VALUE ? "a value" : "no value",
			              e->size);
		if (a->kind == MA_POINTER) {
			int hl = !strcmp(a->mem, "hl"), hc = !strcmp(a->mem, "hc");
			if (!hl && !hc && !is_uav_ptr(a))
				return refuse(R->res, "pointer argument '%s' in memory '%s' is not emulated", a->name, a->mem);
			if (hl ? e->kind != EA_LOCAL : e->kind != EA_BUFFER && e->kind != EA_NULL)
				return refuse(R->res, "pointer argument '%s' (%s) gets the wrong kind of launch argument",
				              a->name, a->mem);
		}
	}
	for (d = 0; d < 3; d++) {
		int want = R->c.reqd[0] ? R->c.reqd[d] : md->cws[0] ? md->cws[d] : 0;
		if (want && (uint32_t)want != l->range.local[d])
			return refuse(R->res, "kernel '%s' requires local size %d in dimension %d; the launch uses %u",
			              R->k->name, want, d, l->range.local[d]);
	}
	return 0;
}

/* ---- cb0 ------------------------------------------------------------------------- */

static void set0(Run *R, int slot, int c, uint32_t v)
{
	R->cb0[slot * 4 + c] = v;
	R->cb0_set[slot * 4 + c] = 1;
}

static void fill_cb0(Run *R, uint32_t slot_dwords)
{
	const EmuRange *g = &R->l->range;
	static const uint32_t math[4] = {0x00000000u, 0x3f000000u, 0x3f800000u, 0x40000000u};
	int c;
	for (c = 0; c < 3; c++) {
		set0(R, 0, c, g->global[c]);
		set0(R, 1, c, g->local[c]);
		set0(R, 2, c, g->global[c] / g->local[c]);
		set0(R, 6, c, g->offset[c]);
		set0(R, 9, c + amd_abi64(R), g->offset[c]); /* 64-bit ABI: cb0[9].yzw */
		set0(R, 10, c, g->global[c]); /* one GDS region: the whole NDRange */
	}
	set0(R, 10, 3, 0);
	set0(R, 0, 3, (uint32_t)g->dim);
	set0(R, 1, 3, 0);
	set0(R, 2, 3, 0);
	for (c = 0; c < 4; c++) {
		set0(R, 5, c, math[c]);
		set0(R, 7, c, 0);
	}
	if (amd_abi64(R)) {
		/* the data segment's 64-bit address in .xy; printf (.zw, cb0[9].x) unfilled */
		uint64_t d = R->data_size ? amd_abi64_addr(R->data_off) : 0;
		set0(R, 8, 0, (uint32_t)d);
		set0(R, 8, 1, (uint32_t)(d >> 32));
		return;
	}
	set0(R, 8, 0, R->data_size ? R->data_off : 0);
	set0(R, 8, 1, slot_dwords ? R->pf_off : 0);
	set0(R, 8, 2, slot_dwords);
}

/* ---- memories --------------------------------------------------------------------- */

static Mem *add_uav(Run *R, int id)
{
	Mem m, *e = amd_uav(R, id);
	if (e || id < 0)
		return e;
	id = amd_heap_uav(R, id);
	memset(&m, 0, sizeof m);
	m.id = id;
	m.is_uav = 1;
	vec_push(&R->uavs, m);
	return &R->uavs.v[R->uavs.n - 1];
}

static Mem *add_cb(Run *R, int id, const uint8_t *bytes, size_t n)
{
	Mem m;
	size_t i;
	for (i = 0; i < R->cbs.n; i++)
		if (R->cbs.v[i].id == id)
			return NULL;
	memset(&m, 0, sizeof m);
	m.id = id;
	m.size = align_up((uint32_t)n, 16);
	m.b = xcalloc(m.size ? m.size : 1, 1);
	if (n)
		memcpy(m.b, bytes, n);
	vec_push(&R->cbs, m);
	return &R->cbs.v[R->cbs.n - 1];
}

/* the bytes of one data segment, values little-endian at their offsets */
static uint8_t *seg_bytes(const DataSeg *s, uint32_t size)
{
	uint8_t *b = xcalloc(size ? size : 1, 1);
	size_t j;
	for (j = 0; j < s->items.n; j++) {
		const DataItem *it = &s->items.v[j];
		int esz = md_data_type_size(it->type), q;
		long long k;
		if (it->uninit || !it->values || esz <= 0)
			continue;
		for (k = 0; k < it->count; k++) {
			long long at = it->offset + k * esz;
			if (at < 0 || at + esz > (long long)size)
				continue;
			for (q = 0; q < esz && q < 8; q++)
				b[at + q] = (uint8_t)(it->values[k] >> (8 * q));
		}
	}
	return b;
}

static int setup_data(Run *R)
{
	size_t i;
	int global = 0;
	for (i = 0; i < R->p->segs.n; i++) {
		const DataSeg *s = &R->p->segs.v[i];
		uint32_t size = (uint32_t)(s->size > 0 ? s->size : 0);
		if (s->cbid < 0) {
			if (global++)
				return refuse(R->res, "the program has more than one global data segment");
			R->data_size = align_up(size, 16);
			R->data = seg_bytes(s, R->data_size);
		} else {
			uint8_t *b = seg_bytes(s, size);
			Mem *m = add_cb(R, s->cbid, b, size);
			free(b);
			if (!m)
				return refuse(R->res, "constant buffer cb%d is given twice", s->cbid);
		}
	}
	return 0;
}

static int program_prints(const Program *p)
{
	size_t i;
	for (i = 0; i < p->blocks.n; i++)
		if (p->blocks.v[i]->printfs.n)
			return 1;
	return 0;
}

/* UAV ids: pointer arguments, declarations, ;uavid/;printfid/;cbid */
static void collect_uavs(Run *R)
{
	const MdBlock *md = R->k->md;
	size_t i;
	for (i = 0; i < md->args.n; i++)
		if (is_uav_ptr(&md->args.v[i]))
			add_uav(R, md->args.v[i].bufid);
	for (i = 0; i < R->c.uav_dcl.n; i++)
		add_uav(R, R->c.uav_dcl.v[i]);
	add_uav(R, md->uavid >= 0 ? md->uavid : 11);
	add_uav(R, md->printfid);
	add_uav(R, md->cbid);
}

static int place_args(Run *R, uint32_t first)
{
	const MdBlock *md = R->k->md;
	uint32_t lds = R->lds_static, dcl;
	size_t i;
	for (i = 0; i < R->uavs.n; i++)
		R->uavs.v[i].size = first;
	for (i = 0; i < md->args.n; i++) {
		const MdArg *a = &md->args.v[i];
		const EmuArg *e = &R->l->args.v[i];
		if (a->kind != MA_POINTER || e->kind == EA_NULL)
			continue;
		if (is_uav_ptr(a)) {
			Mem *m = amd_uav(R, a->bufid);
			Region g;
			R->buf_off[i] = m->size;
			g.start = m->size;
			g.end = m->size + (uint32_t)e->size;
			vec_push(&m->ok, g);
			m->size = align_up(g.end, GAP) + GAP;
		} else if (!strcmp(a->mem, "hc")) {
			if (!add_cb(R, a->bufid, e->bytes, e->size))
				return refuse(R->res, "constant buffer cb%d is bound twice (argument '%s')", a->bufid, a->name);
		} else {
			uint32_t al = a->align > 0 && !(a->align & (a->align - 1)) ? (uint32_t)a->align : 4;
			if (R->c.nlds > 1)
				return refuse(R->res, "__local pointer argument '%s' with %d LDS ids: the id whose "
				              "allocation it is placed in is not known", a->name, R->c.nlds);
			lds = align_up(lds, al);
			R->buf_off[i] = lds;
			lds += (uint32_t)e->size;
		}
	}
	if (R->c.r7_size) { /* R7xx LDS: an area per thread (per lane of 64, _wavefrontAbs) */
		uint32_t r7 = (R->c.r7_abs && R->nlocal > 64 ? 64 : R->nlocal) * (uint32_t)R->c.r7_size * 4;
		if (r7 > lds)
			lds = r7;
	}
	dcl = R->c.lds_dcl > 0 ? (uint32_t)R->c.lds_dcl : 0;
	R->lds.size = lds > dcl ? lds : dcl;
	if (R->lds.size > (1u << 20))
		return refuse(R->res, "kernel '%s' needs %u bytes of local memory", R->k->name, R->lds.size);
	R->lds.id = -1;
	R->lds.b = xcalloc(R->lds.size ? R->lds.size : 1, 1);
	R->lds.init = xcalloc(R->lds.size ? R->lds.size : 1, 1);
	R->lds.writer = xmalloc((R->lds.size ? R->lds.size : 1) * sizeof *R->lds.writer);
	R->lds.wepoch = xcalloc(R->lds.size ? R->lds.size : 1, sizeof *R->lds.wepoch);
	R->lds.taint = xcalloc(R->lds.size ? R->lds.size : 1, 1);
	for (i = 1; i < (size_t)R->c.nlds; i++) {
		Mem m;
		memset(&m, 0, sizeof m);
		m.id = R->c.lds_ids[i];
		m.size = (uint32_t)R->c.lds_sizes[i];
		m.b = xcalloc(m.size ? m.size : 1, 1);
		m.init = xcalloc(m.size ? m.size : 1, 1);
		m.taint = xcalloc(m.size ? m.size : 1, 1);
		vec_push(&R->lds_more, m);
	}
	return 0;
}

static void fill_uavs(Run *R)
{
	const MdBlock *md = R->k->md;
	size_t i, j;
	for (i = 0; i < R->uavs.n; i++) {
		Mem *m = &R->uavs.v[i];
		m->b = xcalloc(m->size, 1);
		m->writer = xmalloc(m->size * sizeof *m->writer);
		m->racer = xmalloc(m->size * sizeof *m->racer);
		m->wepoch = xcalloc(m->size, sizeof *m->wepoch);
		m->taint = xcalloc(m->size ? m->size : 1, 1);
		for (j = 0; j < m->size; j++)
			m->writer[j] = m->racer[j] = -1;
	}
	for (i = 0; i < md->args.n; i++) {
		const EmuArg *e = &R->l->args.v[i];
		if (is_uav_ptr(&md->args.v[i]) && e->kind == EA_BUFFER && e->size)
			memcpy(amd_uav(R, md->args.v[i].bufid)->b + R->buf_off[i], e->bytes, e->size);
	}
}

static int setup_memories(Run *R, uint32_t slot_dwords)
{
	const MdBlock *md = R->k->md;
	uint32_t cursor = R->k->derived ? 0 : GAP; /* CAL: byte 0 of a buffer is the argument's */
	int has_hw = 0;
	size_t i;
	if (setup_data(R))
		return -1;
	for (i = 0; i < md->mems.n; i++)
		has_hw |= md->mems.v[i].kind == MM_HWLOCAL;
	/* several LDS ids: hwlocal counts them all; the first id's memory is its
	 * own size (the others are separate memories, place_args) */
	R->lds_static = R->c.nlds > 1 ? (uint32_t)R->c.lds_dcl :
	                has_hw || R->c.lds_dcl < 0 ? (uint32_t)md->mem_hwlocal : (uint32_t)R->c.lds_dcl;
	if (R->data_size) {
		R->data_off = cursor;
		cursor = align_up(cursor + R->data_size, GAP) + GAP;
	}
	R->pf_size = slot_dwords * 4 * R->nlocal;
	if (R->pf_size) {
		R->pf_off = cursor;
		R->pf = xcalloc(R->pf_size, 1);
		cursor = align_up(cursor + R->pf_size, GAP) + GAP;
	}
	collect_uavs(R);
	if (place_args(R, cursor))
		return -1;
	fill_uavs(R);
	return 0;
}

/* ---- cb1 ------------------------------------------------------------------------------ */

static int elem_size(const char *t)
{
	if (!strcmp(t, "i8") || !strcmp(t, "u8"))
		return 1;
	if (!strcmp(t, "i16") || !strcmp(t, "u16") || !strcmp(t, "half"))
		return 2;
	if (!strcmp(t, "i64") || !strcmp(t, "u64") || !strcmp(t, "double"))
		return 8;
	return 4;
}

static void put(Mem *cb, uint32_t off, const void *p, size_t n)
{
	memcpy(cb->b + off, p, n);
}

static void value_arg(Mem *cb, const MdArg *a, const EmuArg *e)
{
	int esz = elem_size(a->type), k;
	if (!strcmp(a->type, "struct") || !strcmp(a->type, "union")) {
		put(cb, (uint32_t)a->offset, e->bytes, e->size);
	} else if ((esz == 1 || esz == 2) && a->nelem > 4) {
		/* four elements per 16-byte slot */
		for (k = 0; 4 * esz * k < (int)e->size; k++)
			put(cb, (uint32_t)(a->offset + 16 * k), e->bytes + 4 * esz * k, (size_t)(4 * esz));
	} else if (!strcmp(a->type, "i1")) {
		uint32_t v = e->bytes[0] & 1u;
		put(cb, (uint32_t)a->offset, &v, 4);
	} else {
		put(cb, (uint32_t)a->offset, e->bytes, e->size);
	}
}

static uint32_t value_end(const MdArg *a)
{
	int esz = elem_size(a->type);
	uint32_t n = (uint32_t)a->size;
	if ((esz == 1 || esz == 2) && a->nelem > 4 && strcmp(a->type, "struct") && strcmp(a->type, "union"))
		n = 16 * (uint32_t)((a->size + 4 * esz - 1) / (4 * esz));
	return (uint32_t)a->offset + align_up(n > 16 ? n : 16, 16);
}

static void fill_cb1(Run *R)
{
	const MdBlock *md = R->k->md;
	uint32_t size = (uint32_t)R->c.cb1_dcl;
	size_t i;
	for (i = 0; i < md->args.n; i++) {
		const MdArg *a = &md->args.v[i];
		uint32_t end = a->kind == MA_VALUE ? value_end(a) : (uint32_t)a->offset + (a->kind == MA_IMAGE ? 32 : 16);
		if (end > size)
			size = end;
	}
	R->cb1.id = 1;
	R->cb1.size = size;
	R->cb1.b = xcalloc(size ? size : 1, 1);
	for (i = 0; i < md->args.n; i++) {
		const MdArg *a = &md->args.v[i];
		const EmuArg *e = &R->l->args.v[i];
		if (a->kind == MA_VALUE) {
			value_arg(&R->cb1, a, e);
		} else if (a->kind == MA_POINTER) {
			uint32_t v = e->kind == EA_NULL || !strcmp(a->mem, "hc") ? 0 : R->buf_off[i];
			if (amd_abi64(R)) {
				/* 64-bit ABI: a buffer's address in .xy; an LDS offset, a
				 * NULL or hc pointer zero-extended */
				uint64_t v64 = is_uav_ptr(a) && e->kind != EA_NULL ? amd_abi64_addr(v) : v;
				uint32_t hi = (uint32_t)(v64 >> 32);
				put(&R->cb1, (uint32_t)a->offset + 4, &hi, 4);
				v = (uint32_t)v64;
			}
			put(&R->cb1, (uint32_t)a->offset, &v, 4);
		}
	}
	amd_image_cb1(R);
}

/* ---- the group loop -------------------------------------------------------------------- */

static void alloc_items(Run *R)
{
	uint32_t i;
	R->items = xcalloc(R->nlocal, sizeof *R->items);
	for (i = 0; i < R->nlocal; i++) {
		Item *it = &R->items[i];
		it->r = xcalloc((size_t)R->c.nregs * 4 + 4, sizeof *it->r);
		it->x = xcalloc((size_t)R->c.array_elems * 4 + 4, sizeof *it->x);
		it->priv = xcalloc((size_t)R->c.priv_bytes + 4, 1);
		it->priv_init = xcalloc((size_t)R->c.priv_bytes + 4, 1);
		it->x_init = xcalloc((size_t)R->c.array_elems * 4 + 4, 1);
		it->rt = xcalloc((size_t)R->c.nregs * 4 + 4, 1);
		it->xt = xcalloc((size_t)R->c.array_elems * 4 + 4, 1);
		it->priv_t = xcalloc((size_t)R->c.priv_bytes + 4, 1);
		it->sb.all = &R->pend;
	}
	R->order = xcalloc(R->nlocal, sizeof *R->order);
}

static void reset_items(Run *R)
{
	const EmuRange *g = &R->l->range;
	uint32_t i;
	for (i = 0; i < R->nlocal; i++) {
		Item *it = &R->items[i];
		int c;
		memset(it->r, 0, ((size_t)R->c.nregs * 4 + 4) * sizeof *it->r);
		/* indexed temporaries and private memory start as poison */
		hz_poison_fill((uint8_t *)it->x, ((size_t)R->c.array_elems * 4 + 4) * sizeof *it->x, R->l->poison);
		hz_poison_fill(it->priv, (size_t)R->c.priv_bytes + 4, R->l->poison);
		memset(it->x_init, 0, (size_t)R->c.array_elems * 4 + 4);
		memset(it->priv_init, 0, (size_t)R->c.priv_bytes + 4);
		memset(it->rt, 0, (size_t)R->c.nregs * 4 + 4);
		memset(it->xt, 0, (size_t)R->c.array_elems * 4 + 4);
		memset(it->priv_t, 0, (size_t)R->c.priv_bytes + 4);
		it->pc = it->sp = 0;
		memset(it->o, 0, sizeof it->o);
		memset(it->ot, 0, sizeof it->ot);
		it->killed = 0;
		it->state = WI_RUN;
		it->steps = 0;
		it->flat_lid = i;
		it->lid[0] = i % g->local[0];
		it->lid[1] = i / g->local[0] % g->local[1];
		it->lid[2] = i / g->local[0] / g->local[1];
		for (c = 0; c < 3; c++)
			it->gid[c] = R->group[c] * g->local[c] + it->lid[c];
		it->flat_gid = it->gid[0] + (int64_t)g->global[0] * (it->gid[1] + (int64_t)g->global[1] * it->gid[2]);
	}
	hzc_clear(&R->pend);
	hz_poison_fill(R->lds.b, R->lds.size, R->l->poison);
	memset(R->lds.init, 0, R->lds.size ? R->lds.size : 1);
	memset(R->lds.taint, 0, R->lds.size ? R->lds.size : 1);
	for (i = 0; i < R->lds.size; i++)
		R->lds.writer[i] = -1; /* a new group: no store yet */
	for (i = 0; i < R->lds_more.n; i++) {
		hz_poison_fill(R->lds_more.v[i].b, R->lds_more.v[i].size, R->l->poison);
		memset(R->lds_more.v[i].init, 0, R->lds_more.v[i].size ? R->lds_more.v[i].size : 1);
		memset(R->lds_more.v[i].taint, 0, R->lds_more.v[i].size ? R->lds_more.v[i].size : 1);
	}
	for (i = 0; R->pf && i < R->nlocal; i++) {
		uint32_t one = 1;
		memcpy(R->pf + (size_t)i * (R->pf_size / R->nlocal), &one, 4);
	}
}

/* The work-items of the group in order (sched_seed 0) or shuffled */
static void item_order(Run *R)
{
	uint32_t i;
	for (i = 0; i < R->nlocal; i++)
		R->order[i] = i;
	if (R->l->sched_seed)
		hz_shuffle(R->order, R->nlocal, &R->rng);
}

/* the stores of kinds (bit mask) of every work-item become visible, the
 * work-items taken in order or shuffled (racing stores: any may win) */
static void flush_group(Run *R, unsigned kinds)
{
	uint32_t i;
	item_order(R);
	for (i = 0; i < R->nlocal; i++)
		hzsb_flush(&R->items[R->order[i]].sb, kinds);
}

/* every running work-item until it waits at a barrier or has finished:
 * in order, each to its barrier (sched_seed 0), or a randomly chosen one
 * for 1..64 instructions at a time; 0 ok */
static int run_phase(Run *R)
{
	uint32_t i, n = 0;
	for (i = 0; i < R->nlocal; i++)
		if (R->items[i].state == WI_RUN)
			R->order[n++] = i;
	R->slice = 0;
	while (n) {
		uint32_t k = R->l->sched_seed ? hz_below(&R->rng, n) : 0;
		Item *it = &R->items[R->order[k]];
		if (R->l->sched_seed)
			R->slice = 1 + hz_below(&R->rng, 64);
		if (amd_run_item(R, it) < 0)
			return -1;
		if (it->state != WI_RUN) {
			if (R->l->sched_seed)
				R->order[k] = R->order[--n];
			else
				memmove(R->order, R->order + 1, --n * sizeof *R->order);
		}
	}
	return 0;
}

/* every work-item of the group until all finished; 0 ok */
static int run_group(Run *R)
{
	uint32_t i, done, waiting;
	reset_items(R);
	R->group_epoch = ++R->epoch;
	for (;;) {
		int pc = -1;
		if (run_phase(R))
			return -1;
		for (i = done = waiting = 0; i < R->nlocal; i++) {
			Item *it = &R->items[i];
			done += it->state == WI_DONE;
			if (it->state == WI_BARRIER) {
				if (waiting++ && it->pc != pc) {
					amd_fail(R, it, &R->c.code.v[it->pc - 1], "waits at this barrier while another "
					         "work-item of its group waits at %s:%d", R->c.code.v[pc - 1].loc.file,
					         R->c.code.v[pc - 1].loc.line);
					return -1;
				}
				pc = it->pc;
			}
		}
		if (done == R->nlocal) {
			/* the kernel's end: every store is visible */
			flush_group(R, ~0u);
			return 0;
		}
		if (done) {
			for (i = 0; R->items[i].state != WI_BARRIER; i++)
				;
			amd_fail(R, &R->items[i], &R->c.code.v[R->items[i].pc - 1], "waits at this barrier, but "
			         "other work-items of its group have finished (a barrier must be reached by all)");
			return -1;
		}
		/* all wait at the barrier: the kinds it names become visible to
		 * the group, then all resume; at an R7xx LDS instruction, after
		 * the group ran it in lockstep */
		if (R->c.code.v[pc - 1].op == OP_LDS_WRITE_VEC || R->c.code.v[pc - 1].op == OP_LDS_READ_VEC) {
			flush_group(R, 1u << AK_LDS);
			R->lds_epoch++;
			if (amd_r7_lockstep(R, &R->c.code.v[pc - 1]))
				return -1;
			for (i = 0; i < R->nlocal; i++)
				R->items[i].state = WI_RUN;
			continue;
		}
		flush_group(R, (unsigned)R->c.code.v[pc - 1].aux);
		if (R->c.code.v[pc - 1].aux & 1 << AK_GLOBAL)
			R->epoch++;
		if (R->c.code.v[pc - 1].aux & 1 << AK_LDS)
			R->lds_epoch++;
		for (i = 0; i < R->nlocal; i++)
			R->items[i].state = WI_RUN;
	}
}

static int run_groups(Run *R)
{
	uint32_t n = R->ngroups[0] * R->ngroups[1] * R->ngroups[2], *gorder = xcalloc(n, sizeof *gorder), i;
	int rc = 0;
	for (i = 0; i < n; i++)
		gorder[i] = i;
	if (R->l->sched_seed)
		hz_shuffle(gorder, n, &R->rng);
	for (i = 0; i < n && !rc; i++) {
		uint32_t g = gorder[i], j;
		R->group[0] = g % R->ngroups[0];
		R->group[1] = g / R->ngroups[0] % R->ngroups[1];
		R->group[2] = g / R->ngroups[0] / R->ngroups[1];
		if (run_group(R)) {
			rc = -1;
			break;
		}
		for (j = 0; j < R->nlocal; j++)
			R->res->steps += R->items[j].steps;
		if (R->pf && amd_printf_group(R))
			rc = -1;
	}
	free(gorder);
	return rc;
}

/* ---- results and cleanup ---------------------------------------------------------------- */

static void results(Run *R)
{
	const MdBlock *md = R->k->md;
	size_t i;
	for (i = 0; i < md->args.n; i++) {
		const MdArg *a = &md->args.v[i];
		const EmuArg *e = &R->l->args.v[i];
		Buf b = {0};
		int64_t *w = NULL, *rc = NULL;
		uint8_t *t = NULL;
		if (e->kind == EA_BUFFER && is_uav_ptr(a)) {
			Mem *m = amd_uav(R, a->bufid);
			buf_add(&b, m->b + R->buf_off[i], e->size);
			t = xmalloc(e->size ? e->size : 1);
			memcpy(t, m->taint + R->buf_off[i], e->size);
			w = xmalloc((e->size ? e->size : 1) * sizeof *w);
			memcpy(w, m->writer + R->buf_off[i], e->size * sizeof *w);
			rc = xmalloc((e->size ? e->size : 1) * sizeof *rc);
			memcpy(rc, m->racer + R->buf_off[i], e->size * sizeof *rc);
		} else if (R->ctr[i]) {
			buf_add(&b, R->ctr[i], e->size);
		} else if (e->kind == EA_BUFFER) {
			buf_add(&b, e->bytes, e->size); /* a constant buffer: never written */
		} else if (e->kind == EA_IMAGE) {
			size_t j;
			for (j = 0; j < R->imgs.n; j++)
				if (R->imgs.v[j].arg == (int)i) {
					const AImg *g = &R->imgs.v[j];
					buf_add(&b, g->b, g->size);
					w = xmalloc((g->size ? g->size : 1) * sizeof *w);
					memcpy(w, g->writer, g->size * sizeof *w);
					rc = xmalloc((g->size ? g->size : 1) * sizeof *rc);
					memcpy(rc, g->racer, g->size * sizeof *rc);
					t = xmalloc(g->size ? g->size : 1);
					memcpy(t, g->taint, g->size);
				}
		}
		vec_push(&R->res->buffers, b);
		vec_push(&R->res->writers, w);
		vec_push(&R->res->racers, rc);
		vec_push(&R->res->taints, t);
	}
}

static void free_mem(Mem *m)
{
	free(m->b);
	free(m->init);
	free(m->writer);
	free(m->racer);
	free(m->wepoch);
	free(m->taint);
	vec_free(&m->ok);
}

static void run_free(Run *R)
{
	size_t i;
	for (i = 0; R->items && i < R->nlocal; i++) {
		free(R->items[i].r);
		free(R->items[i].x);
		free(R->items[i].priv);
		free(R->items[i].priv_init);
		free(R->items[i].x_init);
		free(R->items[i].rt);
		free(R->items[i].xt);
		free(R->items[i].priv_t);
		hzsb_free(&R->items[i].sb);
	}
	free(R->items);
	free(R->order);
	hzc_free(&R->pend);
	for (i = 0; i < R->uavs.n; i++)
		free_mem(&R->uavs.v[i]);
	vec_free(&R->uavs);
	for (i = 0; i < R->cbs.n; i++)
		free_mem(&R->cbs.v[i]);
	vec_free(&R->cbs);
	free_mem(&R->cb1);
	free_mem(&R->lds);
	for (i = 0; i < R->lds_more.n; i++)
		free_mem(&R->lds_more.v[i]);
	vec_free(&R->lds_more);
	free(R->data);
	free(R->pf);
	free(R->buf_off);
	free(R->lds_race);
	free(R->cvt_range);
	for (i = 0; R->ctr && i < R->k->md->args.n; i++)
		free(R->ctr[i]);
	free(R->ctr);
	amd_image_free(R);
	free(R->err);
	amd_code_free(&R->c);
}

int emu_amd_run(Program *p, Kernel *k, const EmuLaunch *l, EmuResult *r)
{
	Run R;
	char *err = NULL;
	uint32_t slot;
	int rc = -1, d;
	memset(&R, 0, sizeof R);
	R.p = p, R.k = k, R.l = l, R.res = r;
	R.rng = l->sched_seed;
	r->ok = 0;
	r->approx = 0;
	r->approx_ulps = 0;
	r->cvt_cf = 0;
	if (amd_decode(p, k, &R.c, &err)) {
		refuse(r, "kernel '%s' cannot be emulated: %s", k->name, err);
		free(err);
		return -1;
	}
	if (check_launch(&R))
		goto out;
	R.limit = l->step_limit ? l->step_limit : DEFAULT_STEPS;
	R.nlocal = 1;
	for (d = 0; d < 3; d++) {
		R.ngroups[d] = l->range.global[d] / l->range.local[d];
		R.nlocal *= l->range.local[d];
	}
	slot = program_prints(p) && l->printf_slot > 0 ? (uint32_t)l->printf_slot : 0;
	R.buf_off = xcalloc(k->md->args.n + 1, sizeof *R.buf_off);
	R.ctr = xcalloc(k->md->args.n + 1, sizeof *R.ctr);
	for (d = 0; (size_t)d < k->md->args.n; d++)
		if (k->md->args.v[d].kind == MA_COUNTER) {
			const EmuArg *e = &l->args.v[d];
			R.ctr[d] = xmalloc(e->size);
			memcpy(R.ctr[d], e->bytes, e->size);
		}
	if (setup_memories(&R, slot))
		goto out;
	if (amd_image_setup(&R)) {
		refuse(r, "%s", R.err);
		goto out;
	}
	fill_cb0(&R, slot);
	fill_cb1(&R);
	alloc_items(&R);
	rc = 0;
	if (run_groups(&R)) {
		r->error = xstrdup(R.err ? R.err : "the run failed");
		rc = R.refused ? -1 : 0;
	} else {
		r->ok = 1;
	}
	results(&R);
	r->approx = R.approx;
	r->approx_ulps = R.approx && !R.approx_hw ? R.approx_ulps : 0;
	r->poison_read = R.poison_read;
	r->lds_race = R.lds_race;
	R.lds_race = NULL;
	r->cvt_range = R.cvt_range;
	r->cvt_cf = R.impl_cf;
	R.cvt_range = NULL;
out:
	run_free(&R);
	return rc;
}
