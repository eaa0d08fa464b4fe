import AccessibilityModel

extension AccessibilityElement {
    /// A copy of an element made ahead of time (everything but its geometry) placed at
    /// `frame`: the blocks keep such templates so that a render copies an element instead of
    /// building its strings and facts again.
    func placed(at frame: Rect, hitRegion: Rect? = nil) -> AccessibilityElement {
        var element = self
        element.frame = frame
        element.hitRegion = hitRegion
        return element
    }
}
