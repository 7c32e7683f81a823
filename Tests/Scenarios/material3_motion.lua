-- scenario: `material3` preset: the standard motion scheme's springs, the scrim's fade, the drag handle.
-- Sources: androidx compose/material3 tokens/StandardMotionTokens.kt (DefaultSpatial damping 0.9,
-- stiffness 700; FastEffects 1, 3800; DefaultEffects 1, 1600), ModalBottomSheet.kt (show and settle with
-- DefaultSpatial, hide with FastEffects, the Scrim's alpha with DefaultEffects; the drag handle's click),
-- SheetDefaults.kt (partialExpand with the hide motion; DragHandle: 4 dp tall, 22 dp padding, 32 dp
-- wide). A Compose spring has mass 1: omega = sqrt(stiffness). The closed forms below are written here.

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour 'material3'

-- The underdamped spring from rest: x(t) = e^(-z w t) (x0 cos(wd t) + z w x0 / wd sin(wd t)).
local function underdamped(x0, z, k, t)
  local w = math.sqrt(k)
  local wd = w * math.sqrt(1 - z * z)
  return math.exp(-z * w * t) * (x0 * math.cos(wd * t) + z * w * x0 / wd * math.sin(wd * t))
end

-- The critically damped spring from rest: x(t) = x0 (1 + w t) e^(-w t).
local function critical(x0, k, t)
  local w = math.sqrt(k)
  return x0 * (1 + w * t) * math.exp(-w * t)
end

-- show(): DefaultSpatial from 0 to 422; the scrim fades in on DefaultEffects from 0 to 0.32.
present()
wait(6 / 120)
expect_near(sheet.height, 422 + underdamped(-422, 0.9, 700, 0.05), 1e-6,
  'show(): damping 0.9, stiffness 700, 0.05 s in: 422 + x(0.05)')
expect_near(sheet.backdrop, 0.32 - critical(0.32, 1600, 0.05), 1e-6,
  'Scrim: 0.32 (1 - 3 e^-2) = 0.19008 at 0.05 s (damping 1, stiffness 1600)')

-- startDragImmediately while the animation runs: a 5 pt move takes the sheet 5 pt at once, no slop.
local h0 = sheet.height
touch_down { y = 844 - h0 + 10 }
local h1 = sheet.height
touch_move { y = 844 - h0 + 15 }
expect_near(sheet.height, h1 - 5, 1e-9, 'a drag that catches the animation moves at once (no touch slop)')
touch_up { velocity = 0 }
settle()
-- current is still hidden (offset 844): the release at offset 679 <= 844 - 56 goes to the anchor above.
expect(sheet.detent == 'partially_expanded',
  'computeTarget from hidden: offset 679 <= 788 -> partially_expanded')

-- expand() with the show motion; partialExpand() with the hide motion.
snap_to 'expanded'
wait(12 / 120)
expect_near(sheet.height, 844 + underdamped(422 - 844, 0.9, 700, 0.1), 1e-6,
  'expand(): DefaultSpatial 0.1 s in')
settle()
snap_to 'partially_expanded'
wait(3 / 120)
expect_near(sheet.height, 422 + critical(844 - 422, 3800, 0.025), 1e-6,
  'partialExpand(): FastEffects (damping 1, stiffness 3800) 0.025 s in')
settle()

-- hide(): FastEffects from 422 to 0, the scrim to 0 on DefaultEffects.
dismiss()
wait(6 / 120)
expect_near(sheet.height, critical(422, 3800, 0.05), 1e-6,
  'hide(): 422 (1 + w t) e^(-w t), w = sqrt(3800), at 0.05 s = 79.00')
expect_near(sheet.backdrop, critical(0.32, 1600, 0.05), 1e-6, 'Scrim: 0.32 * 3 e^-2 = 0.1299 at 0.05 s')
settle()
expect(sheet.state == 'dismissed' and sheet.backdrop == 0, 'hidden, the scrim at 0')

-- The drag handle: 32 wide, 48 tall, at the top of the content. Partially expanded (top at y 422): a
-- tap at y 446 expands; expanded (top at 0, the 47 pt status bar inset not consumed): at y 70 it hides.
-- A tap beside it (x 215) or above it (y 30) does nothing; a tap on the scrim hides.
present()
settle()
tap { x = 195, y = 446 }
settle()
expect(sheet.detent == 'expanded', 'the handle at partially_expanded: expand()')
tap { x = 215, y = 70 }
tap { x = 195, y = 30 }
settle()
expect(sheet.state == 'resting' and sheet.detent == 'expanded', 'beside or above the handle: nothing')
tap { x = 195, y = 70 }
settle()
expect(sheet.state == 'dismissed', 'the handle at expanded: animateToDismiss()')
present()
settle()
tap_backdrop()
settle()
expect(sheet.state == 'dismissed', 'Scrim: a tap hides the sheet')
