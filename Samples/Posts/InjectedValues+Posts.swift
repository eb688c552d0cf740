import NiceRuntime

extension InjectedValues {

    // REPOSITORIES

    var postRepository: any PostRepositoryProtocol {
        get { self[PostRepositoryKey.self] }
        set { self[PostRepositoryKey.self] = newValue }
    }

    var userRepository: any UserRepositoryProtocol {
        get { self[UserRepositoryKey.self] }
        set { self[UserRepositoryKey.self] = newValue }
    }

    // SERVICES

    var postService: any PostServiceProtocol {
        get { self[PostServiceKey.self] }
        set { self[PostServiceKey.self] = newValue }
    }

    var userService: any UserServiceProtocol {
        get { self[UserServiceKey.self] }
        set { self[UserServiceKey.self] = newValue }
    }

    /// How long the list and the detail wait before loading, to show the loading view (the seed's `sleep(1)`).
    var loadDelay: Duration {
        get { self[LoadDelayKey.self] }
        set { self[LoadDelayKey.self] = newValue }
    }
}

struct LoadDelayKey: InjectionKey {
    static var currentValue: Duration { .seconds(1) }
}
