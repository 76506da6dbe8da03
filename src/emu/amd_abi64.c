/* amd_abi64.c - AMD's 64-bit ABI (;memory:64bitABI) in the emulated AMD
 * runtime (docs/real-il.md section 9).
 *
 * A pointer argument is a 64-bit address in .xy of its cb1 slot; the
 * kernel adds 64-bit offsets to it (i64add) and a global or constant
 * access takes the address as a component pair (x low, y high dword).  The
 * runtime here keeps one byte memory per UAV id as for 32-bit kernels and
 * gives every UAV memory byte `off` the 64-bit address AMD_ABI64_BASE + off,
 * a base whose low dword is 0xFFFFF000: every offset from 4 KiB on carries
 * into the high dword, so a kernel (or a translation) that drops the high
 * dword or its carry reads outside every buffer and stops.  cb0[8].xy is
 * the data segment's address, cb0[9].yzw the global offset; the printf
 * fields (cb0[8].zw, cb0[9].x) stay unfilled (64-bit printf is not
 * emulated), so a kernel that reads them is refused at that read.
 * Private memory and LDS keep 32-bit offsets: the low dword of the
 * address operand (the AMD compiler's private frame arithmetic is a 32-bit
 * iadd on the pair, which leaves the high dword meaningless). */
#include <string.h>

#include "amdint.h"

int amd_abi64(const Run *R)
{
	return R->k->md->abi64;
}

uint64_t amd_abi64_addr(uint32_t off)
{
	return AMD_ABI64_BASE + off;
}

/* The UAV memory offset a 64-bit access at pair s reaches; sets R->err
 * (with the address) when it lies below the base or 4 GiB past it. */
uint32_t amd_abi64_offset(Run *R, Item *it, const AInst *a, const ASrc *s)
{
	uint64_t lo = amd_src(R, it, a, s, 0, 0), hi = amd_src(R, it, a, s, 1, 0);
	uint64_t at = lo | hi << 32;
	if (R->err)
		return 0;
	if (at < AMD_ABI64_BASE || at - AMD_ABI64_BASE > 0xFFFFFFFFull) {
		amd_fail(R, it, a, "64-bit address 0x%016llx (the pair's x = low, y = high dword) is "
		         "outside every buffer (they lie at 0x%016llx + their UAV offset)",
		         (unsigned long long)at, (unsigned long long)AMD_ABI64_BASE);
		return 0;
	}
	return (uint32_t)(at - AMD_ABI64_BASE);
}
