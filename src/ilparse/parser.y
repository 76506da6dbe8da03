/* parser.y - pure bison grammar of AMD IL module structure.
 *
 * program := [macros] header main-statements endmain {func|mdef}... end
 * Statements inside a body are flat; nesting of if/loop/switch is checked
 * afterwards by il_check(), which gives better messages than a grammar error.
 */
%define api.pure full
%define api.prefix {il_yy}
%define parse.error custom
%locations
%param {void *scanner}
%parse-param {ParseState *ps}

%code requires {
#include "parse.h"
}

%code provides {
int il_yylex(IL_YYSTYPE *lval, IL_YYLTYPE *lloc, void *scanner);
}

%code {
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
}

%union {
	Inst *inst;
	char *str;
	Num num;
	FloatLit fval;
	Mod mod;
	Operand *opnd;
	OperandVec *ops;
	Func *func;
}

%token <inst> OPC "instruction" FUNC "func" ENDFUNC "endfunc" ENDMAIN "endmain"
%token <inst> END "end" MDEF "mdef" MEND "mend"
%token <str> HEADER "IL header (il_cs_2_0)" LANG "language line" REG "register" COMPS "component selector"
%token <num> NUMBER "number"
%token <fval> FLOAT "float number"
%token <mod> MOD "modifier"
%token PSEUDO ";$$$$$$$$$$" BADWORD "invalid token"

%type <opnd> operand index_reg
%type <ops> operands oplist
%type <func> macro_head

%destructor { if ($$) { vec_free($$); free($$); } } <ops>

%%

program
	: macros header main tail
	;

tail
	: END { ps->m->end_loc = $1->loc; }
	| ENDMAIN { ps->m->main.end_loc = $1->loc; ps->m->has_endmain = 1; } funcs END {
		ps->m->end_loc = $4->loc;
	}
	;

macros
	: %empty
	| macros macro
	;

macro
	: macro_head stmts MEND { $1->end_loc = $3->loc; vec_push(&ps->m->macros, $1); ps->cur = NULL; }
	;

macro_head
	: MDEF { $$ = begin_macro(ps, $1); }
	;

header
	: LANG HEADER {
		ps->m->lang = $1;
		ps->m->lang_loc = ps_loc(ps, &@1);
		ps->m->header = $2;
		ps->m->header_loc = ps_loc(ps, &@2);
		ps->cur = &ps->m->main;
		ps->m->main.id = -1;
		ps->m->main.loc = ps->m->header_loc;
	}
	| HEADER {
		ps->m->header = $1;
		ps->m->header_loc = ps_loc(ps, &@1);
		ps->cur = &ps->m->main;
		ps->m->main.id = -1;
		ps->m->main.loc = ps->m->header_loc;
	}
	;

main
	: stmts
	;

funcs
	: %empty
	| funcs func
	;

func
	: func_head stmts ENDFUNC {
		ps->cur->end_loc = $3->loc;
		vec_push(&ps->m->funcs, ps->cur);
		ps->cur = NULL;
	}
	| func_head stmts {
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
	| macro_head stmts MEND {
		$1->end_loc = $3->loc;
		if ($1->outline)
			vec_push(&ps->m->funcs, $1);
		else
			vec_push(&ps->m->macros, $1);
		ps->cur = NULL;
	}
	;

func_head
	: FUNC NUMBER { begin_func(ps, $1, $2.v); }
	;

stmts
	: %empty
	| stmts stmt
	;

stmt
	: OPC operands { emit(ps, $1, $2); }
	| BADWORD operands { if ($2) { vec_free($2); free($2); } }
	| error {
		/* skip to the next statement; the message was given */
	}
	| PSEUDO {
		Inst in;
		memset(&in, 0, sizeof in);
		in.loc = ps_loc(ps, &@1);
		in.op = OP_PSEUDO_CALL;
		in.word = ";$$$$$$$$$$";
		emit(ps, &in, NULL);
	}
	;

operands
	: %empty { $$ = NULL; }
	| oplist { $$ = $1; }
	;

oplist
	: operand { $$ = xcalloc(1, sizeof *$$); vec_push($$, *$1); }
	| oplist ',' operand { $$ = $1; vec_push($$, *$3); }
	;

operand
	: REG {
		$$ = new_operand(ps, &@1);
		$$->name = $1;
	}
	| REG '[' NUMBER ']' {
		$$ = new_operand(ps, &@1);
		$$->name = $1;
		$$->has_index = 1;
		$$->index_imm = $3.v;
		$$->index_hex = $3.hex;
	}
	| REG '[' index_reg ']' {
		$$ = new_operand(ps, &@1);
		$$->name = $1;
		$$->has_index = 1;
		$$->index_reg = $3;
	}
	| REG '[' index_reg '+' NUMBER ']' {
		$$ = new_operand(ps, &@1);
		$$->name = $1;
		$$->has_index = 1;
		$$->index_reg = $3;
		$$->index_imm = $5.v;
		$$->index_hex = $5.hex;
	}
	| REG '[' index_reg NUMBER ']' {
		$$ = new_operand(ps, &@1);
		$$->name = $1;
		$$->has_index = 1;
		$$->index_reg = $3;
		$$->index_imm = $4.v;
		$$->index_hex = $4.hex;
		if ($4.v >= 0)
			ps_error(ps, ps_loc(ps, &@4), "expected '+' before the index offset");
	}
	| operand COMPS {
		/* The selector follows the register or its modifiers: brcc writes
		 * r5_neg(xyzw).x000, other generators r5.x000_neg(xyzw).  A
		 * modifier's component mask names components of the selected
		 * value either way (the binary token pairs each component's
		 * select with its own negate bit). */
		$$ = $1;
		if (!$1->name || $1->file == RF_NUMBER || $1->file == RF_FLOAT || $1->file == RF_GROUP)
			ps_error(ps, ps_loc(ps, &@2), "a component selector '.%s' follows no register", $2);
		else if ($1->comps[0])
			ps_error(ps, ps_loc(ps, &@2), "a second component selector '.%s'", $2);
		else {
			ps_copy($$->comps, sizeof $$->comps, $2);
			$$->comps_loc = ps_loc(ps, &@2);
			if (strlen($2) >= sizeof $$->comps)
				ps_error(ps, ps_loc(ps, &@2), "component selector '.%s' is too long", $2);
		}
	}
	| operand MOD {
		Mod *nm = arena_alloc(&ps->m->arena, ((size_t)$1->nmods + 1) * sizeof *nm);
		if ($1->nmods)
			memcpy(nm, $1->mods, (size_t)$1->nmods * sizeof *nm);
		nm[$1->nmods] = $2;
		$$ = $1;
		$$->mods = nm;
		$$->nmods++;
	}
	| NUMBER {
		$$ = new_operand(ps, &@1);
		$$->file = RF_NUMBER;
		$$->num = $1.v;
		$$->hex = $1.hex;
	}
	| FLOAT {
		$$ = new_operand(ps, &@1);
		$$->file = RF_FLOAT;
		$$->fval = $1.v;
		$$->text = $1.text;
	}
	| operand '|' REG {
		if (!$1->name || $1->file == RF_NUMBER || $1->file == RF_FLOAT || $1->has_index ||
		    $1->comps[0] || $1->nmods)
			ps_error(ps, ps_loc(ps, &@2), "'|' joins flag words only (flag|flag)");
		$$ = $1;
		$$->name = arena_strdup(&ps->m->arena, xasprintf_tmp(ps, "%s|%s", $1->name ? $1->name : "", $3));
		$$->file = RF_WORD;
	}
	| '(' ')' {
		/* mcall(N) (), (r1): a macro with _out(0) (a void kernel body) */
		$$ = new_operand(ps, &@1);
		$$->file = RF_GROUP;
		$$->ngroup = 0;
	}
	| '(' oplist ')' {
		$$ = new_operand(ps, &@1);
		$$->file = RF_GROUP;
		$$->ngroup = (int)$2->n;
		$$->group = arena_alloc(&ps->m->arena, $2->n * sizeof *$$->group);
		memcpy($$->group, $2->v, $2->n * sizeof *$$->group);
		vec_free($2);
		free($2);
	}
	;

index_reg
	: REG {
		$$ = new_operand(ps, &@1);
		$$->name = $1;
	}
	| REG COMPS {
		$$ = new_operand(ps, &@1);
		$$->name = $1;
		ps_copy($$->comps, sizeof $$->comps, $2);
		$$->comps_loc = ps_loc(ps, &@2);
	}
	;

%%

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

