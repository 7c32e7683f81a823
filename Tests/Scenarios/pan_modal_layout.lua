-- scenario: pan-modal: Tests/PanModalTests.swift's testPresentableDefaults and testPresentableYValues.
-- slackhq/PanModal's tests run on an iPhone 8 simulator: 375 x 667, status bar 20, no bottom inset.
-- testPresentableYValues measures an unpresented view controller whose bottomYPos is its own view's
-- height, 667 - 20 = 647, while topOffset stays 20 + 21 = 41: the same numbers as a container of
-- 647 + 41 = 688 pt, the geometry of its part below. (bottomLayoutOffset is 0 there: the mock's 44 is not
-- a protocol requirement, so PanModal's own extension reads the app's value; 447 = 647 - 200 - 0 shows it.)
-- Not reproducible: contentHeightIgnoringSafeArea (a separate height kind; with no bottom inset it equals
-- contentHeight), cornerRadius 8, the drag indicator's colour, isHapticFeedbackEnabled, scroll insets.

-- testPresentableDefaults (MockViewController: no scroll view, every default).
screen { width = 375, height = 667, safe_top = 20, safe_bottom = 0, fps = 120 }
behaviour 'pan-modal'
present()
wait(0.45)
expect(sheet.state == 'presenting', 'PanModalAnimator: transitionDuration 0.5 s, still presenting at 0.45 s')
wait(0.1)
expect(sheet.state == 'resting' and sheet.detent == 'short',
  'PanModalAnimator: the 0.5 s spring (damping 0.8) has presented to the short form by 0.55 s')
expect_near(sheet.height, 667 - 41, 1e-9,
  'testPresentableDefaults: topOffset 41 (20 + 21); shortFormHeight = longFormHeight = .maxHeight')
expect_near(sheet.backdrop, 0.7, 1e-9, 'testPresentableDefaults: panModalBackgroundColor black at 0.7')
snap_to 'long'
settle()
expect_near(sheet.height, 667 - 41, 1e-9,
  'testPresentableDefaults: longFormHeight .maxHeight: y = topOffset 41')
drag { dy = -100, duration = 0.25 }
expect_near(sheet.height, 667 - 41, 1e-9,
  'testPresentableDefaults: anchorModalToLongForm true: no higher than long')
settle()
drag { dy = 560, duration = 0.5, velocity = 100 }
settle()
expect(sheet.state == 'dismissed',
  'testPresentableDefaults: allowsDragToDismiss true: a slow release near the bottom')
present()
settle()
tap_backdrop()
settle()
expect(sheet.state == 'dismissed',
  'testPresentableDefaults: allowsTapToDismiss true: a backdrop tap dismisses')

-- testPresentableYValues: AdjustedMockViewController, shortFormHeight .contentHeight(300), longFormHeight
-- .maxHeightWithTopInset(50), on the 688 pt container described above.
screen { width = 375, height = 688, safe_top = 20, safe_bottom = 0 }
set { short_form_height = 300, long_form_inset = 50 }
present()
settle()
expect_near(688 - sheet.height, 388, 1e-9, 'testPresentableYValues: shortFormYPos 388')
snap_to 'long'
settle()
expect_near(688 - sheet.height, 91, 1e-9, 'testPresentableYValues: longFormYPos 91')
-- topMargin(from:) of each height kind, read through the long and short forms' y minus topOffset 41.
set { long_form_inset = 40 }
settle()
expect_near(688 - sheet.height - 41, 40, 1e-9,
  'testPresentableYValues: topMargin(.maxHeightWithTopInset(40)) 40')
set { long_form_inset = 0 }
settle()
expect_near(688 - sheet.height - 41, 0, 1e-9, 'testPresentableYValues: topMargin(.maxHeight) 0')
set { short_form_height = 200 }
snap_to 'short'
settle()
expect_near(688 - sheet.height - 41, 447, 1e-9, 'testPresentableYValues: topMargin(.contentHeight(200)) 447')
