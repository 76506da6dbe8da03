/* xmlrt.h - libxml2, loaded at its first use.
 *
 * libxml2 is linked against ICU, which pulls in libstdc++: a program linked
 * with it spends 1.3 ms of every start (measured: an empty main() 0.7 ms,
 * the same linked with -lxml2 2.0 ms) relocating libraries that a plain
 * translation never calls, since data/platforms.xml and data/cb0.xml come
 * compiled in (src/tables.h).  So the translator does not link libxml2:
 * every file that uses it includes this header instead of libxml2's, and
 * each libxml2 name below becomes an entry of a table filled by dlopen the
 * first time one is used.  The code reads as ordinary libxml2 code.
 * TRANSLATE_XML_LIBRARY names another shared object (default libxml2.so.2);
 * when it cannot be loaded the run stops with a diagnostic (exit 2).
 */
#ifndef XMLRT_H
#define XMLRT_H

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlschemas.h>
#include <libxml/xmlwriter.h>

#define XMLRT_FUNCS(X) \
	X(xmlAddChild) X(xmlAddNextSibling) X(xmlCleanupParser) X(xmlInitParser) X(xmlAddPrevSibling) X(xmlBufferContent) X(xmlBufferCreate) \
	X(xmlBufferFree) X(xmlBufferLength) X(xmlDocCopyNode) X(xmlDocDumpFormatMemoryEnc) \
	X(xmlDocGetRootElement) X(xmlDocSetRootElement) X(xmlFreeDoc) X(xmlFreeNode) X(xmlFreeTextWriter) \
	X(xmlGetLineNo) X(xmlGetProp) X(xmlGetUTF8Char) X(xmlNewChild) X(xmlNewDoc) X(xmlNewDocNode) \
	X(xmlNewNode) X(xmlNewTextWriterFilename) X(xmlNewTextWriterMemory) X(xmlNodeAddContent) \
	X(xmlNodeDump) X(xmlNodeGetContent) X(xmlReadFile) X(xmlReadMemory) X(xmlSchemaFree) \
	X(xmlSchemaFreeParserCtxt) X(xmlSchemaFreeValidCtxt) X(xmlSchemaNewParserCtxt) \
	X(xmlSchemaNewValidCtxt) X(xmlSchemaParse) X(xmlSchemaValidateDoc) X(xmlSetProp) X(xmlStrcmp) \
	X(xmlTextWriterEndDocument) X(xmlTextWriterEndElement) X(xmlTextWriterSetIndent) \
	X(xmlTextWriterSetIndentString) X(xmlTextWriterStartDocument) X(xmlTextWriterStartElement) \
	X(xmlTextWriterWriteAttribute) X(xmlTextWriterWriteElement) X(xmlTextWriterWriteString) \
	X(xmlUnlinkNode)

typedef struct XmlRt {
#define XMLRT_FIELD(f) __typeof__(&f) f;
	XMLRT_FUNCS(XMLRT_FIELD)
#undef XMLRT_FIELD
	xmlFreeFunc *free; /* libxml2's variable xmlFree */
} XmlRt;

/* The table, loaded on the first call (a failure is reported and exits). */
const XmlRt *xmlrt(void);

#ifndef XMLRT_IMPL
#define xmlAddChild (xmlrt()->xmlAddChild)
#define xmlAddNextSibling (xmlrt()->xmlAddNextSibling)
#define xmlAddPrevSibling (xmlrt()->xmlAddPrevSibling)
#define xmlBufferContent (xmlrt()->xmlBufferContent)
#define xmlBufferCreate (xmlrt()->xmlBufferCreate)
#define xmlBufferFree (xmlrt()->xmlBufferFree)
#define xmlBufferLength (xmlrt()->xmlBufferLength)
#define xmlDocCopyNode (xmlrt()->xmlDocCopyNode)
#define xmlDocDumpFormatMemoryEnc (xmlrt()->xmlDocDumpFormatMemoryEnc)
#define xmlDocGetRootElement (xmlrt()->xmlDocGetRootElement)
#define xmlDocSetRootElement (xmlrt()->xmlDocSetRootElement)
#define xmlFreeDoc (xmlrt()->xmlFreeDoc)
#define xmlFreeNode (xmlrt()->xmlFreeNode)
#define xmlFreeTextWriter (xmlrt()->xmlFreeTextWriter)
#define xmlGetLineNo (xmlrt()->xmlGetLineNo)
#define xmlGetProp (xmlrt()->xmlGetProp)
#define xmlGetUTF8Char (xmlrt()->xmlGetUTF8Char)
#define xmlNewChild (xmlrt()->xmlNewChild)
#define xmlNewDoc (xmlrt()->xmlNewDoc)
#define xmlNewDocNode (xmlrt()->xmlNewDocNode)
#define xmlNewNode (xmlrt()->xmlNewNode)
#define xmlNewTextWriterFilename (xmlrt()->xmlNewTextWriterFilename)
#define xmlNewTextWriterMemory (xmlrt()->xmlNewTextWriterMemory)
#define xmlNodeAddContent (xmlrt()->xmlNodeAddContent)
#define xmlNodeDump (xmlrt()->xmlNodeDump)
#define xmlNodeGetContent (xmlrt()->xmlNodeGetContent)
#define xmlReadFile (xmlrt()->xmlReadFile)
#define xmlReadMemory (xmlrt()->xmlReadMemory)
#define xmlSchemaFree (xmlrt()->xmlSchemaFree)
#define xmlSchemaFreeParserCtxt (xmlrt()->xmlSchemaFreeParserCtxt)
#define xmlSchemaFreeValidCtxt (xmlrt()->xmlSchemaFreeValidCtxt)
#define xmlSchemaNewParserCtxt (xmlrt()->xmlSchemaNewParserCtxt)
#define xmlSchemaNewValidCtxt (xmlrt()->xmlSchemaNewValidCtxt)
#define xmlSchemaParse (xmlrt()->xmlSchemaParse)
#define xmlSchemaValidateDoc (xmlrt()->xmlSchemaValidateDoc)
#define xmlSetProp (xmlrt()->xmlSetProp)
#define xmlStrcmp (xmlrt()->xmlStrcmp)
#define xmlTextWriterEndDocument (xmlrt()->xmlTextWriterEndDocument)
#define xmlTextWriterEndElement (xmlrt()->xmlTextWriterEndElement)
#define xmlTextWriterSetIndent (xmlrt()->xmlTextWriterSetIndent)
#define xmlTextWriterSetIndentString (xmlrt()->xmlTextWriterSetIndentString)
#define xmlTextWriterStartDocument (xmlrt()->xmlTextWriterStartDocument)
#define xmlTextWriterStartElement (xmlrt()->xmlTextWriterStartElement)
#define xmlTextWriterWriteAttribute (xmlrt()->xmlTextWriterWriteAttribute)
#define xmlTextWriterWriteElement (xmlrt()->xmlTextWriterWriteElement)
#define xmlTextWriterWriteString (xmlrt()->xmlTextWriterWriteString)
#define xmlUnlinkNode (xmlrt()->xmlUnlinkNode)
#undef xmlFree
#define xmlFree (*xmlrt()->free)
#endif

#endif
