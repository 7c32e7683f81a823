-- scenario: on_keyboard decides where the keyboard puts the sheet: a detent id, { height = h } (brought into
-- [keyboard, cap]) or nil (the keyboard mode, here interactive). A bad answer is a script error and the
-- mode decides that once.

expect_script_error 'on_keyboard'
behaviour {
  detents = { { id = 'small', height = 200 }, { id = 'large', height = 600 } },
  on_keyboard = function(_, keyboard)
    if not keyboard.visible then return nil end
    if keyboard.target_height == 280 then return 'nowhere' end
    if keyboard.target_height > 300 then return 'large' end
    return { height = 100 }
  end,
}
present()
settle()
expect(sheet.detent == 'small', 'presented at small')

keyboard { height = 336 }
settle()
expect(sheet.detent == 'large', 'on_keyboard chose large')
expect_near(sheet.height, 797, 1e-9, 'large over the keyboard: min(600 + 336, 797)')

keyboard { height = 250 }
settle()
expect_near(sheet.height, 250, 1e-9, '{ height = 100 } is brought up to the keyboard: 250')

-- an inactive detent is refused: the mode (interactive) keeps the sheet where it is, over 280
keyboard { height = 280 }
settle()
expect_near(sheet.height, 280, 1e-9, 'refused: interactive keeps the explicit height on the keyboard')

keyboard { height = 0 }
settle()
expect(sheet.detent == 'small', 'hidden: back to small, where it was when the keyboard appeared')
expect_near(sheet.height, 200, 1e-9, 'small 200')
