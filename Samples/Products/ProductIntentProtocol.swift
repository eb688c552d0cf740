import RouterRuntime

protocol ProductIntentProtocol {
    func onTapOpenNext(presentation: RouterScreenPresentationType)
    func onTapOpen(id: Int, presentation: RouterScreenPresentationType) -> Bool
    func onTapDone()
}
