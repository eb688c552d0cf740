import AppSeam
import MovieCatalog
import PlaygroundUI

/// "Page 2 of 14 · 271 movies" between a Previous and a Next button; each button fires the intent
/// `loadMovies(query:page:)` for the latest query, as Return in the search field does for page 1.
struct PagingControls: View {
    let vm: SearchPageViewModel

    /// The last page a button may ask for: the answer's last page, within what the API accepts.
    private var lastPage: Int { min(vm.totalPages, SearchRequest.maximumPage) }

    var body: some View {
        let (page, totalResults) = (vm.page, vm.totalResults)
        HStack(spacing: 8) {
            if page > 1 {
                Button("‹ Previous") { vm.loadMovies(query: vm.query, page: page - 1) }
                    .buttonStyle(.bordered)
            }
            Text("Page \(page) of \(vm.totalPages) · \(DisplayNumbers.grouped(totalResults)) \(totalResults == 1 ? "movie" : "movies")")
                .font(.caption)
            if page < lastPage {
                Button("Next ›") { vm.loadMovies(query: vm.query, page: page + 1) }
                    .buttonStyle(.bordered)
            }
        }
    }
}
