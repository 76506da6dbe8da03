/* ze_launch.c - run a zebin written by translate on an Intel GPU through
 * Level Zero, with the launch that translate's conformance manifest records.
 *
 *   translate --conform -o DIR prog.il        (DIR/prog_tgllp.bin and, per
 *                                              kernel, DIR/K/manifest.xml)
 *   ze_launch DIR/prog_tgllp.bin DIR/K/manifest.xml
 *
 * The manifest (data/conform-manifest.xsd) names the kernel, the NDRange and
 * every argument in declaration order with its initial bytes.  This program
 * loads the zebin with zeModuleCreate(ZE_MODULE_FORMAT_NATIVE), sets each
 * argument as the zebin's ze_info expects it from a Level Zero host (a buffer
 * is a device pointer to shared memory holding the initial bytes, a by-value
 * argument its bytes, __local a size, a NULL pointer a null pointer), sets
 * the group size and global offset, launches, and compares every buffer with
 * the Level Zero emulator's result of the same launch (level_zero_final),
 * byte by byte.  Images and samplers are not handled here (the program says
 * so and stops).  Printf output, if the kernel prints, is the driver's.
 *
 * Exit status: 0 every buffer equals the emulator's, 1 some differ, 2 usage
 * or unreadable input, 3 a Level Zero call failed, 77 no Level Zero GPU
 * driver or device (zeInit or zeDriverGet fail: this machine has no Intel
 * GPU; the test suite reports that as a skip).  --dry-run reads everything
 * and prints the launch without calling Level Zero.
 *
 * Build: `make -C build examples` (needs Debian libze-dev for the headers
 * and loader; running needs an Intel GPU and Intel's Level Zero GPU driver,
 * libze_intel_gpu, which Debian 12 ships in intel-opencl-icd).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <level_zero/ze_api.h>

typedef struct Arg {
	unsigned index;
	char *name, *kind, *type;
	size_t size;
	unsigned char *initial;  /* size bytes (buffer, value) or NULL */
	unsigned char *expected; /* level_zero_final of a buffer, or NULL */
	void *mem;               /* the buffer's shared allocation */
} Arg;

typedef struct Launch {
	char *kernel;
	unsigned dim;
	uint32_t global[3], local[3], offset[3];
	Arg *args;
	size_t nargs;
} Launch;

static const char *prog = "ze_launch";

static void die(int status, const char *fmt, const char *a, const char *b)
{
	fprintf(stderr, "%s: ", prog);
	fprintf(stderr, fmt, a, b);
	fputc('\n', stderr);
	exit(status);
}

static unsigned char *read_file(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	unsigned char *d = NULL;
	long len;
	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (len = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
	    (d = malloc((size_t)len + 1)) && fread(d, 1, (size_t)len, f) == (size_t)len) {
		*n = (size_t)len;
		fclose(f);
		return d;
	}
	free(d);
	fclose(f);
	return NULL;
}

/* a file named by the manifest, relative to its folder, exactly `size` bytes */
static unsigned char *read_sized(const char *dir, const char *name, size_t size)
{
	char *path = malloc(strlen(dir) + strlen(name) + 2);
	unsigned char *d;
	size_t n = 0;
	sprintf(path, "%s/%s", dir, name);
	if (!(d = read_file(path, &n)))
		die(2, "cannot read %s (%s)", path, strerror(errno));
	if (n != size) {
		char msg[64];
		snprintf(msg, sizeof msg, "%zu bytes, the manifest says %zu", n, size);
		die(2, "%s: %s", path, msg);
	}
	free(path);
	return d;
}

static int triple(const char *s, uint32_t v[3])
{
	unsigned long a, b, c;
	char tail;
	if (!s || sscanf(s, "%lu %lu %lu%c", &a, &b, &c, &tail) != 3 || a > UINT32_MAX || b > UINT32_MAX ||
	    c > UINT32_MAX)
		return -1;
	v[0] = (uint32_t)a, v[1] = (uint32_t)b, v[2] = (uint32_t)c;
	return 0;
}

static char *attr(xmlNode *n, const char *name)
{
	return (char *)xmlGetProp(n, (const xmlChar *)name);
}

static void read_manifest(const char *path, Launch *l)
{
	xmlDoc *doc = xmlReadFile(path, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
	xmlNode *root, *n;
	char *dir = strdup(path), *slash = strrchr(dir, '/'), *s;
	if (slash)
		*slash = 0;
	else
		strcpy(dir, ".");
	if (!doc || !(root = xmlDocGetRootElement(doc)) || xmlStrcmp(root->name, (const xmlChar *)"conformance"))
		die(2, "%s: not a conformance manifest (translate --conform -o DIR writes DIR/<kernel>/manifest.xml)%s",
		    path, "");
	memset(l, 0, sizeof *l);
	if (!(l->kernel = attr(root, "kernel")))
		die(2, "%s: no kernel name%s", path, "");
	for (n = root->children; n; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		if (!xmlStrcmp(n->name, (const xmlChar *)"ndrange")) {
			char *g = attr(n, "global"), *lo = attr(n, "local"), *o = attr(n, "offset");
			s = attr(n, "dim");
			l->dim = s ? (unsigned)atoi(s) : 0;
			if (l->dim < 1 || l->dim > 3 || triple(g, l->global) || triple(lo, l->local) || triple(o, l->offset))
				die(2, "%s: malformed <ndrange>%s", path, "");
			xmlFree(s), xmlFree(g), xmlFree(lo), xmlFree(o);
		} else if (!xmlStrcmp(n->name, (const xmlChar *)"argument")) {
			Arg a;
			char *idx = attr(n, "index"), *sz = attr(n, "size"), *init = attr(n, "initial"),
			     *fin = attr(n, "level_zero_final");
			memset(&a, 0, sizeof a);
			a.name = attr(n, "name"), a.kind = attr(n, "kind"), a.type = attr(n, "type");
			if (!idx || !sz || !a.name || !a.kind)
				die(2, "%s: an <argument> lacks index, name, kind or size%s", path, "");
			a.index = (unsigned)strtoul(idx, NULL, 10);
			a.size = (size_t)strtoull(sz, NULL, 10);
			if (!strcmp(a.kind, "image") || !strcmp(a.kind, "sampler"))
				die(2, "argument %s is an %s: this example handles buffers, values, __local and NULL only",
				    a.name, a.kind);
			if (!strcmp(a.kind, "buffer") || !strcmp(a.kind, "value")) {
				if (!init)
					die(2, "argument %s has no initial bytes%s", a.name, "");
				a.initial = read_sized(dir, init, a.size);
			} else if (strcmp(a.kind, "local") && strcmp(a.kind, "null"))
				die(2, "argument %s: unknown kind %s", a.name, a.kind);
			if (fin && !strcmp(a.kind, "buffer"))
				a.expected = read_sized(dir, fin, a.size);
			if (a.index != l->nargs)
				die(2, "%s: arguments out of order at %s", path, a.name);
			l->args = realloc(l->args, (l->nargs + 1) * sizeof *l->args);
			l->args[l->nargs++] = a;
			xmlFree(idx), xmlFree(sz), xmlFree(init), xmlFree(fin);
		}
	}
	if (!l->dim)
		die(2, "%s: no <ndrange>%s", path, "");
	for (unsigned d = 0; d < 3; d++)
		if (!l->local[d] || l->global[d] % l->local[d])
			die(2, "%s: the global size is not a multiple of the local size (Level Zero launches whole groups)%s",
			    path, "");
	free(dir);
	xmlFreeDoc(doc);
}

static const char *ze_name(ze_result_t r)
{
	switch (r) {
	case ZE_RESULT_SUCCESS: return "ZE_RESULT_SUCCESS";
	case ZE_RESULT_ERROR_UNINITIALIZED: return "ZE_RESULT_ERROR_UNINITIALIZED";
	case ZE_RESULT_ERROR_DEVICE_LOST: return "ZE_RESULT_ERROR_DEVICE_LOST";
	case ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY: return "ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY";
	case ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY: return "ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY";
	case ZE_RESULT_ERROR_MODULE_BUILD_FAILURE: return "ZE_RESULT_ERROR_MODULE_BUILD_FAILURE";
	case ZE_RESULT_ERROR_INVALID_NATIVE_BINARY: return "ZE_RESULT_ERROR_INVALID_NATIVE_BINARY";
	case ZE_RESULT_ERROR_INVALID_KERNEL_NAME: return "ZE_RESULT_ERROR_INVALID_KERNEL_NAME";
	case ZE_RESULT_ERROR_INVALID_ARGUMENT: return "ZE_RESULT_ERROR_INVALID_ARGUMENT";
	case ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_INDEX: return "ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_INDEX";
	case ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE: return "ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE";
	case ZE_RESULT_ERROR_INVALID_GROUP_SIZE_DIMENSION: return "ZE_RESULT_ERROR_INVALID_GROUP_SIZE_DIMENSION";
	case ZE_RESULT_ERROR_UNSUPPORTED_FEATURE: return "ZE_RESULT_ERROR_UNSUPPORTED_FEATURE";
	case ZE_RESULT_ERROR_UNKNOWN: return "ZE_RESULT_ERROR_UNKNOWN";
	default: return "a Level Zero error";
	}
}

#define ZE(call)                                                                                           \
	do {                                                                                               \
		ze_result_t r_ = (call);                                                                   \
		if (r_ != ZE_RESULT_SUCCESS) {                                                             \
			fprintf(stderr, "%s: %s failed: %s (0x%x)\n", prog, #call, ze_name(r_), (unsigned)r_); \
			exit(3);                                                                           \
		}                                                                                          \
	} while (0)

static void launch_free(Launch *l)
{
	for (size_t i = 0; i < l->nargs; i++) {
		xmlFree(l->args[i].name), xmlFree(l->args[i].kind), xmlFree(l->args[i].type);
		free(l->args[i].initial), free(l->args[i].expected);
	}
	free(l->args);
	xmlFree(l->kernel);
}

static void dry_run(const Launch *l, const char *zebin, size_t zsize)
{
	printf("zebin %s: %zu bytes, kernel %s\n", zebin, zsize, l->kernel);
	printf("group size %u %u %u, group count %u %u %u, global offset %u %u %u\n", l->local[0], l->local[1],
	       l->local[2], l->global[0] / l->local[0], l->global[1] / l->local[1], l->global[2] / l->local[2],
	       l->offset[0], l->offset[1], l->offset[2]);
	for (size_t i = 0; i < l->nargs; i++) {
		const Arg *a = &l->args[i];
		if (!strcmp(a->kind, "buffer"))
			printf("arg %u %s: buffer of %zu bytes (shared memory, initial bytes copied in)%s\n", a->index,
			       a->name, a->size, a->expected ? ", compared after the launch" : "");
		else if (!strcmp(a->kind, "value"))
			printf("arg %u %s: %zu bytes by value\n", a->index, a->name, a->size);
		else if (!strcmp(a->kind, "local"))
			printf("arg %u %s: __local, %zu bytes\n", a->index, a->name, a->size);
		else
			printf("arg %u %s: NULL pointer\n", a->index, a->name);
	}
}

int main(int argc, char **argv)
{
	int dry = 0, bad = 0;
	const char *zpath, *mpath;
	unsigned char *zebin;
	size_t zsize = 0;
	Launch l;
	ze_result_t r;
	uint32_t ndrv = 1, ndev = 1;
	ze_driver_handle_t drv;
	ze_device_handle_t dev;
	ze_context_handle_t ctx;
	ze_module_handle_t mod;
	ze_module_build_log_handle_t blog;
	ze_kernel_handle_t k;
	ze_command_queue_handle_t q;
	ze_command_list_handle_t cl;
	if (argc > 1 && !strcmp(argv[1], "--dry-run"))
		dry = 1, argv++, argc--;
	if (argc != 3) {
		fprintf(stderr, "usage: %s [--dry-run] ZEBIN MANIFEST.xml\n"
		                "  (translate --conform -o DIR prog.il writes DIR/prog_<device>.bin and DIR/<kernel>/manifest.xml)\n",
		        prog);
		return 2;
	}
	zpath = argv[1], mpath = argv[2];
	if (!(zebin = read_file(zpath, &zsize)))
		die(2, "cannot read %s (%s)", zpath, strerror(errno));
	if (zsize < 4 || memcmp(zebin, "\177ELF", 4))
		die(2, "%s: not a zebin (no ELF header)%s", zpath, "");
	read_manifest(mpath, &l);
	if (dry) {
		dry_run(&l, zpath, zsize);
		launch_free(&l);
		free(zebin);
		return 0;
	}

	if ((r = zeInit(ZE_INIT_FLAG_GPU_ONLY)) != ZE_RESULT_SUCCESS ||
	    (r = zeDriverGet(&ndrv, &drv)) != ZE_RESULT_SUCCESS || !ndrv) {
		fprintf(stderr, "%s: no Level Zero GPU driver here (%s, 0x%x): this example runs on a machine with an "
		                "Intel GPU (/dev/dri) and Intel's Level Zero GPU driver (Debian: intel-opencl-icd ships it); "
		                "--dry-run shows the launch without one\n",
		        prog, r ? ze_name(r) : "no driver", (unsigned)r);
		return 77;
	}
	if ((r = zeDeviceGet(drv, &ndev, &dev)) != ZE_RESULT_SUCCESS || !ndev) {
		fprintf(stderr, "%s: the Level Zero driver has no device (%s)\n", prog, ze_name(r));
		return 77;
	}
	ze_context_desc_t cdesc = {ZE_STRUCTURE_TYPE_CONTEXT_DESC, NULL, 0};
	ZE(zeContextCreate(drv, &cdesc, &ctx));

	/* the zebin as is: ZE_MODULE_FORMAT_NATIVE, no build options */
	ze_module_desc_t mdesc = {ZE_STRUCTURE_TYPE_MODULE_DESC, NULL, ZE_MODULE_FORMAT_NATIVE, zsize, zebin, "", NULL};
	if ((r = zeModuleCreate(ctx, dev, &mdesc, &mod, &blog)) != ZE_RESULT_SUCCESS) {
		size_t n = 0;
		char *log = NULL;
		if (zeModuleBuildLogGetString(blog, &n, NULL) == ZE_RESULT_SUCCESS && n && (log = malloc(n)))
			zeModuleBuildLogGetString(blog, &n, log);
		fprintf(stderr, "%s: zeModuleCreate(ZE_MODULE_FORMAT_NATIVE, %s) failed: %s\n%s\n", prog, zpath,
		        ze_name(r), log ? log : "");
		return 3;
	}
	zeModuleBuildLogDestroy(blog);
	ze_kernel_desc_t kdesc = {ZE_STRUCTURE_TYPE_KERNEL_DESC, NULL, 0, l.kernel};
	ZE(zeKernelCreate(mod, &kdesc, &k));
	ZE(zeKernelSetGroupSize(k, l.local[0], l.local[1], l.local[2]));
	if (l.offset[0] || l.offset[1] || l.offset[2])
		ZE(zeKernelSetGlobalOffsetExp(k, l.offset[0], l.offset[1], l.offset[2]));

	for (size_t i = 0; i < l.nargs; i++) {
		Arg *a = &l.args[i];
		if (!strcmp(a->kind, "buffer")) {
			ze_device_mem_alloc_desc_t dd = {ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC, NULL, 0, 0};
			ze_host_mem_alloc_desc_t hd = {ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC, NULL, 0};
			ZE(zeMemAllocShared(ctx, &dd, &hd, a->size ? a->size : 1, 64, dev, &a->mem));
			memcpy(a->mem, a->initial, a->size);
			ZE(zeKernelSetArgumentValue(k, a->index, sizeof a->mem, &a->mem));
		} else if (!strcmp(a->kind, "value")) {
			ZE(zeKernelSetArgumentValue(k, a->index, a->size, a->initial));
		} else if (!strcmp(a->kind, "local")) {
			ZE(zeKernelSetArgumentValue(k, a->index, a->size, NULL));
		} else {
			void *null = NULL;
			ZE(zeKernelSetArgumentValue(k, a->index, sizeof null, &null));
		}
	}

	ze_command_queue_desc_t qdesc = {ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC, NULL, 0, 0, 0,
	                                 ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS, ZE_COMMAND_QUEUE_PRIORITY_NORMAL};
	ze_command_list_desc_t ldesc = {ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC, NULL, 0, 0};
	ze_group_count_t groups = {l.global[0] / l.local[0], l.global[1] / l.local[1], l.global[2] / l.local[2]};
	ZE(zeCommandQueueCreate(ctx, dev, &qdesc, &q));
	ZE(zeCommandListCreate(ctx, dev, &ldesc, &cl));
	ZE(zeCommandListAppendLaunchKernel(cl, k, &groups, NULL, 0, NULL));
	ZE(zeCommandListClose(cl));
	ZE(zeCommandQueueExecuteCommandLists(q, 1, &cl, NULL));
	ZE(zeCommandQueueSynchronize(q, UINT64_MAX));

	for (size_t i = 0; i < l.nargs; i++) {
		Arg *a = &l.args[i];
		size_t first = a->size, ndiff = 0;
		if (!a->mem || !a->expected)
			continue;
		for (size_t b = 0; b < a->size; b++)
			if (((unsigned char *)a->mem)[b] != a->expected[b]) {
				if (first == a->size)
					first = b;
				ndiff++;
			}
		if (ndiff) {
			printf("%s: arg %u %s: %zu of %zu bytes differ from the Level Zero emulator's, the first at byte %zu "
			       "(0x%02x, expected 0x%02x)\n",
			       l.kernel, a->index, a->name, ndiff, a->size, first, ((unsigned char *)a->mem)[first],
			       a->expected[first]);
			bad = 1;
		} else
			printf("%s: arg %u %s: %zu bytes equal the Level Zero emulator's\n", l.kernel, a->index, a->name,
			       a->size);
		zeMemFree(ctx, a->mem);
	}
	zeCommandListDestroy(cl);
	zeCommandQueueDestroy(q);
	zeKernelDestroy(k);
	zeModuleDestroy(mod);
	zeContextDestroy(ctx);
	launch_free(&l);
	free(zebin);
	return bad;
}
