import RouterRuntime

protocol ProductListIntentProtocol {
    func viewOnAppear()
    func onTapReload()
    func onTapProduct(id: Int, presentation: RouterScreenPresentationType)
    func onTapDelete(id: Int)
    func onTapConfirmDelete()
}
