/* zeinfo.c - the .ze_info YAML text of a zebin.
 *
 * Contract: zeinfo_yaml() returns a malloc'd, NUL-terminated YAML document
 * describing every kernel, in ZE Info version 1.15 (what NEO 22.43 decodes).
 * The text is block style only (NEO's reader rejects inline maps; the one
 * inline sequence, required_work_group_size, is accepted), uses two-space
 * indentation, and depends on nothing but its input: the same kernels always
 * give the same bytes.  Optional keys are written only when they differ from
 * the decoder's default, in a fixed order.  Kernel names must be C
 * identifiers (NEO's YAML reader mangles quoted scalars); zebin_write()
 * checks this before calling here, other callers die() on a bad name.
 */
#include <stdlib.h>
#include <string.h>

#include "gen.h"

const char *zearg_type_name(ZeArgType t)
{
	static const char *const names[] = {
		[ZA_LOCAL_SIZE] = "local_size",
		[ZA_GROUP_COUNT] = "group_count",
		[ZA_GLOBAL_ID_OFFSET] = "global_id_offset",
		[ZA_GLOBAL_SIZE] = "global_size",
		[ZA_ENQUEUED_LOCAL_SIZE] = "enqueued_local_size",
		[ZA_PRIVATE_BASE_STATELESS] = "private_base_stateless",
		[ZA_ARG_BYVALUE] = "arg_byvalue",
		[ZA_ARG_BYPOINTER] = "arg_bypointer",
		[ZA_BUFFER_ADDRESS] = "buffer_address",
		[ZA_BUFFER_OFFSET] = "buffer_offset",
		[ZA_PRINTF_BUFFER] = "printf_buffer",
		[ZA_WORK_DIMENSIONS] = "work_dimensions",
		[ZA_IMAGE_WIDTH] = "image_width",
		[ZA_IMAGE_HEIGHT] = "image_height",
		[ZA_IMAGE_DEPTH] = "image_depth",
		[ZA_IMAGE_CHANNEL_DATA_TYPE] = "image_channel_data_type",
		[ZA_IMAGE_CHANNEL_ORDER] = "image_channel_order",
		[ZA_IMAGE_ARRAY_SIZE] = "image_array_size",
		[ZA_SAMPLER_ADDRESS] = "sampler_address",
		[ZA_SAMPLER_NORMALIZED] = "sampler_normalized",
		[ZA_SAMPLER_SNAP_WA] = "sampler_snap_wa",
	};
	if ((unsigned)t >= NELEM(names) || !names[t])
		die("bad ZeArgType %d", (int)t);
	return names[t];
}

static const char *addrmode_name(ZeAddrMode m)
{
	static const char *const names[] = {
		[ZM_STATELESS] = "stateless", [ZM_STATEFUL] = "stateful",
		[ZM_BINDLESS] = "bindless", [ZM_SLM] = "slm",
	};
	if ((unsigned)m >= NELEM(names) || !names[m])
		die("bad ZeAddrMode %d", (int)m);
	return names[m];
}

static const char *addrspace_name(ZeAddrSpace s)
{
	static const char *const names[] = {
		[ZS_GLOBAL] = "global", [ZS_LOCAL] = "local",
		[ZS_CONSTANT] = "constant", [ZS_IMAGE] = "image",
		[ZS_SAMPLER] = "sampler",
	};
	if ((unsigned)s >= NELEM(names) || !names[s])
		die("bad ZeAddrSpace %d", (int)s);
	return names[s];
}

static const char *access_name(ZeAccess a)
{
	static const char *const names[] = {
		[ZC_READONLY] = "readonly", [ZC_WRITEONLY] = "writeonly",
		[ZC_READWRITE] = "readwrite",
	};
	if ((unsigned)a >= NELEM(names) || !names[a])
		die("bad ZeAccess %d", (int)a);
	return names[a];
}

const char *zeimage_type_name(ZeImageType t)
{
	static const char *const names[] = {
		[ZT_1D] = "image_1d", [ZT_1D_ARRAY] = "image_1d_array", [ZT_2D] = "image_2d",
		[ZT_2D_ARRAY] = "image_2d_array", [ZT_3D] = "image_3d", [ZT_BUFFER] = "image_buffer",
	};
	if ((unsigned)t >= NELEM(names) || !names[t])
		die("bad ZeImageType %d", (int)t);
	return names[t];
}

static int name_ok(const char *s)
{
	if (!(*s == '_' || (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z')))
		return 0;
	for (; *s; s++)
		if (!(*s == '_' || (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9')))
			return 0;
	return 1;
}

static void put_flag(Buf *b, const char *key, int on)
{
	if (on)
		buf_printf(b, "      %s: true\n", key);
}

static void put_count(Buf *b, const char *key, int v)
{
	if (v)
		buf_printf(b, "      %s: %d\n", key, v);
}

/* user_attributes: the kernel's OpenCL attributes as the source wrote them
 * (NEO reports them through clGetKernelInfo(CL_KERNEL_ATTRIBUTES)) */
static void put_user_attributes(Buf *b, const ZeKernel *k)
{
	const int *r = k->attr_reqd_wg, *h = k->attr_wg_hint;
	if (!r[0] && !h[0] && !k->attr_vec_type_hint)
		return;
	buf_puts(b, "    user_attributes:\n");
	if (r[0])
		buf_printf(b, "      reqd_work_group_size: [ %d, %d, %d ]\n", r[0], r[1], r[2]);
	if (k->attr_vec_type_hint && name_ok(k->attr_vec_type_hint))
		buf_printf(b, "      vec_type_hint: %s\n", k->attr_vec_type_hint);
	if (h[0])
		buf_printf(b, "      work_group_size_hint: [ %d, %d, %d ]\n", h[0], h[1], h[2]);
}

/* a YAML single-quoted scalar ('' for a quote) */
static void put_quoted(Buf *b, const char *s, int size)
{
	buf_puts(b, "'");
	for (; *s; s++)
		buf_printf(b, *s == '\'' ? "''" : "%c", *s);
	buf_printf(b, ";%d'", size);
}

/* kernels_misc_info: clGetKernelArgInfo's answers, as IGC writes them */
static void put_misc_info(Buf *b, ZeKernel *const *ks, size_t n)
{
	size_t i, j;
	int any = 0;
	for (i = 0; i < n; i++)
		any |= ks[i]->arg_info.n > 0;
	if (!any)
		return;
	buf_puts(b, "kernels_misc_info:\n");
	for (i = 0; i < n; i++) {
		if (!ks[i]->arg_info.n)
			continue;
		buf_printf(b, "  - name: %s\n", ks[i]->name);
		buf_puts(b, "    args_info:\n");
		for (j = 0; j < ks[i]->arg_info.n; j++) {
			const ZeArgInfo *a = &ks[i]->arg_info.v[j];
			buf_printf(b, "      - index: %d\n", a->index);
			buf_printf(b, "        name: %s\n", a->name);
			buf_printf(b, "        address_qualifier: %s\n", a->address_qualifier);
			buf_printf(b, "        access_qualifier: %s\n", a->access_qualifier);
			buf_puts(b, "        type_name: ");
			put_quoted(b, a->type_name, a->size);
			buf_puts(b, "\n");
			buf_printf(b, "        type_qualifiers: %s\n", a->type_qualifiers);
		}
	}
}

static void put_exec_env(Buf *b, const ZeKernel *k)
{
	const int *wg = k->required_wg;
	buf_puts(b, "    execution_env:\n");
	buf_printf(b, "      grf_count: %d\n", k->grf_count);
	buf_printf(b, "      simd_size: %d\n", k->simd);
	put_count(b, "barrier_count", k->barrier_count);
	put_count(b, "slm_size", k->slm_size);
	put_flag(b, "has_global_atomics", k->has_global_atomics);
	put_flag(b, "has_no_stateless_write", k->has_no_stateless_write);
	put_flag(b, "has_4gb_buffers", k->has_4gb_buffers);
	put_count(b, "inline_data_payload_size", k->inline_data_size);
	if (k->skip_per_thread > 0)
		put_count(b, "offset_to_skip_per_thread_data_load", k->skip_per_thread);
	if (wg[0] || wg[1] || wg[2])
		buf_printf(b, "      required_work_group_size: [ %d, %d, %d ]\n",
			   wg[0], wg[1], wg[2]);
	put_flag(b, "disable_mid_thread_preemption", 1);
	put_flag(b, "subgroup_independent_forward_progress", 1);
}

static void put_arg(Buf *b, const ZeArg *a)
{
	buf_printf(b, "      - arg_type: %s\n", zearg_type_name(a->type));
	buf_printf(b, "        offset: %d\n", a->offset);
	buf_printf(b, "        size: %d\n", a->size);
	if (a->arg_index >= 0)
		buf_printf(b, "        arg_index: %d\n", a->arg_index);
	if (a->addrmode != ZM_NONE)
		buf_printf(b, "        addrmode: %s\n", addrmode_name(a->addrmode));
	if (a->addrspace != ZS_NONE)
		buf_printf(b, "        addrspace: %s\n", addrspace_name(a->addrspace));
	if (a->access != ZC_NONE)
		buf_printf(b, "        access_type: %s\n", access_name(a->access));
	if (a->source_offset >= 0)
		buf_printf(b, "        source_offset: %d\n", a->source_offset);
	if (a->slm_alignment > 0)
		buf_printf(b, "        slm_alignment: %d\n", a->slm_alignment);
	if (a->addrspace == ZS_SAMPLER) {
		/* as IGC writes a sampler argument */
		buf_printf(b, "        sampler_index: %d\n", a->sampler_index);
		buf_puts(b, "        sampler_type: texture\n");
	}
	if (a->image_type != ZT_NONE)
		buf_printf(b, "        image_type: %s\n", zeimage_type_name(a->image_type));
}

/* stateful arguments: which binding table entry NEO fills for which argument */
static void put_btis(Buf *b, const ZeKernel *k)
{
	size_t i;
	int any = 0;
	for (i = 0; i < k->args.n; i++) {
		const ZeArg *a = &k->args.v[i];
		if (!a->has_bti)
			continue;
		if (!any++)
			buf_puts(b, "    binding_table_indices:\n");
		buf_printf(b, "      - bti_value: %d\n", a->bti);
		buf_printf(b, "        arg_index: %d\n", a->arg_index);
	}
}

static void put_inline_samplers(Buf *b, const ZeKernel *k)
{
	int i;
	if (k->n_inline_samplers > 0)
		buf_puts(b, "    inline_samplers:\n");
	for (i = 0; i < k->n_inline_samplers; i++) {
		const ZeInlineSampler *s = &k->inline_samplers[i];
		buf_printf(b, "      - sampler_index: %d\n", s->index);
		buf_printf(b, "        addrmode: %s\n", s->addrmode);
		buf_printf(b, "        filtermode: %s\n", s->filtermode);
		if (s->normalized)
			buf_puts(b, "        normalized: true\n");
	}
}

static void put_kernel(Buf *b, const ZeKernel *k)
{
	size_t i;
	if (!name_ok(k->name))
		die("kernel name '%s' is not an identifier", k->name);
	buf_printf(b, "  - name: %s\n", k->name);
	put_user_attributes(b, k);
	put_exec_env(b, k);
	if (k->args.n) {
		buf_puts(b, "    payload_arguments:\n");
		for (i = 0; i < k->args.n; i++)
			put_arg(b, &k->args.v[i]);
	}
	if (k->local_id_size > 0) {
		buf_puts(b, "    per_thread_payload_arguments:\n");
		buf_puts(b, "      - arg_type: local_id\n");
		buf_puts(b, "        offset: 0\n");
		buf_printf(b, "        size: %d\n", k->local_id_size);
	}
	put_btis(b, k);
	put_inline_samplers(b, k);
	if (k->scratch_size > 0) {
		buf_puts(b, "    per_thread_memory_buffers:\n");
		buf_puts(b, "      - type: scratch\n");
		buf_puts(b, "        usage: single_space\n");
		buf_printf(b, "        size: %d\n", k->scratch_size);
	}
}

char *zeinfo_yaml(ZeKernel *const *ks, size_t n)
{
	Buf b = {0};
	size_t i;
	buf_puts(&b, "---\n");
	buf_puts(&b, "version: '1.15'\n");
	buf_puts(&b, "kernels:\n");
	for (i = 0; i < n; i++)
		put_kernel(&b, ks[i]);
	put_misc_info(&b, ks, n);
	buf_puts(&b, "...\n");
	return b.s;
}
