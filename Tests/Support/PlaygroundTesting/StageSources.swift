import Foundation
import RoomServices

/// The source lines a stage record points at, read from the repository, for tests that check "each stage names a
/// file and a line range that exist and contain the named call".
public enum StageSources {
    /// The repository's top folder.
    public static let root: String = {
        var components = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        components.removeLast(4)  // Tests/Support/PlaygroundTesting/StageSources.swift
        return components.joined(separator: "/")
    }()

    /// The repository path of a `#fileID` (`Module/File.swift`): under `Sources/Module`, or the sample folder
    /// Package.swift gives the module (`path: "Samples/…"`), or `Tests/Module`, searched for the file's name.
    public static func path(of fileID: String) -> String? {
        let parts = fileID.split(separator: "/")
        guard parts.count == 2 else { return nil }
        let (module, name) = (String(parts[0]), String(parts[1]))
        var folders = ["Sources/\(module)", "Tests/\(module)"]
        if let package = try? String(contentsOfFile: root + "/Package.swift", encoding: .utf8),
            // The target's own `path:`, past its dependencies' parentheses (`.product(…)`), before the next target.
            let match = package.firstMatch(
                of: try! Regex(#"name: "\#(module)",(?:(?!\.(?:target|testTarget|executableTarget)\()[\s\S])*?path: "([^"]+)""#))
        {
            folders.insert(String(match.output[1].substring ?? ""), at: 0)
        }
        for folder in folders {
            guard let walker = FileManager.default.enumerator(atPath: root + "/" + folder) else { continue }
            while let file = walker.nextObject() as? String {
                if (file as NSString).lastPathComponent == name { return folder + "/" + file }
            }
        }
        return nil
    }

    /// The lines `record` names, or nil when its file or lines do not exist.
    public static func lines(of record: StageRecord) -> [Substring]? {
        guard let path = path(of: record.file), let text = try? String(contentsOfFile: root + "/" + path, encoding: .utf8) else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard record.lines.lowerBound >= 1, record.lines.upperBound <= lines.count else { return nil }
        return Array(lines[(record.lines.lowerBound - 1)...(record.lines.upperBound - 1)])
    }

    /// The name a record's call starts with (`viewState.trigger`, `actionsByEvent`, `coordinator.handleRoute`).
    public static func callee(of record: StageRecord) -> String {
        String(record.call.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "@" }).trimmingCharacters(in: CharacterSet(charactersIn: "."))
    }

    /// What is wrong with `record`'s place in the sources: nil when its lines exist and contain its callee.
    public static func problem(with record: StageRecord) -> String? {
        guard let lines = lines(of: record) else { return "\(record.stage): \(record.file):\(record.lines) does not exist" }
        let callee = callee(of: record)
        guard !callee.isEmpty, lines.contains(where: { $0.contains(callee) }) else {
            return "\(record.stage): \(record.file):\(record.lines) does not contain \(callee.debugDescription) (\(record.call))"
        }
        return nil
    }
}
