import Foundation
import Testing

@testable import PlaygroundUI

/// What a list row keeps between renders (issue #27, memory): a row shaped like the Posts sample's `PostCell` (a
/// button around two texts, a spacer, a heart button; closures capturing the post, as the sample's do).
@Suite struct RowCostTests {
    struct Post: Identifiable {
        var id: Int
        var text: String
        var user: String
        var favourite = false
    }

    final class Model {
        var posts: [Post] = (0..<100).map { Post(id: $0, text: String(repeating: "x", count: 120), user: "User \($0)") }
        func favourite(_ id: Int) { posts[id].favourite.toggle() }
        func show(_ id: Int) {}
    }

    struct Cell: View {
        let post: Post
        let onFavourite: (Int) -> Void
        let onTap: () -> Void
        var body: some View {
            HStack {
                Button(action: onTap) {
                    VStack(alignment: .leading) {
                        Text(post.user).bold()
                        Text(post.text)
                    }
                }
                Spacer()
                Button(action: { onFavourite(post.id) }) {
                    if post.favourite { Text("♥ Favourite").foregroundColor(.red) } else { Text("♡ Favourite").foregroundColor(.gray) }
                }
            }
            .padding(8)
        }
    }

    struct Rows: View {
        let model: Model
        var body: some View {
            List {
                ForEach(model.posts, id: \.id) { post in
                    Cell(post: post, onFavourite: { id in model.favourite(id) }, onTap: { model.show(post.id) })
                }
            }
        }
    }

    static func heap() -> Int {
        typealias Info = @convention(c) (UnsafeMutableRawPointer) -> Void
        let call = unsafeBitCast(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallinfo2")!, to: Info.self)
        var fields = [Int](repeating: 0, count: 10)
        fields.withUnsafeMutableBytes { call($0.baseAddress!) }
        return fields[7] + fields[4]
    }

    /// No path node a row: its id node, its view, the run `0/0/0` and a node for each button are made while it is
    /// drawn and go after the list is drawn, as nothing in it keeps state; no position, and no control between
    /// renders (a post draws the tree again to find its closure). With `ROW_COST=1`, prints the heap a row adds.
    @Test func aRowKeepsNoNodeNoPositionAndNoControl() {
        let model = Model()
        let context = RenderContext(formAction: "/a", idPrefix: "nice-")
        let before = Self.heap()
        let hosts = (0..<20).map { _ in ViewHost(Rows(model: model)) }
        for host in hosts { _ = host.render(context) }
        let perRow = (Self.heap() - before) / hosts.count / model.posts.count
        if ProcessInfo.processInfo.environment["ROW_COST"] != nil { print("a row: \(perRow) B") }
        let root = hosts[0].store.root
        _ = hosts[0].render(context)
        #expect(root.size == 4, "\(root.size) nodes")
        #expect(root.size == root.countedNodes)
        #expect(hosts[0].store.count == 0)
        #expect(hosts[0].store.controls.isEmpty)
        #expect(hosts[0].store.controlCount == 2 * model.posts.count)
    }

    /// A row's buttons still run their closures (found by drawing the rows again), and a row with state keeps its nodes.
    @Test func aRowsButtonsRunAfterItsNodesWent() throws {
        let model = Model()
        let host = ViewHost(Rows(model: model))
        let html = host.render(RenderContext(formAction: "/a")).html
        let ids = html.matches(of: /name="control" value="([^"]+)"/).map { String($0.output.1) }
        #expect(ids.count == 2 * model.posts.count)
        #expect(host.perform(action: ids[2 * 7 + 1], value: nil) == .performed)
        #expect(model.posts[7].favourite)
        let again = host.render(RenderContext(formAction: "/a")).html
        #expect(again.matches(of: /name="control" value="([^"]+)"/).map { String($0.output.1) } == ids)
        #expect(again.contains("♥ Favourite"))
        #expect(host.perform(action: "AAAAAAAA", value: nil) != .performed)
    }

    struct StatefulCell: View {
        let post: Post
        @State var taps = 0
        var body: some View { Button("\(post.user) tapped \(taps)") { taps += 1 } }
    }

    struct StatefulRows: View {
        let model: Model
        var body: some View { List { ForEach(model.posts, id: \.id) { StatefulCell(post: $0) } } }
    }

    /// A row with state keeps its nodes (its state lives there), and keeps its control ids.
    @Test func aRowWithStateKeepsItsNodesAndState() {
        let model = Model()
        let host = ViewHost(StatefulRows(model: model))
        let context = RenderContext(formAction: "/a")
        let controls = { (html: String) in html.matches(of: /name="control" value="([^"]+)"/).map { String($0.output.1) } }
        let ids = controls(host.render(context).html)
        #expect(host.perform(action: ids[3], value: nil) == .performed)
        let html = host.render(context).html
        #expect(html.contains("User 3 tapped 1") && html.contains("User 4 tapped 0"))
        #expect(controls(html) == ids)
        #expect(host.store.count == model.posts.count)
        #expect(host.store.root.size == host.store.root.countedNodes)
    }
}
