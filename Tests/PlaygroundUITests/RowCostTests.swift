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

    /// Five path nodes a row (its id, its view, the run `0/0/0` and a node for each button) and no position: the
    /// buttons are entries of the host's list of controls. With `ROW_COST=1`, prints the heap a row adds.
    @Test func aRowKeepsFiveNodesAndNoPosition() {
        let model = Model()
        let context = RenderContext(formAction: "/a", idPrefix: "nice-")
        let before = Self.heap()
        let hosts = (0..<20).map { _ in ViewHost(Rows(model: model)) }
        for host in hosts { _ = host.render(context) }
        let perRow = (Self.heap() - before) / hosts.count / model.posts.count
        if ProcessInfo.processInfo.environment["ROW_COST"] != nil { print("a row: \(perRow) B") }
        let root = hosts[0].store.root
        _ = hosts[0].render(context)
        #expect(root.size - 4 == 5 * model.posts.count, "\(root.size) nodes")
        #expect(hosts[0].store.count == 0)
        #expect(hosts[0].store.controls.count == 2 * model.posts.count)
    }
}
