/* pocl.c - the third runtime: a kernel's OpenCL C twin (K.cl next to K.il)
 * built and run by an OpenCL implementation nobody here wrote, pocl's CPU
 * device (Debian's pocl-opencl-icd through the ocl-icd loader).
 *
 * The launch is the EmuLaunch both emulators get: the twin is built with
 * clBuildProgram (-cl-std=CL1.2; cl_khr_fp64 and printf as pocl provides
 * them), each argument set as the host program of the metadata would set it
 * (buffers with their initial bytes, by-value bytes in OpenCL C's host
 * layout, __local sizes, NULL pointers, images with the same format,
 * dimensions, pitches and texels, samplers with the same state), the same
 * NDRange with the same global offset, then every buffer and image read
 * back.  printf output goes to stdout, captured in a file: each printf of
 * the twin is followed by a record separator (RS, 0x1E) added by a macro
 * ahead of the source, so the records compare as a multiset like the
 * emulators' (pocl's single worker thread keeps each record whole).
 *
 * Everything OpenCL runs in a child process (its own process group) over
 * shared memory, killed after TRANSLATE_POCL_TIMEOUT seconds (default 300):
 * a crash or hang of pocl, of its compiler or of the twin fails that
 * kernel only.  The parent never touches OpenCL, so forking stays safe.
 *
 * Built only when configure found CL/cl.h and libOpenCL (HAVE_OPENCL);
 * otherwise, or when the loader offers no pocl platform, the run is
 * POCL_SKIPPED with the reason, never silently dropped.  translate is not
 * linked with libOpenCL: the child loads it with dlopen, so translate runs
 * where no OpenCL loader is installed (--conform then skips pocl, saying
 * why) and a translation without --conform never loads it.
 */
#define _GNU_SOURCE
#include "config.h"

#include <ctype.h>
#include <dlfcn.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "emu.h"

#if HAVE_OPENCL
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

/* What the child leaves for the parent (shared memory). */
typedef struct PoclShared {
	int status;              /* POCL_RAN, POCL_SKIPPED, POCL_FAILED */
	char error[2048];
} PoclShared;

/* The OpenCL entry points the child uses, from libOpenCL.so.1 (the ICD
 * loader) opened at run time. */
#define OCL_FUNCS(X) \
	X(clBuildProgram) \
	X(clCreateBuffer) \
	X(clCreateCommandQueue) \
	X(clCreateContext) \
	X(clCreateImage) \
	X(clCreateKernel) \
	X(clCreateProgramWithSource) \
	X(clCreateSampler) \
	X(clEnqueueNDRangeKernel) \
	X(clEnqueueReadBuffer) \
	X(clEnqueueReadImage) \
	X(clFinish) \
	X(clGetDeviceIDs) \
	X(clGetPlatformIDs) \
	X(clGetPlatformInfo) \
	X(clGetProgramBuildInfo) \
	X(clSetKernelArg)

static struct {
#define OCL_FIELD(f) __typeof__(&f) f;
	OCL_FUNCS(OCL_FIELD)
#undef OCL_FIELD
} ocl;

/* Loads libOpenCL (TRANSLATE_OPENCL_LIBRARY names another) and its entry
 * points; NULL, or what failed. */
static const char *ocl_load(void)
{
	static char why[512];
	const char *lib = getenv("TRANSLATE_OPENCL_LIBRARY"), *e;
	void *h;
	if (!lib || !*lib)
		lib = "libOpenCL.so.1";
	if (!(h = dlopen(lib, RTLD_NOW | RTLD_LOCAL))) {
		e = dlerror();
		snprintf(why, sizeof why, "cannot load the OpenCL loader %s (%s; is ocl-icd-libopencl1 "
		         "installed?)", lib, e ? e : "dlopen failed");
		return why;
	}
#define OCL_SYM(f) \
	if (!(*(void **)&ocl.f = dlsym(h, #f))) { \
		snprintf(why, sizeof why, "%s has no %s", lib, #f); \
		return why; \
	}
	OCL_FUNCS(OCL_SYM)
#undef OCL_SYM
	return NULL;
}

/* The platform whose name contains this (TRANSLATE_OPENCL_PLATFORM). */
static const char *platform_wanted(void)
{
	const char *e = getenv("TRANSLATE_OPENCL_PLATFORM");
	return e && *e ? e : "Portable Computing Language";
}

/* RS after every printf of the twin: the record boundaries of its output.
 * The macro is not expanded again inside its own body (C99 6.10.3.4).
 * And a * b + c is
 * not contracted into one fused operation: AMD's compilers contract it
 * into mad_ieee, which rounds the product (unfused; amdil.md 4.4), so the
 * OpenCL C default (FP_CONTRACT ON, clang fusing into an FMA on the host)
 * would differ from the AMD side in the last bit where the source allows
 * either (measured on AMD-APP 2.5's DCT and EigenValue samples: 1 ulp
 * apart with contraction, equal without) */
static const char prelude[] =
	"#define printf(...) (printf(__VA_ARGS__), printf(\"\\036\"))\n"
	"#pragma OPENCL FP_CONTRACT OFF\n";

static void fail(PoclShared *s, int status, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void fail(PoclShared *s, int status, const char *fmt, ...)
{
	va_list ap;
	if (s->error[0])
		return; /* the first reason wins */
	s->status = status;
	va_start(ap, fmt);
	vsnprintf(s->error, sizeof s->error, fmt, ap);
	va_end(ap);
}

static const char *cl_err(cl_int e)
{
	static const struct { cl_int e; const char *name; } t[] = {
		{CL_DEVICE_NOT_FOUND, "CL_DEVICE_NOT_FOUND"},
		{CL_OUT_OF_RESOURCES, "CL_OUT_OF_RESOURCES"},
		{CL_OUT_OF_HOST_MEMORY, "CL_OUT_OF_HOST_MEMORY"},
		{CL_MEM_OBJECT_ALLOCATION_FAILURE, "CL_MEM_OBJECT_ALLOCATION_FAILURE"},
		{CL_IMAGE_FORMAT_NOT_SUPPORTED, "CL_IMAGE_FORMAT_NOT_SUPPORTED"},
		{CL_BUILD_PROGRAM_FAILURE, "CL_BUILD_PROGRAM_FAILURE"},
		{CL_INVALID_VALUE, "CL_INVALID_VALUE"},
		{CL_INVALID_MEM_OBJECT, "CL_INVALID_MEM_OBJECT"},
		{CL_INVALID_IMAGE_FORMAT_DESCRIPTOR, "CL_INVALID_IMAGE_FORMAT_DESCRIPTOR"},
		{CL_INVALID_IMAGE_SIZE, "CL_INVALID_IMAGE_SIZE"},
		{CL_INVALID_SAMPLER, "CL_INVALID_SAMPLER"},
		{CL_INVALID_KERNEL_NAME, "CL_INVALID_KERNEL_NAME"},
		{CL_INVALID_ARG_INDEX, "CL_INVALID_ARG_INDEX"},
		{CL_INVALID_ARG_VALUE, "CL_INVALID_ARG_VALUE"},
		{CL_INVALID_ARG_SIZE, "CL_INVALID_ARG_SIZE"},
		{CL_INVALID_KERNEL_ARGS, "CL_INVALID_KERNEL_ARGS"},
		{CL_INVALID_WORK_DIMENSION, "CL_INVALID_WORK_DIMENSION"},
		{CL_INVALID_WORK_GROUP_SIZE, "CL_INVALID_WORK_GROUP_SIZE"},
		{CL_INVALID_WORK_ITEM_SIZE, "CL_INVALID_WORK_ITEM_SIZE"},
		{CL_INVALID_GLOBAL_OFFSET, "CL_INVALID_GLOBAL_OFFSET"},
		{CL_INVALID_BUFFER_SIZE, "CL_INVALID_BUFFER_SIZE"},
		{CL_INVALID_IMAGE_DESCRIPTOR, "CL_INVALID_IMAGE_DESCRIPTOR"},
		{CL_INVALID_OPERATION, "CL_INVALID_OPERATION"},
	};
	static char other[32];
	size_t i;
	for (i = 0; i < NELEM(t); i++)
		if (t[i].e == e)
			return t[i].name;
	snprintf(other, sizeof other, "OpenCL error %d", (int)e);
	return other;
}

/* the pocl device (the first device of the platform named as wanted) */
static int find_device(PoclShared *s, cl_platform_id *pf, cl_device_id *dev)
{
	cl_platform_id p[16];
	cl_uint n = 0, i;
	char name[256];
	const char *why = ocl_load();
	if (why) {
		fail(s, POCL_SKIPPED, "%s", why);
		return -1;
	}
	if (ocl.clGetPlatformIDs(NELEM(p), p, &n) != CL_SUCCESS || n == 0) {
		fail(s, POCL_SKIPPED, "the OpenCL loader found no platform (is pocl-opencl-icd installed?)");
		return -1;
	}
	for (i = 0; i < n && i < NELEM(p); i++) {
		name[0] = 0;
		ocl.clGetPlatformInfo(p[i], CL_PLATFORM_NAME, sizeof name, name, NULL);
		if (strstr(name, platform_wanted()) &&
		    ocl.clGetDeviceIDs(p[i], CL_DEVICE_TYPE_ALL, 1, dev, NULL) == CL_SUCCESS) {
			*pf = p[i];
			return 0;
		}
	}
	fail(s, POCL_SKIPPED, "no OpenCL platform named '%s' with a device (is pocl-opencl-icd installed?)",
	     platform_wanted());
	return -1;
}

static cl_mem_object_type image_type(EmuImageType t)
{
	switch (t) {
	case EI_1D: return CL_MEM_OBJECT_IMAGE1D;
	case EI_1D_ARRAY: return CL_MEM_OBJECT_IMAGE1D_ARRAY;
	case EI_1D_BUFFER: return CL_MEM_OBJECT_IMAGE1D_BUFFER;
	case EI_2D: return CL_MEM_OBJECT_IMAGE2D;
	case EI_2D_ARRAY: return CL_MEM_OBJECT_IMAGE2D_ARRAY;
	case EI_3D: return CL_MEM_OBJECT_IMAGE3D;
	}
	return CL_MEM_OBJECT_IMAGE2D;
}

/* the region clEnqueueReadImage copies: every texel of the image */
static void image_region(const EmuImage *d, size_t region[3])
{
	region[0] = d->width;
	region[1] = d->type == EI_1D_ARRAY ? d->array_size : d->height;
	region[2] = d->type == EI_2D_ARRAY ? d->array_size : d->type == EI_3D ? d->depth : 1;
	if (d->type == EI_1D || d->type == EI_1D_BUFFER)
		region[1] = 1;
}

/* An image with the launch's format, size, pitches and texels; a 1-D
 * buffer image over a buffer holding the texels (*backing). */
static cl_mem make_image(PoclShared *s, cl_context ctx, size_t ai, const EmuArg *a, cl_mem *backing)
{
	const EmuImage *d = &a->image;
	cl_image_format f = {d->order, d->data_type};
	cl_image_desc desc;
	cl_int e;
	cl_mem m;
	memset(&desc, 0, sizeof desc);
	desc.image_type = image_type(d->type);
	desc.image_width = d->width;
	desc.image_height = d->type == EI_2D || d->type == EI_2D_ARRAY || d->type == EI_3D ? d->height : 0;
	desc.image_depth = d->type == EI_3D ? d->depth : 0;
	desc.image_array_size = d->type == EI_1D_ARRAY || d->type == EI_2D_ARRAY ? d->array_size : 0;
	if (d->type == EI_1D_BUFFER) {
		*backing = ocl.clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, a->size, a->bytes,
		                              &e);
		if (e != CL_SUCCESS) {
			fail(s, POCL_FAILED, "argument %zu: clCreateBuffer for a 1-D buffer image: %s", ai, cl_err(e));
			return NULL;
		}
		desc.buffer = *backing;
		m = ocl.clCreateImage(ctx, CL_MEM_READ_WRITE, &f, &desc, NULL, &e);
	} else {
		desc.image_row_pitch = d->row_pitch;
		desc.image_slice_pitch = d->type == EI_1D || d->type == EI_2D ? 0 : d->slice_pitch;
		m = ocl.clCreateImage(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, &f, &desc, a->bytes, &e);
	}
	if (e != CL_SUCCESS)
		fail(s, POCL_FAILED, "argument %zu: clCreateImage (type 0x%x, order 0x%x, data type 0x%x, %ux%ux%u, "
		     "%u layers): %s", ai, (unsigned)desc.image_type, d->order, d->data_type, d->width, d->height,
		     d->depth, d->array_size, cl_err(e));
	return e == CL_SUCCESS ? m : NULL;
}

/* the twin's source with the printf prelude; NULL after fail() */
static char *twin_source(PoclShared *s, const char *cl)
{
	size_t n = 0;
	char *text = read_file(cl, &n), *src;
	if (!text) {
		fail(s, POCL_FAILED, "cannot read %s: %s", cl, strerror(errno));
		return NULL;
	}
	src = xasprintf("%s#line 1 \"%s\"\n%s", prelude, path_base(cl), text);
	free(text);
	return src;
}

/* A read_write image needs OpenCL C 2.0 or later; the twin that declares
   one is built as OpenCL C 3.0 (pocl 3.1 has __opencl_c_read_write_images),
   every other twin as the 1.2 of AMD's compilers. */
static int uses_read_write(const char *src)
{
	const char *p = src, *w;
	while (*p) {
		if (!isalpha((unsigned char)*p) && *p != '_') {
			p++;
			continue;
		}
		for (w = p; isalnum((unsigned char)*p) || *p == '_'; p++)
			;
		if ((p - w == 10 && !memcmp(w, "read_write", 10)) ||
		    (p - w == 12 && !memcmp(w, "__read_write", 12)))
			return 1;
	}
	return 0;
}

static int build(PoclShared *s, cl_context ctx, cl_device_id dev, const char *cl, cl_program *prog)
{
	const char *opts;
	char *src = twin_source(s, cl), log[1536];
	const char *srcs[1];
	cl_int e;
	if (!src)
		return -1;
	opts = uses_read_write(src) ? "-cl-std=CL3.0" : "-cl-std=CL1.2";
	srcs[0] = src;
	*prog = ocl.clCreateProgramWithSource(ctx, 1, srcs, NULL, &e);
	free(src);
	if (e != CL_SUCCESS) {
		fail(s, POCL_FAILED, "clCreateProgramWithSource: %s", cl_err(e));
		return -1;
	}
	e = ocl.clBuildProgram(*prog, 1, &dev, opts, NULL, NULL);
	if (e != CL_SUCCESS) {
		log[0] = 0;
		ocl.clGetProgramBuildInfo(*prog, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
		log[sizeof log - 1] = 0;
		fail(s, POCL_FAILED, "clBuildProgram(%s) %s: %s", opts, cl_err(e), log);
		return -1;
	}
	return 0;
}

/* Arguments as the host program sets them; mem[i] / extra[i] receive the
 * objects made (freed with the context when the child exits). */
static int set_args(PoclShared *s, cl_context ctx, cl_kernel kr, const EmuLaunch *l, cl_mem *mem,
                    cl_mem *extra, cl_sampler *smp)
{
	size_t i;
	cl_int e = CL_SUCCESS;
	for (i = 0; i < l->args.n; i++) {
		const EmuArg *a = &l->args.v[i];
		const char *what = "clSetKernelArg";
		switch (a->kind) {
		case EA_VALUE:
			e = ocl.clSetKernelArg(kr, (cl_uint)i, a->size, a->bytes);
			break;
		case EA_BUFFER:
			mem[i] = ocl.clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, a->size, a->bytes,
			                            &e);
			what = "clCreateBuffer";
			if (e == CL_SUCCESS) {
				what = "clSetKernelArg";
				e = ocl.clSetKernelArg(kr, (cl_uint)i, sizeof mem[i], &mem[i]);
			}
			break;
		case EA_LOCAL:
			e = ocl.clSetKernelArg(kr, (cl_uint)i, a->size, NULL);
			break;
		case EA_NULL:
			e = ocl.clSetKernelArg(kr, (cl_uint)i, sizeof(cl_mem), NULL);
			break;
		case EA_IMAGE:
			if (!(mem[i] = make_image(s, ctx, i, a, &extra[i])))
				return -1;
			e = ocl.clSetKernelArg(kr, (cl_uint)i, sizeof mem[i], &mem[i]);
			break;
		case EA_SAMPLER:
			smp[i] = ocl.clCreateSampler(ctx, a->sampler.normalized ? CL_TRUE : CL_FALSE,
			                             a->sampler.addressing, a->sampler.filter, &e);
			what = "clCreateSampler";
			if (e == CL_SUCCESS) {
				what = "clSetKernelArg";
				e = ocl.clSetKernelArg(kr, (cl_uint)i, sizeof smp[i], &smp[i]);
			}
			break;
		}
		if (e != CL_SUCCESS) {
			fail(s, POCL_FAILED, "argument %zu (%zu bytes): %s: %s", i, a->size, what, cl_err(e));
			return -1;
		}
	}
	return 0;
}

/* every buffer and image back into out[i] (shared memory) */
static int read_back(PoclShared *s, cl_command_queue q, const EmuLaunch *l, cl_mem *mem, cl_mem *extra,
                     uint8_t **out)
{
	size_t i, origin[3] = {0, 0, 0}, region[3];
	cl_int e = CL_SUCCESS;
	for (i = 0; i < l->args.n; i++) {
		const EmuArg *a = &l->args.v[i];
		if (a->kind == EA_BUFFER || (a->kind == EA_IMAGE && a->image.type == EI_1D_BUFFER)) {
			e = ocl.clEnqueueReadBuffer(q, a->kind == EA_BUFFER ? mem[i] : extra[i], CL_TRUE, 0, a->size,
			                            out[i], 0, NULL, NULL);
		} else if (a->kind == EA_IMAGE) {
			image_region(&a->image, region);
			e = ocl.clEnqueueReadImage(q, mem[i], CL_TRUE, origin, region, a->image.row_pitch,
			                           region[2] > 1 || a->image.type == EI_1D_ARRAY ? a->image.slice_pitch : 0,
			                           out[i], 0, NULL, NULL);
		}
		if (e != CL_SUCCESS) {
			fail(s, POCL_FAILED, "argument %zu: reading it back: %s", i, cl_err(e));
			return -1;
		}
	}
	return 0;
}

/* The child: one context, one queue, one run. */
static void child(PoclShared *s, const char *cl, const Kernel *k, const EmuLaunch *l, uint8_t **out)
{
	cl_platform_id pf;
	cl_device_id dev;
	cl_context ctx;
	cl_command_queue q;
	cl_program prog;
	cl_kernel kr;
	cl_int e;
	cl_mem *mem = xcalloc(l->args.n + 1, sizeof *mem), *extra = xcalloc(l->args.n + 1, sizeof *extra);
	cl_sampler *smp = xcalloc(l->args.n + 1, sizeof *smp);
	size_t gws[3], lws[3], off[3];
	int d;
	if (find_device(s, &pf, &dev))
		return;
	ctx = ocl.clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
	if (e != CL_SUCCESS) {
		fail(s, POCL_FAILED, "clCreateContext: %s", cl_err(e));
		return;
	}
	q = ocl.clCreateCommandQueue(ctx, dev, 0, &e);
	if (e != CL_SUCCESS) {
		fail(s, POCL_FAILED, "clCreateCommandQueue: %s", cl_err(e));
		return;
	}
	if (build(s, ctx, dev, cl, &prog))
		return;
	kr = ocl.clCreateKernel(prog, k->name, &e);
	if (e != CL_SUCCESS) {
		fail(s, POCL_FAILED, "clCreateKernel(%s): %s", k->name, cl_err(e));
		return;
	}
	if (set_args(s, ctx, kr, l, mem, extra, smp))
		return;
	for (d = 0; d < 3; d++) {
		gws[d] = l->range.global[d];
		lws[d] = l->range.local[d];
		off[d] = l->range.offset[d];
	}
	e = ocl.clEnqueueNDRangeKernel(q, kr, (cl_uint)l->range.dim, off, gws, lws, 0, NULL, NULL);
	if (e == CL_SUCCESS)
		e = ocl.clFinish(q);
	if (e != CL_SUCCESS) {
		fail(s, POCL_FAILED, "clEnqueueNDRangeKernel (%u x %u x %u in groups of %u x %u x %u, offset %u %u %u): %s",
		     l->range.global[0], l->range.global[1], l->range.global[2], l->range.local[0], l->range.local[1],
		     l->range.local[2], l->range.offset[0], l->range.offset[1], l->range.offset[2], cl_err(e));
		return;
	}
	if (read_back(s, q, l, mem, extra, out))
		return;
	s->status = POCL_RAN;
}

static void *shared(size_t n)
{
	void *m = mmap(NULL, n ? n : 1, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		die("mmap of %zu bytes failed", n);
	return m;
}

static int timeout_seconds(void)
{
	const char *e = getenv("TRANSLATE_POCL_TIMEOUT");
	int t = e ? atoi(e) : 0;
	return t > 0 ? t : 300;
}

/* wait for pid; after the limit kill its process group.  1 when it timed out. */
static int wait_limited(pid_t pid, int *st)
{
	struct timespec t0, t1, nap = {0, 5000000};
	int limit = timeout_seconds();
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		pid_t w = waitpid(pid, st, WNOHANG);
		if (w == pid || (w < 0 && errno != EINTR))
			return 0;
		clock_gettime(CLOCK_MONOTONIC, &t1);
		if (t1.tv_sec - t0.tv_sec >= limit) {
			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
			waitpid(pid, st, 0);
			return 1;
		}
		nanosleep(&nap, NULL);
		if (nap.tv_nsec < 100000000)
			nap.tv_nsec *= 2;
	}
}

/* printf output: records separated by RS */
static void split_printf(const char *text, size_t n, EmuResult *r)
{
	size_t i, start = 0;
	for (i = 0; i < n; i++)
		if (text[i] == '\036') {
			Buf b = {0};
			buf_add(&b, text + start, i - start);
			buf_add(&r->printf_text, text + start, i - start);
			vec_push(&r->printf_items, b);
			start = i + 1;
		}
	if (start < n) { /* output after the last separator: a record too */
		Buf b = {0};
		buf_add(&b, text + start, n - start);
		buf_add(&r->printf_text, text + start, n - start);
		vec_push(&r->printf_items, b);
	}
}

/* what pocl said on stderr (its first lines), for a failure's reason */
static char *stderr_excerpt(const char *path)
{
	size_t n = 0, i, lines = 0;
	char *text = read_file(path, &n), *r;
	if (!text || !n) {
		free(text);
		return xstrdup("");
	}
	for (i = 0; i < n && lines < 8; i++)
		lines += text[i] == '\n';
	while (i > 0 && text[i - 1] == '\n')
		i--;
	r = xasprintf("; pocl's stderr: %.*s", (int)i, text);
	free(text);
	return r;
}

int pocl_run(const char *cl, const Kernel *k, const EmuLaunch *l, EmuResult *r, char **why)
{
	PoclShared *s = shared(sizeof *s);
	uint8_t **out = xcalloc(l->args.n + 1, sizeof *out);
	char path[] = "/tmp/translate-pocl-XXXXXX", epath[] = "/tmp/translate-pocl-XXXXXX", *err;
	int fd = mkstemp(path), efd = mkstemp(epath), st = 0, timed_out, rc = POCL_FAILED;
	size_t i, n = 0;
	pid_t pid;
	err = NULL;
	*why = NULL;
	memset(r, 0, sizeof *r);
	s->status = POCL_FAILED;
	if (fd < 0 || efd < 0) {
		*why = xasprintf("cannot create a file for pocl's output: %s", strerror(errno));
		goto done;
	}
	for (i = 0; i < l->args.n; i++)
		if (l->args.v[i].kind == EA_BUFFER || l->args.v[i].kind == EA_IMAGE)
			out[i] = shared(l->args.v[i].size);
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		*why = xasprintf("cannot fork pocl's process: %s", strerror(errno));
		goto done;
	}
	if (pid == 0) {
		setpgid(0, 0);
		/* pocl's and the twin's crashes are their own signals, not a
		 * sanitizer's report on translate (see twin.c) */
		signal(SIGSEGV, SIG_DFL);
		signal(SIGBUS, SIG_DFL);
		signal(SIGFPE, SIG_DFL);
		signal(SIGILL, SIG_DFL);
		/* one worker thread: records stay whole and in order, and the
		 * machine's other jobs keep their cores */
		setenv("POCL_MAX_PTHREAD_COUNT", "1", 0);
		if (dup2(fd, 1) < 0 || dup2(efd, 2) < 0)
			_exit(3);
		child(s, cl, k, l, out);
		fflush(NULL);
		_exit(0);
	}
	timed_out = wait_limited(pid, &st);
	err = stderr_excerpt(epath);
	if (timed_out) {
		*why = xasprintf("pocl's process did not finish within %d s (TRANSLATE_POCL_TIMEOUT)",
		                 timeout_seconds());
	} else if (WIFSIGNALED(st)) {
		*why = xasprintf("pocl's process died of signal %d (%s)%s%s%s", WTERMSIG(st), strsignal(WTERMSIG(st)),
		                 s->error[0] ? ": " : "", s->error, err);
	} else if (!WIFEXITED(st) || WEXITSTATUS(st)) {
		*why = xasprintf("pocl's process exited with status %d%s", WIFEXITED(st) ? WEXITSTATUS(st) : -1, err);
	} else if (s->status != POCL_RAN) {
		rc = s->status;
		*why = xasprintf("%s%s", s->error[0] ? s->error : "pocl gave no result", rc == POCL_SKIPPED ? "" : err);
	} else {
		char *text = read_file(path, &n);
		for (i = 0; i < l->args.n; i++) {
			Buf b = {0};
			if (out[i])
				buf_add(&b, out[i], l->args.v[i].size);
			vec_push(&r->buffers, b);
		}
		split_printf(text ? text : "", text ? n : 0, r);
		free(text);
		r->ok = 1;
		rc = POCL_RAN;
	}
done:
	if (fd >= 0) {
		close(fd);
		unlink(path);
	}
	if (efd >= 0) {
		close(efd);
		unlink(epath);
	}
	free(err);
	for (i = 0; i < l->args.n; i++)
		if (out[i])
			munmap(out[i], l->args.v[i].size ? l->args.v[i].size : 1);
	free(out);
	munmap(s, sizeof *s);
	return rc;
}

#else /* !HAVE_OPENCL */

int pocl_run(const char *cl, const Kernel *k, const EmuLaunch *l, EmuResult *r, char **why)
{
	(void)cl, (void)k, (void)l;
	memset(r, 0, sizeof *r);
	*why = xstrdup("translate was built without OpenCL (configure found no CL/cl.h or libOpenCL; "
	               "Debian: apt-get install pocl-opencl-icd ocl-icd-opencl-dev opencl-headers)");
	return POCL_SKIPPED;
}

#endif
