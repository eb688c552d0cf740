import Foundation
import PlaygroundUI

/// "Model is a View": the colour is data, and also a view of itself, bare or with its description.
struct ColorModel: View, Identifiable {

    var id: UUID = UUID()
    var color: Color = .clear

    // The seed's `@State private var` has no way in from outside; like SwiftUI, this initial value only counts
    // when the model's position first appears.
    @State private var modelViewType: ModelViewType = .initial

    init(id: UUID = UUID(), color: Color = .clear, modelViewType: ModelViewType = .initial) {
        self.id = id
        self.color = color
        _modelViewType = State(initialValue: modelViewType)
    }

    var body: some View {
        switch modelViewType {
        case .initial:
            color
        case .withLabel:
            // The seed lists the label first, so its colour is drawn over it; here the label is on top.
            ZStack {
                color
                Text(String(describing: color))
            }
        }
    }

    enum ModelViewType: Equatable {
        case initial
        case withLabel
    }
}
