import AccessibilityModel

/// `.frame(width:height:alignment:)` or `.frame(minWidth:…maxHeight:alignment:)`.
struct FrameLayout {
    var width: Double?
    var height: Double?
    var minWidth: Double?
    var idealWidth: Double?
    var maxWidth: Double?
    var minHeight: Double?
    var idealHeight: Double?
    var maxHeight: Double?
    var alignment: Alignment
    var isFlexible: Bool
}

extension View {
    /// `.padding(_:_:)`: grows the view by `length` on the given edges (shrinks it when
    /// negative); what the child is proposed shrinks (or grows) by the same amounts.
    public func padding(_ edges: Edges = .all, _ length: Double = 16) -> View {
        modified(.padding(EdgeInsets(top: edges.contains(.top) ? length : 0,
                                     leading: edges.contains(.leading) ? length : 0,
                                     bottom: edges.contains(.bottom) ? length : 0,
                                     trailing: edges.contains(.trailing) ? length : 0)))
    }

    public func padding(_ length: Double) -> View { padding(.all, length) }

    public func padding(_ insets: EdgeInsets) -> View { modified(.padding(insets)) }

    /// `.frame(width:height:alignment:)`: the given dimensions, whatever the child chooses;
    /// the child is centred (or aligned) in them and may overflow them.
    public func frame(width: Double? = nil, height: Double? = nil, alignment: Alignment = .center) -> View {
        modified(.frame(FrameLayout(width: width, height: height, alignment: alignment, isFlexible: false)))
    }

    /// `.frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`,
    /// sized as Apple documents it: "If no minimum or maximum constraint is specified in a
    /// given dimension, the frame adopts the sizing behavior of its child in that
    /// dimension. If both constraints are specified in a dimension, the frame
    /// unconditionally adopts the size proposed for it, clamped to the constraints.
    /// Otherwise, the size of the frame in either dimension is: If a minimum constraint is
    /// specified and the size proposed for the frame by the parent is less than the size of
    /// this view, the proposed size, clamped to that minimum. If a maximum constraint is
    /// specified and the size proposed for the frame by the parent is greater than the size
    /// of this view, the proposed size, clamped to that maximum. Otherwise, the size of this
    /// view." (SwiftUI, `View.frame(minWidth:…)`.)
    public func frame(minWidth: Double? = nil, idealWidth: Double? = nil, maxWidth: Double? = nil,
                      minHeight: Double? = nil, idealHeight: Double? = nil, maxHeight: Double? = nil,
                      alignment: Alignment = .center) -> View {
        modified(.frame(FrameLayout(minWidth: minWidth, idealWidth: idealWidth, maxWidth: maxWidth,
                                    minHeight: minHeight, idealHeight: idealHeight, maxHeight: maxHeight,
                                    alignment: alignment, isFlexible: true)))
    }

    /// `.fixedSize()`: the view's ideal size, whatever it is proposed.
    public func fixedSize(horizontal: Bool = true, vertical: Bool = true) -> View {
        modified(.fixedSize(horizontal: horizontal, vertical: vertical))
    }

    /// `.offset(x:y:)`: drawn (and hit-tested) moved, laid out where it was.
    public func offset(x: Double = 0, y: Double = 0) -> View { modified(.offset(x: x, y: y)) }

    /// `.overlay(alignment:content:)`: drawn over the view, proposed the view's size.
    public func overlay(alignment: Alignment = .center, @ViewBuilder content: () -> View) -> View {
        View(.layered(alignment: alignment, secondaryOnTop: true), child: self, content())
    }

    /// `.background(alignment:content:)`: drawn under the view, proposed the view's size.
    public func background(alignment: Alignment = .center, @ViewBuilder content: () -> View) -> View {
        View(.layered(alignment: alignment, secondaryOnTop: false), child: self, content())
    }

    /// `.clipped()`: drawing is cut to the view's frame. Hit testing is not (SwiftUI's
    /// `clipped` documentation speaks of drawing only; ``contentShape(_:)`` sets what
    /// answers); texts cut by it report ``TextFit`` clipping.
    public func clipped() -> View { modified(.clipped) }

    /// `.id(_:)`: names the view for `ScrollViewReader`'s `scrollTo`.
    public func id(_ id: String) -> View { modified(.scrollTarget(id)) }
}

/// The shape `contentShape(_:)` gives a view's hit testing.
public enum ContentShape: Sendable, Hashable {
    /// `.rect`: the view's whole frame answers.
    case rect
}

extension View {
    /// `.contentShape(.rect)`: the enclosing button answers to touches anywhere in this
    /// view's frame (its padding included), not only where its label draws.
    public func contentShape(_ shape: ContentShape = .rect) -> View { modified(.contentShape) }
}
