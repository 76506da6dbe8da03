/* abimap.c - the ABI map (--emit abi): for one kernel, where each AMD value
 * (cb1 argument bytes, cb0 component) lives on the Level Zero side (payload
 * argument, thread-payload byte, vISA input), as XML (data/abimap.xsd) and as
 * a table for people.  A conformance harness needs nothing else to set up
 * both runtimes. */
#include <string.h>

#include "xmlrt.h"

#include "translate.h"

static const char *const addrmode_name[] = {"", "stateless", "stateful", "bindless", "slm"};
static const char *const addrspace_name[] = {"", "global", "local", "constant", "image", "sampler"};
static const char *const access_name[] = {"", "readonly", "writeonly", "readwrite"};
static const char *const arg_kind_name[] = {"value", "pointer", "image", "sampler", "counter", "semaphore"};

static void attr(xmlTextWriterPtr w, const char *name, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void attr(xmlTextWriterPtr w, const char *name, const char *fmt, ...)
{
	va_list ap;
	Buf b = {0};
	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	xmlTextWriterWriteAttribute(w, (const xmlChar *)name, (const xmlChar *)(b.s ? b.s : ""));
	buf_free(&b);
}

static void ze_piece(xmlTextWriterPtr w, const AbiPlan *p, const ZeArg *a, const char *input)
{
	xmlTextWriterStartElement(w, (const xmlChar *)"intel");
	attr(w, "arg_type", "%s", zearg_type_name(a->type));
	attr(w, "offset", "%d", a->offset);
	attr(w, "size", "%d", a->size);
	if (a->source_offset >= 0)
		attr(w, "source_offset", "%d", a->source_offset);
	if (a->addrmode)
		attr(w, "addrmode", "%s", addrmode_name[a->addrmode]);
	if (a->addrspace)
		attr(w, "addrspace", "%s", addrspace_name[a->addrspace]);
	if (a->access)
		attr(w, "access", "%s", access_name[a->access]);
	if (a->image_type)
		attr(w, "image_type", "%s", zeimage_type_name(a->image_type));
	if (a->addrspace == ZS_SAMPLER)
		attr(w, "sampler_index", "%d", a->sampler_index);
	if (a->has_bti)
		attr(w, "bti", "%d", a->bti);
	if (a->size > 0) { /* stateful image/sampler entries carry no payload bytes */
		attr(w, "payload_offset", "%d", p->cross_start + a->offset);
		if (input)
			attr(w, "input", "%s", input);
	}
	if (a->type >= ZA_IMAGE_WIDTH && p->cb1_cross >= 0)
		attr(w, "cb1_offset", "%d", a->offset - p->cb1_cross);
	xmlTextWriterEndElement(w);
}

/* AMD side of an image or sampler argument: its resource/UAV/sampler id */
static void amd_image(xmlTextWriterPtr w, const MdArg *a)
{
	if (a->kind == MA_IMAGE) {
		attr(w, "id", "%d", a->bufid);
		attr(w, "id_space", "%s", strcmp(a->access, "RO") ? "uav" : "resource");
		attr(w, "access", "%s", a->access);
		attr(w, "dimension", "%s", a->dim);
	} else if (a->kind == MA_SAMPLER) {
		attr(w, "id", "%d", a->bufid);
		attr(w, "id_space", "sampler");
	}
}

/* kernel-defined samplers: AMD's ;sampler:unknown_v:id:1:v -> inline_samplers */
static void inline_samplers_xml(xmlTextWriterPtr w, const ZeKernel *ze)
{
	int i;
	for (i = 0; i < ze->n_inline_samplers; i++) {
		const ZeInlineSampler *s = &ze->inline_samplers[i];
		xmlTextWriterStartElement(w, (const xmlChar *)"inline_sampler");
		attr(w, "id", "%d", s->index);
		attr(w, "amd_value", "0x%02x", s->amd_value);
		attr(w, "sampler_index", "%d", s->index);
		attr(w, "addrmode", "%s", s->addrmode);
		attr(w, "filtermode", "%s", s->filtermode);
		attr(w, "normalized", "%s", s->normalized ? "true" : "false");
		xmlTextWriterEndElement(w);
	}
}

static const char *const pf_token_name[] = {"", "byte", "short", "int", "float", "string", "long",
	"pointer", "double", "vector_byte", "vector_short", "vector_int", "vector_long", "vector_float",
	"vector_double"};

static const ZeArgInfo *arg_info_of(const ZeKernel *ze, int index)
{
	size_t i;
	for (i = 0; i < ze->arg_info.n; i++)
		if (ze->arg_info.v[i].index == index)
			return &ze->arg_info.v[i];
	return NULL;
}

static void size3(xmlTextWriterPtr w, const char *name, const int *v)
{
	if (v[0])
		attr(w, name, "%d %d %d", v[0], v[1], v[2]);
}

/* <kernel>: where the kernel comes from and what OpenCL said of it */
static void kernel_xml(xmlTextWriterPtr w, const AbiPlan *p, const ZeKernel *ze)
{
	xmlTextWriterStartElement(w, (const xmlChar *)"kernel");
	if (p->md) {
		attr(w, "source", "%s", p->md->loc.file ? p->md->loc.file : "");
		attr(w, "line", "%d", p->md->loc.line);
	}
	size3(w, "reqd_work_group_size", ze->attr_reqd_wg);
	size3(w, "work_group_size_hint", ze->attr_wg_hint);
	if (ze->attr_vec_type_hint)
		attr(w, "vec_type_hint", "%s", ze->attr_vec_type_hint);
	attr(w, "approx_math", "%s", p->approx ? "true" : "false");
	if (p->approx)
		attr(w, "approx_ops", "%s", p->approx);
	if (p->mem_pointers)
		attr(w, "pointers_from_memory", "true");
	xmlTextWriterEndElement(w);
}

/* <opencl>: an argument as clGetKernelArgInfo describes it, with the
 * element type and vector width of the value or pointee */
static void opencl_xml(xmlTextWriterPtr w, const ZeArgInfo *a)
{
	if (!a)
		return;
	xmlTextWriterStartElement(w, (const xmlChar *)"opencl");
	attr(w, "address_qualifier", "%s", a->address_qualifier);
	attr(w, "access_qualifier", "%s", a->access_qualifier);
	attr(w, "type_name", "%s", a->type_name);
	attr(w, "type_qualifiers", "%s", a->type_qualifiers);
	attr(w, "size", "%d", a->size);
	if (*a->elem_type) {
		attr(w, "element_type", "%s", a->elem_type);
		attr(w, "vector", "%d", a->vector);
	}
	attr(w, "type_from", "%s", a->type_source);
	xmlTextWriterEndElement(w);
}

/* <printf>: the program's formats (ids are program-wide; a kernel that
 * prints may use any), the AMD record and the Level Zero record NEO decodes */
static void printf_xml(xmlTextWriterPtr w, const AbiPlan *p)
{
	size_t i;
	int a;
	if (!p->printf_slot || !p->pf)
		return;
	for (i = 0; i < p->pf->f.n; i++) {
		const PfFormat *f = &p->pf->f.v[i];
		xmlTextWriterStartElement(w, (const xmlChar *)"printf");
		attr(w, "id", "%d", f->id);
		attr(w, "format", "%s", f->md && f->md->text ? f->md->text : "");
		attr(w, "string_offset", "%zu", f->str);
		attr(w, "record_bytes", "%d", f->record);
		for (a = 0; a < f->nargs; a++) {
			const PfArg *x = &f->args[a];
			xmlTextWriterStartElement(w, (const xmlChar *)"arg");
			attr(w, "index", "%d", a);
			attr(w, "amd_bytes", "%d", x->amd_bytes);
			attr(w, "token", "%s", x->tag > 0 && x->tag < (int)NELEM(pf_token_name) ?
			     pf_token_name[x->tag] : "none");
			if (x->count)
				attr(w, "elements", "%d", x->count);
			attr(w, "record_bytes", "%d", x->bytes);
			xmlTextWriterEndElement(w);
		}
		xmlTextWriterEndElement(w);
	}
}

char *abi_map_xml(const AbiPlan *p, const ZeKernel *ze, const char *device)
{
	xmlBufferPtr buf = xmlBufferCreate();
	xmlTextWriterPtr w = xmlNewTextWriterMemory(buf, 0);
	size_t i;
	int k;
	char *out;
	xmlTextWriterSetIndent(w, 1);
	xmlTextWriterSetIndentString(w, (const xmlChar *)"  ");
	xmlTextWriterStartDocument(w, NULL, "UTF-8", NULL);
	xmlTextWriterStartElement(w, (const xmlChar *)"abimap");
	attr(w, "kernel", "%s", p->kernel);
	attr(w, "device", "%s", device);
	attr(w, "simd", "%d", p->simd);
	kernel_xml(w, p, ze);
	xmlTextWriterStartElement(w, (const xmlChar *)"payload");
	attr(w, "grf_bytes", "%d", p->grf_bytes);
	attr(w, "local_id_bytes", "%d", p->local_id_size);
	attr(w, "cross_thread_start", "%d", p->cross_start);
	if (p->cb1_cross >= 0) {
		attr(w, "cb1_image_offset", "%d", p->cb1_cross);
		attr(w, "cb1_image_bytes", "%d", p->cb1_bytes);
	}
	xmlTextWriterEndElement(w);
	xmlTextWriterStartElement(w, (const xmlChar *)"execution");
	attr(w, "simd", "%d", ze->simd);
	attr(w, "grf_count", "%d", ze->grf_count);
	attr(w, "slm_size", "%d", ze->slm_size);
	attr(w, "barrier_count", "%d", ze->barrier_count);
	attr(w, "scratch_size", "%d", ze->scratch_size);
	attr(w, "private_bytes_per_work_item", "%d", p->private_bytes);
	if (ze->required_wg[0])
		attr(w, "required_work_group_size", "%d %d %d", ze->required_wg[0], ze->required_wg[1],
		     ze->required_wg[2]);
	if (p->data_bytes)
		attr(w, "data_symbol", "%s", ABI_DATA_SYMBOL);
	xmlTextWriterEndElement(w);
	for (i = 0; i < p->entries.n; i++) {
		const AbiEntry *e = &p->entries.v[i];
		if (e->kind == AK_ARG) {
			const MdArg *a = e->arg;
			xmlTextWriterStartElement(w, (const xmlChar *)"argument");
			attr(w, "index", "%d", a->index);
			attr(w, "name", "%s", a->name);
			attr(w, "kind", "%s", arg_kind_name[a->kind]);
			attr(w, "type", "%s", a->type ? a->type : "");
			if (a->kind == MA_VALUE)
				attr(w, "elements", "%d", a->nelem);
			xmlTextWriterStartElement(w, (const xmlChar *)"amd");
			attr(w, "cb", "%d", e->cb);
			attr(w, "offset", "%d", e->cb_offset);
			attr(w, "size", "%d", e->cb_size);
			if (a->kind == MA_POINTER) {
				attr(w, "memory", "%s", a->mem);
				attr(w, "id", "%d", e->amd_id);
				if (a->access)
					attr(w, "access", "%s", a->access);
			} else if (a->kind == MA_COUNTER) {
				attr(w, "memory", "counter");
				attr(w, "id", "%d", e->amd_id);
			}
			amd_image(w, a);
			xmlTextWriterEndElement(w);
			opencl_xml(w, arg_info_of(ze, a->index));
			for (k = 0; k < e->ze_count; k++)
				ze_piece(w, p, &ze->args.v[e->ze_first + k], e->input);
			if (e->provenance)
				xmlTextWriterWriteElement(w, (const xmlChar *)"provenance", (const xmlChar *)e->provenance);
			xmlTextWriterEndElement(w);
		} else {
			xmlTextWriterStartElement(w, (const xmlChar *)"cb0");
			attr(w, "slot", "%d", e->slot);
			attr(w, "component", "%c", "xyzw"[e->comp]);
			attr(w, "meaning", "%s", e->meaning ? e->meaning : "");
			if (e->data_symbol) {
				xmlTextWriterStartElement(w, (const xmlChar *)"data");
				attr(w, "symbol", "%s", e->data_symbol);
				attr(w, "section", ".data.const");
				attr(w, "offset", "0");
				attr(w, "relocation", "%s", e->element ? "R_ZE_SYM_ADDR_32_HI" : "R_ZE_SYM_ADDR_32");
				if (e->input)
					attr(w, "input", "%s", e->input);
				xmlTextWriterEndElement(w);
			} else if (e->source == CB0_CONSTANT) {
				xmlTextWriterStartElement(w, (const xmlChar *)"constant");
				attr(w, "value", "0x%08x", e->constant);
				xmlTextWriterEndElement(w);
			} else if (e->source == CB0_PRINTF) {
				const ZeArg *a = &ze->args.v[e->ze_first];
				xmlTextWriterStartElement(w, (const xmlChar *)"printf");
				attr(w, "il_value", "0");
				attr(w, "staging", "private");
				attr(w, "slot_dwords", "%d", p->printf_slot);
				attr(w, "arg_type", "%s", zearg_type_name(a->type));
				attr(w, "offset", "%d", a->offset);
				attr(w, "size", "%d", a->size);
				attr(w, "payload_offset", "%d", e->payload_offset);
				attr(w, "strings_section", ".data.const.string");
				attr(w, "strings_symbol", "%s", PF_STRINGS_SYMBOL);
				if (e->input)
					attr(w, "input", "%s", e->input);
				xmlTextWriterEndElement(w);
			} else if (e->ze_first >= 0) {
				const ZeArg *a = &ze->args.v[e->ze_first];
				xmlTextWriterStartElement(w, (const xmlChar *)"intel");
				attr(w, "arg_type", "%s", zearg_type_name(a->type));
				attr(w, "element", "%d", e->element);
				attr(w, "offset", "%d", a->offset + 4 * e->element);
				attr(w, "size", "4");
				attr(w, "payload_offset", "%d", e->payload_offset);
				if (e->input)
					attr(w, "input", "%s", e->input);
				xmlTextWriterEndElement(w);
			}
			xmlTextWriterEndElement(w);
		}
	}
	inline_samplers_xml(w, ze);
	printf_xml(w, p);
	xmlTextWriterEndElement(w);
	xmlTextWriterEndDocument(w);
	xmlFreeTextWriter(w);
	out = xstrdup((const char *)xmlBufferContent(buf));
	xmlBufferFree(buf);
	return out;
}

char *abi_map_text(const AbiPlan *p, const ZeKernel *ze, const char *device)
{
	Buf b = {0};
	size_t i;
	int k;
	buf_printf(&b, "kernel %s on %s, SIMD%d: r0 %d B, local ids %d B, cross-thread data at payload byte %d",
	           p->kernel, device, p->simd, p->grf_bytes, p->local_id_size, p->cross_start);
	if (p->cb1_cross >= 0)
		buf_printf(&b, ", cb1 image at cross-thread byte %d (%d B)", p->cb1_cross, p->cb1_bytes);
	buf_puts(&b, "\n");
	buf_printf(&b, "execution: simd %d, grf %d, slm %d B (AMD LDS), barriers %d, scratch %d B per thread "
	           "(AMD private %d B per work-item)", ze->simd, ze->grf_count, ze->slm_size, ze->barrier_count,
	           ze->scratch_size, p->private_bytes);
	if (ze->required_wg[0])
		buf_printf(&b, ", required group size %d %d %d", ze->required_wg[0], ze->required_wg[1],
		           ze->required_wg[2]);
	if (p->data_bytes)
		buf_printf(&b, ", data segments in .data.const (%s)", ABI_DATA_SYMBOL);
	buf_puts(&b, "\n");
	if (p->md)
		buf_printf(&b, "source %s:%d", p->md->loc.file ? path_base(p->md->loc.file) : "", p->md->loc.line);
	if (ze->attr_reqd_wg[0])
		buf_printf(&b, ", reqd_work_group_size %d %d %d", ze->attr_reqd_wg[0], ze->attr_reqd_wg[1],
		           ze->attr_reqd_wg[2]);
	if (ze->attr_wg_hint[0])
		buf_printf(&b, ", work_group_size_hint %d %d %d", ze->attr_wg_hint[0], ze->attr_wg_hint[1],
		           ze->attr_wg_hint[2]);
	if (ze->attr_vec_type_hint)
		buf_printf(&b, ", vec_type_hint %s", ze->attr_vec_type_hint);
	buf_printf(&b, ", approximate math: %s", p->approx ? p->approx : "none");
	if (p->mem_pointers)
		buf_puts(&b, ", pointers read from memory: every buffer within one 4 GiB span");
	buf_puts(&b, "\n\n");
	buf_printf(&b, "%-44s %s\n", "AMD", "Level Zero");
	for (i = 0; i < p->entries.n; i++) {
		const AbiEntry *e = &p->entries.v[i];
		char left[160];
		if (e->kind == AK_ARG) {
			const MdArg *a = e->arg;
			if (a->kind == MA_POINTER && p->derived) /* CAL: bound by name, no cb1 */
				snprintf(left, sizeof left, "arg %d %s (derived) %s %s", a->index, a->name,
				         a->output ? "render target buffer" : !strcmp(a->mem, "g") ? "g[]" :
				         !strcmp(a->mem, "hc") ? "cb" : "uav", a->access ? a->access : "");
			else if (a->kind == MA_IMAGE && p->derived) /* its info block: Level Zero's, not IL cb1 */
				snprintf(left, sizeof left, "arg %d %s (derived) %s %s %s%s", a->index, a->name,
				         a->output ? "render target image" : "resource image", a->dim, a->access,
				         a->unnorm ? " unnorm" : "");
			else if (a->kind == MA_POINTER)
				snprintf(left, sizeof left, "arg %d %s (%s*) cb1+%d %dB %s %d%s%s", a->index, a->name,
				         a->type, e->cb_offset, e->cb_size, a->mem, e->amd_id, a->access ? " " : "",
				         a->access ? a->access : "");
			else if (a->kind == MA_IMAGE)
				snprintf(left, sizeof left, "arg %d %s (image %s %s) cb1+%d %dB %s %d", a->index, a->name,
				         a->dim, a->access, e->cb_offset, e->cb_size,
				         strcmp(a->access, "RO") ? "uav" : "resource", a->bufid);
			else if (a->kind == MA_COUNTER)
				snprintf(left, sizeof left, "arg %d %s (counter%d) cb1+%d %dB counter %d", a->index,
				         a->name, a->bits, e->cb_offset, e->cb_size, a->bufid);
			else if (a->kind == MA_SAMPLER)
				snprintf(left, sizeof left, "arg %d %s (sampler) cb1+%d %dB sampler %d", a->index, a->name,
				         e->cb_offset, e->cb_size, a->bufid);
			else
				snprintf(left, sizeof left, "arg %d %s (%s x%d) cb1+%d %dB", a->index, a->name, a->type,
				         a->nelem, e->cb_offset, e->cb_size);
			for (k = 0; k < e->ze_count; k++) {
				const ZeArg *z = &ze->args.v[e->ze_first + k];
				buf_printf(&b, "%-44s %s @%d %dB", k ? "" : left, zearg_type_name(z->type), z->offset, z->size);
				if (z->source_offset >= 0)
					buf_printf(&b, " from host byte %d", z->source_offset);
				if (z->addrmode)
					buf_printf(&b, " %s %s %s", addrmode_name[z->addrmode], addrspace_name[z->addrspace],
					           access_name[z->access]);
				if (z->image_type)
					buf_printf(&b, " %s bti %d\n", zeimage_type_name(z->image_type), z->bti);
				else if (z->addrspace == ZS_SAMPLER)
					buf_printf(&b, " sampler_index %d\n", z->sampler_index);
				else if (z->type >= ZA_IMAGE_WIDTH && p->cb1_cross >= 0)
					buf_printf(&b, " -> payload %d (%s cb1+%d)\n", p->cross_start + z->offset,
					           e->input ? e->input : "-", z->offset - p->cb1_cross);
				else
					buf_printf(&b, " -> payload %d (%s)\n", p->cross_start + z->offset, e->input ? e->input : "-");
			}
			if (e->provenance)
				buf_printf(&b, "%-44s   %s\n", "", e->provenance);
			{
				const ZeArgInfo *ai = arg_info_of(ze, a->index);
				if (ai)
					buf_printf(&b, "%-44s   OpenCL: %s %s (%d B)%s%s%s%s\n", "", ai->address_qualifier,
					           ai->type_name, ai->size, strcmp(ai->type_qualifiers, "NONE") ? " " : "",
					           strcmp(ai->type_qualifiers, "NONE") ? ai->type_qualifiers : "",
					           strcmp(ai->access_qualifier, "NONE") ? " " : "",
					           strcmp(ai->access_qualifier, "NONE") ? ai->access_qualifier : "");
			}
		} else {
			snprintf(left, sizeof left, "cb0[%d].%c %s", e->slot, "xyzw"[e->comp], e->meaning ? e->meaning : "");
			if (e->data_symbol)
				buf_printf(&b, "%-44s %s dword of %s (.data.const+0), relocated -> %s\n", left,
				           e->element ? "high" : "low", e->data_symbol, e->input ? e->input : "-");
			else if (e->source == CB0_CONSTANT)
				buf_printf(&b, "%-44s constant 0x%08x\n", left, e->constant);
			else if (e->source == CB0_PRINTF)
				buf_printf(&b, "%-44s 0 (staged slot of %d dwords in private memory); records -> "
				           "printf_buffer @%d 8B -> payload %d (%s), formats in .data.const.string (%s)\n",
				           left, p->printf_slot, ze->args.v[e->ze_first].offset, e->payload_offset,
				           e->input ? e->input : "-", PF_STRINGS_SYMBOL);
			else if (e->ze_first >= 0)
				buf_printf(&b, "%-44s %s[%d] @%d -> payload %d (%s)\n", left,
				           zearg_type_name(ze->args.v[e->ze_first].type), e->element,
				           ze->args.v[e->ze_first].offset + 4 * e->element, e->payload_offset,
				           e->input ? e->input : "-");
		}
	}
	for (k = 0; k < ze->n_inline_samplers; k++) {
		const ZeInlineSampler *s = &ze->inline_samplers[k];
		char left[64];
		snprintf(left, sizeof left, "kernel-defined sampler %d (bits 0x%02x)", s->index, s->amd_value);
		buf_printf(&b, "%-44s inline sampler %d %s %s %s\n", left, s->index, s->addrmode, s->filtermode,
		           s->normalized ? "normalized" : "unnormalized");
	}
	return b.s;
}

/* ---- --cal-abi: a derived kernel's argument order from a map ---------------- */

static Loc xml_loc(const char *path, xmlNode *n)
{
	Loc l = {intern(path), n ? (int)xmlGetLineNo(n) : 1, 1};
	if (l.line < 1)
		l.line = 1;
	return l;
}

/* The <argument> elements of the map, each name at its index, reordering
 * the kernel's arguments (their 16-byte slots follow the new order). */
static int cal_abi_kernel(Kernel *k, const char *path, xmlNode *root)
{
	MdBlock *b = k->md;
	size_t n = b->args.n, i;
	MdArg *order = xcalloc(n ? n : 1, sizeof *order);
	long *given = xmalloc((n ? n : 1) * sizeof *given); /* per argument: the index it got, -1 */
	xmlNode *at = NULL, *c;
	int bad = 0;
	for (i = 0; i < n; i++)
		given[i] = -1;
	for (c = root->children; c; c = c->next) {
		char *name, *index;
		long v = -1;
		if (c->type != XML_ELEMENT_NODE || xmlStrcmp(c->name, (const xmlChar *)"argument"))
			continue;
		name = (char *)xmlGetProp(c, (const xmlChar *)"name");
		index = (char *)xmlGetProp(c, (const xmlChar *)"index");
		if (index) {
			char *e;
			v = strtol(index, &e, 10);
			if (e == index || *e)
				v = -1;
		}
		for (i = 0; name && i < n && strcmp(b->args.v[i].name, name); i++)
			;
		if (!name || i == n) {
			Buf names = {0};
			size_t j;
			for (j = 0; j < n; j++)
				buf_printf(&names, "%s%s", j ? ", " : "", b->args.v[j].name);
			diag_error(xml_loc(path, c), "--cal-abi: '%s' is none of the arguments of kernel '%s' (%s)",
			           name ? name : "(no name)", k->name, names.s ? names.s : "none");
			buf_free(&names);
			bad = 1;
		} else if (v < 0 || (size_t)v >= n) {
			diag_error(xml_loc(path, c), "--cal-abi: argument '%s' needs an index 0..%zu, not '%s'", name,
			           n - 1, index ? index : "(none)");
			bad = 1;
		} else if (given[i] >= 0) {
			diag_error(xml_loc(path, c), "--cal-abi: '%s' is given index %ld and index %ld", name, given[i], v);
			bad = 1;
		} else if (order[v].name) {
			diag_error(xml_loc(path, c), "--cal-abi: index %ld is given to '%s' and to '%s'", v,
			           order[v].name, name);
			bad = 1;
		} else {
			order[v] = b->args.v[i];
			given[i] = v;
			at = c;
		}
		xmlFree(name);
		xmlFree(index);
	}
	for (i = 0; !bad && i < n; i++) /* every index given once: every argument has one */
		if (given[i] < 0) {
			diag_error(xml_loc(path, at ? at : root), "--cal-abi: argument '%s' of kernel '%s' has no "
			           "<argument> (every argument needs its index)", b->args.v[i].name, k->name);
			bad = 1;
		}
	if (!bad) {
		for (i = 0; i < n; i++)
			b->args.v[i] = order[i];
		md_derived_slots(b);
	}
	free(order);
	free(given);
	return bad ? -1 : 0;
}

int cal_abi_apply(Program *p, const char *path)
{
	xmlDoc *doc = xmlReadFile(path, NULL, XML_PARSE_NONET | XML_PARSE_NOWARNING | XML_PARSE_NOERROR);
	xmlNode *root = doc ? xmlDocGetRootElement(doc) : NULL;
	Loc l = {intern(path), 1, 1};
	int rc = 0;
	size_t i;
	if (!doc) {
		diag_error(l, "--cal-abi: '%s' cannot be read as XML (missing, or not well-formed: in a comment "
		           "'--' ends it)", path);
		rc = -1;
	} else if (!root || xmlStrcmp(root->name, (const xmlChar *)"abimap")) {
		diag_error(l, "--cal-abi: '%s' is no ABI map (an <abimap> document, as --emit abi writes)", path);
		rc = -1;
	}
	for (i = 0; !rc && i < p->kernels.n; i++) {
		Kernel *k = p->kernels.v[i];
		if (!k->derived) {
			diag_error(l, "--cal-abi: kernel '%s' has AMD's metadata, which fixes its arguments; the map "
			           "orders the arguments of CAL programs without it", k->name);
			rc = -1;
		} else if (cal_abi_kernel(k, path, root)) {
			rc = -1;
		}
	}
	if (doc)
		xmlFreeDoc(doc);
	return rc;
}
