/* mdprint.c - the canonical rendering of a whole program: the IL printer
 * with the metadata layer's own lines (;ARGSTART blocks, data segments)
 * regenerated from the metadata model. */
#include "metadata.h"

void md_print_program(Buf *out, const Program *p)
{
	il_print(out, p->m, NULL, NULL);
}
