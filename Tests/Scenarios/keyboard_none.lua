-- scenario: the keyboard, mode 'none': the sheet stays where it is (its content avoids the keyboard), except
-- that it never rests under the keyboard: a detent lower than the keyboard rises to its top edge.

behaviour {
  keyboard = 'none',
  detents = { { id = 'small', height = 200 }, { id = 'tall', height = 500 } },
}
present()
settle()
expect_near(sheet.height, 200, 1e-9, 'small 200')

keyboard { height = 336 }
settle()
expect(sheet.detent == 'small', 'still small')
expect_near(sheet.height, 336, 1e-9, 'raised to the keyboard: max(200, 336)')

snap_to 'tall'
settle()
expect_near(sheet.height, 500, 1e-9, 'tall stays 500 above a 336 keyboard')

keyboard { height = 0 }
settle()
expect(sheet.detent == 'tall', 'the snap with the keyboard up chose tall: hiding keeps it')
expect_near(sheet.height, 500, 1e-9, 'tall 500')
