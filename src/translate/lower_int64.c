/* lower_int64.c - the 64-bit integer instructions lower.c does not inline:
 * i64div u64div i64mod u64mod and vmad_u64_u32 vmad_i64_i32 (amdil.md 4.8),
 * on component pairs (x low, y high; z low, w high) as lower.c's alu_pairs does.
 *
 * requires: the lowering state of lower.c; provides: lower_int64(),
 * int64_knows() and the small 32-bit helpers lower_media.c shares (ix_*).
 *
 * No Intel device here has a 64-bit integer divide (and 64-bit integers are
 * 32-bit sequences everywhere: platforms.xml int64="0"), so the division is
 * a vISA subroutine emitted once per kernel on first use, `u64_divrem`:
 * restoring binary long division, 64 iterations of "shift the remainder:
 * quotient pair left by one, subtract the divisor when it fits" (the bit
 * shifted out of the remainder's top counts, so divisors above 2^63 work).
 * Its arguments and results live in kernel-wide variables (I64N/D/Q/R).
 * The signed forms divide the magnitudes and restore the signs (quotient:
 * negative when the operands' signs differ; remainder: the dividend's sign),
 * the compiler's own pattern for signed division (amdil.md 4.10), so
 * INT64_MIN / -1 is INT64_MIN and INT64_MIN % -1 is 0.
 *
 * Division by zero: AMD's rule for the 64-bit opcodes is not documented in
 * any source we reached (the AMDIL backend maps them to LLVM's sdiv/udiv/
 * srem/urem, where it is undefined), so the 32-bit udiv/umod rule of the
 * tree is extended (amdil.md 4.1 [I], the D3D11 rule): u64div and u64mod by
 * 0 give 0xFFFFFFFFFFFFFFFF; the signed forms apply their sign rule to
 * that, giving -1 for a dividend >= 0 and 1 for a negative one.
 *
 * vmad_u64_u32 d.xy, a.x, b.x, c.xy = a * b + c: the full 64-bit product of
 * two 32-bit operands (unsigned; vmad_i64_i32 signed) plus a 64-bit addend,
 * modulo 2^64 (the AMDIL backend's operand classes: GPR_32, GPR_32, GPR_64;
 * GCN's v_mad_u64_u32 / v_mad_i64_i32).  The 32-bit operands are read at the
 * pair's low position, like the count of the 64-bit shifts. */
#include <string.h>

#include "lowerint.h"

typedef struct I64State {
	VDecl *n[2], *d[2], *q[2], *r[2];
	int emitted;
} I64State;

/* ---- 32-bit helpers (also used by lower_media.c) ---------------------------- */

VDecl *ix_t(L *l)
{
	return vk_temp(l->vk, "IX", VT_D, l->simd);
}

Val ix_bin(L *l, const char *op, VType t, Val a, Val b)
{
	Val s[2] = {a, b};
	VDecl *d = ix_t(l);
	alu(l, op, t, d, 2, s, 0);
	return val_vec(d);
}

Val ix_un(L *l, const char *op, VType t, Val a)
{
	VDecl *d = ix_t(l);
	alu(l, op, t, d, 1, &a, 0);
	return val_vec(d);
}

void ix_mov(L *l, VDecl *d, Val v)
{
	alu(l, "mov", VT_UD, d, 1, &v, 0);
}

/* a register holding v (addc/subb take no immediates or modifiers) */
static Val reg(L *l, Val v)
{
	if (v.kind != V_IMM && !v.neg && !v.abs)
		return v;
	return ix_un(l, "mov", VT_UD, v);
}

/* (p) d = a, else b */
static void sel_to(L *l, VDecl *p, VDecl *d, Val a, Val b)
{
	lower_select(l, p, 0, d, VT_UD, a, b);
}

Val ix_sel(L *l, VDecl *p, Val a, Val b)
{
	VDecl *d = ix_t(l);
	sel_to(l, p, d, a, b);
	return val_vec(d);
}

/* r, carry/borrow = a op b (op addc or subb) */
static void carry_to(L *l, const char *op, VDecl *r, VDecl *cy, Val a, Val b)
{
	int h;
	for (h = 0; h < l->nchunks; h++) {
		VInst *in = emit_chunk(l, op, h);
		in->ops[0] = vo_dst(vk_alias(l->vk, r, VT_UD, 0), h * l->chunk);
		in->ops[1] = vo_dst(vk_alias(l->vk, cy, VT_UD, 0), h * l->chunk);
		in->ops[2] = opnd(l, reg(l, a), VT_UD, h);
		in->ops[3] = opnd(l, reg(l, b), VT_UD, h);
		in->nops = 4;
	}
}

#define I(x) val_imm((uint32_t)(x))
#define AND(a, b) ix_bin(l, "and", VT_UD, a, b)
#define OR(a, b) ix_bin(l, "or", VT_UD, a, b)
#define XOR(a, b) ix_bin(l, "xor", VT_UD, a, b)
#define SHL(a, b) ix_bin(l, "shl", VT_UD, a, b)
#define SHR(a, b) ix_bin(l, "shr", VT_UD, a, b)
#define ASR(a, b) ix_bin(l, "asr", VT_D, a, b)
#define ADD(a, b) ix_bin(l, "add", VT_UD, a, b)

typedef struct W {
	Val lo, hi;
} W;

static W w(Val lo, Val hi)
{
	W r = {lo, hi};
	return r;
}

/* a + b mod 2^64 */
static W wadd(L *l, W a, W b)
{
	VDecl *lo = ix_t(l), *cy = ix_t(l);
	carry_to(l, "addc", lo, cy, a.lo, b.lo);
	return w(val_vec(lo), ADD(ADD(a.hi, b.hi), val_vec(cy)));
}

/* a - b mod 2^64; *borrow (when not NULL) = 1 when a < b unsigned */
static W wsub(L *l, W a, W b, Val *borrow)
{
	VDecl *lo = ix_t(l), *b1 = ix_t(l), *h1 = ix_t(l), *b2 = ix_t(l), *h2 = ix_t(l), *b3 = ix_t(l);
	carry_to(l, "subb", lo, b1, a.lo, b.lo);
	carry_to(l, "subb", h1, b2, a.hi, b.hi);
	carry_to(l, "subb", h2, b3, val_vec(h1), val_vec(b1));
	if (borrow)
		*borrow = OR(val_vec(b2), val_vec(b3));
	return w(val_vec(lo), val_vec(h2));
}

/* s = all ones or zero per lane: (x ^ s) - s, the negation where s is set */
static W wcondneg(L *l, W x, Val s)
{
	return wsub(l, w(XOR(x.lo, s), XOR(x.hi, s)), w(s, s), NULL);
}

/* ---- the division routine -------------------------------------------------- */

static I64State *st(L *l)
{
	if (!l->i64) {
		I64State *s = arena_alloc(&l->vk->arena, sizeof *s);
		int i;
		memset(s, 0, sizeof *s);
		for (i = 0; i < 2; i++) {
			s->n[i] = vk_temp(l->vk, "I64N", VT_D, l->simd);
			s->d[i] = vk_temp(l->vk, "I64D", VT_D, l->simd);
			s->q[i] = vk_temp(l->vk, "I64Q", VT_D, l->simd);
			s->r[i] = vk_temp(l->vk, "I64R", VT_D, l->simd);
		}
		l->i64 = s;
	}
	return l->i64;
}

static void goto_(L *l, VDecl *p, const char *label)
{
	VInst *in = vk_emit(l->vk, "goto", l->simd, 1);
	in->pred = p;
	in->ops[0] = vo_label(label);
	in->nops = 1;
}

/* q = n / d, r = n % d (unsigned; by 0 both all ones) */
static void body_divrem(L *l, I64State *s)
{
	VDecl *cnt = ix_t(l), *p;
	const char *head = vk_label_name(l->vk, "u64loop"), *out = vk_label_name(l->vk, "u64done");
	Val q0 = val_vec(s->q[0]), q1 = val_vec(s->q[1]), r0 = val_vec(s->r[0]), r1 = val_vec(s->r[1]);
	Val top, borrow, fits, dz;
	W t;
	ix_mov(l, s->q[0], val_vec(s->n[0]));
	ix_mov(l, s->q[1], val_vec(s->n[1]));
	ix_mov(l, s->r[0], I(0));
	ix_mov(l, s->r[1], I(0));
	ix_mov(l, cnt, I(0));
	vk_label(l->vk, head);
	p = compare(l, "ge", VT_D, val_vec(cnt), I(64)); /* the same in every lane */
	goto_(l, p, out);
	/* (r:q) <<= 1, keeping the bit that leaves r */
	top = SHR(r1, I(31));
	ix_mov(l, s->r[1], OR(SHL(r1, I(1)), SHR(r0, I(31))));
	ix_mov(l, s->r[0], OR(SHL(r0, I(1)), SHR(q1, I(31))));
	ix_mov(l, s->q[1], OR(SHL(q1, I(1)), SHR(q0, I(31))));
	ix_mov(l, s->q[0], SHL(q0, I(1)));
	/* the divisor fits when the shifted-out bit is set or r >= d */
	t = wsub(l, w(r0, r1), w(val_vec(s->d[0]), val_vec(s->d[1])), &borrow);
	fits = OR(top, XOR(borrow, I(1)));
	p = compare(l, "ne", VT_UD, fits, I(0));
	sel_to(l, p, s->r[0], t.lo, r0);
	sel_to(l, p, s->r[1], t.hi, r1);
	ix_mov(l, s->q[0], OR(q0, fits));
	alu(l, "add", VT_D, cnt, 2, (Val[]){val_vec(cnt), I(1)}, 0);
	goto_(l, NULL, head);
	vk_label(l->vk, out);
	/* by zero the loop leaves q all ones and r = n: r is all ones too */
	dz = OR(val_vec(s->d[0]), val_vec(s->d[1]));
	p = compare(l, "eq", VT_UD, dz, I(0));
	sel_to(l, p, s->r[0], I(~0u), r0);
	sel_to(l, p, s->r[1], I(~0u), r1);
}

static void divrem(L *l, W n, W d, W *q, W *r)
{
	I64State *s = st(l);
	VInst *in;
	if (!s->emitted) {
		VFunc *save = l->vk->cur;
		VInst *ret;
		s->emitted = 1;
		l->vk->cur = vk_func(l->vk, "u64_divrem");
		body_divrem(l, s);
		ret = vk_emit(l->vk, "ret", l->simd, 1);
		ret->nops = 0;
		l->vk->cur = save;
	}
	ix_mov(l, s->n[0], n.lo);
	ix_mov(l, s->n[1], n.hi);
	ix_mov(l, s->d[0], d.lo);
	ix_mov(l, s->d[1], d.hi);
	in = vk_emit(l->vk, "call", l->simd, 1);
	in->ops[0] = vo_label("u64_divrem");
	in->nops = 1;
	/* copied out: the next call overwrites them */
	q->lo = ix_un(l, "mov", VT_UD, val_vec(s->q[0]));
	q->hi = ix_un(l, "mov", VT_UD, val_vec(s->q[1]));
	r->lo = ix_un(l, "mov", VT_UD, val_vec(s->r[0]));
	r->hi = ix_un(l, "mov", VT_UD, val_vec(s->r[1]));
}

/* ---- one destination pair ---------------------------------------------------- */

static W pair(L *l, const Operand *o, int c)
{
	return w(lsrc(l, o, c), lsrc(l, o, c + 1));
}

static W divide(L *l, Opcode op, W a, W b)
{
	W q, r;
	if (op == OP_U64DIV || op == OP_U64MOD) {
		divrem(l, a, b, &q, &r);
		return op == OP_U64DIV ? q : r;
	}
	{
		Val sa = ASR(a.hi, I(31)), sb = ASR(b.hi, I(31));
		divrem(l, wcondneg(l, a, sa), wcondneg(l, b, sb), &q, &r);
		return op == OP_I64DIV ? wcondneg(l, q, XOR(sa, sb)) : wcondneg(l, r, sa);
	}
}

/* a * b + c: the 64-bit product of 32-bit a and b, signed or not */
static W vmad(L *l, int sign, Val a, Val b, W c)
{
	W p = w(ix_bin(l, "mul", VT_UD, a, b), ix_bin(l, "mulh", sign ? VT_D : VT_UD, a, b));
	return wadd(l, p, c);
}

static void pair_result(L *l, const Inst *in, VDecl *r[2], int c)
{
	W res;
	switch (in->op) {
	case OP_VMAD_U64_U32: case OP_VMAD_I64_I32:
		res = vmad(l, in->op == OP_VMAD_I64_I32, lsrc(l, &in->ops[1], c), lsrc(l, &in->ops[2], c),
		           pair(l, &in->ops[3], c));
		break;
	default:
		res = divide(l, in->op, pair(l, &in->ops[1], c), pair(l, &in->ops[2], c));
		break;
	}
	ix_mov(l, r[0], res.lo);
	ix_mov(l, r[1], res.hi);
}

int int64_knows(Opcode op)
{
	switch (op) {
	case OP_I64DIV: case OP_U64DIV: case OP_I64MOD: case OP_U64MOD: case OP_VMAD_U64_U32:
	case OP_VMAD_I64_I32:
		return 1;
	default:
		return 0;
	}
}

int lower_int64(L *l, const Inst *in)
{
	if (!int64_knows(in->op))
		return 0;
	alu_pairs(l, in, pair_result);
	return 1;
}
