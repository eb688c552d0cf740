import Foundation
import RoomServices
import Testing

@testable import RandomColorEV

@Suite struct ColorModelIDTests {
    @Test func aColorModelsIDIsDrawnNotReadFromTheSystem() {
        #expect(type(of: ColorModel().id) == DrawnUUID.self)
    }

    @Test func drawnIDsAreVersionFourAndDiffer() {
        let ids = (0..<1_000).map { _ in DrawnUUID().uuid }
        #expect(Set(ids).count == ids.count)
        for id in ids {
            #expect(id.uuid.6 >> 4 == 4)
            #expect(id.uuid.8 >> 6 == 0b10)
        }
        #expect(ids[0].uuidString.count == 36)
    }
}
