import PlaygroundUI
import RoomServices

extension ListView {

    /// What the interactor (and the view's Random button) depend on: the seed's `Dependencies`, whose `service`
    /// here is the randomness, injectable so that a room (or a test) can seed it.
    public struct Dependencies: Sendable {
        /// The seed's `Dependencies.Service`.
        public typealias Service = RandomSource

        let service: Service

        /// Dependencies using `service`.
        public init(service: Service) {
            self.service = service
        }

        /// The system's randomness.
        public static var shared: Dependencies { Dependencies(service: RandomSource()) }
    }
}
