import EVRuntime
import PlaygroundUI

/// The right page: white until `.changeRightColor` gives it a random colour of its own.
struct RightScreen: View {

    @Action(InnerAction.initial) var action

    @State var color: Color? = nil

    @Environment(\.randomColor) var randomColor

    var body: some View {
        ZStack {
            color ?? .white

            VStack {
                Text("Right")
                    .font(.largeTitle)

                if let color {
                    ColorModel(color: color, modelViewType: .withLabel)
                }
            }
            .foregroundColor(color == nil ? .black : .white)
        }

        .onReceive($action) { newAction in
            switch newAction {

            case .changeRightColor:
                color = randomColor()

            default:
                break
            }
        }
    }

    enum InnerAction: InnerViewAction {
        static var `default`: RightScreen.InnerAction { .initial }

        case initial
        case changeRightColor
    }
}
