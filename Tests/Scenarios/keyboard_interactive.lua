-- scenario: the keyboard, mode 'interactive' (the default, gorhom's keyboardBehavior default): the sheet
-- rises by the keyboard's height, keeping its detent; hiding the keyboard brings it back.
-- Reference screen: H = 844, A = 844 - 47 = 797; system detents medium = 797 / 2 = 398.5, large = 787.
-- A 336 pt keyboard lifts every detent onto its top edge, capped at A: medium 398.5 + 336 = 734.5,
-- large min(787 + 336, 797) = 797 (KeyboardGeometry in TheStateMachine.md).

behaviour 'system'
present()
settle()
expect(sheet.detent == 'medium', 'presented at medium')
expect_near(sheet.height, 398.5, 1e-9, 'medium 398.5')

-- The keyboard's motion: the mass-3 spring's shape over the reported 0.25 s. The sheet rides on it:
-- h - keyboard stays 398.5 (within the 0.5 pt a spring finishes within) on every frame.
keyboard { height = 336, duration = 0.25 }
wait(0.05)
-- 75 % of the way at 0.05 s (the closed form of the time-scaled spring: 1 - 0.254316 remaining)
expect_near(sheet.keyboard, 336 * 0.7456840, 1e-3, 'the keyboard at 0.05 s: 250.55')
expect_near(sheet.height - sheet.keyboard, 398.5, 0.5, 'the sheet rides on the keyboard')
wait(0.05)
expect_near(sheet.height - sheet.keyboard, 398.5, 0.5, 'still riding at 0.1 s')
settle()
expect(sheet.state == 'resting' and sheet.detent == 'medium', 'resting at medium, lifted')
expect_near(sheet.height, 734.5, 1e-9, 'medium over the keyboard: 398.5 + 336')
expect_near(sheet.keyboard, 336, 1e-9, 'the keyboard is up')

-- a snap to large with the keyboard up: large is capped at A
snap_to 'large'
settle()
expect_near(sheet.height, 797, 1e-9, 'large over the keyboard: min(787 + 336, 797)')
snap_to 'medium'
settle()

-- the keyboard changes height (the suggestion bar goes away): 291 pt, 398.5 + 291 = 689.5
keyboard { height = 291 }
settle()
expect_near(sheet.height, 689.5, 1e-9, 'medium over a 291 pt keyboard')

-- hide: back to medium's own height
keyboard { height = 0 }
settle()
expect(sheet.detent == 'medium', 'back at medium')
expect_near(sheet.height, 398.5, 1e-9, 'medium 398.5 again')
expect_near(sheet.keyboard, 0, 1e-9, 'the keyboard is hidden')
