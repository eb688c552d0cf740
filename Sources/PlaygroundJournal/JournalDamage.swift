import Foundation
import Synchronization

/// What a start found damaged in the journal and what that cost: files set aside, log records not applied, steps
/// cut off rooms. Found once, at start-up; the log, `/metrics` and `/healthz` all show it.
package struct JournalDamage: Sendable, Equatable {
    /// A damaged file moved out of the way (kept for inspection, never read again).
    package struct SetAside: Sendable, Equatable {
        package let from: String
        package let to: String
    }

    /// Damaged database files moved aside (the database, with its companions).
    package var setAside: [SetAside] = []
    /// Log records not applied: damaged ones, and sound ones after a damaged one (applying them would leave a gap).
    package var logRecordsDropped = 0
    /// Steps cut off rooms: after a gap in a room's steps, or from the first one its apps could not replay.
    package var stepsDropped = 0
    /// Rooms whose history lost steps, with what they lost: shown in the room's page and its `/history`.
    package var rooms: [RoomID: String] = [:]
    /// One sentence per thing lost, naming files, tickets, rooms and steps.
    package var reports: [String] = []

    package init() {}

    package var isEmpty: Bool { setAside.isEmpty && logRecordsDropped == 0 && stepsDropped == 0 && reports.isEmpty }

    /// Notes that `room` lost `steps`: its notice says so (appended to one it has already).
    package mutating func roomLost(_ room: RoomID, _ what: String) {
        rooms[room] = rooms[room].map { "\($0); \(what)" } ?? what
    }

    /// Ranges of consecutive numbers, `831–1256, 1300`: how tickets and steps are named in a report.
    package static func ranges(_ numbers: some Sequence<Int>) -> String {
        var parts: [String] = []
        var run: (first: Int, last: Int)?
        for number in numbers.sorted() {
            if let current = run, number == current.last + 1 || number == current.last {
                run = (current.first, number)
                continue
            }
            if let current = run { parts.append(current.first == current.last ? "\(current.first)" : "\(current.first)–\(current.last)") }
            run = (number, number)
        }
        if let current = run { parts.append(current.first == current.last ? "\(current.first)" : "\(current.first)–\(current.last)") }
        return parts.joined(separator: ", ")
    }

    /// `20261126T134500Z`: when a damaged file was set aside, in its new name.
    package static func stamp(_ date: Date = Date()) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: date)
    }
}

/// What a start does with a journal database SQLite cannot read (`--on-corrupt-journal`).
public enum JournalDamagePolicy: String, Sendable, CaseIterable {
    /// Move it aside (with its WAL, shared memory and log files, named with the time), keep what of it can still be
    /// read, and start: the site stays up.
    case setAside = "set-aside"
    /// Exit with the reason, as before: a host that wants to look first.
    case refuse
}

/// The journal's damage as the server knows it now: what opening the journal found, and what waking rooms found
/// since (a step that did not replay). `/healthz` reads it; each addition is logged and counted once.
package final class JournalDamageLedger: Sendable {
    private let damage: Mutex<JournalDamage>

    package init(_ found: JournalDamage) {
        damage = Mutex(found)
    }

    package var current: JournalDamage { damage.withLock { $0 } }

    /// What `room` lost as it woke (its notice for the page), after `change` added it.
    package func add(_ change: (inout JournalDamage) -> Void) {
        damage.withLock { change(&$0) }
    }

    /// The room's notice, if its history lost steps.
    package func notice(for room: RoomID) -> String? { damage.withLock { $0.rooms[room] } }
}
