/// The device's appearance: `@Environment(\.colorScheme)`.
public enum Appearance: String, Sendable, Hashable, CaseIterable {
    case light, dark

    /// By case, not by raw string (`Hasher.combine(caseOf:)`).
    public func hash(into hasher: inout Hasher) { hasher.combine(caseOf: self) }
}

/// Increase Contrast off (`standard`) or on (`increased`): `@Environment(\.colorSchemeContrast)`.
public enum ContrastSetting: String, Sendable, Hashable, CaseIterable {
    case standard, increased

    /// By case, not by raw string (`Hasher.combine(caseOf:)`).
    public func hash(into hasher: inout Hasher) { hasher.combine(caseOf: self) }
}
