#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// Reads input files ourselves rather than letting libxml2 do it: a missing
/// or unreadable file becomes an `XMLError` with the system's reason (libxml2
/// only warns "failed to load external entity"), and the bytes are kept to
/// compute columns libxml2 does not give.
enum SourceFile {
    static func read(_ path: String) throws(XMLError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw failure(path) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                #if canImport(Glibc)
                Glibc.read(descriptor, buffer.baseAddress, buffer.count)
                #else
                Darwin.read(descriptor, buffer.baseAddress, buffer.count)
                #endif
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(path)
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    private static func failure(_ path: String) -> XMLError {
        let reason = String(cString: strerror(errno))
        return XMLError(file: path, line: 0, column: 0, message: "Cannot read file: \(reason)")
    }
}
