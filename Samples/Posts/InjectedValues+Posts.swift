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

    /// The clock the delay is waited on: the room's (a test's manual clock in the harness).
    var clock: any Clock<Duration> {
        get { self[ClockKey.self] }
        set { self[ClockKey.self] = newValue }
    }
}

struct LoadDelayKey: InjectionKey {
    static var currentValue: Duration { .seconds(1) }
}

struct ClockKey: InjectionKey {
    static var currentValue: any Clock<Duration> { ContinuousClock() }
}
