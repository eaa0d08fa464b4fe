import Foundation
import XMLSupport

/// An XML input (a baseline, a config file) parsed with line numbers and validated against
/// one of the bundled schemas: the first problem is an ``InputError`` naming the file, line
/// and column.
enum ValidatedDocument {
    static func load(_ file: String, schema name: String, in schemaDirectory: URL) throws(InputError) -> XMLDocument {
        let schema: XMLSchema
        do { schema = try XMLSchema(contentsOfFile: schemaDirectory.appendingPathComponent(name).path) } catch {
            throw InputError(error)
        }
        let document: XMLDocument
        do { document = try XMLDocument(contentsOfFile: file) } catch { throw InputError(error) }
        if let problem = schema.validate(document, name: file).first { throw InputError(problem) }
        return document
    }
}
