/// Which render a snapshot's elements come from, and under which direction and colours:
/// two snapshots with equal identities show equal elements and scroll regions, so an
/// auditor that has written one state's elements need not look at another's again.
///
/// The model kit sets it (``Snapshot/renderIdentity``) when a snapshot's elements come
/// unchanged from one render; changing a snapshot's elements or scroll regions clears it.
/// A render is laid out once for every state that agrees on what its body read, and its
/// elements differ between those states only by mirroring (`direction`) and by their
/// inks' colours (`appearance`, `contrast`).
public struct RenderIdentity: Hashable, Sendable {
    /// The render, unique in the process.
    public var render: Int
    public var direction: LayoutDirection
    public var appearance: Appearance
    public var contrast: ContrastSetting

    public init(render: Int, direction: LayoutDirection, appearance: Appearance, contrast: ContrastSetting) {
        self.render = render
        self.direction = direction
        self.appearance = appearance
        self.contrast = contrast
    }
}
