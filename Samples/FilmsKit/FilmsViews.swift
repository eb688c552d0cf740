import AppSeam
import MovieCatalog
import PlaygroundUI

// The Films app's leaf views, shared by its five implementations so the panes look alike and differ only in how the
// data reaches them: each takes plain values and closures, and knows nothing of any architecture.

/// The header: the app's name and the favourites badge (`♥ 3`).
public struct FilmsHeader: View {
    let favourites: Int
    public init(favourites: Int) { self.favourites = favourites }

    public var body: some View {
        HStack(spacing: 8) {
            Text("Films").font(.headline)
            Spacer()
            Text(FilmsMessages.badge(favourites)).foregroundColor(.red)
        }
    }
}

/// The search field, showing the latest search's query in every tab: Return submits what was typed, if the API
/// accepts it (a blank query or control characters change nothing, as over HTTP).
public struct FilmsSearchField: View {
    let query: String
    let submit: (String) -> Void

    public init(query: String, submit: @escaping (String) -> Void) { (self.query, self.submit) = (query, submit) }

    public var body: some View {
        let typed = Typed()
        TextField("search films", text: Binding(get: { query }, set: { typed.text = $0 }), onCommit: {
            if (try? SearchRequest(query: typed.text)) != nil { submit(typed.text) }
        }, submitLabel: "Search")
    }

    /// What the field posted, handed from the binding to the commit.
    private final class Typed { var text = "" }
}

/// One film of the list: its title (a button opening it), year and rating, and a heart.
public struct FilmRow: View {
    let film: FilmSummary
    let isFavourite: Bool
    let open: () -> Void
    let toggleFavourite: () -> Void

    public init(film: FilmSummary, isFavourite: Bool, open: @escaping () -> Void, toggleFavourite: @escaping () -> Void) {
        (self.film, self.isFavourite, self.open, self.toggleFavourite) = (film, isFavourite, open, toggleFavourite)
    }

    public var body: some View {
        HStack(spacing: 8) {
            Button(action: open) {
                Text(film.title).bold()
            }
            Text("\(film.year) · ★ \(DisplayNumbers.oneDecimal(film.rating))").foregroundColor(.gray)
            Spacer()
            FavouriteButton(isFavourite: isFavourite, toggle: toggleFavourite)
        }
    }
}

/// The heart: `♥ Favourite` (red) or `♡ Favourite`.
public struct FavouriteButton: View {
    let isFavourite: Bool
    let toggle: () -> Void

    public init(isFavourite: Bool, toggle: @escaping () -> Void) { (self.isFavourite, self.toggle) = (isFavourite, toggle) }

    public var body: some View {
        Button(action: toggle) {
            if isFavourite {
                Text("♥ Favourite").foregroundColor(.red)
            } else {
                Text("♡ Favourite").foregroundColor(.gray)
            }
        }
    }
}

/// A film's detail: Back, title and year, running time and rating, the overview, and the heart.
public struct FilmDetailCard: View {
    let film: FilmDetail
    let isFavourite: Bool
    let back: () -> Void
    let toggleFavourite: () -> Void

    public init(film: FilmDetail, isFavourite: Bool, back: @escaping () -> Void, toggleFavourite: @escaping () -> Void) {
        (self.film, self.isFavourite, self.back, self.toggleFavourite) = (film, isFavourite, back, toggleFavourite)
    }

    public var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            Button("‹ Back", action: back)
            Text("\(film.title) (\(film.year))").font(.headline)
            Text("\(film.runtime) min · ★ \(DisplayNumbers.oneDecimal(film.rating))").foregroundColor(.gray)
            Text(film.overview)
            FavouriteButton(isFavourite: isFavourite, toggle: toggleFavourite)
        }
    }
}

/// An error with Retry.
public struct FilmsErrorView: View {
    let message: String
    let retry: () -> Void

    public init(message: String, retry: @escaping () -> Void) { (self.message, self.retry) = (message, retry) }

    public var body: some View {
        HStack(spacing: 8) {
            Text(message).foregroundColor(.red)
            Button("Retry", action: retry)
        }
    }
}

/// Loading, with what is loading.
public struct FilmsLoadingView: View {
    let caption: String
    public init(_ caption: String) { self.caption = caption }

    public var body: some View {
        HStack(spacing: 8) {
            ProgressView()
            Text(caption)
        }
    }
}
