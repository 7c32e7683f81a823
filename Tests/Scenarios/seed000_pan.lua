-- scenario: Seed 000 (bottom-sheet-vc): "pan began", "pan changed" (c-space rule and dim(c) while dragging).
-- Reference screen: E = 797; at normal c0 = 797 - 500 = 297.
-- pan changed: if c0 + ty > minTop (40) then c = c0 + ty, else c keeps its last value; h = E - c.
-- dim(c) = 0.4 * (1 - (c - 148.5) / 648.5) for 148.5 <= c <= 797.

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'bottom-sheet-vc'
present()
settle()

-- down 100: c = 297 + 100 = 397, h = 400; dim(397) = 0.4 * (1 - 248.5 / 648.5) = 0.246723
drag { dy = 100, duration = 0.25, release = false }
expect(sheet.state == 'dragging', 'dragging')
expect_near(sheet.height, 400, 0.01, 'c = 397 -> h = 400')
expect_near(sheet.backdrop, 0.246723, 1e-4, 'dim(397) = 0.246723 while dragging')
-- release where the finger stopped (vy 0): nearest of [40, 297, 797] to 397 is 297 -> normal
touch_up { velocity = 0 }
settle()
expect(sheet.detent == 'normal', 'back to normal')
expect_near(sheet.height, 500, 0.01, 'h 500')

-- up 300: c0 + ty = 297 - 300 = -3 <= 40. The sheet follows while c > 40 and then keeps its last
-- value: with 10 pt samples (300 pt in 30 frames) the last accepted ty is -250 (c = 47, h = 750);
-- for any sampling it is within one step (10 pt) below h = 757 and never reaches it.
drag { dy = -300, duration = 0.25, release = false }
expect(sheet.height < 757, 'the pan never reaches c = minTop (h 757)')
expect(sheet.height > 746, 'it stops within one sample of it (h > 746)')
expect_near(sheet.backdrop, 0.4, 1e-6, 'c < 148.5 -> dim = 0.4')
-- release with vy 0: c < 48 nearest 40 -> expanded
touch_up { velocity = 0 }
settle()
expect(sheet.detent == 'expanded', 'released near the top -> expanded')
expect_near(sheet.height, 757, 0.01, 'h 757')

-- the seed's pan recognizer is on the whole view: a pan that starts on the backdrop moves the sheet.
-- From expanded (c0 = 40), start at y = 20 (above the sheet's top edge at 844 - 757 = 87), down 200:
-- c = 240, h = 557; dim(240) = 0.4 * (1 - 91.5 / 648.5) = 0.343562
drag { at = 20, dy = 200, duration = 0.25, release = false }
expect_near(sheet.height, 557, 0.01, 'a pan from the backdrop moves the sheet: h 557')
expect_near(sheet.backdrop, 0.343562, 1e-4, 'dim(240) = 0.343562')
-- c = 240: |240 - 40| = 200, |240 - 297| = 57, |240 - 797| = 557 -> normal
touch_up { velocity = 0 }
settle()
expect(sheet.detent == 'normal', 'c 240 -> normal')
