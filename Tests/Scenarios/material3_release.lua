-- scenario: `material3` preset: ModalBottomSheet's anchors and AnchoredDraggableState.computeTarget.
-- Sources: androidx compose/material3 ModalBottomSheet.kt (draggableAnchors), SheetDefaults.kt
-- (PositionalThreshold 56 dp, VelocityThreshold 125 dp/s), internal/AnchoredDraggable.kt (computeTarget,
-- closestAnchor, newOffsetForDelta). On the reference screen (density 1) the container is 844 tall: with
-- no content height the sheet is 844, so the anchors' offsets are expanded 0, partially_expanded 422
-- (844 / 2, the sheet being taller than half) and hidden 844. A drag starts past the 8 px touch slop and
-- moves the sheet by the travel beyond it; every release below gives its velocity explicitly.

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'material3'
present()
settle()
expect(sheet.detent == 'partially_expanded' and sheet.height == 422,
  'SheetState.show(): partially expanded at 844 / 2 = 422 (sheet 844 > 422)')
expect_near(sheet.backdrop, 0.32, 1e-12, 'ScrimTokens.ContainerOpacity 0.32 while the target is not hidden')

-- The positional threshold from the current anchor: a drag down of 60 moves the sheet 60 - 8 = 52, to
-- offset 474 < 422 + 56 = 478: back to partially_expanded; 64 reaches 478, not below it: the next anchor
-- down, hidden.
drag { dy = 60, duration = 0.5, velocity = 0 }
expect_near(sheet.height, 422 - 52, 1e-9, 'newOffsetForDelta: 60 - 8 (touch slop) = 52 pt down')
settle()
expect(sheet.detent == 'partially_expanded', 'computeTarget: offset 474 < 422 + 56 keeps partially_expanded')
drag { dy = 64, duration = 0.5, velocity = 0 }
settle()
expect(sheet.state == 'dismissed', 'computeTarget: offset 478 >= 422 + 56 -> hidden (dismissed)')
present()
settle()

-- The velocity threshold: 28 - 8 = 20 pt down (offset 442) at 125 px/s goes on to hidden; at 124 the
-- positional rule keeps the sheet (442 < 478).
drag { dy = 28, duration = 0.1, velocity = 124 }
settle()
expect(sheet.detent == 'partially_expanded', 'computeTarget: v 124 < 125, offset 442 < 478 -> stays')
drag { dy = 28, duration = 0.1, velocity = 125 }
settle()
expect(sheet.state == 'dismissed',
  'computeTarget: v 125 >= VelocityThreshold 125 -> next anchor down, hidden')
present()
settle()

-- Up: abs(422 - 56) = 366. 55 + 8 up puts the offset at 367 (> 366): back to partially_expanded; 56 + 8
-- at 366 (<= 366): expanded; a short flick up at -125 px/s: expanded.
drag { dy = -(55 + 8), duration = 0.5, velocity = 0 }
settle()
expect(sheet.detent == 'partially_expanded', 'computeTarget: offset 367 > 422 - 56 -> stays')
drag { dy = -(56 + 8), duration = 0.5, velocity = 0 }
settle()
expect(sheet.detent == 'expanded' and sheet.height == 844,
  'computeTarget: offset 366 <= 366 -> expanded (844)')
snap_to 'partially_expanded'
settle()
drag { dy = -20, duration = 0.1, velocity = -125 }
settle()
expect(sheet.detent == 'expanded', 'computeTarget: v -125 <= -125 -> next anchor up, expanded')

-- The threshold counts from the current anchor, not from the one passed: from expanded (offset 0) a
-- slow drag to offset 400 (above 422) settles at partially_expanded, one to offset 440 (below it) has
-- hidden as its next anchor down and 440 >= 0 + 56: it is dismissed.
drag { dy = 400 + 8, duration = 1, velocity = 0 }
settle()
expect(sheet.detent == 'partially_expanded', 'closestAnchor(400, down) = partially_expanded (422)')
snap_to 'expanded'
settle()
drag { dy = 440 + 8, duration = 1, velocity = 0 }
settle()
expect(sheet.state == 'dismissed', 'closestAnchor(440, down) = hidden; 440 >= 0 + 56 -> hidden')

-- The drag is held within the anchors (coerceIn(minAnchor, maxAnchor)): 100 pt up from expanded stays at
-- 844, and coming back 30 pt moves it at once (its offset moved by each delta, never past the anchor).
present()
settle()
snap_to 'expanded'
settle()
drag { dy = -(100 + 8), duration = 0.5, release = false }
expect(sheet.height == 844, 'newOffsetForDelta: offset coerced to minAnchor 0')
drag { dy = 30, duration = 0.25, release = false }
expect_near(sheet.height, 844 - 30, 1e-9, 'the 30 pt back down move the sheet at once: 814')
touch_up { velocity = 0 }
settle()

-- A sheet not taller than half the container has no partially expanded anchor; skip_partially_expanded
-- drops it too.
content { height = 422 }
settle()
expect(sheet.detent == 'expanded' and sheet.height == 422, 'content 422: expanded at 844 - 422 only')
dismiss()
settle()
present()
settle()
expect(sheet.detent == 'expanded', 'show(): expanded when there is no partially expanded anchor')
