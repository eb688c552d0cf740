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
/// (integers little-endian, texts length-prefixed). A record cut short at the end of the newest file is a write the
/// process was killed in the middle of, never acknowledged. Any other bad record (a checksum that fails: the disk
/// changed it) is a lost acknowledged write: a start applies nothing after it, in either file, and reports what it
/// did not apply (``read(_:)``).
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
        case .cut(let number, let after):
            out.append(5)
            append(UInt64(bitPattern: number), to: &out)
            append(UInt64(after), to: &out)
        case .checkpoint(let number, let step, let snapshot):
            out.append(6)
            append(UInt64(bitPattern: number), to: &out)
            append(UInt64(step), to: &out)
            append(snapshot, to: &out)
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

    /// One record read back, and where it starts in its file.
    struct Record {
        let ticket: UInt64
        let operation: SQLiteJournalStore.Operation
        let offset: Int
    }

    /// What reading one file found: its sound records up to the first one that is cut short or fails its checksum,
    /// and the sound records found past that one (each passing its own checksum) — never applied, but reported.
    struct FileReading {
        let path: String
        var records: [Record] = []
        /// Where the first bad record starts.
        var problem: Int?
        /// The first bad record is only the file's end cut short, with nothing sound after it: a write the process
        /// was killed in the middle of, never acknowledged.
        var cutShort = false
        /// Bad stretches (each one record or more).
        var damagedStretches = 0
        /// The ticket the first bad record's header names (its header may be sound): orders a file with no sound record.
        var claimedTicket: UInt64?
        var after: [Record] = []

        var firstTicket: UInt64? { records.first?.ticket ?? after.first?.ticket }
        var lastTicket: UInt64? { after.last?.ticket ?? records.last?.ticket }
    }

    /// What a start applies from both files, and what it must not.
    struct Reading {
        /// In ticket order: every sound record before the first damaged one of either file, and none after it (a
        /// record after a lost one may depend on it; a room's steps would have a gap).
        var writes: [Record] = []
        /// The files, oldest first, each with the sound records of it that are not applied.
        var files: [(reading: FileReading, dropped: [Record], damaged: Bool)] = []

        /// Records not applied: the sound ones, and one for each damaged stretch.
        var droppedCount: Int { files.reduce(0) { $0 + $1.dropped.count + ($1.damaged ? $1.reading.damagedStretches : 0) } }
    }

    /// Reads both files. The writer swaps them before it moves one's records, so each file holds one run of tickets:
    /// the file whose records have the lower tickets is the older, and its records all come before the other's.
    static func read(_ paths: [String]) -> Reading {
        let readings = paths.map(read(file:))
        let sound = readings.compactMap(\.lastTicket)
        // A file without one sound record is placed by the ticket its bad record names when that follows the other
        // file's (a damaged newest record); else first, so nothing after it is applied.
        let place = { (reading: FileReading) -> UInt64 in
            if let first = reading.firstTicket { return first }
            if reading.problem == nil || reading.cutShort { return .max }
            if let claimed = reading.claimedTicket, let last = sound.max(), claimed > last, claimed - last <= 1 << 16 { return claimed }
            return 0
        }
        let ordered = readings.sorted { place($0) < place($1) }
        var result = Reading()
        var gap = false
        for (index, file) in ordered.enumerated() {
            if gap {
                result.files.append((file, file.records + file.after, file.problem != nil && !file.cutShort))
                continue
            }
            result.writes += file.records
            let laterRecords = ordered[(index + 1)...].contains { $0.firstTicket != nil }
            let harmless = file.problem == nil || (file.cutShort && !laterRecords)
            if !harmless { gap = true }
            result.files.append((file, harmless ? [] : file.after, !harmless))
        }
        return result
    }

    /// Every sound record of a file up to the first bad one, in file order.
    static func records(at path: String) -> [(ticket: UInt64, operation: SQLiteJournalStore.Operation)] {
        read(file: path).records.map { ($0.ticket, $0.operation) }
    }

    /// Reads one file: up to its first bad record, then on past it to every record whose own checksum holds.
    static func read(file path: String) -> FileReading {
        var reading = FileReading(path: path)
        guard isRegularFile(path), let data = FileManager.default.contents(atPath: path) else { return reading }
        let bytes = [UInt8](data)
        var offset = 0
        var firstBadIsCutShort = false
        while offset < bytes.count {
            switch parse(bytes, at: offset) {
            case .record(let record, let end):
                if reading.problem == nil { reading.records.append(record) } else { reading.after.append(record) }
                offset = end
                continue
            case .cutShort(let claimed), .bad(let claimed):
                reading.damagedStretches += 1
                if reading.problem == nil {
                    reading.problem = offset
                    reading.claimedTicket = claimed
                    if case .cutShort = parse(bytes, at: offset) { firstBadIsCutShort = true }
                }
            }
            guard let next = resynchronize(bytes, from: offset + 1, after: reading.lastTicket ?? 0) else { break }
            offset = next
        }
        reading.cutShort = firstBadIsCutShort && reading.after.isEmpty && reading.damagedStretches == 1
        return reading
    }

    private enum Parsed {
        case record(Record, end: Int)
        /// Its length runs past the end of the file.
        case cutShort(claimedTicket: UInt64?)
        /// Its checksum fails, or its body is not a record.
        case bad(claimedTicket: UInt64?)
    }

    private static func parse(_ bytes: [UInt8], at offset: Int) -> Parsed {
        var reader = Reader(bytes: bytes, offset: offset)
        guard let length = reader.uint32(), let checksum = reader.uint64() else { return .cutShort(claimedTicket: nil) }
        let claimed = bytes.count - reader.offset >= 8 ? Reader(bytes: bytes, offset: reader.offset).peekUInt64() : nil
        guard bytes.count - reader.offset >= Int(length) else { return .cutShort(claimedTicket: claimed) }
        let body = reader.offset..<reader.offset + Int(length)
        guard bytes.withUnsafeBufferPointer({ fnv1a($0[body]) }) == checksum, let write = decode(bytes, body) else {
            return .bad(claimedTicket: claimed)
        }
        return .record(Record(ticket: write.ticket, operation: write.operation, offset: offset), end: body.upperBound)
    }

    /// The next offset from `start` where a sound record begins with a ticket after `ticket`, if any. Most offsets
    /// are ruled out by their length, ticket and kind before any checksum is computed.
    private static func resynchronize(_ bytes: [UInt8], from start: Int, after ticket: UInt64) -> Int? {
        var offset = start
        while bytes.count - offset >= 21 {
            defer { offset += 1 }
            var reader = Reader(bytes: bytes, offset: offset)
            guard let length = reader.uint32(), length >= 9, bytes.count - offset - 12 >= Int(length) else { continue }
            reader.offset += 8
            guard let candidate = reader.uint64(), candidate > ticket, let kind = reader.uint8(), (1...5).contains(kind) else { continue }
            if case .record = parse(bytes, at: offset) { return offset }
        }
        return nil
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
        case 5:
            guard let number = reader.uint64(), let after = reader.uint64(), after <= UInt64(Int.max) else { return nil }
            operation = .cut(number: Int64(bitPattern: number), after: Int(after))
        case 6:
            guard let number = reader.uint64(), let step = reader.uint64(), let snapshot = reader.text(), step <= UInt64(Int.max) else { return nil }
            operation = .checkpoint(number: Int64(bitPattern: number), step: Int(step), snapshot: snapshot)
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

        func peekUInt64() -> UInt64? {
            guard bytes.count - offset >= 8 else { return nil }
            return (0..<8).reduce(0) { $0 | UInt64(bytes[offset + $1]) << (8 * $1) }
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
