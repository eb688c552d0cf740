/// A pitfall's switch and how often its bug has bitten in the room, for an app with several (`/state`'s
/// `pitfalls`): `{"name": "favourites-kept-in-rows", "on": true, "bites": 2}`.
public struct PitfallCount: Sendable, Equatable, Codable {
    public var name: String
    public var on: Bool
    /// Times the article's code did what the fix prevents (counted while the switch was on; it stays when switched off).
    public var bites: Int

    public init(name: String, on: Bool, bites: Int) { (self.name, self.on, self.bites) = (name, on, bites) }
}

extension Pitfall {
    /// A runtime's path (`Sources/NiceRuntime/ObservableVM.swift`, `Samples/Posts/PostRepository.swift`) as the source
    /// panel names it (`NiceRuntime/ObservableVM.swift`, `<module>/PostRepository.swift`).
    public static func fileID(_ path: String, sampleModule: String) -> String {
        let parts = path.split(separator: "/")
        guard parts.count >= 3 else { return path }
        return parts[0] == "Samples" ? "\(sampleModule)/\(parts.last!)" : parts.dropFirst().joined(separator: "/")
    }

    /// `favourites-kept-in-rows` of `favouritesKeptInRows`: a runtime's case as `setPitfall` names it.
    public static func hyphenated(_ camelCase: String) -> String {
        camelCase.reduce(into: "") { out, character in
            if character.isUppercase { out += "-" + character.lowercased() } else { out.append(character) }
        }
    }
}
