-- The properties of below_tip.lua, checked by `sheet fuzz` after every step.
property('never below tip', function(sheet)
  return sheet.height >= 120 or sheet.state ~= 'resting'
end)
