/// A throw-away architecture for `make check-seam`: one state, messages, and a pure `update` (Elm's shape).
public protocol CounterProgram {
    associatedtype State: Equatable
    associatedtype Message
    static func update(_ state: inout State, _ message: Message)
}

/// Holds a program's state; `send` runs `update`.
public final class Store<Program: CounterProgram> {
    public private(set) var state: Program.State

    public init(_ state: Program.State) { self.state = state }

    public func send(_ message: Program.Message) { Program.update(&state, message) }
}
