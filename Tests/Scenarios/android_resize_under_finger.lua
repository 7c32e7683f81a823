-- scenario: android: the screen shrinks under a finger that has not moved past the touch slop; the sheet
-- stays within the new screen's expanded top, with no script error (found by sheet fuzz: on_drag
-- returned the old screen's height)
screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'android'
present()
snap_to 'expanded'
settle()
expect(sheet.detent == 'expanded' and sheet.height == 844, 'expanded: the whole screen')
touch_down { y = 10 }
resize { width = 800, height = 800, safe_top = 0, safe_bottom = 0 }
expect(sheet.state == 'dragging' and sheet.height == 800, 'held at the expanded top of the new screen, 800')
touch_up()
settle()
expect(sheet.state == 'resting' and sheet.detent == 'expanded' and sheet.height == 800, 'back at expanded')
