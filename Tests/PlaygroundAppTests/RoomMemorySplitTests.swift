import Foundation
import Glibc
import PlaygroundTesting
import Testing

@testable import PlaygroundApp

/// A measurement, not a check (BENCHMARKS.md, issue #27's memory): where a room with one tab streaming keeps its
/// bytes. Run with `MEM_SPLIT=1 swift test --skip-build --filter RoomMemorySplit`: 20 rooms, each from its own address,
/// page fetched and stream open, settled; then in each room the parts are let go one at a time, and glibc's bytes in
/// use before and after each (mallinfo2) give what that part held. Prints per room (debug build: sizes as in release).
@Suite("Room memory split", .serialized)
struct RoomMemorySplitTests {
    /// glibc's mallinfo2 (its struct is returned through a hidden pointer on x86-64: passed here as the argument).
    static func heap() -> Int {
        typealias Info = @convention(c) (UnsafeMutableRawPointer) -> Void
        let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallinfo2")!
        let call = unsafeBitCast(symbol, to: Info.self)
        var fields = [Int](repeating: 0, count: 10)
        fields.withUnsafeMutableBytes { call($0.baseAddress!) }
        return fields[7] + fields[4]
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["MEM_SPLIT"] != nil))
    func split() async throws {
        let live = try await LivePlayground()
        var sockets: [TestSocket] = []
        for index in 0..<3 {
            let room = try await live.newRoom(source: "127.0.0.\(200 + index)")
            sockets.append(try await live.subscribe(room, source: "127.0.0.\(200 + index)"))
        }
        try await Task.sleep(for: .seconds(3))
        let rooms = 20
        let heap0 = Self.heap()
        var paths: [String] = []
        for index in 0..<rooms {
            let room = try await live.newRoom(source: "127.0.0.\(2 + index)")
            paths.append(room)
            _ = try await live.request("GET", room, source: "127.0.0.\(2 + index)")
            sockets.append(try await live.subscribe(room, source: "127.0.0.\(2 + index)"))
        }
        try await Task.sleep(for: .seconds(4))
        let heap1 = Self.heap()
        var out = "per room (20 rooms): heap \((heap1 - heap0) / rooms) B\n"
        let acc = Accumulator()
        for path in paths {
            let registry = Mirror(reflecting: live.playground).descendant("rooms") as! RoomRegistry
            let room = try registry.room(path.split(separator: "/").last!)
            room.perform { room in
                acc.measure("replay log + resync cache") {
                    room.log = ReplayLog(maxCount: room.log.maxCount, maxBytes: room.log.maxBytes)
                    room.resyncCache = nil
                }
                for index in room.apps.indices where room.apps[index] != nil {
                    let name = room.apps[index]!.about.id
                    acc.measure("\(name) snapshot") { room.shownSnapshots[index] = nil }
                    acc.measure("\(name) PaneView") { room.views[index] = nil }
                    acc.measure("\(name) unmount (view tree)") {
                        room.apps[index]?.unmount()
                    }
                    acc.measure("\(name) app, teaching, effects") {
                        room.effects[index]?.stop()
                        room.apps[index] = nil
                        room.effects[index] = nil
                    }
                }
                acc.measure("streams finished") { room.hub.finishAll() }
                acc.measure("room close") { room.close() }
            }
        }
        for name in acc.names {
            out += "  \(name): \(acc.parts[name, default: 0] / rooms) B\n"
        }
        try await Task.sleep(for: .seconds(1))
        out += "after dropping all, 1 s later: \((Self.heap() - heap0) / rooms) B\n"
        sockets.removeAll()
        try await Task.sleep(for: .seconds(1))
        out += "and the client sockets closed (what is left: the rooms' registry entries, SQLite's cache, …): \((Self.heap() - heap0) / rooms) B\n"
        print(out)
        withExtendedLifetime(sockets) {}
        #expect(heap1 > heap0)
    }
}

/// Bytes each part let go, summed over the rooms (used inside each room's isolation, one room at a time).
private final class Accumulator: @unchecked Sendable {
    var parts: [String: Int] = [:]
    var names: [String] = []
    func measure(_ name: String, _ body: () -> Void) {
        let before = RoomMemorySplitTests.heap()
        body()
        parts[name, default: 0] += before - RoomMemorySplitTests.heap()
        if !names.contains(name) { names.append(name) }
    }
}
