import RoomServices
import Synchronization

/// The one way into the room for an interactor's tasks: reads, changes, notifications and "action released",
/// kept in the order each thread posted them and consumed one by one by the view state's pump on the room's
/// executor. `Sendable`: `AsyncStream`'s continuation is thread-safe and `latest` is behind a `Mutex`.
final class Mailbox<S: Sendable, N: Sendable>: Sendable {
    enum Message: Sendable {
        /// `state()` of action `actionID`: answered with the current state.
        case read(actionID: Int, CheckedContinuation<S, Never>)
        /// `updater { … }`: applied once, published once, then `done` resumes.
        case update(
            actionID: Int, change: @Sendable (inout S) -> Void, calledAt: ContinuousClock.Instant, done: CheckedContinuation<Void, Never>)
        /// `notifications.send(…)` from any thread.
        case notification(N)
        /// The last copy of an action's `state`/`updater` is gone.
        case released(actionID: Int)

        /// The action that sent it; 0 for a notification (the interactor's subject names none).
        var actionID: Int {
            switch self {
            case .read(let id, _), .update(let id, _, _, _), .released(let id): id
            case .notification: 0
            }
        }
    }

    let messages: AsyncStream<Message>
    private let continuation: AsyncStream<Message>.Continuation
    /// The state when the view state stopped: what reads get once nobody applies messages any more.
    private let latest: Mutex<S>

    init(latest state: S) {
        (messages, continuation) = AsyncStream.makeStream(of: Message.self)
        latest = Mutex(state)
    }

    /// Hands `message` to the pump; once the mailbox is closed, answers it at once without effect.
    func post(_ message: Message) {
        if case .terminated = continuation.yield(message) { abandon(message) }
    }

    /// Records the final state and stops accepting messages; the pump drains what is already queued.
    func close(finalState: S) {
        latest.withLock { $0 = finalState }
        continuation.finish()
    }

    /// Answers `message` without effect, so that no interactor task waits forever: a read gets the final
    /// state, a change is dropped and its caller resumes.
    func abandon(_ message: Message) {
        switch message {
        case .read(_, let reply): reply.resume(returning: latest.withLock { $0 })
        case .update(_, _, _, let done): done.resume()
        case .notification, .released: break
        }
    }
}

/// What the pump feeds: an object living on the room's executor that applies messages.
protocol MailboxConsumer: AnyObject {
    associatedtype S: Sendable
    associatedtype N: Sendable
    /// Takes one message: applies it, or holds it while a replay decides when it falls.
    func receive(_ message: Mailbox<S, N>.Message, _ mailbox: Mailbox<S, N>)
}

/// The pump: runs on the room's executor and applies the mailbox's messages in order until the mailbox is closed
/// and drained. It holds the consumer weakly; once the consumer is gone, messages are answered without effect.
func pumpMessages<Consumer: MailboxConsumer>(
    on room: isolated any Actor, from mailbox: Mailbox<Consumer.S, Consumer.N>, to consumer: RoomBound<() -> Consumer?>
) async {
    for await message in mailbox.messages {
        if let consumer = consumer.value() { consumer.receive(message, mailbox) } else { mailbox.abandon(message) }
    }
}
