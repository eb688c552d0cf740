import NiceRuntime
import Testing

@Suite("ContentLoadState")
struct ContentLoadStateTests {
    @Test func casesCompareByCaseAndErrorsByWhatTheySay() {
        #expect(ContentLoadState.loading == .loading)
        #expect(ContentLoadState.loading != .hasData)
        #expect(ContentLoadState.error(error: UnknownError(message: "a")) == .error(error: UnknownError(message: "a")))
        #expect(ContentLoadState.error(error: UnknownError(message: "a")) != .error(error: UnknownError(message: "b")))
        #expect(
            ContentLoadState.error(error: ConnectivityError()).errorText
                == "Network Connectivity Error: Please check your internet connection and try again.")
        #expect(ContentLoadState.noData.caseName == "noData")
    }
}
