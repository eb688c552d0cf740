import PlaygroundHTTP
import PlaygroundJournal

extension RoomID {
    /// A stable 64-bit mix of the id (FNV-1a), so a `--seed` gives every room its own reproducible colours.
    var hashSeed: UInt64 {
        var hash = FNV1a()
        hash.add(description)
        return hash.value
    }
}
