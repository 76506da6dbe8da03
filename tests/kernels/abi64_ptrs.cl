__constant int tab[8] = {2, 3, 5, 7, 11, 13, 17, 19};

/* A pointer stored to global memory and loaded back (volatile keeps the
 * load), dereferenced, tested against NULL and subtracted from another. */
__kernel void abi64_ptrs(__global int *a, __global int *b, __global int *out,
                         volatile __global ulong *slot, int k)
{
	size_t g = get_global_id(0);
	__global int *p = (g & 1) ? a : b;
	slot[g] = (ulong)(p + g);
	__global int *q = (__global int *)slot[g];
	out[g] = *q * tab[(g + k) & 7] + (q != 0);
	slot[g] = (ulong)(q - p);
}
