@preconcurrency internal import CLibXML2

extension Expression.CoreFunction {
    /// The arities the parser accepts.
    var arity: ClosedRange<Int> {
        switch self {
        case .true, .false: 0...0
        case .not, .boolean, .number, .count, .string, .normalizeSpace, .floor, .ceiling, .stringLength: 1...1
        case .startsWith, .contains: 2...2
        case .translate: 3...3
        case .concat: 2...Int.max
        }
    }

    func value(of arguments: [Expression], at node: xmlNodePtr, position: Int, size: Int,
               in scope: EvaluationScope) throws(NativeExpressionError) -> NativeValue {
        var values: [NativeValue] = []
        for argument in arguments { values.append(try argument.value(at: node, position: position, size: size, in: scope)) }
        switch self {
        case .true: return .boolean(true)
        case .false: return .boolean(false)
        case .not: return .boolean(!values[0].boolean)
        case .boolean: return .boolean(values[0].boolean)
        case .number: return .number(values[0].number)
        case .string: return .string(values[0].string)
        case .count:
            switch values[0] {
            case .elements(let nodes): return .number(Double(nodes.count))
            case .attributes(let owners, _): return .number(Double(owners.count))
            default: throw .unsupported
            }
        case .floor: return .number(values[0].number.rounded(.down))
        case .ceiling: return .number(values[0].number.rounded(.up))
        case .stringLength: return .number(Double(values[0].string.unicodeScalars.count))
        case .translate:
            let (from, to) = (Array(values[1].string.unicodeScalars), Array(values[2].string.unicodeScalars))
            var result = String.UnicodeScalarView()
            for scalar in values[0].string.unicodeScalars {
                guard let index = from.firstIndex(of: scalar) else { result.append(scalar); continue }
                if index < to.count { result.append(to[index]) }
            }
            return .string(String(result))
        case .concat: return .string(values.map(\.string).joined())
        case .startsWith: return .boolean(values[0].string.utf8.starts(with: values[1].string.utf8))
        case .contains:
            let (haystack, needle) = (Array(values[0].string.utf8), Array(values[1].string.utf8))
            guard !needle.isEmpty else { return .boolean(true) }
            guard haystack.count >= needle.count else { return .boolean(false) }
            return .boolean((0...(haystack.count - needle.count)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) })
        case .normalizeSpace:
            let words = values[0].string.utf8.split { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
            return .string(words.map { String(decoding: $0, as: UTF8.self) }.joined(separator: " "))
        }
    }
}
