import AppSeam
import Foundation
import JSONText
import PlaygroundUI
import RoomServices

/// One step of a room's history: an input (an event an app decoded, or a press on a control) or an outcome (what an
/// effect brought back from outside). Replaying a room's entries in order into fresh apps gives the same states.
package struct JournalEntry: Codable, Sendable, Equatable {
    package enum Kind: String, Codable, Sendable {
        /// An event, as its app decoded it (`fields`: `event` first, then its arguments).
        case input
        /// A press on the page: the control's action id and value.
        case action
        /// What one of the app's effects brought back.
        case outcome
        /// A presenter's step on the room itself (no app): `action` is `lock`, `unlock` or `spotlight` (`value`: the
        /// pane's app id, absent for none). Journaled so history, past pages and forks show when the class was locked.
        case presenter
    }

    /// 1, 2, 3, … in the order the room applied them.
    package var step: Int
    /// When it was applied (seconds since 1970).
    package var time: Double
    package var kind: Kind
    /// The app's id.
    package var app: String
    /// `browser`, `http`, or `outside` for an outcome.
    package var source: String
    /// An input's envelope fields (`event` first), as JSON values.
    package var fields: [Field]?
    /// An action's id and value.
    package var action: String?
    package var value: String?
    /// An outcome.
    package var outcome: EffectOutcome?
    /// How many deliveries (work an input started inside an app that came back by itself: VVSI's interactor
    /// messages) each app had applied when this step ran; apps with none are left out. A replay applies the same
    /// number before the step. Absent in version 1 documents: a replay then waits until the apps are idle.
    package var deliveries: [String: Int]?
    /// Whose of those deliveries came when while an app's work ran side by side (VVSI's actions with the
    /// unserialised-actions pitfall on), since the step before: per app, runs `[source, count, …]`, a source being
    /// an action's age (1: the newest started) or 0 (a notification). Absent when nothing ran side by side: the
    /// deliveries then come in one order.
    package var order: [String: [Int]]?
    /// With `--journal-witness`: each app's fingerprint (state and view) just before this step, which a replay
    /// checks, so a divergence is named at the step where it starts.
    package var witness: [String: String]?
    /// What the step was, as the app's trace row names it (a press reads like its curl twin: `.changeBothSidesColors`).
    package var label: String?
    /// The stages of the app's flow that ran inside the step, in order (what ran later, after an effect's answer or a
    /// turn, is in the app's trace row and its step-through).
    package var stages: [String]?

    /// One envelope field.
    package struct Field: Codable, Sendable, Equatable {
        package var name: String
        package var value: EventArgument

        package init(name: String, value: EventArgument) {
            (self.name, self.value) = (name, value)
        }
    }

    package init(
        step: Int, time: Double, kind: Kind, app: String, source: String, fields: [Field]? = nil, action: String? = nil,
        value: String? = nil, outcome: EffectOutcome? = nil, deliveries: [String: Int]? = nil, witness: [String: String]? = nil
    ) {
        (self.step, self.time, self.kind, self.app, self.source) = (step, time, kind, app, source)
        (self.fields, self.action, self.value, self.outcome) = (fields, action, value, outcome)
        (self.deliveries, self.witness) = (deliveries, witness)
    }

    /// The event's name (input), `press` (action) or the effect's label (outcome).
    package var event: String {
        switch kind {
        case .input:
            if case .string(let name)? = fields?.first(where: { $0.name == "event" })?.value { return name }
            return ""
        case .action: return label ?? "press"
        case .outcome: return outcome?.label ?? ""
        case .presenter: return action ?? ""
        }
    }

    /// One line for the history: `search query="the matrix"`, `press mvi-…`, `searchMovies → answer (2 KB)`.
    package var summary: String {
        switch kind {
        case .input:
            let arguments = (fields ?? []).filter { $0.name != "event" }.map { "\($0.name)=\($0.value.summary)" }
            return ([event] + arguments).joined(separator: " ")
        case .action:
            return "press " + (label ?? action ?? "") + (value.map { " value=\(quoted($0))" } ?? "")
        case .outcome:
            guard let outcome else { return "" }
            if let value = outcome.value { return "\(outcome.label) #\(outcome.effect) → answer (\(value.utf8.count) B)" }
            return "\(outcome.label) #\(outcome.effect) → \(outcome.error ?? "failure")"
        case .presenter:
            return (action ?? "") + (action == "spotlight" ? " " + (value ?? "none") : "")
        }
    }
}

extension JournalEntry {
    /// The entry as the store keeps it: the same JSON `JSONDecoder` reads back, written by hand (an event pays for
    /// this on every step; Foundation's encoder cost ten times more in `perf`).
    package var jsonText: String {
        var json = JSONWriter(capacity: 256)
        json.append("{\"app\":")
        json.appendString(app)
        json.append(",\"kind\":\"\(kind.rawValue)\",\"source\":")
        json.appendString(source)
        json.append(",\"step\":\(step),\"time\":\(time)")
        if let fields {
            json.append(",\"fields\":[")
            for (index, field) in fields.enumerated() {
                json.append(index == 0 ? "{\"name\":" : ",{\"name\":")
                json.appendString(field.name)
                json.append(",\"value\":")
                switch field.value {
                case .string(let text), .formText(let text): json.appendString(text)
                case .integer(let number): json.append(String(number))
                case .number(let number): json.append(number.isFinite ? "\(number)" : "null")
                case .boolean(let flag): json.append(flag ? "true" : "false")
                case .null: json.append("null")
                }
                json.append("}")
            }
            json.append("]")
        }
        if let action {
            json.append(",\"action\":")
            json.appendString(action)
        }
        if let value {
            json.append(",\"value\":")
            json.appendString(value)
        }
        if let outcome {
            json.append(",\"outcome\":{\"effect\":\(outcome.effect),\"label\":")
            json.appendString(outcome.label)
            for (name, text) in [("value", outcome.value), ("error", outcome.error), ("errorDetail", outcome.errorDetail)] {
                guard let text else { continue }
                json.append(",\"\(name)\":")
                json.appendString(text)
            }
            json.append("}")
        }
        if let deliveries {
            json.append(",\"deliveries\":{")
            for (index, key) in deliveries.keys.sorted().enumerated() {
                json.append(index == 0 ? "" : ",")
                json.appendString(key)
                json.append(":\(deliveries[key] ?? 0)")
            }
            json.append("}")
        }
        if let order { json.append(",\"order\":"); Self.append(order, to: &json) }
        if let witness {
            json.append(",\"witness\":{")
            for (index, key) in witness.keys.sorted().enumerated() {
                json.append(index == 0 ? "" : ",")
                json.appendString(key)
                json.append(":")
                json.appendString(witness[key] ?? "")
            }
            json.append("}")
        }
        if let label {
            json.append(",\"label\":")
            json.appendString(label)
        }
        if let stages {
            json.append(",\"stages\":[")
            for (index, stage) in stages.enumerated() {
                json.append(index == 0 ? "" : ",")
                json.appendString(stage)
            }
            json.append("]")
        }
        json.append("}")
        return json.text
    }
}

extension JournalEntry {
    /// `{"app":[1,2,…],…}`, keys sorted.
    static func append(_ order: [String: [Int]], to json: inout JSONWriter) {
        json.append("{")
        for (index, key) in order.keys.sorted().enumerated() {
            json.append(index == 0 ? "" : ",")
            json.appendString(key)
            json.append(":[\((order[key] ?? []).map(String.init).joined(separator: ","))]")
        }
        json.append("}")
    }
}

/// What an app applied after a room's last step (the rest of a race of VVSI actions run side by side): an export
/// carries it, so an import, a fork or the latest past page applies the same deliveries in the same order.
package struct DeliveryTail: Codable, Sendable, Equatable {
    /// The step it follows.
    package var step: Int
    /// Each app's deliveries counted from the room's start, as a step's `deliveries`.
    package var deliveries: [String: Int]
    /// Their order since that step, as a step's `order`.
    package var order: [String: [Int]]

    package init(step: Int, deliveries: [String: Int], order: [String: [Int]]) {
        (self.step, self.deliveries, self.order) = (step, deliveries, order)
    }

    /// As the step after the last, for a replay's `following`.
    package var asFollowingStep: JournalEntry {
        var entry = JournalEntry(step: step + 1, time: 0, kind: .input, app: "", source: "outside", deliveries: deliveries)
        entry.order = order
        return entry
    }
}

extension EventArgument: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let text), .formText(let text): try container.encode(text)
        case .integer(let number): try container.encode(number)
        case .number(let number): try container.encode(number)
        case .boolean(let flag): try container.encode(flag)
        case .null: try container.encodeNil()
        }
    }

    /// How the history shows it.
    package var summary: String {
        switch self {
        case .string(let text), .formText(let text): quoted(text)
        case .integer(let number): String(number)
        case .number(let number): String(number)
        case .boolean(let flag): String(flag)
        case .null: "null"
        }
    }
}

/// A room's journal as it is exported and imported: versioned, self-describing.
package struct JournalDocument: Codable, Sendable {
    package static let formatName = "architecture-playground-journal"
    /// 2 adds each step's `deliveries` (and, with `--journal-witness`, its `witness`); 3 the snapshot a room's oldest
    /// steps were folded into (`base`; a room that never folded is written as 2); 4 each step's `order` and the
    /// document's `tail` (only a room whose VVSI actions ran side by side is written as 4). 1 is still read.
    package static let currentVersion = 4
    package static let readableVersions = [1, 2, 3, 4]

    package var format: String
    package var version: Int
    /// The room it was exported from (informational: an import gets a new room).
    package var room: String
    /// The seed the room's apps draw their randomness from.
    package var seed: String
    /// The apps of the room, in page order.
    package var apps: [String]
    /// Version 3: the snapshot of steps 1…`base.step`; `entries` then start at `base.step + 1`.
    package var base: RoomSnapshot?
    package var entries: [JournalEntry]
    /// Version 4: what the apps applied after the last entry, in order.
    package var tail: DeliveryTail?

    package init(
        format: String, version: Int, room: String, seed: String, apps: [String], base: RoomSnapshot?, entries: [JournalEntry],
        tail: DeliveryTail? = nil
    ) {
        (self.format, self.version, self.room, self.seed) = (format, version, room, seed)
        (self.apps, self.base, self.entries, self.tail) = (apps, base, entries, tail)
    }
}
