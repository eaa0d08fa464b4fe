import Foundation

/// Writes a file all at once: to a temporary file beside it, then renamed over it.
///
/// A reader never sees half a report, and a failed write leaves an earlier report as it
/// was. The directory is created when missing. A path that is a device, a FIFO or a
/// standard stream (`/dev/null`, `/dev/stdout`) is written to, not replaced; a symbolic
/// link's target is written and the link stays; a read-only file is refused.
public enum AtomicFile {
    public static func write(_ data: Data, to path: String) throws(InputError) {
        var batch = ReportBatch()
        batch.add(data, to: path)
        try batch.commit()
    }
}

/// The reports of one run, prepared first and committed last: nothing is written until
/// every report is ready and every path has been checked, so a run that fails has changed
/// nothing. Temporary files are removed when SIGINT, SIGTERM or SIGHUP arrives during the
/// commit.
public struct ReportBatch {
    struct Pending {
        var path: String
        var option: String
        var data: Data
    }

    private(set) var pending: [Pending] = []
    /// Files the run reads: no report may be written over one of them.
    public var inputs: [(option: String, path: String)] = []

    public init() {}

    public mutating func add(_ data: Data, to path: String, option: String = "report") {
        pending.append(Pending(path: path, option: option, data: data))
    }

    public var isEmpty: Bool { pending.isEmpty }

    /// Where a report goes once links are followed, and how it is written.
    struct Target {
        enum Kind { case regular(mode: mode_t?), special, stream(Int32) }
        var pending: Pending
        /// The path written: the link's target for a symbolic link.
        var resolved: String
        /// The resolved path made absolute with its folders' links followed, to compare.
        var identity: String
        var kind: Kind
    }

    /// Checks every path, writes every regular report to a temporary file, writes the
    /// devices and streams, then renames the temporary files over their reports.
    public func commit() throws(InputError) {
        let targets = try check()

        TemporaryFiles.begin()
        defer { TemporaryFiles.end() }
        var temporaries: [(temporary: String, target: Target)] = []
        func discard() { for item in temporaries { unlink(item.temporary) }; TemporaryFiles.clear() }
        do throws(InputError) {
            for target in targets {
                guard case .regular(let mode) = target.kind else { continue }
                let temporary = try Self.prepare(target, mode: mode)
                temporaries.append((temporary, target))
            }
            for target in targets {
                switch target.kind {
                case .special: try Self.writeInPlace(target.pending.data, path: target.resolved, shown: target.pending.path)
                case .stream(let descriptor): try Self.writeAll(target.pending.data, to: descriptor, shown: target.pending.path)
                case .regular: break
                }
            }
        } catch {
            discard()
            throw error
        }
        for (index, item) in temporaries.enumerated() where rename(item.temporary, item.target.resolved) != 0 {
            let reason = String(cString: strerror(errno))
            for rest in temporaries[index...] { unlink(rest.temporary) }
            TemporaryFiles.clear()
            throw InputError(file: item.target.pending.path, "cannot write the report: \(reason)")
        }
        TemporaryFiles.clear()
    }

    /// Checks every path without writing: each can be written, no two name one file, and
    /// none names a file the run reads. Returns where each report goes.
    @discardableResult
    func check() throws(InputError) -> [Target] {
        var targets: [Target] = []
        for item in pending { targets.append(try Self.target(for: item)) }
        var seen: [String: Pending] = [:]
        for target in targets {
            if case .stream = target.kind { continue }
            if let earlier = seen[target.identity] {
                throw InputError(file: target.pending.path, "\(target.pending.option) and \(earlier.option) name the same file (\(earlier.path)); give each report its own path")
            }
            seen[target.identity] = target.pending
        }
        for input in inputs {
            guard let identity = Self.existingIdentity(input.path) else { continue }
            if let output = seen[identity] {
                throw InputError(file: output.path, "\(output.option) would write over \(input.path), which \(input.option) reads; give the report another path")
            }
        }
        return targets
    }

    private static func failure(_ path: String, _ reason: String) -> InputError {
        InputError(file: path, "cannot write the report: \(reason)")
    }

    /// Follows symbolic links (at most 40) and decides how `item` is written.
    static func target(for item: Pending) throws(InputError) -> Target {
        let path = item.path
        guard !path.isEmpty else { throw InputError("\(item.option) needs a file name, not an empty one") }
        if let descriptor = streamDescriptor(path) {
            var status = stat()
            guard fstat(descriptor, &status) == 0 else { throw failure(path, "standard stream \(descriptor) is not open") }
            return Target(pending: item, resolved: path, identity: path, kind: .stream(descriptor))
        }
        var resolved = path
        var links = 0
        var status = stat()
        while lstat(resolved, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
            links += 1
            guard links <= 40 else { throw failure(path, "too many levels of symbolic links") }
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: resolved) else {
                throw failure(path, "cannot read the symbolic link")
            }
            resolved = destination.hasPrefix("/") ? destination
                : URL(fileURLWithPath: resolved).deletingLastPathComponent().appendingPathComponent(destination).path
        }
        let name = URL(fileURLWithPath: resolved).lastPathComponent
        guard name.utf8.count <= 255 else { throw failure(path, "the file name is longer than 255 bytes") }
        let identity = existingIdentity(resolved) ?? absolute(resolved)
        guard lstat(resolved, &status) == 0 else {
            return Target(pending: item, resolved: resolved, identity: identity, kind: .regular(mode: nil))
        }
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
            throw failure(path, "it is a folder")
        case S_IFREG:
            guard status.st_mode & S_IWUSR != 0, access(resolved, W_OK) == 0 else {
                throw failure(path, "the file is read-only (mode \(String(status.st_mode & 0o7777, radix: 8))); make it writable or choose another path")
            }
            return Target(pending: item, resolved: resolved, identity: identity, kind: .regular(mode: status.st_mode & 0o7777))
        default:
            return Target(pending: item, resolved: resolved, identity: identity, kind: .special)
        }
    }

    /// The descriptor `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` or `/proc/self/fd/N` names.
    static func streamDescriptor(_ path: String) -> Int32? {
        switch path {
        case "/dev/stdout": return STDOUT_FILENO
        case "/dev/stderr": return STDERR_FILENO
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
                return Int32(path.dropFirst(prefix.count))
            }
            return nil
        }
    }

    /// An existing file's device and inode, to tell whether two paths name one file.
    static func existingIdentity(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return "\(status.st_dev):\(status.st_ino)"
    }

    static func absolute(_ path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        if let folder = existingIdentity(directory.path) { return "\(folder)/\(url.lastPathComponent)" }
        return url.standardizedFileURL.path
    }

    /// Writes `target`'s data to a temporary file beside it (with the mode of the file it
    /// replaces) and returns the temporary file's path.
    static func prepare(_ target: Target, mode: mode_t?) throws(InputError) -> String {
        let url = URL(fileURLWithPath: target.resolved)
        let directory = url.deletingLastPathComponent()
        do { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) } catch {
            throw failure(target.pending.path, reason(error))
        }
        // A short name whatever the report's name: within NAME_MAX.
        let temporary = directory.appendingPathComponent(".a11y-audit.\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp").path
        TemporaryFiles.register(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode ?? 0o666)
        guard descriptor >= 0 else { throw failure(target.pending.path, String(cString: strerror(errno))) }
        defer { close(descriptor) }
        if let mode { fchmod(descriptor, mode) }
        do throws(InputError) { try writeAll(target.pending.data, to: descriptor, shown: target.pending.path) } catch {
            unlink(temporary)
            throw error
        }
        guard fsync(descriptor) == 0 || errno == EINVAL else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw failure(target.pending.path, reason)
        }
        return temporary
    }

    /// Writes to a device or FIFO where it is, without creating or replacing anything.
    static func writeInPlace(_ data: Data, path: String, shown: String) throws(InputError) {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(shown, String(cString: strerror(errno))) }
        defer { close(descriptor) }
        try writeAll(data, to: descriptor, shown: shown)
    }

    static func writeAll(_ data: Data, to descriptor: Int32, shown: String) throws(InputError) {
        let problem: String? = data.withUnsafeBytes { buffer -> String? in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno))
                }
                offset += written
            }
            return nil
        }
        if let problem { throw failure(shown, problem) }
    }

    private static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
           let message = underlying.userInfo[NSLocalizedDescriptionKey] as? String { return message }
        return nsError.localizedDescription
    }
}

/// The temporary files of a commit in progress, removed by a signal handler when SIGINT,
/// SIGTERM or SIGHUP arrives before they are renamed; the signal then takes its course.
enum TemporaryFiles {
    static let capacity = 64
    nonisolated(unsafe) static let paths = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
    nonisolated(unsafe) static var count: Int = 0
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    nonisolated(unsafe) static var previous: [Int32: sigaction] = [:]
    static let lock = NSLock()

    static func begin() {
        lock.lock()
        count = 0
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                for index in 0..<min(TemporaryFiles.count, TemporaryFiles.capacity) {
                    if let path = TemporaryFiles.paths[index] { unlink(path) }
                }
                Foundation.signal(number, SIG_DFL)
                raise(number)
            }
            sigemptyset(&action.sa_mask)
            var old = sigaction()
            sigaction(signal, &action, &old)
            previous[signal] = old
        }
    }

    static func register(_ path: String) {
        guard count < capacity else { return }
        paths[count] = strdup(path)
        count += 1
    }

    static func clear() {
        let registered = count
        count = 0
        for index in 0..<registered { free(paths[index]); paths[index] = nil }
    }

    static func end() {
        clear()
        for signal in signals {
            if var old = previous[signal] { sigaction(signal, &old, nil) }
        }
        lock.unlock()
    }
}
