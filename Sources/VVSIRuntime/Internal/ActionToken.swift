/// One action's hold on the queue. Its `state`/`updater` closures capture it, so it lives exactly as long as
/// any copy of them (in `execute`, or in every task the interactor started); its `deinit` posts "released", which
/// ends the action on the room's executor.
final class ActionToken<S: Sendable, N: Sendable>: Sendable {
    let id: Int
    private let mailbox: Mailbox<S, N>

    init(id: Int, mailbox: Mailbox<S, N>) {
        self.id = id
        self.mailbox = mailbox
    }

    deinit { mailbox.post(.released(actionID: id)) }

    /// `state()`: hops onto the room's executor and back with the current state.
    func read() async -> S {
        await withCheckedContinuation { reply in mailbox.post(.read(actionID: id, reply)) }
    }

    /// `updater { … }`: returns once the change has been applied and published on the room's executor.
    func update(_ change: @escaping @Sendable (inout S) -> Void) async {
        let calledAt = ContinuousClock.now
        await withCheckedContinuation { done in
            mailbox.post(.update(actionID: id, change: change, calledAt: calledAt, done: done))
        }
    }
}
