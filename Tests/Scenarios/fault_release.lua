-- scenario: a script error the scenario expects. on_release returns a misspelt detent id ('hihg');
-- the host reports it as a script_error (file:line, callback), the default policy decides instead and
-- the sheet comes to rest. `expect_script_error 'on_release'` declares it: without it the script error
-- would fail the scenario, and with it a run where on_release never failed would fail instead.

screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }
behaviour {
  detents = { { id = 'low', height = 300 }, { id = 'high', height = 600 } },
  on_release = function(_, gesture)
    if gesture.translation < 0 then
      return 'hihg', 'misspelt on purpose'
    end
    return 'low', 'down -> low'
  end,
}
expect_script_error 'on_release'

present()
settle()
expect(sheet.detent == 'low', 'presented at low')

-- Up 100 pt: on_release answers 'hihg', which is no detent; the default projects 400 + 0.499 * 400
-- = 599.6 -> high, and the sheet settles there.
drag { dy = -100, duration = 0.25 }
settle()
expect(sheet.state == 'resting' and sheet.detent == 'high', 'the default decided: high')

-- Down again: on_release's own answer ('low') is used.
drag { dy = 100, duration = 0.25 }
settle()
expect(sheet.detent == 'low', "on_release's own answer: low")
