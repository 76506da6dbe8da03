/* amd_exec.c - the GPU side of the AMD emulator: one resumable interpreter
 * per work-item over the decoded code of amd_decode.c.
 *
 * amd_run_item() runs a work-item until it reaches a barrier
 * (fence_threads_*: WI_BARRIER, resumed after it by the group loop in
 * amd.c), the end of main (WI_DONE) or an error (R->err).  Operands: a
 * source component is the swizzled component of its register, literal,
 * constant buffer, indexed temporary or special register; selectors 0/1 give
 * 0 and 1.0f (amdil.md 2.3); _abs then _neg are applied (2.5: abs before
 * neg), as float sign-bit operations for instructions with float sources and
 * as two's-complement negation for integer ones (amdil.md 8.15).  Every
 * source is read before any destination component is written.  Conditions
 * test the first selected component (5: "one lane").
 */
#include <stdarg.h>
#include <string.h>

#include "amdint.h"

void amd_fail(Run *R, const Item *it, const AInst *a, const char *fmt, ...)
{
	va_list ap;
	Buf b = {0};
	if (R->err)
		return;
	if (it)
		buf_printf(&b, "work-item %lld (global id %u,%u,%u; local id %u,%u,%u; group %u,%u,%u): ",
		           (long long)it->flat_gid, it->gid[0] + R->l->range.offset[0],
		           it->gid[1] + R->l->range.offset[1], it->gid[2] + R->l->range.offset[2], it->lid[0],
		           it->lid[1], it->lid[2], R->group[0], R->group[1], R->group[2]);
	if (a) {
		buf_printf(&b, "%s:%d: ", a->loc.file ? a->loc.file : "?", a->loc.line);
		if (a->in && a->in->word)
			buf_printf(&b, "'%s': ", a->in->word);
	}
	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	R->err = b.s;
}

void amd_note_cvt(Run *R, const Item *it, const AInst *a, double x)
{
	/* inside AMD's library macros a conversion is the library's own step
	 * (AMD defines its saturation), not a cast of the kernel's source: the
	 * macro's result is what OpenCL defines, and the twin is compared */
	if (il_libmacro_file(a->loc.file))
		return;
	R->taint |= AMD_TAINT_IMPL; /* the result: see Run.taint */
	if (!R->cvt_range)
		R->cvt_range = xasprintf("work-item %lld (flat global id), %s:%d: '%s' converts %.17g, out of its "
		                         "result's range", (long long)it->flat_gid, a->loc.file ? a->loc.file : "?",
		                         a->loc.line, a->in && a->in->word ? a->in->word : il_ops[a->op].name, x);
}

/* ---- sources ---------------------------------------------------------------- */

static uint32_t flat3(const uint32_t v[3], const uint32_t n[3])
{
	return v[0] + n[0] * (v[1] + n[1] * v[2]);
}

static void special(Run *R, const Item *it, int sr, uint32_t out[4])
{
	uint32_t local[3], global[3];
	int c;
	memset(out, 0, 4 * sizeof *out);
	for (c = 0; c < 3; c++)
		local[c] = R->l->range.local[c], global[c] = R->l->range.global[c];
	switch (sr) {
	case SR_TID_IN_GRP:
		memcpy(out, it->lid, 3 * sizeof *out);
		break;
	case SR_TID_IN_GRP_FLAT:
		out[0] = it->flat_lid;
		break;
	case SR_THREAD_GRP_ID:
		memcpy(out, R->group, 3 * sizeof *out);
		break;
	case SR_THREAD_GRP_ID_FLAT:
		out[0] = flat3(R->group, R->ngroups);
		break;
	case SR_ABS_TID:
		memcpy(out, it->gid, 3 * sizeof *out);
		break;
	case SR_VA_TID: /* R7xx CAL's absolute id is the flattened one */
	case SR_ABS_TID_FLAT:
		out[0] = flat3(it->gid, global);
		break;
	case SR_WIN_COORD: /* il_ps: the pixel's centre; the domain origin is the offset */
		for (c = 0; c < 2; c++) {
			float f = (float)(it->gid[c] + R->l->range.offset[c]) + 0.5f;
			memcpy(&out[c], &f, 4);
		}
		out[3] = 0x3f800000u;
		break;
	default:
		break;
	}
	(void)local;
}

/* element e of indexed temporary array ai, or NULL after an error; *at its
 * first component's index (for x_init) */
static uint32_t *itemp(Run *R, Item *it, const AInst *a, int ai, int idx, int rel, int rel_sel, int64_t *at)
{
	const AArray *arr = &R->c.arrays.v[ai];
	int64_t e = idx;
	if (rel >= 0) {
		e += (int32_t)it->r[rel * 4 + rel_sel];
		R->taint = amd_taint_join(R->taint, it->rt[rel * 4 + rel_sel]);
		amd_taint_steers(R, it->rt[rel * 4 + rel_sel]); /* which element */
	}
	if (e < 0 || e >= arr->len) {
		amd_fail(R, it, a, "x%d[%lld] is outside the array (x%d[%d])", arr->num, (long long)e, arr->num,
		         arr->len);
		return NULL;
	}
	*at = (arr->base + e) * 4;
	return &it->x[*at];
}

static const uint32_t *vec_of(Run *R, Item *it, const AInst *a, const ASrc *s, uint32_t tmp[4])
{
	static const uint32_t zero[4];
	const uint32_t *p;
	int64_t at;
	switch (s->kind) {
	case S_TEMP:
		return &it->r[s->reg * 4];
	case S_OUTPUT:
		return &it->o[s->reg * 4];
	case S_LIT:
		return s->lit;
	case S_ITEMP:
		p = itemp(R, it, a, s->reg, s->idx, s->rel, s->rel_sel, &at);
		return p ? p : zero;
	default:
		special(R, it, s->reg, tmp);
		return tmp;
	}
}

uint32_t amd_src(Run *R, Item *it, const AInst *a, const ASrc *s, int c, int isfloat)
{
	uint32_t tmp[4], v;
	int sel = s->sel[c];
	if (sel > SEL_W) {
		v = sel == SEL_1 ? 0x3f800000u : 0;
	} else if (s->kind == S_TEMP) {
		v = it->r[s->reg * 4 + sel];
		R->taint = amd_taint_join(R->taint, it->rt[s->reg * 4 + sel]);
	} else if (s->kind == S_LIT) {
		v = s->lit[sel];
	} else if (s->kind == S_OUTPUT) {
		v = it->o[s->reg * 4 + sel];
		R->taint = amd_taint_join(R->taint, it->ot[s->reg * 4 + sel]);
	} else if (s->kind == S_CB) {
		v = amd_cb_comp(R, it, a, s, sel);
	} else if (s->kind == S_GLOBAL) {
		v = amd_global_load(R, it, a, s->idx, s->rel, s->rel_sel, sel);
	} else if (s->kind == S_ITEMP) {
		int64_t at;
		const uint32_t *p = itemp(R, it, a, s->reg, s->idx, s->rel, s->rel_sel, &at);
		v = p ? p[sel] : 0;
		if (p && !it->x_init[at + sel])
			R->poison_read = 1;
		if (p)
			R->taint = amd_taint_join(R->taint, it->xt[at + sel]);
	} else {
		v = vec_of(R, it, a, s, tmp)[sel];
	}
	if (isfloat) {
		if (s->abs)
			v &= 0x7fffffffu;
		if (s->neg & (1u << c))
			v ^= 0x80000000u;
	} else {
		if (s->abs) /* integer _abs: the sign bit cleared (docs/real-il.md 8) */
			v &= 0x7fffffffu;
		if (s->neg & (1u << c))
			v = 0u - v;
	}
	return v;
}

/* ---- destinations -------------------------------------------------------------- */

void amd_write(Run *R, Item *it, const AInst *a, int c, uint32_t v)
{
	const ADst *d = &a->d;
	uint32_t *p;
	int64_t at;
	uint8_t t = R->percomp ? R->ct[c] : R->taint;
	if (d->kind == D_TEMP) {
		it->r[d->reg * 4 + c] = v;
		it->rt[d->reg * 4 + c] = t;
		return;
	}
	if (d->kind == D_OUTPUT) {
		it->o[d->reg * 4 + c] = v;
		it->ot[d->reg * 4 + c] = t;
		return;
	}
	if (d->kind == D_GLOBAL) {
		uint8_t t0 = R->taint;
		R->taint = t;
		amd_global_store(R, it, a, c, v);
		R->taint = t0;
		return;
	}
	p = itemp(R, it, a, d->reg, d->idx, d->rel, d->rel_sel, &at);
	if (p) {
		p[c] = v;
		it->x_init[at + c] = 1;
		it->xt[at + c] = t;
	}
}

/* the result components in res[c] under the write mask (0 / 1.0f forced) */
static void commit(Run *R, Item *it, const AInst *a, const uint32_t res[4])
{
	int c;
	for (c = 0; c < 4; c++) {
		int m = a->d.m[c];
		if (m == WM_WRITE)
			amd_write(R, it, a, c, res[c]);
		else if (m == WM_ZERO || m == WM_ONE)
			amd_write(R, it, a, c, m == WM_ONE ? 0x3f800000u : 0);
	}
}

/* 64-bit: each written pair (x,y) / (z,w) from the sources' same pairs */
static void alu64(Run *R, Item *it, const AInst *a, uint32_t res[4])
{
	int p, i;
	for (p = 0; p < 4; p += 2) {
		uint64_t v[2] = {0, 0}, r;
		if (a->d.m[p] != WM_WRITE)
			continue; /* the decoder checked that the pair is written whole */
		for (i = 0; i < a->nsrc; i++)
			v[i] = amd_src(R, it, a, &a->s[i], p, 0) |
			       (uint64_t)amd_src(R, it, a, &a->s[i], p + 1, 0) << 32;
		r = amd_alu64(a->op, v[0], v[1]);
		res[p] = (uint32_t)r;
		res[p + 1] = (uint32_t)(r >> 32);
	}
}

/* the approximation class of an instruction's own result (Run.taint) */
static uint8_t approx_class(const AInst *a)
{
	if (amd_alu_approx(a->op) || a->approx >= AMD_TAINT_HW)
		return AMD_TAINT_HW;
	return a->approx;
}

static void exec_alu(Run *R, Item *it, const AInst *a)
{
	int kind = amd_alu_kind(a->op), c, i;
	uint32_t res[4] = {0}, v[4] = {0};
	uint8_t cls = approx_class(a);
	if (a->nsrc != il_ops[a->op].nsrc) {
		amd_fail(R, it, a, "takes %d source operands, not %d", il_ops[a->op].nsrc, a->nsrc);
		return;
	}
	if (a->op == OP_DP2 || a->op == OP_DP3 || a->op == OP_DP4 || a->op == OP_DP2ADD) {
		uint32_t dv[3][4];
		for (i = 0; i < (a->op == OP_DP2ADD ? 3 : 2); i++)
			for (c = 0; c < 4; c++)
				dv[i][c] = amd_src(R, it, a, &a->s[i], c, 1);
		res[0] = res[1] = res[2] = res[3] = amd_dot(a, dv);
	} else if (kind == 4) {
		alu64(R, it, a, res);
	} else if (kind == 5) {
		amd_f64(R, it, a, res);
	} else if (kind == 6) {
		amd_intx(R, it, a, res);
	} else {
		/* component c reads component c of each source: its own class */
		R->percomp = 1;
		for (c = 0; c < 4; c++) {
			R->ct[c] = 0;
			if (a->d.m[c] != WM_WRITE)
				continue;
			R->taint = 0;
			for (i = 0; i < a->nsrc; i++)
				v[i] = amd_src(R, it, a, &a->s[i], c,
				               (kind != 1 && !(kind == 7 && amd_fmath_int_src(a->op, i))) ||
				               (a->op == OP_CMOV_LOGICAL && i > 0));
			res[c] = amd_alu(a, v);
			if (kind == 3 && amd_cvt_out_of_range(a->op, v[0]))
				amd_note_cvt(R, it, a, (double)amd_fi(v[0]));
			R->ct[c] = amd_taint_join(R->taint, cls);
		}
	}
	R->taint = amd_taint_join(R->taint, cls);
	if (cls) {
		R->approx = 1;
		if (cls == AMD_TAINT_HW)
			R->approx_hw = 1;
		else if (cls > R->approx_ulps)
			R->approx_ulps = cls;
	}
	if (!R->err)
		commit(R, it, a, res);
}

/* ---- where a work-item runs ------------------------------------------------------ */

int amd_wave_op(int op)
{
	return op == OP_CU_ID || op == OP_WAVE_ID || op == OP_LANE_ID || op == OP_POISONV;
}

/* AMD fills wavefronts with W work-items of the group in flat local id
 * order; W is dcl_wavesize, else the device's (AMD's backend: Cedar 16,
 * Redwood 32, others 64).  cu_id: this emulated GPU has one compute unit.
 * wave_id: the wavefront's index in the group (the hardware's slot number
 * is no function of the launch).  poisonv: undefined, so its source (0
 * without one), as the translation does. */
static void exec_wave(Run *R, Item *it, const AInst *a)
{
	const char *dev = R->k->md->device;
	uint32_t w = R->c.wavesize ? (uint32_t)R->c.wavesize : dev && !strcmp(dev, "cedar") ? 16u :
	             dev && !strcmp(dev, "redwood") ? 32u : 64u, res[4];
	int c;
	for (c = 0; c < 4; c++)
		res[c] = a->op == OP_LANE_ID ? it->flat_lid % w : a->op == OP_WAVE_ID ? it->flat_lid / w :
		         a->op == OP_POISONV && a->nsrc ? amd_src(R, it, a, &a->s[0], c, 0) : 0;
	if (!R->err)
		commit(R, it, a, res);
}

/* ---- control flow ----------------------------------------------------------------- */

static int cond(Run *R, Item *it, const AInst *a)
{
	uint32_t x, y;
	if (a->op == OP_IFC || a->op == OP_BREAKC || a->op == OP_CONTINUEC) {
		static const int rel[] = {OP_EQ, OP_NE, OP_GT, OP_GE, OP_LT, OP_LE};
		AInst t = *a;
		uint32_t v[2];
		t.op = rel[a->aux];
		t.sat = 0;
		v[0] = amd_src(R, it, a, &a->s[0], 0, 1);
		v[1] = amd_src(R, it, a, &a->s[1], 0, 1);
		amd_taint_steers(R, R->taint);
		return amd_alu(&t, v) != 0;
	}
	if (!a->nsrc)
		return 1;
	x = amd_src(R, it, a, &a->s[0], 0, 0);
	amd_taint_steers(R, R->taint);
	y = x != 0;
	return a->cond_z ? !y : (int)y;
}

static int ret(Run *R, Item *it, const AInst *a)
{
	if (it->sp == 0) {
		amd_fail(R, it, a, "return with no caller");
		return -1;
	}
	return it->stack[--it->sp];
}

static int do_switch(Run *R, Item *it, const AInst *a)
{
	int32_t v = (int32_t)amd_src(R, it, a, &a->s[0], 0, 0);
	int j, dflt = -1;
	amd_taint_steers(R, R->taint);
	for (j = a->target; j >= 0; j = R->c.code.v[j].target) {
		const AInst *cs = &R->c.code.v[j];
		if (cs->op == OP_DEFAULT)
			dflt = j;
		else if (cs->target2 == v)
			return j + 1;
	}
	return dflt >= 0 ? dflt + 1 : a->target2;
}

/* the next pc after a, or -1 when the item stops (state set) */
static int exec_cf(Run *R, Item *it, const AInst *a, int pc)
{
	switch (a->op) {
	case OP_IF_LOGICALNZ: case OP_IF_LOGICALZ: case OP_IFC:
		return cond(R, it, a) ? pc + 1 : a->target;
	case OP_ELSE: case OP_ENDLOOP:
		return a->target;
	case OP_BREAK: case OP_BREAK_LOGICALNZ: case OP_BREAK_LOGICALZ: case OP_BREAKC:
	case OP_CONTINUE: case OP_CONTINUE_LOGICALNZ: case OP_CONTINUE_LOGICALZ: case OP_CONTINUEC:
		return cond(R, it, a) ? a->target : pc + 1;
	case OP_SWITCH:
		return do_switch(R, it, a);
	case OP_CALL: case OP_CALL_LOGICALNZ: case OP_CALL_LOGICALZ:
		if (a->op != OP_CALL && !cond(R, it, a))
			return pc + 1;
		if (it->sp == AMD_CALL_DEPTH) {
			amd_fail(R, it, a, "calls nest deeper than %d", AMD_CALL_DEPTH);
			return -1;
		}
		it->stack[it->sp++] = pc + 1;
		return a->target;
	case OP_RET_LOGICALNZ: case OP_RET_LOGICALZ:
		return cond(R, it, a) ? ret(R, it, a) : pc + 1;
	case OP_RET: case OP_RET_DYN: case AOP_FUNC_END:
		return ret(R, it, a);
	case AOP_MAIN_END:
		if (R->k->ps && !it->killed)
			amd_ps_outputs(R, it, a);
		it->state = WI_DONE;
		return -1;
	default:
		return pc + 1; /* endif, whileloop, case, default, endswitch, nop */
	}
}

/* ---- R7xx LDS ---------------------------------------------------------------
 * The Radeon HD 4000's LDS model (docs/memory.md "R7xx LDS"): each thread
 * of a group owns dcl_lds_size_per_thread dwords (_wavefrontRel: area =
 * flat id in the group; _wavefrontAbs: id mod 64); lds_write_vec writes
 * the writer's own area at dword _lOffset(n) + c, lds_read_vec reads 4
 * dwords of area a.x at dword a.y, and _neighborExch hands thread 4j+k
 * component k of what threads 4j..4j+3 read.  A wavefront ran in
 * lockstep: here every work-item of the group stops at the instruction
 * (amd_run_item, as at a barrier) and the group loop (amd.c) runs it for
 * all of them at once, reads before any result is written. */
int amd_r7_lockstep(Run *R, const AInst *a)
{
	uint32_t n = R->nlocal, i, size = (uint32_t)R->c.r7_size;
	uint32_t (*v)[4];
	uint8_t *taint;
	int c;
	if (!size) {
		amd_fail(R, &R->items[0], a, "'%s' needs dcl_lds_size_per_thread", il_ops[a->op].name);
		return -1;
	}
	if (a->op == OP_LDS_WRITE_VEC && (uint32_t)a->aux + 4 > size) {
		amd_fail(R, &R->items[0], a, "_lOffset(%d) is past the thread's %u dwords", a->aux, size);
		return -1;
	}
	if (a->op == OP_LDS_WRITE_VEC) {
		for (i = 0; i < n; i++) {
			Item *it = &R->items[i];
			uint32_t area = R->c.r7_abs ? it->flat_lid % 64 : it->flat_lid;
			uint32_t at = (area * size + (uint32_t)a->aux) * 4;
			for (c = 0; c < 4; c++) {
				uint32_t x, b = at + 4 * (uint32_t)c;
				uint8_t *p;
				if (a->d.m[c] != WM_WRITE)
					continue;
				R->taint = 0; /* each work-item's store carries its own value's class */
				x = amd_src(R, it, a, &a->s[0], c, 0);
				if (!(p = amd_mem_at(R, &R->lds, b, 4, it, a, 1)))
					return -1;
				if (R->c.r7_abs && R->lds.init[b] == 2 && !R->lds_race)
					R->lds_race = xasprintf("work-items with local ids %u and %u store the same R7xx LDS "
					                        "area (_wavefrontAbs) in one instruction", it->flat_lid % 64,
					                        it->flat_lid);
				memcpy(p, &x, 4);
				memset(R->lds.init + b, 2, 4); /* written by this instruction */
			}
		}
		for (i = 0; i < R->lds.size; i++)
			if (R->lds.init[i] == 2)
				R->lds.init[i] = 1;
		return R->err ? -1 : 0;
	}
	v = xcalloc(n, sizeof *v);
	taint = xcalloc(n, 1);
	for (i = 0; i < n && !R->err; i++) {
		Item *it = &R->items[i];
		R->taint = 0;
		uint32_t t = amd_src(R, it, a, &a->s[0], 0, 0), o = amd_src(R, it, a, &a->s[0], 1, 0);
		uint64_t at = ((uint64_t)t * size + o) * 4;
		const uint8_t *p = at <= UINT32_MAX ? amd_mem_at(R, &R->lds, (uint32_t)at, 16, it, a, 0) : NULL;
		if (!p) {
			if (!R->err)
				amd_fail(R, it, a, "reads R7xx LDS area %u, dword %u: outside the group's %u bytes", t, o,
				         R->lds.size);
			break;
		}
		memcpy(v[i], p, 16);
		taint[i] = R->taint; /* what amd_mem_at joined from the bytes read */
		for (c = 0; c < 16; c++)
			if (!R->lds.init[at + (uint32_t)c])
				R->poison_read = 1;
	}
	for (i = 0; i < n && !R->err; i++) {
		uint32_t res[4];
		for (c = 0; c < 4; c++) {
			uint32_t from = a->aux ? (i & ~3u) + (uint32_t)c : i;
			if (from >= n) {
				amd_fail(R, &R->items[i], a, "_neighborExch needs the four threads %u..%u, but the "
				         "group has %u", i & ~3u, (i & ~3u) + 3, n);
				break;
			}
			res[c] = a->aux ? v[from][i & 3] : v[i][c];
		}
		if (R->err)
			break;
		/* the classes of the reads its components came from */
		R->taint = 0;
		for (c = 0; c < 4; c++)
			R->taint = amd_taint_join(R->taint, taint[a->aux ? (i & ~3u) + (uint32_t)c : i]);
		commit(R, &R->items[i], a, res);
	}
	free(taint);
	free(v);
	return R->err ? -1 : 0;
}

int amd_run_item(Run *R, Item *it)
{
	const AInst *code = R->c.code.v;
	int pc = it->pc;
	uint64_t left = R->slice ? R->slice : UINT64_MAX;
	it->state = WI_RUN;
	while (!R->err) {
		const AInst *a = &code[pc];
		if (!left--)
			break; /* its slice is over: another work-item runs */
		R->taint = 0;
		R->percomp = 0;
		if (++it->steps > R->limit) {
			amd_fail(R, it, a, "still running after %llu instructions (step limit): the kernel "
			         "does not terminate", (unsigned long long)R->limit);
			break;
		}
		if (a->op < OP_COUNT && amd_alu_kind(a->op)) {
			exec_alu(R, it, a);
			pc++;
		} else if (a->op == OP_FENCE) {
			pc++;
			if (a->uav) {
				/* the group loop makes the kinds visible when all arrived */
				it->pc = pc;
				it->state = WI_BARRIER;
				return WI_BARRIER;
			}
			hzsb_flush(&it->sb, (unsigned)a->aux); /* mem_fence: this work-item's stores */
		} else if (a->op == OP_LDS_WRITE_VEC || a->op == OP_LDS_READ_VEC) {
			/* R7xx LDS: the group runs it in lockstep (amd_r7_lockstep) */
			it->pc = pc + 1;
			it->state = WI_BARRIER;
			return WI_BARRIER;
		} else if (amd_wave_op(a->op)) {
			exec_wave(R, it, a);
			pc++;
		} else if (a->op == OP_DISCARD_LOGICALNZ || a->op == OP_DISCARD_LOGICALZ) {
			if (cond(R, it, a)) /* il_ps: the pixel keeps its contents; the code runs on */
				it->killed = 1;
			pc++;
		} else if (a->op < OP_COUNT && il_ops[a->op].kind == K_INST && a->op != OP_NOP) {
			if (!amd_mem(R, it, a)) {
				R->refused = 1;
				amd_fail(R, it, a, "instruction is not emulated");
			}
			pc++;
		} else if ((pc = exec_cf(R, it, a, pc)) < 0) {
			break;
		}
	}
	it->pc = pc;
	return R->err ? -1 : it->state;
}
