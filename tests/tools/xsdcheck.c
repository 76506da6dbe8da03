/* xsdcheck.c - validate XML files against an XML Schema with libxml2:
 *   xsdcheck SCHEMA.xsd FILE.xml...   exit 0 when every file is valid */
#include <stdio.h>

#include <libxml/parser.h>
#include <libxml/xmlschemas.h>

int main(int argc, char **argv)
{
	xmlSchemaParserCtxtPtr pc;
	xmlSchemaPtr schema;
	xmlSchemaValidCtxtPtr vc;
	int i, bad = 0;
	if (argc < 3) {
		fputs("usage: xsdcheck SCHEMA.xsd FILE.xml...\n", stderr);
		return 2;
	}
	pc = xmlSchemaNewParserCtxt(argv[1]);
	schema = pc ? xmlSchemaParse(pc) : NULL;
	if (!schema) {
		fprintf(stderr, "xsdcheck: cannot read the schema %s\n", argv[1]);
		return 2;
	}
	vc = xmlSchemaNewValidCtxt(schema);
	for (i = 2; i < argc; i++) {
		xmlDocPtr doc = xmlReadFile(argv[i], NULL, XML_PARSE_NONET);
		if (!doc || xmlSchemaValidateDoc(vc, doc) != 0) {
			fprintf(stderr, "xsdcheck: %s is not valid\n", argv[i]);
			bad = 1;
		}
		xmlFreeDoc(doc);
	}
	xmlSchemaFreeValidCtxt(vc);
	xmlSchemaFree(schema);
	xmlSchemaFreeParserCtxt(pc);
	return bad;
}
