/* amdbin.c - AMD OpenCL program binaries as IL text.
 *
 * AMD-APP 2.x's OpenCL runtime hands out (clGetProgramInfo's
 * CL_PROGRAM_BINARIES, the SDK samples' *_Kernels.bin) a 32-bit ELF whose
 * symbol __OpenCL_<k>_kernel is an inner CAL ELF per kernel; that ELF's
 * first .text holds the kernel's whole IL program as binary tokens
 * (comments and the ;ARGSTART metadata included), the second its machine
 * code.  __OpenCL_<n>_global holds the data of constant buffer n.
 * il_amd_binary turns the file into one IL program: the first kernel's
 * prologue, main as the ;$$$$$$$$$$ pseudo-call, every kernel's functions
 * (a function several kernels carry, once), the data segments, end.
 *
 * The token layout (docs/real-il.md section 11) was confirmed on the 54
 * kernels of AMD APP SDK 2.5's sample binaries; case, indexed temporary
 * arrays, dcl_raw_uav, counters, atomics and mcall follow the IL
 * enumeration and the public GRVK and CodeXL readers.  An instruction
 * whose binary form neither shows is refused by name, never guessed: what
 * a wrong guess decodes would translate into wrong code.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "il.h"

/* ---- ELF32, little-endian, bounds-checked ---------------------------------- */

typedef struct Sec {
	const char *name;
	uint32_t type, off, size, link;
} Sec;

typedef struct Elf {
	const uint8_t *p;
	size_t n;
	Sec *s;
	size_t ns;
} Elf;

static uint32_t rd32(const uint8_t *p) { return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24; }
static uint32_t rd16(const uint8_t *p) { return p[0] | p[1] << 8; }

/* a NUL-terminated string at off inside [0, n), or NULL */
static const char *elf_str(const uint8_t *p, size_t n, size_t off)
{
	return off < n && memchr(p + off, 0, n - off) ? (const char *)p + off : NULL;
}

static int elf_open(Elf *e, const uint8_t *p, size_t n)
{
	uint32_t shoff, shent, shnum, shstr, i;
	memset(e, 0, sizeof *e);
	e->p = p, e->n = n;
	if (n < 52 || memcmp(p, "\177ELF", 4) || p[4] != 1 || p[5] != 1)
		return -1; /* not a 32-bit little-endian ELF */
	shoff = rd32(p + 32), shent = rd16(p + 46), shnum = rd16(p + 48), shstr = rd16(p + 50);
	if (shent < 40 || shnum == 0 || shstr >= shnum || shoff > n || (size_t)shnum * shent > n - shoff)
		return -1;
	e->s = xcalloc(shnum, sizeof *e->s);
	e->ns = shnum;
	for (i = 0; i < shnum; i++) {
		const uint8_t *h = p + shoff + (size_t)i * shent;
		Sec *s = &e->s[i];
		s->type = rd32(h + 4), s->off = rd32(h + 16), s->size = rd32(h + 20), s->link = rd32(h + 24);
		if (s->type == 8) /* NOBITS: no bytes in the file */
			s->off = 0, s->size = 0;
		if (s->off > n || s->size > n - s->off)
			return -1;
		s->name = (const char *)(uintptr_t)rd32(h); /* an offset until below */
	}
	for (i = 0; i < shnum; i++) {
		size_t off = (size_t)(uintptr_t)e->s[i].name;
		const Sec *st = &e->s[shstr];
		e->s[i].name = off < st->size ? elf_str(p + st->off, st->size, off) : NULL;
		if (!e->s[i].name)
			e->s[i].name = "";
	}
	return 0;
}

/* the bytes of symbol `name` (NULL when absent or out of bounds) */
static const uint8_t *elf_sym(const Elf *e, const char *name, size_t *size)
{
	size_t i, j;
	for (i = 0; i < e->ns; i++) {
		const Sec *st = &e->s[i], *str;
		if (st->type != 2 /* SYMTAB */ || st->link >= e->ns)
			continue;
		str = &e->s[st->link];
		for (j = 0; j + 16 <= st->size; j += 16) {
			const uint8_t *y = e->p + st->off + j;
			const char *nm = elf_str(e->p + str->off, str->size, rd32(y));
			uint32_t val = rd32(y + 4), sz = rd32(y + 8), shn = rd16(y + 14);
			const Sec *in;
			if (!nm || strcmp(nm, name) || shn == 0 || shn >= e->ns)
				continue;
			in = &e->s[shn];
			if (val > in->size || sz > in->size - val)
				return NULL;
			*size = sz;
			return e->p + in->off + val;
		}
	}
	return NULL;
}

/* ---- the token decoder ----------------------------------------------------- */

/* The binary opcode (the IL specification's enumeration order) -> the
 * front end's opcode + 1; 0: none.  Opcodes with fields of their own are
 * decoded by number in one_inst below. */
static const unsigned short bin_ops[] = {
	[1] = OP_ABS + 1, [2] = OP_ACOS + 1, [3] = OP_ADD + 1, [4] = OP_ASIN + 1, [5] = OP_ATAN + 1,
	[6] = OP_BREAK + 1, [7] = OP_BREAKC + 1, [10] = OP_CLAMP + 1, [12] = OP_CMOV + 1,
	[13] = OP_CMP + 1, [16] = OP_CONTINUE + 1, [17] = OP_CONTINUEC + 1, [18] = OP_COS + 1,
	[31] = OP_DIST + 1, [32] = OP_DIV + 1, [33] = OP_DP2ADD + 1, [34] = OP_DP3 + 1,
	[35] = OP_DP4 + 1, [39] = OP_ELSE + 1, [40] = OP_END + 1, [41] = OP_ENDIF + 1,
	[42] = OP_ENDLOOP + 1, [43] = OP_ENDMAIN + 1, [44] = OP_EXN + 1, [45] = OP_EXP + 1,
	[48] = OP_FLR + 1, [49] = OP_FRC + 1, [52] = OP_IFC + 1, [56] = OP_LEN + 1, [58] = OP_LN + 1,
	[60] = OP_LOG + 1, [63] = OP_LRP + 1, [64] = OP_MAD + 1, [65] = OP_MAX + 1, [68] = OP_MIN + 1,
	[70] = OP_MOD + 1, [71] = OP_MOV + 1, [73] = OP_MUL + 1, [75] = OP_NOP + 1, [76] = OP_NRM + 1,
	[77] = OP_PIREDUCE + 1, [78] = OP_POW + 1, [81] = OP_RCP + 1, [83] = OP_RET + 1,
	[84] = OP_RND + 1, [85] = OP_RSQ + 1, [87] = OP_SGN + 1, [88] = OP_SIN + 1, [90] = OP_SQRT + 1,
	[91] = OP_SUB + 1, [92] = OP_TAN + 1, [98] = OP_TRANSPOSE + 1, [101] = OP_BREAK_LOGICALZ + 1,
	[102] = OP_BREAK_LOGICALNZ + 1, [106] = OP_CONTINUE_LOGICALZ + 1,
	[107] = OP_CONTINUE_LOGICALNZ + 1, [108] = OP_DEFAULT + 1,
	[109] = OP_ENDSWITCH + 1, [110] = OP_ENDFUNC + 1, [111] = OP_IF_LOGICALZ + 1,
	[112] = OP_IF_LOGICALNZ + 1, [113] = OP_WHILELOOP + 1, [114] = OP_SWITCH + 1,
	[115] = OP_RET_DYN + 1, [116] = OP_RET_LOGICALZ + 1, [117] = OP_RET_LOGICALNZ + 1,
	[142] = OP_INOT + 1, [143] = OP_IOR + 1, [144] = OP_IXOR + 1, [145] = OP_IADD + 1,
	[146] = OP_IMAD + 1, [147] = OP_IMAX + 1, [148] = OP_IMIN + 1, [149] = OP_IMUL + 1,
	[150] = OP_IMUL_HIGH + 1, [151] = OP_IEQ + 1, [152] = OP_IGE + 1, [153] = OP_ILT + 1,
	[154] = OP_INEGATE + 1, [155] = OP_INE + 1, [156] = OP_ISHL + 1, [157] = OP_ISHR + 1,
	[158] = OP_USHR + 1, [159] = OP_UDIV + 1, [160] = OP_UMOD + 1, [161] = OP_UMAD + 1,
	[162] = OP_UMAX + 1, [163] = OP_UMIN + 1, [164] = OP_ULT + 1, [165] = OP_UGE + 1,
	[166] = OP_UMUL + 1, [167] = OP_UMUL_HIGH + 1, [168] = OP_FTOI + 1, [169] = OP_FTOU + 1,
	[170] = OP_ITOF + 1, [171] = OP_UTOF + 1, [172] = OP_IAND + 1, [173] = OP_CMOV_LOGICAL + 1,
	[174] = OP_EQ + 1, [175] = OP_EXP_VEC + 1, [176] = OP_GE + 1, [177] = OP_LOG_VEC + 1,
	[178] = OP_LT + 1, [179] = OP_NE + 1, [180] = OP_ROUND_NEAREST + 1,
	[181] = OP_ROUND_NEGINF + 1, [182] = OP_ROUND_PLUSINF + 1, [183] = OP_ROUND_Z + 1,
	[184] = OP_RSQ_VEC + 1, [185] = OP_SIN_VEC + 1, [186] = OP_COS_VEC + 1,
	[187] = OP_SQRT_VEC + 1, [188] = OP_DP2 + 1, [191] = OP_DFREXP + 1, [192] = OP_DADD + 1,
	[193] = OP_DMUL + 1, [194] = OP_D2F + 1, [195] = OP_F2D + 1, [196] = OP_DLDEXP + 1,
	[197] = OP_DFRAC + 1, [198] = OP_DMAD + 1, [203] = OP_DNE + 1, [204] = OP_DEQ + 1,
	[205] = OP_DGE + 1, [206] = OP_DLT + 1, [208] = OP_DDIV + 1, [218] = OP_FENCE + 1,
	[295] = OP_ICBITS + 1, [297] = OP_ICARRY + 1, [298] = OP_IBORROW + 1,
	[299] = OP_IBIT_EXTRACT + 1, [300] = OP_UBIT_EXTRACT + 1, [301] = OP_UBIT_REVERSE + 1,
	[317] = OP_UBIT_INSERT + 1, [322] = OP_DMAX + 1, [323] = OP_DMIN + 1, [324] = OP_F2F16 + 1,
	[325] = OP_F162F + 1, [326] = OP_UNPACK0 + 1, [327] = OP_UNPACK1 + 1, [328] = OP_UNPACK2 + 1,
	[329] = OP_UNPACK3 + 1, [330] = OP_BITALIGN + 1, [331] = OP_BYTEALIGN + 1,
	[332] = OP_U4LERP + 1, [333] = OP_SAD + 1, [334] = OP_SADHI + 1, [335] = OP_SAD4 + 1,
	[336] = OP_F_2_U4 + 1, [340] = OP_DMOV + 1, [341] = OP_DMOVC + 1, [342] = OP_DSQRT + 1,
	[343] = OP_DRCP + 1, [344] = OP_DRSQ + 1, [350] = OP_RCP_VEC + 1, [387] = OP_UMAD24 + 1,
	[388] = OP_UMUL24 + 1, [389] = OP_FMA + 1, [392] = OP_IMAD24 + 1, [393] = OP_IMUL24 + 1,
	[408] = OP_I64ADD + 1, [409] = OP_I64EQ + 1, [410] = OP_I64GE + 1, [411] = OP_I64LT + 1,
	[412] = OP_I64MAX + 1, [413] = OP_I64MIN + 1, [414] = OP_I64NE + 1, [415] = OP_I64NEGATE + 1,
	[416] = OP_I64SHL + 1, [417] = OP_I64SHR + 1, [418] = OP_U64GE + 1, [419] = OP_U64LT + 1,
	[420] = OP_U64MAX + 1, [421] = OP_U64MIN + 1, [422] = OP_U64SHR + 1,
	[425] = OP_IMUL24_HIGH + 1, [426] = OP_UMUL24_HIGH + 1, [433] = OP_F2F16_NEAR + 1,
	[434] = OP_F2F16_NEG_INF + 1, [435] = OP_F2F16_PLUS_INF + 1, [436] = OP_I64MUL + 1,
	[437] = OP_U64MUL + 1, [438] = OP_FLDEXP + 1, [439] = OP_FREXP_EXP + 1,
	[440] = OP_FREXP_MANT + 1, [441] = OP_DFREXP_EXP + 1, [442] = OP_DFREXP_MANT + 1,
	[443] = OP_DTOI + 1, [444] = OP_DTOU + 1, [445] = OP_ITOD + 1, [446] = OP_UTOD + 1,
	[447] = OP_FTOI_RPI + 1, [448] = OP_FTOI_FLR + 1, [449] = OP_MIN3 + 1, [450] = OP_MED3 + 1,
	[451] = OP_MAX3 + 1, [452] = OP_IMIN3 + 1, [453] = OP_IMED3 + 1, [454] = OP_IMAX3 + 1,
	[455] = OP_UMIN3 + 1, [456] = OP_UMED3 + 1, [457] = OP_UMAX3 + 1, [458] = OP_CLASS + 1,
	[459] = OP_DCLASS + 1, [461] = OP_CU_ID + 1, [462] = OP_WAVE_ID + 1, [463] = OP_I64SUB + 1,
	[464] = OP_I64DIV + 1, [465] = OP_U64DIV + 1, [466] = OP_I64MOD + 1, [467] = OP_U64MOD + 1,
	[479] = OP_DTRIG_PREOP + 1, [550] = OP_DABS + 1,
};

/* binary opcodes decoded by number (the IL specification's enumeration) */
enum {
	B_LANG = 0, B_CALL = 8, B_COMMENT = 15, B_DIV = 32, B_FUNC = 50, B_MAD = 64, B_MAX = 65,
	B_MIN = 68, B_MUL = 73, B_DCL_CB = 118, B_DCL_LITERAL = 121, B_DCL_RESOURCE = 128,
	B_SAMPLE = 136, B_DCL_NUM_THREAD = 212, B_FENCE = 218, B_LDS_LOAD_VEC = 219,
	B_LDS_STORE_VEC = 220, B_DCL_UAV = 221, B_UAV_RAW_LOAD = 225, B_UAV_STORE = 227,
	B_UAV_RAW_STORE = 228, B_DCL_LDS = 262, B_LDS_LOAD = 264, B_LDS_STORE = 265,
	B_FFB = 296, B_DRSQ = 344, B_MDEF = 345, B_MEND = 346, B_DCL_MAX_THREAD = 352,
	B_LDS_LOAD_BYTE = 396, B_LDS_STORE_SHORT = 401, B_DCL_TYPELESS_UAV = 424, B_CASE = 105,
	B_DCL_INDEXED_TEMP_ARRAY = 119, B_DCL_RAW_UAV = 222, B_APPEND_BUF_ALLOC = 256,
	B_APPEND_BUF_CONSUME = 257, B_MCALL = 347,
};

/* Atomics and counters, from the IL specification's enumeration (GRVK's
 * include/amdil/amdil.h counts it; every opcode the corpus showed agrees
 * with it): the UAV id in control bits 0-9 (uav_add's, confirmed) and the
 * LDS id in bits 0-13 (lds_inc's); the operands in the text's order, as
 * every confirmed instruction has them (GRVK's decoder: uav_read_add and
 * lds_read_add 1 destination and 2 sources, uav_add 2 sources). */
static const struct { unsigned short bin, op; unsigned char ndst, nsrc, lds; } atom_ops[] = {
	{233, OP_UAV_ADD, 0, 2, 0}, {234, OP_UAV_SUB, 0, 2, 0}, {235, OP_UAV_RSUB, 0, 2, 0},
	{236, OP_UAV_MIN, 0, 2, 0}, {237, OP_UAV_MAX, 0, 2, 0}, {238, OP_UAV_UMIN, 0, 2, 0},
	{239, OP_UAV_UMAX, 0, 2, 0}, {240, OP_UAV_AND, 0, 2, 0}, {241, OP_UAV_OR, 0, 2, 0},
	{242, OP_UAV_XOR, 0, 2, 0}, {243, OP_UAV_CMP, 0, 3, 0}, {244, OP_UAV_READ_ADD, 1, 2, 0},
	{245, OP_UAV_READ_SUB, 1, 2, 0}, {246, OP_UAV_READ_RSUB, 1, 2, 0}, {247, OP_UAV_READ_MIN, 1, 2, 0},
	{248, OP_UAV_READ_MAX, 1, 2, 0}, {249, OP_UAV_READ_UMIN, 1, 2, 0}, {250, OP_UAV_READ_UMAX, 1, 2, 0},
	{251, OP_UAV_READ_AND, 1, 2, 0}, {252, OP_UAV_READ_OR, 1, 2, 0}, {253, OP_UAV_READ_XOR, 1, 2, 0},
	{254, OP_UAV_READ_XCHG, 1, 2, 0}, {255, OP_UAV_READ_CMP_XCHG, 1, 3, 0}, {390, OP_UAV_UINC, 0, 2, 0},
	{391, OP_UAV_UDEC, 0, 2, 0}, {394, OP_UAV_READ_UINC, 1, 2, 0}, {395, OP_UAV_READ_UDEC, 1, 2, 0},
	{266, OP_LDS_ADD, 0, 2, 1}, {267, OP_LDS_SUB, 0, 2, 1}, {268, OP_LDS_RSUB, 0, 2, 1},
	{269, OP_LDS_MIN, 0, 2, 1}, {270, OP_LDS_MAX, 0, 2, 1}, {271, OP_LDS_UMIN, 0, 2, 1},
	{272, OP_LDS_UMAX, 0, 2, 1}, {273, OP_LDS_AND, 0, 2, 1}, {274, OP_LDS_OR, 0, 2, 1},
	{275, OP_LDS_XOR, 0, 2, 1}, {276, OP_LDS_CMP, 0, 3, 1}, {277, OP_LDS_READ_ADD, 1, 2, 1},
	{278, OP_LDS_READ_SUB, 1, 2, 1}, {279, OP_LDS_READ_RSUB, 1, 2, 1}, {280, OP_LDS_READ_MIN, 1, 2, 1},
	{281, OP_LDS_READ_MAX, 1, 2, 1}, {282, OP_LDS_READ_UMIN, 1, 2, 1}, {283, OP_LDS_READ_UMAX, 1, 2, 1},
	{284, OP_LDS_READ_AND, 1, 2, 1}, {285, OP_LDS_READ_OR, 1, 2, 1}, {286, OP_LDS_READ_XOR, 1, 2, 1},
	{287, OP_LDS_READ_XCHG, 1, 2, 1}, {288, OP_LDS_READ_CMP_XCHG, 1, 3, 1}, {427, OP_LDS_INC, 0, 2, 1},
	{428, OP_LDS_DEC, 0, 2, 1}, {429, OP_LDS_READ_INC, 1, 2, 1}, {430, OP_LDS_READ_DEC, 1, 2, 1},
	{431, OP_LDS_MSKOR, 0, 3, 1}, {432, OP_LDS_READ_MSKOR, 1, 3, 1},
};

/* The front end's opcode for binary opcode `bin`, an ordinary instruction
 * of bin_ops, else -1 (tests/unit pins the table to the enumeration). */
int il_amd_binary_opcode(unsigned bin)
{
	return bin < sizeof bin_ops / sizeof *bin_ops && bin_ops[bin] ? bin_ops[bin] - 1 : -1;
}

typedef struct Dec {
	const uint32_t *t; /* the kernel's tokens (host order) */
	size_t n, i;
	const char *why;   /* set: decoding stops (a constant string) */
	Buf mods;          /* instruction modifiers the destination carries (_sat, _x2) */
} Dec;

static uint32_t get(Dec *d)
{
	if (d->i >= d->n) {
		if (!d->why)
			d->why = "the token stream ends inside an instruction";
		return 0;
	}
	return d->t[d->i++];
}

static uint32_t bits(uint32_t v, int lo, int hi) { return v >> lo & ((1u << (hi - lo + 1)) - 1); }

/* register types (the IL specification's enumeration) and their spellings */
static const char *reg_base(uint32_t type, int *numbered)
{
	static const struct { uint32_t type; const char *name; int numbered; } r[] = {
		{4, "r", 1}, {30, "x", 1}, {31, "cb", 1}, {32, "l", 1}, {47, "mem", 1}, {61, "in", 1},
		{62, "out", 1}, {41, "vTidInGrp", 0}, {42, "vTidInGrpFlat", 0}, {43, "vAbsTid", 0},
		{44, "vAbsTidFlat", 0}, {45, "vThreadGrpId", 0}, {46, "vThreadGrpIdFlat", 0},
	};
	size_t i;
	for (i = 0; i < sizeof r / sizeof *r; i++)
		if (r[i].type == type) {
			*numbered = r[i].numbered;
			return r[i].name;
		}
	return NULL;
}

/* One register operand into b: a destination (write mask, and _sat / a
 * result scale as instruction modifiers) or a source (selectors, _abs,
 * _neg); the index of cbN[...], xN[...], relative or immediate. */
static void operand(Dec *d, Buf *b, int dst, int depth)
{
	uint32_t t = get(d), mod = 0, imm = 0, num, type, rel, dim;
	const char *base;
	int numbered, c;
	Buf idx = {0};
	if (d->why)
		return;
	num = bits(t, 0, 15), type = bits(t, 16, 21), rel = bits(t, 23, 24), dim = bits(t, 25, 25);
	if (!(base = reg_base(type, &numbered))) {
		d->why = "a register of a type the translator does not know";
		return;
	}
	if (bits(t, 31, 31)) {
		d->why = "an extended register token (not seen in AMD's OpenCL output)";
		return;
	}
	if (bits(t, 22, 22))
		mod = get(d);
	if (depth > 2) {
		d->why = "register indices nested too deep";
		return;
	}
	if (rel == 2 && !dim) {
		operand(d, &idx, 0, depth + 1); /* cb2[r1007.x+n] */
	} else if (rel == 0 && dim) {
		d->why = "a register indexed by a second token (not seen in AMD's OpenCL output)";
		return;
	} else if (rel != 0) {
		d->why = rel == 2 ? "a two-dimensional relative index" : "relative addressing through a0";
		buf_free(&idx);
		return;
	}
	if (bits(t, 26, 26))
		imm = get(d);
	if (d->why) {
		buf_free(&idx);
		return;
	}
	buf_printf(b, "%s", base);
	if (numbered)
		buf_printf(b, "%u", num);
	if (idx.s)
		buf_printf(b, "[%s%s%u]", idx.s, "+", imm);
	else if (bits(t, 26, 26))
		buf_printf(b, "[%u]", imm);
	buf_free(&idx);
	if (!bits(t, 22, 22))
		return;
	if (dst) {
		char m[5] = "____";
		static const char letters[] = "xyzw";
		for (c = 0; c < 4; c++) {
			uint32_t w = bits(mod, 2 * c, 2 * c + 1);
			m[c] = w == 1 ? letters[c] : w == 2 ? '0' : w == 3 ? '1' : '_';
		}
		if (strcmp(m, "xyzw"))
			buf_printf(b, ".%s", m);
		if (bits(mod, 9, 12)) {
			static const char *const scale[] = {"", "_x2", "_x4", "_x8", "_d2", "_d4", "_d8"};
			if (bits(mod, 9, 12) > 6) {
				d->why = "a result scale the IL specification does not list";
				return;
			}
			buf_puts(&d->mods, scale[bits(mod, 9, 12)]);
		}
		if (bits(mod, 8, 8))
			buf_puts(&d->mods, "_sat");
		if (bits(mod, 13, 31))
			d->why = "destination modifier bits the translator does not know";
	} else {
		char s[5] = "xxxx", neg[5];
		static const char sel[] = "xyzw01??";
		int nn = 0;
		for (c = 0; c < 4; c++) {
			s[c] = sel[bits(mod, 4 * c, 4 * c + 2)];
			if (bits(mod, 4 * c + 3, 4 * c + 3))
				neg[nn++] = "xyzw"[c];
		}
		neg[nn] = 0;
		if (strchr(s, '?')) {
			d->why = "a component selector the IL specification does not list";
			return;
		}
		if (s[0] == s[1] && s[1] == s[2] && s[2] == s[3] && strchr("xyzw", s[0]))
			s[1] = 0; /* one component for all four: .x */
		if (strcmp(s, "xyzw"))
			buf_printf(b, ".%s", s);
		if (bits(mod, 20, 20))
			buf_puts(b, "_abs");
		if (nn)
			buf_printf(b, "_neg(%s)", neg);
		if (bits(mod, 16, 19) || bits(mod, 21, 31))
			d->why = "source modifiers other than _abs and _neg (not seen in AMD's OpenCL output)";
	}
}

/* n operands, comma-separated, the first ndst of them destinations */
static void operands(Dec *d, Buf *b, int ndst, int n)
{
	int i;
	for (i = 0; i < n && !d->why; i++) {
		buf_puts(b, i ? ", " : " ");
		operand(d, b, i < ndst, 0);
	}
}

/* Is the next token a memory register (mem0: a store's destination)? */
static int next_is_mem(const Dec *d)
{
	return d->i < d->n && bits(d->t[d->i], 16, 21) == 47;
}

static const char *const access_names[] = {"read_write", "read_only", "write_only", "private"};
static const char *const usage_names[16] = {"unknown", "1d", "2d", "3d", "cubemap", "2dmsaa", "4comp",
                                            "buffer", "1darray", "2darray", "2darraymsaa"};
static const char *const format_names[8] = {"unknown", "snorm", "unorm", "sint", "uint", "float",
                                            "srgb", "mixed"};

/* One instruction (its opcode token read: op, ctl) as a line of b. */
static void one_inst(Dec *d, Buf *b, uint32_t op, uint32_t ctl)
{
	Buf ops = {0};
	const OpInfo *oi;
	uint32_t v, w;
	int i;
	buf_free(&d->mods);
	switch (op) {
	case B_LANG:
		v = get(d); /* the version token follows the language token */
		if (bits(v, 16, 23) != 3)
			d->why = "a shader that is not a compute shader";
		buf_printf(b, "il_cs_%u_%u", bits(v, 8, 15), bits(v, 0, 7));
		return;
	case B_COMMENT:
		v = get(d);
		if (!d->why && (v > d->n - d->i || v == 0)) {
			d->why = "a comment longer than the token stream";
			return;
		}
		if (d->why)
			return;
		buf_puts(b, ";");
		for (w = 0; w < 4 * v; w++) {
			char c = (char)(d->t[d->i + w / 4] >> (8 * (w % 4)));
			if (!c)
				break;
			buf_add(b, c == '\n' || c == '\r' ? " " : &c, 1);
		}
		d->i += v;
		return;
	case B_MDEF:
		v = get(d);
		buf_printf(b, "mdef(%u)_out(%u)_in(%u)", ctl, bits(v, 8, 15), bits(v, 0, 7));
		if (bits(v, 16, 31))
			d->why = "mdef bits the translator does not know";
		return;
	case B_MEND:
		buf_puts(b, "mend");
		return;
	case B_MCALL:
		/* As mdef (confirmed): the macro number in the control field, a
		 * token with the outputs' count in bits 8-15 and the inputs' in 0-7;
		 * then the outputs as destinations and the inputs as sources
		 * (CodeXL's IL reader).  The front end checks the counts against
		 * the macro's mdef or AMD's library, so a misread call is refused. */
		v = get(d);
		if (bits(ctl, 14, 15) || bits(v, 16, 31)) {
			d->why = "mcall bits the translator does not know";
			return;
		}
		buf_printf(b, "mcall(%u) (", ctl);
		for (w = 0; w < bits(v, 8, 15) && !d->why; w++) {
			buf_puts(b, w ? ", " : "");
			operand(d, b, 1, 0);
		}
		buf_puts(b, "), (");
		for (w = 0; w < bits(v, 0, 7) && !d->why; w++) {
			buf_puts(b, w ? ", " : "");
			operand(d, b, 0, 0);
		}
		buf_puts(b, ")");
		if (d->mods.s)
			d->why = "an mcall output with _sat or a result scale";
		return;
	case B_FUNC: case B_CALL:
		buf_printf(b, "%s %u", op == B_FUNC ? "func" : "call", get(d));
		return;
	case B_DCL_LITERAL:
		buf_puts(b, "dcl_literal ");
		operand(d, b, 0, 0);
		for (i = 0; i < 4 && !d->why; i++)
			buf_printf(b, ", 0x%08X", get(d));
		return;
	case B_DCL_CB:
		buf_puts(b, "dcl_cb ");
		operand(d, b, 0, 0);
		return;
	case B_DCL_MAX_THREAD:
		buf_printf(b, "dcl_max_thread_per_group %u", get(d));
		return;
	case B_DCL_NUM_THREAD:
		buf_puts(b, "dcl_num_thread_per_group");
		for (i = 0; i < (int)bits(ctl, 0, 13) && i < 3 && !d->why; i++)
			buf_printf(b, "%s%u", i ? ", " : " ", get(d));
		if (bits(ctl, 0, 13) > 3 || bits(ctl, 0, 13) == 0)
			d->why = "dcl_num_thread_per_group with no or more than 3 sizes";
		return;
	case B_DCL_TYPELESS_UAV:
		v = get(d), w = get(d);
		buf_printf(b, "dcl_typeless_uav_id(%u)_stride(%u)_length(%u)_access(%s)", bits(ctl, 0, 9), v, w,
		           access_names[bits(ctl, 10, 11)]);
		return;
	case B_DCL_LDS:
		buf_printf(b, "dcl_lds_id(%u) %u", bits(ctl, 0, 13), get(d));
		return;
	case B_DCL_RESOURCE:
		v = get(d);
		if (!usage_names[bits(ctl, 8, 11)]) {
			d->why = "an image type the translator does not know";
			return;
		}
		buf_printf(b, "dcl_resource_id(%u)_type(%s%s)_fmtx(%s)_fmty(%s)_fmtz(%s)_fmtw(%s)", bits(ctl, 0, 7),
		           usage_names[bits(ctl, 8, 11)], bits(ctl, 15, 15) ? ",unnorm" : "",
		           format_names[bits(v, 20, 22)], format_names[bits(v, 23, 25)],
		           format_names[bits(v, 26, 28)], format_names[bits(v, 29, 31)]);
		if (bits(v, 0, 19) || bits(ctl, 12, 14))
			d->why = "dcl_resource bits the translator does not know";
		return;
	case B_DCL_UAV:
		if (!usage_names[bits(ctl, 8, 11)] || bits(ctl, 4, 7) > 7 || bits(ctl, 12, 15)) {
			d->why = "dcl_uav bits the translator does not know";
			return;
		}
		buf_printf(b, "dcl_uav_id(%u)_type(%s)_fmtx(%s)", bits(ctl, 0, 3), usage_names[bits(ctl, 8, 11)],
		           format_names[bits(ctl, 4, 7)]);
		return;
	case B_SAMPLE:
		buf_printf(b, "sample_resource(%u)_sampler(%u)", bits(ctl, 0, 7), bits(ctl, 8, 11));
		if (bits(ctl, 15, 15)) {
			v = get(d); /* the coordinate type, bits 2-3 */
			if (bits(v, 2, 3) == 1 || bits(v, 2, 3) == 2)
				buf_printf(b, "_coordtype(%s)", bits(v, 2, 3) == 1 ? "normalized" : "unnormalized");
			if (bits(v, 0, 1) || bits(v, 4, 31) || bits(v, 2, 3) == 3)
				d->why = "sample modifier bits the translator does not know";
		}
		if (bits(ctl, 12, 14))
			d->why = "indexed or offset sample (not seen in AMD's OpenCL output)";
		operands(d, b, 1, 2);
		return;
	case B_FENCE: {
		static const char *const f[] = {"_threads", "_lds", "_memory", "_sr", "_mem_write_only",
		                                "_mem_read_only", "_gds"};
		buf_puts(b, "fence");
		for (i = 0; i < 7; i++)
			if (ctl >> i & 1)
				buf_puts(b, f[i]);
		if (ctl >> 7)
			d->why = "fence bits the translator does not know";
		return;
	}
	case B_FFB:
		if (ctl > 2) {
			d->why = "an ffb variant the translator does not know";
			return;
		}
		buf_puts(b, ctl == 0 ? "ffb_lo" : ctl == 1 ? "ffb_hi" : "ffb_shi");
		operands(d, &ops, 1, 2);
		buf_printf(b, "%s%s", d->mods.s ? d->mods.s : "", ops.s ? ops.s : "");
		buf_free(&ops);
		return;
	case B_UAV_RAW_LOAD: case B_UAV_RAW_STORE: case B_UAV_STORE:
		/* the UAV id in bits 0-9, _cached in 10, bit 14 on vector loads */
		buf_printf(b, "%s_id(%u)%s%s", op == B_UAV_RAW_LOAD ? "uav_raw_load" : op == B_UAV_STORE ?
		           "uav_store" : "uav_raw_store", bits(ctl, 0, 9),
		           bits(ctl, 10, 10) ? "_cached" : "", bits(ctl, 14, 14) ? "_aligned" : "");
		if (bits(ctl, 11, 13) || bits(ctl, 15, 15))
			d->why = "UAV access bits the translator does not know";
		else if (op == B_UAV_RAW_LOAD)
			operands(d, b, 1, 2);
		else
			operands(d, b, next_is_mem(d), 2 + next_is_mem(d));
		return;
	case B_CASE:
		/* one literal token: the case value (GRVK's decoder; Brook+'s
		 * token writer), printed signed as AMD's text has it */
		buf_printf(b, "case %d", (int)get(d));
		if (ctl)
			d->why = "control bits the translator has not confirmed for this opcode";
		return;
	case B_DCL_INDEXED_TEMP_ARRAY:
		/* x<n> with its size as the immediate index: x0[10] */
		buf_puts(b, "dcl_indexed_temp_array ");
		if (ctl || d->i >= d->n || bits(d->t[d->i], 16, 21) != 30 || !bits(d->t[d->i], 26, 26) ||
		    bits(d->t[d->i], 22, 25)) {
			d->why = "a dcl_indexed_temp_array other than x<n>[size]";
			return;
		}
		operand(d, b, 0, 0);
		return;
	case B_DCL_RAW_UAV:
		buf_printf(b, "dcl_raw_uav_id(%u)", bits(ctl, 0, 13));
		if (bits(ctl, 14, 15))
			d->why = "dcl_raw_uav bits the translator does not know";
		return;
	case B_APPEND_BUF_ALLOC: case B_APPEND_BUF_CONSUME:
		buf_printf(b, "%s_id(%u)", op == B_APPEND_BUF_ALLOC ? "append_buf_alloc" : "append_buf_consume",
		           bits(ctl, 0, 13));
		if (bits(ctl, 14, 15))
			d->why = "counter bits the translator does not know";
		else
			operands(d, b, 1, 1);
		return;
	case B_LDS_LOAD_VEC: case B_LDS_STORE_VEC: case B_LDS_LOAD: case B_LDS_STORE:
		buf_printf(b, "%s_id(%u)", op == B_LDS_LOAD_VEC ? "lds_load_vec" : op == B_LDS_STORE_VEC ?
		           "lds_store_vec" : op == B_LDS_LOAD ? "lds_load" : "lds_store", bits(ctl, 0, 13));
		if (bits(ctl, 14, 15))
			d->why = "LDS access bits the translator does not know";
		else if (op == B_LDS_LOAD_VEC)
			operands(d, b, 1, 3);
		else if (op == B_LDS_STORE_VEC)
			operands(d, b, 1, 4); /* mem0, address, data twice */
		else if (op == B_LDS_LOAD)
			operands(d, b, 1, 2);
		else
			operands(d, b, 0, 2);
		return;
	}
	for (i = 0; i < (int)(sizeof atom_ops / sizeof *atom_ops); i++) {
		if (atom_ops[i].bin != op)
			continue;
		buf_printf(b, "%s_id(%u)", il_ops[atom_ops[i].op].name, atom_ops[i].lds ? bits(ctl, 0, 13) :
		           bits(ctl, 0, 9));
		if (atom_ops[i].lds ? bits(ctl, 14, 15) : bits(ctl, 10, 15))
			d->why = "atomic bits the translator does not know (_b64, _arena, ...)";
		else
			operands(d, b, atom_ops[i].ndst, atom_ops[i].ndst + atom_ops[i].nsrc);
		return;
	}
	if (op >= B_LDS_LOAD_BYTE && op <= B_LDS_STORE_SHORT) {
		static const char *const nm[] = {"lds_load_byte", "lds_load_short", "lds_load_ubyte",
		                                 "lds_load_ushort", "lds_store_byte", "lds_store_short"};
		buf_printf(b, "%s_id(%u)", nm[op - B_LDS_LOAD_BYTE], bits(ctl, 0, 13));
		if (bits(ctl, 14, 15))
			d->why = "LDS access bits the translator does not know";
		else
			operands(d, b, op < B_LDS_LOAD_BYTE + 4, 2);
		return;
	}
	/* an ordinary instruction: its operand counts from the opcode table */
	if (op >= sizeof bin_ops / sizeof *bin_ops || !bin_ops[op]) {
		d->why = "an IL opcode whose binary form the translator has not confirmed";
		return;
	}
	oi = &il_ops[bin_ops[op] - 1];
	buf_puts(b, oi->name);
	if ((op == B_DIV || op == B_DRSQ) && ctl) {
		static const char *const z[] = {"fltmax", "zero", "infinity", "inf_else_max"};
		if (ctl > 3) {
			d->why = "a zero-op the IL specification does not list";
			return;
		}
		buf_printf(b, "_zeroop(%s)", z[ctl]);
	} else if ((op == B_MAD || op == B_MUL || op == B_MIN || op == B_MAX) && ctl) {
		if (ctl != 1) {
			d->why = "control bits the translator does not know";
			return;
		}
		buf_puts(b, "_ieee");
	} else if (ctl) {
		d->why = "control bits the translator has not confirmed for this opcode";
		return;
	}
	operands(d, &ops, oi->ndst, oi->ndst + oi->nsrc);
	buf_printf(b, "%s%s", d->mods.s ? d->mods.s : "", ops.s ? ops.s : "");
	buf_free(&ops);
}

/* the kernel's IL tokens as lines of text (NUL-separated in out), or -1
 * after a diagnostic naming the token's byte offset in the file */
static int decode(const char *path, const char *kernel, const uint8_t *p, size_t n, size_t file_off,
                  StrVec *lines)
{
	Dec d;
	size_t i, start;
	uint32_t *t = xmalloc((n / 4 + 1) * sizeof *t);
	memset(&d, 0, sizeof d);
	for (i = 0; i + 4 <= n; i += 4)
		t[i / 4] = rd32(p + i);
	d.t = t, d.n = n / 4;
	while (d.i < d.n && !d.why) {
		Buf line = {0};
		uint32_t tok;
		start = d.i;
		tok = get(&d);
		one_inst(&d, &line, bits(tok, 0, 15), bits(tok, 16, 31));
		if (d.why) {
			Loc l = {intern(path), 1, (int)(file_off + 4 * start) + 1};
			diag_error(l, "kernel '%s': IL token %zu (opcode %u, control 0x%x): %s (docs/real-il.md "
			           "section 11)", kernel, start, bits(tok, 0, 15), bits(tok, 16, 31), d.why);
			buf_free(&line);
			break;
		}
		vec_push(lines, line.s ? line.s : xstrdup(""));
	}
	buf_free(&d.mods);
	free(t);
	return d.why ? -1 : 0;
}

int il_is_amd_binary(const char *text, size_t len)
{
	return len >= 4 && !memcmp(text, "\177ELF", 4);
}

/* "func N" -> N, else -1 */
static long long func_id(const char *line)
{
	char *e;
	long long v;
	if (strncmp(line, "func ", 5))
		return -1;
	v = strtoll(line + 5, &e, 10);
	return *e ? -1 : v;
}

/* the kernels of the outer ELF's __OpenCL_<k>_kernel symbols, in symbol
 * table order */
static void kernel_names(const Elf *e, StrVec *out)
{
	size_t i, j;
	for (i = 0; i < e->ns; i++) {
		const Sec *st = &e->s[i], *str;
		if (st->type != 2 || st->link >= e->ns)
			continue;
		str = &e->s[st->link];
		for (j = 0; j + 16 <= st->size; j += 16) {
			const char *nm = elf_str(e->p + str->off, str->size, rd32(e->p + st->off + j));
			size_t l = nm ? strlen(nm) : 0;
			if (l > 16 && !strncmp(nm, "__OpenCL_", 9) && !strcmp(nm + l - 7, "_kernel"))
				vec_push(out, xasprintf("%.*s", (int)(l - 16), nm + 9));
		}
	}
}

char *il_amd_binary(const char *path, const uint8_t *p, size_t n, size_t *len)
{
	Elf outer;
	StrVec names = {0}, lines = {0};
	VEC(const char *) prologue = {0}; /* kernel 0's lines before its functions, borrowed */
	VEC(long long) seen = {0};
	Buf out = {0};
	size_t k, i, j;
	int failed = 0;
	Loc at = {intern(path), 1, 1};
	if (elf_open(&outer, p, n)) {
		diag_error(at, "not an AMD OpenCL program binary: not a 32-bit little-endian ELF with section headers");
		free(outer.s);
		return NULL;
	}
	kernel_names(&outer, &names);
	if (!names.n) {
		diag_error(at, "an ELF without __OpenCL_<name>_kernel symbols: not an AMD OpenCL program binary");
		free(outer.s);
		return NULL;
	}
	for (k = 0; k < names.n && !failed; k++) {
		char *sym = xasprintf("__OpenCL_%s_kernel", names.v[k]);
		size_t isz = 0, first = lines.n;
		const uint8_t *ip = elf_sym(&outer, sym, &isz);
		Elf inner;
		const Sec *text = NULL;
		memset(&inner, 0, sizeof inner);
		free(sym);
		if (!ip || elf_open(&inner, ip, isz)) {
			diag_error(at, "kernel '%s': its __OpenCL_%s_kernel symbol is not an ELF (an AMD CAL image)",
			           names.v[k], names.v[k]);
			free(inner.s);
			failed = 1;
			break;
		}
		for (i = 0; i < inner.ns && !text; i++)
			if (!strcmp(inner.s[i].name, ".text"))
				text = &inner.s[i];
		if (!text || text->size < 8 || text->size % 4) {
			diag_error(at, "kernel '%s': its CAL image has no IL (.text of whole tokens)", names.v[k]);
			failed = 1;
		} else if (decode(path, names.v[k], ip + text->off, text->size, (size_t)(ip - p) + text->off,
		                  &lines)) {
			failed = 1;
		}
		free(inner.s);
		if (failed)
			break;
		/* the first kernel's prologue (mdef(16383), il_cs, dcl_cb cb0,
		 * the global literals); main becomes the pseudo-call; then the
		 * functions not yet taken, up to the final end */
		for (i = first; i < lines.n; i++) {
			const char *l = lines.v[i];
			long long id = func_id(l);
			if (id >= 0) {
				size_t e;
				for (j = 0; j < seen.n && seen.v[j] != id; j++)
					;
				for (e = i + 1; e < lines.n && func_id(lines.v[e]) < 0 && strcmp(lines.v[e], "end"); e++)
					;
				if (j == seen.n) {
					vec_push(&seen, id);
					for (; i < e; i++)
						buf_printf(&out, "%s\n", lines.v[i]);
				}
				i = e - 1;
				continue;
			}
			if (!strcmp(l, "end"))
				break;
			if (!strncmp(l, "call ", 5) || !strcmp(l, ";$") || (k > 0 && l[0] == ';'))
				continue; /* main's call of the wrapper; comments said once */
			if (k > 0) {
				/* another kernel's prologue: the first one's, or the
				 * kernels do not share one program's declarations */
				for (j = 0; j < prologue.n && strcmp(prologue.v[j], l); j++)
					;
				if (j == prologue.n) {
					diag_error(at, "kernel '%s' declares '%s' before its functions, which kernel '%s' "
					           "does not: they are not one program", names.v[k], l, names.v[0]);
					failed = 1;
					break;
				}
				continue;
			}
			vec_push(&prologue, l);
			if (!strcmp(l, "endmain"))
				buf_puts(&out, ";$$$$$$$$$$\n");
			buf_printf(&out, "%s\n", l);
		}
	}
	/* the data segments: __OpenCL_<n>_global is constant buffer n's */
	for (i = 0; !failed && i < 16; i++) {
		char *sym = xasprintf("__OpenCL_%zu_global", i);
		size_t sz = 0, w;
		const uint8_t *d = elf_sym(&outer, sym, &sz);
		free(sym);
		if (!d || !sz)
			continue;
		if (sz % 4) {
			diag_error(at, "the data of constant buffer %zu is %zu bytes, not whole dwords", i, sz);
			failed = 1;
			break;
		}
		buf_printf(&out, ";#DATASTART:%zu:%zu\n", i, sz);
		for (w = 0; w < sz; w += 256) {
			size_t m = sz - w < 256 ? sz - w : 256, q;
			buf_printf(&out, ";#i32:%zu:%zu", w, m / 4);
			for (q = 0; q < m; q += 4)
				buf_printf(&out, ":%x", rd32(d + w + q));
			buf_puts(&out, "\n");
		}
		buf_printf(&out, ";#DATAEND:%zu\n", i);
	}
	buf_puts(&out, "end\n");
	for (i = 0; i < lines.n; i++)
		free(lines.v[i]);
	vec_free(&lines);
	for (i = 0; i < names.n; i++)
		free(names.v[i]);
	vec_free(&names);
	vec_free(&seen);
	vec_free(&prologue);
	free(outer.s);
	if (failed) {
		buf_free(&out);
		return NULL;
	}
	*len = out.n;
	return out.s;
}
