-- scenario: a dismissal with the keyboard up. The sheet leaves to height 0 (behind the keyboard); the core
-- never hides the keyboard (it belongs to the host's first responder), so after the dismissal the keyboard
-- stays as reported until the host reports height 0. A present with the keyboard still up presents above it.

behaviour 'system'
present()
settle()
keyboard { height = 336 }
settle()
expect_near(sheet.height, 734.5, 1e-9, 'medium over the keyboard')

dismiss()
settle()
expect(sheet.state == 'dismissed', 'dismissed')
expect_near(sheet.height, 0, 1e-9, 'height 0')
expect_near(sheet.keyboard, 336, 1e-9, 'the keyboard is still up: the host hides it')

present()
settle()
expect(sheet.detent == 'medium', 'presented at medium')
expect_near(sheet.height, 734.5, 1e-9, 'presented above the keyboard')

-- a fling down dismisses as without a keyboard: projected 734.5 - 0.499 * 3000 < 0 -> dismiss
flick { dy = 100, velocity = 3000 }
settle()
expect(sheet.state == 'dismissed', 'flung away')
keyboard { height = 0 }
settle()
expect_near(sheet.keyboard, 0, 1e-9, 'the host hid the keyboard')
present()
settle()
expect_near(sheet.height, 398.5, 1e-9, 'presented at medium without the keyboard')
