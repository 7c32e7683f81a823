-- scenario: vaul: a keyboard that lifts p2 and p3 to one height (the top of the screen) leaves the
-- overlay's fade pair no ramp; a drag down from there shows no overlay and raises no script error
-- (found by sheet fuzz: the ramp divided by the pair's zero gap)
screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'vaul'
present()
keyboard { height = 442, duration = 0.25 }
snap_to 'p3'
settle()
-- p2 355 + 442 = 797 and p3 844, both at the keyboard's cap max(A, K) = 797
expect(sheet.detent == 'p3' and sheet.height == 797, 'p3 at the keyboard cap, 797')
expect(sheet.backdrop == 0.4, 'the overlay shows at the fade point')
drag { dy = 100, duration = 0.5, release = false }
expect(sheet.height < 797, 'dragged below the squeezed pair')
expect(sheet.backdrop == 0, 'below the pair the overlay is hidden')
touch_up()
settle()
expect(sheet.state == 'resting' and sheet.height == 797, 'back up at the squeezed pair')
