/* parse.h - private to the scanner and the grammar: the state they share. */
#ifndef PARSE_H
#define PARSE_H

#include <string.h>

#include "il.h"

typedef struct ParseState {
	Module *m;          /* module being built */
	const char *file;   /* interned file name */
	int line, col;      /* position of the next byte */
	int want_op;        /* the next word starts a statement */
	int after_operand;  /* ...because an operand ended without a comma */
	int space;          /* the last thing scanned was white space, a line end or a comment */
	int cur_kind;       /* OpKind of the statement being scanned */
	int last_tok;       /* last token returned to the grammar */
	int prev_tok;       /* the one before it */
	Loc bracket_loc, paren_loc; /* first open '[' / '(' of the line */
	int tok_line, tok_end_col; /* where it ended */
	int brackets, parens; /* open '[' and '(' on this line */
	char last_reg[64];  /* last register name, for "missing ']' after 'cb1[3'" */
	char bracket_text[96]; /* the open indexed operand as written so far */
	Loc func_loc;       /* last 'func' word */
	char last_word[64]; /* last opcode word */
	Loc open_md;        /* open ;ARGSTART (line 0: none) */
	char open_md_name[96];
	Loc open_data;      /* open ;#DATASTART (line 0: none) */
	char open_data_text[64];
	int spaced;         /* ...as seen by the current token */
	int in_debug;       /* inside ;DEBUGSTART ... ;DEBUGEND */
	Loc debug_loc;      /* where the open debug block started */
	Func *cur;          /* function receiving statements */
	int errors;         /* errors reported by scanner and grammar */
	int reported;       /* the scanner already diagnosed the token it returned */
	int seen_header;    /* the il_* header was read */
	int last_err_line;  /* line of the last error: one error per line */
} ParseState;

typedef VEC(Operand) OperandVec;

typedef struct Num {
	long long v;        /* value */
	int hex;            /* written in hex */
} Num;

typedef struct FloatLit {
	double v;           /* value */
	const char *text;   /* as written */
} FloatLit;

/* Token locations: bison's YYLTYPE replaced by a start position. */
typedef struct IL_YYLTYPE {
	int first_line, first_column, last_line, last_column;
} IL_YYLTYPE;
#define IL_YYLTYPE_IS_DECLARED 1
#define IL_YYLTYPE_IS_TRIVIAL 1
typedef IL_YYLTYPE YYLTYPE;

Inst *il_opword(ParseState *ps, const char *word, size_t len, Loc loc);
/* Is word[0..len) an opcode, possibly with modifiers (no '(' part)? */
int il_is_opword(const char *word, size_t len);
Loc ps_loc(ParseState *ps, const YYLTYPE *l);
/* snprintf(dst, cap, "%s", src) without the format machinery: the scanner
 * keeps a copy of every opcode word and register for its diagnostics. */
static inline void ps_copy(char *dst, size_t cap, const char *src)
{
	size_t n = strlen(src);
	if (n >= cap)
		n = cap - 1;
	memcpy(dst, src, n);
	dst[n] = 0;
}
void ps_error(ParseState *ps, Loc l, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
