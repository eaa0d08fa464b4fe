@preconcurrency internal import CLibXML2

/// An error raised by libxml2, copied out at once because libxml2 reuses and
/// frees its `xmlError` structs.
struct CollectedError {
    var message: String
    var level: xmlErrorLevel
    var domain: Int32
    var code: Int32
    var file: String?
    var line: Int
    /// libxml2's extra integers: `int1` is the byte offset of XPath errors,
    /// `int2` the column of parser errors.
    var int1: Int
    var int2: Int
    /// The element the error is about, when the collector was asked to locate
    /// elements (schema errors name a node but give no column).
    var element: ElementOccurrence?

    var isError: Bool { level.rawValue >= XML_ERR_ERROR.rawValue }
}

/// Gathers the libxml2 errors raised while an operation runs.
///
/// libxml2 2.9 keeps its error handlers in thread-local globals, so
/// `capturing` installs this collector for the current thread only and puts
/// the previous handlers back afterwards. Unstructured diagnostics (which
/// libxml2 would otherwise print to stderr) are dropped meanwhile.
final class ErrorCollector {
    var errors: [CollectedError] = []
    /// Whether to record where, among same-named elements on its line, the
    /// element an error refers to sits (needed to compute a column).
    var locatesElements = false

    init(locatesElements: Bool = false) {
        self.locatesElements = locatesElements
    }

    var firstError: CollectedError? { errors.first(where: \.isError) }

    var opaque: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// Runs `body` with this thread's libxml2 errors routed to this collector.
    @inline(__always)
    func capturing<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        let saved = cxml_install_error_handlers(collectLibXMLError, opaque)
        defer { cxml_restore_error_handlers(saved) }
        return try body()
    }

    func record(_ error: xmlError) {
        var element: ElementOccurrence?
        if locatesElements, let node = error.node {
            element = ElementOccurrence(node.assumingMemoryBound(to: xmlNode.self))
        }
        errors.append(CollectedError(
            message: error.message.map { String(cString: $0).trimmingXMLWhitespace } ?? "",
            level: error.level,
            domain: error.domain,
            code: error.code,
            file: error.file.map { String(cString: $0) },
            line: Int(error.line),
            int1: Int(error.int1),
            int2: Int(error.int2),
            element: element
        ))
    }
}

/// The structured error handler handed to libxml2; `context` is a collector.
func collectLibXMLError(_ context: UnsafeMutableRawPointer?, _ error: xmlErrorPtr?) {
    guard let context, let error else { return }
    Unmanaged<ErrorCollector>.fromOpaque(context).takeUnretainedValue().record(error.pointee)
}
