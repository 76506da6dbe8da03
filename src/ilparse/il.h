/* il.h - the AMD IL layer: the parsed module and the opcode table.
 *
 * A Module is what the text says, with nothing resolved: functions by id,
 * instructions with their operands as written, every comment line (metadata,
 * data segments, printf formats) kept with its location for src/metadata.
 * Control flow stays flat (if/else/endif are instructions); il_check()
 * verifies the nesting.
 */
#ifndef IL_H
#define IL_H

#include "../util.h"

typedef enum OpKind {
	K_INST,      /* ordinary instruction */
	K_DCL,       /* declaration */
	K_IF, K_ELSE, K_ENDIF,
	K_LOOP, K_ENDLOOP, K_BREAK, K_CONTINUE,
	K_SWITCH, K_CASE, K_ENDSWITCH,
	K_CALL, K_RET, K_RETDYN,
	K_FUNC, K_ENDFUNC, K_ENDMAIN, K_END, K_MDEF, K_MEND,
} OpKind;

typedef enum Opcode {
#define OP(id, name, kind, nd, ns) OP_##id,
#include "opcodes.h"
#undef OP
	OP_PSEUDO_CALL, /* the ";$$$$$$$$$$" patch point in main */
	OP_COUNT
} Opcode;

typedef struct OpInfo {
	const char *name; /* spelling */
	OpKind kind;      /* syntactic role */
	int ndst, nsrc;   /* operand counts, -1 = unchecked */
} OpInfo;
extern const OpInfo il_ops[OP_COUNT];

/* An option glued to an opcode or operand: "_id(11)" is {"id", "11"},
 * "_cached" is {"cached", NULL}. */
typedef struct Mod {
	const char *name; /* text between '_' and '(' */
	const char *arg;  /* text inside the parentheses, NULL if none */
	Loc loc;          /* of the '_' */
} Mod;

typedef enum RegFile {
	RF_TEMP,     /* r<n> */
	RF_LITERAL,  /* l<n> */
	RF_CB,       /* cb<n>[i] */
	RF_ITEMP,    /* x<n>[i] indexed temporary array */
	RF_SPECIAL,  /* vTidInGrp, vAbsTid, ... (num = Special) */
	RF_MEM,      /* mem / mem0: write-mask carrier of stores */
	RF_IN,       /* in<n> macro parameter */
	RF_OUT,      /* out<n> macro result */
	RF_GLOBAL,   /* g[i] (R7xx global buffer) */
	RF_ICB,      /* icb[i] */
	RF_VINPUT,   /* v<n> graphics input */
	RF_VOUTPUT,  /* o<n> graphics output */
	RF_TIMER,    /* Tmr */
	RF_NUMBER,   /* integer literal operand */
	RF_FLOAT,    /* float literal operand (hand-written CAL) */
	RF_GROUP,    /* parenthesised operand list of mcall */
	RF_SHARED,   /* sr<n> shared registers (R7xx) */
	RF_WORD,     /* bare word of a declaration: flags, modes ("a|b" joined) */
} RegFile;

typedef enum Special {
	SR_TID_IN_GRP, SR_TID_IN_GRP_FLAT, SR_THREAD_GRP_ID, SR_THREAD_GRP_ID_FLAT,
	SR_ABS_TID, SR_ABS_TID_FLAT, SR_VA_TID, SR_WIN_COORD,
	SR_OTHER, /* any other v<Name> (graphics inputs such as vFace, vPrimId) */
	SR_COUNT
} Special;

/* Component selectors of a source swizzle. */
enum { SEL_X, SEL_Y, SEL_Z, SEL_W, SEL_0, SEL_1 };
/* Destination write-mask entries. */
enum { WM_SKIP, WM_WRITE, WM_ZERO, WM_ONE };

typedef struct Operand {
	Loc loc;
	RegFile file;
	const char *name;           /* register spelling as written ("vTidInGrp0") */
	long long num;              /* register number, cb id, Special; value of RF_NUMBER */
	int hex;                    /* RF_NUMBER (and the index) was written in hex */
	int index_hex;              /* index_imm was written in hex */
	const char *text;           /* RF_FLOAT: the number as written */
	double fval;                /* RF_FLOAT value */
	int has_index;              /* "[...]" present */
	long long index_imm;        /* constant part of the index */
	struct Operand *index_reg;  /* relative part of the index, NULL if none */
	char comps[8];              /* text after '.', "" when absent */
	Loc comps_loc;              /* of the '.' */
	Mod *mods;                  /* _neg(x), _abs ... */
	int nmods;
	struct Operand *group;      /* RF_GROUP members */
	int ngroup;
} Operand;

typedef struct Inst {
	Loc loc;
	Opcode op;
	const char *word;  /* the opcode word as written, modifiers included */
	const char *arg;   /* parenthesised argument right after the base: mdef(N), mcall(N) */
	Mod *mods;         /* instruction modifiers in written order */
	int nmods;
	Operand *ops;      /* destination first, then sources */
	int nops;
} Inst;

typedef struct Func {
	Loc loc;           /* of the "func" / "mdef" word */
	Loc end_loc;       /* of "endfunc" / "mend" / "endmain" */
	long long id;      /* func N / mdef(N); -1 for main */
	const char *name;  /* trailing comment of the header line, trimmed; may be NULL */
	int is_macro;      /* mdef ... mend */
	int outline;       /* mdef ..._outline */
	int open_end;      /* func without "endfunc" (brcc): ends at the next
	                      func, mdef or "end"; end_loc is its last line */
	int nout, nin;     /* macro outputs / inputs */
	int approx;        /* AMD library macro whose result is approximate (a
	                      transcendental): OpenCL's bound in ulps, else 0 */
	VEC(Inst) code;
} Func;

typedef struct Comment {
	Loc loc;           /* of the ';' */
	const char *text;  /* after ';' up to end of line, CR removed */
} Comment;

typedef struct Module {
	Arena arena;         /* everything below lives here */
	const char *file;    /* interned */
	const char *lang;    /* optional language line before the header ("dx11_ps") */
	Loc lang_loc;
	Loc end_loc;         /* of the final "end" */
	const char *header;  /* "il_cs_2_0" */
	int has_endmain;     /* main was closed by endmain (CAL programs may omit it) */
	Loc header_loc;
	Func main;           /* code before endmain */
	VEC(Func *) funcs;   /* func ... endfunc and outlined mdefs after endmain, in order */
	VEC(Func *) macros;  /* mdef ... mend (not outlined) */
	VEC(Comment) comments; /* every comment line, in file order */
	VEC(int) error_lines;  /* lines with a syntax error (il_check leaves them alone) */
	VEC(struct Module *) library; /* AMD library macros this module called (il_macro) */
} Module;

/* il.c */
const char *il_special_name(Special s);
int il_swizzle(const Operand *o, int sel[4]);   /* 0 ok, -1 malformed */
int il_wmask(const Operand *o, int m[4]);       /* 0 ok, -1 malformed */
const Mod *il_mod(const Mod *mods, int n, const char *name);
int il_known_mod(const char *name);             /* instruction modifier AMD's IL has */
const Mod *il_inst_mod(const Inst *i, const char *name);
/* Does a dcl_input/dcl_output declare this usage: dcl_output_generic o0
 * and dcl_output_usage(generic) o0 (brcc's spelling) alike? */
int il_dcl_usage(const Inst *in, const char *usage);
long long il_mod_int(const Mod *m, long long dflt); /* numeric argument, dflt if none */
Func *il_func(Module *m, long long id);
/* call N, call_logicalnz/z: the function id operand (the number; AMD's
 * operand order of the conditional forms is not documented, both are
 * taken) and the condition (the other operand), NULL when absent */
const Operand *il_call_target(const Inst *in);
const Operand *il_call_cond(const Inst *in);
const Comment *il_comment_on_line(const Module *m, const char *file, int line);
int il_check(Module *m);                     /* structure check; 0 ok */
/* The nesting of a checked body in one linear pass: for each if/whileloop/
 * switch at i, close[i] is its endif/endloop/endswitch (code.n when open)
 * and else_at[i] an if's else (0 when none); other entries are 0.  Passes
 * that jump over nested blocks use it instead of rescanning (which is
 * quadratic in the nesting depth).  Both arrays are xmalloc'ed, n entries. */
void il_nest(const Func *f, size_t **close, size_t **else_at);
void il_free(Module *m);

/* libmacro.c: AMD's macro library, whose macros programs call by id
 * without their text (ids of the 2011 macro database, docs/libmacro.md).
 * il_macro: the macro mcall(id) runs: the program's own mdef(id) (outlined
 * or not) if it has one, else the built-in text of library macro id (parsed
 * once, kept with m), else NULL. */
const Func *il_macro(Module *m, long long id);
const char *il_libmacro_name(long long id); /* the library's name; NULL outside 0..513 */
int il_libmacro_builtin(long long id);      /* 1 when the translator has id's text */
int il_libmacro_count(void);                /* ids in the library (514) */
/* 1 when file is the name il_macro gives a built-in library macro's text
 * (its instructions' Loc.file) */
int il_libmacro_file(const char *file);

/* print.c: canonical text (hook: prints comment lines it owns starting at
 * comments.v[index], returns how many it consumed, 0 = none) and a
 * location-free dump of every model field */
typedef size_t (*IlCommentHook)(void *ctx, const Module *m, size_t index, Buf *out);
void il_print(Buf *out, const Module *m, IlCommentHook hook, void *ctx);
void il_print_inst(Buf *b, const Inst *in);
void il_print_operand(Buf *b, const Operand *o);
void il_dump(Buf *b, const Module *m);

/* parse.c (grammar in parser.y, scanner in lexer.l) */
Module *il_parse(const char *file, const char *text, size_t len); /* NULL on error */

/* amdbin.c: an AMD OpenCL program binary (AMD-APP 2.x's ELF, e.g. the SDK
 * samples' *_Kernels.bin) holds each kernel's IL as binary tokens;
 * il_amd_binary returns the program as IL text (every kernel in one
 * program, the data segments, NUL-terminated, *len its length; the
 * caller frees it), or NULL after a diagnostic at the offending byte */
int il_is_amd_binary(const char *text, size_t len);
char *il_amd_binary(const char *path, const uint8_t *p, size_t n, size_t *len);
int il_amd_binary_opcode(unsigned bin); /* an ordinary instruction's opcode, else -1 */

#endif
