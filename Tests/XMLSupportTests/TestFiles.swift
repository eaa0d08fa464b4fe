import Foundation
import Testing
import XMLSupport

/// Writes test inputs to a fresh temporary directory, so parsing from files
/// (and reading back source text for columns) is exercised for real.
struct TestFiles {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("XMLSupportTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// Writes `contents` to `name` and returns its path.
    func write(_ name: String, _ contents: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try contents.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }
}

/// The `XMLError` a call threw, or nil when it did not throw. (Closures
/// infer untyped `throws`, hence the cast.)
func caughtError<T>(_ body: () throws -> T) -> XMLError? {
    do {
        _ = try body()
        return nil
    } catch let error as XMLError {
        return error
    } catch {
        Issue.record("expected an XMLError, got \(error)")
        return nil
    }
}
