import AppSeam
import PlaygroundUI

/// The list of movies matching the keyword, one row each, with the paging controls under it.
struct SearchedMoviesView: View {
    let movies: [Movie]
    let vm: SearchPageViewModel

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            List(movies, id: \.id) { movie in
                MovieRow(movie: movie)
            }
            PagingControls(vm: vm)
        }
    }
}

/// One movie: its title, a grey line with what the API says about it (year, running time, MPAA rating and genres
/// from the playground's catalog), then its rating and votes.
struct MovieRow: View {
    let movie: Movie

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            Text(movie.title)
                .font(.headline)
            Text(movie.overview)
                .font(.subheadline)
                .foregroundColor(.gray)
            Text("★ \(DisplayNumbers.oneDecimal(movie.voteAverage)) · \(DisplayNumbers.grouped(movie.voteCount)) votes")
                .font(.caption)
        }
    }
}
