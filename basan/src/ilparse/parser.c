/* A Bison parser, made by GNU Bison 3.8.2.  */

/* Bison implementation for Yacc-like parsers in C

   Copyright (C) 1984, 1989-1990, 2000-2015, 2018-2021 Free Software Foundation,
   Inc.

   This program is free software: you can redistribute it and/or modify
   it under the terms of the GNU General Public License as published by
   the Free Software Foundation, either version 3 of the License, or
   (at your option) any later version.

   This program is distributed in the hope that it will be useful,
   but WITHOUT ANY WARRANTY; without even the implied warranty of
   MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
   GNU General Public License for more details.

   You should have received a copy of the GNU General Public License
   along with this program.  If not, see <https://www.gnu.org/licenses/>.  */

/* As a special exception, you may create a larger work that contains
   part or all of the Bison parser skeleton and distribute that work
   under terms of your choice, so long as that work isn't itself a
   parser generator using the skeleton or a modified version thereof
   as a parser skeleton.  Alternatively, if you modify or redistribute
   the parser skeleton itself, you may (at your option) remove this
   special exception, which will cause the skeleton and the resulting
   Bison output files to be licensed under the GNU General Public
   License without this special exception.

   This special exception was added by the Free Software Foundation in
   version 2.2 of Bison.  */

/* C LALR(1) parser skeleton written by Richard Stallman, by
   simplifying the original so-called "semantic" parser.  */

/* DO NOT RELY ON FEATURES THAT ARE NOT DOCUMENTED in the manual,
   especially those whose name start with YY_ or yy_.  They are
   private implementation details that can be changed or removed.  */

/* All symbols defined below should begin with yy or YY, to avoid
   infringing on user name space.  This should be done even for local
   variables, as they might otherwise be expanded by user macros.
   There are some unavoidable exceptions within include files to
   define necessary library symbols; they are noted "INFRINGES ON
   USER NAME SPACE" below.  */

/* Identify Bison output, and Bison version.  */
#define YYBISON 30802

/* Bison version string.  */
#define YYBISON_VERSION "3.8.2"

/* Skeleton name.  */
#define YYSKELETON_NAME "yacc.c"

/* Pure parsers.  */
#define YYPURE 2

/* Push parsers.  */
#define YYPUSH 0

/* Pull parsers.  */
#define YYPULL 1

/* Substitute the type names.  */
#define YYSTYPE         IL_YYSTYPE
#define YYLTYPE         IL_YYLTYPE
/* Substitute the variable and function names.  */
#define yyparse         il_yyparse
#define yylex           il_yylex
#define yyerror         il_yyerror
#define yydebug         il_yydebug
#define yynerrs         il_yynerrs


# ifndef YY_CAST
#  ifdef __cplusplus
#   define YY_CAST(Type, Val) static_cast<Type> (Val)
#   define YY_REINTERPRET_CAST(Type, Val) reinterpret_cast<Type> (Val)
#  else
#   define YY_CAST(Type, Val) ((Type) (Val))
#   define YY_REINTERPRET_CAST(Type, Val) ((Type) (Val))
#  endif
# endif
# ifndef YY_NULLPTR
#  if defined __cplusplus
#   if 201103L <= __cplusplus
#    define YY_NULLPTR nullptr
#   else
#    define YY_NULLPTR 0
#   endif
#  else
#   define YY_NULLPTR ((void*)0)
#  endif
# endif

#include "parser.h"
/* Symbol kind.  */
enum yysymbol_kind_t
{
  YYSYMBOL_YYEMPTY = -2,
  YYSYMBOL_YYEOF = 0,                      /* "end of file"  */
  YYSYMBOL_YYerror = 1,                    /* error  */
  YYSYMBOL_YYUNDEF = 2,                    /* "invalid token"  */
  YYSYMBOL_OPC = 3,                        /* "instruction"  */
  YYSYMBOL_FUNC = 4,                       /* "func"  */
  YYSYMBOL_ENDFUNC = 5,                    /* "endfunc"  */
  YYSYMBOL_ENDMAIN = 6,                    /* "endmain"  */
  YYSYMBOL_END = 7,                        /* "end"  */
  YYSYMBOL_MDEF = 8,                       /* "mdef"  */
  YYSYMBOL_MEND = 9,                       /* "mend"  */
  YYSYMBOL_HEADER = 10,                    /* "IL header (il_cs_2_0)"  */
  YYSYMBOL_LANG = 11,                      /* "language line"  */
  YYSYMBOL_REG = 12,                       /* "register"  */
  YYSYMBOL_COMPS = 13,                     /* "component selector"  */
  YYSYMBOL_NUMBER = 14,                    /* "number"  */
  YYSYMBOL_FLOAT = 15,                     /* "float number"  */
  YYSYMBOL_MOD = 16,                       /* "modifier"  */
  YYSYMBOL_PSEUDO = 17,                    /* ";$$$$$$$$$$"  */
  YYSYMBOL_BADWORD = 18,                   /* "invalid token"  */
  YYSYMBOL_19_ = 19,                       /* ','  */
  YYSYMBOL_20_ = 20,                       /* '['  */
  YYSYMBOL_21_ = 21,                       /* ']'  */
  YYSYMBOL_22_ = 22,                       /* '+'  */
  YYSYMBOL_23_ = 23,                       /* '|'  */
  YYSYMBOL_24_ = 24,                       /* '('  */
  YYSYMBOL_25_ = 25,                       /* ')'  */
  YYSYMBOL_YYACCEPT = 26,                  /* $accept  */
  YYSYMBOL_program = 27,                   /* program  */
  YYSYMBOL_tail = 28,                      /* tail  */
  YYSYMBOL_29_1 = 29,                      /* $@1  */
  YYSYMBOL_macros = 30,                    /* macros  */
  YYSYMBOL_macro = 31,                     /* macro  */
  YYSYMBOL_macro_head = 32,                /* macro_head  */
  YYSYMBOL_header = 33,                    /* header  */
  YYSYMBOL_main = 34,                      /* main  */
  YYSYMBOL_funcs = 35,                     /* funcs  */
  YYSYMBOL_func = 36,                      /* func  */
  YYSYMBOL_func_head = 37,                 /* func_head  */
  YYSYMBOL_stmts = 38,                     /* stmts  */
  YYSYMBOL_stmt = 39,                      /* stmt  */
  YYSYMBOL_operands = 40,                  /* operands  */
  YYSYMBOL_oplist = 41,                    /* oplist  */
  YYSYMBOL_operand = 42,                   /* operand  */
  YYSYMBOL_index_reg = 43,                 /* index_reg  */
  YYSYMBOL_comps_opt = 44                  /* comps_opt  */
};
typedef enum yysymbol_kind_t yysymbol_kind_t;



/* Unqualified %code blocks.  */
#line 22 "../src/ilparse/parser.y"

#include <stdlib.h>
#include <string.h>

static void il_yyerror(IL_YYLTYPE *l, void *scanner, ParseState *ps, const char *msg)
{
	(void)scanner;
	if (ps->reported) {
		/* the scanner's own message already describes this token */
		ps->reported = 0;
		ps->errors++;
		return;
	}
	ps_error(ps, ps_loc(ps, l), "%s", msg);
	ps->last_err_line = l->first_line;
}

static Operand *new_operand(ParseState *ps, IL_YYLTYPE *l)
{
	Operand *o = arena_alloc(&ps->m->arena, sizeof *o);
	o->loc = ps_loc(ps, l);
	return o;
}

static void emit(ParseState *ps, Inst *in, OperandVec *ops)
{
	if (ops) {
		in->nops = (int)ops->n;
		in->ops = arena_alloc(&ps->m->arena, ops->n * sizeof *in->ops);
		if (ops->n)
			memcpy(in->ops, ops->v, ops->n * sizeof *in->ops);
		vec_free(ops);
		free(ops);
	}
	vec_push(&ps->cur->code, *in);
}

static const char *xasprintf_tmp(ParseState *ps, const char *fmt, const char *a, const char *b)
{
	char *t = xasprintf(fmt, a, b);
	char *r = arena_strdup(&ps->m->arena, t);
	free(t);
	return r;
}

static Func *begin_func(ParseState *ps, Inst *word, long long id)
{
	Func *f = arena_alloc(&ps->m->arena, sizeof *f);
	f->loc = word->loc;
	f->id = id;
	ps->cur = f;
	return f;
}

static Func *begin_macro(ParseState *ps, Inst *word)
{
	Func *f = begin_func(ps, word, word->arg ? strtoll(word->arg, NULL, 0) : -1);
	const Mod *m;
	f->is_macro = 1;
	if (!word->arg)
		ps_error(ps, word->loc, "'mdef' needs an id: mdef(N)_out(k)_in(m)");
	if ((m = il_inst_mod(word, "out")))
		f->nout = (int)il_mod_int(m, 0);
	if ((m = il_inst_mod(word, "in")))
		f->nin = (int)il_mod_int(m, 0);
	f->outline = il_inst_mod(word, "outline") != NULL;
	return f;
}

#line 225 "src/ilparse/parser.c"

#ifdef short
# undef short
#endif

/* On compilers that do not define __PTRDIFF_MAX__ etc., make sure
   <limits.h> and (if available) <stdint.h> are included
   so that the code can choose integer types of a good width.  */

#ifndef __PTRDIFF_MAX__
# include <limits.h> /* INFRINGES ON USER NAME SPACE */
# if defined __STDC_VERSION__ && 199901 <= __STDC_VERSION__
#  include <stdint.h> /* INFRINGES ON USER NAME SPACE */
#  define YY_STDINT_H
# endif
#endif

/* Narrow types that promote to a signed type and that can represent a
   signed or unsigned integer of at least N bits.  In tables they can
   save space and decrease cache pressure.  Promoting to a signed type
   helps avoid bugs in integer arithmetic.  */

#ifdef __INT_LEAST8_MAX__
typedef __INT_LEAST8_TYPE__ yytype_int8;
#elif defined YY_STDINT_H
typedef int_least8_t yytype_int8;
#else
typedef signed char yytype_int8;
#endif

#ifdef __INT_LEAST16_MAX__
typedef __INT_LEAST16_TYPE__ yytype_int16;
#elif defined YY_STDINT_H
typedef int_least16_t yytype_int16;
#else
typedef short yytype_int16;
#endif

/* Work around bug in HP-UX 11.23, which defines these macros
   incorrectly for preprocessor constants.  This workaround can likely
   be removed in 2023, as HPE has promised support for HP-UX 11.23
   (aka HP-UX 11i v2) only through the end of 2022; see Table 2 of
   <https://h20195.www2.hpe.com/V2/getpdf.aspx/4AA4-7673ENW.pdf>.  */
#ifdef __hpux
# undef UINT_LEAST8_MAX
# undef UINT_LEAST16_MAX
# define UINT_LEAST8_MAX 255
# define UINT_LEAST16_MAX 65535
#endif

#if defined __UINT_LEAST8_MAX__ && __UINT_LEAST8_MAX__ <= __INT_MAX__
typedef __UINT_LEAST8_TYPE__ yytype_uint8;
#elif (!defined __UINT_LEAST8_MAX__ && defined YY_STDINT_H \
       && UINT_LEAST8_MAX <= INT_MAX)
typedef uint_least8_t yytype_uint8;
#elif !defined __UINT_LEAST8_MAX__ && UCHAR_MAX <= INT_MAX
typedef unsigned char yytype_uint8;
#else
typedef short yytype_uint8;
#endif

#if defined __UINT_LEAST16_MAX__ && __UINT_LEAST16_MAX__ <= __INT_MAX__
typedef __UINT_LEAST16_TYPE__ yytype_uint16;
#elif (!defined __UINT_LEAST16_MAX__ && defined YY_STDINT_H \
       && UINT_LEAST16_MAX <= INT_MAX)
typedef uint_least16_t yytype_uint16;
#elif !defined __UINT_LEAST16_MAX__ && USHRT_MAX <= INT_MAX
typedef unsigned short yytype_uint16;
#else
typedef int yytype_uint16;
#endif

#ifndef YYPTRDIFF_T
# if defined __PTRDIFF_TYPE__ && defined __PTRDIFF_MAX__
#  define YYPTRDIFF_T __PTRDIFF_TYPE__
#  define YYPTRDIFF_MAXIMUM __PTRDIFF_MAX__
# elif defined PTRDIFF_MAX
#  ifndef ptrdiff_t
#   include <stddef.h> /* INFRINGES ON USER NAME SPACE */
#  endif
#  define YYPTRDIFF_T ptrdiff_t
#  define YYPTRDIFF_MAXIMUM PTRDIFF_MAX
# else
#  define YYPTRDIFF_T long
#  define YYPTRDIFF_MAXIMUM LONG_MAX
# endif
#endif

#ifndef YYSIZE_T
# ifdef __SIZE_TYPE__
#  define YYSIZE_T __SIZE_TYPE__
# elif defined size_t
#  define YYSIZE_T size_t
# elif defined __STDC_VERSION__ && 199901 <= __STDC_VERSION__
#  include <stddef.h> /* INFRINGES ON USER NAME SPACE */
#  define YYSIZE_T size_t
# else
#  define YYSIZE_T unsigned
# endif
#endif

#define YYSIZE_MAXIMUM                                  \
  YY_CAST (YYPTRDIFF_T,                                 \
           (YYPTRDIFF_MAXIMUM < YY_CAST (YYSIZE_T, -1)  \
            ? YYPTRDIFF_MAXIMUM                         \
            : YY_CAST (YYSIZE_T, -1)))

#define YYSIZEOF(X) YY_CAST (YYPTRDIFF_T, sizeof (X))


/* Stored state numbers (used for stacks). */
typedef yytype_int8 yy_state_t;

/* State numbers in computations.  */
typedef int yy_state_fast_t;

#ifndef YY_
# if defined YYENABLE_NLS && YYENABLE_NLS
#  if ENABLE_NLS
#   include <libintl.h> /* INFRINGES ON USER NAME SPACE */
#   define YY_(Msgid) dgettext ("bison-runtime", Msgid)
#  endif
# endif
# ifndef YY_
#  define YY_(Msgid) Msgid
# endif
#endif


#ifndef YY_ATTRIBUTE_PURE
# if defined __GNUC__ && 2 < __GNUC__ + (96 <= __GNUC_MINOR__)
#  define YY_ATTRIBUTE_PURE __attribute__ ((__pure__))
# else
#  define YY_ATTRIBUTE_PURE
# endif
#endif

#ifndef YY_ATTRIBUTE_UNUSED
# if defined __GNUC__ && 2 < __GNUC__ + (7 <= __GNUC_MINOR__)
#  define YY_ATTRIBUTE_UNUSED __attribute__ ((__unused__))
# else
#  define YY_ATTRIBUTE_UNUSED
# endif
#endif

/* Suppress unused-variable warnings by "using" E.  */
#if ! defined lint || defined __GNUC__
# define YY_USE(E) ((void) (E))
#else
# define YY_USE(E) /* empty */
#endif

/* Suppress an incorrect diagnostic about yylval being uninitialized.  */
#if defined __GNUC__ && ! defined __ICC && 406 <= __GNUC__ * 100 + __GNUC_MINOR__
# if __GNUC__ * 100 + __GNUC_MINOR__ < 407
#  define YY_IGNORE_MAYBE_UNINITIALIZED_BEGIN                           \
    _Pragma ("GCC diagnostic push")                                     \
    _Pragma ("GCC diagnostic ignored \"-Wuninitialized\"")
# else
#  define YY_IGNORE_MAYBE_UNINITIALIZED_BEGIN                           \
    _Pragma ("GCC diagnostic push")                                     \
    _Pragma ("GCC diagnostic ignored \"-Wuninitialized\"")              \
    _Pragma ("GCC diagnostic ignored \"-Wmaybe-uninitialized\"")
# endif
# define YY_IGNORE_MAYBE_UNINITIALIZED_END      \
    _Pragma ("GCC diagnostic pop")
#else
# define YY_INITIAL_VALUE(Value) Value
#endif
#ifndef YY_IGNORE_MAYBE_UNINITIALIZED_BEGIN
# define YY_IGNORE_MAYBE_UNINITIALIZED_BEGIN
# define YY_IGNORE_MAYBE_UNINITIALIZED_END
#endif
#ifndef YY_INITIAL_VALUE
# define YY_INITIAL_VALUE(Value) /* Nothing. */
#endif

#if defined __cplusplus && defined __GNUC__ && ! defined __ICC && 6 <= __GNUC__
# define YY_IGNORE_USELESS_CAST_BEGIN                          \
    _Pragma ("GCC diagnostic push")                            \
    _Pragma ("GCC diagnostic ignored \"-Wuseless-cast\"")
# define YY_IGNORE_USELESS_CAST_END            \
    _Pragma ("GCC diagnostic pop")
#endif
#ifndef YY_IGNORE_USELESS_CAST_BEGIN
# define YY_IGNORE_USELESS_CAST_BEGIN
# define YY_IGNORE_USELESS_CAST_END
#endif


#define YY_ASSERT(E) ((void) (0 && (E)))

#if 1

/* The parser invokes alloca or malloc; define the necessary symbols.  */

# ifdef YYSTACK_USE_ALLOCA
#  if YYSTACK_USE_ALLOCA
#   ifdef __GNUC__
#    define YYSTACK_ALLOC __builtin_alloca
#   elif defined __BUILTIN_VA_ARG_INCR
#    include <alloca.h> /* INFRINGES ON USER NAME SPACE */
#   elif defined _AIX
#    define YYSTACK_ALLOC __alloca
#   elif defined _MSC_VER
#    include <malloc.h> /* INFRINGES ON USER NAME SPACE */
#    define alloca _alloca
#   else
#    define YYSTACK_ALLOC alloca
#    if ! defined _ALLOCA_H && ! defined EXIT_SUCCESS
#     include <stdlib.h> /* INFRINGES ON USER NAME SPACE */
      /* Use EXIT_SUCCESS as a witness for stdlib.h.  */
#     ifndef EXIT_SUCCESS
#      define EXIT_SUCCESS 0
#     endif
#    endif
#   endif
#  endif
# endif

# ifdef YYSTACK_ALLOC
   /* Pacify GCC's 'empty if-body' warning.  */
#  define YYSTACK_FREE(Ptr) do { /* empty */; } while (0)
#  ifndef YYSTACK_ALLOC_MAXIMUM
    /* The OS might guarantee only one guard page at the bottom of the stack,
       and a page size can be as small as 4096 bytes.  So we cannot safely
       invoke alloca (N) if N exceeds 4096.  Use a slightly smaller number
       to allow for a few compiler-allocated temporary stack slots.  */
#   define YYSTACK_ALLOC_MAXIMUM 4032 /* reasonable circa 2006 */
#  endif
# else
#  define YYSTACK_ALLOC YYMALLOC
#  define YYSTACK_FREE YYFREE
#  ifndef YYSTACK_ALLOC_MAXIMUM
#   define YYSTACK_ALLOC_MAXIMUM YYSIZE_MAXIMUM
#  endif
#  if (defined __cplusplus && ! defined EXIT_SUCCESS \
       && ! ((defined YYMALLOC || defined malloc) \
             && (defined YYFREE || defined free)))
#   include <stdlib.h> /* INFRINGES ON USER NAME SPACE */
#   ifndef EXIT_SUCCESS
#    define EXIT_SUCCESS 0
#   endif
#  endif
#  ifndef YYMALLOC
#   define YYMALLOC malloc
#   if ! defined malloc && ! defined EXIT_SUCCESS
void *malloc (YYSIZE_T); /* INFRINGES ON USER NAME SPACE */
#   endif
#  endif
#  ifndef YYFREE
#   define YYFREE free
#   if ! defined free && ! defined EXIT_SUCCESS
void free (void *); /* INFRINGES ON USER NAME SPACE */
#   endif
#  endif
# endif
#endif /* 1 */

#if (! defined yyoverflow \
     && (! defined __cplusplus \
         || (defined IL_YYLTYPE_IS_TRIVIAL && IL_YYLTYPE_IS_TRIVIAL \
             && defined IL_YYSTYPE_IS_TRIVIAL && IL_YYSTYPE_IS_TRIVIAL)))

/* A type that is properly aligned for any stack member.  */
union yyalloc
{
  yy_state_t yyss_alloc;
  YYSTYPE yyvs_alloc;
  YYLTYPE yyls_alloc;
};

/* The size of the maximum gap between one aligned stack and the next.  */
# define YYSTACK_GAP_MAXIMUM (YYSIZEOF (union yyalloc) - 1)

/* The size of an array large to enough to hold all stacks, each with
   N elements.  */
# define YYSTACK_BYTES(N) \
     ((N) * (YYSIZEOF (yy_state_t) + YYSIZEOF (YYSTYPE) \
             + YYSIZEOF (YYLTYPE)) \
      + 2 * YYSTACK_GAP_MAXIMUM)

# define YYCOPY_NEEDED 1

/* Relocate STACK from its old location to the new one.  The
   local variables YYSIZE and YYSTACKSIZE give the old and new number of
   elements in the stack, and YYPTR gives the new location of the
   stack.  Advance YYPTR to a properly aligned location for the next
   stack.  */
# define YYSTACK_RELOCATE(Stack_alloc, Stack)                           \
    do                                                                  \
      {                                                                 \
        YYPTRDIFF_T yynewbytes;                                         \
        YYCOPY (&yyptr->Stack_alloc, Stack, yysize);                    \
        Stack = &yyptr->Stack_alloc;                                    \
        yynewbytes = yystacksize * YYSIZEOF (*Stack) + YYSTACK_GAP_MAXIMUM; \
        yyptr += yynewbytes / YYSIZEOF (*yyptr);                        \
      }                                                                 \
    while (0)

#endif

#if defined YYCOPY_NEEDED && YYCOPY_NEEDED
/* Copy COUNT objects from SRC to DST.  The source and destination do
   not overlap.  */
# ifndef YYCOPY
#  if defined __GNUC__ && 1 < __GNUC__
#   define YYCOPY(Dst, Src, Count) \
      __builtin_memcpy (Dst, Src, YY_CAST (YYSIZE_T, (Count)) * sizeof (*(Src)))
#  else
#   define YYCOPY(Dst, Src, Count)              \
      do                                        \
        {                                       \
          YYPTRDIFF_T yyi;                      \
          for (yyi = 0; yyi < (Count); yyi++)   \
            (Dst)[yyi] = (Src)[yyi];            \
        }                                       \
      while (0)
#  endif
# endif
#endif /* !YYCOPY_NEEDED */

/* YYFINAL -- State number of the termination state.  */
#define YYFINAL  3
/* YYLAST -- Last index in YYTABLE.  */
#define YYLAST   73

/* YYNTOKENS -- Number of terminals.  */
#define YYNTOKENS  26
/* YYNNTS -- Number of nonterminals.  */
#define YYNNTS  19
/* YYNRULES -- Number of rules.  */
#define YYNRULES  42
/* YYNSTATES -- Number of states.  */
#define YYNSTATES  69

/* YYMAXUTOK -- Last valid token kind.  */
#define YYMAXUTOK   273


/* YYTRANSLATE(TOKEN-NUM) -- Symbol number corresponding to TOKEN-NUM
   as returned by yylex, with out-of-bounds checking.  */
#define YYTRANSLATE(YYX)                                \
  (0 <= (YYX) && (YYX) <= YYMAXUTOK                     \
   ? YY_CAST (yysymbol_kind_t, yytranslate[YYX])        \
   : YYSYMBOL_YYUNDEF)

/* YYTRANSLATE[TOKEN-NUM] -- Symbol number corresponding to TOKEN-NUM
   as returned by yylex.  */
static const yytype_int8 yytranslate[] =
{
       0,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
      24,    25,     2,    22,    19,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,    20,     2,    21,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,    23,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     1,     2,     3,     4,
       5,     6,     7,     8,     9,    10,    11,    12,    13,    14,
      15,    16,    17,    18
};

#if IL_YYDEBUG
/* YYRLINE[YYN] -- Source line where rule number YYN was defined.  */
static const yytype_int16 yyrline[] =
{
       0,   121,   121,   125,   126,   126,   132,   133,   137,   141,
     145,   154,   164,   168,   169,   173,   178,   192,   203,   207,
     208,   212,   213,   214,   217,   228,   229,   233,   234,   238,
     248,   259,   269,   281,   295,   304,   310,   316,   324,   330,
     342,   353,   354
};
#endif

/** Accessing symbol of state STATE.  */
#define YY_ACCESSING_SYMBOL(State) YY_CAST (yysymbol_kind_t, yystos[State])

#if 1
/* The user-facing name of the symbol whose (internal) number is
   YYSYMBOL.  No bounds checking.  */
static const char *yysymbol_name (yysymbol_kind_t yysymbol) YY_ATTRIBUTE_UNUSED;

static const char *
yysymbol_name (yysymbol_kind_t yysymbol)
{
  static const char *const yy_sname[] =
  {
  "end of file", "error", "invalid token", "instruction", "func",
  "endfunc", "endmain", "end", "mdef", "mend", "IL header (il_cs_2_0)",
  "language line", "register", "component selector", "number",
  "float number", "modifier", ";$$$$$$$$$$", "invalid token", "','", "'['",
  "']'", "'+'", "'|'", "'('", "')'", "$accept", "program", "tail", "$@1",
  "macros", "macro", "macro_head", "header", "main", "funcs", "func",
  "func_head", "stmts", "stmt", "operands", "oplist", "operand",
  "index_reg", "comps_opt", YY_NULLPTR
  };
  return yy_sname[yysymbol];
}
#endif

#define YYPACT_NINF (-41)

#define yypact_value_is_default(Yyn) \
  ((Yyn) == YYPACT_NINF)

#define YYTABLE_NINF (-17)

#define yytable_value_is_error(Yyn) \
  0

/* YYPACT[STATE-NUM] -- Index in YYTABLE of the portion describing
   STATE-NUM.  */
static const yytype_int8 yypact[] =
{
     -41,    12,    58,   -41,   -41,   -41,     7,   -41,   -41,   -41,
     -41,    29,    37,    19,   -41,    43,   -41,   -41,    43,   -41,
     -41,   -41,   -41,    -6,   -41,   -41,    39,   -41,     5,     0,
     -41,   -41,   -41,    17,   -41,   -41,     9,    43,   -41,    27,
      52,    35,    24,   -11,   -41,     0,   -41,    38,   -41,   -41,
     -41,   -41,   -41,    35,    40,    35,    48,   -41,    32,     1,
     -41,    35,   -41,    44,   -41,   -41,   -41,    35,   -41
};

/* YYDEFACT[STATE-NUM] -- Default reduction number in state STATE-NUM.
   Performed when YYTABLE does not specify something else to do.  Zero
   means the default is an error.  */
static const yytype_int8 yydefact[] =
{
       6,     0,     0,     1,     9,    11,     0,     7,    19,    19,
      10,     0,     0,     0,    23,    25,     8,    24,    25,    20,
       4,     3,     2,    41,    35,    36,     0,    21,    26,    27,
      22,    13,    42,     0,    29,    38,     0,     0,    34,     0,
       0,    41,     0,     0,    39,    28,    37,     0,     5,    19,
      14,    19,    40,    41,     0,    41,     0,    18,     0,     0,
      30,    41,    31,     0,    17,    15,    33,    41,    32
};

/* YYPGOTO[NTERM-NUM].  */
static const yytype_int8 yypgoto[] =
{
     -41,   -41,   -41,   -41,   -41,   -41,    30,   -41,   -41,   -41,
     -41,   -41,    -9,   -41,    53,    46,    36,   -41,   -40
};

/* YYDEFGOTO[NTERM-NUM].  */
static const yytype_int8 yydefgoto[] =
{
       0,     1,    22,    31,     2,     7,     8,     9,    12,    40,
      50,    51,    11,    19,    27,    28,    29,    43,    34
};

/* YYTABLE[YYPACT[STATE-NUM]] -- What to do in state STATE-NUM.  If
   positive, shift that token.  If negative, reduce the rule whose
   number is the opposite.  If YYTABLE_NINF, syntax error.  */
static const yytype_int8 yytable[] =
{
      13,    52,    14,    54,    15,   -16,    65,    32,   -16,   -16,
      55,    56,     3,    60,    33,    62,    38,    10,    17,    18,
      14,    66,    15,    39,    37,   -12,   -12,    68,    37,    41,
      14,    42,    15,    14,    44,    15,    17,    18,    16,    46,
      58,    64,    59,    20,    21,    53,    17,    18,    32,    17,
      18,    23,    57,    24,    25,    23,    47,    24,    25,    48,
       4,    61,    63,    26,    35,    67,     4,    26,     5,     6,
      49,    30,    36,    45
};

static const yytype_int8 yycheck[] =
{
       9,    41,     1,    14,     3,     4,     5,    13,     7,     8,
      21,    22,     0,    53,    20,    55,    16,    10,    17,    18,
       1,    61,     3,    23,    19,     6,     7,    67,    19,    12,
       1,    14,     3,     1,    25,     3,    17,    18,     9,    12,
      49,     9,    51,     6,     7,    21,    17,    18,    13,    17,
      18,    12,    14,    14,    15,    12,     4,    14,    15,     7,
       8,    21,    14,    24,    25,    21,     8,    24,    10,    11,
      40,    18,    26,    37
};

/* YYSTOS[STATE-NUM] -- The symbol kind of the accessing symbol of
   state STATE-NUM.  */
static const yytype_int8 yystos[] =
{
       0,    27,    30,     0,     8,    10,    11,    31,    32,    33,
      10,    38,    34,    38,     1,     3,     9,    17,    18,    39,
       6,     7,    28,    12,    14,    15,    24,    40,    41,    42,
      40,    29,    13,    20,    44,    25,    41,    19,    16,    23,
      35,    12,    14,    43,    25,    42,    12,     4,     7,    32,
      36,    37,    44,    21,    14,    21,    22,    14,    38,    38,
      44,    21,    44,    14,     9,     5,    44,    21,    44
};

/* YYR1[RULE-NUM] -- Symbol kind of the left-hand side of rule RULE-NUM.  */
static const yytype_int8 yyr1[] =
{
       0,    26,    27,    28,    29,    28,    30,    30,    31,    32,
      33,    33,    34,    35,    35,    36,    36,    36,    37,    38,
      38,    39,    39,    39,    39,    40,    40,    41,    41,    42,
      42,    42,    42,    42,    42,    42,    42,    42,    42,    42,
      43,    44,    44
};

/* YYR2[RULE-NUM] -- Number of symbols on the right-hand side of rule RULE-NUM.  */
static const yytype_int8 yyr2[] =
{
       0,     2,     4,     1,     0,     4,     0,     2,     3,     1,
       2,     1,     1,     0,     2,     3,     2,     3,     2,     0,
       2,     2,     2,     1,     1,     0,     1,     1,     3,     2,
       5,     5,     7,     6,     2,     1,     1,     3,     2,     3,
       2,     0,     1
};


enum { YYENOMEM = -2 };

#define yyerrok         (yyerrstatus = 0)
#define yyclearin       (yychar = IL_YYEMPTY)

#define YYACCEPT        goto yyacceptlab
#define YYABORT         goto yyabortlab
#define YYERROR         goto yyerrorlab
#define YYNOMEM         goto yyexhaustedlab


#define YYRECOVERING()  (!!yyerrstatus)

#define YYBACKUP(Token, Value)                                    \
  do                                                              \
    if (yychar == IL_YYEMPTY)                                        \
      {                                                           \
        yychar = (Token);                                         \
        yylval = (Value);                                         \
        YYPOPSTACK (yylen);                                       \
        yystate = *yyssp;                                         \
        goto yybackup;                                            \
      }                                                           \
    else                                                          \
      {                                                           \
        yyerror (&yylloc, scanner, ps, YY_("syntax error: cannot back up")); \
        YYERROR;                                                  \
      }                                                           \
  while (0)

/* Backward compatibility with an undocumented macro.
   Use IL_YYerror or IL_YYUNDEF. */
#define YYERRCODE IL_YYUNDEF

/* YYLLOC_DEFAULT -- Set CURRENT to span from RHS[1] to RHS[N].
   If N is 0, then set CURRENT to the empty location which ends
   the previous symbol: RHS[0] (always defined).  */

#ifndef YYLLOC_DEFAULT
# define YYLLOC_DEFAULT(Current, Rhs, N)                                \
    do                                                                  \
      if (N)                                                            \
        {                                                               \
          (Current).first_line   = YYRHSLOC (Rhs, 1).first_line;        \
          (Current).first_column = YYRHSLOC (Rhs, 1).first_column;      \
          (Current).last_line    = YYRHSLOC (Rhs, N).last_line;         \
          (Current).last_column  = YYRHSLOC (Rhs, N).last_column;       \
        }                                                               \
      else                                                              \
        {                                                               \
          (Current).first_line   = (Current).last_line   =              \
            YYRHSLOC (Rhs, 0).last_line;                                \
          (Current).first_column = (Current).last_column =              \
            YYRHSLOC (Rhs, 0).last_column;                              \
        }                                                               \
    while (0)
#endif

#define YYRHSLOC(Rhs, K) ((Rhs)[K])


/* Enable debugging if requested.  */
#if IL_YYDEBUG

# ifndef YYFPRINTF
#  include <stdio.h> /* INFRINGES ON USER NAME SPACE */
#  define YYFPRINTF fprintf
# endif

# define YYDPRINTF(Args)                        \
do {                                            \
  if (yydebug)                                  \
    YYFPRINTF Args;                             \
} while (0)


/* YYLOCATION_PRINT -- Print the location on the stream.
   This macro was not mandated originally: define only if we know
   we won't break user code: when these are the locations we know.  */

# ifndef YYLOCATION_PRINT

#  if defined YY_LOCATION_PRINT

   /* Temporary convenience wrapper in case some people defined the
      undocumented and private YY_LOCATION_PRINT macros.  */
#   define YYLOCATION_PRINT(File, Loc)  YY_LOCATION_PRINT(File, *(Loc))

#  elif defined IL_YYLTYPE_IS_TRIVIAL && IL_YYLTYPE_IS_TRIVIAL

/* Print *YYLOCP on YYO.  Private, do not rely on its existence. */

YY_ATTRIBUTE_UNUSED
static int
yy_location_print_ (FILE *yyo, YYLTYPE const * const yylocp)
{
  int res = 0;
  int end_col = 0 != yylocp->last_column ? yylocp->last_column - 1 : 0;
  if (0 <= yylocp->first_line)
    {
      res += YYFPRINTF (yyo, "%d", yylocp->first_line);
      if (0 <= yylocp->first_column)
        res += YYFPRINTF (yyo, ".%d", yylocp->first_column);
    }
  if (0 <= yylocp->last_line)
    {
      if (yylocp->first_line < yylocp->last_line)
        {
          res += YYFPRINTF (yyo, "-%d", yylocp->last_line);
          if (0 <= end_col)
            res += YYFPRINTF (yyo, ".%d", end_col);
        }
      else if (0 <= end_col && yylocp->first_column < end_col)
        res += YYFPRINTF (yyo, "-%d", end_col);
    }
  return res;
}

#   define YYLOCATION_PRINT  yy_location_print_

    /* Temporary convenience wrapper in case some people defined the
       undocumented and private YY_LOCATION_PRINT macros.  */
#   define YY_LOCATION_PRINT(File, Loc)  YYLOCATION_PRINT(File, &(Loc))

#  else

#   define YYLOCATION_PRINT(File, Loc) ((void) 0)
    /* Temporary convenience wrapper in case some people defined the
       undocumented and private YY_LOCATION_PRINT macros.  */
#   define YY_LOCATION_PRINT  YYLOCATION_PRINT

#  endif
# endif /* !defined YYLOCATION_PRINT */


# define YY_SYMBOL_PRINT(Title, Kind, Value, Location)                    \
do {                                                                      \
  if (yydebug)                                                            \
    {                                                                     \
      YYFPRINTF (stderr, "%s ", Title);                                   \
      yy_symbol_print (stderr,                                            \
                  Kind, Value, Location, scanner, ps); \
      YYFPRINTF (stderr, "\n");                                           \
    }                                                                     \
} while (0)


/*-----------------------------------.
| Print this symbol's value on YYO.  |
`-----------------------------------*/

static void
yy_symbol_value_print (FILE *yyo,
                       yysymbol_kind_t yykind, YYSTYPE const * const yyvaluep, YYLTYPE const * const yylocationp, void *scanner, ParseState *ps)
{
  FILE *yyoutput = yyo;
  YY_USE (yyoutput);
  YY_USE (yylocationp);
  YY_USE (scanner);
  YY_USE (ps);
  if (!yyvaluep)
    return;
  YY_IGNORE_MAYBE_UNINITIALIZED_BEGIN
  YY_USE (yykind);
  YY_IGNORE_MAYBE_UNINITIALIZED_END
}


/*---------------------------.
| Print this symbol on YYO.  |
`---------------------------*/

static void
yy_symbol_print (FILE *yyo,
                 yysymbol_kind_t yykind, YYSTYPE const * const yyvaluep, YYLTYPE const * const yylocationp, void *scanner, ParseState *ps)
{
  YYFPRINTF (yyo, "%s %s (",
             yykind < YYNTOKENS ? "token" : "nterm", yysymbol_name (yykind));

  YYLOCATION_PRINT (yyo, yylocationp);
  YYFPRINTF (yyo, ": ");
  yy_symbol_value_print (yyo, yykind, yyvaluep, yylocationp, scanner, ps);
  YYFPRINTF (yyo, ")");
}

/*------------------------------------------------------------------.
| yy_stack_print -- Print the state stack from its BOTTOM up to its |
| TOP (included).                                                   |
`------------------------------------------------------------------*/

static void
yy_stack_print (yy_state_t *yybottom, yy_state_t *yytop)
{
  YYFPRINTF (stderr, "Stack now");
  for (; yybottom <= yytop; yybottom++)
    {
      int yybot = *yybottom;
      YYFPRINTF (stderr, " %d", yybot);
    }
  YYFPRINTF (stderr, "\n");
}

# define YY_STACK_PRINT(Bottom, Top)                            \
do {                                                            \
  if (yydebug)                                                  \
    yy_stack_print ((Bottom), (Top));                           \
} while (0)


/*------------------------------------------------.
| Report that the YYRULE is going to be reduced.  |
`------------------------------------------------*/

static void
yy_reduce_print (yy_state_t *yyssp, YYSTYPE *yyvsp, YYLTYPE *yylsp,
                 int yyrule, void *scanner, ParseState *ps)
{
  int yylno = yyrline[yyrule];
  int yynrhs = yyr2[yyrule];
  int yyi;
  YYFPRINTF (stderr, "Reducing stack by rule %d (line %d):\n",
             yyrule - 1, yylno);
  /* The symbols being reduced.  */
  for (yyi = 0; yyi < yynrhs; yyi++)
    {
      YYFPRINTF (stderr, "   $%d = ", yyi + 1);
      yy_symbol_print (stderr,
                       YY_ACCESSING_SYMBOL (+yyssp[yyi + 1 - yynrhs]),
                       &yyvsp[(yyi + 1) - (yynrhs)],
                       &(yylsp[(yyi + 1) - (yynrhs)]), scanner, ps);
      YYFPRINTF (stderr, "\n");
    }
}

# define YY_REDUCE_PRINT(Rule)          \
do {                                    \
  if (yydebug)                          \
    yy_reduce_print (yyssp, yyvsp, yylsp, Rule, scanner, ps); \
} while (0)

/* Nonzero means print parse trace.  It is left uninitialized so that
   multiple parsers can coexist.  */
int yydebug;
#else /* !IL_YYDEBUG */
# define YYDPRINTF(Args) ((void) 0)
# define YY_SYMBOL_PRINT(Title, Kind, Value, Location)
# define YY_STACK_PRINT(Bottom, Top)
# define YY_REDUCE_PRINT(Rule)
#endif /* !IL_YYDEBUG */


/* YYINITDEPTH -- initial size of the parser's stacks.  */
#ifndef YYINITDEPTH
# define YYINITDEPTH 200
#endif

/* YYMAXDEPTH -- maximum size the stacks can grow to (effective only
   if the built-in stack extension method is used).

   Do not make this value too large; the results are undefined if
   YYSTACK_ALLOC_MAXIMUM < YYSTACK_BYTES (YYMAXDEPTH)
   evaluated with infinite-precision integer arithmetic.  */

#ifndef YYMAXDEPTH
# define YYMAXDEPTH 10000
#endif


/* Context of a parse error.  */
typedef struct
{
  yy_state_t *yyssp;
  yysymbol_kind_t yytoken;
  YYLTYPE *yylloc;
} yypcontext_t;

/* Put in YYARG at most YYARGN of the expected tokens given the
   current YYCTX, and return the number of tokens stored in YYARG.  If
   YYARG is null, return the number of expected tokens (guaranteed to
   be less than YYNTOKENS).  Return YYENOMEM on memory exhaustion.
   Return 0 if there are more than YYARGN expected tokens, yet fill
   YYARG up to YYARGN. */
static int
yypcontext_expected_tokens (const yypcontext_t *yyctx,
                            yysymbol_kind_t yyarg[], int yyargn)
{
  /* Actual size of YYARG. */
  int yycount = 0;
  int yyn = yypact[+*yyctx->yyssp];
  if (!yypact_value_is_default (yyn))
    {
      /* Start YYX at -YYN if negative to avoid negative indexes in
         YYCHECK.  In other words, skip the first -YYN actions for
         this state because they are default actions.  */
      int yyxbegin = yyn < 0 ? -yyn : 0;
      /* Stay within bounds of both yycheck and yytname.  */
      int yychecklim = YYLAST - yyn + 1;
      int yyxend = yychecklim < YYNTOKENS ? yychecklim : YYNTOKENS;
      int yyx;
      for (yyx = yyxbegin; yyx < yyxend; ++yyx)
        if (yycheck[yyx + yyn] == yyx && yyx != YYSYMBOL_YYerror
            && !yytable_value_is_error (yytable[yyx + yyn]))
          {
            if (!yyarg)
              ++yycount;
            else if (yycount == yyargn)
              return 0;
            else
              yyarg[yycount++] = YY_CAST (yysymbol_kind_t, yyx);
          }
    }
  if (yyarg && yycount == 0 && 0 < yyargn)
    yyarg[0] = YYSYMBOL_YYEMPTY;
  return yycount;
}




/* The kind of the lookahead of this context.  */
static yysymbol_kind_t
yypcontext_token (const yypcontext_t *yyctx) YY_ATTRIBUTE_UNUSED;

static yysymbol_kind_t
yypcontext_token (const yypcontext_t *yyctx)
{
  return yyctx->yytoken;
}

/* The location of the lookahead of this context.  */
static YYLTYPE *
yypcontext_location (const yypcontext_t *yyctx) YY_ATTRIBUTE_UNUSED;

static YYLTYPE *
yypcontext_location (const yypcontext_t *yyctx)
{
  return yyctx->yylloc;
}

/* User defined function to report a syntax error.  */
static int
yyreport_syntax_error (const yypcontext_t *yyctx, void *scanner, ParseState *ps);

/*-----------------------------------------------.
| Release the memory associated to this symbol.  |
`-----------------------------------------------*/

static void
yydestruct (const char *yymsg,
            yysymbol_kind_t yykind, YYSTYPE *yyvaluep, YYLTYPE *yylocationp, void *scanner, ParseState *ps)
{
  YY_USE (yyvaluep);
  YY_USE (yylocationp);
  YY_USE (scanner);
  YY_USE (ps);
  if (!yymsg)
    yymsg = "Deleting";
  YY_SYMBOL_PRINT (yymsg, yykind, yyvaluep, yylocationp);

  YY_IGNORE_MAYBE_UNINITIALIZED_BEGIN
  switch (yykind)
    {
    case YYSYMBOL_operands: /* operands  */
#line 116 "../src/ilparse/parser.y"
            { if (((*yyvaluep).ops)) { vec_free(((*yyvaluep).ops)); free(((*yyvaluep).ops)); } }
#line 1122 "src/ilparse/parser.c"
        break;

    case YYSYMBOL_oplist: /* oplist  */
#line 116 "../src/ilparse/parser.y"
            { if (((*yyvaluep).ops)) { vec_free(((*yyvaluep).ops)); free(((*yyvaluep).ops)); } }
#line 1128 "src/ilparse/parser.c"
        break;

      default:
        break;
    }
  YY_IGNORE_MAYBE_UNINITIALIZED_END
}






/*----------.
| yyparse.  |
`----------*/

int
yyparse (void *scanner, ParseState *ps)
{
/* Lookahead token kind.  */
int yychar;


/* The semantic value of the lookahead symbol.  */
/* Default value used for initialization, for pacifying older GCCs
   or non-GCC compilers.  */
YY_INITIAL_VALUE (static YYSTYPE yyval_default;)
YYSTYPE yylval YY_INITIAL_VALUE (= yyval_default);

/* Location data for the lookahead symbol.  */
static YYLTYPE yyloc_default
# if defined IL_YYLTYPE_IS_TRIVIAL && IL_YYLTYPE_IS_TRIVIAL
  = { 1, 1, 1, 1 }
# endif
;
YYLTYPE yylloc = yyloc_default;

    /* Number of syntax errors so far.  */
    int yynerrs = 0;

    yy_state_fast_t yystate = 0;
    /* Number of tokens to shift before error messages enabled.  */
    int yyerrstatus = 0;

    /* Refer to the stacks through separate pointers, to allow yyoverflow
       to reallocate them elsewhere.  */

    /* Their size.  */
    YYPTRDIFF_T yystacksize = YYINITDEPTH;

    /* The state stack: array, bottom, top.  */
    yy_state_t yyssa[YYINITDEPTH];
    yy_state_t *yyss = yyssa;
    yy_state_t *yyssp = yyss;

    /* The semantic value stack: array, bottom, top.  */
    YYSTYPE yyvsa[YYINITDEPTH];
    YYSTYPE *yyvs = yyvsa;
    YYSTYPE *yyvsp = yyvs;

    /* The location stack: array, bottom, top.  */
    YYLTYPE yylsa[YYINITDEPTH];
    YYLTYPE *yyls = yylsa;
    YYLTYPE *yylsp = yyls;

  int yyn;
  /* The return value of yyparse.  */
  int yyresult;
  /* Lookahead symbol kind.  */
  yysymbol_kind_t yytoken = YYSYMBOL_YYEMPTY;
  /* The variables used to return semantic value and location from the
     action routines.  */
  YYSTYPE yyval;
  YYLTYPE yyloc;

  /* The locations where the error started and ended.  */
  YYLTYPE yyerror_range[3];



#define YYPOPSTACK(N)   (yyvsp -= (N), yyssp -= (N), yylsp -= (N))

  /* The number of symbols on the RHS of the reduced rule.
     Keep to zero when no symbol should be popped.  */
  int yylen = 0;

  YYDPRINTF ((stderr, "Starting parse\n"));

  yychar = IL_YYEMPTY; /* Cause a token to be read.  */

  yylsp[0] = yylloc;
  goto yysetstate;


/*------------------------------------------------------------.
| yynewstate -- push a new state, which is found in yystate.  |
`------------------------------------------------------------*/
yynewstate:
  /* In all cases, when you get here, the value and location stacks
     have just been pushed.  So pushing a state here evens the stacks.  */
  yyssp++;


/*--------------------------------------------------------------------.
| yysetstate -- set current state (the top of the stack) to yystate.  |
`--------------------------------------------------------------------*/
yysetstate:
  YYDPRINTF ((stderr, "Entering state %d\n", yystate));
  YY_ASSERT (0 <= yystate && yystate < YYNSTATES);
  YY_IGNORE_USELESS_CAST_BEGIN
  *yyssp = YY_CAST (yy_state_t, yystate);
  YY_IGNORE_USELESS_CAST_END
  YY_STACK_PRINT (yyss, yyssp);

  if (yyss + yystacksize - 1 <= yyssp)
#if !defined yyoverflow && !defined YYSTACK_RELOCATE
    YYNOMEM;
#else
    {
      /* Get the current used size of the three stacks, in elements.  */
      YYPTRDIFF_T yysize = yyssp - yyss + 1;

# if defined yyoverflow
      {
        /* Give user a chance to reallocate the stack.  Use copies of
           these so that the &'s don't force the real ones into
           memory.  */
        yy_state_t *yyss1 = yyss;
        YYSTYPE *yyvs1 = yyvs;
        YYLTYPE *yyls1 = yyls;

        /* Each stack pointer address is followed by the size of the
           data in use in that stack, in bytes.  This used to be a
           conditional around just the two extra args, but that might
           be undefined if yyoverflow is a macro.  */
        yyoverflow (YY_("memory exhausted"),
                    &yyss1, yysize * YYSIZEOF (*yyssp),
                    &yyvs1, yysize * YYSIZEOF (*yyvsp),
                    &yyls1, yysize * YYSIZEOF (*yylsp),
                    &yystacksize);
        yyss = yyss1;
        yyvs = yyvs1;
        yyls = yyls1;
      }
# else /* defined YYSTACK_RELOCATE */
      /* Extend the stack our own way.  */
      if (YYMAXDEPTH <= yystacksize)
        YYNOMEM;
      yystacksize *= 2;
      if (YYMAXDEPTH < yystacksize)
        yystacksize = YYMAXDEPTH;

      {
        yy_state_t *yyss1 = yyss;
        union yyalloc *yyptr =
          YY_CAST (union yyalloc *,
                   YYSTACK_ALLOC (YY_CAST (YYSIZE_T, YYSTACK_BYTES (yystacksize))));
        if (! yyptr)
          YYNOMEM;
        YYSTACK_RELOCATE (yyss_alloc, yyss);
        YYSTACK_RELOCATE (yyvs_alloc, yyvs);
        YYSTACK_RELOCATE (yyls_alloc, yyls);
#  undef YYSTACK_RELOCATE
        if (yyss1 != yyssa)
          YYSTACK_FREE (yyss1);
      }
# endif

      yyssp = yyss + yysize - 1;
      yyvsp = yyvs + yysize - 1;
      yylsp = yyls + yysize - 1;

      YY_IGNORE_USELESS_CAST_BEGIN
      YYDPRINTF ((stderr, "Stack size increased to %ld\n",
                  YY_CAST (long, yystacksize)));
      YY_IGNORE_USELESS_CAST_END

      if (yyss + yystacksize - 1 <= yyssp)
        YYABORT;
    }
#endif /* !defined yyoverflow && !defined YYSTACK_RELOCATE */


  if (yystate == YYFINAL)
    YYACCEPT;

  goto yybackup;


/*-----------.
| yybackup.  |
`-----------*/
yybackup:
  /* Do appropriate processing given the current state.  Read a
     lookahead token if we need one and don't already have one.  */

  /* First try to decide what to do without reference to lookahead token.  */
  yyn = yypact[yystate];
  if (yypact_value_is_default (yyn))
    goto yydefault;

  /* Not known => get a lookahead token if don't already have one.  */

  /* YYCHAR is either empty, or end-of-input, or a valid lookahead.  */
  if (yychar == IL_YYEMPTY)
    {
      YYDPRINTF ((stderr, "Reading a token\n"));
      yychar = yylex (&yylval, &yylloc, scanner);
    }

  if (yychar <= IL_YYEOF)
    {
      yychar = IL_YYEOF;
      yytoken = YYSYMBOL_YYEOF;
      YYDPRINTF ((stderr, "Now at end of input.\n"));
    }
  else if (yychar == IL_YYerror)
    {
      /* The scanner already issued an error message, process directly
         to error recovery.  But do not keep the error token as
         lookahead, it is too special and may lead us to an endless
         loop in error recovery. */
      yychar = IL_YYUNDEF;
      yytoken = YYSYMBOL_YYerror;
      yyerror_range[1] = yylloc;
      goto yyerrlab1;
    }
  else
    {
      yytoken = YYTRANSLATE (yychar);
      YY_SYMBOL_PRINT ("Next token is", yytoken, &yylval, &yylloc);
    }

  /* If the proper action on seeing token YYTOKEN is to reduce or to
     detect an error, take that action.  */
  yyn += yytoken;
  if (yyn < 0 || YYLAST < yyn || yycheck[yyn] != yytoken)
    goto yydefault;
  yyn = yytable[yyn];
  if (yyn <= 0)
    {
      if (yytable_value_is_error (yyn))
        goto yyerrlab;
      yyn = -yyn;
      goto yyreduce;
    }

  /* Count tokens shifted since error; after three, turn off error
     status.  */
  if (yyerrstatus)
    yyerrstatus--;

  /* Shift the lookahead token.  */
  YY_SYMBOL_PRINT ("Shifting", yytoken, &yylval, &yylloc);
  yystate = yyn;
  YY_IGNORE_MAYBE_UNINITIALIZED_BEGIN
  *++yyvsp = yylval;
  YY_IGNORE_MAYBE_UNINITIALIZED_END
  *++yylsp = yylloc;

  /* Discard the shifted token.  */
  yychar = IL_YYEMPTY;
  goto yynewstate;


/*-----------------------------------------------------------.
| yydefault -- do the default action for the current state.  |
`-----------------------------------------------------------*/
yydefault:
  yyn = yydefact[yystate];
  if (yyn == 0)
    goto yyerrlab;
  goto yyreduce;


/*-----------------------------.
| yyreduce -- do a reduction.  |
`-----------------------------*/
yyreduce:
  /* yyn is the number of a rule to reduce with.  */
  yylen = yyr2[yyn];

  /* If YYLEN is nonzero, implement the default value of the action:
     '$$ = $1'.

     Otherwise, the following line sets YYVAL to garbage.
     This behavior is undocumented and Bison
     users should not rely upon it.  Assigning to YYVAL
     unconditionally makes the parser a bit smaller, and it avoids a
     GCC warning that YYVAL may be used uninitialized.  */
  yyval = yyvsp[1-yylen];

  /* Default location. */
  YYLLOC_DEFAULT (yyloc, (yylsp - yylen), yylen);
  yyerror_range[1] = yyloc;
  YY_REDUCE_PRINT (yyn);
  switch (yyn)
    {
  case 3: /* tail: "end"  */
#line 125 "../src/ilparse/parser.y"
              { ps->m->end_loc = (yyvsp[0].inst)->loc; }
#line 1431 "src/ilparse/parser.c"
    break;

  case 4: /* $@1: %empty  */
#line 126 "../src/ilparse/parser.y"
                  { ps->m->main.end_loc = (yyvsp[0].inst)->loc; ps->m->has_endmain = 1; }
#line 1437 "src/ilparse/parser.c"
    break;

  case 5: /* tail: "endmain" $@1 funcs "end"  */
#line 126 "../src/ilparse/parser.y"
                                                                                       {
		ps->m->end_loc = (yyvsp[0].inst)->loc;
	}
#line 1445 "src/ilparse/parser.c"
    break;

  case 8: /* macro: macro_head stmts "mend"  */
#line 137 "../src/ilparse/parser.y"
                                { (yyvsp[-2].func)->end_loc = (yyvsp[0].inst)->loc; vec_push(&ps->m->macros, (yyvsp[-2].func)); ps->cur = NULL; }
#line 1451 "src/ilparse/parser.c"
    break;

  case 9: /* macro_head: "mdef"  */
#line 141 "../src/ilparse/parser.y"
               { (yyval.func) = begin_macro(ps, (yyvsp[0].inst)); }
#line 1457 "src/ilparse/parser.c"
    break;

  case 10: /* header: "language line" "IL header (il_cs_2_0)"  */
#line 145 "../src/ilparse/parser.y"
                      {
		ps->m->lang = (yyvsp[-1].str);
		ps->m->lang_loc = ps_loc(ps, &(yylsp[-1]));
		ps->m->header = (yyvsp[0].str);
		ps->m->header_loc = ps_loc(ps, &(yylsp[0]));
		ps->cur = &ps->m->main;
		ps->m->main.id = -1;
		ps->m->main.loc = ps->m->header_loc;
	}
#line 1471 "src/ilparse/parser.c"
    break;

  case 11: /* header: "IL header (il_cs_2_0)"  */
#line 154 "../src/ilparse/parser.y"
                 {
		ps->m->header = (yyvsp[0].str);
		ps->m->header_loc = ps_loc(ps, &(yylsp[0]));
		ps->cur = &ps->m->main;
		ps->m->main.id = -1;
		ps->m->main.loc = ps->m->header_loc;
	}
#line 1483 "src/ilparse/parser.c"
    break;

  case 15: /* func: func_head stmts "endfunc"  */
#line 173 "../src/ilparse/parser.y"
                                  {
		ps->cur->end_loc = (yyvsp[0].inst)->loc;
		vec_push(&ps->m->funcs, ps->cur);
		ps->cur = NULL;
	}
#line 1493 "src/ilparse/parser.c"
    break;

  case 16: /* func: func_head stmts  */
#line 178 "../src/ilparse/parser.y"
                          {
		/* brcc (Brook+) ends a function with its "ret" and no "endfunc":
		 * the function ends where the next func, mdef or "end" begins.
		 * Without that final "ret" it is a function left open. */
		Func *f = ps->cur;
		const Inst *last = f->code.n ? &f->code.v[f->code.n - 1] : NULL;
		if (!last || last->op != OP_RET)
			ps_error(ps, ps_loc(ps, &yylloc), "'func %lld' at line %d is not closed: 'endfunc' "
			         "(or, as brcc writes it, a final 'ret') must come first", f->id, f->loc.line);
		f->open_end = 1;
		f->end_loc = last ? last->loc : f->loc;
		vec_push(&ps->m->funcs, f);
		ps->cur = NULL;
	}
#line 1512 "src/ilparse/parser.c"
    break;

  case 17: /* func: macro_head stmts "mend"  */
#line 192 "../src/ilparse/parser.y"
                                {
		(yyvsp[-2].func)->end_loc = (yyvsp[0].inst)->loc;
		if ((yyvsp[-2].func)->outline)
			vec_push(&ps->m->funcs, (yyvsp[-2].func));
		else
			vec_push(&ps->m->macros, (yyvsp[-2].func));
		ps->cur = NULL;
	}
#line 1525 "src/ilparse/parser.c"
    break;

  case 18: /* func_head: "func" "number"  */
#line 203 "../src/ilparse/parser.y"
                      { begin_func(ps, (yyvsp[-1].inst), (yyvsp[0].num).v); }
#line 1531 "src/ilparse/parser.c"
    break;

  case 21: /* stmt: "instruction" operands  */
#line 212 "../src/ilparse/parser.y"
                       { emit(ps, (yyvsp[-1].inst), (yyvsp[0].ops)); }
#line 1537 "src/ilparse/parser.c"
    break;

  case 22: /* stmt: "invalid token" operands  */
#line 213 "../src/ilparse/parser.y"
                           { if ((yyvsp[0].ops)) { vec_free((yyvsp[0].ops)); free((yyvsp[0].ops)); } }
#line 1543 "src/ilparse/parser.c"
    break;

  case 23: /* stmt: error  */
#line 214 "../src/ilparse/parser.y"
                {
		/* skip to the next statement; the message was given */
	}
#line 1551 "src/ilparse/parser.c"
    break;

  case 24: /* stmt: ";$$$$$$$$$$"  */
#line 217 "../src/ilparse/parser.y"
                 {
		Inst in;
		memset(&in, 0, sizeof in);
		in.loc = ps_loc(ps, &(yylsp[0]));
		in.op = OP_PSEUDO_CALL;
		in.word = ";$$$$$$$$$$";
		emit(ps, &in, NULL);
	}
#line 1564 "src/ilparse/parser.c"
    break;

  case 25: /* operands: %empty  */
#line 228 "../src/ilparse/parser.y"
                 { (yyval.ops) = NULL; }
#line 1570 "src/ilparse/parser.c"
    break;

  case 26: /* operands: oplist  */
#line 229 "../src/ilparse/parser.y"
                 { (yyval.ops) = (yyvsp[0].ops); }
#line 1576 "src/ilparse/parser.c"
    break;

  case 27: /* oplist: operand  */
#line 233 "../src/ilparse/parser.y"
                  { (yyval.ops) = xcalloc(1, sizeof *(yyval.ops)); vec_push((yyval.ops), *(yyvsp[0].opnd)); }
#line 1582 "src/ilparse/parser.c"
    break;

  case 28: /* oplist: oplist ',' operand  */
#line 234 "../src/ilparse/parser.y"
                             { (yyval.ops) = (yyvsp[-2].ops); vec_push((yyval.ops), *(yyvsp[0].opnd)); }
#line 1588 "src/ilparse/parser.c"
    break;

  case 29: /* operand: "register" comps_opt  */
#line 238 "../src/ilparse/parser.y"
                        {
		(yyval.opnd) = new_operand(ps, &(yylsp[-1]));
		(yyval.opnd)->name = (yyvsp[-1].str);
		if ((yyvsp[0].str)) {
				ps_copy((yyval.opnd)->comps, sizeof (yyval.opnd)->comps, (yyvsp[0].str));
				(yyval.opnd)->comps_loc = ps_loc(ps, &(yylsp[0]));
			}
		if (strlen((yyvsp[0].str) ? (yyvsp[0].str) : "") >= sizeof (yyval.opnd)->comps)
			ps_error(ps, ps_loc(ps, &(yylsp[0])), "component selector '.%s' is too long", (yyvsp[0].str));
	}
#line 1603 "src/ilparse/parser.c"
    break;

  case 30: /* operand: "register" '[' "number" ']' comps_opt  */
#line 248 "../src/ilparse/parser.y"
                                       {
		(yyval.opnd) = new_operand(ps, &(yylsp[-4]));
		(yyval.opnd)->name = (yyvsp[-4].str);
		(yyval.opnd)->has_index = 1;
		(yyval.opnd)->index_imm = (yyvsp[-2].num).v;
		(yyval.opnd)->index_hex = (yyvsp[-2].num).hex;
		if ((yyvsp[0].str)) {
				ps_copy((yyval.opnd)->comps, sizeof (yyval.opnd)->comps, (yyvsp[0].str));
				(yyval.opnd)->comps_loc = ps_loc(ps, &(yylsp[0]));
			}
	}
#line 1619 "src/ilparse/parser.c"
    break;

  case 31: /* operand: "register" '[' index_reg ']' comps_opt  */
#line 259 "../src/ilparse/parser.y"
                                          {
		(yyval.opnd) = new_operand(ps, &(yylsp[-4]));
		(yyval.opnd)->name = (yyvsp[-4].str);
		(yyval.opnd)->has_index = 1;
		(yyval.opnd)->index_reg = (yyvsp[-2].opnd);
		if ((yyvsp[0].str)) {
				ps_copy((yyval.opnd)->comps, sizeof (yyval.opnd)->comps, (yyvsp[0].str));
				(yyval.opnd)->comps_loc = ps_loc(ps, &(yylsp[0]));
			}
	}
#line 1634 "src/ilparse/parser.c"
    break;

  case 32: /* operand: "register" '[' index_reg '+' "number" ']' comps_opt  */
#line 269 "../src/ilparse/parser.y"
                                                     {
		(yyval.opnd) = new_operand(ps, &(yylsp[-6]));
		(yyval.opnd)->name = (yyvsp[-6].str);
		(yyval.opnd)->has_index = 1;
		(yyval.opnd)->index_reg = (yyvsp[-4].opnd);
		(yyval.opnd)->index_imm = (yyvsp[-2].num).v;
		(yyval.opnd)->index_hex = (yyvsp[-2].num).hex;
		if ((yyvsp[0].str)) {
				ps_copy((yyval.opnd)->comps, sizeof (yyval.opnd)->comps, (yyvsp[0].str));
				(yyval.opnd)->comps_loc = ps_loc(ps, &(yylsp[0]));
			}
	}
#line 1651 "src/ilparse/parser.c"
    break;

  case 33: /* operand: "register" '[' index_reg "number" ']' comps_opt  */
#line 281 "../src/ilparse/parser.y"
                                                 {
		(yyval.opnd) = new_operand(ps, &(yylsp[-5]));
		(yyval.opnd)->name = (yyvsp[-5].str);
		(yyval.opnd)->has_index = 1;
		(yyval.opnd)->index_reg = (yyvsp[-3].opnd);
		(yyval.opnd)->index_imm = (yyvsp[-2].num).v;
		(yyval.opnd)->index_hex = (yyvsp[-2].num).hex;
		if ((yyvsp[-2].num).v >= 0)
			ps_error(ps, ps_loc(ps, &(yylsp[-2])), "expected '+' before the index offset");
		if ((yyvsp[0].str)) {
				ps_copy((yyval.opnd)->comps, sizeof (yyval.opnd)->comps, (yyvsp[0].str));
				(yyval.opnd)->comps_loc = ps_loc(ps, &(yylsp[0]));
			}
	}
#line 1670 "src/ilparse/parser.c"
    break;

  case 34: /* operand: operand "modifier"  */
#line 295 "../src/ilparse/parser.y"
                      {
		Mod *nm = arena_alloc(&ps->m->arena, ((size_t)(yyvsp[-1].opnd)->nmods + 1) * sizeof *nm);
		if ((yyvsp[-1].opnd)->nmods)
			memcpy(nm, (yyvsp[-1].opnd)->mods, (size_t)(yyvsp[-1].opnd)->nmods * sizeof *nm);
		nm[(yyvsp[-1].opnd)->nmods] = (yyvsp[0].mod);
		(yyval.opnd) = (yyvsp[-1].opnd);
		(yyval.opnd)->mods = nm;
		(yyval.opnd)->nmods++;
	}
#line 1684 "src/ilparse/parser.c"
    break;

  case 35: /* operand: "number"  */
#line 304 "../src/ilparse/parser.y"
                 {
		(yyval.opnd) = new_operand(ps, &(yylsp[0]));
		(yyval.opnd)->file = RF_NUMBER;
		(yyval.opnd)->num = (yyvsp[0].num).v;
		(yyval.opnd)->hex = (yyvsp[0].num).hex;
	}
#line 1695 "src/ilparse/parser.c"
    break;

  case 36: /* operand: "float number"  */
#line 310 "../src/ilparse/parser.y"
                {
		(yyval.opnd) = new_operand(ps, &(yylsp[0]));
		(yyval.opnd)->file = RF_FLOAT;
		(yyval.opnd)->fval = (yyvsp[0].fval).v;
		(yyval.opnd)->text = (yyvsp[0].fval).text;
	}
#line 1706 "src/ilparse/parser.c"
    break;

  case 37: /* operand: operand '|' "register"  */
#line 316 "../src/ilparse/parser.y"
                          {
		if (!(yyvsp[-2].opnd)->name || (yyvsp[-2].opnd)->file == RF_NUMBER || (yyvsp[-2].opnd)->file == RF_FLOAT || (yyvsp[-2].opnd)->has_index ||
		    (yyvsp[-2].opnd)->comps[0] || (yyvsp[-2].opnd)->nmods)
			ps_error(ps, ps_loc(ps, &(yylsp[-1])), "'|' joins flag words only (flag|flag)");
		(yyval.opnd) = (yyvsp[-2].opnd);
		(yyval.opnd)->name = arena_strdup(&ps->m->arena, xasprintf_tmp(ps, "%s|%s", (yyvsp[-2].opnd)->name ? (yyvsp[-2].opnd)->name : "", (yyvsp[0].str)));
		(yyval.opnd)->file = RF_WORD;
	}
#line 1719 "src/ilparse/parser.c"
    break;

  case 38: /* operand: '(' ')'  */
#line 324 "../src/ilparse/parser.y"
                  {
		/* mcall(N) (), (r1): a macro with _out(0) (a void kernel body) */
		(yyval.opnd) = new_operand(ps, &(yylsp[-1]));
		(yyval.opnd)->file = RF_GROUP;
		(yyval.opnd)->ngroup = 0;
	}
#line 1730 "src/ilparse/parser.c"
    break;

  case 39: /* operand: '(' oplist ')'  */
#line 330 "../src/ilparse/parser.y"
                         {
		(yyval.opnd) = new_operand(ps, &(yylsp[-2]));
		(yyval.opnd)->file = RF_GROUP;
		(yyval.opnd)->ngroup = (int)(yyvsp[-1].ops)->n;
		(yyval.opnd)->group = arena_alloc(&ps->m->arena, (yyvsp[-1].ops)->n * sizeof *(yyval.opnd)->group);
		memcpy((yyval.opnd)->group, (yyvsp[-1].ops)->v, (yyvsp[-1].ops)->n * sizeof *(yyval.opnd)->group);
		vec_free((yyvsp[-1].ops));
		free((yyvsp[-1].ops));
	}
#line 1744 "src/ilparse/parser.c"
    break;

  case 40: /* index_reg: "register" comps_opt  */
#line 342 "../src/ilparse/parser.y"
                        {
		(yyval.opnd) = new_operand(ps, &(yylsp[-1]));
		(yyval.opnd)->name = (yyvsp[-1].str);
		if ((yyvsp[0].str)) {
				ps_copy((yyval.opnd)->comps, sizeof (yyval.opnd)->comps, (yyvsp[0].str));
				(yyval.opnd)->comps_loc = ps_loc(ps, &(yylsp[0]));
			}
	}
#line 1757 "src/ilparse/parser.c"
    break;

  case 41: /* comps_opt: %empty  */
#line 353 "../src/ilparse/parser.y"
                 { (yyval.str) = NULL; }
#line 1763 "src/ilparse/parser.c"
    break;

  case 42: /* comps_opt: "component selector"  */
#line 354 "../src/ilparse/parser.y"
                { (yyval.str) = (yyvsp[0].str); }
#line 1769 "src/ilparse/parser.c"
    break;


#line 1773 "src/ilparse/parser.c"

      default: break;
    }
  /* User semantic actions sometimes alter yychar, and that requires
     that yytoken be updated with the new translation.  We take the
     approach of translating immediately before every use of yytoken.
     One alternative is translating here after every semantic action,
     but that translation would be missed if the semantic action invokes
     YYABORT, YYACCEPT, or YYERROR immediately after altering yychar or
     if it invokes YYBACKUP.  In the case of YYABORT or YYACCEPT, an
     incorrect destructor might then be invoked immediately.  In the
     case of YYERROR or YYBACKUP, subsequent parser actions might lead
     to an incorrect destructor call or verbose syntax error message
     before the lookahead is translated.  */
  YY_SYMBOL_PRINT ("-> $$ =", YY_CAST (yysymbol_kind_t, yyr1[yyn]), &yyval, &yyloc);

  YYPOPSTACK (yylen);
  yylen = 0;

  *++yyvsp = yyval;
  *++yylsp = yyloc;

  /* Now 'shift' the result of the reduction.  Determine what state
     that goes to, based on the state we popped back to and the rule
     number reduced by.  */
  {
    const int yylhs = yyr1[yyn] - YYNTOKENS;
    const int yyi = yypgoto[yylhs] + *yyssp;
    yystate = (0 <= yyi && yyi <= YYLAST && yycheck[yyi] == *yyssp
               ? yytable[yyi]
               : yydefgoto[yylhs]);
  }

  goto yynewstate;


/*--------------------------------------.
| yyerrlab -- here on detecting error.  |
`--------------------------------------*/
yyerrlab:
  /* Make sure we have latest lookahead translation.  See comments at
     user semantic actions for why this is necessary.  */
  yytoken = yychar == IL_YYEMPTY ? YYSYMBOL_YYEMPTY : YYTRANSLATE (yychar);
  /* If not already recovering from an error, report this error.  */
  if (!yyerrstatus)
    {
      ++yynerrs;
      {
        yypcontext_t yyctx
          = {yyssp, yytoken, &yylloc};
        if (yyreport_syntax_error (&yyctx, scanner, ps) == 2)
          YYNOMEM;
      }
    }

  yyerror_range[1] = yylloc;
  if (yyerrstatus == 3)
    {
      /* If just tried and failed to reuse lookahead token after an
         error, discard it.  */

      if (yychar <= IL_YYEOF)
        {
          /* Return failure if at end of input.  */
          if (yychar == IL_YYEOF)
            YYABORT;
        }
      else
        {
          yydestruct ("Error: discarding",
                      yytoken, &yylval, &yylloc, scanner, ps);
          yychar = IL_YYEMPTY;
        }
    }

  /* Else will try to reuse lookahead token after shifting the error
     token.  */
  goto yyerrlab1;


/*---------------------------------------------------.
| yyerrorlab -- error raised explicitly by YYERROR.  |
`---------------------------------------------------*/
yyerrorlab:
  /* Pacify compilers when the user code never invokes YYERROR and the
     label yyerrorlab therefore never appears in user code.  */
  if (0)
    YYERROR;
  ++yynerrs;

  /* Do not reclaim the symbols of the rule whose action triggered
     this YYERROR.  */
  YYPOPSTACK (yylen);
  yylen = 0;
  YY_STACK_PRINT (yyss, yyssp);
  yystate = *yyssp;
  goto yyerrlab1;


/*-------------------------------------------------------------.
| yyerrlab1 -- common code for both syntax error and YYERROR.  |
`-------------------------------------------------------------*/
yyerrlab1:
  yyerrstatus = 3;      /* Each real token shifted decrements this.  */

  /* Pop stack until we find a state that shifts the error token.  */
  for (;;)
    {
      yyn = yypact[yystate];
      if (!yypact_value_is_default (yyn))
        {
          yyn += YYSYMBOL_YYerror;
          if (0 <= yyn && yyn <= YYLAST && yycheck[yyn] == YYSYMBOL_YYerror)
            {
              yyn = yytable[yyn];
              if (0 < yyn)
                break;
            }
        }

      /* Pop the current state because it cannot handle the error token.  */
      if (yyssp == yyss)
        YYABORT;

      yyerror_range[1] = *yylsp;
      yydestruct ("Error: popping",
                  YY_ACCESSING_SYMBOL (yystate), yyvsp, yylsp, scanner, ps);
      YYPOPSTACK (1);
      yystate = *yyssp;
      YY_STACK_PRINT (yyss, yyssp);
    }

  YY_IGNORE_MAYBE_UNINITIALIZED_BEGIN
  *++yyvsp = yylval;
  YY_IGNORE_MAYBE_UNINITIALIZED_END

  yyerror_range[2] = yylloc;
  ++yylsp;
  YYLLOC_DEFAULT (*yylsp, yyerror_range, 2);

  /* Shift the error token.  */
  YY_SYMBOL_PRINT ("Shifting", YY_ACCESSING_SYMBOL (yyn), yyvsp, yylsp);

  yystate = yyn;
  goto yynewstate;


/*-------------------------------------.
| yyacceptlab -- YYACCEPT comes here.  |
`-------------------------------------*/
yyacceptlab:
  yyresult = 0;
  goto yyreturnlab;


/*-----------------------------------.
| yyabortlab -- YYABORT comes here.  |
`-----------------------------------*/
yyabortlab:
  yyresult = 1;
  goto yyreturnlab;


/*-----------------------------------------------------------.
| yyexhaustedlab -- YYNOMEM (memory exhaustion) comes here.  |
`-----------------------------------------------------------*/
yyexhaustedlab:
  yyerror (&yylloc, scanner, ps, YY_("memory exhausted"));
  yyresult = 2;
  goto yyreturnlab;


/*----------------------------------------------------------.
| yyreturnlab -- parsing is finished, clean up and return.  |
`----------------------------------------------------------*/
yyreturnlab:
  if (yychar != IL_YYEMPTY)
    {
      /* Make sure we have latest lookahead translation.  See comments at
         user semantic actions for why this is necessary.  */
      yytoken = YYTRANSLATE (yychar);
      yydestruct ("Cleanup: discarding lookahead",
                  yytoken, &yylval, &yylloc, scanner, ps);
    }
  /* Do not reclaim the symbols of the rule whose action triggered
     this YYABORT or YYACCEPT.  */
  YYPOPSTACK (yylen);
  YY_STACK_PRINT (yyss, yyssp);
  while (yyssp != yyss)
    {
      yydestruct ("Cleanup: popping",
                  YY_ACCESSING_SYMBOL (+*yyssp), yyvsp, yylsp, scanner, ps);
      YYPOPSTACK (1);
    }
#ifndef yyoverflow
  if (yyss != yyssa)
    YYSTACK_FREE (yyss);
#endif

  return yyresult;
}

#line 357 "../src/ilparse/parser.y"


/* Syntax errors name what was found and what could follow; the end of the
 * file inside a function names the function that is not closed. */
static int yyreport_syntax_error(const yypcontext_t *ctx, void *scanner, ParseState *ps)
{
	yysymbol_kind_t tok = yypcontext_token(ctx), exp[8];
	int n = yypcontext_expected_tokens(ctx, exp, 8), i, k = 0;
	Buf b = {0};
	IL_YYLTYPE *l = yypcontext_location(ctx);
	(void)scanner;
	if (ps->reported) {
		ps->reported = 0;
		ps->errors++;
		return 0;
	}
	if (tok == YYSYMBOL_YYEOF && ps->open_md.line) {
		ps_error(ps, ps_loc(ps, l), "unexpected end of file: ';ARGSTART:%s' at line %d is not closed by "
		         "';ARGEND:%s'", ps->open_md_name, ps->open_md.line, ps->open_md_name);
		return 0;
	}
	if (tok == YYSYMBOL_YYEOF && ps->open_data.line) {
		ps_error(ps, ps_loc(ps, l), "unexpected end of file: ';%s' at line %d is not closed by ';#DATAEND'",
		         ps->open_data_text, ps->open_data.line);
		return 0;
	}
	if (tok == YYSYMBOL_YYEOF && ps->prev_tok == ',') {
		ps_error(ps, ps_loc(ps, l), "unexpected end of file after ',': expected an operand");
		return 0;
	}
	if (tok != YYSYMBOL_YYEOF && ps->m->end_loc.line) {
		ps_error(ps, ps_loc(ps, l), "'%s' after 'end'", ps->last_word[0] ? ps->last_word : yysymbol_name(tok));
		return 0;
	}
	if (tok == YYSYMBOL_YYEOF && ps->cur && ps->cur != &ps->m->main && ps->cur->is_macro &&
	    !ps->m->header) {
		ps_error(ps, ps_loc(ps, l), "unexpected end of file: 'mdef(%lld)' at line %d is not closed by 'mend'",
		         ps->cur->id, ps->cur->loc.line);
		return 0;
	}
	if (!ps->m->header && tok != YYSYMBOL_MDEF && tok != YYSYMBOL_MEND) {
		ps_error(ps, ps_loc(ps, l), "expected the IL header (il_cs_2_0, il_ps_2_0 ...) before %s",
		         tok == YYSYMBOL_YYEOF ? "the end of file" : yysymbol_name(tok));
		return 0;
	}
	if (tok == YYSYMBOL_YYEOF && ps->cur && ps->cur != &ps->m->main) {
		ps_error(ps, ps_loc(ps, l), "unexpected end of file: '%s %lld' at line %d is not closed by '%s'",
		         ps->cur->is_macro ? "mdef" : "func", ps->cur->id, ps->cur->loc.line,
		         ps->cur->is_macro ? "mend" : "endfunc");
		return 0;
	}
	if (tok == YYSYMBOL_YYEOF && (!ps->cur || ps->cur == &ps->m->main)) {
		ps_error(ps, ps_loc(ps, l), "unexpected end of file: the program is not closed by 'end'");
		return 0;
	}
	buf_printf(&b, "unexpected %s", tok == YYSYMBOL_YYEOF ? "end of file" : yysymbol_name(tok));
	for (i = 0; i < n && n > 0; i++) {
		if (exp[i] == YYSYMBOL_BADWORD || exp[i] == YYSYMBOL_YYerror)
			continue;
		buf_printf(&b, "%s%s", k++ ? ", " : ", expecting ", yysymbol_name(exp[i]));
	}
	ps_error(ps, ps_loc(ps, l), "%s", b.s);
	buf_free(&b);
	return 0;
}

