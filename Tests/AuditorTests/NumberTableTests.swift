@testable import Auditor
import Testing

/// A table of numbers worked out for numbers handed out in order: unknown until set,
/// extended as numbers arrive, and giving back every number a table's capacity can hold.
@Suite("Number tables: numbers worked out for numbers handed out in order")
struct NumberTableTests {
    @Test("a number is unknown until worked out, beyond the table too")
    func unknownUntilSet() {
        var table = NumberTable()
        #expect(table.known(0) == nil && table.known(5) == nil)
        table.extendUnknown(through: 3)
        #expect(table.count == 4)
        #expect((0...3).allSatisfy { table.known($0) == nil && table[$0] == -1 })
        table[2] = 7
        #expect(table.known(2) == 7 && table.known(1) == nil && table.known(4) == nil)
    }

    @Test("extending never shortens the table nor forgets what it holds")
    func extendingKeeps() {
        var table = NumberTable()
        table.extendUnknown(through: 5)
        table[5] = 11
        table.extendUnknown(through: 2)
        #expect(table.count == 6 && table.known(5) == 11)
    }

    @Test("every number up to well past a table's capacity comes back as it was set",
          arguments: [0, 1, StateEvaluator.capacity, StateEvaluator.groupCapacity * 64, Int(Int32.max)])
    func holdsLargeNumbers(value: Int) {
        var table = NumberTable()
        table.extendUnknown(through: 0)
        table[0] = value
        #expect(table[0] == value && table.known(0) == value)
    }

    @Test("starting afresh forgets every number")
    func removeAll() {
        var table = NumberTable()
        table.extendUnknown(through: 9)
        table[9] = 1
        table.removeAll()
        #expect(table.count == 0 && table.known(9) == nil)
    }
}
