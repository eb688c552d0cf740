import NiceRuntime
import OpenCombine
import PlaygroundUI
import Synchronization
import Testing

/// How a task's work ended, written off the room.
private final class Ended: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

/// A view model whose load waits until cancelled; its work counts how it ended.
private final class SlowViewModel: ObservableVM {
    let ended = Ended()
    var applied = 0

    override func bindViewModel() {
        super.bindViewModel()
        contentLoadState = .loading
        task { [ended] in
            do {
                try await Task.sleep(for: .seconds(30))
                ended.append("slept")
                return true
            } catch {
                ended.append("cancelled")
                throw error
            }
        } then: { [self] result in
            applied += 1
            if case .failure(let error) = result { errorService.capture(error) } else { contentLoadState = .hasData }
        }
    }
}

/// A view model that loads at once.
private final class QuickViewModel: ObservableVM {
    override func bindViewModel() {
        super.bindViewModel()
        contentLoadState = .loading
        task {
            await Task.yield()
            return true
        } then: { [self] _ in
            contentLoadState = .hasData
        }
    }
}

private struct BoundView: View {
    let viewModel: QuickViewModel
    var body: some View {
        Text(viewModel.contentLoadState.caseName).bindToVM(viewModel)
    }
}

@Suite("ObservableVM")
struct ObservableVMTests {
    @Test func triggerErrorMovesEveryBoundViewModelToError() async {
        let room = TestRoom()
        let states = await room.run { _ in
            let (first, second, unbound) = (QuickViewModel(), QuickViewModel(), QuickViewModel())
            let recorders = [StateRecorder(first), StateRecorder(second), StateRecorder(unbound)]
            first.bindViewModel()
            second.bindViewModel()
            first.triggerError()
            return recorders.map(\.states.description)
        }
        #expect(states[0] == "[.noData, .loading, .error(Unknown Error: You triggered an error!)]")
        #expect(states[1] == "[.noData, .loading, .error(Unknown Error: You triggered an error!)]")
        #expect(states[2] == "[.noData]", "a view model that is not bound does not hear the ErrorService")
    }

    @Test func unbindCancelsItsTasksAndSubscriptions() async {
        let room = TestRoom()
        await room.run { room in
            let viewModel = SlowViewModel()
            let recorder = StateRecorder(viewModel)
            viewModel.bindViewModel()
            room.kept["vm"] = Kept(viewModel)
            room.kept["recorder"] = Kept(recorder)
        }
        await room.run { room in
            let viewModel: SlowViewModel = room.kept["vm"]!()
            #expect(viewModel.cancellables.count == 2, "the error subscription and the task")
            viewModel.unbindViewModel()
            #expect(viewModel.cancellables.isEmpty)
            #expect(viewModel.baseUnbindCalled)
        }
        #expect(await room.waitUntil { room in (room.kept["vm"]!() as SlowViewModel).ended.all == ["cancelled"] })
        try? await Task.sleep(for: .milliseconds(20))
        let (names, applied) = await room.run { room in
            let viewModel: SlowViewModel = room.kept["vm"]!()
            viewModel.triggerError()
            return ((room.kept["recorder"]!() as StateRecorder).names, viewModel.applied)
        }
        #expect(names == ["noData", "loading"], "the cancelled task applied nothing, and unbound, the view model hears no error")
        #expect(applied == 0)
    }

    @Test func theViewBindsAsItAppearsAndUnbindsAsItDisappears() async {
        let room = TestRoom()
        let firstHTML = await room.run { room in
            let viewModel = QuickViewModel()
            let host = ViewHost(BoundView(viewModel: viewModel))
            room.kept["vm"] = Kept(viewModel)
            room.kept["host"] = Kept(host)
            return host.render(RenderContext(formAction: "/e")).html
        }
        #expect(firstHTML.contains("loading"), "bindViewModel ran after the first pass, and a second pass drew .loading")
        #expect(await room.waitUntil { room in (room.kept["vm"]!() as QuickViewModel).contentLoadState == .hasData })
        #expect(await room.changes == 1, "the task's end told the room to render")
        let unbound = await room.run { room in
            let viewModel: QuickViewModel = room.kept["vm"]!()
            let host: ViewHost<BoundView> = room.kept["host"]!()
            host.unmount()
            return (viewModel.baseUnbindCalled, viewModel.cancellables.count)
        }
        #expect(unbound.0 && unbound.1 == 0)
    }
}
