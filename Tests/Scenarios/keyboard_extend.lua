-- scenario: the keyboard, mode 'extend' (gorhom: "extend the sheet to its maximum snap point"): the sheet
-- goes to its largest detent, lifted above the keyboard; hiding returns it to the detent it was at.
-- Fixed detents small 200 and medium 300; a 336 pt keyboard: medium 300 + 336 = 636, small 536.

behaviour {
  keyboard = 'extend',
  detents = { { id = 'small', height = 200 }, { id = 'medium', height = 300 } },
}
present()
settle()
expect(sheet.detent == 'small', 'presented at small')

keyboard { height = 336 }
settle()
expect(sheet.detent == 'medium', 'extended to the largest detent')
expect_near(sheet.height, 636, 1e-9, 'medium over the keyboard: 300 + 336')

keyboard { height = 0 }
settle()
expect(sheet.detent == 'small', 'hiding returns to small, where it was')
expect_near(sheet.height, 200, 1e-9, 'small 200')

-- a duration of 0 moves at once (a keyboard shown without animation): the next frame is there
keyboard { height = 336, duration = 0 }
wait(1 / 120)
expect_near(sheet.keyboard, 336, 1e-9, 'the keyboard at once')
expect_near(sheet.height, 636, 1e-9, 'the sheet at once')
keyboard { height = 0, duration = 0 }
settle()
expect_near(sheet.height, 200, 1e-9, 'back at small')
