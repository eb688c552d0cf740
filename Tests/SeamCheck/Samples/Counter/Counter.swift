import CounterRuntime
import PlaygroundUI

/// The "article": a counter as a program and a view of its state.
public enum Counter: CounterProgram {
    public struct State: Equatable { public var count = 0 }

    public enum Message { case increment, add(Int), reset }

    public static func update(_ state: inout State, _ message: Message) {
        switch message {
        case .increment: state.count += 1
        case .add(let amount): state.count += amount
        case .reset: state.count = 0
        }
    }
}

public struct CounterView: View {
    let count: Int
    public var body: some View {
        Text("Count: \(count)").id("counter-count")
    }
}
