/* isa.c - the translator's coverage of AMD IL, mnemonic by mnemonic: the
 * source of docs/ISA.md (translate --isa).  "lowered" is asked of the
 * lowering's own dispatch (lower_knows); "tested" is whether a program of the
 * conformance corpus given on the command line uses the mnemonic (make check
 * runs that corpus on both emulated runtimes at SIMD 8, 16 and 32); a
 * mnemonic that is not lowered either has a documented reason here or is
 * listed as not lowered yet. */
#include <string.h>

#include "lowerint.h"

/* AMD's backend emits the cross-lane operations only where it prints
 * dcl_wavesize 64 (SI and later; AMDILKernelManager/AMDILSubtarget) */
#define WAVE64 "exchanges values among the 64 lanes of an AMD wavefront: an Intel hardware thread " \
	"holds at most 32 lanes (SIMD32), and lanes of two threads meet only at a work-group " \
	"barrier, which code in divergent control flow cannot take"

/* GWS semaphores (dcl_semaphore_id, init_semaphore, semaphore_wait/signal,
 * dcl_gws_thread_count: GCN's DS_GWS_* and DS_GWS_SEMA_* messages) */
#define GWS "global wave sync (GWS) semaphores: a semaphore_wait blocks until work-groups " \
	"that may not have started signal it, which needs every group of the launch resident " \
	"at once; Level Zero's ordinary launch gives no such forward-progress guarantee, no " \
	"device here (tgllp skl icllp dg1 dg2 mtl pvc) has GWS hardware, and Level Zero has " \
	"no semaphore object an argument (;sema) could carry"
/* R7xx's shared registers (AMD Stream Computing User Guide, "Shared
 * Registers", for the Radeon HD 4870) */
#define SHARED_TEMP "shared registers (sr#) of R7xx (Radeon HD 4000: RV770, RV730, RV710, RV740): " \
	"one copy per lane index, shared by every wavefront the hardware dispatcher places on a SIMD " \
	"(across work-groups) and atomic only within one instruction (AMD's Stream Computing User " \
	"Guide): which work-items share a value depends on that placement, and Intel GPUs have no " \
	"registers shared between hardware threads"


/* The immediate constant buffer (icb[i]) */
#define ICB "no source gives the text form of its values: AMD's binary IL declares the immediate " \
	"constant buffer as dcl_cb with the immediate bit and the values as extra tokens (GRVK's " \
	"decoder), GRVK's dump prints it as 'dcl_cb icb[n]' without them, and amdil.md names icb[i] " \
	"only, so no program text can say what icb[] holds"

/* Mnemonics refused for a reason of the target, by spelling prefix. */
static const struct {
	const char *prefix;
	const char *reason;
} refused[] = {
	{"gds_", "GDS (region memory): Intel GPUs have none and Level Zero cannot pass it"},
	{"dcl_gds", "GDS (region memory): Intel GPUs have none and Level Zero cannot pass it"},
	{"dcl_struct_gds", "GDS (region memory): Intel GPUs have none"},
	{"init_semaphore", GWS},
	{"semaphore_", GWS},
	{"dcl_semaphore", GWS},
	{"dcl_gws_thread_count", GWS},
	{"emit", "geometry-shader output: no compute meaning"},
	{"cut", "geometry-shader output: no compute meaning"},
	{"discard_", "pixel-shader kill: lowered only in a CAL il_ps program (the pixel keeps its render-target contents); no compute meaning elsewhere"},
	{"dcl_input", "graphics pipeline input: lowered only as the window position of a CAL il_ps program (dcl_input_position); no compute meaning elsewhere"},
	{"dcl_output", "graphics pipeline output: lowered only as the render targets o0..o7 of a CAL il_ps program (dcl_output_generic); no compute meaning elsewhere"},
	{"dcl_ts_", "tessellation state: no compute meaning"},
	{"dcl_gs_", "geometry-shader state: no compute meaning"},
	{"dcl_max_output_vertex", "geometry-shader state: no compute meaning"},
	{"dcl_odepth", "pixel-shader depth output: no compute meaning"},
	{"dcl_global_flags", "graphics-only flags: no compute meaning"},
	{"dsx", "pixel-shader derivative: no compute meaning"},
	{"dsy", "pixel-shader derivative: no compute meaning"},
	{"dcl_num_icp", "tessellation state: no compute meaning"},
	{"dcl_num_ocp", "tessellation state: no compute meaning"},
	{"dcl_max_tessfactor", "tessellation state: no compute meaning"},
	{"dcl_raw_srv", "raw/structured SRV buffers: AMD's OpenCL runtime binds SRV slots only to "
	                "read-only images, so no kernel argument can be one (docs/memory.md)"},
	{"dcl_struct_srv", "raw/structured SRV buffers: AMD's OpenCL runtime binds SRV slots only to "
	                   "read-only images, so no kernel argument can be one (docs/memory.md)"},
	{"srv_", "raw/structured SRV buffers: AMD's OpenCL runtime binds SRV slots only to read-only "
	         "images, so no kernel argument can be one (docs/memory.md)"},
	{"bufinfo", "buffer size query: an AMD UAV is the whole global heap, and Level Zero passes a "
	            "kernel no buffer size (docs/memory.md)"},
	{"sample_c", "depth comparison: the compare function is sampler state, and neither AMD's OpenCL "
	             "sampler (normalized, addressing and filter bits) nor a Level Zero or OpenCL sampler "
	             "has one, so no kernel input defines the result; no device"},
	{"fetch4_c", "depth comparison: the compare function is sampler state, and neither AMD's OpenCL "
	             "sampler (normalized, addressing and filter bits) nor a Level Zero or OpenCL sampler "
	             "has one, so no kernel input defines the result; no device"},
	{"fetch4po_c", "depth comparison: the compare function is sampler state, and neither AMD's OpenCL "
	               "sampler (normalized, addressing and filter bits) nor a Level Zero or OpenCL sampler "
	               "has one, so no kernel input defines the result; no device"},
	{"lod", "the level of detail implicit derivatives give: a compute kernel has none (no pixel "
	        "quads), and no source defines AMD's result there; sample and sample_l/b/g read level 0, "
	        "the only level of an OpenCL image; no device"},
	{"dcl_function_body", "D3D11 class linkage (interfaces): never in OpenCL IL"},
	{"dcl_function_table", "D3D11 class linkage (interfaces): never in OpenCL IL"},
	{"dcl_interface_ptr", "D3D11 class linkage (interfaces): never in OpenCL IL"},
	{"dcl_shared_temp", SHARED_TEMP},
	{"ballot", WAVE64},
	{"readfirstlane", WAVE64},
	{"receivelane", WAVE64},
};

/* Mnemonics refused because no source defines their rule (exact names;
 * docs/fmath.md lists the sources searched). */
static const struct {
	Opcode op;
	const char *reason;
} undocumented[] = {
	{OP_CMOV, "no source gives its rule: AMD's compiler defines the opcode but never emits it "
	          "(HLC AMDILEnumeratedTypes.td), amdil.md writes three sources, CorePy's IL table two"},
	{OP_LEN, "no source says which components it reads (three or four) or which lane gets the "
	         "result: AMD's compiler emits it for its length intrinsic (HLC LENGTH) without a rule"},
	{OP_DIST, "no source says which components it reads or which lane gets the result, and AMD's "
	          "compiler never emits it"},
	{OP_NRM, "no source gives AMD's rule: the compiler spells it nrm_nrm4_zeroop(zero) (HLC "
	         "IL_OP_NRM) and D3D9's three-component nrm has neither modifier"},
	{OP_PIREDUCE, "no source gives its result: AMD's compiler emits it for its pireduce intrinsic "
	              "(HLC: one float in, one out), but neither the reduced range nor the quadrant's "
	              "place is documented"},
	{OP_FETCH4, "no source gives the text form's channel selection or the order of the four texels "
	            "in the result (GRVK reads a binary token's component field; the AMD IL text spelling "
	            "is unknown)"},
	{OP_FETCH4PO, "no source gives the text form's channel selection or the order of the four texels "
	              "in the result (GRVK reads a binary token's component field; the AMD IL text "
	              "spelling is unknown)"},
	{OP_GATHER4, "no source gives AMD IL's gather4 (operands, channel, order of the four texels): "
	             "amdil.md and GRVK's AMD IL decoder have no such instruction"},
	{OP_FLAT_ATOMIC, "no source gives its operands: AMD's compiler defines the opcode text "
	                 "flat_atomic_op (HLC FLAT_ATOMIC_OP) but no instruction that prints it, so neither "
	                 "the operation suffixes nor the order of address, value and compare value are "
	                 "known"},
	{OP_DCL_IMMEDIATE_CONSTANT_BUFFER, ICB},
	{OP_DFREXP, "no source says which of its two 64-bit results (HLC FREXPf64: v2i64 from f64) "
	            "holds the significand and which the exponent; dfrexp_mant and dfrexp_exp are "
	            "lowered"},
};

const char *isa_icb_reason(void)
{
	return ICB;
}

const char *isa_undocumented(Opcode op)
{
	size_t i;
	for (i = 0; i < NELEM(undocumented); i++)
		if (undocumented[i].op == op)
			return undocumented[i].reason;
	return NULL;
}

const char *isa_refusal(Opcode op)
{
	size_t i;
	for (i = 0; i < NELEM(refused); i++)
		if (!strncmp(il_ops[op].name, refused[i].prefix, strlen(refused[i].prefix)))
			return refused[i].reason;
	return NULL;
}

static const char *kind_name(OpKind k)
{
	switch (k) {
	case K_INST: return "instruction";
	case K_DCL: return "declaration";
	case K_CALL: case K_RET: case K_RETDYN: return "call";
	case K_FUNC: case K_ENDFUNC: case K_ENDMAIN: case K_END: case K_MDEF: case K_MEND: return "structure";
	default: return "control flow";
	}
}

void isa_table(Buf *out, const unsigned char *tested, const char *platforms, const char *sampler_platforms)
{
	int op, n[4] = {0, 0, 0, 0}, t = 0;
	for (op = 0; op < OP_COUNT; op++) {
		if (il_ops[op].name[0] == ';')
			continue;
		if (lower_knows((Opcode)op))
			n[0]++, t += tested[op] != 0;
		else if (isa_refusal((Opcode)op))
			n[1]++;
		else if (isa_undocumented((Opcode)op))
			n[3]++;
		else
			n[2]++;
	}
	buf_printf(out, "# AMD IL coverage of the translator\n\n"
	           "Generated by `translate --isa tests/kernels/*.il` from the opcode table\n"
	           "(`src/ilparse/opcodes.h`) and the lowering's dispatch; `make check`\n"
	           "regenerates it and fails when this file is stale.  Do not edit.\n\n"
	           "* lowered: %d of %d mnemonics (%d of them used by the conformance corpus,\n"
	           "  `tests/kernels/*.il`, which `make check` runs on both emulated runtimes at\n"
	           "  SIMD 8, 16 and 32)\n"
	           "* refused for a reason of the target: %d\n"
	           "* refused because no source defines their rule: %d (docs/fmath.md lists the\n"
	           "  sources searched)\n"
	           "* not lowered yet: %d\n\n"
	           "| mnemonic | kind | lowered | conformance-tested (SIMD 8/16/32) | platforms | note |\n"
	           "|---|---|---|---|---|---|\n",
	           n[0], n[0] + n[1] + n[2] + n[3], t, n[1], n[3], n[2]);
	for (op = 0; op < OP_COUNT; op++) {
		const char *why;
		int low;
		if (il_ops[op].name[0] == ';')
			continue;
		low = lower_knows((Opcode)op);
		why = low ? NULL : isa_refusal((Opcode)op);
		if (!low && !why)
			why = isa_undocumented((Opcode)op);
		buf_printf(out, "| `%s` | %s | %s | %s | %s | %s |\n", il_ops[op].name,
		           kind_name(il_ops[op].kind), low ? "yes" : why ? "refused" : "not yet",
		           low && tested[op] ? "yes" : "no",
		           !low ? "-" : image_inst((Opcode)op) && op != OP_RESINFO ? sampler_platforms : platforms,
		           why ? why : ""); /* resinfo reads the info block only */
	}
}
