import AppSeam
import Foundation

/// A room's oldest history folded into one value: every app's checkpoint and teaching layer after step `step`.
/// The journal keeps it instead of steps 1…`step`; a restart, a past page, a fork or an import starts from it and
/// replays the steps after it. The same value, kept beside the steps, is a room's checkpoint: a hibernated room
/// wakes from it and replays only the steps after it.
struct RoomSnapshot: Codable, Sendable, Equatable {
    struct App: Codable, Sendable, Equatable {
        /// What the app's ``HostedApp/checkpoint()`` wrote (JSON text only the app reads).
        var state: String
        var teaching: TeachingCheckpoint
    }

    /// The last step folded into it.
    var step: Int
    /// When it was taken (seconds since 1970).
    var time: Double
    /// By app id.
    var apps: [String: App]
    /// A checkpoint (taken as a room hibernates; steps stay) only: each app's deliveries so far, by app id, so the
    /// steps after it, which count deliveries from the room's start or its last fold, replay onto the restored apps.
    var deliveries: [String: Int]? = nil
    /// A checkpoint only: the bytes of the room's entries since its snapshot (the journal's bound counts them).
    var historyBytes: Int? = nil

    var jsonText: String {
        (try? Room.journalEncoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}

/// A room's history as the journal keeps it: the snapshot its oldest steps were folded into, if any, and the steps
/// after it.
struct RoomHistory: Sendable {
    var base: RoomSnapshot?
    var entries: [JournalEntry]

    /// The first step a past page or a fork can show (the snapshot's).
    var firstStep: Int { base?.step ?? 0 }
    /// The latest step.
    var lastStep: Int { firstStep + entries.count }
}
