/// The device's appearance: `@Environment(\.colorScheme)`.
public enum Appearance: String, Sendable, Hashable, CaseIterable {
    case light, dark

    /// Hashed by case, not by raw string as a raw-value enum's default is:
    /// an appearance is hashed with every environment and render identity looked up.
    public func hash(into hasher: inout Hasher) { hasher.combine(self == .light) }
}

/// Increase Contrast off (`standard`) or on (`increased`): `@Environment(\.colorSchemeContrast)`.
public enum ContrastSetting: String, Sendable, Hashable, CaseIterable {
    case standard, increased

    /// Hashed by case, not by raw string as a raw-value enum's default is:
    /// a contrast setting is hashed with every environment and render identity looked up.
    public func hash(into hasher: inout Hasher) { hasher.combine(self == .standard) }
}
