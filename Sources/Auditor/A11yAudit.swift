/// Facts about the tool itself, for `--version` and for every report that names its producer.
public enum A11yAudit {
    /// The tool's name, as reports and `--version` print it.
    public static let name = "a11y-audit"
    /// The release, in semantic-versioning form: JUnit, SARIF and HTML reports carry it, so a
    /// report says which tool produced it.
    public static let version = "0.9.0"
    /// Where a person reading a report learns about the tool (SARIF's `informationUri`).
    public static let informationURI = "https://github.com/a11y-audit/a11y-audit"
}

extension JUnitReport {
    /// The comment before the root that names the producer: JUnit's schemas allow no
    /// attribute on `testsuites` for it, and a suite property would repeat in every suite.
    static let producer = " \(A11yAudit.name) \(A11yAudit.version) "
}
