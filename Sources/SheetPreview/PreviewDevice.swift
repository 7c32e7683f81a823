import SheetCore
import SheetScript

/// A screen the preview offers: a device's size in points (portrait) and its safe-area insets in each
/// orientation. The core takes the insets along the sheet's axis (top and bottom); the page draws the
/// side ones too.
///
/// Sizes and insets are UIKit's (`UIScreen.bounds`, a full-screen view's `safeAreaInsets`), as
/// Flutter's device_frame package records them for its iOS devices
/// (aloisdeniel/flutter_device_preview, `device_frame/lib/src/devices/ios/*/device.dart`: `screenSize`,
/// `safeAreas`, `rotatedSafeAreas`):
/// - iPhone SE (2nd and 3rd generation): 375 x 667, the status bar's 20 on top, no home indicator;
/// - iPhone 15 (the 15 Pro's screen, `iphone_15_pro`): 393 x 852, top 59 (the Dynamic Island), bottom 34;
///   in landscape the island's 59 on either side and the home indicator's 21 at the bottom, as a
///   notched iPhone reports them (csl.cool, "iOS Layout Adaptation", 2023: `UIEdgeInsets(top: 0.0,
///   left: 59.0, bottom: 21.0, right: 59.0)` after the rotation);
/// - iPhone 15 Pro Max (`iphone_15_pro_max`): 430 x 932, the same insets;
/// - iPad (10th generation), portrait: 820 x 1180 (the iPad Air's screen, `ipad_air_4`), the iPadOS 16
///   status bar's 24 on top and the home indicator's 20 at the bottom (iPads report a top of 20 or 24
///   and a bottom of 0 or 20: blog.csdn.net/jia12216/article/details/109466661); an iPad keeps its
///   status bar and home indicator in landscape and has no notch, so its insets do not move.
///
/// An iPhone hides its status bar in landscape (a compact height), so the SE's top inset is 0 there and
/// its sides 0 (it has no notch).
struct PreviewDevice: Equatable, Sendable {
  /// Safe-area insets, points.
  struct Insets: Equatable, Sendable {
    var top: Double
    var bottom: Double
    var left: Double
    var right: Double
  }

  /// The id the page names it by.
  var id: String
  /// What the page shows.
  var name: String
  /// The portrait width, points.
  var width: Double
  /// The portrait height, points.
  var height: Double
  /// The insets in portrait.
  var portrait: Insets
  /// The insets in landscape (the device turned a quarter).
  var landscape: Insets

  /// The devices the page offers.
  static let catalogue = [
    PreviewDevice(
      id: "iphone-se", name: "iPhone SE", width: 375, height: 667,
      portrait: Insets(top: 20, bottom: 0, left: 0, right: 0),
      landscape: Insets(top: 0, bottom: 0, left: 0, right: 0)
    ),
    PreviewDevice(
      id: "iphone-15", name: "iPhone 15", width: 393, height: 852,
      portrait: Insets(top: 59, bottom: 34, left: 0, right: 0),
      landscape: Insets(top: 0, bottom: 21, left: 59, right: 59)),
    PreviewDevice(
      id: "iphone-15-pro-max", name: "iPhone 15 Pro Max", width: 430, height: 932,
      portrait: Insets(top: 59, bottom: 34, left: 0, right: 0),
      landscape: Insets(top: 0, bottom: 21, left: 59, right: 59)),
    PreviewDevice(
      id: "ipad", name: "iPad (10th generation)", width: 820, height: 1180,
      portrait: Insets(top: 24, bottom: 20, left: 0, right: 0),
      landscape: Insets(top: 24, bottom: 20, left: 0, right: 0)),
  ]

  /// The id of the screen the preview was started with when it is none of the catalogue's.
  static let customID = "screen"

  /// The screen the preview was started with (a scenario's `screen {}`, or the reference screen) as a
  /// device: as given, it is the first orientation; turned, its width and height swap and its insets
  /// move as a notched phone's do (the top inset to either side, the bottom one kept; a screen with no
  /// bottom inset has no notch and no home indicator, and keeps none).
  static func custom(_ geometry: SheetGeometry) -> PreviewDevice {
    let top = geometry.safeArea.top
    let bottom = geometry.safeArea.bottom
    let notch = bottom > 0 ? top : 0
    return PreviewDevice(
      id: customID, name: "\(LuaLiteral.number(geometry.width)) x \(LuaLiteral.number(geometry.height))",
      width: geometry.width, height: geometry.height,
      portrait: Insets(top: top, bottom: bottom, left: 0, right: 0),
      landscape: Insets(top: 0, bottom: bottom, left: notch, right: notch))
  }

  /// The catalogue's device whose screen is `geometry` (in either orientation), with the orientation;
  /// nil for another screen.
  static func matching(_ geometry: SheetGeometry) -> (device: PreviewDevice, landscape: Bool)? {
    for device in catalogue {
      for landscape in [false, true]
      where device.geometry(landscape: landscape, edge: geometry.edge) == geometry {
        return (device, landscape)
      }
    }
    return nil
  }

  /// The insets in an orientation.
  func insets(landscape: Bool) -> Insets { landscape ? self.landscape : portrait }

  /// The screen in an orientation, as the core takes it.
  func geometry(landscape: Bool, edge: SheetEdge = .bottom) -> SheetGeometry {
    let insets = insets(landscape: landscape)
    return SheetGeometry(
      width: landscape ? height : width, height: landscape ? width : height,
      safeArea: SafeArea(top: insets.top, bottom: insets.bottom), edge: edge)
  }
}
