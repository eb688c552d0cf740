internal import CSQLite

// SQLite's C API, wrapped: statements run with values bound, rows read as text.
extension SQLiteJournalStore.Database {
    /// A result code that says the file is damaged, not that SQLite could not go on (a full disk, a lock).
    static func isDamage(_ code: Int32) -> Bool {
        [SQLITE_CORRUPT, SQLITE_NOTADB].contains(code & 0xff)
    }

    enum Value {
        case text(String)
        case integer(Int)
        case real(Double)
    }

    func execute(_ sql: String) throws(JournalError) {
        let path = path
        try connection.withLock { connection throws(JournalError) in
            var error: UnsafeMutablePointer<CChar>?
            guard sqlite3_exec(connection.db, sql, nil, nil, &error) == SQLITE_OK else {
                let message = error.map { String(cString: $0) } ?? "unknown error"
                sqlite3_free(error)
                throw JournalError(description: "journal \(path): \(message)", damaged: connection.db.map { Self.isDamage(sqlite3_errcode($0)) } ?? false)
            }
        }
    }

    /// Runs one statement (prepared once, then reused) and maps its rows' text columns.
    func query<Row>(_ sql: String, _ values: [Value], _ map: ([String]) -> Row?) throws(JournalError) -> [Row] {
        let path = path
        return try connection.withLock { connection throws(JournalError) -> [Row] in
            try Self.statement(&connection, sql, values, path: path, map)
        }
    }

    /// One statement (prepared once, then reused) on a connection whose lock the caller holds.
    @discardableResult
    static func statement<Row>(
        _ connection: inout Connection, _ sql: String, _ values: [Value], path: String, _ map: ([String]) -> Row?
    ) throws(JournalError) -> sending [Row] {
        guard let db = connection.db else { throw JournalError(description: "journal \(path) is closed") }
        let statement: OpaquePointer
        if let prepared = connection.statements[sql] {
            statement = prepared
        } else {
            var prepared: OpaquePointer?
            guard sqlite3_prepare_v2(db, sql, -1, &prepared, nil) == SQLITE_OK, let prepared else {
                throw JournalError(description: "journal \(path): \(String(cString: sqlite3_errmsg(db)))", damaged: isDamage(sqlite3_errcode(db)))
            }
            connection.statements[sql] = prepared
            statement = prepared
        }
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (index, value) in values.enumerated() {
            let position = Int32(index + 1)
            switch value {
            case .text(let text):
                var text = text
                text.withUTF8 { bytes in
                    _ = bytes.withMemoryRebound(to: CChar.self) { csqlite_bind_text(statement, position, $0.baseAddress, Int32($0.count)) }
                }
            case .integer(let number): sqlite3_bind_int64(statement, position, Int64(number))
            case .real(let number): sqlite3_bind_double(statement, position, number)
            }
        }
        var rows: [Row] = []
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { break }
            guard status == SQLITE_ROW else {
                throw JournalError(description: "journal \(path): \(String(cString: sqlite3_errmsg(db)))", damaged: isDamage(status))
            }
            let columns = (0..<sqlite3_column_count(statement)).map { column -> String in
                guard let text = sqlite3_column_text(statement, column) else { return "" }
                return String(cString: text)
            }
            if let row = map(columns) { rows.append(row) }
        }
        return rows
    }
}
