/* twinrt.c - the host runtime of an OpenCL C twin kernel (translate
 * --conform's third opinion, src/emu/twin.c).
 *
 * The twin (tests/kernels/K.cl) is compiled by clang as OpenCL C for the
 * host (x86-64, opencl-c.h declarations) together with an entry function
 * that unpacks the arguments; this file, compiled as C next to it, defines
 * the OpenCL builtins the kernel calls under their Itanium-mangled names and
 * runs the NDRange: work-groups one after another, the work-items of a group
 * as coroutines (ucontext) that switch at barrier(), so __local variables
 * (static storage in host code) are shared by the group as on a device.
 * Atomics are plain read-modify-writes: only one work-item runs at a time.
 * printf is not carried (the third opinion compares buffers only).
 */
#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>
#include <math.h>
#include <fenv.h>

/* Shared with src/emu/twin.c: keep in step. */
typedef struct TwinLaunch {
	int dim;
	uint32_t global[3], local[3], offset[3];
	void **args;                  /* per argument: where its value is (for a pointer:
	                               * a variable holding the pointer); NULL-terminated */
	void (*entry)(void **);       /* __twin_entry of the compiled kernel */
	char error[256];              /* why the run stopped, empty when it finished */
} TwinLaunch;

typedef struct Item {
	ucontext_t ctx;
	size_t lid[3];
	int done, at_barrier;
	char *stack;
} Item;

static TwinLaunch *L;
static size_t grp[3], cur;
static Item *items;
static ucontext_t sched;

size_t _Z13get_global_idj(unsigned d)
{
	return d < 3 ? grp[d] * L->local[d] + items[cur].lid[d] + L->offset[d] : 0;
}
size_t _Z12get_local_idj(unsigned d) { return d < 3 ? items[cur].lid[d] : 0; }
size_t _Z12get_group_idj(unsigned d) { return d < 3 ? grp[d] : 0; }
size_t _Z15get_global_sizej(unsigned d) { return d < 3 ? L->global[d] : 1; }
size_t _Z14get_local_sizej(unsigned d) { return d < 3 ? L->local[d] : 1; }
size_t _Z23get_enqueued_local_sizej(unsigned d) { return d < 3 ? L->local[d] : 1; }
size_t _Z14get_num_groupsj(unsigned d) { return d < 3 ? L->global[d] / L->local[d] : 1; }
size_t _Z17get_global_offsetj(unsigned d) { return d < 3 ? L->offset[d] : 0; }
unsigned _Z12get_work_dimv(void) { return (unsigned)L->dim; }

void _Z7barrierj(unsigned flags)
{
	(void)flags;
	items[cur].at_barrier = 1;
	swapcontext(&items[cur].ctx, &sched);
}
void _Z9mem_fencej(unsigned flags) { (void)flags; }
void _Z14read_mem_fencej(unsigned flags) { (void)flags; }
void _Z15write_mem_fencej(unsigned flags) { (void)flags; }

/* atomics: name, mangled length, address space, element code, C type */
#define ATOM2(n, len, as, c, T, e) \
	T _Z##len##n##PU##as##V##c##c(volatile T *p, T v) { T o = *p; *p = (e); return o; }
#define ATOM1(n, len, as, c, T, e) \
	T _Z##len##n##PU##as##V##c(volatile T *p) { T o = *p; *p = (e); return o; }
#define ATOM3(n, len, as, c, T) \
	T _Z##len##n##PU##as##V##c##c##c(volatile T *p, T cmp, T v) { T o = *p; if (o == cmp) *p = v; return o; }
#define ATOMS(as, c, T) \
	ATOM2(atomic_add, 10, as, c, T, o + v) ATOM2(atomic_sub, 10, as, c, T, o - v) \
	ATOM2(atomic_xchg, 11, as, c, T, v) ATOM2(atomic_min, 10, as, c, T, o < v ? o : v) \
	ATOM2(atomic_max, 10, as, c, T, o > v ? o : v) ATOM2(atomic_and, 10, as, c, T, o & v) \
	ATOM2(atomic_or, 9, as, c, T, o | v) ATOM2(atomic_xor, 10, as, c, T, o ^ v) \
	ATOM1(atomic_inc, 10, as, c, T, o + 1) ATOM1(atomic_dec, 10, as, c, T, o - 1) \
	ATOM3(atomic_cmpxchg, 14, as, c, T) \
	ATOM2(atom_add, 8, as, c, T, o + v) ATOM2(atom_sub, 8, as, c, T, o - v) \
	ATOM2(atom_xchg, 9, as, c, T, v) ATOM2(atom_min, 8, as, c, T, o < v ? o : v) \
	ATOM2(atom_max, 8, as, c, T, o > v ? o : v) ATOM2(atom_and, 8, as, c, T, o & v) \
	ATOM2(atom_or, 7, as, c, T, o | v) ATOM2(atom_xor, 8, as, c, T, o ^ v) \
	ATOM1(atom_inc, 8, as, c, T, o + 1) ATOM1(atom_dec, 8, as, c, T, o - 1) \
	ATOM3(atom_cmpxchg, 12, as, c, T)
ATOMS(8CLglobal, i, int)
ATOMS(8CLglobal, j, unsigned)
ATOMS(7CLlocal, i, int)
ATOMS(7CLlocal, j, unsigned)
ATOMS(8CLglobal, l, long)          /* cl_khr_int64_base/extended_atomics */
ATOMS(8CLglobal, m, unsigned long)

int __twin_printf(const char *fmt, ...) { (void)fmt; return 0; }

/* scalar integer and float builtins (Itanium mangling: i int, j uint, f float) */
#define MINMAX(c, T) \
	T _Z3min##c##c(T a, T b) { return a < b ? a : b; } \
	T _Z3max##c##c(T a, T b) { return a > b ? a : b; } \
	T _Z5clamp##c##c##c(T x, T lo, T hi) { return x < lo ? lo : x > hi ? hi : x; }
MINMAX(i, int)
MINMAX(j, unsigned)
MINMAX(f, float)
unsigned _Z3absi(int x) { return x < 0 ? 0u - (unsigned)x : (unsigned)x; }
unsigned _Z3absj(unsigned x) { return x; }
int _Z5mul24ii(int a, int b)
{
	int32_t sa = (int32_t)((uint32_t)a << 8) >> 8, sb = (int32_t)((uint32_t)b << 8) >> 8;
	return (int)(uint32_t)((int64_t)sa * sb); /* the low 32 bits, as OpenCL defines */
}
unsigned _Z5mul24jj(unsigned a, unsigned b) { return (a & 0xffffff) * (b & 0xffffff); }
int _Z5mad24iii(int a, int b, int c) { return _Z5mul24ii(a, b) + c; }
unsigned _Z5mad24jjj(unsigned a, unsigned b, unsigned c) { return _Z5mul24jj(a, b) + c; }
int _Z8popcounti(int x) { return __builtin_popcount((unsigned)x); }
unsigned _Z8popcountj(unsigned x) { return (unsigned)__builtin_popcount(x); }
int _Z3clzi(int x) { return x ? __builtin_clz((unsigned)x) : 32; }
unsigned _Z3clzj(unsigned x) { return x ? (unsigned)__builtin_clz(x) : 32; }
int _Z6mul_hiii(int a, int b) { return (int)(((long long)a * b) >> 32); }
unsigned _Z6mul_hijj(unsigned a, unsigned b) { return (unsigned)(((unsigned long long)a * b) >> 32); }
int _Z6mad_hiiii(int a, int b, int c) { return (int)((unsigned)_Z6mul_hiii(a, b) + (unsigned)c); }
unsigned _Z6mad_hijjj(unsigned a, unsigned b, unsigned c) { return _Z6mul_hijj(a, b) + c; }
unsigned _Z8abs_diffii(int a, int b) { return a > b ? (unsigned)a - (unsigned)b : (unsigned)b - (unsigned)a; }
unsigned _Z8abs_diffjj(unsigned a, unsigned b) { return a > b ? a - b : b - a; }
int _Z7add_satii(int a, int b) { long long s = (long long)a + b; return s > INT32_MAX ? INT32_MAX : s < INT32_MIN ? INT32_MIN : (int)s; }
unsigned _Z7add_satjj(unsigned a, unsigned b) { return a + b < a ? 0xFFFFFFFFu : a + b; }
int _Z7sub_satii(int a, int b) { long long s = (long long)a - b; return s > INT32_MAX ? INT32_MAX : s < INT32_MIN ? INT32_MIN : (int)s; }
unsigned _Z7sub_satjj(unsigned a, unsigned b) { return a < b ? 0u : a - b; }
/* hadd: (a + b) >> 1, rhadd: (a + b + 1) >> 1, without overflow */
int _Z4haddii(int a, int b) { return (int)(((long long)a + b) >> 1); }
unsigned _Z4haddjj(unsigned a, unsigned b) { return (unsigned)(((unsigned long long)a + b) >> 1); }
int _Z5rhaddii(int a, int b) { return (int)(((long long)a + b + 1) >> 1); }
unsigned _Z5rhaddjj(unsigned a, unsigned b) { return (unsigned)(((unsigned long long)a + b + 1) >> 1); }
/* any / all of a scalar: its sign bit */
int _Z3anyi(int x) { return x < 0; }
int _Z3alli(int x) { return x < 0; }
int _Z6rotateii(int v, int n) { unsigned u = (unsigned)v; n &= 31; return (int)(n ? u << n | u >> (32 - n) : u); }
unsigned _Z6rotatejj(unsigned u, unsigned n) { n &= 31; return n ? u << n | u >> (32 - n) : u; }
/* convert_uint_sat(float): toward zero, saturated, NaN -> 0 (OpenCL 1.2 6.2.3.3) */
unsigned _Z16convert_uint_satf(float x)
{
	if (!(x > 0.0f))
		return 0;
	return x >= 4294967296.0f ? 0xFFFFFFFFu : (unsigned)x;
}
float _Z4fabsf(float x) { return __builtin_fabsf(x); }
float _Z4fminff(float a, float b) { return __builtin_fminf(a, b); }
float _Z4fmaxff(float a, float b) { return __builtin_fmaxf(a, b); }
float _Z5floorf(float x) { return __builtin_floorf(x); }
float _Z4ceilf(float x) { return __builtin_ceilf(x); }
float _Z5truncf(float x) { return __builtin_truncf(x); }
float _Z4rintf(float x) { return __builtin_rintf(x); }
float _Z5roundf(float x) { return __builtin_roundf(x); }
float _Z3madfff(float a, float b, float c) { return a * b + c; }
float _Z3fmafff(float a, float b, float c) { return __builtin_fmaf(a, b, c); }
float _Z4sqrtf(float x) { return __builtin_sqrtf(x); }
float _Z5rsqrtf(float x) { return 1.0f / __builtin_sqrtf(x); }
float _Z3expf(float x) { return __builtin_expf(x); }
float _Z4exp2f(float x) { return __builtin_exp2f(x); }
float _Z3logf(float x) { return __builtin_logf(x); }
float _Z4log2f(float x) { return __builtin_log2f(x); }
float _Z5exp10f(float x) { return __builtin_exp10f(x); }
float _Z5log10f(float x) { return __builtin_log10f(x); }
float _Z3sinf(float x) { return __builtin_sinf(x); }
float _Z3cosf(float x) { return __builtin_cosf(x); }
float _Z11native_sqrtf(float x) { return __builtin_sqrtf(x); }
float _Z10native_expf(float x) { return __builtin_expf(x); }
float _Z10native_logf(float x) { return __builtin_logf(x); }
float _Z10native_sinf(float x) { return __builtin_sinf(x); }
float _Z10native_cosf(float x) { return __builtin_cosf(x); }
float _Z12native_recipf(float x) { return 1.0f / x; }
float _Z3tanf(float x) { return __builtin_tanf(x); }
float _Z4asinf(float x) { return __builtin_asinf(x); }
float _Z4acosf(float x) { return __builtin_acosf(x); }
float _Z4atanf(float x) { return __builtin_atanf(x); }
float _Z5atan2ff(float y, float x) { return __builtin_atan2f(y, x); }
float _Z5expm1f(float x) { return __builtin_expm1f(x); }
float _Z5log1pf(float x) { return __builtin_log1pf(x); }
float _Z4sinhf(float x) { return __builtin_sinhf(x); }
float _Z4coshf(float x) { return __builtin_coshf(x); }
float _Z4tanhf(float x) { return __builtin_tanhf(x); }
float _Z3powff(float x, float y) { return __builtin_powf(x, y); }
/* powr: OpenCL 1.2 7.5.1's special cases, then pow */
float _Z4powrff(float x, float y)
{
	if (x != x || y != y || (__builtin_signbit(x) && x != 0.0f) || (x == 0.0f && y == 0.0f) ||
	    (__builtin_isinf(x) && y == 0.0f) || (x == 1.0f && __builtin_isinf(y)))
		return __builtin_nanf("");
	if (y == 0.0f || x == 1.0f)
		return 1.0f;
	if (x == 0.0f)
		return y < 0.0f ? __builtin_inff() : 0.0f;
	return __builtin_powf(x, y);
}
float _Z4fmodff(float x, float y) { return __builtin_fmodf(x, y); }
float _Z5ldexpfi(float x, int n) { return __builtin_ldexpf(x, n); }
float _Z5frexpfPU9CLprivatei(float x, int *e) { return __builtin_frexpf(x, e); }
int _Z5ilogbf(float x) { return __builtin_ilogbf(x); }
float _Z4logbf(float x) { return __builtin_logbf(x); }
float _Z8copysignff(float x, float y) { return __builtin_copysignf(x, y); }
float _Z9nextafterff(float x, float y) { return __builtin_nextafterf(x, y); }
/* relational builtins: 1 / 0 for scalars */
int _Z5isnanf(float x) { return __builtin_isnan(x) != 0; }
int _Z5isinff(float x) { return __builtin_isinf(x) != 0; }
int _Z8isfinitef(float x) { return __builtin_isfinite(x) != 0; }
int _Z7signbitf(float x) { return __builtin_signbit(x) != 0; }
int _Z5isnand(double x) { return __builtin_isnan(x) != 0; }
int _Z5isinfd(double x) { return __builtin_isinf(x) != 0; }
/* convert_float_rt*(double): the host's conversion in that rounding mode */
static float to_float_mode(double d, int mode)
{
	int old = fegetround();
	volatile double v = d;
	volatile float f;
	fesetround(mode);
	f = (float)v;
	fesetround(old);
	return f;
}
float _Z17convert_float_rtzd(double d) { return to_float_mode(d, FE_TOWARDZERO); }
float _Z17convert_float_rtpd(double d) { return to_float_mode(d, FE_UPWARD); }
float _Z17convert_float_rtnd(double d) { return to_float_mode(d, FE_DOWNWARD); }
/* doubles (cl_khr_fp64) */
double _Z3fmaddd(double a, double b, double c) { return __builtin_fma(a, b, c); }
double _Z4sqrtd(double x) { return __builtin_sqrt(x); }
double _Z4fabsd(double x) { return __builtin_fabs(x); }
double _Z5floord(double x) { return __builtin_floor(x); }
double _Z4ceild(double x) { return __builtin_ceil(x); }
double _Z5truncd(double x) { return __builtin_trunc(x); }
double _Z4rintd(double x) { return __builtin_rint(x); }
double _Z4fmindd(double a, double b) { return __builtin_fmin(a, b); }
double _Z4fmaxdd(double a, double b) { return __builtin_fmax(a, b); }
double _Z5ldexpdi(double x, int n) { return __builtin_ldexp(x, n); }

static void item_main(void)
{
	L->entry(L->args);
	items[cur].done = 1;
}

#define STACK (256 * 1024)

/* Runs every work-group; 0 when all work-items finished. */
int __twin_run(TwinLaunch *l)
{
	size_t ng[3], n, i, left;
	L = l;
	for (i = 0; i < 3; i++)
		ng[i] = l->global[i] / l->local[i];
	n = (size_t)l->local[0] * l->local[1] * l->local[2];
	items = calloc(n, sizeof *items);
	for (i = 0; i < n; i++)
		items[i].stack = malloc(STACK);
	for (grp[2] = 0; grp[2] < ng[2]; grp[2]++)
		for (grp[1] = 0; grp[1] < ng[1]; grp[1]++)
			for (grp[0] = 0; grp[0] < ng[0]; grp[0]++) {
				for (i = 0; i < n; i++) {
					Item *it = &items[i];
					it->lid[0] = i % l->local[0];
					it->lid[1] = i / l->local[0] % l->local[1];
					it->lid[2] = i / l->local[0] / l->local[1];
					it->done = it->at_barrier = 0;
					getcontext(&it->ctx);
					it->ctx.uc_stack.ss_sp = it->stack;
					it->ctx.uc_stack.ss_size = STACK;
					it->ctx.uc_link = &sched;
					makecontext(&it->ctx, item_main, 0);
				}
				/* round-robin: each work-item runs to its next barrier */
				for (left = n; left;) {
					left = 0;
					for (cur = 0; cur < n; cur++) {
						if (items[cur].done)
							continue;
						items[cur].at_barrier = 0;
						swapcontext(&sched, &items[cur].ctx);
						left += !items[cur].done;
					}
				}
			}
	for (i = 0; i < n; i++)
		free(items[i].stack);
	free(items);
	return 0;
}
