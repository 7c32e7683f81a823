-- scenario: the keyboard, mode 'fill' (gorhom's fillParent): the sheet fills the space above the keyboard
-- up to the available height, max(A, K) = max(797, 336) = 797, at an explicit height; hiding returns it.

behaviour {
  keyboard = 'fill',
  detents = { { id = 'small', height = 200 }, { id = 'medium', height = 300 } },
}
present()
settle()

keyboard { height = 336 }
settle()
expect(sheet.detent == nil, 'at an explicit height')
expect_near(sheet.height, 797, 1e-9, 'fills up to the safe area: 797')

-- a keyboard taller than the available height: the sheet rests on its top edge (on screen, K <= H)
keyboard { height = 820 }
settle()
expect_near(sheet.height, 820, 1e-9, 'on the keyboard: max(797, 820)')

keyboard { height = 0 }
settle()
expect(sheet.detent == 'small', 'hiding returns to small')
expect_near(sheet.height, 200, 1e-9, 'small 200')
