import Foundation

/// The journal store's append-only log (`--journal-sync normal`): an event's writes are durable once they are in it
/// — one `write(2)` to the kernel, which survives the process being killed — and the writer's thread moves them into
/// SQLite later, hundreds per transaction (a SQLite commit per event cost more than the rest of the journal together).
///
/// Two files take turns: the writer swaps them before it takes what was logged, and empties the old one once those
/// writes are committed to SQLite. Opening the store replays both into SQLite first (in ticket order; every
/// operation is idempotent, so a log already moved but not yet emptied does no harm), then empties them.
///
/// A record: length (UInt32), FNV-1a 64 of the body, body = ticket (UInt64), kind (UInt8), the operation's fields
/// (integers little-endian, texts length-prefixed). Reading stops at the first record that is cut short or fails
/// its checksum: a write the process was killed in the middle of was never acknowledged.
struct JournalLog {
    let paths: [String]
    private var files: [Int32]
    /// The file new records go to.
    private(set) var active = 0
    /// Bytes in each file.
    private(set) var sizes: [Int]

    static func paths(for databasePath: String) -> [String] { [databasePath + "-log-a", databasePath + "-log-b"] }

    init(databasePath: String) throws(JournalError) {
        try self.init(paths: Self.paths(for: databasePath))
    }

    init(paths: [String]) throws(JournalError) {
        precondition(paths.count == 2, "a log takes turns between two files")
        self.paths = paths
        files = []
        for path in paths {
            let file = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
            guard file >= 0 else {
                for opened in files { _ = Foundation.close(opened) }
                throw JournalError(description: "cannot open the journal's log \(path): \(String(cString: strerror(errno)))")
            }
            files.append(file)
        }
        sizes = files.map { Int(lseek($0, 0, SEEK_END)) }
    }

    func close() {
        for file in files { _ = Foundation.close(file) }
    }

    /// Set when a failed append could not be cut back off its file: records after it would be unreadable.
    private(set) var torn = false

    /// Appends `bytes` (whole records) to the active file; if that fails, cuts the file back to where it was, so the
    /// records written after it stay readable.
    mutating func append(_ bytes: [UInt8]) throws(JournalError) {
        let file = files[active]
        let before = sizes[active]
        var sent = 0
        let failure: Int32? = bytes.withUnsafeBytes { buffer in
            while sent < buffer.count {
                let count = write(file, buffer.baseAddress! + sent, buffer.count - sent)
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                sent += count
            }
            return nil
        }
        sizes[active] += sent
        if let failure {
            if ftruncate(file, off_t(before)) == 0 { sizes[active] = before } else { torn = true }
            throw JournalError(description: "cannot write the journal's log \(paths[active]): \(String(cString: strerror(failure)))")
        }
    }

    /// New records go to the other file (empty); returns the one that was active.
    mutating func swap() -> Int {
        let old = active
        active = 1 - active
        return old
    }

    /// Empties a file whose records are all in SQLite.
    mutating func empty(_ index: Int) throws(JournalError) {
        guard sizes[index] > 0 else { return }
        guard ftruncate(files[index], 0) == 0 else {
            throw JournalError(description: "cannot empty the journal's log \(paths[index]): \(String(cString: strerror(errno)))")
        }
        sizes[index] = 0
    }

    // MARK: - Records

    static func encode(_ write: SQLiteJournalStore.Write, into out: inout [UInt8]) {
        let start = out.count
        out.append(contentsOf: repeatElement(0, count: 12))  // length and checksum, filled in below
        append(write.ticket.number, to: &out)
        switch write.operation {
        case .createRoom(let number, let room, let seed, let created):
            out.append(1)
            append(UInt64(bitPattern: number), to: &out)
            append(room, to: &out)
            append(seed, to: &out)
            append(created.bitPattern, to: &out)
        case .append(let key, let entry):
            out.append(2)
            append(UInt64(bitPattern: key), to: &out)
            append(entry, to: &out)
        case .fold(let number, let through, let snapshot):
            out.append(3)
            append(UInt64(bitPattern: number), to: &out)
            append(UInt64(through), to: &out)
            append(snapshot, to: &out)
        case .delete(let number):
            out.append(4)
            append(UInt64(bitPattern: number), to: &out)
        case .refuse:
            preconditionFailure("a refused write is never logged")
        }
        let length = UInt32(out.count - start - 12)
        let checksum = out.withUnsafeBufferPointer { fnv1a($0[(start + 12)...]) }
        withUnsafeBytes(of: length.littleEndian) { out.replaceSubrange(start..<start + 4, with: $0) }
        withUnsafeBytes(of: checksum.littleEndian) { out.replaceSubrange(start + 4..<start + 12, with: $0) }
    }

    static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// Every sound record of a file, in file order.
    static func records(at path: String) -> [(ticket: UInt64, operation: SQLiteJournalStore.Operation)] {
        guard isRegularFile(path), let data = FileManager.default.contents(atPath: path) else { return [] }
        let bytes = [UInt8](data)
        var writes: [(ticket: UInt64, operation: SQLiteJournalStore.Operation)] = []
        var offset = 0
        while bytes.count - offset >= 12 {
            var reader = Reader(bytes: bytes, offset: offset)
            guard let length = reader.uint32(), let checksum = reader.uint64(), bytes.count - reader.offset >= Int(length) else { break }
            let body = reader.offset..<reader.offset + Int(length)
            guard bytes.withUnsafeBufferPointer({ fnv1a($0[body]) }) == checksum, let write = decode(bytes, body) else { break }
            writes.append(write)
            offset = body.upperBound
        }
        return writes
    }

    private static func decode(_ bytes: [UInt8], _ body: Range<Int>) -> (ticket: UInt64, operation: SQLiteJournalStore.Operation)? {
        var reader = Reader(bytes: Array(bytes[body]), offset: 0)
        guard let ticket = reader.uint64(), let kind = reader.uint8() else { return nil }
        let operation: SQLiteJournalStore.Operation
        switch kind {
        case 1:
            guard let number = reader.uint64(), let room = reader.text(), let seed = reader.text(), let created = reader.uint64() else { return nil }
            operation = .createRoom(number: Int64(bitPattern: number), room: room, seed: seed, created: Double(bitPattern: created))
        case 2:
            guard let key = reader.uint64(), let entry = reader.text() else { return nil }
            operation = .append(key: Int64(bitPattern: key), entry: entry)
        case 3:
            guard let number = reader.uint64(), let through = reader.uint64(), let snapshot = reader.text(), through <= UInt64(Int.max) else { return nil }
            operation = .fold(number: Int64(bitPattern: number), through: Int(through), snapshot: snapshot)
        case 4:
            guard let number = reader.uint64() else { return nil }
            operation = .delete(number: Int64(bitPattern: number))
        default:
            return nil
        }
        guard reader.offset == reader.bytes.count else { return nil }
        return (ticket, operation)
    }

    private static func append(_ value: UInt64, to out: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) }
    }

    private static func append(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            append(UInt64(bytes.count), to: &out)
            out.append(contentsOf: bytes)
        }
    }

    private static func fnv1a(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset: Int

        mutating func uint8() -> UInt8? {
            guard offset < bytes.count else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func uint32() -> UInt32? {
            guard bytes.count - offset >= 4 else { return nil }
            defer { offset += 4 }
            return (0..<4).reduce(0) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
        }

        mutating func uint64() -> UInt64? {
            guard bytes.count - offset >= 8 else { return nil }
            defer { offset += 8 }
            return (0..<8).reduce(0) { $0 | UInt64(bytes[offset + $1]) << (8 * $1) }
        }

        mutating func text() -> String? {
            guard let count = uint64(), count <= UInt64(bytes.count - offset) else { return nil }
            defer { offset += Int(count) }
            return String(validating: bytes[offset..<offset + Int(count)], as: UTF8.self)
        }
    }
}
