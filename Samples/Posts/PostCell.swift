import PlaygroundUI

/// One post: its author and title (a button opening it) and a heart toggling it as a favourite.
struct PostCell: View {
    let post: PostViewState
    let onFavourite: (Int) -> Void
    let onTap: () -> Void

    var body: some View {
        HStack {
            Button(action: onTap) {
                VStack(alignment: .leading) {
                    Text(post.user)
                        .bold()
                    Text(post.text)
                }
            }
            Spacer()
            Button(
                action: {
                    onFavourite(post.id)
                },
                label: {
                    if post.favourite {
                        Text("♥ Favourite")
                            .foregroundColor(.red)
                    } else {
                        Text("♡ Favourite")
                            .foregroundColor(.gray)
                    }
                }
            )
        }
        .padding(8)
    }
}

/// A placeholder row while the posts load.
struct EmptyPostCell: View {
    var body: some View {
        HStack {
            Text("…")
                .foregroundColor(.gray)
        }
        .padding(8)
    }
}
