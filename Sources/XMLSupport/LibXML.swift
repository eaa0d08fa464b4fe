@preconcurrency internal import CLibXML2

/// Process-wide libxml2 set-up.
///
/// `xmlInitParser` is not reentrant, so it must run exactly once before any
/// thread uses libxml2; a `static let` gives that guarantee (Swift runs its
/// initialiser once, thread-safely). Every public entry point calls `initialize()`.
///
/// libxml2 2.9 also sets up two global tables lazily, without locking, on
/// first use: the built-in schema types (first `xmlSchemaParse`; two threads
/// parsing schemas at once both build them, one set leaks, as
/// AddressSanitizer showed) and the catalog (first resolution of a file that
/// does not exist). Both are done here, once, instead.
enum LibXML {
    private static let initialized: Bool = {
        xmlInitParser()
        xmlSchemaInitTypes()
        xmlInitializeCatalog()
        return true
    }()

    @inline(__always)
    static func initialize() {
        _ = initialized
    }
}
