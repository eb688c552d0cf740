import AppSeam
import Foundation

/// A room's oldest history folded into one value: every app's checkpoint and teaching layer after step `step`.
/// The journal keeps it instead of steps 1…`step`; a restart, a past page, a fork or an import starts from it and
/// replays the steps after it. The same value, kept beside the steps, is a room's checkpoint: a hibernated room
/// wakes from it and replays only the steps after it.
package struct RoomSnapshot: Codable, Sendable, Equatable {
    package struct App: Codable, Sendable, Equatable {
        /// What the app's ``HostedApp/checkpoint()`` wrote (JSON text only the app reads).
        package var state: String
        package var teaching: TeachingCheckpoint

        package init(state: String, teaching: TeachingCheckpoint) {
            (self.state, self.teaching) = (state, teaching)
        }
    }

    /// The last step folded into it.
    package var step: Int
    /// When it was taken (seconds since 1970).
    package var time: Double
    /// By app id.
    package var apps: [String: App]
    /// A checkpoint (taken as a room hibernates; steps stay) only: each app's deliveries so far, by app id, so the
    /// steps after it, which count deliveries from the room's start or its last fold, replay onto the restored apps.
    package var deliveries: [String: Int]? = nil
    /// A checkpoint only: whose of those deliveries came when after `step` while work ran side by side (the end of a
    /// race of VVSI actions), as a step's `order`; a room woken from it exports it as its tail.
    package var order: [String: [Int]]? = nil
    /// A checkpoint only: the bytes of the room's entries since its snapshot (the journal's bound counts them).
    package var historyBytes: Int? = nil

    package init(step: Int, time: Double, apps: [String: App], deliveries: [String: Int]? = nil, historyBytes: Int? = nil) {
        (self.step, self.time, self.apps, self.deliveries, self.historyBytes) = (step, time, apps, deliveries, historyBytes)
    }

    /// The journal's JSON: sorted keys, slashes as they are.
    package static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    package var jsonText: String {
        (try? Self.encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}

/// A room's history as the journal keeps it: the snapshot its oldest steps were folded into, if any, and the steps
/// after it.
package struct RoomHistory: Sendable {
    package var base: RoomSnapshot?
    package var entries: [JournalEntry]

    package init(base: RoomSnapshot?, entries: [JournalEntry]) {
        (self.base, self.entries) = (base, entries)
    }

    /// The first step a past page or a fork can show (the snapshot's).
    package var firstStep: Int { base?.step ?? 0 }
    /// The latest step.
    package var lastStep: Int { firstStep + entries.count }
}
