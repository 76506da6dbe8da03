/* translate.h - the translation layer: AMD's runtime ABI mapped onto the
 * Level Zero payload, address provenance, and the lowering of linked IL to
 * vISA.
 *
 * translate_kernel: requires a linked Kernel (md_link) and a Platform;
 * provides a VKernel ready for the text writer and the ZeKernel fields that
 * describe its payload (the code itself comes from the finalizer later).
 */
#ifndef TRANSLATE_H
#define TRANSLATE_H

#include "../gen/gen.h"
#include "../metadata/metadata.h"
#include "../visa/visa.h"

/* Where a cb0 component comes from (data/cb0.xml). */
typedef enum Cb0Source { CB0_UNSUPPORTED, CB0_PAYLOAD, CB0_CONSTANT } Cb0Source;

typedef struct Cb0Entry {
	const char *meaning;   /* "global work size x" */
	Cb0Source source;
	ZeArgType arg;         /* CB0_PAYLOAD: implicit argument */
	int element;           /* CB0_PAYLOAD: dword inside that argument */
	uint32_t value;        /* CB0_CONSTANT: bit pattern */
	int present;           /* the table names this slot/component */
} Cb0Entry;

#define CB0_SLOTS 16
typedef struct Cb0Table {
	Cb0Entry e[CB0_SLOTS][4]; /* [slot][component] */
} Cb0Table;

/* cb0table.c */
int cb0_load(const char *datadir, Cb0Table *t); /* 0 ok; diagnostics on failure */
int implicit_arg_size(ZeArgType t);            /* bytes of an implicit payload argument */

typedef struct TranslateOptions {
	const Platform *plat;
	int simd;              /* 0 = platform default */
	const Cb0Table *cb0;
} TranslateOptions;

/* provenance.c: for every UAV access of the kernel, the pointer argument
 * its address derives from (-1 when not static). */
typedef struct Provenance {
	VEC(const Inst *) insts;  /* memory instructions visited */
	VEC(int) base;           /* argument index or a PV_* value, parallel to insts */
} Provenance;
enum { PV_UNDEF = -1, PV_NONPTR = -2, PV_TOP = -3 };
int provenance(Program *p, Kernel *k, Provenance *out); /* 0 ok */
int provenance_of(const Provenance *pv, const Inst *in);
void provenance_free(Provenance *pv);

/* lower.c */
int translate_kernel(Program *p, Kernel *k, const TranslateOptions *o,
                     VKernel **vk, ZeKernel *ze);

#endif
