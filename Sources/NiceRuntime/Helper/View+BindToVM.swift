import PlaygroundUI

extension View {
    /// Binds `viewModel` to this view: ``ObservableVM/bindViewModel()`` as it appears, ``ObservableVM/unbindViewModel()``
    /// as it disappears; stops if an override forgot to call `super` (as the seed does).
    public func bindToVM(_ viewModel: ObservableVM) -> some View {
        self
            .onAppear {
                viewModel.bindViewModel()
                precondition(
                    viewModel.baseBindCalled,
                    "Observable view model base bindViewModel was not called: call super.bindViewModel() in your override")
            }
            .onDisappear {
                viewModel.unbindViewModel()
                precondition(
                    viewModel.baseUnbindCalled,
                    "Observable view model base unbindViewModel was not called: call super.unbindViewModel() in your override")
            }
    }
}
