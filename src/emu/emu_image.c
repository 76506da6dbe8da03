/* emu_image.c - image memory and OpenCL's sampling rules for both emulated
 * GPUs (OpenCL 1.2 section 8, "Image addressing and filtering").
 *
 * AMD's texture unit and Intel's sampler both implement these rules for
 * OpenCL (the conformance tests check them), so they live here once; what
 * differs between the runtimes - which image and sampler state an
 * instruction names, whether its coordinates are normalized (AMD: the
 * instruction's coordtype; Intel: the sampler state), the info block and
 * payload - stays in amd_image.c and visa_exec.c / ze.c.
 *
 *   texels     (x, y, z) at x * texel + y * row_pitch + z * slice_pitch; the
 *              layer of a 1-D array is y, of a 2-D array z
 *   reads      CL_UNORM_INT8 c -> c / 255.0f, CL_FLOAT as stored, integer
 *              formats sign/zero-extended; missing channels 0, alpha 1
 *   nearest    clamp-to-edge, clamp (border colour: 0 0 0 0 with alpha in
 *              the order, else 0 0 0 1), repeat and mirrored repeat
 *              (normalized coordinates only), none (inside the image only)
 *   linear     the spec's weights in float, corners summed in a fixed order
 *              (hardware uses fewer weight bits: an emulation choice made
 *              identically for both sides, float formats only)
 *   layers     clamp(rint(coordinate), 0, layers - 1)
 *   load/store integer coordinates; outside the image a read gives 0 in
 *              every channel and a write is dropped (D3D10 robustness,
 *              which both GPUs implement); writes convert as write_image*
 *              does: unorm8 = sat(rte(f * 255)), integers saturate
 */
#include <math.h>
#include <string.h>

#include "emu.h"

int emu_image_channels(uint32_t order)
{
	return order == EMU_CL_R ? 1 : order == EMU_CL_RG ? 2 : order == EMU_CL_RGBA ? 4 : 0;
}

static int chan_bytes(uint32_t t)
{
	switch (t) {
	case EMU_CL_UNORM_INT8: case EMU_CL_SIGNED_INT8: case EMU_CL_UNSIGNED_INT8: return 1;
	case EMU_CL_SIGNED_INT16: case EMU_CL_UNSIGNED_INT16: return 2;
	case EMU_CL_SIGNED_INT32: case EMU_CL_UNSIGNED_INT32: case EMU_CL_FLOAT: return 4;
	default: return 0;
	}
}

int emu_image_texel_bytes(uint32_t order, uint32_t data_type)
{
	return emu_image_channels(order) * chan_bytes(data_type);
}

int emu_image_is_int(const EmuImage *d)
{
	return d->data_type != EMU_CL_UNORM_INT8 && d->data_type != EMU_CL_FLOAT;
}

int emu_image_coords(EmuImageType t)
{
	return t == EI_1D || t == EI_1D_BUFFER ? 1 : t == EI_1D_ARRAY || t == EI_2D ? 2 : 3;
}

/* axes that are filtered (the rest is a layer) and the layer count */
static int axes(const EmuImage *d)
{
	return d->type == EI_2D || d->type == EI_2D_ARRAY ? 2 : d->type == EI_3D ? 3 : 1;
}

int emu_image_axes(const EmuImage *d)
{
	return axes(d);
}

static int layered(const EmuImage *d)
{
	return d->type == EI_1D_ARRAY || d->type == EI_2D_ARRAY;
}

static uint32_t axis_size(const EmuImage *d, int a)
{
	return a == 0 ? d->width : a == 1 ? d->height : d->depth;
}

const char *emu_image_check(const EmuImage *d, size_t size)
{
	uint64_t rows = d->type == EI_2D || d->type == EI_2D_ARRAY || d->type == EI_3D ? d->height : 1;
	uint64_t slices = d->type == EI_3D ? d->depth : layered(d) ? d->array_size : 1;
	if ((unsigned)d->type > EI_3D)
		return "unknown image type";
	if (!emu_image_texel_bytes(d->order, d->data_type))
		return "channel order or data type not emulated (CL_R, CL_RG, CL_RGBA of CL_UNORM_INT8, "
		       "CL_FLOAT, CL_[UN]SIGNED_INT8/16/32)";
	if ((uint32_t)emu_image_texel_bytes(d->order, d->data_type) != d->texel)
		return "texel bytes do not match the format";
	if (!d->width || !rows || !slices || d->height != rows ||
	    (d->type != EI_3D && d->depth != 1) || (layered(d) != (d->array_size != 0)))
		return "width, height, depth and array size do not fit the image type";
	if (d->row_pitch < (uint64_t)d->width * d->texel || d->slice_pitch < d->row_pitch * rows)
		return "row or slice pitch too small";
	if ((uint64_t)d->slice_pitch * slices > size)
		return "fewer bytes than the pitches need";
	return NULL;
}

/* ---- texels ----------------------------------------------------------------- */

static uint32_t fbits(float f)
{
	uint32_t u;
	memcpy(&u, &f, 4);
	return u;
}

static float bitsf(uint32_t u)
{
	float f;
	memcpy(&f, &u, 4);
	return f;
}

static size_t texel_off(const EmuImage *d, const int32_t t[3])
{
	return (size_t)t[0] * d->texel + (size_t)t[1] * d->row_pitch + (size_t)t[2] * d->slice_pitch;
}

static const uint8_t *texel_at(const EmuImage *d, const uint8_t *b, const int32_t t[3])
{
	return b + texel_off(d, t);
}

static uint32_t one(const EmuImage *d)
{
	return emu_image_is_int(d) ? 1u : 0x3f800000u;
}

/* the texel at memory coordinates t (inside the image) as four result dwords */
static void read_texel(const EmuImage *d, const uint8_t *b, const int32_t t[3], uint32_t out[4])
{
	const uint8_t *p = texel_at(d, b, t);
	int n = emu_image_channels(d->order), cb = chan_bytes(d->data_type), c;
	for (c = 0; c < 4; c++) {
		uint32_t v = 0;
		if (c >= n) {
			out[c] = c == 3 ? one(d) : 0;
			continue;
		}
		memcpy(&v, p + c * cb, (size_t)cb);
		switch (d->data_type) {
		case EMU_CL_UNORM_INT8: v = fbits((float)v / 255.0f); break;
		case EMU_CL_SIGNED_INT8: v = (uint32_t)(int32_t)(int8_t)v; break;
		case EMU_CL_SIGNED_INT16: v = (uint32_t)(int32_t)(int16_t)v; break;
		default: break;
		}
		out[c] = v;
	}
}

static void border(const EmuImage *d, uint32_t out[4])
{
	out[0] = out[1] = out[2] = 0;
	out[3] = d->order == EMU_CL_RGBA ? 0 : one(d);
}

/* ---- addressing ------------------------------------------------------------- */

/* floor() as an int, kept far from overflow (NaN and infinities included) */
static int32_t ifloor(float x)
{
	float f = floorf(x);
	if (!(f >= -1e9f))
		return -1000000000;
	return f > 1e9f ? 1000000000 : (int32_t)f;
}

/* OpenCL's mirrored coordinate: |s - 2 rint(s / 2)| */
static float mirror(float s)
{
	return fabsf(s - 2.0f * rintf(0.5f * s));
}

/* nearest: the texel index of coordinate s on an axis of n texels, -1 for
 * the border; -2 when the result is undefined */
static int32_t nearest(const EmuSampler *s, float x, uint32_t n)
{
	int32_t i;
	switch (s->addressing) {
	case EMU_CL_ADDRESS_REPEAT:
		i = ifloor((x - floorf(x)) * (float)n);
		return i > (int32_t)n - 1 ? i - (int32_t)n : i;
	case EMU_CL_ADDRESS_MIRRORED_REPEAT:
		i = ifloor(mirror(x) * (float)n);
		return i > (int32_t)n - 1 ? (int32_t)n - 1 : i;
	default:
		i = ifloor(s->normalized ? x * (float)n : x);
		if (s->addressing == EMU_CL_ADDRESS_CLAMP_TO_EDGE)
			return i < 0 ? 0 : i > (int32_t)n - 1 ? (int32_t)n - 1 : i;
		if (i >= 0 && i < (int32_t)n)
			return i;
		return s->addressing == EMU_CL_ADDRESS_CLAMP ? -1 : -2;
	}
}

/* linear: the two texel indices (-1 border, -2 undefined) and the weight of
 * the second */
static void linear(const EmuSampler *s, float x, uint32_t n, int32_t i[2], float *a)
{
	float u;
	int k, N = (int32_t)n;
	if (s->addressing == EMU_CL_ADDRESS_REPEAT)
		u = (x - floorf(x)) * (float)n;
	else if (s->addressing == EMU_CL_ADDRESS_MIRRORED_REPEAT)
		u = mirror(x) * (float)n;
	else
		u = s->normalized ? x * (float)n : x;
	i[0] = ifloor(u - 0.5f);
	i[1] = i[0] + 1;
	*a = (u - 0.5f) - floorf(u - 0.5f);
	for (k = 0; k < 2; k++) {
		switch (s->addressing) {
		case EMU_CL_ADDRESS_REPEAT:
			i[k] = i[k] < 0 ? i[k] + N : i[k] > N - 1 ? i[k] - N : i[k];
			break;
		case EMU_CL_ADDRESS_MIRRORED_REPEAT:
		case EMU_CL_ADDRESS_CLAMP_TO_EDGE:
			i[k] = i[k] < 0 ? 0 : i[k] > N - 1 ? N - 1 : i[k];
			break;
		default:
			if (i[k] < 0 || i[k] >= N)
				i[k] = s->addressing == EMU_CL_ADDRESS_CLAMP ? -1 : -2;
		}
	}
}

static int32_t layer_of(const EmuImage *d, float c)
{
	float r = rintf(c);
	int32_t n = (int32_t)d->array_size;
	return r < 0.0f ? 0 : r > (float)(n - 1) ? n - 1 : (int32_t)r;
}

/* texel or border at axis indices ix (and layer); -1 when undefined */
static int fetch(const EmuImage *d, const uint8_t *b, const int32_t ix[3], int32_t layer, uint32_t out[4])
{
	int32_t t[3] = {ix[0], 0, 0};
	int a, na = axes(d);
	for (a = 0; a < na; a++) {
		if (ix[a] == -2)
			return -1;
		if (ix[a] < 0) {
			border(d, out);
			return 0;
		}
		t[a] = ix[a];
	}
	if (layered(d))
		t[na] = layer;
	read_texel(d, b, t, out);
	return 0;
}

static int sample_why(char **why, const char *msg)
{
	*why = xstrdup(msg);
	return -1;
}

int emu_image_sample(const EmuImage *d, const uint8_t *b, const EmuSampler *s, const float *c,
                     uint32_t out[4], char **why)
{
	int na = axes(d), a, k, ch;
	int32_t layer = layered(d) ? layer_of(d, c[na]) : 0, ix[3] = {0, 0, 0}, lin[3][2];
	float w[3] = {0, 0, 0}, acc[4] = {0, 0, 0, 0};
	if (d->type == EI_1D_BUFFER)
		return sample_why(why, "a 1-D buffer image cannot be sampled");
	if (!s->normalized && (s->addressing == EMU_CL_ADDRESS_REPEAT ||
	                       s->addressing == EMU_CL_ADDRESS_MIRRORED_REPEAT))
		return sample_why(why, "repeat and mirrored repeat need normalized coordinates (OpenCL: "
		                  "undefined otherwise)");
	for (a = 0; a < na + layered(d); a++)
		if (isnan(c[a]))
			return sample_why(why, "a coordinate is NaN (undefined)");
	if (s->filter == EMU_CL_FILTER_NEAREST) {
		for (a = 0; a < na; a++)
			ix[a] = nearest(s, c[a], axis_size(d, a));
		if (fetch(d, b, ix, layer, out))
			return sample_why(why, "CL_ADDRESS_NONE with a coordinate outside the image (undefined)");
		return 0;
	}
	if (s->filter != EMU_CL_FILTER_LINEAR)
		return sample_why(why, "the sampler names no filter mode");
	if (emu_image_is_int(d))
		return sample_why(why, "linear filtering of an integer image (undefined)");
	for (a = 0; a < na; a++)
		linear(s, c[a], axis_size(d, a), lin[a], &w[a]);
	for (k = 0; k < 1 << na; k++) {
		uint32_t t[4];
		float wt = 1.0f;
		for (a = 0; a < na; a++) {
			ix[a] = lin[a][k >> a & 1];
			wt *= k >> a & 1 ? w[a] : 1.0f - w[a];
		}
		if (fetch(d, b, ix, layer, t))
			return sample_why(why, "CL_ADDRESS_NONE with a coordinate outside the image (undefined)");
		for (ch = 0; ch < 4; ch++)
			acc[ch] += wt * bitsf(t[ch]);
	}
	for (ch = 0; ch < 4; ch++)
		out[ch] = fbits(acc[ch]);
	return 0;
}

/* memory coordinates of integer message coordinates; 0 when outside */
static int inside(const EmuImage *d, const int32_t *c, int32_t t[3])
{
	int na = axes(d), a;
	t[0] = t[1] = t[2] = 0;
	for (a = 0; a < na; a++) {
		if (c[a] < 0 || (uint32_t)c[a] >= axis_size(d, a))
			return 0;
		t[a] = c[a];
	}
	if (layered(d)) {
		if (c[na] < 0 || (uint32_t)c[na] >= d->array_size)
			return 0;
		t[na] = c[na];
	}
	return 1;
}

void emu_image_load(const EmuImage *d, const uint8_t *b, const int32_t *c, uint32_t out[4])
{
	int32_t t[3];
	if (inside(d, c, t))
		read_texel(d, b, t, out);
	else
		out[0] = out[1] = out[2] = out[3] = 0;
}

static int64_t clampi(int64_t v, int64_t lo, int64_t hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* one channel of a write, in the format */
static uint32_t convert(uint32_t t, uint32_t v)
{
	float f = bitsf(v);
	switch (t) {
	case EMU_CL_UNORM_INT8:
		return isnan(f) ? 0 : (uint32_t)clampi((int64_t)rintf(fminf(fmaxf(f * 255.0f, 0.0f), 255.0f)), 0, 255);
	case EMU_CL_SIGNED_INT8: return (uint32_t)clampi((int32_t)v, -128, 127);
	case EMU_CL_SIGNED_INT16: return (uint32_t)clampi((int32_t)v, -32768, 32767);
	case EMU_CL_UNSIGNED_INT8: return v > 255 ? 255 : v;
	case EMU_CL_UNSIGNED_INT16: return v > 65535 ? 65535 : v;
	default: return v;
	}
}

long emu_image_encode(const EmuImage *d, const int32_t *c, const uint32_t v[4], uint8_t *texel)
{
	int32_t t[3];
	int n = emu_image_channels(d->order), cb = chan_bytes(d->data_type), ch;
	if (!inside(d, c, t))
		return -1;
	for (ch = 0; ch < n; ch++) {
		uint32_t x = convert(d->data_type, v[ch]);
		memcpy(texel + ch * cb, &x, (size_t)cb); /* little-endian host: the low bytes */
	}
	return (long)texel_off(d, t);
}

long emu_image_store(const EmuImage *d, uint8_t *b, const int32_t *c, const uint32_t v[4])
{
	uint8_t texel[16];
	long off = emu_image_encode(d, c, v, texel);
	if (off >= 0)
		memcpy(b + off, texel, d->texel);
	return off;
}
