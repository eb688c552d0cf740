import AppSeam
import MVIRuntime
import MovieCatalog
import PlaygroundUI

/// "Page 2 of 14 · 271 movies" between a Previous and a Next button; each button sends the `page` event.
struct PagingControls: View {
    let page: Int
    let totalPages: Int
    let totalResults: Int
    @Environment(\.sendMovieSearchEvent) var send

    /// The last page a button may ask for: the answer's last page, within what an event accepts.
    private var lastPage: Int { min(totalPages, SearchRequest.maximumPage) }

    var body: some View {
        HStack(spacing: 8) {
            if page > 1 {
                Button("‹ Previous") { send(.page(page: page - 1)) }
                    .buttonStyle(.bordered)
            }
            Text("Page \(page) of \(totalPages) · \(DisplayNumbers.grouped(totalResults)) \(totalResults == 1 ? "movie" : "movies")")
                .font(.caption)
            if page < lastPage {
                Button("Next ›") { send(.page(page: page + 1)) }
                    .buttonStyle(.bordered)
            }
        }
    }
}
