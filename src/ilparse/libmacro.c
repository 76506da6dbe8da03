/* libmacro.c - AMD's macro library, the macros programs call by id only.
 *
 * AMD's OpenCL compilers call macros of the driver's macro library by their
 * position in it ("mcall(0)(r1.x),(r1.x) ;barrier", listed in the kernel's
 * metadata as ";intrinsic:1:0") without printing their mdef: the driver's IL
 * compiler supplies the text.  The ids here are those of the macro database
 * of AMD's public AMDIL backend (generated in July 2011, 514 macros); other
 * driver versions are assumed [inferred] to number them the same way.
 *
 * lib_names holds every id's library name and its _out/_in counts, for
 * diagnostics.  lib_bodies holds the macros translated here: IL written for
 * this project from what each macro computes (docs/libmacro.md), with the
 * mnemonics the translator lowers.  A body is the text between the mdef line
 * and mend; the mdef line is made from lib_names, so the parameter counts are
 * the database's.  A family entry (_1 .. _4 variants of one operation) gives
 * one write mask per member; '$' in its body stands for the member's mask.
 * Each body is parsed the first time a module calls its id, as a program of
 * its own named "AMD library macro N", and kept with the module. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "il.h"

typedef struct LibName {
	const char *name;
	int nout, nin;
} LibName;

/* ids 0 .. 513 of the 2011 database, two per line */
static const LibName lib_names[] = {
	/*   0 */ {"barrier", 1, 1}, {"barrierGlobal", 1, 1},
	/*   2 */ {"barrierLocal", 1, 1}, {"read_mem_fence", 1, 1},
	/*   4 */ {"write_mem_fence", 1, 1}, {"__acosh_f32", 1, 1},
	/*   6 */ {"__acospi_f32", 1, 1}, {"__acos_f32", 1, 1},
	/*   8 */ {"__amdil_bitalign_1", 1, 3}, {"__amdil_bitalign_2", 1, 3},
	/*  10 */ {"__amdil_bitalign_3", 1, 3}, {"__amdil_bitalign_4", 1, 3},
	/*  12 */ {"__amdil_bytealign_1", 1, 3}, {"__amdil_bytealign_2", 1, 3},
	/*  14 */ {"__amdil_bytealign_3", 1, 3}, {"__amdil_bytealign_4", 1, 3},
	/*  16 */ {"__amdil_cmovl_1", 1, 3}, {"__amdil_cmovl_2", 1, 3},
	/*  18 */ {"__amdil_cmovl_3", 1, 3}, {"__amdil_cmovl_4", 1, 3},
	/*  20 */ {"__amdil_dfrexp", 1, 1}, {"__amdil_dldexp", 1, 2},
	/*  22 */ {"__amdil_dmad", 1, 3}, {"__amdil_dmax", 1, 2},
	/*  24 */ {"__amdil_dmin", 1, 2}, {"__amdil_dp2_ieee", 1, 2},
	/*  26 */ {"__amdil_dp3_ieee", 1, 2}, {"__amdil_dp4_ieee", 1, 2},
	/*  28 */ {"__amdil_drcp", 1, 1}, {"__amdil_drsq", 1, 1},
	/*  30 */ {"__amdil_fabs_1", 1, 1}, {"__amdil_fabs_2", 1, 1},
	/*  32 */ {"__amdil_fabs_3", 1, 1}, {"__amdil_fabs_4", 1, 1},
	/*  34 */ {"__amdil_ffb_hi_1", 1, 1}, {"__amdil_ffb_hi_2", 1, 1},
	/*  36 */ {"__amdil_ffb_hi_3", 1, 1}, {"__amdil_ffb_hi_4", 1, 1},
	/*  38 */ {"__amdil_ffb_lo_1", 1, 1}, {"__amdil_ffb_lo_2", 1, 1},
	/*  40 */ {"__amdil_ffb_lo_3", 1, 1}, {"__amdil_ffb_lo_4", 1, 1},
	/*  42 */ {"__amdil_float_to_half_near_f32", 1, 1}, {"__amdil_float_to_half_near_v2f32", 1, 1},
	/*  44 */ {"__amdil_float_to_half_near_v4f32", 1, 1}, {"__amdil_float_to_half_neg_inf_f32", 1, 1},
	/*  46 */ {"__amdil_float_to_half_neg_inf_v2f32", 1, 1}, {"__amdil_float_to_half_neg_inf_v4f32", 1, 1},
	/*  48 */ {"__amdil_float_to_half_plus_inf_f32", 1, 1}, {"__amdil_float_to_half_plus_inf_v2f32", 1, 1},
	/*  50 */ {"__amdil_float_to_half_plus_inf_v4f32", 1, 1}, {"__amdil_float_to_int_flr_f32", 1, 1},
	/*  52 */ {"__amdil_float_to_int_flr_v2f32", 1, 1}, {"__amdil_float_to_int_flr_v4f32", 1, 1},
	/*  54 */ {"__amdil_f_2_u4", 1, 1}, {"__amdil_global_id", 1, 0},
	/*  56 */ {"__amdil_global_id_flat", 1, 0}, {"__amdil_group_id", 1, 0},
	/*  58 */ {"__amdil_group_id_flat", 1, 0}, {"__amdil_imad_1", 1, 3},
	/*  60 */ {"__amdil_imad_2", 1, 3}, {"__amdil_imad_3", 1, 3},
	/*  62 */ {"__amdil_imad_4", 1, 3}, {"__amdil_imax_1", 1, 2},
	/*  64 */ {"__amdil_imax_2", 1, 2}, {"__amdil_imax_3", 1, 2},
	/*  66 */ {"__amdil_imax_4", 1, 2}, {"__amdil_imin_1", 1, 2},
	/*  68 */ {"__amdil_imin_2", 1, 2}, {"__amdil_imin_3", 1, 2},
	/*  70 */ {"__amdil_imin_4", 1, 2}, {"__amdil_improved_div_f32", 1, 2},
	/*  72 */ {"__amdil_improved_div_v2f32", 1, 2}, {"__amdil_improved_div_v4f32", 1, 2},
	/*  74 */ {"__amdil_imul_high_1", 1, 2}, {"__amdil_imul_high_2", 1, 2},
	/*  76 */ {"__amdil_imul_high_3", 1, 2}, {"__amdil_imul_high_4", 1, 2},
	/*  78 */ {"__amdil_local_id", 1, 0}, {"__amdil_local_id_flat", 1, 0},
	/*  80 */ {"__amdil_lpr_3", 1, 3}, {"__amdil_lrp_1", 1, 3},
	/*  82 */ {"__amdil_lrp_2", 1, 3}, {"__amdil_lrp_4", 1, 3},
	/*  84 */ {"__amdil_mad_ieee_1", 1, 3}, {"__amdil_mad_ieee_2", 1, 3},
	/*  86 */ {"__amdil_mad_ieee_3", 1, 3}, {"__amdil_mad_ieee_4", 1, 3},
	/*  88 */ {"__amdil_max_ieee_1", 1, 2}, {"__amdil_max_ieee_2", 1, 2},
	/*  90 */ {"__amdil_max_ieee_3", 1, 2}, {"__amdil_max_ieee_4", 1, 2},
	/*  92 */ {"__amdil_min_ieee_1", 1, 2}, {"__amdil_min_ieee_2", 1, 2},
	/*  94 */ {"__amdil_min_ieee_3", 1, 2}, {"__amdil_min_ieee_4", 1, 2},
	/*  96 */ {"__amdil_rcp_1", 1, 1}, {"__amdil_rcp_2", 1, 1},
	/*  98 */ {"__amdil_rcp_3", 1, 1}, {"__amdil_rcp_4", 1, 1},
	/* 100 */ {"__amdil_round_nearest_1", 1, 1}, {"__amdil_round_nearest_2", 1, 1},
	/* 102 */ {"__amdil_round_nearest_3", 1, 1}, {"__amdil_round_nearest_4", 1, 1},
	/* 104 */ {"__amdil_round_neginf_1", 1, 1}, {"__amdil_round_neginf_2", 1, 1},
	/* 106 */ {"__amdil_round_neginf_3", 1, 1}, {"__amdil_round_neginf_4", 1, 1},
	/* 108 */ {"__amdil_round_plusinf_1", 1, 1}, {"__amdil_round_plusinf_2", 1, 1},
	/* 110 */ {"__amdil_round_plusinf_3", 1, 1}, {"__amdil_round_plusinf_4", 1, 1},
	/* 112 */ {"__amdil_round_z_1", 1, 1}, {"__amdil_round_z_2", 1, 1},
	/* 114 */ {"__amdil_round_z_3", 1, 1}, {"__amdil_round_z_4", 1, 1},
	/* 116 */ {"__amdil_rsq_vec_1", 1, 1}, {"__amdil_rsq_vec_2", 1, 1},
	/* 118 */ {"__amdil_rsq_vec_3", 1, 1}, {"__amdil_rsq_vec_4", 1, 1},
	/* 120 */ {"__amdil_sad4", 1, 3}, {"__amdil_sadhi_1", 1, 3},
	/* 122 */ {"__amdil_sadhi_2", 1, 3}, {"__amdil_sadhi_3", 1, 3},
	/* 124 */ {"__amdil_sadhi_4", 1, 3}, {"__amdil_sad_1", 1, 3},
	/* 126 */ {"__amdil_sad_2", 1, 3}, {"__amdil_sad_3", 1, 3},
	/* 128 */ {"__amdil_sad_4", 1, 3}, {"__amdil_sqrt_vec_1", 1, 1},
	/* 130 */ {"__amdil_sqrt_vec_2", 1, 1}, {"__amdil_sqrt_vec_3", 1, 1},
	/* 132 */ {"__amdil_sqrt_vec_4", 1, 1}, {"__amdil_u4lerp_1", 1, 3},
	/* 134 */ {"__amdil_u4lerp_2", 1, 3}, {"__amdil_u4lerp_3", 1, 3},
	/* 136 */ {"__amdil_u4lerp_4", 1, 3}, {"__amdil_umad24_1", 1, 3},
	/* 138 */ {"__amdil_umad24_2", 1, 3}, {"__amdil_umad24_3", 1, 3},
	/* 140 */ {"__amdil_umad24_4", 1, 3}, {"__amdil_umad_1", 1, 3},
	/* 142 */ {"__amdil_umad_2", 1, 3}, {"__amdil_umad_3", 1, 3},
	/* 144 */ {"__amdil_umad_4", 1, 3}, {"__amdil_umax_1", 1, 2},
	/* 146 */ {"__amdil_umax_2", 1, 2}, {"__amdil_umax_3", 1, 2},
	/* 148 */ {"__amdil_umax_4", 1, 2}, {"__amdil_umin_1", 1, 2},
	/* 150 */ {"__amdil_umin_2", 1, 2}, {"__amdil_umin_3", 1, 2},
	/* 152 */ {"__amdil_umin_4", 1, 2}, {"__amdil_umul24_1", 1, 2},
	/* 154 */ {"__amdil_umul24_2", 1, 2}, {"__amdil_umul24_3", 1, 2},
	/* 156 */ {"__amdil_umul24_4", 1, 2}, {"__amdil_umul_high_1", 1, 2},
	/* 158 */ {"__amdil_umul_high_2", 1, 2}, {"__amdil_umul_high_3", 1, 2},
	/* 160 */ {"__amdil_umul_high_4", 1, 2}, {"__amdil_unpack0_1", 1, 1},
	/* 162 */ {"__amdil_unpack0_2", 1, 1}, {"__amdil_unpack0_3", 1, 1},
	/* 164 */ {"__amdil_unpack0_4", 1, 1}, {"__amdil_unpack1_1", 1, 1},
	/* 166 */ {"__amdil_unpack1_2", 1, 1}, {"__amdil_unpack1_3", 1, 1},
	/* 168 */ {"__amdil_unpack1_4", 1, 1}, {"__amdil_unpack2_1", 1, 1},
	/* 170 */ {"__amdil_unpack2_2", 1, 1}, {"__amdil_unpack2_3", 1, 1},
	/* 172 */ {"__amdil_unpack2_4", 1, 1}, {"__amdil_unpack3_1", 1, 1},
	/* 174 */ {"__amdil_unpack3_2", 1, 1}, {"__amdil_unpack3_3", 1, 1},
	/* 176 */ {"__amdil_unpack3_4", 1, 1}, {"__amd_early_exit", 1, 1},
	/* 178 */ {"__asinh_f32", 1, 1}, {"__asinpi_f32", 1, 1},
	/* 180 */ {"__asin_f32", 1, 1}, {"__atan2pi_f32", 1, 2},
	/* 182 */ {"__atan2_f32", 1, 2}, {"__atanh_f32", 1, 1},
	/* 184 */ {"__atanpi_f32", 1, 1}, {"__atan_f32", 1, 1},
	/* 186 */ {"__cbrt_f32", 1, 1}, {"__ceil_f32", 1, 1},
	/* 188 */ {"__clamp_f32", 1, 3}, {"__copysign_f32", 1, 2},
	/* 190 */ {"__cosh_f32", 1, 1}, {"__cospi_f32", 1, 1},
	/* 192 */ {"__cos_f32", 1, 1}, {"__cross_4f32", 1, 2},
	/* 194 */ {"__ddiv_f64", 1, 2}, {"__ddiv_f64_fma", 1, 2},
	/* 196 */ {"__degrees_f32", 1, 1}, {"__distance_2f32", 1, 2},
	/* 198 */ {"__distance_4f32", 1, 2}, {"__distance_f32", 1, 2},
	/* 200 */ {"__dot_2f32", 1, 2}, {"__dot_3f32", 1, 2},
	/* 202 */ {"__dot_4f32", 1, 2}, {"__dot_f32", 1, 2},
	/* 204 */ {"__erfc_f32", 1, 1}, {"__erf_f32", 1, 1},
	/* 206 */ {"__exp10_f32", 1, 1}, {"__exp2_f32", 1, 1},
	/* 208 */ {"__expm1_f32", 1, 1}, {"__exp_f32", 1, 1},
	/* 210 */ {"__fabs_f32", 1, 1}, {"__fast_distance_2f32", 1, 2},
	/* 212 */ {"__fast_distance_4f32", 1, 2}, {"__fast_distance_f32", 1, 2},
	/* 214 */ {"__fast_length_2f32", 1, 1}, {"__fast_length_4f32", 1, 1},
	/* 216 */ {"__fast_length_f32", 1, 1}, {"__fast_normalize_2f32", 1, 1},
	/* 218 */ {"__fast_normalize_4f32", 1, 1}, {"__fast_normalize_f32", 1, 1},
	/* 220 */ {"__fdim_f32", 1, 2}, {"__fdiv_f32", 1, 2},
	/* 222 */ {"__floor_f32", 1, 1}, {"__fmax_f32", 1, 2},
	/* 224 */ {"__fma_f32", 1, 3}, {"__fma_f64", 1, 3},
	/* 226 */ {"__fmin_f32", 1, 2}, {"__fmod_f32", 1, 2},
	/* 228 */ {"__fract_2f32f32", 1, 1}, {"__frexp_2f32f32", 1, 1},
	/* 230 */ {"__ftol_i64", 1, 1}, {"__ftoul_i64", 1, 1},
	/* 232 */ {"__ftz_2f32", 1, 1}, {"__ftz_4f32", 1, 1},
	/* 234 */ {"__ftz_f32", 1, 1}, {"__half_cos_f32", 1, 1},
	/* 236 */ {"__half_divide_f32", 1, 2}, {"__half_exp10_f32", 1, 1},
	/* 238 */ {"__half_exp2_f32", 1, 1}, {"__half_exp_f32", 1, 1},
	/* 240 */ {"__half_log10_f32", 1, 1}, {"__half_log2_f32", 1, 1},
	/* 242 */ {"__half_log_f32", 1, 1}, {"__half_powr_f32", 1, 2},
	/* 244 */ {"__half_recip_f32", 1, 1}, {"__half_rsqrt_f32", 1, 1},
	/* 246 */ {"__half_sin_f32", 1, 1}, {"__half_sqrt_f32", 1, 1},
	/* 248 */ {"__half_tan_f32", 1, 1}, {"__hwfma_f32", 1, 3},
	/* 250 */ {"__hypot_f32", 1, 2}, {"__ilogb_f32", 1, 1},
	/* 252 */ {"__ldexp_f32i32", 1, 2}, {"__length_2f32", 1, 1},
	/* 254 */ {"__length_4f32", 1, 1}, {"__length_f32", 1, 1},
	/* 256 */ {"__lgamma_f32", 1, 1}, {"__lgamma_r_2f32f32", 1, 1},
	/* 258 */ {"__load_128bit_global", 1, 1}, {"__load_128bit_local", 1, 1},
	/* 260 */ {"__load_128bit_private", 1, 1}, {"__load_128bit_uav", 1, 1},
	/* 262 */ {"__load_32bit_local", 1, 1}, {"__load_32bit_uav", 1, 1},
	/* 264 */ {"__load_64bit_local", 1, 1}, {"__load_64bit_uav", 1, 1},
	/* 266 */ {"__load_96bit_global", 1, 1}, {"__load_96bit_local", 1, 1},
	/* 268 */ {"__load_96bit_private", 1, 1}, {"__load_96bit_uav", 1, 1},
	/* 270 */ {"__load_hi_64bit_global", 1, 1}, {"__load_hi_64bit_private", 1, 1},
	/* 272 */ {"__load_lo_64bit_global", 1, 1}, {"__load_lo_64bit_private", 1, 1},
	/* 274 */ {"__load_w_32bit_global", 1, 1}, {"__load_w_32bit_private", 1, 1},
	/* 276 */ {"__load_x_32bit_global", 1, 1}, {"__load_x_32bit_private", 1, 1},
	/* 278 */ {"__load_y_32bit_global", 1, 1}, {"__load_y_32bit_private", 1, 1},
	/* 280 */ {"__load_z_32bit_global", 1, 1}, {"__load_z_32bit_private", 1, 1},
	/* 282 */ {"__log10_f32", 1, 1}, {"__log1p_f32", 1, 1},
	/* 284 */ {"__log2_f32", 1, 1}, {"__logb_f32", 2, 1},
	/* 286 */ {"__log_f32", 1, 1}, {"__ltof_f32", 1, 1},
	/* 288 */ {"__mad_f32", 1, 3}, {"__mad_f64", 1, 3},
	/* 290 */ {"__max_f32", 1, 2}, {"__min_f32", 1, 2},
	/* 292 */ {"__mix_f32", 1, 3}, {"__modf_2f32f32", 1, 1},
	/* 294 */ {"__mul_i64", 1, 2}, {"__mul_v2i64", 1, 2},
	/* 296 */ {"__nan_u32", 1, 1}, {"__native_cos_f32", 1, 1},
	/* 298 */ {"__native_divide_2f32", 1, 2}, {"__native_divide_4f32", 1, 2},
	/* 300 */ {"__native_divide_f32", 1, 2}, {"__native_exp10_2f32", 1, 1},
	/* 302 */ {"__native_exp10_4f32", 1, 1}, {"__native_exp10_f32", 1, 1},
	/* 304 */ {"__native_exp2_2f32", 1, 1}, {"__native_exp2_4f32", 1, 1},
	/* 306 */ {"__native_exp2_f32", 1, 1}, {"__native_exp_2f32", 1, 1},
	/* 308 */ {"__native_exp_4f32", 1, 1}, {"__native_exp_f32", 1, 1},
	/* 310 */ {"__native_log10_2f32", 1, 1}, {"__native_log10_4f32", 1, 1},
	/* 312 */ {"__native_log10_f32", 1, 1}, {"__native_log2_2f32", 1, 1},
	/* 314 */ {"__native_log2_4f32", 1, 1}, {"__native_log2_f32", 1, 1},
	/* 316 */ {"__native_log_2f32", 1, 1}, {"__native_log_4f32", 1, 1},
	/* 318 */ {"__native_log_f32", 1, 1}, {"__native_powr_2f32", 1, 2},
	/* 320 */ {"__native_powr_4f32", 1, 2}, {"__native_powr_f32", 1, 2},
	/* 322 */ {"__native_recip_2f32", 1, 1}, {"__native_recip_4f32", 1, 1},
	/* 324 */ {"__native_recip_f32", 1, 1}, {"__native_rsqrt_2f32", 1, 1},
	/* 326 */ {"__native_rsqrt_4f32", 1, 1}, {"__native_rsqrt_f32", 1, 1},
	/* 328 */ {"__native_sin_2f32", 1, 1}, {"__native_sin_4f32", 1, 1},
	/* 330 */ {"__native_sin_f32", 1, 1}, {"__native_sqrt_2f32", 1, 1},
	/* 332 */ {"__native_sqrt_4f32", 1, 1}, {"__native_sqrt_f32", 1, 1},
	/* 334 */ {"__native_tan_2f32", 1, 1}, {"__native_tan_4f32", 1, 1},
	/* 336 */ {"__native_tan_f32", 1, 1}, {"__nextafter_f32", 1, 2},
	/* 338 */ {"__normalize_2f32", 1, 1}, {"__normalize_4f32", 1, 1},
	/* 340 */ {"__normalize_f32", 1, 1}, {"__pown_f32i32", 1, 2},
	/* 342 */ {"__powr_f32", 1, 2}, {"__pow_f32", 1, 2},
	/* 344 */ {"__radians_f32", 1, 1}, {"__reciprocal_f32", 1, 1},
	/* 346 */ {"__remainder_f32", 1, 2}, {"__remquo_2f32f32", 1, 2},
	/* 348 */ {"__rint_f32", 1, 1}, {"__rootn_f32i32", 1, 2},
	/* 350 */ {"__round_f32", 1, 1}, {"__rsqrt_f32", 1, 1},
	/* 352 */ {"__sabs_diff_i16", 1, 2}, {"__sabs_diff_i32", 1, 2},
	/* 354 */ {"__sabs_diff_i8", 1, 2}, {"__sabs_i16", 1, 1},
	/* 356 */ {"__sabs_i32", 1, 1}, {"__sabs_i8", 1, 1},
	/* 358 */ {"__sadd_sat_i16", 1, 2}, {"__sadd_sat_i8", 1, 2},
	/* 360 */ {"__sadd_sat_u32", 1, 2}, {"__sall_i16", 1, 1},
	/* 362 */ {"__sall_i32", 1, 1}, {"__sall_i8", 1, 1},
	/* 364 */ {"__sany_i16", 1, 1}, {"__sany_i32", 1, 1},
	/* 366 */ {"__sany_i8", 1, 1}, {"__sclz_i16", 1, 1},
	/* 368 */ {"__sclz_i32", 1, 1}, {"__sclz_i8", 1, 1},
	/* 370 */ {"__sdiv_i16", 1, 2}, {"__sdiv_i32", 1, 2},
	/* 372 */ {"__sdiv_i64", 1, 2}, {"__sdiv_i8", 1, 2},
	/* 374 */ {"__shadd_i16", 1, 2}, {"__shadd_i32", 1, 2},
	/* 376 */ {"__shadd_i8", 1, 2}, {"__shl_apple_i64", 1, 2},
	/* 378 */ {"__shl_apple_v2i64", 1, 2}, {"__shl_i64", 1, 2},
	/* 380 */ {"__shl_v2i64", 1, 2}, {"__shr_apple_i64", 1, 2},
	/* 382 */ {"__shr_apple_v2i64", 1, 2}, {"__shr_i64", 1, 2},
	/* 384 */ {"__shr_v2i64", 1, 2}, {"__sign_f32", 1, 1},
	/* 386 */ {"__sincos_2f32f32", 1, 1}, {"__sinh_f32", 1, 1},
	/* 388 */ {"__sinpi_f32", 1, 1}, {"__sin_f32", 1, 1},
	/* 390 */ {"__smad24_i32", 1, 3}, {"__smad_hi_i16", 1, 3},
	/* 392 */ {"__smad_hi_i32", 1, 3}, {"__smad_hi_i8", 1, 3},
	/* 394 */ {"__smad_sat_i16", 1, 3}, {"__smad_sat_i32", 1, 3},
	/* 396 */ {"__smad_sat_i8", 1, 3}, {"__smax_i16", 1, 2},
	/* 398 */ {"__smax_i32", 1, 2}, {"__smax_i8", 1, 2},
	/* 400 */ {"__smin_i16", 1, 2}, {"__smin_i32", 1, 2},
	/* 402 */ {"__smin_i8", 1, 2}, {"__smod_i16", 1, 2},
	/* 404 */ {"__smod_i32", 1, 2}, {"__smod_i64", 1, 2},
	/* 406 */ {"__smod_i8", 1, 2}, {"__smoothstep_f32", 1, 3},
	/* 408 */ {"__smul24_i32", 1, 2}, {"__smul_hi_i16", 1, 2},
	/* 410 */ {"__smul_hi_i32", 1, 2}, {"__smul_hi_i8", 1, 2},
	/* 412 */ {"__sqrt_f32", 1, 1}, {"__sqrt_f64", 1, 1},
	/* 414 */ {"__sqrt_f64_7XX", 1, 1}, {"__sra_apple_i64", 1, 2},
	/* 416 */ {"__sra_apple_v2i64", 1, 2}, {"__sra_i64", 1, 2},
	/* 418 */ {"__sra_v2i64", 1, 2}, {"__srhadd_i16", 1, 2},
	/* 420 */ {"__srhadd_i32", 1, 2}, {"__srhadd_i8", 1, 2},
	/* 422 */ {"__srotate_i16", 1, 2}, {"__srotate_i32", 1, 2},
	/* 424 */ {"__srotate_i8", 1, 2}, {"__ssub_sat_i16", 1, 2},
	/* 426 */ {"__ssub_sat_i32", 1, 2}, {"__ssub_sat_i8", 1, 2},
	/* 428 */ {"__step_f32", 1, 2}, {"__store_128bit_global", 0, 2},
	/* 430 */ {"__store_128bit_local", 0, 2}, {"__store_128bit_private", 0, 2},
	/* 432 */ {"__store_128bit_uav", 0, 2}, {"__store_32bit_local", 0, 2},
	/* 434 */ {"__store_32bit_uav", 0, 2}, {"__store_64bit_local", 0, 2},
	/* 436 */ {"__store_64bit_uav", 0, 2}, {"__store_96bit_global", 0, 2},
	/* 438 */ {"__store_96bit_local", 0, 2}, {"__store_96bit_private", 0, 2},
	/* 440 */ {"__store_96bit_uav", 0, 2}, {"__store_hi_64bit_global", 0, 2},
	/* 442 */ {"__store_hi_64bit_private", 0, 2}, {"__store_lo_64bit_global", 0, 2},
	/* 444 */ {"__store_lo_64bit_private", 0, 2}, {"__store_w_32bit_global", 0, 2},
	/* 446 */ {"__store_w_32bit_private", 0, 2}, {"__store_x_32bit_global", 0, 2},
	/* 448 */ {"__store_x_32bit_private", 0, 2}, {"__store_y_32bit_global", 0, 2},
	/* 450 */ {"__store_y_32bit_private", 0, 2}, {"__store_z_32bit_global", 0, 2},
	/* 452 */ {"__store_z_32bit_private", 0, 2}, {"__tanh_f32", 1, 1},
	/* 454 */ {"__tanpi_f32", 1, 1}, {"__tan_f32", 1, 1},
	/* 456 */ {"__tgamma_f32", 1, 1}, {"__trunc_f32", 1, 1},
	/* 458 */ {"__uabs_diff_u16", 1, 2}, {"__uabs_diff_u32", 1, 2},
	/* 460 */ {"__uabs_diff_u8", 1, 2}, {"__uabs_u16", 1, 1},
	/* 462 */ {"__uabs_u32", 1, 1}, {"__uabs_u8", 1, 1},
	/* 464 */ {"__uadd_sat_i32", 1, 2}, {"__uadd_sat_u16", 1, 2},
	/* 466 */ {"__uadd_sat_u8", 1, 2}, {"__uall_u16", 1, 1},
	/* 468 */ {"__uall_u32", 1, 1}, {"__uall_u8", 1, 1},
	/* 470 */ {"__uany_i16", 1, 1}, {"__uany_i32", 1, 1},
	/* 472 */ {"__uany_u8", 1, 1}, {"__uclz_u16", 1, 1},
	/* 474 */ {"__uclz_u32", 1, 1}, {"__uclz_u8", 1, 1},
	/* 476 */ {"__udiv_i16", 1, 2}, {"__udiv_i32", 1, 2},
	/* 478 */ {"__udiv_i64", 1, 2}, {"__udiv_i8", 1, 2},
	/* 480 */ {"__uhadd_u16", 1, 2}, {"__uhadd_u32", 1, 2},
	/* 482 */ {"__uhadd_u8", 1, 2}, {"__ultof_f32", 1, 1},
	/* 484 */ {"__umad24_u32", 1, 3}, {"__umad_hi_u16", 1, 3},
	/* 486 */ {"__umad_hi_u32", 1, 3}, {"__umad_hi_u8", 1, 3},
	/* 488 */ {"__umad_sat_u16", 1, 3}, {"__umad_sat_u32", 1, 3},
	/* 490 */ {"__umad_sat_u8", 1, 3}, {"__umax_u16", 1, 2},
	/* 492 */ {"__umax_u32", 1, 2}, {"__umax_u8", 1, 2},
	/* 494 */ {"__umin_u16", 1, 2}, {"__umin_u32", 1, 2},
	/* 496 */ {"__umin_u8", 1, 2}, {"__umod_i16", 1, 2},
	/* 498 */ {"__umod_i32", 1, 2}, {"__umod_i64", 1, 2},
	/* 500 */ {"__umod_i8", 1, 2}, {"__umul24_u32", 1, 2},
	/* 502 */ {"__umul_hi_u16", 1, 2}, {"__umul_hi_u32", 1, 2},
	/* 504 */ {"__umul_hi_u8", 1, 2}, {"__urhadd_u16", 1, 2},
	/* 506 */ {"__urhadd_u32", 1, 2}, {"__urhadd_u8", 1, 2},
	/* 508 */ {"__urotate_u16", 1, 2}, {"__urotate_u32", 1, 2},
	/* 510 */ {"__urotate_u8", 1, 2}, {"__usub_sat_u16", 1, 2},
	/* 512 */ {"__usub_sat_u32", 1, 2}, {"__usub_sat_u8", 1, 2},
};
#define LIB_NIDS ((long long)(sizeof lib_names / sizeof lib_names[0]))

typedef struct LibBody {
	int id;             /* the first member's id */
	const char *masks;  /* write masks of members id, id+1, ... (NULL: one macro) */
	const char *body;   /* '$': the member's write mask */
} LibBody;

/* write masks of the families: _1 x, _2 xy, _3 xyz, _4 xyzw */
#define M4 "x___ xy__ xyz_ xyzw"
#define M3 "x___ xy__ xyzw"          /* _f32, _v2f32, _v4f32 */
/* out0 is in0 with the masked components replaced by op(in0, in1, in2) */
#define UN(op) "mov out0, in0\n" op " out0.$, in0\n"
#define BIN(op) "mov out0, in0\n" op " out0.$, in0, in1\n"
#define TRI(op) "mov out0, in0\n" op " out0.$, in0, in1, in2\n"
#define KEEP "mov out0, in0\n"

/* 32-bit signed division and remainder of r1.x by r1.y into r1.z, as AMD's
 * __sdiv_i32 / __smod_i32 compute them: magnitudes through (v + s) ^ s with
 * s = v >> 31, an unsigned divide, the sign restored the same way (the
 * quotient's from sa ^ sb, the remainder's from the dividend).  udiv by 0
 * gives 0xFFFFFFFF, so x / 0 is -1 for x >= 0 and 1 for x < 0, and
 * x % 0 = x; INT_MIN / -1 = INT_MIN, INT_MIN % -1 = 0.  l0.x = 31. */
#define SMAG \
	"ishr r0.x___, r1.x, l0.x\n" "ishr r0._y__, r1.y, l0.x\n" \
	"iadd r2.x___, r1.x, r0.x\n" "ixor r2.x___, r2.x, r0.x\n" \
	"iadd r2._y__, r1.y, r0.y\n" "ixor r2._y__, r2.y, r0.y\n" \
	"udiv r2.__z_, r2.x, r2.y\n"
#define SDIV32 SMAG \
	"ixor r0.__z_, r0.x, r0.y\n" \
	"iadd r2.__z_, r2.z, r0.z\n" "ixor r1.__z_, r2.z, r0.z\n"
#define SMOD32 SMAG \
	"umul r2.__z_, r2.z, r2.y\n" "inegate r2.__z_, r2.z\n" "iadd r2.__z_, r2.x, r2.z\n" \
	"iadd r2.__z_, r2.z, r0.x\n" "ixor r1.__z_, r2.z, r0.x\n"
/* __sdiv_i32 / __smod_i32: a in in0.x, b in in1.x, the result in out0.x */
#define S32(core) "mov out0, in0\ndcl_literal l0, 31, 0, 0, 0\nmov r1.x___, in0.x\nmov r1._y__, in1.x\n" \
	core "mov out0.x___, r1.z\n"
/* the 8- and 16-bit members: only the low bits of a and b count (l1.x =
 * 24 or 16 sign-extends them, l1.y = 0xFF or 0xFFFF masks them) and the
 * result is zero-extended; x / 0 = 0 (signed and unsigned), x % 0 = x's
 * low bits.  In r1.x, r1.y the operands, l1.z = 0. */
#define NARROW(sh, mask) "mov out0, in0\ndcl_literal l0, 31, 0, 0, 0\n" \
	"dcl_literal l1, " sh ", " mask ", 0, 0\n"
#define SEXT "ishl r1.x___, in0.x, l1.x\n" "ishr r1.x___, r1.x, l1.x\n" \
	"ishl r1._y__, in1.x, l1.x\n" "ishr r1._y__, r1.y, l1.x\n"
#define ZEXT "iand r1.x___, in0.x, l1.y\n" "iand r1._y__, in1.x, l1.y\n"
#define BY0(v) "ieq r1.___w, r1.y, l1.z\n" "cmov_logical out0.x___, r1.w, " v ", r1.z\n"
#define SDIVN(sh, mask) NARROW(sh, mask) SEXT SDIV32 "iand r1.__z_, r1.z, l1.y\n" BY0("l1.z")
#define SMODN(sh, mask) NARROW(sh, mask) SEXT SMOD32 "iand out0.x___, r1.z, l1.y\n"
#define UDIVN(sh, mask) NARROW(sh, mask) ZEXT "udiv r1.__z_, r1.x, r1.y\n" BY0("l1.z")
#define UMODN(sh, mask) NARROW(sh, mask) ZEXT "umod r1.__z_, r1.x, r1.y\n" BY0("r1.x")
/* 64-bit division and remainder of in0.xy by in1.xy: x / 0 = x % 0 = 0
 * (AMD's macros replace a zero divisor by 1 and select 0 at the end);
 * otherwise C's, INT64_MIN / -1 = INT64_MIN, INT64_MIN % -1 = 0 */
#define DIV64(op) "mov out0, in0\ndcl_literal l0, 0, 0, 0, 0\n" \
	op " r0.xy__, in0.xyxy, in1.xyxy\n" \
	"ior r1.x___, in1.x, in1.y\n" "ieq r1.x___, r1.x, l0.x\n" \
	"cmov_logical out0.xy__, r1.xxxx, l0.xyxy, r0.xyxy\n"
/* 64-bit shifts of in0.xy by in1.x (and of in0.zw by in1.z for the _v2
 * members), the count taken mod 64 */
#define SHIFT64(op) KEEP op " out0.xy__, in0.xyxy, in1.xxxx\n"
#define SHIFT64V2(op) SHIFT64(op) op " out0.__zw, in0.zwzw, in1.zzzz\n"

/* one-component integer macros: the result in out0.x, the rest in0's;
 * l0 = 0, 31, 0x7FFFFFFF, 32 */
#define X1(body) "mov out0, in0\ndcl_literal l0, 0, 31, 0x7FFFFFFF, 32\n" body
/* halving adds: (a >> 1) + (b >> 1) + (a op b & 1), shift sh */
#define HADD(sh, op) X1(sh " r0.x___, in0.x, l1.x\n" sh " r0._y__, in1.x, l1.x\n" \
	op " r0.__z_, in0.x, in1.x\n" "iand r0.__z_, r0.z, l1.x\n" \
	"iadd r0.x___, r0.x, r0.y\n" "iadd out0.x___, r0.x, r0.z\n")
/* rotate left by the count mod 32 (x >> (32 - n) is x >> (-n & 31)) */
#define ROTATE X1("dcl_literal l1, 31, 0, 0, 0\n" "iand r0.x___, in1.x, l1.x\n" \
	"ishl r0._y__, in0.x, r0.x\n" "inegate r0.x___, r0.x\n" "ushr r0.__z_, in0.x, r0.x\n" \
	"ior out0.x___, r0.y, r0.z\n")
/* clz: ffb_hi, 32 for 0 */
#define CLZ X1("ffb_hi r0.x___, in0.x\n" "ieq r0._y__, in0.x, l0.x\n" \
	"cmov_logical out0.x___, r0.y, l0.w, r0.x\n")
/* any/all of one element: its sign bit (bit 7, 15 or 31) as 0 or 1 */
#define TOPBIT(b) X1("dcl_literal l1, " b ", 1, 0, 0\n" "ushr r0.x___, in0.x, l1.x\n" \
	"iand out0.x___, r0.x, l1.y\n")
/* abs_diff: max - min */
#define ABSDIFF(max, min) X1(max " r0.x___, in0.x, in1.x\n" min " r0._y__, in0.x, in1.x\n" \
	"inegate r0._y__, r0.y\n" "iadd out0.x___, r0.x, r0.y\n")
/* float x with its sign bit cleared (NaNs keep their bits); |x - y| */
#define FABS KEEP "dcl_literal l0, 0x7FFFFFFF, 0, 0, 0\niand out0.x___, in0.x, l0.x\n"
#define FDIST KEEP "add r0.x___, in0.x, in1.x_neg(xyzw)\nmov out0.x___, r0.x_abs\n"
/* x times the float k (mul_ieee) */
#define FMULK(k) KEEP "dcl_literal l0, " k ", 0, 0, 0\nmul_ieee out0.x___, in0.x, l0.x\n"
/* the low 24 bits sign-extended */
#define SEXT24 "dcl_literal l1, 8, 0x00FFFFFF, 0, 0\n" \
	"ishl r0.x___, in0.x, l1.x\n" "ishr r0.x___, r0.x, l1.x\n" \
	"ishl r0._y__, in1.x, l1.x\n" "ishr r0._y__, r0.y, l1.x\n"
/* float bit operations on the member's components; ftz: a zero exponent
 * field gives the zero of the component's sign */
#define FTZ "mov out0, in0\ndcl_literal l0, 0x7F800000, 0, 0x80000000, 0\n" \
	"iand r0, in0, l0.xxxx\n" "ieq r0, r0, l0.yyyy\n" "iand r1, in0, l0.zzzz\n" \
	"cmov_logical out0.$, r0, r1, in0\n"
/* IEEE maxNum / minNum by integer compares, as AMD's __fmax_f32 /
 * __fmin_f32: one NaN gives the other operand, -0 < +0; two NaNs give
 * 0x7FC00000 (fmax) or x | 0x7FC00000 (fmin).  The order key of a float
 * is its bits for a positive one and bits ^ 0x7FFFFFFF for a negative one;
 * cmp says when x is the answer. */
#define FMAXMIN(cmp, nan2) "mov out0, in0\n" \
	"dcl_literal l0, 0x7FFFFFFF, 0x7F800000, 0x7FC00000, 31\n" \
	"ishr r0.x___, in0.x, l0.w\n" "iand r0.x___, r0.x, l0.x\n" "ixor r0.x___, r0.x, in0.x\n" \
	"ishr r0._y__, in1.x, l0.w\n" "iand r0._y__, r0.y, l0.x\n" "ixor r0._y__, r0.y, in1.x\n" \
	cmp " r0.__z_, r0.x, r0.y\n" "cmov_logical r1.x___, r0.z, in0.x, in1.x\n" \
	"iand r0.x___, in0.x, l0.x\n" "ult r0.x___, l0.y, r0.x\n" \
	"iand r0._y__, in1.x, l0.x\n" "ult r0._y__, l0.y, r0.y\n" \
	"cmov_logical r1.x___, r0.y, in0.x, r1.x\n" "cmov_logical r1.x___, r0.x, in1.x, r1.x\n" \
	"iand r0.x___, r0.x, r0.y\n" nan2 "cmov_logical out0.x___, r0.x, r1.y, r1.x\n"

/* ---- transcendentals (OpenCL 1.2 section 7.4 accuracy, FTZ as AMD's GPUs) --
 * Written here from the textbook algorithms (Cody-Waite reduction with a
 * split constant, Taylor polynomials by Horner in fma, the scale by 2^k as
 * two exact multiplies so that overflow gives Inf and results below the
 * normal range flush to 0; log through s = f / (2 + f); Payne-Hanek with
 * 96 bits of 2/pi for trig arguments from 2^18 on).  Measured against a
 * double-precision libm on every 13th float of the normal range, in a C
 * model of these instructions: exp, exp2, exp10, log, log2, log10, sin and
 * cos within 1 ulp, tan within 3 (tests/ref checks them against OpenCL's
 * bounds).  Where AMD's own library rounds differently, both are within
 * OpenCL's bounds; bit-identical results are not the goal. */

/* out0.x = p (r1.x) * 2^k (k the float in r0.y) as p * 2^(k>>1) * 2^(k-(k>>1)),
 * 0x7FC00000 for a NaN x */
#define EXPSCALE "dcl_literal l9, 1, 127, 23, 0x7FC00000\n" \
	"ftoi r2.x___, r0.y\n" "ishr r2._y__, r2.x, l9.x\n" "inegate r2.__z_, r2.y\n" \
	"iadd r2.__z_, r2.x, r2.z\n" "iadd r2._yz_, r2.yyzz, l9.yyyy\n" "ishl r2._yz_, r2.yyzz, l9.zzzz\n" \
	"mul_ieee r1.x___, r1.x, r2.y\n" "mul_ieee r1.x___, r1.x, r2.z\n" \
	"ne r2.x___, in0.x, in0.x\n" "cmov_logical out0.x___, r2.x, l9.w, r1.x\n"
/* Cody-Waite reduction of src clamped to [l0.y, l0.x]: k = rint(x l0.z) in
 * r0.y, r = x + k l0.w + k l1.x in r0.z (l0.w, l1.x: minus the constant's
 * head, with trailing zeros so that k times it is exact, and tail) */
#define CWREDUCE(src) "min r0.x___, " src ", l0.x\n" "max r0.x___, r0.x, l0.y\n" \
	"mul_ieee r0._y__, r0.x, l0.z\n" "round_nearest r0._y__, r0.y\n" \
	"fma r0.__z_, r0.y, l0.w, r0.x\n" "fma r0.__z_, r0.y, l1.x, r0.z\n"
/* Horner step t = r * t + c, r in r0.z, t in r1.x */
#define HORNER(c) "fma r1.x___, r0.z, r1.x, " c "\n"
/* e^x: k = rint(x log2 e), r = x - k ln2 (ln2 as 0x3F317200, whose 15
 * significant bits make k ln2_hi exact, + 0x35BFBE8E), e^r to r^7/7! */
#define EXP KEEP "dcl_literal l0, 0x42C80000, 0xC2C80000, 0x3FB8AA3B, 0xBF317200\n" \
	"dcl_literal l1, 0xB5BFBE8E, 0x3F800000, 0x3F000000, 0x3E2AAAAB\n" \
	"dcl_literal l2, 0x39500D01, 0x3AB60B61, 0x3C088889, 0x3D2AAAAB\n" \
	CWREDUCE("in0.x") \
	"fma r1.x___, r0.z, l2.x, l2.y\n" HORNER("l2.z") HORNER("l2.w") HORNER("l1.w") \
	HORNER("l1.z") HORNER("l1.y") HORNER("l1.y") EXPSCALE
/* 2^x: k = rint(x), r = x - k exact, 2^r = e^(r ln2) to r^7 */
#define EXP2 KEEP "dcl_literal l0, 0x43160000, 0xC3160000, 0x3F800000, 0\n" \
	"dcl_literal l1, 0x377FE5FE, 0x39218489, 0x3AAEC3FF, 0x3C1D955B\n" \
	"dcl_literal l2, 0x3D635847, 0x3E75FDF0, 0x3F317218, 0\n" \
	"min r0.x___, in0.x, l0.x\n" "max r0.x___, r0.x, l0.y\n" \
	"round_nearest r0._y__, r0.x\n" "sub r0.__z_, r0.x, r0.y\n" \
	"fma r1.x___, r0.z, l1.x, l1.y\n" HORNER("l1.z") HORNER("l1.w") HORNER("l2.x") \
	HORNER("l2.y") HORNER("l2.z") HORNER("l0.z") EXPSCALE
/* 10^x: k = rint(x log2 10), r = x - k log10 2 (0x3E9A2000 + 0x369A84FC),
 * 10^r = e^(r ln10) to r^8 */
#define EXP10 KEEP "dcl_literal l0, 0x42380000, 0xC2380000, 0x40549A78, 0xBE9A2000\n" \
	"dcl_literal l1, 0xB69A84FC, 0x3F800000, 0x3CA08B58, 0x3D8B7270\n" \
	"dcl_literal l2, 0x3E53F6B8, 0x3F0A1500, 0x3F95EBB0, 0x4002382D\n" \
	"dcl_literal l3, 0x4029A926, 0x40135D8E, 0, 0\n" \
	CWREDUCE("in0.x") \
	"fma r1.x___, r0.z, l1.z, l1.w\n" HORNER("l2.x") HORNER("l2.y") HORNER("l2.z") \
	HORNER("l2.w") HORNER("l3.x") HORNER("l3.y") HORNER("l1.y") EXPSCALE

/* log core.  r0.x = x with a denormal flushed (bits); x = m 2^e with m in
 * [sqrt(1/2), sqrt(2)): r1.x = e (float), f = m - 1 in r2.x, s = f / (2 +
 * f) in r2.y, z = s^2 in r2.z; R = z (2/3 + z (2/5 + ... 2/11 z^4)) in
 * r3.x, hfsq = f^2 / 2 in r3.z, s (hfsq + R) in r3.w; then log(1 + f) =
 * f - hfsq + s (hfsq + R) */
#define LOGCORE KEEP LOGFROM("in0.x")
#define LOGFROM(src) "dcl_literal l0, 0x7F800000, 0, 0x80000000, 23\n" \
	"dcl_literal l1, 0xFFFFFF81, 0x007FFFFF, 0x3F800000, 0x3FB504F3\n" \
	"dcl_literal l2, 0x00800000, 1, 0x40000000, 0x3F000000\n" \
	"dcl_literal l3, 0x3E3A2E8C, 0x3E638E39, 0x3E924925, 0x3ECCCCCD\n" \
	"dcl_literal l4, 0x3F2AAAAB, 0x7FC00000, 0xFF800000, 0\n" \
	"iand r0._y__, " src ", l0.x\n" "ieq r0._y__, r0.y, l0.y\n" "iand r0.__z_, " src ", l0.z\n" \
	"cmov_logical r0.x___, r0.y, r0.z, " src "\n" \
	"ushr r1.x___, r0.x, l0.w\n" "iadd r1.x___, r1.x, l1.x\n" \
	"iand r1._y__, r0.x, l1.y\n" "ior r1._y__, r1.y, l1.z\n" "uge r1.__z_, r1.y, l1.w\n" \
	"iand r1.___w, r1.z, l2.x\n" "inegate r1.___w, r1.w\n" "iadd r1._y__, r1.y, r1.w\n" \
	"iand r1.__z_, r1.z, l2.y\n" "iadd r1.x___, r1.x, r1.z\n" "itof r1.x___, r1.x\n" \
	"sub r2.x___, r1.y, l1.z\n" "add r2._y__, r2.x, l2.z\n" "div_precise r2._y__, r2.x, r2.y\n" \
	"mul_ieee r2.__z_, r2.y, r2.y\n" \
	"fma r3.x___, r2.z, l3.x, l3.y\n" "fma r3.x___, r2.z, r3.x, l3.z\n" \
	"fma r3.x___, r2.z, r3.x, l3.w\n" "fma r3.x___, r2.z, r3.x, l4.x\n" "mul_ieee r3.x___, r2.z, r3.x\n" \
	"mul_ieee r3._y__, r2.x, l2.w\n" "mul_ieee r3.__z_, r3.y, r2.x\n" \
	"add r3.___w, r3.z, r3.x\n" "mul_ieee r3.___w, r2.y, r3.w\n"
/* log(1 + f) as hi + lo: r4.x = f - hfsq, r4.y the rest (with hfsq's own
 * rounding error, fma(f/2, f, -hfsq)) */
#define LOGHILO "sub r4.x___, r2.x, r3.z\n" "sub r4._y__, r2.x, r4.x\n" "sub r4._y__, r4.y, r3.z\n" \
	"fma r4.__z_, r3.y, r2.x, r3.z_neg(xyzw)\n" "sub r4._y__, r4.y, r4.z\n" "add r4._y__, r4.y, r3.w\n"
/* the special operands, r5.x the finite result: 0 -> -Inf, < 0 -> NaN,
 * +Inf -> +Inf, NaN -> NaN (0x7FC00000) */
#define LOGSPECIAL "dcl_literal l5, 0x7F800000, 0, 0, 0\n" \
	"eq r6.x___, r0.x, l5.y\n" "cmov_logical r5.x___, r6.x, l4.z, r5.x\n" \
	"eq r6.x___, r0.x, l5.x\n" "cmov_logical r5.x___, r6.x, l5.x, r5.x\n" \
	"lt r6.x___, r0.x, l5.y\n" "ne r6._y__, r0.x, r0.x\n" "ior r6.x___, r6.x, r6.y\n" \
	"cmov_logical out0.x___, r6.x, l4.y, r5.x\n"
/* log x = e ln2_hi - (((hfsq - (s (hfsq + R) + e ln2_lo)) - f) */
#define LOG LOGCORE "dcl_literal l6, 0x35BFBE8E, 0x3F317200, 0, 0\n" \
	"fma r5.x___, r1.x, l6.x, r3.w\n" "sub r5.x___, r3.z, r5.x\n" "sub r5.x___, r5.x, r2.x\n" \
	"fma r5.x___, r1.x, l6.y, r5.x_neg(xyzw)\n" LOGSPECIAL
/* log_b x = e c + (hi + lo) k: t1 = hi k exactly as t1 + t1l (fma), the
 * sum e c + t1 exactly as sm + err (Fast2Sum), the small terms added last;
 * k (l6.x + l6.y) = log_b e, c (l6.z + l6.w) = log_b 2 */
#define LOGB LOGCORE LOGHILO \
	"mul_ieee r5._y__, r4.x, l6.x\n" "fma r5.__z_, r4.x, l6.x, r5.y_neg(xyzw)\n" \
	"fma r5.__z_, r4.x, l6.y, r5.z\n" "fma r5.__z_, r4.y, l6.x, r5.z\n" \
	"fma r5.__z_, r1.x, l6.w, r5.z\n" "mul_ieee r5.___w, r1.x, l6.z\n" \
	"add r5.x___, r5.w, r5.y\n" "sub r6.x___, r5.x, r5.w\n" "sub r6.x___, r5.y, r6.x\n" \
	"add r6.x___, r6.x, r5.z\n" "add r5.x___, r5.x, r6.x\n" LOGSPECIAL
#define LOG2 "dcl_literal l6, 0x3FB8AA3B, 0x32A57060, 0x3F800000, 0\n" LOGB
#define LOG10 "dcl_literal l6, 0x3EDE5BD9, 0xB22D91AF, 0x3E9A2000, 0x369A84FC\n" LOGB

/* trig reduction: r0.z = r = x - k pi/2 in [-pi/4, pi/4], r0.w = k (int,
 * mod 4 counts).  Cody-Waite in three fma steps (pi/2 = 0x3FC90FDB +
 * 0xB33BBD2E + 0xA6F72CED) below 2^18; from 2^18 on, Payne-Hanek: the 96
 * bits of 2/pi from bit E + 7 of the table (a zero word, then 2/pi's bits)
 * times the 24-bit significand; bits 94-95 of the product are k mod 4, the
 * 64 below its fraction, rounded to the nearest k and scaled by pi/2. */
#define TRIGREDUCE "dcl_literal l0, 0x3F22F983, 0xBFC90FDB, 0x333BBD2E, 0x26F72CED\n" \
	"dcl_literal l1, 23, 0xFF, 145, 0xFFFFFF88\n" \
	"dcl_literal l2, 5, 31, 1, 0x007FFFFF\n" "dcl_literal l3, 0x00800000, 30, 2, 0\n" \
	"dcl_literal l4, 0xFFFFFF00, 0xFF, 0x3FC90FDB, 0xB33BBD2E\n" \
	"dcl_literal l5, 95, 0x80000000, 32, 3\n" \
	"dcl_literal l10, 0x00000000, 0xA2F9836E, 0x4E441529, 0xFC2757D1\n" \
	"dcl_literal l11, 0xA2F9836E, 0x4E441529, 0xFC2757D1, 0xF534DDC0\n" \
	"dcl_literal l12, 0x4E441529, 0xFC2757D1, 0xF534DDC0, 0xDB629599\n" \
	"dcl_literal l13, 0xFC2757D1, 0xF534DDC0, 0xDB629599, 0x3C439041\n" \
	"dcl_literal l14, 0xF534DDC0, 0xDB629599, 0x3C439041, 0xFE5163AB\n" \
	"dcl_literal l15, 1, 2, 3, 4\n" \
	"mov r0.x___, in0.x\n" "mul_ieee r0._y__, r0.x, l0.x\n" "round_nearest r0._y__, r0.y\n" \
	"fma r0.__z_, r0.y, l0.y, r0.x\n" "fma r0.__z_, r0.y, l0.z, r0.z\n" \
	"fma r0.__z_, r0.y, l0.w, r0.z\n" "ftoi r0.___w, r0.y\n" \
	"ushr r1.x___, r0.x, l1.x\n" "iand r1.x___, r1.x, l1.y\n" "uge r1._y__, r1.x, l1.z\n" \
	"if_logicalnz r1.y\n" \
	"iadd r1.__z_, r1.x, l1.w\n" "ushr r1.___w, r1.z, l2.x\n" "iand r1.__z_, r1.z, l2.y\n" \
	"mov r2, l10\n" "ieq r3, r1.wwww, l15\n" "cmov_logical r2, r3.xxxx, l11, r2\n" \
	"cmov_logical r2, r3.yyyy, l12, r2\n" "cmov_logical r2, r3.zzzz, l13, r2\n" \
	"cmov_logical r2, r3.wwww, l14, r2\n" \
	"inegate r3._y__, r1.z\n" "iadd r3._y__, r3.y, l2.y\n" \
	"ishl r4.xyz_, r2.xyzz, r1.zzzz\n" "ushr r5.xyz_, r2.yzww, l2.zzzz\n" \
	"ushr r5.xyz_, r5.xyzz, r3.yyyy\n" "ior r4.xyz_, r4.xyzz, r5.xyzz\n" \
	"iand r3.__z_, r0.x, l2.w\n" "ior r3.__z_, r3.z, l3.x\n" \
	"umul r5.x___, r3.z, r4.z\n" "umul_high r5._y__, r3.z, r4.z\n" \
	"umul r5.__z_, r3.z, r4.y\n" "umul_high r5.___w, r3.z, r4.y\n" "umul r6.x___, r3.z, r4.x\n" \
	"iadd r6._y__, r5.z, r5.y\n" "ult r6.__z_, r6.y, r5.z\n" "iand r6.__z_, r6.z, l2.z\n" \
	"iadd r6.___w, r6.x, r5.w\n" "iadd r6.___w, r6.w, r6.z\n" \
	"ushr r7.x___, r6.w, l3.y\n" \
	"ishl r7._y__, r6.w, l3.z\n" "ushr r7.__z_, r6.y, l3.y\n" "ior r7._y__, r7.y, r7.z\n" \
	"ishl r7.__z_, r6.y, l3.z\n" "ushr r7.___w, r5.x, l3.y\n" "ior r7.__z_, r7.z, r7.w\n" \
	"ishr r7.___w, r7.y, l2.y\n" "iand r8.x___, r7.w, l2.z\n" "iadd r7.x___, r7.x, r8.x\n" \
	"ixor r7._yz_, r7.yyzz, r7.wwww\n" "iadd r8._y__, r7.z, r8.x\n" "ult r8.__z_, r8.y, r7.z\n" \
	"iand r8.__z_, r8.z, l2.z\n" "iadd r7._y__, r7.y, r8.z\n" "mov r7.__z_, r8.y\n" \
	"ieq r8.x___, r7.y, l3.w\n" "cmov_logical r7._y__, r8.x, r7.z, r7.y\n" \
	"cmov_logical r7.__z_, r8.x, l3.w, r7.z\n" "iand r8.___w, r8.x, l5.z\n" \
	"ffb_hi r8._y__, r7.y\n" "umin r8._y__, r8.y, l2.y\n" "ishl r9.x___, r7.y, r8.y\n" \
	"ushr r9._y__, r7.z, l2.z\n" "inegate r8.__z_, r8.y\n" "iadd r8.__z_, r8.z, l2.y\n" \
	"ushr r9._y__, r9.y, r8.z\n" "ior r9.x___, r9.x, r9.y\n" \
	"iand r9._y__, r9.x, l4.x\n" "utof r9._y__, r9.y\n" "iand r9.__z_, r9.x, l4.y\n" "utof r9.__z_, r9.z\n" \
	"mul_ieee r9.___w, r9.y, l4.w\n" "fma r9.___w, r9.z, l4.z, r9.w\n" "fma r9.___w, r9.y, l4.z, r9.w\n" \
	"iadd r8.__z_, r8.y, r8.w\n" "inegate r8.__z_, r8.z\n" "iadd r8.__z_, r8.z, l5.x\n" \
	"ishl r8.__z_, r8.z, l1.x\n" "mul_ieee r9.___w, r9.w, r8.z\n" \
	"iand r8.x___, r7.w, l5.y\n" "ixor r9.___w, r9.w, r8.x\n" \
	"ishr r8._y__, r0.x, l2.y\n" "iand r8.x___, r8.y, l5.y\n" "ixor r0.__z_, r9.w, r8.x\n" \
	"ixor r7.x___, r7.x, r8.y\n" "iand r8._y__, r8.y, l2.z\n" "iadd r0.___w, r7.x, r8.y\n" \
	"endif\n"
/* sin r (r1.y) and cos r (r1.z) for |r| <= pi/4, to r^9/9! and r^10/10!;
 * cos as w + ((1 - w) - r^2/2 + r^4 (...)) with w = 1 - r^2/2; r2.x = k & 3,
 * r2.y = k & 1, r10.x = x is Inf or NaN */
#define TRIGPOLY "dcl_literal l6, 0x3638EF1D, 0xB9500D01, 0x3C088889, 0xBE2AAAAB\n" \
	"dcl_literal l7, 0xB493F27E, 0x37D00D01, 0xBAB60B61, 0x3D2AAAAB\n" \
	"dcl_literal l8, 0x3F000000, 0x3F800000, 0xFF, 0x7FC00000\n" \
	"mul_ieee r1.x___, r0.z, r0.z\n" \
	"fma r1._y__, r1.x, l6.x, l6.y\n" "fma r1._y__, r1.x, r1.y, l6.z\n" "fma r1._y__, r1.x, r1.y, l6.w\n" \
	"mul_ieee r1.___w, r0.z, r1.x\n" "fma r1._y__, r1.w, r1.y, r0.z\n" \
	"fma r1.__z_, r1.x, l7.x, l7.y\n" "fma r1.__z_, r1.x, r1.z, l7.z\n" "fma r1.__z_, r1.x, r1.z, l7.w\n" \
	"mul_ieee r3.x___, r1.x, l8.x\n" "sub r3._y__, l8.y, r3.x\n" "sub r3.__z_, l8.y, r3.y\n" \
	"sub r3.__z_, r3.z, r3.x\n" "mul_ieee r3.___w, r1.x, r1.x\n" "fma r3.__z_, r3.w, r1.z, r3.z\n" \
	"add r1.__z_, r3.y, r3.z\n" \
	"iand r2.x___, r0.w, l5.w\n" "iand r2._y__, r0.w, l2.z\n" \
	"ushr r10.x___, r0.x, l1.x\n" "iand r10.x___, r10.x, l1.y\n" "ieq r10.x___, r10.x, l8.z\n"
/* the result r2.z with the sign bit flipped by r2.w, NaN for Inf or NaN */
#define TRIGOUT "ixor r2.__z_, r2.z, r2.w\n" "cmov_logical out0.x___, r10.x, l8.w, r2.z\n"
/* sin, tan: x = +-0 (or a denormal, flushed) gives the zero of x's sign
 * (the reduction's x - 0 pi/2 is +0 for -0) */
#define ODDZERO "dcl_literal l9, 0x7F800000, 0, 0x80000000, 0\n" \
	"iand r3.x___, r0.x, l9.x\n" "ieq r3.x___, r3.x, l9.y\n" "iand r3._y__, r0.x, l9.z\n" \
	"cmov_logical out0.x___, r3.x, r3.y, out0.x\n"
/* sin: k & 1 picks cos r, k & 2 negates */
#define SINSEL "cmov_logical r2.__z_, r2.y, r1.z, r1.y\n" \
	"iand r2.___w, r2.x, l3.z\n" "ishl r2.___w, r2.w, l3.y\n" TRIGOUT ODDZERO
#define SIN KEEP TRIGREDUCE TRIGPOLY SINSEL
/* cos: k & 1 picks sin r, (k + 1) & 2 negates */
#define COSSEL "cmov_logical r2.__z_, r2.y, r1.y, r1.z\n" \
	"iadd r2.___w, r2.x, l2.z\n" "iand r2.___w, r2.w, l3.z\n" "ishl r2.___w, r2.w, l3.y\n" TRIGOUT
#define COS KEEP TRIGREDUCE TRIGPOLY COSSEL
/* tan: sin r / cos r, or -cos r / sin r for odd k */
#define TANSEL "cmov_logical r2.__z_, r2.y, r1.z, r1.y\n" \
	"cmov_logical r2.___w, r2.y, r1.y, r1.z\n" "div_precise r2.__z_, r2.z, r2.w\n" \
	"ishl r2.___w, r2.y, l2.y\n" TRIGOUT ODDZERO
#define TAN KEEP TRIGREDUCE TRIGPOLY TANSEL
/* sinpi, cospi, tanpi: k = rint(2x), r = x - k/2 in [-1/4, 1/4] exactly,
 * pi r by one fma with pi's head and tail, then sin/cos/tan's polynomials
 * and quadrant choice (k = 0 and r = 0 from |x| >= 2^24 on, where x is
 * even, so that 2x cannot overflow into the result); the
 * literals l1, l2, l3, l5 hold what TRIGPOLY and the selections read */
#define PIREDUCE "dcl_literal l0, 0x40000000, 0x3F000000, 0x40490FDB, 0xB3BBBD2E\n" \
	"dcl_literal l1, 23, 0xFF, 0x4B800000, 0\n" "dcl_literal l2, 0, 31, 1, 0x7FFFFFFF\n" \
	"dcl_literal l3, 0x7F800000, 30, 2, 0xFF800000\n" "dcl_literal l5, 0, 0, 0, 3\n" \
	"mov r0.x___, in0.x\n" "mul_ieee r0._y__, r0.x, l0.x\n" "round_nearest r0._y__, r0.y\n" \
	"mul_ieee r3.x___, r0.y, l0.y\n" "sub r3.x___, r0.x, r3.x\n" \
	"mul_ieee r3._y__, r3.x, l0.w\n" "fma r0.__z_, r3.x, l0.z, r3.y\n" "ftoi r0.___w, r0.y\n" \
	"iand r3.__z_, r0.x, l2.w\n" "uge r3.__z_, r3.z, l1.z\n" "cmov_logical r0.___w, r3.z, l1.w, r0.w\n" \
	"cmov_logical r0.__z_, r3.z, l1.w, r0.z\n"
#define SINPI KEEP PIREDUCE TRIGPOLY SINSEL
#define COSPI KEEP PIREDUCE TRIGPOLY COSSEL
/* tanpi(n + 1/2): +Inf for an even n (k & 3 = 1), -Inf for an odd one */
#define TANPI KEEP PIREDUCE TRIGPOLY TANSEL \
	"eq r3.x___, r0.z, l1.w\n" "iand r3.x___, r3.x, r2.y\n" "ieq r3._y__, r2.x, l2.z\n" \
	"cmov_logical r3._y__, r3.y, l3.x, l3.w\n" "cmov_logical out0.x___, r3.x, r3.y, out0.x\n"
/* pow, powr, pown, rootn.  r0.x = |x| (bits, denormals flushed), r0.y = y
 * (flushed); log2|x| as a head and tail r8.x + r8.y (about 2^-28 relative):
 * log(1 + f) = f - f^2/2 + s (f^2/2 + R) with s = f / (2 + f) carried as
 * s + sl, f^2/2, (f^2/2 + R) and s (f^2/2 + R) split exactly (fma, Fast2Sum)
 * and the first-order effect of sl on R added; times log2 e in two pieces,
 * plus e.
 * Literal l0 = 1.0, 2.0, 0.5, 0x7F800000 is shared with the special cases. */
#define POWLOG2 "dcl_literal l0, 0x3F800000, 0x40000000, 0x3F000000, 0x7F800000\n" \
	"dcl_literal l1, 23, 0xFFFFFF81, 0x007FFFFF, 0x3FB504F3\n" \
	"dcl_literal l2, 0x00800000, 1, 0x3FB8AA3B, 0x32A57060\n" \
	"dcl_literal l3, 0x3E3A2E8C, 0x3E638E39, 0x3E924925, 0x3ECCCCCD\n" \
	"dcl_literal l4, 0x3F2AAAAB, 0x7FC00000, 0x80000000, 0x7FFFFFFF\n" \
	"ushr r1.x___, r0.x, l1.x\n" "iadd r1.x___, r1.x, l1.y\n" \
	"iand r1._y__, r0.x, l1.z\n" "ior r1._y__, r1.y, l0.x\n" "uge r1.__z_, r1.y, l1.w\n" \
	"iand r1.___w, r1.z, l2.x\n" "inegate r1.___w, r1.w\n" "iadd r1._y__, r1.y, r1.w\n" \
	"iand r1.__z_, r1.z, l2.y\n" "iadd r1.x___, r1.x, r1.z\n" "itof r1.x___, r1.x\n" \
	"sub r2.x___, r1.y, l0.x\n" "add r2._y__, r2.x, l0.y\n" \
	"sub r2.__z_, l0.y, r2.y\n" "add r2.__z_, r2.z, r2.x\n" "div_precise r2.___w, r2.x, r2.y\n" \
	"fma r3.x___, r2.w_neg(xyzw), r2.y, r2.x\n" "fma r3.x___, r2.w_neg(xyzw), r2.z, r3.x\n" \
	"div_precise r3.x___, r3.x, r2.y\n" "mul_ieee r3._y__, r2.w, r2.w\n" \
	"fma r3.__z_, r3.y, l3.x, l3.y\n" "fma r3.__z_, r3.y, r3.z, l3.z\n" \
	"fma r3.__z_, r3.y, r3.z, l3.w\n" "fma r3.__z_, r3.y, r3.z, l4.x\n" "mul_ieee r3.__z_, r3.y, r3.z\n" \
	"mul_ieee r3.___w, r2.x, l0.z\n" "mul_ieee r4.x___, r3.w, r2.x\n" \
	"fma r4._y__, r3.w, r2.x, r4.x_neg(xyzw)\n" "add r4.__z_, r4.x, r3.z\n" \
	"sub r4.___w, r4.x, r4.z\n" "add r4.___w, r4.w, r3.z\n" \
	"mul_ieee r5.x___, r2.w, r4.z\n" "fma r5._y__, r2.w, r4.z, r5.x_neg(xyzw)\n" \
	"sub r5.__z_, r2.x, r4.x\n" "sub r5.___w, r2.x, r5.z\n" "sub r5.___w, r5.w, r4.x\n" \
	"sub r5.___w, r5.w, r4.y\n" "fma r6.x___, r2.w, r4.w, r5.y\n" "fma r6._y__, r3.z, l0.y, r4.z\n" \
	"fma r6.x___, r3.x, r6.y, r6.x\n" "add r6._y__, r5.z, r5.x\n" "sub r6.__z_, r6.y, r5.z\n" \
	"sub r6.__z_, r5.x, r6.z\n" "add r6.__z_, r6.z, r6.x\n" "add r5.___w, r5.w, r6.z\n" \
	"add r6.___w, r6.y, r5.w\n" "sub r7.x___, r6.w, r6.y\n" "sub r5.___w, r5.w, r7.x\n" \
	"mul_ieee r7.x___, r6.w, l2.z\n" "fma r7._y__, r6.w, l2.z, r7.x_neg(xyzw)\n" \
	"fma r7._y__, r6.w, l2.w, r7.y\n" "fma r7._y__, r5.w, l2.z, r7.y\n" \
	"add r7.__z_, r1.x, r7.x\n" "sub r7.___w, r1.x, r7.z\n" "add r7.___w, r7.w, r7.x\n" \
	"add r7.___w, r7.w, r7.y\n" "add r8.x___, r7.z, r7.w\n" "sub r8._y__, r8.x, r7.z\n" \
	"sub r8._y__, r7.w, r8.y\n"
/* y log2|x| = r8.z + r8.w (the product's rounding error by fma) */
#define POWMUL "mul_ieee r8.__z_, r0.y, r8.x\n" "fma r8.___w, r0.y, r8.x, r8.z_neg(xyzw)\n" \
	"fma r8.___w, r0.y, r8.y, r8.w\n"
/* 2^(r8.z + r8.w) into r9.x: k = rint of the head clamped to +-150, r =
 * (head - k) + tail (0 when the head was clamped), 2^r to r^7, the scale
 * by 2^k in two exact steps */
#define POWEXP2 "dcl_literal l5, 0x43160000, 0xC3160000, 0x377FE5FE, 0x39218489\n" \
	"dcl_literal l6, 0x3AAEC3FF, 0x3C1D955B, 0x3D635847, 0x3E75FDF0\n" \
	"dcl_literal l7, 0x3F317218, 127, 0, 0\n" \
	"min r9.x___, r8.z, l5.x\n" "max r9.x___, r9.x, l5.y\n" "eq r9._y__, r9.x, r8.z\n" \
	"cmov_logical r9._y__, r9.y, r8.w, l7.z\n" "round_nearest r9.__z_, r9.x\n" \
	"sub r9.___w, r9.x, r9.z\n" "add r9.___w, r9.w, r9.y\n" \
	"fma r9.x___, r9.w, l5.z, l5.w\n" "fma r9.x___, r9.w, r9.x, l6.x\n" "fma r9.x___, r9.w, r9.x, l6.y\n" \
	"fma r9.x___, r9.w, r9.x, l6.z\n" "fma r9.x___, r9.w, r9.x, l6.w\n" "fma r9.x___, r9.w, r9.x, l7.x\n" \
	"fma r9.x___, r9.w, r9.x, l0.x\n" \
	"ftoi r9.__z_, r9.z\n" "ishr r9._y__, r9.z, l2.y\n" "inegate r9.___w, r9.y\n" \
	"iadd r9.__z_, r9.z, r9.w\n" "iadd r9._yz_, r9.yyzz, l7.yyyy\n" "ishl r9._yz_, r9.yyzz, l1.xxxx\n" \
	"mul_ieee r9.x___, r9.x, r9.y\n" "mul_ieee r9.x___, r9.x, r9.z\n"
/* operands: x in in0.x, y in in1.x, both with denormals flushed by their
 * bits; r0.x = |x|, r0.y = y, r0.z = x's sign bit, r0.w = |y| (bits) */
#define POWIN "dcl_literal l8, 0x7F800000, 0, 0x80000000, 0x7FFFFFFF\n" \
	"iand r10, in0.xxxx, l8\n" "iand r11, in1.xxxx, l8\n" \
	"ieq r10.x___, r10.x, l8.y\n" "ieq r11.x___, r11.x, l8.y\n" \
	"cmov_logical r10.___w, r10.x, l8.y, r10.w\n" "cmov_logical r11.___w, r11.x, l8.y, r11.w\n" \
	"mov r0.x___, r10.w\n" "ior r0._y__, r11.w, r11.z\n" "mov r0.__z_, r10.z\n" "mov r0.___w, r11.w\n"
/* the special operands of pow and powr; r9.x = |x|^y for finite nonzero x.
 * r12.x = y is an integer (Inf included), r12.z = y is an odd integer (0 or
 * 1), r12.w = the sign of x^y (x's sign for an odd y), r14.x = y < 0,
 * r14.z = the result for x = +-0 or +-Inf (Inf or 0: Inf for 0^(y<0) and
 * Inf^(y>0)), r15.z = the result for y = +-Inf (1 for |x| = 1, 0 when |x|
 * < 1 and y = +Inf or |x| > 1 and y = -Inf, Inf otherwise) */
#define POWCASES "dcl_literal l9, 0x4B800000, 0, 0, 0\n" \
	"round_z r12.x___, r0.y\n" "eq r12.x___, r12.x, r0.y\n" "ult r12._y__, r0.w, l9.x\n" \
	"ftoi r12.__z_, r0.y\n" "iand r12.__z_, r12.z, l2.y\n" "iand r12._y__, r12.y, r12.x\n" \
	"iand r12.__z_, r12.z, r12.y\n" "cmov_logical r12.___w, r12.z, r0.z, l8.y\n" \
	"ieq r13._y__, r0.x, l8.y\n" "ieq r13.__z_, r0.x, l8.x\n" "ior r13.___w, r13.y, r13.z\n" \
	"ilt r14.x___, r0.y, l8.y\n" "ixor r14._y__, r13.y, r14.x\n" "ieq r14._y__, r14.y, l8.y\n" \
	"cmov_logical r14.__z_, r14.y, l8.x, l8.y\n" \
	"ieq r15.x___, r0.w, l8.x\n" "ult r15._y__, r0.x, l0.x\n" "ixor r15._y__, r15.y, r14.x\n" \
	"cmov_logical r15.__z_, r15.y, l8.y, l8.x\n" "ieq r15.___w, r0.x, l0.x\n" \
	"cmov_logical r15.__z_, r15.w, l0.x, r15.z\n" \
	"ult r16.x___, l8.x, r0.x\n" "ult r16._y__, l8.x, r0.w\n" "ior r16.x___, r16.x, r16.y\n" \
	"ine r16._y__, r0.z, l8.y\n" "ieq r16.__z_, r0.w, l8.y\n"
/* pow (C99 Annex F, OpenCL 7.5.1): x < 0 takes y's parity, NaN for a
 * non-integer y; 0 and Inf by the rules above, 0x7FC00000 for NaN operands;
 * y = +-0 and x = +1 give 1 whatever the other operand */
#define POW KEEP POWIN POWLOG2 POWMUL POWEXP2 POWCASES \
	"ior r13.x___, r9.x, r12.w\n" "ieq r17.x___, r12.x, l8.y\n" "iand r17.x___, r17.x, r16.y\n" \
	"cmov_logical r13.x___, r17.x, l4.y, r13.x\n" \
	"ior r14.__z_, r14.z, r12.w\n" "cmov_logical r13.x___, r13.w, r14.z, r13.x\n" \
	"cmov_logical r13.x___, r15.x, r15.z, r13.x\n" "cmov_logical r13.x___, r16.x, l4.y, r13.x\n" \
	"ieq r17.x___, r0.x, l0.x\n" "ieq r17._y__, r0.z, l8.y\n" "iand r17.x___, r17.x, r17.y\n" \
	"ior r17.x___, r17.x, r16.z\n" "cmov_logical out0.x___, r17.x, l0.x, r13.x\n"
/* powr (OpenCL 7.5.1): x >= 0 only; NaN for x < 0, 0^0, Inf^0, 1^Inf and
 * NaN operands; 1 for x^0 with finite x > 0 and 1^y with finite y */
#define POWR KEEP POWIN POWLOG2 POWMUL POWEXP2 POWCASES \
	"cmov_logical r13.x___, r13.w, r14.z, r9.x\n" \
	"ieq r17.x___, r0.x, l0.x\n" "cmov_logical r15.__z_, r17.x, l4.y, r15.z\n" \
	"cmov_logical r13.x___, r15.x, r15.z, r13.x\n" \
	"ieq r17._y__, r15.x, l8.y\n" "iand r17.x___, r17.x, r17.y\n" \
	"cmov_logical r13.x___, r17.x, l0.x, r13.x\n" \
	"cmov_logical r17.x___, r13.w, l4.y, l0.x\n" "cmov_logical r13.x___, r16.z, r17.x, r13.x\n" \
	"ieq r17.x___, r13.y, l8.y\n" "iand r17.x___, r17.x, r16.y\n" "ior r17.x___, r17.x, r16.x\n" \
	"cmov_logical out0.x___, r17.x, l4.y, r13.x\n"

/* pown, rootn: x in in0.x (flushed by its bits), the integer n in in1.x;
 * r0.y = n as a float, r0.w its magnitude's bits; after POWCASES, n's own
 * parity (r12.z, r12.w: a float n from 2^24 up is even, n need not be) */
#define POWNIN "dcl_literal l8, 0x7F800000, 0, 0x80000000, 0x7FFFFFFF\n" \
	"iand r10, in0.xxxx, l8\n" "ieq r10.x___, r10.x, l8.y\n" "cmov_logical r10.___w, r10.x, l8.y, r10.w\n" \
	"mov r0.x___, r10.w\n" "mov r0.__z_, r10.z\n" "itof r0._y__, in1.x\n" "iand r0.___w, r0.y, l8.w\n"
#define NPARITY "iand r12.__z_, in1.x, l2.y\n" "cmov_logical r12.___w, r12.z, r10.z, l8.y\n" \
	"mov r12.x___, l1.0000\n"
/* pown (OpenCL 7.5.1): pow with an integer exponent, x^0 = 1 for every x */
#define POWN KEEP POWNIN POWLOG2 POWMUL POWEXP2 POWCASES NPARITY \
	"ior r13.x___, r9.x, r12.w\n" \
	"ior r14.__z_, r14.z, r12.w\n" "cmov_logical r13.x___, r13.w, r14.z, r13.x\n" \
	"cmov_logical r13.x___, r16.x, l4.y, r13.x\n" \
	"cmov_logical out0.x___, r16.z, l0.x, r13.x\n"
/* rootn (OpenCL 7.5.1): x^(1/n) as 2^(log2|x| / n), the quotient's
 * remainder by fma; 0 and Inf by pow's rules with y of n's sign; a
 * negative x (-Inf too, not -0) takes an odd n's sign and is NaN for an
 * even n; NaN for n = 0 */
#define ROOTN KEEP POWNIN POWLOG2 \
	"div_precise r8.__z_, r8.x, r0.y\n" "fma r8.___w, r8.z_neg(xyzw), r0.y, r8.x\n" \
	"add r8.___w, r8.w, r8.y\n" "div_precise r8.___w, r8.w, r0.y\n" \
	POWEXP2 POWCASES NPARITY \
	"ior r13.x___, r9.x, r12.w\n" \
	"ior r14.__z_, r14.z, r12.w\n" "cmov_logical r13.x___, r13.w, r14.z, r13.x\n" \
	"ieq r17.x___, r12.z, l8.y\n" "iand r17.x___, r17.x, r16.y\n" "ieq r17._y__, r13.y, l8.y\n" \
	"iand r17.x___, r17.x, r17.y\n" "ior r17.x___, r17.x, r16.x\n" "ior r17.x___, r17.x, r16.z\n" \
	"cmov_logical out0.x___, r17.x, l4.y, r13.x\n"

/* simple float functions (OpenCL 6.12.2): x in in0.x, y in in1.x.  F0
 * flushes x by its bits into r9.x (so that compares see what AMD's
 * arithmetic sees) */
#define F0 "dcl_literal l9, 0x7F800000, 0, 0x80000000, 0x7FC00000\n" \
	"iand r9._y__, in0.x, l9.x\n" "ieq r9._y__, r9.y, l9.y\n" "iand r9.__z_, in0.x, l9.z\n" \
	"cmov_logical r9.x___, r9.y, r9.z, in0.x\n"
/* round: half-way cases away from zero: trunc(x), plus x's sign when
 * |x - trunc(x)| >= 1/2 (exact; NaN for +-Inf, which keeps trunc) */
#define ROUND KEEP "dcl_literal l0, 0x3F000000, 0x3F800000, 0x80000000, 0\n" \
	"round_z r0.x___, in0.x\n" "sub r0._y__, in0.x, r0.x\n" "ge r0.__z_, r0.y_abs, l0.x\n" \
	"iand r0.___w, in0.x, l0.z\n" "ior r1.x___, l0.y, r0.w\n" "add r1.x___, r0.x, r1.x\n" \
	"cmov_logical out0.x___, r0.z, r1.x, r0.x\n"
/* sign: 1 for x > 0, -1 for x < 0, x for +-0, 0 for NaN */
#define SIGN KEEP F0 "dcl_literal l0, 0x3F800000, 0xBF800000, 0, 0\n" \
	"lt r0.x___, l0.z, r9.x\n" "lt r0._y__, r9.x, l0.z\n" "ne r0.__z_, r9.x, r9.x\n" \
	"cmov_logical r1.x___, r0.x, l0.x, r9.z\n" "cmov_logical r1.x___, r0.y, l0.y, r1.x\n" \
	"cmov_logical out0.x___, r0.z, l0.z, r1.x\n"
/* fdim: x - y when x > y, else +0; NaN when either is NaN */
#define FDIM KEEP "dcl_literal l0, 0, 0x7FC00000, 0, 0\n" \
	"sub r0.x___, in0.x, in1.x\n" "lt r0._y__, in1.x, in0.x\n" "cmov_logical r0.x___, r0.y, r0.x, l0.x\n" \
	"ne r0.__z_, in0.x, in0.x\n" "ne r0.___w, in1.x, in1.x\n" "ior r0.__z_, r0.z, r0.w\n" \
	"cmov_logical out0.x___, r0.z, l0.y, r0.x\n"
/* hypot: m sqrt(1 + (n/m)^2) with m, n the larger and smaller magnitude;
 * 0 for two zeros, +Inf when either is infinite (even with a NaN), NaN
 * otherwise for a NaN */
#define HYPOT KEEP "dcl_literal l0, 0x7FFFFFFF, 0x3F800000, 0, 0x7F800000\n" \
	"dcl_literal l1, 0x7FC00000, 0, 0, 0\n" \
	"iand r0.x___, in0.x, l0.x\n" "iand r0._y__, in1.x, l0.x\n" \
	"max r0.__z_, r0.x, r0.y\n" "min r0.___w, r0.x, r0.y\n" \
	"div_precise r1.x___, r0.w, r0.z\n" "fma r1._y__, r1.x, r1.x, l0.y\n" "sqrt_vec r1._y__, r1.y\n" \
	"mul_ieee r1.x___, r0.z, r1.y\n" "eq r2.x___, r0.z, l0.z\n" "cmov_logical r1.x___, r2.x, l0.z, r1.x\n" \
	"ne r2.x___, in0.x, in0.x\n" "ne r2._y__, in1.x, in1.x\n" "ior r2.x___, r2.x, r2.y\n" \
	"cmov_logical r1.x___, r2.x, l1.x, r1.x\n" \
	"ieq r2.x___, r0.x, l0.w\n" "ieq r2._y__, r0.y, l0.w\n" "ior r2.x___, r2.x, r2.y\n" \
	"cmov_logical out0.x___, r2.x, l0.w, r1.x\n"
/* geometric functions of xy (_2f32) or xyzw (_4f32) vectors, AMD's way
 * (dp*_ieee, then sqrt_vec / rsq_vec with no scaling, so components beyond
 * about 2^+-63 over- or underflow); normalize of a zero vector returns its
 * zeros (denormals flushed) */
#define GLEN(dp) KEEP dp " r0.x___, in0, in0\n" "sqrt_vec out0.x___, r0.x\n"
#define GDIST(dp) KEEP "sub r1, in0, in1\n" dp " r0.x___, r1, r1\n" "sqrt_vec out0.x___, r0.x\n"
#define GNORM(dp, m) KEEP "dcl_literal l0, 0, 0x80000000, 0, 0\n" dp " r0.x___, in0, in0\n" \
	"rsq_vec r0._y__, r0.x\n" "mul_ieee r1, in0, r0.yyyy\n" "eq r0.x___, r0.x, l0.x\n" \
	"iand r2, in0, l0.yyyy\n" "cmov_logical out0." m ", r0.xxxx, r2, r1\n"
/* cross: a x b in xyz, w = 0 */
#define CROSS KEEP "dcl_literal l0, 0, 0, 0, 0\n" \
	"mul_ieee r0.xyz_, in0.yzxx, in1.zxyy\n" "mul_ieee r1.xyz_, in0.zxyy, in1.yzxx\n" \
	"sub out0.xyz_, r0.xyzz, r1.xyzz\n" "mov out0.___w, l0.x\n"

/* inverse trigonometric functions.  ATAN01: r1.x = atan(t) for t = r0.x
 * in [0, 1]: above tan(pi/8) through u = (t - 1) / (t + 1) and pi/4 (head
 * and tail), atan(u) = u + u z P(z) with z = u^2 and P to z^9/21 (Taylor;
 * |u| <= tan(pi/8) keeps the remainder near 2^-30).  ATAN2: r8.x =
 * atan2(r5.x, r5.y) for flushed operands: the smaller magnitude over the
 * larger, pi/2 - a when |y| > |x|, pi - a for a negative x, y's sign; two
 * zeros give 0 or pi, two infinities pi/4 or 3pi/4 (C99 Annex F), a NaN
 * 0x7FC00000 */
#define ATAN01 "dcl_literal l0, 0x3ED413CD, 0x3F800000, 0xB2BBBD2E, 0x3F490FDB\n" \
	"dcl_literal l1, 0x3D430C31, 0xBD579436, 0x3D70F0F1, 0xBD888889\n" \
	"dcl_literal l2, 0x3D9D89D9, 0xBDBA2E8C, 0x3DE38E39, 0xBE124925\n" \
	"dcl_literal l3, 0x3E4CCCCD, 0xBEAAAAAB, 0, 0\n" \
	"lt r1._y__, l0.x, r0.x\n" "sub r1.__z_, r0.x, l0.y\n" "add r1.___w, r0.x, l0.y\n" \
	"div_precise r1.__z_, r1.z, r1.w\n" "cmov_logical r1.__z_, r1.y, r1.z, r0.x\n" \
	"mul_ieee r1.___w, r1.z, r1.z\n" \
	"fma r2.x___, r1.w, l1.x, l1.y\n" "fma r2.x___, r1.w, r2.x, l1.z\n" "fma r2.x___, r1.w, r2.x, l1.w\n" \
	"fma r2.x___, r1.w, r2.x, l2.x\n" "fma r2.x___, r1.w, r2.x, l2.y\n" "fma r2.x___, r1.w, r2.x, l2.z\n" \
	"fma r2.x___, r1.w, r2.x, l2.w\n" "fma r2.x___, r1.w, r2.x, l3.x\n" "fma r2.x___, r1.w, r2.x, l3.y\n" \
	"mul_ieee r2._y__, r1.z, r1.w\n" "fma r2.x___, r2.y, r2.x, r1.z\n" \
	"add r2.__z_, r2.x, l0.z\n" "add r2.__z_, r2.z, l0.w\n" "cmov_logical r1.x___, r1.y, r2.z, r2.x\n"
#define ATAN2 "dcl_literal l4, 0x7FFFFFFF, 0x80000000, 0x3FC90FDB, 0xB33BBD2E\n" \
	"dcl_literal l5, 0x40490FDB, 0xB3BBBD2E, 0x4016CBE4, 0x3F490FDB\n" \
	"dcl_literal l6, 0, 0x7F800000, 0x7FC00000, 0\n" \
	"iand r6.x___, r5.x, l4.x\n" "iand r6._y__, r5.y, l4.x\n" "iand r6.__z_, r5.x, l4.y\n" \
	"iand r6.___w, r5.y, l4.y\n" "ult r7.x___, r6.y, r6.x\n" \
	"cmov_logical r7._y__, r7.x, r6.y, r6.x\n" "cmov_logical r7.__z_, r7.x, r6.x, r6.y\n" \
	"div_precise r0.x___, r7.y, r7.z\n" ATAN01 \
	"sub r8.x___, l4.z, r1.x\n" "add r8.x___, r8.x, l4.w\n" "cmov_logical r8.x___, r7.x, r8.x, r1.x\n" \
	"sub r8._y__, l5.x, r8.x\n" "add r8._y__, r8.y, l5.y\n" "cmov_logical r8.x___, r6.w, r8.y, r8.x\n" \
	"ior r7._y__, r6.x, r6.y\n" "ieq r7._y__, r7.y, l6.x\n" "cmov_logical r7.__z_, r6.w, l5.x, l6.x\n" \
	"cmov_logical r8.x___, r7.y, r7.z, r8.x\n" \
	"ieq r7._y__, r6.x, l6.y\n" "ieq r7.__z_, r6.y, l6.y\n" "iand r7._y__, r7.y, r7.z\n" \
	"cmov_logical r7.__z_, r6.w, l5.z, l5.w\n" "cmov_logical r8.x___, r7.y, r7.z, r8.x\n" \
	"ior r8.x___, r8.x, r6.z\n" \
	"ult r7._y__, l6.y, r6.x\n" "ult r7.__z_, l6.y, r6.y\n" "ior r7._y__, r7.y, r7.z\n" \
	"cmov_logical r8.x___, r7.y, l6.z, r8.x\n"
/* both operands with denormals flushed by their bits: r5.x = in0.x, r5.y = in1.x */
#define FLUSH2 "dcl_literal l9, 0x7F800000, 0, 0x80000000, 0\n" \
	"iand r9, in0.xxxx, l9\n" "ieq r9.x___, r9.x, l9.y\n" "cmov_logical r5.x___, r9.x, r9.z, in0.x\n" \
	"iand r9, in1.xxxx, l9\n" "ieq r9.x___, r9.x, l9.y\n" "cmov_logical r5._y__, r9.x, r9.z, in1.x\n"
/* atan x = atan2(x, 1) */
#define ATAN KEEP "dcl_literal l10, 0x3F800000, 0, 0, 0\n" FLUSH2 "mov r5._y__, l10.x\n" ATAN2 \
	"mov out0.x___, r8.x\n"
/* atan2(y, x): y in in0.x, x in in1.x */
#define ATAN2F KEEP FLUSH2 ATAN2 "mov out0.x___, r8.x\n"
/* asin x = atan2(x, sqrt((1 - x)(1 + x))), acos x = atan2(sqrt(...), x):
 * NaN outside [-1, 1] through the square root of a negative */
#define ASINACOS(yy, xx) KEEP "dcl_literal l10, 0x3F800000, 0, 0, 0\n" FLUSH2 \
	"sub r10.x___, l10.x, r5.x\n" "add r10._y__, l10.x, r5.x\n" "mul_ieee r10.x___, r10.x, r10.y\n" \
	"sqrt_vec r10.x___, r10.x\n" "mov r10._y__, r5.x\n" "mov r5.x___, " yy "\n" "mov r5._y__, " xx "\n" \
	ATAN2 "mov out0.x___, r8.x\n"

/* expm1: k = rint(x log2 e) and r as in exp, expm1(r) = r + r^2 Q(r) to
 * r^8/8!, then 2^k (expm1 r + 1) - 1 as 2 fma(2^(k-1), expm1 r, 2^(k-1) -
 * 1/2) (exact but for the one rounding; 2^(k-1) is normal for the clamped
 * x) or expm1 r itself for k = 0; x flushed by its bits, NaN kept */
#define EXPM1 KEEP F0 "dcl_literal l0, 0x42B20000, 0xC1A00000, 0x3FB8AA3B, 0xBF317200\n" \
	"dcl_literal l1, 0xB5BFBE8E, 0x3F000000, 0x37D00D01, 0x39500D01\n" \
	"dcl_literal l2, 0x3AB60B61, 0x3C088889, 0x3D2AAAAB, 0x3E2AAAAB\n" \
	"dcl_literal l3, 126, 23, 0, 0x40000000\n" \
	CWREDUCE("r9.x") \
	"fma r1.x___, r0.z, l1.z, l1.w\n" HORNER("l2.x") HORNER("l2.y") HORNER("l2.z") HORNER("l2.w") \
	HORNER("l1.y") "mul_ieee r1._y__, r0.z, r0.z\n" "fma r1.x___, r1.y, r1.x, r0.z\n" \
	"ftoi r2.x___, r0.y\n" "iadd r2._y__, r2.x, l3.x\n" "ishl r2._y__, r2.y, l3.y\n" \
	"sub r2.__z_, r2.y, l1.y\n" "fma r2.__z_, r2.y, r1.x, r2.z\n" "mul_ieee r2.__z_, r2.z, l3.w\n" \
	"ieq r2.___w, r2.x, l3.z\n" "cmov_logical r2.__z_, r2.w, r1.x, r2.z\n" \
	"ne r2.___w, r9.x, r9.x\n" "cmov_logical out0.x___, r2.w, r9.x, r2.z\n"
/* log1p x = log(u) + (x - (u - 1)) / u with u = 1 + x rounded: the log
 * macro's core on u, the correction added before its special cases (so
 * u = 0, x = -1, gives -Inf and u < 0 NaN) */
#define LOG1P "dcl_literal l10, 0x3F800000, 0, 0, 0\n" "mov out0, in0\n" "add r11.x___, in0.x, l10.x\n" \
	"sub r11._y__, r11.x, l10.x\n" "sub r11._y__, in0.x, r11.y\n" "div_precise r11._y__, r11.y, r11.x\n" \
	LOGFROM("r11.x") "dcl_literal l6, 0x35BFBE8E, 0x3F317200, 0, 0\n" \
	"fma r5.x___, r1.x, l6.x, r3.w\n" "sub r5.x___, r3.z, r5.x\n" "sub r5.x___, r5.x, r2.x\n" \
	"fma r5.x___, r1.x, l6.y, r5.x_neg(xyzw)\n" "add r5.x___, r5.x, r11.y\n" LOGSPECIAL
/* hyperbolic functions through the exp (209) and expm1 (208) macros on
 * a = |x| (flushed): w = e^a / 2 (from e^(a/2) twice near the overflow);
 * cosh = w + 1/(4w); sinh = (E + E / (E + 1)) / 2 with E = expm1(a) below
 * 1, w - 1/(4w) above; tanh = E / (E + 2) with E = expm1(2a) below 0.55,
 * 1 - 2 / (e^(2a) + 1) above; x's sign back for sinh and tanh */
#define HYPA KEEP F0 "dcl_literal l0, 0x7FFFFFFF, 0x3F000000, 0x3E800000, 0x42B10000\n" \
	"dcl_literal l1, 0x3F800000, 0x40000000, 0x3F0CCCCD, 0\n" \
	"iand r0.x___, r9.x, l0.x\n"
#define HALFEXP "mcall(209) (r1), (r0)\n" "mul_ieee r1.x___, r1.x, l0.y\n" \
	"mul_ieee r2.x___, r0.x, l0.y\n" "mcall(209) (r2), (r2)\n" "mul_ieee r2._y__, r2.x, l0.y\n" \
	"mul_ieee r2.x___, r2.x, r2.y\n" "lt r3.x___, l0.w, r0.x\n" "cmov_logical r1.x___, r3.x, r2.x, r1.x\n" \
	"div_precise r3._y__, l0.z, r1.x\n"
#define COSH HYPA HALFEXP "add out0.x___, r1.x, r3.y\n"
#define SINH HYPA HALFEXP "sub r4.x___, r1.x, r3.y\n" "mcall(208) (r5), (r0)\n" \
	"add r5._y__, r5.x, l1.x\n" "div_precise r5._y__, r5.x, r5.y\n" "add r5.x___, r5.x, r5.y\n" \
	"mul_ieee r5.x___, r5.x, l0.y\n" "lt r3.x___, r0.x, l1.x\n" "cmov_logical r4.x___, r3.x, r5.x, r4.x\n" \
	"ior out0.x___, r4.x, r9.z\n"
#define TANH HYPA "mul_ieee r1.x___, r0.x, l1.y\n" "mcall(208) (r2), (r1)\n" \
	"add r2._y__, r2.x, l1.y\n" "div_precise r2.x___, r2.x, r2.y\n" \
	"mcall(209) (r3), (r1)\n" "add r3.x___, r3.x, l1.x\n" "div_precise r3.x___, l1.y, r3.x\n" \
	"sub r3.x___, l1.x, r3.x\n" "lt r4.x___, r0.x, l1.z\n" "cmov_logical r4.x___, r4.x, r2.x, r3.x\n" \
	"ior out0.x___, r4.x, r9.z\n"

/* erf and erfc (written here; no text of AMD's): x flushed (F0), a = |x|.
 * erf(x) for a < 1 by its Taylor series, x P(x^2) with P to x^20 (the
 * first term left out below 1e-9 relative); from a = 1 on, 1 - erfc(a)
 * with x's sign.  erfc(a) for a >= 1/2 as e^-a^2 F(a), F(a) = erfc(a)
 * e^(a^2) fitted here by least squares (relative, Chebyshev nodes) with a
 * degree-10 polynomial in s = (a - mid) k on each of [1/2, 2], [2, 4] and
 * [4, 9.25] (about 2.5 ulp), the three evaluated side by side in x, y, z;
 * a^2 split into a head and its fma remainder, e^-head by the exp macro
 * (209) times 1 - remainder; a clamped to 9.25, past which erfc is below
 * the smallest normal (0 after the flush).  erfc(x) = 1 - erf(x) for a <
 * 1/2, 2 - erfc(a) for x <= -1/2.  NaN gives 0x7FC00000; erf(+-Inf) = +-1,
 * erfc(+Inf) = 0, erfc(-Inf) = 2.  Measured against double-precision libm:
 * tests/ref lib_erf, lib_erfc (OpenCL 1.2: 16 ulp). */
#define ERFLIT "dcl_literal l0, 0x7FFFFFFF, 0x3F800000, 0x3F000000, 0x41140000\n" \
	"dcl_literal l1, 0x327E62B9, 0xB42FBA17, 0x35DCF365, 0xB77A692E\n" \
	"dcl_literal l2, 0x38FCD193, 0xBA6016DA, 0x3BAB2DE7, 0xBCDC1672\n" \
	"dcl_literal l3, 0x3DE71791, 0xBEC093A3, 0x3F906EBB, 0\n" \
	"dcl_literal l4, 0x3FA00000, 0x40400000, 0x40D40000, 0\n" \
	"dcl_literal l5, 0x3FAAAAAB, 0x3F800000, 0x3EC30C31, 0\n" \
	"dcl_literal l6, 0x40000000, 0x40800000, 0, 0\n" \
	"dcl_literal l20, 0x3665A065, 0x34AF5635, 0x36BFDE8F, 0\n" \
	"dcl_literal l19, 0xB7720158, 0xB5C036EC, 0xB78CB1F6, 0\n" \
	"dcl_literal l18, 0x3846381E, 0x36ABC4DC, 0x38034A09, 0\n" \
	"dcl_literal l17, 0xB9373C41, 0xB7AE5E84, 0xB8B17172, 0\n" \
	"dcl_literal l16, 0x3A25C24C, 0x38AF3BFF, 0x398126D0, 0\n" \
	"dcl_literal l15, 0xBB0D4D0E, 0xB9A9FB5F, 0xBA2F59F2, 0\n" \
	"dcl_literal l14, 0x3BE4373E, 0x3AA04E73, 0x3AEA871A, 0\n" \
	"dcl_literal l13, 0xBCAD8D8F, 0xBB92C80F, 0xBB9BE251, 0\n" \
	"dcl_literal l12, 0x3D760E95, 0x3C821FF1, 0x3C4D3CAE, 0\n" \
	"dcl_literal l11, 0xBE20600E, 0xBD5EB573, 0xBD05BCB5, 0\n" \
	"dcl_literal l10, 0x3EBC5349, 0x3E374C14, 0x3DAC7C8F, 0\n"
#define ERFCORE KEEP F0 ERFLIT \
	"iand r0.x___, r9.x, l0.x\n" "min r0._y__, r0.x, l0.w\n" \
	"mul_ieee r1.x___, r9.x, r9.x\n" "fma r1._y__, r1.x, l1.x, l1.y\n" "fma r1._y__, r1.x, r1.y, l1.z\n" \
	"fma r1._y__, r1.x, r1.y, l1.w\n" "fma r1._y__, r1.x, r1.y, l2.x\n" "fma r1._y__, r1.x, r1.y, l2.y\n" \
	"fma r1._y__, r1.x, r1.y, l2.z\n" "fma r1._y__, r1.x, r1.y, l2.w\n" "fma r1._y__, r1.x, r1.y, l3.x\n" \
	"fma r1._y__, r1.x, r1.y, l3.y\n" "fma r1._y__, r1.x, r1.y, l3.z\n" "mul_ieee r1.__z_, r9.x, r1.y\n" \
	"mul_ieee r2.x___, r0.y, r0.y\n" "fma r2._y__, r0.y, r0.y, r2.x_neg(xyzw)\n" \
	"mov r3.x___, r2.x_neg(xyzw)\n" "mcall(209) (r3), (r3)\n" "fma r3.x___, r3.x, r2.y_neg(xyzw), r3.x\n" \
	"sub r4.xyz_, r0.yyyy, l4.xyzz\n" "mul_ieee r4.xyz_, r4.xyzz, l5.xyzz\n" \
	"fma r5.xyz_, l20.xyzz, r4.xyzz, l19.xyzz\n" "fma r5.xyz_, r5.xyzz, r4.xyzz, l18.xyzz\n" \
	"fma r5.xyz_, r5.xyzz, r4.xyzz, l17.xyzz\n" "fma r5.xyz_, r5.xyzz, r4.xyzz, l16.xyzz\n" \
	"fma r5.xyz_, r5.xyzz, r4.xyzz, l15.xyzz\n" "fma r5.xyz_, r5.xyzz, r4.xyzz, l14.xyzz\n" \
	"fma r5.xyz_, r5.xyzz, r4.xyzz, l13.xyzz\n" "fma r5.xyz_, r5.xyzz, r4.xyzz, l12.xyzz\n" \
	"fma r5.xyz_, r5.xyzz, r4.xyzz, l11.xyzz\n" "fma r5.xyz_, r5.xyzz, r4.xyzz, l10.xyzz\n" \
	"lt r6.x___, r0.y, l6.x\n" "lt r6._y__, r0.y, l6.y\n" "cmov_logical r6.__z_, r6.y, r5.y, r5.z\n" \
	"cmov_logical r6.__z_, r6.x, r5.x, r6.z\n" "mul_ieee r6.___w, r3.x, r6.z\n" \
	"ne r8.x___, r9.x, r9.x\n"
#define ERF ERFCORE "sub r7.x___, l0.y, r6.w\n" "iand r7._y__, r9.x, l9.z\n" "ior r7.x___, r7.x, r7.y\n" \
	"lt r7.__z_, r0.x, l0.y\n" "cmov_logical r7.x___, r7.z, r1.z, r7.x\n" \
	"cmov_logical out0.x___, r8.x, l9.w, r7.x\n"
#define ERFC ERFCORE "sub r7.x___, l0.y, r1.z\n" "sub r7._y__, l6.x, r6.w\n" "lt r7.__z_, r9.x, l9.y\n" \
	"cmov_logical r7._y__, r7.z, r7.y, r6.w\n" "lt r7.___w, r0.x, l0.z\n" \
	"cmov_logical r7.x___, r7.w, r7.x, r7.y\n" "cmov_logical out0.x___, r8.x, l9.w, r7.x\n"

/* atanpi, asinpi, acospi, atan2pi: the macro's result times 1/pi */
#define BYPI(call) KEEP "dcl_literal l0, 0x3EA2F983, 0, 0, 0\n" "mov r0, in0\n" call \
	"mul_ieee out0.x___, r1.x, l0.x\n"
/* cbrt: rootn(x, 3) (349), then one Newton step y - (y^3 - x) / (3y^2) with
 * y^3 - x from fma and y^2's rounding error; y kept for 0, Inf and NaN */
#define CBRT KEEP "dcl_literal l0, 3, 0x40400000, 0, 0\n" "mov r0, in0\n" "mov r2.x___, l0.x\n" \
	"mcall(349) (r1), (r0, r2)\n" "mul_ieee r3.x___, r1.x, r1.x\n" \
	"fma r3._y__, r1.x, r1.x, r3.x_neg(xyzw)\n" "fma r3.__z_, r3.x, r1.x, r0.x_neg(xyzw)\n" \
	"fma r3.__z_, r3.y, r1.x, r3.z\n" "mul_ieee r3.___w, r3.x, l0.y\n" "div_precise r3.__z_, r3.z, r3.w\n" \
	"sub r3.__z_, r1.x, r3.z\n" "ne r4.x___, r3.z, r3.z\n" "cmov_logical out0.x___, r4.x, r1.x, r3.z\n"
/* inverse hyperbolic functions through log (286) and log1p (283), a = |x|:
 * asinh = log1p(a + a^2 / (1 + sqrt(1 + a^2))) below 2, log(2a + 1 /
 * (sqrt(a^2 + 1) + a)) above, log(a) + ln 2 from 2^28 on, x's sign;
 * acosh = log1p(t + sqrt(2t + t^2)) with t = x - 1 below 2, log(2x - 1 /
 * (x + sqrt(x^2 - 1))) above, log(x) + ln 2 from 2^28 on, NaN below 1;
 * atanh = log1p(2a + 2a^2 / (1 - a)) / 2 below 1/2, log1p(2a / (1 - a)) / 2
 * above (Inf at 1, NaN beyond), x's sign */
#define HYPI KEEP F0 "dcl_literal l0, 0x7FFFFFFF, 0x3F800000, 0x40000000, 0x4D800000\n" \
	"dcl_literal l1, 0x3F317218, 0x3F000000, 0x7FC00000, 0\n" "iand r0.x___, r9.x, l0.x\n"
#define ASINH HYPI "mul_ieee r1.x___, r0.x, r0.x\n" "add r1._y__, r1.x, l0.y\n" "sqrt_vec r1._y__, r1.y\n" \
	"add r1.__z_, r1.y, l0.y\n" "div_precise r1.__z_, r1.x, r1.z\n" "add r2.x___, r0.x, r1.z\n" \
	"mcall(283) (r2), (r2)\n" "add r3.x___, r1.y, r0.x\n" "div_precise r3.x___, l0.y, r3.x\n" \
	"fma r3.x___, r0.x, l0.z, r3.x\n" "mcall(286) (r3), (r3)\n" "mcall(286) (r4), (r0)\n" \
	"add r4.x___, r4.x, l1.x\n" "lt r5.x___, r0.x, l0.z\n" "cmov_logical r3.x___, r5.x, r2.x, r3.x\n" \
	"lt r5.x___, r0.x, l0.w\n" "cmov_logical r3.x___, r5.x, r3.x, r4.x\n" "ior out0.x___, r3.x, r9.z\n"
#define ACOSH HYPI "mov r0.x___, r9.x\n" "sub r1.x___, r0.x, l0.y\n" "fma r1._y__, r1.x, r1.x, r1.x\n" \
	"add r1._y__, r1.y, r1.x\n" "sqrt_vec r1._y__, r1.y\n" "add r2.x___, r1.x, r1.y\n" \
	"mcall(283) (r2), (r2)\n" "fma r3.x___, r0.x, r0.x, l0.y_neg(xyzw)\n" "sqrt_vec r3.x___, r3.x\n" \
	"add r3.x___, r3.x, r0.x\n" "div_precise r3.x___, l0.y, r3.x\n" "mul_ieee r3._y__, r0.x, l0.z\n" \
	"sub r3.x___, r3.y, r3.x\n" "mcall(286) (r3), (r3)\n" "mcall(286) (r4), (r0)\n" \
	"add r4.x___, r4.x, l1.x\n" "lt r5.x___, r0.x, l0.z\n" "cmov_logical r3.x___, r5.x, r2.x, r3.x\n" \
	"lt r5.x___, r0.x, l0.w\n" "cmov_logical r3.x___, r5.x, r3.x, r4.x\n" \
	"lt r5.x___, r0.x, l0.y\n" "cmov_logical out0.x___, r5.x, l1.z, r3.x\n"
#define ATANH HYPI "sub r1.x___, l0.y, r0.x\n" "mul_ieee r1._y__, r0.x, l0.z\n" \
	"div_precise r2.x___, r1.y, r1.x\n" "mul_ieee r1.__z_, r1.y, r0.x\n" "div_precise r1.__z_, r1.z, r1.x\n" \
	"add r3.x___, r1.y, r1.z\n" "lt r5.x___, r0.x, l1.y\n" "cmov_logical r2.x___, r5.x, r3.x, r2.x\n" \
	"mcall(283) (r2), (r2)\n" "mul_ieee r2.x___, r2.x, l1.y\n" "ior out0.x___, r2.x, r9.z\n"

/* remainder: r = fmod(x, y) (mod_ieee, exact), then r - y's magnitude
 * with r's sign when |r| is past |y|/2, or at it with an odd quotient (the
 * parity from fmod(x, 2y): |fmod(x, 2y)| >= |y|; 2y = Inf gives x, right
 * as well); b - |r| is exact there */
#define REMAINDER KEEP "dcl_literal l0, 0x7FFFFFFF, 0x80000000, 0x40000000, 0\n" \
	"mod_ieee r0.x___, in0.x, in1.x\n" "mul_ieee r0._y__, in1.x, l0.z\n" "mod_ieee r0._y__, in0.x, r0.y\n" \
	"iand r1.x___, r0.x, l0.x\n" "iand r1._y__, in1.x, l0.x\n" "iand r1.__z_, r0.y, l0.x\n" \
	"sub r2.x___, r1.y, r1.x\n" "lt r2._y__, r2.x, r1.x\n" "eq r2.__z_, r2.x, r1.x\n" \
	"ge r2.___w, r1.z, r1.y\n" "iand r2.__z_, r2.z, r2.w\n" "ior r2._y__, r2.y, r2.z\n" \
	"iand r3.x___, r0.x, l0.y\n" "ixor r3.x___, r3.x, l0.y\n" "ior r3.x___, r3.x, r2.x\n" \
	"cmov_logical out0.x___, r2.y, r3.x, r0.x\n"
/* nextafter: in the ordered integer encoding of the bits (k = bits for a
 * positive float, -(bits & 0x7FFFFFFF) for a negative one; +0 and -0 are
 * both 0), one step from x towards y (a zero reached keeps x's sign), y
 * when equal, NaN for a NaN; a bit operation, so denormals are results like
 * any other */
#define NEXTAFTER KEEP "dcl_literal l0, 0x7FFFFFFF, 0x80000000, 0x7F800000, 0x7FC00000\n" \
	"dcl_literal l1, 31, 1, 0xFFFFFFFF, 0\n" \
	"iand r0.x___, in0.x, l0.x\n" "ishr r0._y__, in0.x, l1.x\n" "inegate r0.__z_, r0.x\n" \
	"cmov_logical r0.x___, r0.y, r0.z, r0.x\n" \
	"iand r1.x___, in1.x, l0.x\n" "ishr r1._y__, in1.x, l1.x\n" "inegate r1.__z_, r1.x\n" \
	"cmov_logical r1.x___, r1.y, r1.z, r1.x\n" \
	"ilt r2.x___, r0.x, r1.x\n" "cmov_logical r2.x___, r2.x, l1.y, l1.z\n" "iadd r2.x___, r0.x, r2.x\n" \
	"ilt r2._y__, r2.x, l1.w\n" "inegate r2.__z_, r2.x\n" "ior r2.__z_, r2.z, l0.y\n" \
	"cmov_logical r2.x___, r2.y, r2.z, r2.x\n" "ieq r2._y__, r2.x, l1.w\n" "iand r2.__z_, in0.x, l0.y\n" \
	"cmov_logical r2.x___, r2.y, r2.z, r2.x\n" "ieq r2._y__, r0.x, r1.x\n" \
	"cmov_logical r2.x___, r2.y, in1.x, r2.x\n" \
	"iand r3.x___, in0.x, l0.x\n" "ult r3.x___, l0.z, r3.x\n" "iand r3._y__, in1.x, l0.x\n" \
	"ult r3._y__, l0.z, r3.y\n" "ior r3.x___, r3.x, r3.y\n" "cmov_logical out0.x___, r3.x, l0.w, r2.x\n"
/* ilogb: the unbiased exponent, for a denormal from its leading bit
 * (-118 - clz of the magnitude); 0 and NaN give INT_MIN, +-Inf INT_MAX
 * (AMD's FP_ILOGB0 and its NaN result, from the database's text; C99 and
 * OpenCL leave FP_ILOGBNAN to the implementation).  logb: the same as a
 * float, -Inf for 0, +Inf for +-Inf, a NaN itself; out1 (the database's
 * leaves internal flags there) is in0. */
#define ILOGB_E "dcl_literal l0, 0x7FFFFFFF, 23, 0x7F800000, 0xFFFFFF81\n" \
	"dcl_literal l1, 0x80000000, 0x7FFFFFFF, 0xFFFFFF8A, 0\n" \
	"iand r0.x___, in0.x, l0.x\n" "ushr r0._y__, r0.x, l0.y\n" "iadd r0.__z_, r0.y, l0.w\n" \
	"ffb_hi r0.___w, r0.x\n" "inegate r0.___w, r0.w\n" "iadd r0.___w, r0.w, l1.z\n" \
	"ieq r1.x___, r0.y, l1.w\n" "cmov_logical r0.__z_, r1.x, r0.w, r0.z\n" \
	"ieq r1._y__, r0.x, l1.w\n" "ult r1.__z_, l0.z, r0.x\n" "ieq r1.___w, r0.x, l0.z\n"
#define ILOGB KEEP ILOGB_E "ior r2.x___, r1.y, r1.z\n" "cmov_logical r0.__z_, r2.x, l1.x, r0.z\n" \
	"cmov_logical out0.x___, r1.w, l1.y, r0.z\n"
#define LOGBF KEEP "mov out1, in0\n" ILOGB_E "dcl_literal l2, 0xFF800000, 0x7F800000, 0, 0\n" \
	"itof r0.__z_, r0.z\n" "cmov_logical r0.__z_, r1.y, l2.x, r0.z\n" \
	"cmov_logical r0.__z_, r1.w, l2.y, r0.z\n" "cmov_logical out0.x___, r1.z, in0.x, r0.z\n"
/* step(edge, x): 0 when x < edge, else 1; smoothstep(e0, e1, x): t = (x -
 * e0) / (e1 - e0) clamped to [0, 1], t^2 (3 - 2t) */
#define STEP KEEP "dcl_literal l0, 0, 0x3F800000, 0, 0\n" "lt r0.x___, in1.x, in0.x\n" \
	"cmov_logical out0.x___, r0.x, l0.x, l0.y\n"
#define SMOOTHSTEP KEEP "dcl_literal l0, 0, 0x3F800000, 0x40400000, 0xC0000000\n" \
	"sub r0.x___, in2.x, in0.x\n" "sub r0._y__, in1.x, in0.x\n" "div_precise r0.x___, r0.x, r0.y\n" \
	"max r0.x___, r0.x, l0.x\n" "min r0.x___, r0.x, l0.y\n" "mul_ieee r0._y__, r0.x, r0.x\n" \
	"mad_ieee r0.__z_, r0.x, l0.w, l0.z\n" "mul_ieee out0.x___, r0.y, r0.z\n"

/* native_ and half_ functions: the hardware approximations (OpenCL: the
 * native_ accuracy is the implementation's, half_ 8192 ulp), on the
 * member's components; k a float constant */
#define NEXP(k) KEEP "dcl_literal l0, " k ", 0, 0, 0\n" "mul_ieee r0, in0, l0.xxxx\n" "exp_vec out0.$, r0\n"
#define NLOG(k) KEEP "dcl_literal l0, " k ", 0, 0, 0\n" "log_vec r0, in0\n" "mul_ieee out0.$, r0, l0.xxxx\n"
#define NPOWR KEEP "log_vec r0, in0\n" "mul_ieee r0, in1, r0\n" "exp_vec out0.$, r0\n"
#define NTAN KEEP "sin_vec r0, in0\n" "cos_vec r1, in0\n" "div_zeroop(infinity) out0.$, r0, r1\n"
#define NV "xy__ xyzw x___" /* _2f32, _4f32, _f32 */
#define NATIVE 8192

static const LibBody lib_bodies[] = {
	/* barrier(flags), barrier(CLK_GLOBAL_MEM_FENCE), barrier(CLK_LOCAL_MEM_FENCE):
	 * the flags come back unchanged */
	{0, NULL, "fence_threads_lds_memory\n" KEEP},
	{1, NULL, "fence_threads_memory\n" KEEP},
	{2, NULL, "fence_threads_lds\n" KEEP},
	/* read_mem_fence / write_mem_fence: the database orders LDS with
	 * _mem_read_only / _mem_write_only; _memory is added so that the global
	 * accesses OpenCL's CLK_GLOBAL_MEM_FENCE names are ordered too (a
	 * stronger fence, docs/libmacro.md) */
	{3, NULL, "fence_lds_memory_mem_read_only\n" KEEP},
	{4, NULL, "fence_lds_memory_mem_write_only\n" KEEP},
	{5, NULL, ACOSH},                               /* __acosh_f32 */
	{6, NULL, BYPI("mcall(7) (r1), (r0)\n")},    /* __acospi_f32 */
	{7, NULL, ASINACOS("r10.x", "r10.y")},      /* __acos_f32 */
	{8, M4, TRI("bitalign")},
	{12, M4, TRI("bytealign")},
	{16, M4, TRI("cmov_logical")},
	/* doubles: one double in x,y of each parameter (the exponent of dldexp in in1.x) */
	{21, NULL, KEEP "dldexp out0.xy__, in0.xy, in1.x\n"},
	{22, NULL, KEEP "dmad out0.xy__, in0.xy, in1.xy, in2.xy\n"},
	{23, NULL, KEEP "dmax out0.xy__, in0.xy, in1.xy\n"},
	{24, NULL, KEEP "dmin out0.xy__, in0.xy, in1.xy\n"},
	{28, NULL, KEEP "drcp_zeroop(infinity) out0.xy__, in0.xy\n"},
	{29, NULL, KEEP "drsq_zeroop(infinity) out0.xy__, in0.xy\n"},
	{30, M4, KEEP "mov out0.$, in0_abs\n"},
	{34, M4, UN("ffb_hi")},
	{38, M4, UN("ffb_lo")},
	/* float_to_int_flr: floor, then to int */
	{51, M3, KEEP "round_neginf out0.$, in0\nftoi out0.$, out0\n"},
	{54, NULL, KEEP "f_2_u4 out0.x___, in0\n"},
	{59, M4, TRI("imad")},
	{63, M4, BIN("imax")},
	{67, M4, BIN("imin")},
	/* __amdil_improved_div_f32, _v2f32, _v4f32: the quotient within OpenCL's
	 * 2.5 ulp; here the correctly rounded one (div_precise) */
	{71, M3, BIN("div_precise")},
	{74, M4, BIN("imul_high")},
	/* lrp: 80 is __amdil_lpr_3 (sic), then _1, _2, _4 */
	{80, "xyz_ x___ xy__ xyzw", TRI("lrp")},
	{84, M4, TRI("mad_ieee")},
	{88, M4, BIN("max_ieee")},
	{92, M4, BIN("min_ieee")},
	{96, M4, UN("rcp_zeroop(infinity)")},
	{100, M4, UN("round_nearest")},
	{104, M4, UN("round_neginf")},
	{108, M4, UN("round_plusinf")},
	{112, M4, UN("round_z")},
	{116, M4, UN("rsq_vec")},
	{120, NULL, KEEP "sad4 out0.x___, in0, in1, in2.x\n"},
	{121, M4, TRI("sadhi")},
	{125, M4, TRI("sad")},
	{129, M4, UN("sqrt_vec")},
	{133, M4, TRI("u4lerp")},
	{137, M4, TRI("umad24")},
	{141, M4, TRI("umad")},
	{145, M4, BIN("umax")},
	{149, M4, BIN("umin")},
	{153, M4, BIN("umul24")},
	{157, M4, BIN("umul_high")},
	{161, M4, UN("unpack0")},
	{165, M4, UN("unpack1")},
	{169, M4, UN("unpack2")},
	{173, M4, UN("unpack3")},
	{178, NULL, ASINH},                           /* __asinh_f32 */
	{179, NULL, BYPI("mcall(180) (r1), (r0)\n")}, /* __asinpi_f32 */
	{180, NULL, ASINACOS("r10.y", "r10.x")},    /* __asin_f32 */
	{181, NULL, BYPI("mov r2, in1\nmcall(182) (r1), (r0, r2)\n")}, /* __atan2pi_f32 */
	{182, NULL, ATAN2F},                          /* __atan2_f32 (y, x) */
	{183, NULL, ATANH},                           /* __atanh_f32 */
	{184, NULL, BYPI("mcall(185) (r1), (r0)\n")}, /* __atanpi_f32 */
	{185, NULL, ATAN},                            /* __atan_f32 */
	{186, NULL, CBRT},                            /* __cbrt_f32 */
	{187, "x___", UN("round_plusinf")},              /* __ceil_f32 */
	/* __copysign_f32: x's magnitude, y's sign */
	{188, NULL, KEEP "max r0.x___, in0.x, in1.x\nmin out0.x___, r0.x, in2.x\n"}, /* __clamp_f32: min(max(x, lo), hi) */
	{189, NULL, "mov out0, in0\ndcl_literal l0, 0x7FFFFFFF, 0x80000000, 0, 0\n"
	            "iand r0.x___, in0.x, l0.x\n" "iand r0._y__, in1.x, l0.y\n" "ior out0.x___, r0.x, r0.y\n"},
	/* __ddiv_f64 and __ddiv_f64_fma: the correctly rounded quotient of the
	 * doubles in0.xy / in1.xy, in out0.xy */
	{190, NULL, COSH},                            /* __cosh_f32 */
	{191, NULL, COSPI},                           /* __cospi_f32 */
	{192, NULL, COS},                            /* __cos_f32 */
	{193, NULL, CROSS},                             /* __cross_4f32 (the database's is -(a x b)) */
	{194, NULL, KEEP "ddiv out0.xy__, in0.xy, in1.xy\n"},
	{195, NULL, KEEP "ddiv out0.xy__, in0.xy, in1.xy\n"},
	/* __degrees_f32, __radians_f32: one mul_ieee by the float nearest
	 * 180/pi (0x42652EE1) or pi/180 (0x3C8EFA35) */
	{196, NULL, FMULK("0x42652EE1")},
	/* __distance_f32, __fast_distance_f32: |x - y| */
	{197, NULL, GDIST("dp2_ieee")},                 /* __distance_2f32 */
	{198, NULL, GDIST("dp4_ieee")},                 /* __distance_4f32 */
	{199, NULL, FDIST},
	{200, NULL, KEEP "dp2_ieee out0.x___, in0, in1\n"}, /* __dot_2f32 */
	{201, NULL, KEEP "dp3_ieee out0.x___, in0, in1\n"}, /* __dot_3f32 */
	{202, NULL, KEEP "dp4_ieee out0.x___, in0, in1\n"}, /* __dot_4f32 */
	{203, NULL, KEEP "mul_ieee out0.x___, in0.x, in1.x\n"},   /* __dot_f32 */
	/* __fabs_f32: the sign bit cleared (NaNs keep their bits) */
	{204, NULL, ERFC},                            /* __erfc_f32 */
	{205, NULL, ERF},                             /* __erf_f32 */
	{206, NULL, EXP10},                          /* __exp10_f32 */
	{207, NULL, EXP2},                           /* __exp2_f32 */
	{208, NULL, EXPM1},                           /* __expm1_f32 */
	{209, NULL, EXP},                            /* __exp_f32 */
	{210, NULL, FABS},
	{211, NULL, GDIST("dp2_ieee")},                 /* __fast_distance_2f32 */
	{212, NULL, GDIST("dp4_ieee")},                 /* __fast_distance_4f32 */
	{213, NULL, FDIST},                             /* __fast_distance_f32 */
	/* __fast_length_f32, __length_f32: |x| */
	{214, NULL, GLEN("dp2_ieee")},                  /* __fast_length_2f32 */
	{215, NULL, GLEN("dp4_ieee")},                  /* __fast_length_4f32 */
	{216, NULL, FABS},
	/* __fdiv_f32: AMD's text multiplies by a reciprocal with no correction
	 * step (up to 1 ulp off) after flushing denormal operands, and flushes
	 * a denormal quotient; here the correctly rounded quotient with the
	 * same flushes (div_precise), within OpenCL's 2.5 ulp for x / y */
	{217, NULL, GNORM("dp2_ieee", "xy__")},         /* __fast_normalize_2f32 */
	{218, NULL, GNORM("dp4_ieee", "xyzw")},         /* __fast_normalize_4f32 */
	{219, NULL, GNORM("mul_ieee", "x___")},         /* __fast_normalize_f32 */
	{220, NULL, FDIM},                              /* __fdim_f32 */
	{221, "x___", BIN("div_precise")},
	{222, "x___", UN("round_neginf")},              /* __floor_f32 */
	{223, NULL, FMAXMIN("ige", "mov r1._y__, l0.z\n")},              /* __fmax_f32 */
	{225, NULL, KEEP "dmad out0.xy__, in0.xy, in1.xy, in2.xy\n"}, /* __fma_f64 */
	{226, NULL, FMAXMIN("ilt", "ior r1._y__, in0.x, l0.z\n")},       /* __fmin_f32 */
	{227, "x___", BIN("mod_ieee")},                /* __fmod_f32: exact */
	{232, "xy__ xyzw x___", FTZ},                   /* __ftz_2f32, _4f32, _f32 */
	{235, NULL, COS},                       /* __half_cos_f32 */
	{236, "x___", BIN("div_zeroop(infinity)")}, /* __half_divide_f32 */
	{237, "x___", NEXP("0x40549A78")},     /* __half_exp10_f32: x log2 10 */
	{238, "x___", UN("exp_vec")},          /* __half_exp2_f32 */
	{239, "x___", NEXP("0x3FB8AA3B")},     /* __half_exp_f32: x log2 e */
	{240, "x___", NLOG("0x3E9A209B")},     /* __half_log10_f32: log2 x log10 2 */
	{241, "x___", UN("log_vec")},          /* __half_log2_f32 */
	{242, "x___", NLOG("0x3F317218")},     /* __half_log_f32: log2 x ln 2 */
	{243, "x___", NPOWR},                  /* __half_powr_f32 */
	{244, "x___", UN("rcp_vec_zeroop(infinity)")}, /* __half_recip_f32 */
	{245, "x___", UN("rsq_vec")},          /* __half_rsqrt_f32 */
	{246, NULL, SIN},                       /* __half_sin_f32 */
	{247, "x___", UN("sqrt_vec")},         /* __half_sqrt_f32 */
	{248, NULL, TAN},                       /* __half_tan_f32 */
	{249, "x___", TRI("fma")},                      /* __hwfma_f32 */
	{250, NULL, HYPOT},                             /* __hypot_f32 */
	{251, NULL, ILOGB},                             /* __ilogb_f32 */
	{252, NULL, KEEP "fldexp out0.x___, in0.x, in1.x\n"}, /* __ldexp_f32i32 */
	{253, NULL, GLEN("dp2_ieee")},                  /* __length_2f32 */
	{254, NULL, GLEN("dp4_ieee")},                  /* __length_4f32 */
	{255, NULL, FABS},                              /* __length_f32 */
	{282, NULL, LOG10},                          /* __log10_f32 */
	{283, NULL, LOG1P},                           /* __log1p_f32 */
	{284, NULL, LOG2},                           /* __log2_f32 */
	{285, NULL, LOGBF},                          /* __logb_f32 */
	{286, NULL, LOG},                            /* __log_f32 */
	{288, "x___", TRI("mad_ieee")},                 /* __mad_f32 */
	{289, NULL, KEEP "dmad out0.xy__, in0.xy, in1.xy, in2.xy\n"}, /* __mad_f64 */
	/* __mul_i64, __mul_v2i64: the product mod 2^64.  The database's text
	 * (July 2011) keeps only products that fit in 32 bits and reads a
	 * register it never writes: a driver whose 64-bit multiply gave that
	 * would fail OpenCL's conformance tests, so the product is the rule. */
	{292, NULL, KEEP "sub r0.x___, in1.x, in0.x\nmul_ieee r0.x___, r0.x, in2.x\nadd out0.x___, in0.x, r0.x\n"}, /* __mix_f32: x + (y - x) a */
	{294, NULL, KEEP "i64mul out0.xy__, in0.xyxy, in1.xyxy\n"},
	{295, NULL, KEEP "i64mul out0.xy__, in0.xyxy, in1.xyxy\ni64mul out0.__zw, in0.zwzw, in1.zwzw\n"},
	/* __nan_u32: the quiet NaN with the code's low 23 bits as payload */
	{296, NULL, "mov out0, in0\ndcl_literal l0, 0x007FFFFF, 0x7FC00000, 0, 0\n"
	            "iand r0.x___, in0.x, l0.x\n" "ior out0.x___, r0.x, l0.y\n"},
	{297, "x___", UN("cos_vec")},          /* __native_cos_f32 */
	{298, NV, BIN("div_zeroop(infinity)")}, /* __native_divide_2f32, _4f32, _f32 */
	{301, NV, NEXP("0x40549A78")},        /* __native_exp10_* */
	{304, NV, UN("exp_vec")},             /* __native_exp2_* */
	{307, NV, NEXP("0x3FB8AA3B")},        /* __native_exp_* */
	{310, NV, NLOG("0x3E9A209B")},        /* __native_log10_* */
	{313, NV, UN("log_vec")},             /* __native_log2_* */
	{316, NV, NLOG("0x3F317218")},        /* __native_log_* */
	{319, NV, NPOWR},                     /* __native_powr_* */
	{322, NV, UN("rcp_vec_zeroop(infinity)")}, /* __native_recip_* */
	{325, NV, UN("rsq_vec")},             /* __native_rsqrt_* */
	{328, NV, UN("sin_vec")},             /* __native_sin_* */
	{331, NV, UN("sqrt_vec")},            /* __native_sqrt_* */
	{334, NV, NTAN},                      /* __native_tan_* */
	{337, NULL, NEXTAFTER},                        /* __nextafter_f32 */
	{338, NULL, GNORM("dp2_ieee", "xy__")},         /* __normalize_2f32 */
	{339, NULL, GNORM("dp4_ieee", "xyzw")},         /* __normalize_4f32 */
	{340, NULL, GNORM("mul_ieee", "x___")},         /* __normalize_f32 */
	{341, NULL, POWN},                              /* __pown_f32i32 */
	{342, NULL, POWR},                              /* __powr_f32 */
	{343, NULL, POW},                               /* __pow_f32 */
	{344, NULL, FMULK("0x3C8EFA35")},              /* __radians_f32 */
	/* __sabs_diff_i32: imax - imin; __sabs_i16/_i32/_i8 (one text in the
	 * database): imax(x, -x), |INT_MIN| = 0x80000000 */
	{346, NULL, REMAINDER},                        /* __remainder_f32 */
	{348, "x___", UN("round_nearest")},             /* __rint_f32 */
	{349, NULL, ROOTN},                             /* __rootn_f32i32 */
	{350, NULL, ROUND},                             /* __round_f32 */
	{351, "x___", UN("rsq_vec")},              /* __rsqrt_f32 */
	{353, NULL, ABSDIFF("imax", "imin")},
	{355, "x___ x___ x___", X1("inegate r0.x___, in0.x\n" "imax out0.x___, in0.x, r0.x\n")},
	/* __sadd_sat_u32 (sic: signed): overflow when the sum's sign differs
	 * from both operands'; it saturates to INT_MAX or INT_MIN by a's sign */
	{360, NULL, X1("iadd r0.x___, in0.x, in1.x\n" "ixor r0._y__, in0.x, r0.x\n"
	               "ixor r0.__z_, in1.x, r0.x\n" "iand r0._y__, r0.y, r0.z\n"
	               "ilt r0._y__, r0.y, l0.x\n" "ishr r0.__z_, in0.x, l0.y\n"
	               "ixor r0.__z_, r0.z, l0.z\n" "cmov_logical out0.x___, r0.y, r0.z, r0.x\n")},
	{361, NULL, TOPBIT("15")},                      /* __sall_i16 */
	{362, NULL, TOPBIT("31")},                      /* __sall_i32 */
	{363, NULL, TOPBIT("7")},                       /* __sall_i8 */
	{364, NULL, TOPBIT("15")},                      /* __sany_i16 */
	{365, NULL, TOPBIT("31")},                      /* __sany_i32 */
	{366, NULL, TOPBIT("7")},                       /* __sany_i8 */
	{368, NULL, CLZ},                               /* __sclz_i32 */
	{370, NULL, SDIVN("16", "0xFFFF")},             /* __sdiv_i16 */
	{371, NULL, S32(SDIV32)},                       /* __sdiv_i32 */
	{372, NULL, DIV64("i64div")},                   /* __sdiv_i64 */
	{373, NULL, SDIVN("24", "0xFF")},               /* __sdiv_i8 */
	{375, NULL, "dcl_literal l1, 1, 0, 0, 0\n" HADD("ishr", "iand")}, /* __shadd_i32 */
	{377, NULL, SHIFT64("i64shl")},                 /* __shl_apple_i64 */
	{378, NULL, SHIFT64V2("i64shl")},               /* __shl_apple_v2i64 */
	{379, NULL, SHIFT64("i64shl")},                 /* __shl_i64 */
	{380, NULL, SHIFT64V2("i64shl")},               /* __shl_v2i64 */
	{381, NULL, SHIFT64("u64shr")},                 /* __shr_apple_i64 */
	{382, NULL, SHIFT64V2("u64shr")},               /* __shr_apple_v2i64 */
	{383, NULL, SHIFT64("u64shr")},                 /* __shr_i64 */
	{384, NULL, SHIFT64V2("u64shr")},               /* __shr_v2i64 */
	/* 24-bit multiplies: the low 24 bits sign-extended (mad: plus c) */
	{385, NULL, SIGN},                              /* __sign_f32 */
	{387, NULL, SINH},                            /* __sinh_f32 */
	{388, NULL, SINPI},                           /* __sinpi_f32 */
	{389, NULL, SIN},                            /* __sin_f32 */
	{390, NULL, X1(SEXT24 "imad out0.x___, r0.x, r0.y, in2.x\n")},   /* __smad24_i32 */
	{392, NULL, X1("imul_high r0.x___, in0.x, in1.x\n" "iadd out0.x___, r0.x, in2.x\n")}, /* __smad_hi_i32 */
	{398, NULL, X1("imax out0.x___, in0.x, in1.x\n")},             /* __smax_i32 */
	{401, NULL, X1("imin out0.x___, in0.x, in1.x\n")},             /* __smin_i32 */
	{403, NULL, SMODN("16", "0xFFFF")},             /* __smod_i16 */
	{404, NULL, S32(SMOD32)},                       /* __smod_i32 */
	{405, NULL, DIV64("i64mod")},                   /* __smod_i64 */
	{406, NULL, SMODN("24", "0xFF")},               /* __smod_i8 */
	{407, NULL, SMOOTHSTEP},                       /* __smoothstep_f32 (e0, e1, x) */
	{408, NULL, X1(SEXT24 "imul out0.x___, r0.x, r0.y\n")},          /* __smul24_i32 */
	{410, NULL, X1("imul_high out0.x___, in0.x, in1.x\n")},        /* __smul_hi_i32 */
	/* __sqrt_f64: the correctly rounded root (what AMD's Newton steps give
	 * in a simulation of its text); a negative operand, -Inf and a NaN with
	 * the sign set give 0xFFF8000000000000, -0 gives -0 */
	{412, "x___", UN("sqrt_vec")},             /* __sqrt_f32 */
	{413, NULL, KEEP "dcl_literal l0, 0x80000000, 0x7FFFFFFF, 0, 0xFFF80000\n"
	            "dsqrt r0.xy__, in0.xy\n"
	            "iand r1.x___, in0.y, l0.x\n" "iand r1._y__, in0.y, l0.y\n" "ior r1._y__, r1.y, in0.x\n"
	            "ine r1.x___, r1.x, l0.z\n" "ine r1._y__, r1.y, l0.z\n" "iand r1.x___, r1.x, r1.y\n"
	            "cmov_logical out0.xy__, r1.xxxx, l0.zwzw, r0.xyxy\n"},
	{415, NULL, SHIFT64("i64shr")},                 /* __sra_apple_i64 */
	{416, NULL, SHIFT64V2("i64shr")},               /* __sra_apple_v2i64 */
	{417, NULL, SHIFT64("i64shr")},                 /* __sra_i64 */
	{418, NULL, SHIFT64V2("i64shr")},               /* __sra_v2i64 */
	{420, NULL, "dcl_literal l1, 1, 0, 0, 0\n" HADD("ishr", "ior")}, /* __srhadd_i32 */
	{423, NULL, ROTATE},                            /* __srotate_i32 */
	/* __ssub_sat_i32: overflow when a and b differ in sign and the
	 * difference's sign differs from a's */
	{426, NULL, X1("inegate r0.x___, in1.x\n" "iadd r0.x___, in0.x, r0.x\n"
	               "ixor r0._y__, in0.x, in1.x\n" "ixor r0.__z_, in0.x, r0.x\n"
	               "iand r0._y__, r0.y, r0.z\n" "ilt r0._y__, r0.y, l0.x\n"
	               "ishr r0.__z_, in0.x, l0.y\n" "ixor r0.__z_, r0.z, l0.z\n"
	               "cmov_logical out0.x___, r0.y, r0.z, r0.x\n")},
	{428, NULL, STEP},                             /* __step_f32 (edge, x): the database's never reads x */
	{453, NULL, TANH},                            /* __tanh_f32 */
	{454, NULL, TANPI},                           /* __tanpi_f32 */
	{455, NULL, TAN},                            /* __tan_f32 */
	{457, "x___", UN("round_z")},                   /* __trunc_f32 */
	{459, NULL, ABSDIFF("umax", "umin")},            /* __uabs_diff_u32 */
	{461, "x___ x___ x___", KEEP},                  /* __uabs_u16, _u32, _u8: the value */
	/* __uadd_sat_i32 (sic: unsigned): all ones when the sum wraps */
	{464, NULL, X1("iadd r0.x___, in0.x, in1.x\n" "ult r0._y__, r0.x, in0.x\n"
	               "ior out0.x___, r0.x, r0.y\n")},
	{467, NULL, TOPBIT("15")},                      /* __uall_u16 */
	{468, NULL, TOPBIT("31")},                      /* __uall_u32 */
	{469, NULL, TOPBIT("7")},                       /* __uall_u8 */
	{470, NULL, TOPBIT("15")},                      /* __uany_i16 */
	{471, NULL, TOPBIT("31")},                      /* __uany_i32 */
	{472, NULL, TOPBIT("7")},                       /* __uany_u8 */
	{474, NULL, CLZ},                               /* __uclz_u32 */
	{476, NULL, UDIVN("16", "0xFFFF")},             /* __udiv_i16 */
	{477, "x___", BIN("udiv")},                     /* __udiv_i32 */
	{478, NULL, DIV64("u64div")},                   /* __udiv_i64 */
	{479, NULL, UDIVN("24", "0xFF")},               /* __udiv_i8 */
	{481, NULL, "dcl_literal l1, 1, 0, 0, 0\n" HADD("ushr", "iand")}, /* __uhadd_u32 */
	{484, NULL, X1("dcl_literal l1, 0x00FFFFFF, 0, 0, 0\n" "iand r0.x___, in0.x, l1.x\n"
	               "iand r0._y__, in1.x, l1.x\n" "umad out0.x___, r0.x, r0.y, in2.x\n")}, /* __umad24_u32 */
	{486, NULL, X1("umul_high r0.x___, in0.x, in1.x\n" "iadd out0.x___, r0.x, in2.x\n")}, /* __umad_hi_u32 */
	{492, NULL, X1("umax out0.x___, in0.x, in1.x\n")},             /* __umax_u32 */
	{495, NULL, X1("umin out0.x___, in0.x, in1.x\n")},             /* __umin_u32 */
	{497, NULL, UMODN("16", "0xFFFF")},             /* __umod_i16 */
	/* __umod_i32 is a - udiv(a, b) * b, so x % 0 = x (not umod's 0xFFFFFFFF) */
	{498, NULL, KEEP "udiv r0.x___, in0.x, in1.x\n" "umul r0.x___, r0.x, in1.x\n"
	            "inegate r0.x___, r0.x\n" "iadd out0.x___, in0.x, r0.x\n"},
	{499, NULL, DIV64("u64mod")},                   /* __umod_i64 */
	{500, NULL, UMODN("24", "0xFF")},               /* __umod_i8 */
	{503, NULL, X1("umul_high out0.x___, in0.x, in1.x\n")},        /* __umul_hi_u32 */
	{506, NULL, "dcl_literal l1, 1, 0, 0, 0\n" HADD("ushr", "ior")}, /* __urhadd_u32 */
	{509, NULL, ROTATE},                            /* __urotate_u32 */
};

/* the approximate ones (transcendentals): OpenCL 1.2's bound in ulps
 * (section 7.4, table 7.1; NATIVE for native_ and half_), by id range */
static const struct { int lo, hi, ulps; } lib_approx[] = {
	{5, 6, 4}, {7, 7, 4}, {178, 179, 4}, {180, 180, 4}, {181, 181, 6}, {182, 182, 6},
	{183, 184, 5}, {185, 185, 5}, {186, 186, 2}, {191, 191, 4}, {388, 388, 4}, {454, 454, 6},
	{190, 190, 4}, {192, 192, 4}, {208, 208, 3}, {283, 283, 2}, {387, 387, 4}, {453, 453, 5},
	{204, 205, 16},
	{206, 206, 3},
	{207, 207, 3},
	{209, 209, 3},
	{235, 235, NATIVE},
	{236, 236, NATIVE},
	{237, 237, NATIVE},
	{238, 238, NATIVE},
	{239, 239, NATIVE},
	{240, 240, NATIVE},
	{241, 241, NATIVE},
	{242, 242, NATIVE},
	{243, 243, NATIVE},
	{244, 244, NATIVE},
	{245, 245, NATIVE},
	{246, 246, NATIVE},
	{247, 247, NATIVE},
	{248, 248, NATIVE},
	{282, 282, 3},
	{284, 284, 3},
	{286, 286, 3},
	{297, 297, NATIVE},
	{298, 300, NATIVE},
	{301, 303, NATIVE},
	{304, 306, NATIVE},
	{307, 309, NATIVE},
	{310, 312, NATIVE},
	{313, 315, NATIVE},
	{316, 318, NATIVE},
	{319, 321, NATIVE},
	{322, 324, NATIVE},
	{325, 327, NATIVE},
	{328, 330, NATIVE},
	{331, 333, NATIVE},
	{334, 336, NATIVE},
	{197, 198, 4}, {200, 202, 4}, {211, 212, 8192}, {214, 215, 8192}, {217, 219, 8192},
	{250, 250, 4}, {253, 254, 4}, {338, 340, 4},
	{341, 341, 16}, {407, 407, 4}, {342, 343, 16}, {349, 349, 16},
	{351, 351, 2},
	{389, 389, 4},
	{412, 412, 3},
	{455, 455, 5},
};

const char *il_libmacro_name(long long id)
{
	return id >= 0 && id < LIB_NIDS ? lib_names[id].name : NULL;
}

int il_libmacro_count(void)
{
	return (int)LIB_NIDS;
}

/* The body of library macro id with its member's mask put in, NULL when
 * the id is not built in. */
static char *lib_text(long long id, int *ulps)
{
	size_t i;
	for (i = 0; i < sizeof lib_bodies / sizeof lib_bodies[0]; i++) {
		const LibBody *b = &lib_bodies[i];
		const char *m = b->masks, *s;
		long long k;
		Buf out = {0};
		if (id < b->id)
			continue;
		for (k = b->id; m && k < id && *m; k++)
			m += strcspn(m, " ") + (m[strcspn(m, " ")] == ' ');
		if (m ? !*m : id != b->id)
			continue;
		buf_printf(&out, "mdef(%lld)_out(%d)_in(%d)\n", id, lib_names[id].nout, lib_names[id].nin);
		for (s = b->body; *s; s++)
			if (*s == '$' && m)
				buf_add(&out, m, strcspn(m, " "));
			else
				buf_add(&out, s, 1);
		buf_puts(&out, "mend\nil_cs_2_0\nendmain\nend\n");
		if (ulps)
			for (k = 0, *ulps = 0; k < (long long)(sizeof lib_approx / sizeof lib_approx[0]); k++)
				if (id >= lib_approx[k].lo && id <= lib_approx[k].hi)
					*ulps = lib_approx[k].ulps;
		return out.s;
	}
	return NULL;
}

int il_libmacro_builtin(long long id)
{
	char *t = id >= 0 && id < LIB_NIDS ? lib_text(id, NULL) : NULL;
	free(t);
	return t != NULL;
}

/* the "file" of library macro id's built-in text */
#define LIB_FILE "AMD library macro "

int il_libmacro_file(const char *file)
{
	return file && !strncmp(file, LIB_FILE, sizeof LIB_FILE - 1);
}

const Func *il_macro(Module *m, long long id)
{
	size_t i;
	char file[48], *text;
	int ulps = 0;
	Module *lib;
	for (i = 0; i < m->macros.n; i++)
		if (m->macros.v[i]->id == id)
			return m->macros.v[i];
	for (i = 0; i < m->funcs.n; i++)
		if (m->funcs.v[i]->is_macro && m->funcs.v[i]->id == id)
			return m->funcs.v[i];
	for (i = 0; i < m->library.n; i++)
		if (m->library.v[i]->macros.v[0]->id == id)
			return m->library.v[i]->macros.v[0];
	if (id < 0 || id >= LIB_NIDS || !(text = lib_text(id, &ulps)))
		return NULL;
	snprintf(file, sizeof file, LIB_FILE "%lld", id);
	/* the text stays for diagnostics that quote it */
	lib = il_parse(file, intern(text), strlen(text));
	free(text);
	if (!lib)
		die("AMD library macro %lld: the built-in text does not parse", id);
	vec_push(&m->library, lib);
	lib->macros.v[0]->approx = ulps;
	return lib->macros.v[0];
}
