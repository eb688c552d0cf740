import Foundation
import PlaygroundUI

/// An app's state written down so that a room can fold its oldest history into a snapshot (``HostedApp/checkpoint()``)
/// and start fresh apps from it (``HostedApp/restore(_:)``): JSON text the app alone reads.
public enum Checkpoint {
    /// `value` as JSON, keys sorted (the same state always reads the same).
    public static func write(_ value: some Encodable) -> String {
        (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }

    /// The value `text` holds, or a ``CheckpointError`` naming what did not fit.
    public static func read<Value: Decodable>(
        _ type: Value.Type, from text: String, app: String, decoder: JSONDecoder = JSONDecoder()
    ) throws(CheckpointError) -> Value {
        do {
            return try decoder.decode(Value.self, from: Data(text.utf8))
        } catch {
            throw CheckpointError("the \(app) app's checkpoint is not one it writes (\(String(describing: error).prefix(160)))")
        }
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}

/// Why a checkpoint could not be restored (a tampered or foreign snapshot).
public struct CheckpointError: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
