-- scenario: a drag while the keyboard is up. The finger owns the sheet (it follows the finger as without a
-- keyboard) and the release chooses among the detents as the keyboard leaves them: medium 734.5, large 797
-- over a 336 pt keyboard (system preset, interactive). A keyboard that moves during a drag moves the
-- detents, not the sheet.

behaviour 'system'
present()
settle()
keyboard { height = 336 }
settle()
expect_near(sheet.height, 734.5, 1e-9, 'medium over the keyboard')

-- up 40 pt over 0.4 s: h = 734.5 + 40 = 774.5 under the finger (below the largest detent: no rubber band)
drag { dy = -40, duration = 0.4, release = false }
expect(sheet.state == 'dragging', 'dragging')
expect_near(sheet.height, 774.5, 1e-9, 'the sheet follows the finger: 774.5')
-- released at 100 pt/s up: projected 774.5 + 0.499 * 100 = 824.4, past large (797) -> large
touch_up { velocity = -100 }
settle()
expect(sheet.detent == 'large', 'a drag up with the keyboard up -> large')
expect_near(sheet.height, 797, 1e-9, 'large over the keyboard: 797')

-- down 80 pt and released still: h = 717, nearest of [734.5, 797] -> medium
drag { dy = 80, duration = 0.4, velocity = 0 }
settle()
expect(sheet.detent == 'medium', 'back to medium')
expect_near(sheet.height, 734.5, 1e-9, 'medium 734.5')

-- the keyboard hides while the finger is down: the sheet stays under the finger; the release chooses
-- among the detents without the keyboard (medium 398.5, large 787): h = 734.5 - 20 = 714.5 -> large
drag { dy = 20, duration = 0.2, release = false }
keyboard { height = 0 }
wait(0.3)
expect(sheet.state == 'dragging', 'still dragging')
expect_near(sheet.height, 714.5, 1e-9, 'the keyboard does not pull the sheet from the finger')
touch_up { velocity = 0 }
settle()
expect(sheet.detent == 'large', 'nearest of [398.5, 787] to 714.5 -> large')
expect_near(sheet.height, 787, 1e-9, 'large 787 without the keyboard')
