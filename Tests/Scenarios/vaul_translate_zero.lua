-- scenario: vaul: a release at translate 0 does nothing, so the drawer stays at the snap point whose
-- offset it is at, also when it was grabbed while it closed (found by sheet fuzz: it rested at an
-- explicit height there, on no detent)
screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'vaul'
present()
snap_to 'p3'
settle()
expect(sheet.detent == 'p3' and sheet.height == 844, 'p3 is the whole window')
dismiss()
touch_down { y = 0 }
touch_up()
expect(sheet.target == 'p3', 'released at translate 0: it stays at p3')
settle()
expect(sheet.state == 'resting' and sheet.detent == 'p3' and sheet.height == 844, 'resting at p3')
