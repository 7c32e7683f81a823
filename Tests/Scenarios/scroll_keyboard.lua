-- scenario: a list and the keyboard together. DefaultPolicy (keyboard
-- 'interactive') on the reference phone (H = 844, A = 797, medium 398.5, large 787) with a 2400 pt list
-- 56 pt below the sheet's top edge and no declared height: the list is laid out in the part of the sheet
-- the keyboard leaves uncovered, h - K (a list pinned to UIKit's keyboardLayoutGuide), so its frame is
-- h - K - 56 and its largest offset 2400 minus that; a touch on the keyboard's part of the sheet is not
-- the list's.

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
content { height = 600, scroll = { content_height = 2400, top = 56 } }
present()
settle()
expect_near(sheet.scroll.height, 398.5 - 56, 1e-9, 'medium: the list fills the rest, 342.5')
expect_near(sheet.scroll.max_offset, 2400 - 342.5, 1e-9, 'its largest offset 2057.5')

-- The keyboard rises; the sheet rides on it, and the list's frame is what the keyboard leaves.
keyboard { height = 336, duration = 0.25 }
wait(0.05)
expect_near(sheet.scroll.height, sheet.height - sheet.keyboard - 56, 1e-9,
  'mid-animation: the list ends at the keyboard\'s top edge')
settle()
expect_near(sheet.height, 734.5, 1e-9, 'medium lifted: 398.5 + 336')
expect_near(sheet.scroll.height, 342.5, 1e-9, 'interactive keeps the list\'s frame: 734.5 - 336 - 56')
expect_near(sheet.scroll.max_offset, 2057.5, 1e-9, 'and its largest offset')

snap_to 'large'
settle()
expect_near(sheet.height, 797, 1e-9, 'large capped at A: 797')
expect_near(sheet.scroll.height, 797 - 336 - 56, 1e-9, 'the keyboard covers 336 of it: 405')
scroll_to { offset = 5000 }
expect_near(sheet.scroll.offset, 1995, 1e-9,
  'the content\'s end scrolls into view above the keyboard: 2400 - 405')

-- The sheet's top edge is at 47, the list spans 103...508, the keyboard starts at 508: a pan at 600
-- moves the sheet, not the list.
touch_down { y = 600 }
touch_move { y = 620 }
expect_near(sheet.height, 777, 1e-9, 'a pan on the keyboard\'s part drags the sheet')
expect_near(sheet.scroll.offset, 1995, 1e-9, 'and leaves the list alone')
touch_up { velocity = 0 }
settle()
expect(sheet.detent == 'large', 'released near large: large')

-- Hiding the keyboard returns the sheet to large (787) and cuts the offset to the larger frame's end.
keyboard { height = 0 }
settle()
expect_near(sheet.height, 787, 1e-9, 'back at large')
expect_near(sheet.scroll.max_offset, 2400 - 731, 1e-9, 'the list fills 731 again: largest offset 1669')
expect_near(sheet.scroll.offset, 1669, 1e-9, 'the offset cut to it')
