import PlaygroundUI
import RoomServices

extension View {
    /// Binds `viewModel` to this view: ``ObservableVM/bindViewModel()`` as it appears, ``ObservableVM/unbindViewModel()``
    /// as it disappears; stops if an override forgot to call `super` (as the seed does). Both are reported (the View
    /// stage) at the view's `.bindToVM` line.
    public func bindToVM(_ viewModel: ObservableVM, file: StaticString = #fileID, line: UInt = #line) -> some View {
        self
            .onAppear {
                Stages.record(NiceStage.view, ".bindToVM(\(type(of: viewModel))): onAppear", file: file, line: line)
                viewModel.bindViewModel()
                precondition(
                    viewModel.baseBindCalled,
                    "Observable view model base bindViewModel was not called: call super.bindViewModel() in your override")
            }
            .onDisappear {
                Stages.record(NiceStage.view, ".bindToVM(\(type(of: viewModel))): onDisappear", file: file, line: line)
                viewModel.unbindViewModel()
                precondition(
                    viewModel.baseUnbindCalled,
                    "Observable view model base unbindViewModel was not called: call super.unbindViewModel() in your override")
            }
    }
}
