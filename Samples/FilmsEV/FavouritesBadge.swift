import EVRuntime
import FilmsKit
import PlaygroundUI

/// The header's badge, `♥ 3`: the favourites it counts are its own `@State`, changed by the same
/// `toggleFavourite` event that flips the list's and the detail's hearts.
struct FavouritesBadge: View {

    @Action(InnerAction.initial) var action

    @State var favourites: Set<Int> = []

    var body: some View {
        FilmsHeader(favourites: favourites.count)

            .onReceive($action) { newAction in
                switch newAction {

                case let .toggleFavourite(id):
                    favourites.formSymmetricDifference([id])

                case .initial:
                    break
                }
            }
    }

    enum InnerAction: InnerViewAction {
        static var `default`: FavouritesBadge.InnerAction { .initial }

        case initial
        case toggleFavourite(Int)
    }
}
