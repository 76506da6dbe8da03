/* imgcases.c - launches of the image test kernels (tests/kernels/image_*.il)
 * with their expected results computed here, shared by the emu_amd suite
 * (AMD's runtime on the IL) and the emu_ze suite (NEO on our translation).
 *
 *   IC_RW_2D        image_rw_2d: 4x4 CL_UNORM_INT8 source read through a
 *                   sampler argument (nearest, clamp-to-edge), unnormalized;
 *   IC_RW_2D_NORM   the same with a normalized sampler (the kernel's other
 *                   branch: the first read lands on texel min(4p + 2, 3));
 *                   both write a + b into a 4x4 CL_FLOAT image and the
 *                   queries into info[0..3]
 *   IC_INT          image_int: CL_SIGNED_INT32 + (int) CL_FLOAT (linear, at
 *                   texel centres) into CL_SIGNED_INT16 (saturating)
 *   IC_KINDS        image_kinds: CL_FLOAT images of every dimension, layers
 *                   and slices read and written, the info-block queries
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu/emu.h"
#include "testutil.h"

static void arg_push(EmuLaunch *l, EmuArg *a)
{
	vec_push(&l->args, *a);
}

static void add_image(EmuLaunch *l, EmuImageType t, uint32_t w, uint32_t h, uint32_t d, uint32_t layers,
                      uint32_t type)
{
	EmuArg a;
	EmuImage *m = &a.image;
	uint32_t slices;
	memset(&a, 0, sizeof a);
	a.kind = EA_IMAGE;
	m->type = t;
	m->width = w, m->height = h, m->depth = d, m->array_size = layers;
	m->order = EMU_CL_RGBA;
	m->data_type = type;
	m->texel = (uint32_t)emu_image_texel_bytes(m->order, type);
	m->row_pitch = w * m->texel;
	m->slice_pitch = m->row_pitch * h;
	slices = t == EI_3D ? d : layers ? layers : 1;
	a.size = (size_t)m->slice_pitch * slices;
	a.bytes = xcalloc(a.size, 1);
	arg_push(l, &a);
}

static void add_sampler(EmuLaunch *l, int norm, uint32_t addr, uint32_t filter)
{
	EmuArg a;
	memset(&a, 0, sizeof a);
	a.kind = EA_SAMPLER;
	a.sampler.normalized = norm;
	a.sampler.addressing = addr;
	a.sampler.filter = filter;
	arg_push(l, &a);
}

static void add_buffer(EmuLaunch *l, size_t n)
{
	EmuArg a;
	memset(&a, 0, sizeof a);
	a.kind = EA_BUFFER;
	a.size = n;
	a.bytes = xmalloc(n);
	memset(a.bytes, 0x5a, n);
	arg_push(l, &a);
}

static void range(EmuLaunch *l, int dim, uint32_t gx, uint32_t gy)
{
	int d;
	memset(l, 0, sizeof *l);
	l->range.dim = dim;
	for (d = 0; d < 3; d++)
		l->range.global[d] = l->range.local[d] = 1;
	l->range.global[0] = l->range.local[0] = gx;
	l->range.global[1] = l->range.local[1] = gy;
	l->printf_slot = 1024;
}

/* texel (x, y, z) channel c of argument i, as 4-byte or smaller elements */
static uint8_t *tex(const EmuLaunch *l, size_t i, uint8_t *b, uint32_t x, uint32_t y, uint32_t z)
{
	const EmuImage *m = &l->args.v[i].image;
	return b + x * m->texel + y * m->row_pitch + z * m->slice_pitch;
}

static float kinds_val(size_t img, uint32_t x, uint32_t y, uint32_t z, int c)
{
	return (float)(img * 1000 + z * 100 + y * 10 + x) + 0.25f * (float)c;
}

static void fill_float(EmuLaunch *l, size_t i)
{
	const EmuImage *m = &l->args.v[i].image;
	uint32_t x, y, z, slices = m->type == EI_3D ? m->depth : m->array_size ? m->array_size : 1;
	uint32_t rows = m->type == EI_1D_ARRAY ? 1 : m->height;
	int c;
	for (z = 0; z < slices; z++)
		for (y = 0; y < rows; y++)
			for (x = 0; x < m->width; x++)
				for (c = 0; c < 4; c++) {
					float f = kinds_val(i, x, y, z, c);
					memcpy(tex(l, i, l->args.v[i].bytes, x, y, z) + 4 * c, &f, 4);
				}
}

const char *img_case_file(int which)
{
	return which == IC_INT ? "image_int" : which == IC_KINDS ? "image_kinds" : "image_rw_2d";
}

void img_case(int which, EmuLaunch *l)
{
	uint32_t x, y;
	int c;
	if (which == IC_RW_2D || which == IC_RW_2D_NORM) {
		range(l, 2, 4, 4);
		add_image(l, EI_2D, 4, 4, 1, 0, EMU_CL_UNORM_INT8);
		add_sampler(l, which == IC_RW_2D_NORM, EMU_CL_ADDRESS_CLAMP_TO_EDGE, EMU_CL_FILTER_NEAREST);
		add_image(l, EI_2D, 4, 4, 1, 0, EMU_CL_FLOAT);
		add_buffer(l, 64);
		for (y = 0; y < 4; y++)
			for (x = 0; x < 4; x++)
				for (c = 0; c < 4; c++)
					tex(l, 0, l->args.v[0].bytes, x, y, 0)[c] = (uint8_t)(10 * x + 40 * y + c);
	} else if (which == IC_INT) {
		range(l, 2, 4, 4);
		add_image(l, EI_2D, 4, 4, 1, 0, EMU_CL_SIGNED_INT32);
		add_image(l, EI_2D, 4, 4, 1, 0, EMU_CL_FLOAT);
		add_image(l, EI_2D, 4, 4, 1, 0, EMU_CL_SIGNED_INT16);
		add_buffer(l, 64);
		for (y = 0; y < 4; y++)
			for (x = 0; x < 4; x++)
				for (c = 0; c < 4; c++) {
					int32_t s = 1000 * (int32_t)x - 3000 * (int32_t)y + 7 * c + (x == 3 && y == 0 ? 40000 : 0);
					float f = (float)x * 1.5f - (float)y - 0.25f * (float)c;
					memcpy(tex(l, 0, l->args.v[0].bytes, x, y, 0) + 4 * c, &s, 4);
					memcpy(tex(l, 1, l->args.v[1].bytes, x, y, 0) + 4 * c, &f, 4);
				}
	} else {
		size_t i;
		range(l, 1, 8, 1);
		add_image(l, EI_1D, 8, 1, 1, 0, EMU_CL_FLOAT);
		add_image(l, EI_1D_ARRAY, 8, 1, 1, 4, EMU_CL_FLOAT);
		add_image(l, EI_2D_ARRAY, 8, 2, 1, 3, EMU_CL_FLOAT);
		add_image(l, EI_3D, 8, 2, 3, 0, EMU_CL_FLOAT);
		add_image(l, EI_1D_BUFFER, 8, 1, 1, 0, EMU_CL_FLOAT);
		add_image(l, EI_1D_ARRAY, 8, 1, 1, 4, EMU_CL_FLOAT);
		add_image(l, EI_2D_ARRAY, 8, 4, 1, 5, EMU_CL_FLOAT);
		add_image(l, EI_3D, 8, 4, 5, 0, EMU_CL_FLOAT);
		add_image(l, EI_1D_BUFFER, 8, 1, 1, 0, EMU_CL_FLOAT);
		add_buffer(l, 64);
		for (i = 0; i < 9; i++)
			fill_float(l, i);
	}
}

static int32_t rd32(const uint8_t *p)
{
	int32_t v;
	memcpy(&v, p, 4);
	return v;
}

static int bad(int *n, const char *what, long long got, long long want)
{
	if (*n < 5)
		printf("\n  %s: got %lld, expected %lld", what, got, want);
	++*n;
	return 0;
}

static void check_rw_2d(int norm, const EmuLaunch *l, const EmuResult *r, int *n)
{
	const uint8_t *dst = (const uint8_t *)r->buffers.v[2].s, *src = l->args.v[0].bytes;
	const uint8_t *info = (const uint8_t *)r->buffers.v[3].s;
	static const int32_t want[4] = {4, 4, EMU_CL_UNORM_INT8, EMU_CL_RGBA};
	uint32_t x, y;
	int c;
	for (y = 0; y < 4; y++)
		for (x = 0; x < 4; x++)
			for (c = 0; c < 4; c++) {
				uint32_t ax = norm ? (4 * x + 2 > 3 ? 3 : 4 * x + 2) : x, ay = norm ? (4 * y + 2 > 3 ? 3 : 4 * y + 2) : y;
				float a = (float)tex(l, 0, (uint8_t *)src, ax, ay, 0)[c] / 255.0f;
				float b = (float)tex(l, 0, (uint8_t *)src, x, y, 0)[c] / 255.0f, got;
				memcpy(&got, tex(l, 2, (uint8_t *)dst, x, y, 0) + 4 * c, 4);
				if (got != a + b)
					bad(n, "dst texel", (long long)(got * 1e6), (long long)((a + b) * 1e6));
			}
	for (c = 0; c < 4; c++)
		if (rd32(info + 4 * c) != want[c])
			bad(n, "info", rd32(info + 4 * c), want[c]);
}

static void check_int(const EmuLaunch *l, const EmuResult *r, int *n)
{
	const uint8_t *dst = (const uint8_t *)r->buffers.v[2].s, *dims = (const uint8_t *)r->buffers.v[3].s;
	uint32_t x, y;
	int c;
	for (y = 0; y < 4; y++)
		for (x = 0; x < 4; x++)
			for (c = 0; c < 4; c++) {
				float f;
				int64_t s = rd32(tex(l, 0, l->args.v[0].bytes, x, y, 0) + 4 * c), w;
				int16_t got;
				memcpy(&f, tex(l, 1, l->args.v[1].bytes, x, y, 0) + 4 * c, 4);
				w = s + (int32_t)f;
				w = w > 32767 ? 32767 : w < -32768 ? -32768 : w;
				memcpy(&got, tex(l, 2, (uint8_t *)dst, x, y, 0) + 2 * c, 2);
				if (got != w)
					bad(n, "dst texel", got, w);
			}
	for (x = 0; x < 4; x++)
		if (rd32(dims + 8 * x) != 4 || rd32(dims + 8 * x + 4) != 4)
			bad(n, "dims", rd32(dims + 8 * x), 4);
}

static void check_kinds(const EmuLaunch *l, const EmuResult *r, int *n)
{
	static const struct { size_t img; uint32_t y, z; } out[] = {{5, 3, 0}, {6, 3, 4}, {7, 3, 4}, {8, 0, 0}};
	const uint8_t *o = (const uint8_t *)r->buffers.v[9].s;
	uint32_t x;
	size_t k;
	int c;
	for (x = 0; x < 8; x++) {
		for (c = 0; c < 4; c++) {
			float v = kinds_val(0, x, 0, 0, c) + kinds_val(1, x, 0, 1, c);
			v = v + kinds_val(2, x, 1, 2, c);
			v = v + kinds_val(3, x, 1, 2, c);
			v = v + kinds_val(4, x, 0, 0, c);
			for (k = 0; k < NELEM(out); k++) {
				float got;
				memcpy(&got, tex(l, out[k].img, (uint8_t *)r->buffers.v[out[k].img].s, x, out[k].y, out[k].z) +
				       4 * c, 4);
				if (got != v)
					bad(n, "written texel", (long long)got, (long long)v);
			}
		}
		if (rd32(o + 4 * x) != 3 + 3 + 4 + EMU_CL_FLOAT + EMU_CL_RGBA)
			bad(n, "o[x]", rd32(o + 4 * x), 3 + 3 + 4 + EMU_CL_FLOAT + EMU_CL_RGBA);
	}
	/* a texel nobody writes keeps its value */
	if (memcmp(tex(l, 6, (uint8_t *)r->buffers.v[6].s, 0, 0, 0), tex(l, 6, l->args.v[6].bytes, 0, 0, 0), 16))
		bad(n, "unwritten texel changed", 1, 0);
}

int img_check(int which, const EmuLaunch *l, const EmuResult *r)
{
	int n = 0;
	if (!r->ok || r->buffers.n != l->args.n) {
		printf("\n  %s: %s", img_case_file(which), r->error ? r->error : "no result");
		return 1;
	}
	if (which == IC_RW_2D || which == IC_RW_2D_NORM)
		check_rw_2d(which == IC_RW_2D_NORM, l, r, &n);
	else if (which == IC_INT)
		check_int(l, r, &n);
	else
		check_kinds(l, r, &n);
	return n;
}
