/* lower_ps.c - CAL pixel-shader compute (il_ps kernels, docs/abi-map.txt
 * section 9, "il_ps").
 *
 * A CAL host runs an il_ps program over a rectangle of a render target: one
 * invocation per pixel, the pixel's window coordinate in vWinCoord0 (or in the
 * v<n> that dcl_input_position declares) and its results in the render
 * targets o0..o7.  Translated, the rectangle is the NDRange: work-item
 * (x, y), global offset included (CAL's domain origin), is pixel (x, y);
 *   vWinCoord0 = (x + 0.5, y + 0.5, 0.0, 1.0)   the pixel centre
 * (.z/.w: no source defines them for CAL's compute use; 0 and 1 as D3D's
 * screen position of a quad at depth 0).  Each oN is a write-only 2-D image
 * argument; the kernel's writes to oN go to per-lane registers (components
 * never written stay 0) and the epilogue writes the four of them to texel
 * (x, y) of oN's image, converted to the image's format by the typed write,
 * unless the pixel was discarded (discard_logicalnz/z: the pixel keeps its
 * previous contents; the invocation runs on, as a killed pixel's code does
 * when its quad still runs, so only the render-target writes depend on it).
 */
#include <string.h>

#include "translate.h"

#include "lowerint.h"

/* The pixel coordinates (x, y) of each lane (d) and the window coordinate
 * (f), made at first use; computed by ps_prologue. */
static void ps_coords(L *l)
{
	static const char *const pn[2] = {"PIX_X", "PIX_Y"}, *const wn[2] = {"WIN_X", "WIN_Y"};
	int c;
	if (l->ps_pix[0])
		return;
	for (c = 0; c < 2; c++) {
		lower_special(l, SR_ABS_TID, c);
		l->ps_pix[c] = vk_decl(l->vk, pn[c], VT_D, l->simd, 0);
		l->ps_win[c] = vk_decl(l->vk, wn[c], VT_F, l->simd, 0);
	}
	implicit_arg(l, IMP_GLOBAL_ID_OFFSET);
}

Val ps_win_coord(L *l, int sel)
{
	if (sel == SEL_Z || sel == SEL_0)
		return val_imm(0);
	if (sel == SEL_W || sel == SEL_1)
		return val_imm(0x3f800000u);
	ps_coords(l);
	return val_vec(l->ps_win[sel]);
}

/* The per-lane register of component c of render target n. */
VDecl *ps_out_reg(L *l, int n, int c)
{
	static const char *const names[MD_CAL_OUTPUTS][4] = {
		{"o0_x", "o0_y", "o0_z", "o0_w"}, {"o1_x", "o1_y", "o1_z", "o1_w"},
		{"o2_x", "o2_y", "o2_z", "o2_w"}, {"o3_x", "o3_y", "o3_z", "o3_w"},
		{"o4_x", "o4_y", "o4_z", "o4_w"}, {"o5_x", "o5_y", "o5_z", "o5_w"},
		{"o6_x", "o6_y", "o6_z", "o6_w"}, {"o7_x", "o7_y", "o7_z", "o7_w"},
	};
	if (!l->ps_o[n][c])
		l->ps_o[n][c] = vk_decl(l->vk, names[n][c], VT_UD, l->simd, 0);
	return l->ps_o[n][c];
}

/* The image argument of render target n, NULL if none. */
static const MdArg *ps_target(const L *l, long long n)
{
	size_t i;
	for (i = 0; i < l->k->md->args.n; i++)
		if (l->k->md->args.v[i].output == n + 1)
			return &l->k->md->args.v[i];
	return NULL;
}

int ps_output_dst(L *l, const Operand *d)
{
	if (d->has_index || d->index_reg || !ps_target(l, d->num)) {
		lerr(l, d->loc, "'%s' is not a render target of this kernel (o0..o%d, not indexed)",
		     d->name ? d->name : "?", MD_CAL_OUTPUTS - 1);
		return -1;
	}
	return 0;
}

void ps_output_store(L *l, const Operand *d, const int m[4], VDecl *const tmp[4])
{
	int c;
	for (c = 0; c < 4; c++) {
		Val v;
		if (tmp[c])
			v = val_vec(tmp[c]);
		else if (m[c] == WM_ZERO || m[c] == WM_ONE)
			v = val_imm(m[c] == WM_ONE ? 0x3f800000u : 0);
		else
			continue;
		alu(l, "mov", VT_UD, ps_out_reg(l, (int)d->num, c), 1, &v, 0);
	}
}

void ps_kill(L *l, VDecl *p, int pnot)
{
	if (!l->ps_killed)
		l->ps_killed = vk_decl(l->vk, "KILLED", VT_UD, l->simd, 0);
	lower_select(l, p, pnot, l->ps_killed, VT_UD, val_imm(1), val_vec(l->ps_killed));
}

int ps_dcl(L *l, const Inst *in)
{
	const Operand *o = in->nops ? &in->ops[0] : NULL;
	if (in->op == OP_DCL_OUTPUT) {
		if (!o || o->file != RF_VOUTPUT || o->num < 0 || o->num >= MD_CAL_OUTPUTS ||
		    !il_dcl_usage(in, "generic")) {
			lerr(l, in->loc, "'dcl_output' of a CAL pixel shader must declare a generic render "
			     "target o0..o%d (dcl_output_generic oN): other outputs are graphics state",
			     MD_CAL_OUTPUTS - 1);
			return -1;
		}
		return 0;
	}
	if (!o || !il_dcl_usage(in, "position") ||
	    !(o->file == RF_VINPUT || (o->file == RF_SPECIAL && o->num == SR_WIN_COORD))) {
		lerr(l, in->loc, "'dcl_input' of a CAL pixel shader must declare the window position "
		     "(dcl_input_position... vWinCoord0 or v<n>): interpolated attributes come from a "
		     "graphics pipeline, which a compute kernel does not have");
		return -1;
	}
	return 0;
}

Val ps_input(L *l, const Operand *o, int sel)
{
	size_t i, f;
	for (f = 0; f < l->k->funcs.n; f++)
		for (i = 0; i < l->k->funcs.v[f]->code.n; i++) {
			const Inst *in = &l->k->funcs.v[f]->code.v[i];
			if (in->op == OP_DCL_INPUT && in->nops && in->ops[0].file == RF_VINPUT &&
			    in->ops[0].num == o->num && il_dcl_usage(in, "position"))
				return ps_win_coord(l, sel);
		}
	lerr(l, o->loc, "'%s' is not declared as the window position (dcl_input_position... %s)",
	     o->name ? o->name : "?", o->name ? o->name : "v<n>");
	return val_imm(0);
}

void ps_setup(L *l)
{
	size_t i;
	int c;
	if (!l->k->ps)
		return;
	ps_coords(l);
	for (i = 0; i < l->k->md->args.n; i++)
		if (l->k->md->args.v[i].output) {
			for (c = 0; c < 4; c++)
				ps_out_reg(l, l->k->md->args.v[i].output - 1, c);
			if (l->k->md->args.v[i].kind == MA_POINTER) /* --cal-outputs buffer: the pixel's index */
				lower_special(l, SR_ABS_TID_FLAT, 0);
		}
}

void ps_prologue(L *l)
{
	int c, n;
	Val a[2];
	if (!l->k->ps)
		return;
	for (c = 0; c < 2; c++) {
		int h;
		a[0] = val_vec(l->abs_tid[c]), a[1] = val_scalar(l->imp[IMP_GLOBAL_ID_OFFSET], c);
		alu(l, "add", VT_D, l->ps_pix[c], 2, a, 0);
		for (h = 0; h < l->nchunks; h++) { /* exact below 2^24 pixels a side */
			VInst *in = emit_chunk(l, "mov", h);
			in->ops[0] = vo_dst(l->ps_win[c], h * l->chunk);
			in->ops[1] = opnd(l, val_vec(l->ps_pix[c]), VT_D, h);
			in->nops = 2;
		}
		a[0] = val_vec(l->ps_win[c]), a[1] = val_imm(0x3f000000u);
		alu(l, "add", VT_F, l->ps_win[c], 2, a, 0);
	}
	a[0] = val_imm(0);
	for (n = 0; n < MD_CAL_OUTPUTS; n++)
		for (c = 0; c < 4; c++)
			if (l->ps_o[n][c])
				alu(l, "mov", VT_UD, l->ps_o[n][c], 1, a, 0);
	if (l->ps_killed)
		alu(l, "mov", VT_UD, l->ps_killed, 1, a, 0);
}

void ps_epilogue(L *l)
{
	const char *skip = NULL;
	size_t i;
	if (!l->k->ps)
		return;
	if (l->ps_killed) {
		VDecl *p = compare(l, "ne", VT_UD, val_vec(l->ps_killed), val_imm(0));
		VInst *in = vk_emit(l->vk, "goto", l->simd, 1);
		skip = vk_label_name(l->vk, "kept");
		in->pred = p;
		in->ops[0] = vo_label(skip);
		in->nops = 1;
	}
	for (i = 0; i < l->k->md->args.n; i++) {
		const MdArg *a = &l->k->md->args.v[i];
		VDecl *uvr[3] = {l->ps_pix[0], l->ps_pix[1], NULL}, *const *o;
		Val v[4];
		int c;
		if (!a->output)
			continue;
		o = l->ps_o[a->output - 1];
		if (a->kind == MA_IMAGE) {
			image_write(l, a, uvr, o);
			continue;
		}
		/* a buffer: pixel (x, y) of the domain (x0, y0, w, h) is element
		 * (y - y0) w + (x - x0), the flat global id of a 2-D launch */
		for (c = 0; c < 4; c++)
			v[c] = val_vec(o[c]);
		elem_store4(l, a, lower_special(l, SR_ABS_TID_FLAT, 0), v);
	}
	if (skip)
		vk_label(l->vk, skip);
}
