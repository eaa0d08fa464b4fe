import Foundation

/// Writes a file all at once: to a temporary file beside it, then renamed over it.
///
/// A reader never sees half a report, and a failed write leaves an earlier report as it
/// was. The directory is created when missing.
public enum AtomicFile {
    public static func write(_ data: Data, to path: String) throws(InputError) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try data.write(to: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw InputError(file: path, "cannot write the report: \(Self.reason(error))")
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw InputError(file: path, "cannot write the report: \(reason)")
        }
    }

    private static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
           let message = underlying.userInfo[NSLocalizedDescriptionKey] as? String { return message }
        return nsError.localizedDescription
    }
}
