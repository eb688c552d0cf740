/// A screen flow's navigation owner: it makes the view models and handles routes.
protocol Coordinator: AnyObject {
    var parentCoordinator: (any Coordinator)? { get }
}

extension Coordinator {
    var parentCoordinator: (any Coordinator)? { nil }
}
