/// The tool's identity, as the command line and every report state it.
public enum A11yAudit {
    public static let version = "0.9.0"
    /// Where a person reading a report learns about the tool.
    public static let informationURI = "https://github.com/a11y-audit/a11y-audit"
}
