import RoomServices

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

    /// Runs `update`, reporting both stages where they run (`file`/`line`: the caller's, as the strip shows it).
    public func send(_ message: Program.Message, file: StaticString = #fileID, line: UInt = #line) {
        Stages.record(CounterStage.send, "store.send(.\(message))", file: file, line: line)
        Program.update(&state, message)
        Stages.record(CounterStage.update, "update(&state, .\(message))")
    }
}

/// The counter's flow: a message sent to the store, then `update`.
public enum CounterStage: FlowStage {
    case send, update
    public var name: String { self == .send ? "store.send" : "update" }
    public var detail: String { self == .send ? "a message" : "state changes" }
}
