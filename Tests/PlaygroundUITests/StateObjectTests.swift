import OpenCombine
import Testing
@testable import PlaygroundUI

/// `@StateObject`: one object per position, made once, cancelled when the position goes.
@Suite struct StateObjectTests {
    final class Model: ObservableObject, Cancellable, EnvironmentLinkedObject {
        @Published var count = 0
        let serial: Int
        var cancelled = false
        var linkedStyles: [ButtonStyle] = []

        init(_ counter: MakeCounter) {
            counter.made += 1
            serial = counter.made
        }

        func cancel() { cancelled = true }
        func link(to environment: EnvironmentValues) { linkedStyles.append(environment.buttonStyle) }
    }

    final class MakeCounter {
        var made = 0
    }

    struct Owner: View {
        let label: String
        @StateObject var model: Model

        init(label: String, counter: MakeCounter) {
            self.label = label
            _model = StateObject(wrappedValue: Model(counter))
        }

        var body: some View { Text("\(label)#\(model.serial)=\(model.count)") }
    }

    struct Root: View {
        let counter: MakeCounter
        let inputs: Inputs
        var body: some View {
            VStack {
                Owner(label: "a", counter: counter)
                if inputs.showFirst { Owner(label: "b", counter: counter).buttonStyle(.plain) }
            }
        }
    }

    @Test func madeOncePerPositionAndKeptAcrossRenders() throws {
        let counter = MakeCounter(), inputs = Inputs()
        let host = ViewHost(Root(counter: counter, inputs: inputs), inspecting: [Owner.self])
        #expect(host.render(context).html == #"<div class="vstack"><span class="text">a#1=0</span><span class="text">b#2=0</span></div>"#)
        let first = try #require(host.view(Owner.self)?.model)
        first.count = 5
        _ = host.render(context)
        #expect(host.render(context).html == #"<div class="vstack"><span class="text">a#1=5</span><span class="text">b#2=0</span></div>"#)
        #expect(counter.made == 2)  // re-created view values never evaluate their autoclosure
        #expect(first.linkedStyles == [.automatic, .automatic, .automatic])
    }

    @Test func cancelledWhenThePositionGoesAndRemadeWhenItComesBack() throws {
        let counter = MakeCounter(), inputs = Inputs()
        let host = ViewHost(Root(counter: counter, inputs: inputs), inspecting: [Owner.self])
        _ = host.render(context)
        let b = try #require(host.stateObjects(of: Owner.self).last)
        #expect(b.linkedStyles == [.plain])
        inputs.showFirst = false
        _ = host.render(context)
        #expect(b.cancelled)
        inputs.showFirst = true
        #expect(host.render(context).html.contains("b#3=0"))
        let a = try #require(host.view(Owner.self)?.model)
        #expect(!a.cancelled)
        host.unmount()
        #expect(a.cancelled)
        #expect(host.view(Owner.self)?.model == nil)
    }
}

extension ViewHost {
    /// Every `model` state object of `view`, in render order (test helper).
    func stateObjects<V: View>(of view: V.Type) -> [StateObjectTests.Model] {
        store.orderedPositions.filter { $0.viewType == V.self }.compactMap { position in
            position.slots.values.compactMap { ($0.object as? StateObjectBox<StateObjectTests.Model>)?.object }.first
        }
    }
}
