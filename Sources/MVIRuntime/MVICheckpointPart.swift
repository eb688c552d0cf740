import AppSeam
import Foundation

/// How one lane's keys are named in a checkpoint, and whether it keeps a waiting request.
struct LaneShape: Sendable {
    let name: String?
    let resends: Bool

    /// `generation` → `filmGeneration`, `lastIntent` → `lastFilmIntent` for the lane `film`; unchanged without a name.
    func key(_ base: String) -> NameKey {
        guard let name else { return NameKey(base) }
        let capitalised = name.prefix(1).uppercased() + name.dropFirst()
        if base.hasPrefix("last") { return NameKey("last" + capitalised + base.dropFirst(4)) }
        return NameKey(name + base.prefix(1).uppercased() + base.dropFirst())
    }
}

/// The runtime's part of an MVI app's checkpoint, as read: each lane's generation, last intent, stale answers shown
/// and (for a lane that resends) whether its request was waiting; the fault settings; the pitfalls on. Its keys sit
/// beside the app's own in one JSON object, the form the apps wrote when each kept them itself, so a checkpoint
/// journaled before this part existed reads as one written now.
public struct MVICheckpointPart: Sendable {
    struct LaneState: Sendable {
        var generation: UInt64
        var lastIntent: String?
        var inFlight: Bool
        var staleAnswersShown: Int
    }

    var lanes: [LaneState]
    var faults: FaultSettings
    var pitfalls: [String]

    /// Whether a lane's request was still waiting when it was written.
    public var wasInFlight: Bool { lanes.contains(where: \.inFlight) }
}

/// Writes the app's part, then the runtime's keys, into one keyed container.
private struct Written<App: Encodable>: Encodable {
    let app: App
    let controls: MVIControls

    func encode(to encoder: any Encoder) throws {
        try app.encode(to: encoder)
        var container = encoder.container(keyedBy: NameKey.self)
        for lane in controls.lanes {
            let (intents, shape) = (lane.intents, lane.shape)
            try container.encode(intents.generation, forKey: shape.key("generation"))
            try container.encodeIfPresent(intents.lastIntent, forKey: shape.key("lastIntent"))
            if shape.resends { try container.encode(intents.isInFlight, forKey: shape.key("inFlight")) }
            try container.encode(intents.staleAnswersShown, forKey: shape.key("staleAnswersShown"))
        }
        try container.encode(controls.faults.settings, forKey: NameKey("faults"))
        try container.encode(controls.pitfalls.onNames, forKey: NameKey("pitfalls"))
    }
}

/// Reads the app's part and the runtime's from one object; the lanes' shapes come in the decoder's `userInfo`.
private struct Read<App: Decodable>: Decodable {
    static var shapes: CodingUserInfoKey { CodingUserInfoKey(rawValue: "mviLanes")! }
    let app: App
    let part: MVICheckpointPart

    init(from decoder: any Decoder) throws {
        app = try App(from: decoder)
        let container = try decoder.container(keyedBy: NameKey.self)
        let shapes = decoder.userInfo[Self.shapes] as? [LaneShape] ?? []
        part = MVICheckpointPart(
            lanes: try shapes.map { shape in
                MVICheckpointPart.LaneState(
                    generation: try container.decode(UInt64.self, forKey: shape.key("generation")),
                    lastIntent: try container.decodeIfPresent(String.self, forKey: shape.key("lastIntent")),
                    inFlight: shape.resends ? try container.decode(Bool.self, forKey: shape.key("inFlight")) : false,
                    // Absent in checkpoints written before the pitfall switch.
                    staleAnswersShown: try container.decodeIfPresent(Int.self, forKey: shape.key("staleAnswersShown")) ?? 0)
            },
            faults: try container.decode(FaultSettings.self, forKey: NameKey("faults")),
            pitfalls: try container.decodeIfPresent([String].self, forKey: NameKey("pitfalls")) ?? [])
    }
}

extension MVIControls {
    /// `app`'s state and the runtime's part, as one JSON object (``AppSeam/Checkpoint/write(_:)``).
    public func write(_ app: some Encodable) -> String {
        Checkpoint.write(Written(app: app, controls: self))
    }

    /// The app's part of `text` and the runtime's, or a ``AppSeam/CheckpointError`` naming what did not fit.
    public func read<App: Decodable>(_ type: App.Type, from text: String) throws(CheckpointError) -> (App, MVICheckpointPart) {
        let decoder = JSONDecoder()
        decoder.userInfo[Read<App>.shapes] = lanes.map(\.shape)
        do {
            let read = try decoder.decode(Read<App>.self, from: Data(text.utf8))
            return (read.app, read.part)
        } catch {
            throw CheckpointError("the \(appID) app's checkpoint is not one it writes (\(String(describing: error).prefix(160)))")
        }
    }

    /// Restores the runtime's part: the fault settings (limited as an event's are), the pitfall switch and every
    /// lane's generation, last intent and stale answers; a waiting request is sent again by `resend` (it takes the
    /// generation it had). Refused when the part holds what the app never writes.
    public func restore(_ part: MVICheckpointPart, resend: () -> Void = {}) throws(CheckpointError) {
        let never = CheckpointError("the \(appID) app's checkpoint holds a state it never shows")
        guard part.lanes.count == lanes.count,
            part.lanes.allSatisfy({ $0.generation < 1 << 48 && (0..<1 << 48).contains($0.staleAnswersShown) })
        else { throw never }
        setFaults(latencyMs: part.faults.latencyMs, failureRate: part.faults.failureRate)
        pitfalls.restore(onNames: part.pitfalls)
        for lane in lanes { lane.intents.appliesEveryAnswer = pitfalls.isOn() }
        for (lane, saved) in zip(lanes, part.lanes) {
            lane.intents.restore(staleAnswersShown: saved.staleAnswersShown)
            guard lane.intents.restore(generation: saved.generation, lastIntent: saved.lastIntent, inFlight: saved.inFlight, resend: resend)
            else { throw never }
        }
    }
}
