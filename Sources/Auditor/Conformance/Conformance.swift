import AccessibilityModel
import Foundation

/// What every block must keep true whatever its design, checked on a sample of its states.
///
/// A block's own tests opt in with one line:
///
/// ```swift
/// @Test func conforms() { #expect(Conformance.issues(of: SegmentedControl()) == []) }
/// ```
///
/// The sample is the pairwise covering of the block's states (every value of every
/// dimension meets every value of every other), each with its right-to-left and Reduce
/// Motion twins, so the checks stay quick on a large space. The checks:
/// - **unique ids**: no two elements of a state share an id;
/// - **every value reachable**: each value of each dimension is selected by some state;
/// - **right-to-left mirrored**: in the right-to-left twin of a state, each element's frame
///   is its left-to-right frame mirrored within the screen width;
/// - **focus order complete and stable**: every element VoiceOver can reach has a place in
///   the order, and Reduce Motion does not change the order;
/// - **review scenarios present and approved**: the block names scenarios, each selects one
///   state, and (when `approved` is given) each transcript matches its approved file;
/// - **typed semantics declared**: a state whose buttons show exactly one of them Selected
///   declares them a selection group (the `selection` fact rules key on), or the general
///   selection rules would skip the block silently;
/// - **state space kept**: reading `stateSpace` again, or on an `assuming(_:)` copy, gives
///   the same space, not one built anew: the audit matches each state to its region by its
///   list of dimensions, at once when the lists share storage and name by name and value by
///   value when they do not, for every state.
public enum Conformance {
    /// One way a block falls short, with the state it was found in.
    public struct Issue: Sendable, Hashable, CustomStringConvertible {
        public var check: String
        public var state: String
        public var detail: String
        public var description: String { "\(check) [\(state)]: \(detail)" }
    }

    /// Every issue found in the sample; empty when the block conforms.
    public static func issues(of block: any BlockModel, approved: ApprovedTranscripts? = nil) -> [Issue] {
        var issues: [Issue] = []
        let space = block.stateSpace
        let sample = space.all.pairwiseCovering()
        var seen: [String: Set<String>] = [:]
        for position in 0..<sample.count {
            let state = sample[position]
            for (name, value) in state.pairs { seen[name, default: []].insert(value) }
            let snapshot = block.snapshot(of: state)
            issues += uniqueIDs(snapshot) + focusOrder(snapshot) + selectionGroups(snapshot)
            if let mirror = twin(of: state, setting: "direction", to: LayoutDirection.rightToLeft.rawValue) {
                issues += mirrored(snapshot, block.snapshot(of: mirror))
            }
            if let reduced = twin(of: state, setting: "motion", to: "reduced") {
                issues += stableOrder(snapshot, block.snapshot(of: reduced))
            }
        }
        for dimension in space.dimensions {
            for value in dimension.values where !(seen[dimension.name]?.contains(value) ?? false) {
                issues.append(Issue(check: "every value reachable", state: "",
                                    detail: "no state selects \(dimension.name)=\(value)"))
            }
        }
        return issues + keptStateSpace(of: block) + scenarios(of: block, approved: approved)
    }

    static func keptStateSpace(of block: any BlockModel) -> [Issue] {
        let space = block.stateSpace
        guard !(sharesStorage(space, block.stateSpace) && sharesStorage(space, block.assuming(.defaults).stateSpace)) else { return [] }
        return [Issue(check: "state space kept", state: "",
                      detail: "\(block.name) builds its state space anew when it is read or assumed: keep one, in a stored property")]
    }

    /// Whether two spaces hold the same dimension lists, not equal copies of them.
    private static func sharesStorage(_ space: StateSpace, _ other: StateSpace) -> Bool {
        space.regions.count == other.regions.count && zip(space.regions, other.regions).allSatisfy { region, another in
            region.withUnsafeBufferPointer(\.baseAddress) == another.withUnsafeBufferPointer(\.baseAddress)
        }
    }

    private static func twin(of state: BlockState, setting name: String, to value: String) -> BlockState? {
        guard let position = state.dimensions.firstIndex(where: { $0.name == name }),
              let index = state.dimensions[position].values.firstIndex(of: value),
              state.valueIndices[position] != index else { return nil }
        return state.with(dimensionAt: position, valueAt: index)
    }

    static func uniqueIDs(_ snapshot: Snapshot) -> [Issue] {
        var seen: Set<String> = []
        return snapshot.elements.compactMap { element in
            seen.insert(element.id).inserted ? nil
                : Issue(check: "unique ids", state: snapshot.state.id, detail: "two elements are named \(element.id)")
        }
    }

    static func focusOrder(_ snapshot: Snapshot) -> [Issue] {
        let positions = FocusOrder.positions(of: snapshot.elements, direction: snapshot.environment.direction)
        return zip(snapshot.elements, positions).compactMap { element, position in
            element.isFocusable && position == 0
                ? Issue(check: "focus order complete", state: snapshot.state.id, detail: "\(element.id) has no place in the order")
                : nil
        }
    }

    static func stableOrder(_ snapshot: Snapshot, _ twin: Snapshot) -> [Issue] {
        let order = snapshot.focusOrder.map(\.id), other = twin.focusOrder.map(\.id)
        guard order != other else { return [] }
        return [Issue(check: "focus order stable", state: twin.state.id,
                      detail: "Reduce Motion changes the order: \(order.joined(separator: ", ")) becomes \(other.joined(separator: ", "))")]
    }

    static func mirrored(_ snapshot: Snapshot, _ twin: Snapshot) -> [Issue] {
        let width = snapshot.environment.width
        return snapshot.elements.compactMap { element in
            guard let other = twin.element(element.id) else {
                return Issue(check: "right-to-left mirrored", state: twin.state.id, detail: "\(element.id) is missing")
            }
            let expected = element.frame.mirrored(within: width)
            let off = abs(other.frame.x - expected.x) + abs(other.frame.y - expected.y)
                + abs(other.frame.width - expected.width) + abs(other.frame.height - expected.height)
            return off > 0.01
                ? Issue(check: "right-to-left mirrored", state: twin.state.id,
                        detail: "\(element.id) is at x \(other.frame.x), not \(expected.x)")
                : nil
        }
    }

    static func selectionGroups(_ snapshot: Snapshot) -> [Issue] {
        let buttons = snapshot.elements.filter { $0.traits.contains(.button) && !$0.isHidden }
        let selected = buttons.filter { $0.traits.contains(.selected) }
        guard buttons.count >= 2, selected.count == 1, !buttons.contains(where: { $0.fact("selection") != nil }) else { return [] }
        return [Issue(check: "typed semantics declared", state: snapshot.state.id,
                      detail: "\(selected[0].id) is one Selected button among \(buttons.count) but no selection group is declared")]
    }

    static func scenarios(of block: any BlockModel, approved: ApprovedTranscripts?) -> [Issue] {
        guard !block.reviewScenarios.isEmpty else {
            return [Issue(check: "review scenarios present", state: "", detail: "\(block.name) names no review scenario")]
        }
        var issues: [Issue] = []
        for scenario in block.reviewScenarios {
            do {
                let selection = try scenario.selection(in: block.stateSpace)
                if selection.count != 1 {
                    issues.append(Issue(check: "review scenarios present", state: scenario.constraints.joined(separator: ";"),
                                        detail: "\(scenario.name) selects \(selection.count) states, not one"))
                }
            } catch {
                issues.append(Issue(check: "review scenarios present", state: scenario.constraints.joined(separator: ";"),
                                    detail: "\(scenario.name): \(error)"))
            }
        }
        guard issues.isEmpty, let approved, let reviews = try? approved.review(block, scenarios: block.reviewScenarios) else {
            return issues
        }
        for review in reviews where review.approved != review.transcript {
            issues.append(Issue(check: "review scenarios approved", state: review.stateID,
                                detail: review.approved == nil ? "\(review.path) is missing" : "\(review.path) differs from the model"))
        }
        return issues
    }
}
