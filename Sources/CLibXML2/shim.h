#ifndef CLIBXML2_SHIM_H
#define CLIBXML2_SHIM_H

/* xmlversion.h first so the ICU switch can be turned off before encoding.h
   sees it: libxml2 2.9's ICU include clashes with Foundation's own ICU module. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <libxml/xmlschemas.h>
#include <libxml/xmlwriter.h>
#include <libxml/xmlerror.h>
/* Only for their one-time initialisers (see LibXML.swift). */
#include <libxml/xmlschemastypes.h>
#include <libxml/catalog.h>

/* Small helpers for things Swift cannot express: `xmlFree` and the
   thread-local error handlers are macros, and the generic handler is a
   variadic function pointer. */

static inline void cxml_free(void *pointer) {
    xmlFree(pointer);
}

static inline void cxml_ignore_generic_error(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

/* This thread's libxml2 error handlers, saved so they can be put back. */
typedef struct {
    void *generic;
    void *genericContext;
    void *structured;
    void *structuredContext;
} cxml_error_handlers;

/* Routes this thread's libxml2 errors to `handler` (structured) and drops
   unstructured diagnostics; returns the handlers that were in place. */
static inline cxml_error_handlers cxml_install_error_handlers(xmlStructuredErrorFunc handler, void *context) {
    cxml_error_handlers saved;
    saved.generic = (void *)xmlGenericError;
    saved.genericContext = xmlGenericErrorContext;
    saved.structured = (void *)xmlStructuredError;
    saved.structuredContext = xmlStructuredErrorContext;
    xmlGenericError = cxml_ignore_generic_error;
    xmlGenericErrorContext = NULL;
    xmlStructuredError = handler;
    xmlStructuredErrorContext = context;
    return saved;
}

static inline void cxml_restore_error_handlers(cxml_error_handlers saved) {
    xmlGenericError = (xmlGenericErrorFunc)saved.generic;
    xmlGenericErrorContext = saved.genericContext;
    xmlStructuredError = (xmlStructuredErrorFunc)saved.structured;
    xmlStructuredErrorContext = saved.structuredContext;
}

#endif
