-- scenario: a rotation with the keyboard up. The detents are placed on the new screen with the keyboard as
-- last reported; the host then reports the new screen's keyboard. Landscape 844 x 390, safe top 0: A = 390,
-- medium 195. With the portrait 336 pt keyboard: min(195 + 336, max(390, 336)) = 390; with a 162 pt
-- landscape keyboard: 195 + 162 = 357.

behaviour 'system'
present()
settle()
keyboard { height = 336 }
settle()
expect_near(sheet.height, 734.5, 1e-9, 'medium over the keyboard')

resize { width = 844, height = 390, safe_top = 0, safe_bottom = 21 }
settle()
expect(sheet.detent == 'medium', 'still medium')
expect_near(sheet.height, 390, 1e-9, 'capped at the landscape available height')
keyboard { height = 162 }
settle()
expect_near(sheet.height, 357, 1e-9, 'medium over the landscape keyboard: 195 + 162')

-- back to portrait with the landscape keyboard, then the portrait one: 398.5 + 162, then 398.5 + 336
resize { width = 390, height = 844, safe_top = 47, safe_bottom = 34 }
settle()
expect_near(sheet.height, 560.5, 1e-9, 'portrait medium over 162: 560.5')
keyboard { height = 336 }
settle()
expect_near(sheet.height, 734.5, 1e-9, 'portrait medium over 336: 734.5')
keyboard { height = 0 }
settle()
expect_near(sheet.height, 398.5, 1e-9, 'medium 398.5 after the keyboard hides')
