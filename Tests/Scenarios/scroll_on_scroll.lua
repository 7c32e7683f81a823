-- scenario: on_scroll(sheet, gesture, scroll) overrides the routing. A behaviour whose sheet
-- moves whenever the content is at its top, even up past large, where the sheet (not the content)
-- rubber-bands over A = 797: x = 100 -> 100 x 0.55 x 797 / (55 + 797) = 51.45). nil falls back to the
-- built-in rule, and a script error (a bad answer) lets the built-in rule decide that frame.

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour {
  on_scroll = function(sheet, gesture, scroll)
    if gesture.translation > 500 then return 'sideways' end -- a script error: the built-in rule decides
    if scroll.at_top and sheet.scroll.offset == scroll.offset then return 'sheet' end
    return nil
  end,
}
content { height = 600, scroll = { content_height = 2400, top = 56 } }
present()
snap_to 'large'
settle()

-- At large with the content at its top, a pan up moves the sheet (the built-in rule would scroll).
touch_down { y = 500 }
touch_move { y = 450 }
touch_move { y = 400 }
expect_near(sheet.height, 787 + 100 * 0.55 * 797 / (100 * 0.55 + 797), 1e-9,
  'the sheet rubber-bands up 51.45')
expect(sheet.scroll.offset == 0, 'the content stays at its top')
touch_up { velocity = 0 }
settle()

-- With the content scrolled, on_scroll returns nil: the built-in rule scrolls it.
scroll_to { offset = 50 }
touch_down { y = 500 }
touch_move { y = 480 }
expect_near(sheet.scroll.offset, 70, 1e-9, 'nil: the native rule scrolls the content')
expect(sheet.height == 787, 'the sheet stays')
touch_up { velocity = 0 }
settle()

-- A bad answer is a script error (declared here) and the built-in rule decides: down 600 from 50, the
-- content takes 50 and the sheet 550 on the frames where on_scroll fails.
expect_script_error 'on_scroll'
scroll_to { offset = 50 }
touch_down { y = 200 }
touch_move { y = 800 }
expect(sheet.scroll.offset == 0, 'the native rule: the content back at its top')
expect_near(sheet.height, 787 - 550, 1e-9, 'and the sheet takes the other 550')
touch_up { velocity = 0 }
settle()
