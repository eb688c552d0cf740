import EVRuntime
import PlaygroundUI

/// The left page: white until `.changeLeftColor` gives it a random colour of its own.
struct LeftScreen: View {

    @Action(InnerAction.initial) var action

    @State var color: Color? = nil

    @Environment(\.randomColor) var randomColor

    var body: some View {
        ZStack {
            color ?? .white

            VStack {
                Text("Left")
                    .font(.largeTitle)

                if let color {
                    ColorModel(color: color, modelViewType: .withLabel)
                }
            }
            .foregroundColor(color == nil ? .black : .white)
        }

        .onReceive($action) { newAction in
            switch newAction {

            case .changeLeftColor:
                color = randomColor()

            default:
                break
            }
        }
    }

    enum InnerAction: InnerViewAction {
        static var `default`: LeftScreen.InnerAction { .initial }

        case initial
        case changeLeftColor
    }
}
