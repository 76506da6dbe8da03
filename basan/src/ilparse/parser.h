/* A Bison parser, made by GNU Bison 3.8.2.  */

/* Bison interface for Yacc-like parsers in C

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

/* DO NOT RELY ON FEATURES THAT ARE NOT DOCUMENTED in the manual,
   especially those whose name start with YY_ or yy_.  They are
   private implementation details that can be changed or removed.  */

#ifndef YY_IL_YY_SRC_ILPARSE_PARSER_H_INCLUDED
# define YY_IL_YY_SRC_ILPARSE_PARSER_H_INCLUDED
/* Debug traces.  */
#ifndef IL_YYDEBUG
# if defined YYDEBUG
#if YYDEBUG
#   define IL_YYDEBUG 1
#  else
#   define IL_YYDEBUG 0
#  endif
# else /* ! defined YYDEBUG */
#  define IL_YYDEBUG 0
# endif /* ! defined YYDEBUG */
#endif  /* ! defined IL_YYDEBUG */
#if IL_YYDEBUG
extern int il_yydebug;
#endif
/* "%code requires" blocks.  */
#line 14 "../src/ilparse/parser.y"

#include "parse.h"

#line 61 "src/ilparse/parser.h"

/* Token kinds.  */
#ifndef IL_YYTOKENTYPE
# define IL_YYTOKENTYPE
  enum il_yytokentype
  {
    IL_YYEMPTY = -2,
    IL_YYEOF = 0,                  /* "end of file"  */
    IL_YYerror = 256,              /* error  */
    IL_YYUNDEF = 257,              /* "invalid token"  */
    OPC = 258,                     /* "instruction"  */
    FUNC = 259,                    /* "func"  */
    ENDFUNC = 260,                 /* "endfunc"  */
    ENDMAIN = 261,                 /* "endmain"  */
    END = 262,                     /* "end"  */
    MDEF = 263,                    /* "mdef"  */
    MEND = 264,                    /* "mend"  */
    HEADER = 265,                  /* "IL header (il_cs_2_0)"  */
    LANG = 266,                    /* "language line"  */
    REG = 267,                     /* "register"  */
    COMPS = 268,                   /* "component selector"  */
    NUMBER = 269,                  /* "number"  */
    FLOAT = 270,                   /* "float number"  */
    MOD = 271,                     /* "modifier"  */
    PSEUDO = 272,                  /* ";$$$$$$$$$$"  */
    BADWORD = 273                  /* "invalid token"  */
  };
  typedef enum il_yytokentype il_yytoken_kind_t;
#endif

/* Value type.  */
#if ! defined IL_YYSTYPE && ! defined IL_YYSTYPE_IS_DECLARED
union IL_YYSTYPE
{
#line 92 "../src/ilparse/parser.y"

	Inst *inst;
	char *str;
	Num num;
	FloatLit fval;
	Mod mod;
	Operand *opnd;
	OperandVec *ops;
	Func *func;

#line 107 "src/ilparse/parser.h"

};
typedef union IL_YYSTYPE IL_YYSTYPE;
# define IL_YYSTYPE_IS_TRIVIAL 1
# define IL_YYSTYPE_IS_DECLARED 1
#endif

/* Location type.  */
#if ! defined IL_YYLTYPE && ! defined IL_YYLTYPE_IS_DECLARED
typedef struct IL_YYLTYPE IL_YYLTYPE;
struct IL_YYLTYPE
{
  int first_line;
  int first_column;
  int last_line;
  int last_column;
};
# define IL_YYLTYPE_IS_DECLARED 1
# define IL_YYLTYPE_IS_TRIVIAL 1
#endif




int il_yyparse (void *scanner, ParseState *ps);

/* "%code provides" blocks.  */
#line 18 "../src/ilparse/parser.y"

int il_yylex(IL_YYSTYPE *lval, IL_YYLTYPE *lloc, void *scanner);

#line 139 "src/ilparse/parser.h"

#endif /* !YY_IL_YY_SRC_ILPARSE_PARSER_H_INCLUDED  */
