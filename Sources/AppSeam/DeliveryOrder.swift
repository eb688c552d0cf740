/// Whose deliveries an app applied, in order, while work it started ran side by side (VVSI's actions with the
/// unserialised-actions pitfall on): runs of one source each, a source being an action's age (1: the newest action
/// started, 2: the one before, …) or 0 for a delivery that names none (a notification). Kept compact for the
/// journal: `runs` is flat, `[source, count, source, count, …]`.
///
/// ```swift
/// var order = DeliveryOrder()
/// order.append(2); order.append(2); order.append(1)   // runs == [2, 2, 1, 1]
/// ```
public struct DeliveryOrder: Sendable, Equatable {
    /// Most runs one step records; later deliveries before the next step fall in the order they come on replay.
    public static let maxRuns = 4_096

    /// `[source, count, …]`; every count is at least 1 and no two neighbouring runs share a source.
    public private(set) var runs: [Int] = []

    public init() {}

    /// The runs as written, or nil when they are not well formed (odd length, a negative source, a count outside
    /// 1…2³¹ - 1, two neighbouring runs of one source, more than ``maxRuns``).
    public init?(runs: [Int]) {
        guard runs.count.isMultiple(of: 2), runs.count / 2 <= Self.maxRuns else { return nil }
        for index in stride(from: 0, to: runs.count, by: 2) {
            guard runs[index] >= 0, (1...Int(Int32.max)).contains(runs[index + 1]), index == 0 || runs[index - 2] != runs[index] else { return nil }
        }
        self.runs = runs
    }

    public var isEmpty: Bool { runs.isEmpty }

    /// How many deliveries it orders.
    public var count: Int { stride(from: 1, to: runs.count, by: 2).reduce(0) { $0 + runs[$1] } }

    /// One more delivery from `source`; beyond ``maxRuns`` nothing more is recorded.
    public mutating func append(_ source: Int) {
        if runs.count >= 2, runs[runs.count - 2] == source {
            runs[runs.count - 1] += 1
        } else if runs.count / 2 < Self.maxRuns {
            runs += [source, 1]
        }
    }

    /// Without its first `count` deliveries (those a checkpoint taken after them already holds).
    public func droppingFirst(_ count: Int) -> DeliveryOrder {
        var left = count
        var order = DeliveryOrder()
        for index in stride(from: 0, to: runs.count, by: 2) {
            let dropped = min(left, runs[index + 1])
            left -= dropped
            if dropped < runs[index + 1] { order.runs += [runs[index], runs[index + 1] - dropped] }
        }
        return order
    }

    /// A replay's place in an order: whose delivery comes next.
    public struct Reader: Sendable {
        private let runs: [Int]
        private var index = 0
        private var usedInRun = 0

        public init(_ order: DeliveryOrder) { runs = order.runs }

        /// The source whose delivery comes next; nil once the order is used up.
        public var next: Int? { index < runs.count ? runs[index] : nil }

        public var isAtEnd: Bool { index >= runs.count }

        /// A delivery from `source` was applied: the order moves on if it was that source's turn.
        public mutating func advance(past source: Int) {
            guard index < runs.count, runs[index] == source else { return }
            usedInRun += 1
            if usedInRun == runs[index + 1] { (index, usedInRun) = (index + 2, 0) }
        }
    }
}
