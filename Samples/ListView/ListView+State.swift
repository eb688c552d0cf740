import VVSIRuntime

extension ListView {

    /// What Random builds: `count` strings of `length` characters.
    public struct Options: Sendable, Equatable {
        /// How many strings.
        public let count: Int
        /// How many characters each.
        public let length: Int

        /// Options for Random (the view picks `count` in `1..<10`, `length` in `1..<5`).
        public init(count: Int, length: Int) {
            self.count = count
            self.length = length
        }
    }

    /// The list's state.
    public struct VState: StateProtocol, Equatable {
        /// The rows, in order.
        public var items: [String] = []

        /// An empty list (the README's start), or `items`.
        public init(items: [String] = []) {
            self.items = items
        }
    }

    /// What the buttons (and posted events) ask for.
    public enum VAction: ActionProtocol, Sendable, Equatable {
        /// Append "New item", unless there are 5 already.
        case add
        /// Remove the last item, if any.
        case remove
        /// Replace the items with random strings.
        case random(Options)
    }

    /// What the interactor tells the view.
    public enum VNotification: NotificationProtocol, Equatable {
        /// Something to show in an alert.
        case error(String)
    }
}
