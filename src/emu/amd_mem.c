/* amd_mem.c - memory instructions of the AMD emulator (amdil.md 6).
 *
 *   UAVs      byte-addressed, one memory per UAV id (amd.c places the
 *             buffers); uav_raw_load/store move the dwords of the mask's
 *             x.. prefix at a dword-aligned byte address; the SI byte/short
 *             loads sign/zero extend [I], the stores keep the low bits.  The
 *             Evergreen arena (uav_arena_*, atomics with _arena) is a view
 *             of the default UAV (;uavid); arena loads zero-extend [I: the
 *             backend re-extends them anyway].  The private UAV
 *             (_access(private)) is the work-item's own memory.
 *   LDS       the group's local memory; lds_load_vec/lds_store_vec use the
 *             address operand given twice (raw LDS: both equal).
 *   atomics   the returned value is the old one; cmp_xchg operands are
 *             (address, value, compare) on UAVs and (address, compare,
 *             value) on LDS (amdil.md 6.7, as AMD's printer writes them);
 *             inc: old >= lim ? 0 : old + 1, dec: old == 0 || old > lim ?
 *             lim : old - 1 [I]; rsub: value - old [I]; mskor addr, mask,
 *             value: (old & ~mask) | value (docs/memory.md).  Work-items run one
 *             at a time, so every atomic is atomic.
 *   cb        cb0 (the runtime block: reading a component the runtime does
 *             not fill stops the run), cb1 (arguments), cbN (hardware
 *             constant buffers): 16 bytes per element.
 * Accesses outside every buffer / the LDS / private size stop the run with
 * an error naming the work-item and the instruction.
 */
#include <string.h>

#include "amdint.h"

/* Evergreen's arena UAV and the default raw UAV are two views of one global
 * heap: AMD's backend reads an argument bound to the arena through raw UAV
 * 11 when the argument's UAVs conflict (lit uavid_conflict_arg), and arena
 * instructions address the default UAV's pointers.  Both ids name the
 * default UAV's memory here. */
int amd_heap_uav(const Run *R, int id)
{
	int def = R->k->md->uavid >= 0 ? R->k->md->uavid : 11;
	return id >= 0 && id == R->c.arena_uav ? def : id;
}

Mem *amd_uav(Run *R, int id)
{
	size_t i;
	id = amd_heap_uav(R, id);
	for (i = 0; i < R->uavs.n; i++)
		if (R->uavs.v[i].id == id)
			return &R->uavs.v[i];
	return NULL;
}

static int inside(uint32_t s, uint32_t e, uint64_t a, uint64_t n)
{
	return a >= s && a + n <= e;
}

static int lds_more_has(Run *R, const Mem *m)
{
	return m >= R->lds_more.v && m < R->lds_more.v + R->lds_more.n;
}

uint8_t *amd_mem_at(Run *R, Mem *m, uint32_t addr, uint32_t n, const Item *it, const AInst *a,
                    int store)
{
	size_t i;
	int ok = m->ok.n == 0 && inside(0, m->size, addr, n);
	if (m->is_uav && R->pf_size && inside(R->pf_off, R->pf_off + R->pf_size, addr, n)) {
		/* a printf record holding a value from an out-of-range conversion:
		 * the printed text is not known element by element (Run.taint) */
		if (store)
			amd_taint_steers(R, R->taint);
		return R->pf + (addr - R->pf_off);
	}
	if (m->is_uav && R->data_size && inside(R->data_off, R->data_off + R->data_size, addr, n))
		return R->data + (addr - R->data_off);
	for (i = 0; !ok && i < m->ok.n; i++)
		ok = inside(m->ok.v[i].start, m->ok.v[i].end, addr, n);
	if (!ok) {
		if (m->is_uav)
			amd_fail(R, it, a, "%s %u bytes at offset 0x%x of UAV %d, outside every buffer bound to it",
			         store ? "writes" : "reads", n, addr, m->id);
		else
			amd_fail(R, it, a, "%s %u bytes at offset 0x%x, outside the %u bytes of %s",
			         store ? "writes" : "reads", n, addr, m->size,
			         m == &R->lds || lds_more_has(R, m) ? "local memory (LDS)" :
			         m->id == -2 ? "private memory" : "the constant buffer");
		return NULL;
	}
	if (store && m->writer && it)
		for (i = 0; i < n; i++) {
			m->writer[addr + i] = it->flat_gid;
			m->wepoch[addr + i] = m->is_uav ? R->epoch : R->lds_epoch;
		}
	/* the bytes' approximation class: a load adds it to the instruction's,
	 * a store sets it (at once, before the store is visible: a wider
	 * tolerance for a racing reader, never a narrower one), an atomic
	 * (store 2) both */
	if (m->taint) {
		for (i = 0; store != 1 && i < n; i++)
			R->taint = amd_taint_join(R->taint, m->taint[addr + i]);
		if (store)
			memset(m->taint + addr, R->taint, n);
	}
	return m->b + addr;
}

/* ---- constant buffers ----------------------------------------------------- */

uint32_t amd_cb_comp(Run *R, Item *it, const AInst *a, const ASrc *s, int comp)
{
	int64_t idx = s->idx;
	uint32_t v;
	Mem *m = NULL;
	size_t i;
	if (s->rel >= 0) {
		idx += (int32_t)it->r[s->rel * 4 + s->rel_sel];
		R->taint = amd_taint_join(R->taint, it->rt[s->rel * 4 + s->rel_sel]);
	}
	if (s->reg == 0 && !R->k->derived) {
		if (idx < 0 || idx >= 16 || !R->cb0_set[idx * 4 + comp]) {
			R->refused = 1;
			amd_fail(R, it, a, "reads cb0[%lld].%c, which AMD's runtime does not fill for "
			         "clEnqueueNDRangeKernel here%s", (long long)idx, "xyzw"[comp],
			         idx == 3 ? " (emulated private memory ring)" :
			         idx == 4 ? " (emulated local memory ring / math table)" : "");
			return 0;
		}
		return R->cb0[idx * 4 + comp];
	}
	if (s->reg == 1 && !R->k->derived) {
		m = &R->cb1;
	} else { /* a derived kernel's cb0 and cb1 are user buffers like every cbN */
		for (i = 0; i < R->cbs.n; i++)
			if (R->cbs.v[i].id == s->reg)
				m = &R->cbs.v[i];
		if (!m) {
			amd_fail(R, it, a, "reads cb%d, which no constant pointer argument (hc) and no "
			         ";#DATASTART:%d segment is bound to", s->reg, s->reg);
			return 0;
		}
	}
	if (idx < 0 || idx > (int64_t)(m->size / 16)) {
		amd_fail(R, it, a, "reads cb%d[%lld], outside its %u bytes", s->reg, (long long)idx, m->size);
		return 0;
	}
	{
		const uint8_t *p = amd_mem_at(R, m, (uint32_t)(idx * 16 + comp * 4), 4, it, a, 0);
		if (!p)
			return 0;
		memcpy(&v, p, 4);
	}
	return v;
}

/* ---- helpers ------------------------------------------------------------------ */

static uint32_t rd32(const uint8_t *p)
{
	uint32_t v;
	memcpy(&v, p, 4);
	return v;
}

static void wr32(uint8_t *p, uint32_t v)
{
	memcpy(p, &v, 4);
}

/* the number of components of the mask's x.. prefix; -1 if not a prefix */
static int prefix(const AInst *a)
{
	int n = 0, c;
	while (n < 4 && a->d.m[n] == WM_WRITE)
		n++;
	for (c = n; c < 4; c++)
		if (a->d.m[c] == WM_WRITE)
			return -1;
	return n;
}

static int default_uav(Run *R)
{
	return R->k->md->uavid >= 0 ? R->k->md->uavid : 11;
}

/* the memory a UAV instruction addresses (private memory in *priv) */
static Mem *uav_of(Run *R, Item *it, const AInst *a, Mem *priv)
{
	Mem *m;
	int id = a->uav;
	if (a->arena || a->op == OP_UAV_ARENA_LOAD || a->op == OP_UAV_ARENA_STORE)
		id = default_uav(R);
	if (id == R->c.priv_uav && id >= 0) {
		memset(priv, 0, sizeof *priv);
		priv->id = -2;
		priv->b = it->priv;
		priv->size = (uint32_t)R->c.priv_bytes;
		priv->init = it->priv_init;
		priv->taint = it->priv_t;
		return priv;
	}
	if (id < 0) {
		amd_fail(R, it, a, "needs a resource id: _id(n)");
		return NULL;
	}
	if (!(m = amd_uav(R, id)))
		amd_fail(R, it, a, "UAV %d is neither declared nor bound to an argument", id);
	return m;
}

/* the byte offset in m of a UAV access's address s[0]: a 64-bit pair under
 * the 64-bit ABI, except in private memory (amd_abi64.c) */
static uint32_t uav_addr(Run *R, Item *it, const AInst *a, const Mem *m)
{
	if (amd_abi64(R) && m->id != -2)
		return amd_abi64_offset(R, it, a, &a->s[0]);
	return amd_src(R, it, a, &a->s[0], 0, 0);
}

static int aligned(Run *R, Item *it, const AInst *a, uint32_t addr, uint32_t n)
{
	if (addr % n == 0)
		return 1;
	amd_fail(R, it, a, "address 0x%x is not %u-byte aligned", addr, n);
	return 0;
}

/* a load (or atomic) of a byte another work-item of the group stored with
 * no barrier of the store's kind between the two: OpenCL leaves the value
 * undefined, and the two runtimes would make different choices */
static void race(Run *R, Item *it, const AInst *a, const Mem *m, uint32_t addr, const char *what)
{
	amd_fail(R, it, a, "%s byte 0x%x of %s, which another work-item of its group stored with no "
	         "barrier (fence_threads_%s) in between: a data race", what, addr,
	         m == &R->lds ? "local memory (LDS)" : m->is_uav ? "a UAV" : "memory", m == &R->lds ? "lds" : "memory");
}

/* ---- what a work-item sees (docs/TESTING.md, memory model) ----------------------
 * n bytes at p (offset addr of m) as this work-item sees them: its own
 * pending stores first (program order), else memory; a byte of LDS or
 * private memory no store has reached is a poison read. */
static void see(Run *R, Item *it, const AInst *a, const Mem *m, const uint8_t *p, uint32_t addr, int n,
                uint8_t *out)
{
	int i;
	for (i = 0; i < n; i++) {
		if (hzsb_get(&it->sb, p + i, 0, &out[i]))
			continue;
		if (hzsb_foreign(&it->sb, p + i, 0)) {
			race(R, it, a, m, addr + (uint32_t)i, "reads");
			return;
		}
		out[i] = p[i];
		if (m->init && !m->init[addr + (uint32_t)i])
			R->poison_read = 1;
	}
}

/* a store of n bytes: private memory at once (only its owner sees it),
 * LDS and UAV bytes into the work-item's store buffer */
static void put(Run *R, Item *it, const Mem *m, uint8_t *p, uint32_t addr, int n, const uint8_t *v)
{
	int i;
	for (i = 0; i < n; i++) {
		if (m->id == -2) {
			p[i] = v[i];
			m->init[addr + (uint32_t)i] = 1;
		} else if (m == &R->lds || lds_more_has(R, m)) {
			hzsb_put(&it->sb, p + i, m->init + addr + i, v[i], AK_LDS, 0);
		} else {
			hzsb_put(&it->sb, p + i, NULL, v[i], AK_GLOBAL, 0);
		}
	}
}

/* how a load fills its destination */
enum { L_PREFIX, L_ONE, L_VEC, L_SEQ };

/* L_PREFIX: the mask's x.. prefix gets the dwords at addr, addr+4 ..;
 * L_ONE: the one written component gets the sz-byte value at addr;
 * L_VEC: each written component c gets the dword at addr + 4c;
 * L_SEQ: the sz written components, in order, get the dwords at addr, addr+4 .. */
static void load(Run *R, Item *it, const AInst *a, Mem *m, uint32_t addr, int sz, int sign, int mode)
{
	uint32_t res[4] = {0};
	int c, n = 0;
	const uint8_t *p;
	uint8_t t0;
	for (c = 0; c < 4; c++)
		n += a->d.m[c] == WM_WRITE;
	if (mode == L_SEQ && n != sz) {
		amd_fail(R, it, a, "loads %d dwords into %d written components", sz, n);
		return;
	}
	if (mode == L_SEQ)
		sz = 4;
	if (mode == L_ONE && n != 1) {
		amd_fail(R, it, a, "loads one value; the destination mask names %d components", n);
		return;
	}
	if (mode == L_PREFIX && prefix(a) <= 0) {
		amd_fail(R, it, a, "the destination mask must be x, xy, xyz or xyzw");
		return;
	}
	if (!aligned(R, it, a, addr, (uint32_t)sz))
		return;
	n = -1; /* L_SEQ: counts the written components before c */
	t0 = R->taint; /* the address's class, then each component its bytes' */
	R->percomp = 1;
	for (c = 0; c < 4; c++) {
		uint32_t at;
		uint8_t b[4];
		R->ct[c] = 0;
		if (a->d.m[c] != WM_WRITE)
			continue;
		R->taint = t0;
		n++; /* L_SEQ: the written components in order */
		at = addr + (mode == L_ONE ? 0 : 4u * (uint32_t)(mode == L_SEQ ? n : c));
		if (!(p = amd_mem_at(R, m, at, (uint32_t)sz, it, a, 0)))
			return;
		see(R, it, a, m, p, at, sz, b);
		if (R->err)
			return;
		if (sz == 4)
			res[c] = rd32(b);
		else if (sz == 2)
			res[c] = sign ? (uint32_t)(int32_t)(int16_t)(b[0] | b[1] << 8) : (uint32_t)(b[0] | b[1] << 8);
		else
			res[c] = sign ? (uint32_t)(int32_t)(int8_t)b[0] : b[0];
		R->ct[c] = R->taint;
	}
	for (c = 0; c < 4; c++) {
		int mk = a->d.m[c];
		if (mk == WM_WRITE)
			amd_write(R, it, a, c, res[c]);
		else if (mk == WM_ZERO || mk == WM_ONE)
			amd_write(R, it, a, c, mk == WM_ONE ? 0x3f800000u : 0);
	}
}

/* A plain store of n bytes at addr by `it`: a byte another work-item
 * stored in the same epoch (its group, no barrier ordering global memory
 * in between) or in another group has no defined final value; note it
 * for the comparison (conform.c reports it as a race, not a mismatch). */
static void note_racer(Run *R, const Item *it, Mem *m, uint32_t addr, uint32_t n)
{
	uint32_t i;
	if (!m->is_uav && m->writer && addr <= m->size && n <= m->size - addr) {
		/* LDS: a byte another work-item of the group stored since the
		 * last barrier ordering LDS; what a later load reads of it then
		 * depends on the order (noted, the first one; conform.c tries
		 * another launch) */
		for (i = 0; i < n && !R->lds_race; i++) {
			int64_t w = m->writer[addr + i];
			if (w >= 0 && w != it->flat_gid && m->wepoch[addr + i] == R->lds_epoch)
				R->lds_race = xasprintf("work-items %lld and %lld (flat global ids) both store byte 0x%x "
				                        "of local memory (LDS) with no barrier in between",
				                        (long long)w, (long long)it->flat_gid, addr + i);
		}
		return;
	}
	if (!m->racer || addr > m->size || n > m->size - addr)
		return; /* amd_mem_at reports it */
	for (i = 0; i < n; i++) {
		int64_t w = m->writer[addr + i];
		uint32_t e = m->wepoch[addr + i];
		/* groups run one after another: an epoch before this group's
		 * first is another group's */
		if (w >= 0 && w != it->flat_gid && (e == R->epoch || e < R->group_epoch))
			m->racer[addr + i] = w;
	}
}

/* ---- the R7xx global buffer g[] (derived kernels) ---------------------------- */

/* the byte of g[idx (+ rel)].c in the g argument's memory, after its
 * placement; -1 after a failure */
static int64_t global_at(Run *R, Item *it, const AInst *a, int idx, int rel, int rel_sel, int c, Mem **m)
{
	int64_t i = idx;
	if (rel >= 0) {
		i += (int32_t)it->r[rel * 4 + rel_sel];
		R->taint = amd_taint_join(R->taint, it->rt[rel * 4 + rel_sel]);
	}
	amd_taint_steers(R, R->taint);
	if (!(*m = amd_uav(R, MD_CAL_GLOBAL_ID))) {
		amd_fail(R, it, a, "g[] is bound to no argument");
		return -1;
	}
	if (i < 0 || i >= (int64_t)1 << 28) {
		amd_fail(R, it, a, "g[%lld] is outside the global buffer", (long long)i);
		return -1;
	}
	return i * 16 + c * 4;
}

uint32_t amd_global_load(Run *R, Item *it, const AInst *a, int idx, int rel, int rel_sel, int c)
{
	Mem *m;
	int64_t at = global_at(R, it, a, idx, rel, rel_sel, c, &m);
	const uint8_t *p;
	uint8_t b[4] = {0};
	uint32_t v;
	if (at < 0 || !(p = amd_mem_at(R, m, (uint32_t)at, 4, it, a, 0)))
		return 0;
	see(R, it, a, m, p, (uint32_t)at, 4, b);
	memcpy(&v, b, 4);
	return v;
}

void amd_global_store(Run *R, Item *it, const AInst *a, int c, uint32_t v)
{
	const ADst *d = &a->d;
	Mem *m;
	int64_t at = global_at(R, it, a, d->idx, d->rel, d->rel_sel, c, &m);
	uint8_t *p, b[4];
	if (at < 0)
		return;
	note_racer(R, it, m, (uint32_t)at, 4);
	if (!(p = amd_mem_at(R, m, (uint32_t)at, 4, it, a, 1)))
		return;
	memcpy(b, &v, 4);
	put(R, it, m, p, (uint32_t)at, 4, b);
}

/* --cal-outputs buffer: render target `buf` of an il_ps invocation, its
 * four values v (classes t) to the 16 bytes of its pixel: element
 * (y - y0) w + (x - x0) of the domain, the flat global id of the launch */
void amd_ps_buffer(Run *R, Item *it, const AInst *a, const MdArg *buf, const uint32_t v[4], const uint8_t t[4])
{
	Mem *m = amd_uav(R, buf->bufid);
	uint32_t at = (uint32_t)(it->flat_gid * 16);
	uint8_t *p;
	int c;
	if (!m) {
		amd_fail(R, it, a, "render target '%s' is bound to no buffer", buf->name);
		return;
	}
	for (c = 0; c < 4; c++) {
		R->taint = t[c];
		note_racer(R, it, m, at + 4 * (uint32_t)c, 4);
		if (!(p = amd_mem_at(R, m, at + 4 * (uint32_t)c, 4, it, a, 1)))
			return;
		put(R, it, m, p, at + 4 * (uint32_t)c, 4, (const uint8_t *)&v[c]);
	}
}

/* stores n dwords of source vi (components x..), or the low sz bytes of x */
static void store(Run *R, Item *it, const AInst *a, Mem *m, uint32_t addr, int sz, int n, int vi)
{
	uint32_t v[4];
	int j;
	uint8_t *p, t0 = R->taint, tj[4];
	amd_taint_steers(R, t0); /* the address: where it stores */
	if (!aligned(R, it, a, addr, (uint32_t)sz))
		return;
	for (j = 0; j < n; j++) { /* each dword: the address's class and its own */
		R->taint = t0;
		v[j] = amd_src(R, it, a, &a->s[vi], j, 0);
		tj[j] = R->taint;
	}
	if (R->err)
		return;
	for (j = 0; j < n; j++) {
		uint8_t b[4];
		R->taint = tj[j];
		note_racer(R, it, m, addr + 4u * (uint32_t)j, (uint32_t)sz);
		if (!(p = amd_mem_at(R, m, addr + 4u * (uint32_t)j, (uint32_t)sz, it, a, 1)))
			return;
		wr32(b, v[j]); /* little-endian: the low sz bytes */
		put(R, it, m, p, addr + 4u * (uint32_t)j, sz, b);
	}
}

static int nsrc_is(Run *R, Item *it, const AInst *a, int n)
{
	if (a->nsrc == n)
		return 1;
	amd_fail(R, it, a, "takes %d source operands here, not %d", n, a->nsrc);
	return 0;
}

/* ---- UAV and LDS loads / stores -------------------------------------------------- */

/* a structured access's byte address a.x * stride + a.y (mod 2^32), the
 * stride from dcl_struct_uav; 0 after an error */
static int struct_addr(Run *R, Item *it, const AInst *a, uint32_t *addr)
{
	size_t i;
	for (i = 0; i < R->c.struct_uav.n && R->c.struct_uav.v[i] != a->uav; i++)
		;
	if (i == R->c.struct_uav.n) {
		amd_fail(R, it, a, "UAV %d has no dcl_struct_uav stride", a->uav);
		return 0;
	}
	*addr = amd_src(R, it, a, &a->s[0], 0, 0) * (uint32_t)R->c.struct_stride.v[i] +
	        amd_src(R, it, a, &a->s[0], 1, 0);
	return !R->err;
}

static int uav_access(Run *R, Item *it, const AInst *a)
{
	Mem priv, *m;
	uint32_t addr;
	int sz = 4, sign = 0, n;
	switch (a->op) {
	case OP_UAV_RAW_LOAD: case OP_UAV_BYTE_LOAD: case OP_UAV_UBYTE_LOAD: case OP_UAV_SHORT_LOAD:
	case OP_UAV_USHORT_LOAD: case OP_UAV_ARENA_LOAD:
		if (!nsrc_is(R, it, a, 1) || !(m = uav_of(R, it, a, &priv)))
			return 1;
		sz = a->op == OP_UAV_BYTE_LOAD || a->op == OP_UAV_UBYTE_LOAD ? 1 :
		     a->op == OP_UAV_SHORT_LOAD || a->op == OP_UAV_USHORT_LOAD ? 2 :
		     a->op == OP_UAV_ARENA_LOAD && a->aux ? a->aux : 4;
		sign = a->op == OP_UAV_BYTE_LOAD || a->op == OP_UAV_SHORT_LOAD;
		addr = uav_addr(R, it, a, m);
		/* raw dword loads fill x, xy, ...; the others (arena dwords too) one component */
		load(R, it, a, m, addr, sz, sign, sz == 4 && a->op != OP_UAV_ARENA_LOAD ? L_PREFIX : L_ONE);
		return 1;
	case OP_UAV_RAW_STORE: case OP_UAV_BYTE_STORE: case OP_UAV_SHORT_STORE: case OP_UAV_ARENA_STORE:
		if (!nsrc_is(R, it, a, 2) || !(m = uav_of(R, it, a, &priv)))
			return 1;
		sz = a->op == OP_UAV_BYTE_STORE ? 1 : a->op == OP_UAV_SHORT_STORE ? 2 :
		     a->op == OP_UAV_ARENA_STORE && a->aux ? a->aux : 4;
		n = sz < 4 ? 1 : a->d.kind == D_MEM ? prefix(a) : 1;
		if (n <= 0) {
			amd_fail(R, it, a, "the 'mem' mask must be x, xy, xyz or xyzw");
			return 1;
		}
		addr = uav_addr(R, it, a, m);
		store(R, it, a, m, addr, sz, n, 1);
		return 1;
	case OP_UAV_STRUCT_LOAD: /* written component c: the dword at addr + 4c */
		if (!nsrc_is(R, it, a, 1) || !(m = uav_of(R, it, a, &priv)) || !struct_addr(R, it, a, &addr))
			return 1;
		load(R, it, a, m, addr, 4, 0, L_VEC);
		return 1;
	case OP_UAV_STRUCT_STORE: /* mem.x/xy/xyz/xyzw: the value's first 1-4 components */
		if (!nsrc_is(R, it, a, 2) || !(m = uav_of(R, it, a, &priv)))
			return 1;
		if (a->d.kind != D_MEM || (n = prefix(a)) <= 0) {
			amd_fail(R, it, a, "the 'mem' mask must be x, xy, xyz or xyzw");
			return 1;
		}
		if (struct_addr(R, it, a, &addr))
			store(R, it, a, m, addr, 4, n, 1);
		return 1;
	default:
		return 0;
	}
}

/* the memory of the access's LDS id: the first id's, or a further one's */
static Mem *lds_mem(Run *R, const AInst *a)
{
	size_t i;
	for (i = 0; i < R->lds_more.n; i++)
		if (R->lds_more.v[i].id == a->uav)
			return &R->lds_more.v[i];
	return &R->lds;
}

/* the stride of the access's LDS id (dcl_struct_lds), 0 for raw LDS */
static int lds_stride(Run *R, const AInst *a)
{
	int n;
	for (n = 0; n < R->c.nlds; n++)
		if (R->c.lds_ids[n] == a->uav)
			return R->c.lds_strides[n];
	return 0;
}

/* structured LDS: byte address index * stride + offset (GRVK) */
static uint32_t struct_lds_addr(Run *R, Item *it, const AInst *a, int stride)
{
	return amd_src(R, it, a, &a->s[0], 0, 0) * (uint32_t)stride + amd_src(R, it, a, &a->s[1], 0, 0);
}

static int same_address(Run *R, Item *it, const AInst *a, uint32_t addr)
{
	uint32_t second = amd_src(R, it, a, &a->s[1], 0, 0);
	if (second == addr)
		return 1;
	R->refused = 1;
	amd_fail(R, it, a, "raw LDS needs the second address equal to the first (0x%x, not 0x%x); "
	         "structured LDS is not emulated", addr, second);
	return 0;
}

/* lds_load64 dst.xy__|__zw, addr: the dwords at addr and addr+4 into the
 * pair's low and high component.  AMD's compiler emits it only for 8-byte
 * aligned accesses (AMDILEGIOExpansion expandLocalLoad), so another address
 * is an error here. */
static void lds_load64(Run *R, Item *it, const AInst *a)
{
	uint32_t addr = amd_src(R, it, a, &a->s[0], 0, 0), v[2];
	const uint8_t *p;
	uint8_t b[8];
	int c, lo = -1;
	for (c = 0; c < 4; c += 2)
		if (a->d.m[c] == WM_WRITE && a->d.m[c + 1] == WM_WRITE &&
		    a->d.m[2 - c] != WM_WRITE && a->d.m[3 - c] != WM_WRITE)
			lo = c;
	if (lo < 0) {
		amd_fail(R, it, a, "writes one 64-bit pair: the destination mask must be xy or zw");
		return;
	}
	if (R->err || !aligned(R, it, a, addr, 8))
		return;
	if (!(p = amd_mem_at(R, lds_mem(R, a), addr, 8, it, a, 0)))
		return;
	see(R, it, a, lds_mem(R, a), p, addr, 8, b);
	if (R->err)
		return;
	v[0] = rd32(b), v[1] = rd32(b + 4);
	for (c = 0; c < 4; c++) {
		int mk = a->d.m[c];
		if (mk == WM_WRITE)
			amd_write(R, it, a, c, v[c - lo]);
		else if (mk == WM_ZERO || mk == WM_ONE)
			amd_write(R, it, a, c, mk == WM_ONE ? 0x3f800000u : 0);
	}
}

/* lds_store64 addr, v (AMD's form) or lds_store64 mem.xy__, addr, v: v's
 * first two components (low, high dword) at addr, addr+4 */
static void lds_store64(Run *R, Item *it, const AInst *a)
{
	int mem = a->d.kind == D_MEM;
	uint32_t addr;
	if (!nsrc_is(R, it, a, 2))
		return;
	if (mem && (prefix(a) != 2)) {
		amd_fail(R, it, a, "writes one 64-bit pair: 'mem' needs the mask xy");
		return;
	}
	addr = amd_src(R, it, a, &a->s[0], 0, 0);
	if (!R->err && aligned(R, it, a, addr, 8))
		store(R, it, a, lds_mem(R, a), addr, 4, 2, 1);
}

/* only lds_load_vec / lds_store_vec take structured LDS's (index, offset) */
static int struct_refused(Run *R, Item *it, const AInst *a)
{
	if (!lds_stride(R, a) || a->op == OP_LDS_LOAD_VEC || a->op == OP_LDS_STORE_VEC)
		return 0;
	R->refused = 1;
	amd_fail(R, it, a, "structured LDS (dcl_struct_lds) is addressed by lds_load_vec and "
	         "lds_store_vec only");
	return 1;
}

static int lds_access(Run *R, Item *it, const AInst *a)
{
	uint32_t addr;
	int sz = 4, sign = 0;
	if (!strncmp(il_ops[a->op].name, "lds_", 4) && struct_refused(R, it, a))
		return 1;
	switch (a->op) {
	case OP_LDS_LOAD: case OP_LDS_LOAD_BYTE: case OP_LDS_LOAD_UBYTE: case OP_LDS_LOAD_SHORT:
	case OP_LDS_LOAD_USHORT:
		if (!nsrc_is(R, it, a, 1))
			return 1;
		sz = a->op == OP_LDS_LOAD ? 4 : a->op == OP_LDS_LOAD_BYTE || a->op == OP_LDS_LOAD_UBYTE ? 1 : 2;
		sign = a->op == OP_LDS_LOAD_BYTE || a->op == OP_LDS_LOAD_SHORT;
		addr = amd_src(R, it, a, &a->s[0], 0, 0);
		load(R, it, a, lds_mem(R, a), addr, sz, sign, L_ONE);
		return 1;
	case OP_LDS_LOAD_VEC:
		if (!nsrc_is(R, it, a, 2))
			return 1;
		if (lds_stride(R, a)) { /* lds_load_vec dst, index, offset */
			load(R, it, a, lds_mem(R, a), struct_lds_addr(R, it, a, lds_stride(R, a)), 4, 0, L_VEC);
			return 1;
		}
		addr = amd_src(R, it, a, &a->s[0], 0, 0);
		if (same_address(R, it, a, addr))
			load(R, it, a, lds_mem(R, a), addr, 4, 0, L_VEC);
		return 1;
	case OP_LDS_STORE: case OP_LDS_STORE_BYTE: case OP_LDS_STORE_SHORT:
		if (!nsrc_is(R, it, a, 2))
			return 1;
		sz = a->op == OP_LDS_STORE ? 4 : a->op == OP_LDS_STORE_BYTE ? 1 : 2;
		addr = amd_src(R, it, a, &a->s[0], 0, 0);
		store(R, it, a, lds_mem(R, a), addr, sz, 1, 1);
		return 1;
	case OP_LDS_LOAD64:
		if (nsrc_is(R, it, a, 1))
			lds_load64(R, it, a);
		return 1;
	case OP_LDS_STORE64:
		lds_store64(R, it, a);
		return 1;
	case OP_LDS_STORE_VEC: {
		int n = prefix(a), j;
		if (!nsrc_is(R, it, a, 3))
			return 1;
		if (a->d.kind != D_MEM || n <= 0) {
			amd_fail(R, it, a, "needs 'mem' with mask x, xy, xyz or xyzw");
			return 1;
		}
		if (lds_stride(R, a)) { /* lds_store_vec mem, index, offset, data */
			store(R, it, a, lds_mem(R, a), struct_lds_addr(R, it, a, lds_stride(R, a)), 4, n, 2);
			return 1;
		}
		/* AMD-APP 2.x: lds_store_vec mem0, addr, data, data (the data
		 * register twice); different data operands are not understood */
		addr = amd_src(R, it, a, &a->s[0], 0, 0);
		for (j = 0; j < n; j++)
			if (amd_src(R, it, a, &a->s[1], j, 0) != amd_src(R, it, a, &a->s[2], j, 0)) {
				R->refused = 1;
				amd_fail(R, it, a, "lds_store_vec with two different data operands is not emulated");
				return 1;
			}
		store(R, it, a, lds_mem(R, a), addr, 4, n, 1);
		return 1;
	}
	default:
		return 0;
	}
}

/* ---- atomics ---------------------------------------------------------------------- */

enum { A_ADD, A_SUB, A_RSUB, A_MIN, A_MAX, A_UMIN, A_UMAX, A_AND, A_OR, A_XOR, A_XCHG, A_INC,
       A_DEC, A_CMP, A_MSKOR };

typedef struct AtomOp {
	int op, ret, kind, lds;
} AtomOp;

static const AtomOp atoms[] = {
	{OP_UAV_ADD, 0, A_ADD, 0}, {OP_UAV_SUB, 0, A_SUB, 0}, {OP_UAV_RSUB, 0, A_RSUB, 0},
	{OP_UAV_MIN, 0, A_MIN, 0}, {OP_UAV_MAX, 0, A_MAX, 0}, {OP_UAV_UMIN, 0, A_UMIN, 0},
	{OP_UAV_UMAX, 0, A_UMAX, 0}, {OP_UAV_AND, 0, A_AND, 0}, {OP_UAV_OR, 0, A_OR, 0},
	{OP_UAV_XOR, 0, A_XOR, 0}, {OP_UAV_UINC, 0, A_INC, 0}, {OP_UAV_UDEC, 0, A_DEC, 0},
	{OP_UAV_CMP, 0, A_CMP, 0},
	{OP_UAV_READ_ADD, 1, A_ADD, 0}, {OP_UAV_READ_SUB, 1, A_SUB, 0}, {OP_UAV_READ_RSUB, 1, A_RSUB, 0},
	{OP_UAV_READ_MIN, 1, A_MIN, 0}, {OP_UAV_READ_MAX, 1, A_MAX, 0}, {OP_UAV_READ_UMIN, 1, A_UMIN, 0},
	{OP_UAV_READ_UMAX, 1, A_UMAX, 0}, {OP_UAV_READ_AND, 1, A_AND, 0}, {OP_UAV_READ_OR, 1, A_OR, 0},
	{OP_UAV_READ_XOR, 1, A_XOR, 0}, {OP_UAV_READ_UINC, 1, A_INC, 0}, {OP_UAV_READ_UDEC, 1, A_DEC, 0},
	{OP_UAV_READ_XCHG, 1, A_XCHG, 0}, {OP_UAV_READ_CMP_XCHG, 1, A_CMP, 0},
	{OP_LDS_ADD, 0, A_ADD, 1}, {OP_LDS_SUB, 0, A_SUB, 1}, {OP_LDS_RSUB, 0, A_RSUB, 1},
	{OP_LDS_MIN, 0, A_MIN, 1}, {OP_LDS_MAX, 0, A_MAX, 1}, {OP_LDS_UMIN, 0, A_UMIN, 1},
	{OP_LDS_UMAX, 0, A_UMAX, 1}, {OP_LDS_AND, 0, A_AND, 1}, {OP_LDS_OR, 0, A_OR, 1},
	{OP_LDS_XOR, 0, A_XOR, 1}, {OP_LDS_INC, 0, A_INC, 1}, {OP_LDS_DEC, 0, A_DEC, 1},
	{OP_LDS_CMP, 0, A_CMP, 1},
	{OP_LDS_READ_ADD, 1, A_ADD, 1}, {OP_LDS_READ_SUB, 1, A_SUB, 1}, {OP_LDS_READ_RSUB, 1, A_RSUB, 1},
	{OP_LDS_READ_MIN, 1, A_MIN, 1}, {OP_LDS_READ_MAX, 1, A_MAX, 1}, {OP_LDS_READ_UMIN, 1, A_UMIN, 1},
	{OP_LDS_READ_UMAX, 1, A_UMAX, 1}, {OP_LDS_READ_AND, 1, A_AND, 1}, {OP_LDS_READ_OR, 1, A_OR, 1},
	{OP_LDS_READ_XOR, 1, A_XOR, 1}, {OP_LDS_READ_INC, 1, A_INC, 1}, {OP_LDS_READ_DEC, 1, A_DEC, 1},
	{OP_LDS_READ_XCHG, 1, A_XCHG, 1}, {OP_LDS_READ_CMP_XCHG, 1, A_CMP, 1},
	{OP_LDS_MSKOR, 0, A_MSKOR, 1}, {OP_LDS_READ_MSKOR, 1, A_MSKOR, 1},
};

/* AMD's atomic on a dword or (bits 64, the _b64 forms) a quadword; values
 * are zero-extended, the caller keeps the low `bits` of the result. */
static uint64_t atom_apply(int kind, uint64_t m, uint64_t v, uint64_t cmpv, int bits)
{
	int64_t sm = bits == 32 ? (int32_t)m : (int64_t)m, sv = bits == 32 ? (int32_t)v : (int64_t)v;
	switch (kind) {
	case A_ADD: return m + v;
	case A_SUB: return m - v;
	case A_RSUB: return v - m;
	case A_MIN: return sv < sm ? v : m;
	case A_MAX: return sv > sm ? v : m;
	case A_UMIN: return v < m ? v : m;
	case A_UMAX: return v > m ? v : m;
	case A_AND: return m & v;
	case A_OR: return m | v;
	case A_XOR: return m ^ v;
	case A_XCHG: return v;
	case A_INC: return m >= v ? 0 : m + 1;
	case A_DEC: return m == 0 || m > v ? v : m - 1;
	case A_MSKOR: return (m & ~cmpv) | v; /* cmpv: the mask */
	default: return m == cmpv ? v : m; /* A_CMP */
	}
}

/* uav_<op>_b64 addr, v; uav_read_<op>_b64 dst.xy|zw, addr, v [, compare]:
 * the 64-bit values are component pairs (x low, y high), the old value goes
 * to the destination pair (AMD's backend: a GPR_64 register, Rxy or Rzw) */
static void atomic64(Run *R, Item *it, const AInst *a, const AtomOp *t, Mem *m)
{
	uint32_t addr = uav_addr(R, it, a, m);
	uint64_t v, cmpv = 0, old;
	uint8_t *p;
	amd_taint_steers(R, R->taint); /* the address: which quadword it updates */
	if (t->lds || t->kind == A_RSUB || t->kind == A_INC || t->kind == A_DEC) {
		R->refused = 1;
		amd_fail(R, it, a, "this _b64 atomic is not emulated (only UAV add sub min max umin umax "
		         "and or xor xchg cmp)");
		return;
	}
	int lo = -1, c;
	for (c = 0; c < 4; c += 2)
		if (a->d.m[c] == WM_WRITE && a->d.m[c + 1] == WM_WRITE && a->d.m[2 - c] != WM_WRITE &&
		    a->d.m[3 - c] != WM_WRITE)
			lo = c;
	if (t->ret && lo < 0) {
		amd_fail(R, it, a, "a _b64 atomic returns its old value in one component pair: the mask "
		         "must write x and y, or z and w");
		return;
	}
	v = amd_src(R, it, a, &a->s[1], 0, 0) | (uint64_t)amd_src(R, it, a, &a->s[1], 1, 0) << 32;
	if (t->kind == A_CMP)
		cmpv = amd_src(R, it, a, &a->s[2], 0, 0) | (uint64_t)amd_src(R, it, a, &a->s[2], 1, 0) << 32;
	if (R->err || !aligned(R, it, a, addr, 8) || !(p = amd_mem_at(R, m, addr, 8, it, a, 2)))
		return;
	old = rd32(p) | (uint64_t)rd32(p + 4) << 32;
	v = atom_apply(t->kind, old, v, cmpv, 64);
	wr32(p, (uint32_t)v);
	wr32(p + 4, (uint32_t)(v >> 32));
	if (t->ret) {
		amd_write(R, it, a, lo, (uint32_t)old);
		amd_write(R, it, a, lo + 1, (uint32_t)(old >> 32));
		for (c = 0; c < 4; c++)
			if (a->d.m[c] == WM_ZERO || a->d.m[c] == WM_ONE)
				amd_write(R, it, a, c, a->d.m[c] == WM_ONE ? 0x3f800000u : 0);
	}
}

static int atomic(Run *R, Item *it, const AInst *a)
{
	const AtomOp *t = NULL;
	Mem priv, *m;
	uint32_t addr, v, cmpv = 0, old;
	uint8_t *p;
	size_t i;
	int c, ns;
	for (i = 0; i < NELEM(atoms) && !t; i++)
		if (atoms[i].op == a->op)
			t = &atoms[i];
	if (!t)
		return 0;
	ns = t->kind == A_CMP || t->kind == A_MSKOR ? 3 : 2;
	if (!nsrc_is(R, it, a, ns))
		return 1;
	if (t->ret != (a->d.kind == D_TEMP || a->d.kind == D_ITEMP)) {
		amd_fail(R, it, a, t->ret ? "needs a register destination" : "has no destination");
		return 1;
	}
	m = t->lds ? lds_mem(R, a) : uav_of(R, it, a, &priv);
	if (!m)
		return 1;
	if (a->b64) {
		atomic64(R, it, a, t, m);
		return 1;
	}
	addr = t->lds ? amd_src(R, it, a, &a->s[0], 0, 0) : uav_addr(R, it, a, m);
	amd_taint_steers(R, R->taint); /* the address: which dword it updates */
	/* cmp: UAV (addr, value, compare), LDS (addr, compare, value);
	 * mskor (addr, mask, value), the mask in cmpv */
	v = amd_src(R, it, a, &a->s[(t->kind == A_CMP || t->kind == A_MSKOR) && t->lds ? 2 : 1], 0, 0);
	if (t->kind == A_CMP || t->kind == A_MSKOR)
		cmpv = amd_src(R, it, a, &a->s[t->lds ? 1 : 2], 0, 0);
	if (R->err || !aligned(R, it, a, addr, 4) || !(p = amd_mem_at(R, m, addr, 4, it, a, 2)))
		return 1;
	/* atomics act on memory at once, after this work-item's own pending
	 * stores to the dword */
	hzsb_drain(&it->sb, p, 4, 0);
	for (c = 0; c < 4; c++)
		if (hzsb_foreign(&it->sb, p + c, 0)) {
			race(R, it, a, m, addr + (uint32_t)c, "an atomic reads");
			return 1;
		}
	if (m->init) {
		for (c = 0; c < 4; c++) {
			if (!m->init[addr + (uint32_t)c])
				R->poison_read = 1;
			m->init[addr + (uint32_t)c] = 1;
		}
	}
	old = rd32(p);
	wr32(p, (uint32_t)atom_apply(t->kind, old, v, cmpv, 32));
	for (c = 0; t->ret && c < 4; c++) {
		int mk = a->d.m[c];
		if (mk == WM_WRITE)
			amd_write(R, it, a, c, old);
		else if (mk == WM_ZERO || mk == WM_ONE)
			amd_write(R, it, a, c, mk == WM_ONE ? 0x3f800000u : 0);
	}
	return 1;
}

/* ---- CI flat memory ----------------------------------------------------------------
 * flat_load_size(T) d, a.xy / flat_store_size(T) v, a.xy (the AMDIL backend's
 * FlatLoad/FlatStore print strings: the value first, then the address).
 * Only the 64-bit ABI: the pair is the address, and every address a kernel
 * can hold here is a global one (its buffers: AMD's runtime puts them all in
 * the default UAV's heap), since AMD IL has no operation that yields an
 * address in the LDS or private aperture.  T: ubyte/sbyte/ushort/sshort
 * extend into one written component; dword into one, dwordx2..4 into the
 * written components in order (a store: the value's first 1-4 selectors). */
int amd_flat_size(const char *arg)
{
	static const struct { const char *n; int v; } t[] = {
		{"ubyte", 1}, {"sbyte", 0x101}, {"ushort", 2}, {"sshort", 0x102}, {"dword", 4},
		{"dwordx2", 8}, {"dwordx3", 12}, {"dwordx4", 16},
	};
	size_t i;
	for (i = 0; arg && i < NELEM(t); i++)
		if (!strcmp(arg, t[i].n))
			return t[i].v;
	return -1;
}

static int flat_access(Run *R, Item *it, const AInst *a)
{
	int st = a->op == OP_FLAT_STORE, bytes = a->aux & 0xff, sign = a->aux >> 8 & 1;
	Mem *m;
	uint32_t addr;
	if (a->op != OP_FLAT_LOAD && a->op != OP_FLAT_STORE)
		return 0;
	if (!amd_abi64(R)) {
		R->refused = 1;
		amd_fail(R, it, a, "flat addresses are 64-bit: only kernels of AMD's 64-bit ABI "
		         "(;memory:64bitABI) are emulated");
		return 1;
	}
	if (st && a->d.kind == D_MEM) {
		R->refused = 1;
		amd_fail(R, it, a, "flat_store takes the value, then the address (no mem# destination)");
		return 1;
	}
	if (!nsrc_is(R, it, a, st ? 2 : 1))
		return 1;
	if (!(m = amd_uav(R, default_uav(R)))) {
		amd_fail(R, it, a, "the global heap (UAV %d) is not bound", default_uav(R));
		return 1;
	}
	addr = amd_abi64_offset(R, it, a, &a->s[st]);
	if (R->err)
		return 1;
	if (st)
		store(R, it, a, m, addr, bytes < 4 ? bytes : 4, bytes < 4 ? 1 : bytes / 4, 0);
	else if (bytes <= 4)
		load(R, it, a, m, addr, bytes, sign, L_ONE);
	else
		load(R, it, a, m, addr, bytes / 4, 0, L_SEQ);
	return 1;
}

/* append_buf_alloc_id(n) dst / append_buf_consume_id(n) dst: counter n,
 * the ;counter argument with id n (its value: the first dword of the
 * launch's buffer, amd.c).  alloc returns the old value and adds 1;
 * consume subtracts 1 and returns the new value (AMD's OpenCL library:
 * atomic_dec(counter) is consume + 1, "the instruction returns the
 * updated value"); 32-bit wrap.  Every written component gets the result,
 * as the UAV atomics' old value. */
static int counter_op(Run *R, Item *it, const AInst *a)
{
	const MdBlock *md = R->k->md;
	uint8_t *p = NULL;
	uint32_t old, res;
	size_t i;
	int c;
	if (a->op != OP_APPEND_BUF_ALLOC && a->op != OP_APPEND_BUF_CONSUME)
		return 0;
	if (!nsrc_is(R, it, a, 0))
		return 1;
	if (a->d.kind != D_TEMP && a->d.kind != D_ITEMP) {
		amd_fail(R, it, a, "needs a register destination");
		return 1;
	}
	for (i = 0; i < md->args.n; i++)
		if (md->args.v[i].kind == MA_COUNTER && md->args.v[i].bufid == a->uav && R->ctr[i]) {
			if (p) {
				amd_fail(R, it, a, "two counter arguments have id %d", a->uav);
				return 1;
			}
			p = R->ctr[i];
		}
	if (!p) {
		amd_fail(R, it, a, "no counter argument has id %d", a->uav);
		return 1;
	}
	old = rd32(p);
	res = a->op == OP_APPEND_BUF_ALLOC ? old : old - 1;
	wr32(p, a->op == OP_APPEND_BUF_ALLOC ? old + 1 : old - 1);
	for (c = 0; c < 4; c++) {
		int mk = a->d.m[c];
		if (mk == WM_WRITE)
			amd_write(R, it, a, c, res);
		else if (mk == WM_ZERO || mk == WM_ONE)
			amd_write(R, it, a, c, mk == WM_ONE ? 0x3f800000u : 0);
	}
	return 1;
}

int amd_mem(Run *R, Item *it, const AInst *a)
{
	if (counter_op(R, it, a))
		return 1;
	if (flat_access(R, it, a) || uav_access(R, it, a) || lds_access(R, it, a) || atomic(R, it, a) || amd_image(R, it, a))
		return 1;
	return 0;
}
