/// The device's appearance: `@Environment(\.colorScheme)`.
public enum Appearance: String, Sendable, Hashable, CaseIterable {
    case light, dark
}

/// Increase Contrast off (`standard`) or on (`increased`): `@Environment(\.colorSchemeContrast)`.
public enum ContrastSetting: String, Sendable, Hashable, CaseIterable {
    case standard, increased
}
