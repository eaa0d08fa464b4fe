import AccessibilityModel

/// `Toggle(isOn:label:)`: a switch. VoiceOver hears its label, "Switch Button" and its
/// state, "On" or "Off" (Apple, WWDC19 "SwiftUI Essentials": "Include Salt, Switch button,
/// On, Double-Tap to Toggle Setting"); activating it sets `isOn` to the other of its two
/// values. The label's texts are joined as a button's are.
public func Toggle(isOn binding: Binding, on: String, off: String, @ViewBuilder label: () -> View) -> View {
    let isOn = binding.value == on
    return Button(action: transaction(binding.set(isOn ? off : on))) { label() }
        .accessibilityRemoveTraits(.button)
        .accessibilityAddTraits(.switchButton)
        .accessibilityValue(isOn ? "1" : "0")
}

/// `TextField(_:text:)`: a text entry element whose label is its title and whose value is
/// its text; `isEditing` while the user types in it ("Name, Text Field, Is editing"). A tap
/// anywhere on it starts editing, which the block does not model as a change of state.
public func TextField(_ title: String, text: String, isEditing: Bool = false) -> View {
    Button(action: .external) { Text(text.isEmpty ? title : text).contentShape(.rect) }
        .accessibilityRemoveTraits(.button)
        .accessibilityLabel(title)
        .accessibilityValue(text)
        .accessibilityRemoveTraits(.staticText)
        .accessibilityAddTraits(.textEntry)
        .accessibility(AccessibilityChange(isEditing: isEditing))
}
