-- non_monotone.lua: a behaviour with a bug planted for `sheet fuzz` to find (FuzzPlantedTests): a flick
-- up faster than 2500 pt/s goes one detent up, but a slower one between 400 and 2500 pt/s jumps to
-- the top, so a faster flick ends lower than a slower one from the same place. Property: monotone.

-- The place of the detent the drag started from (the lowest when it started from none).
local function start_index(sheet)
  for k, id in ipairs(sheet.order) do
    if id == sheet.detent then
      return k
    end
  end
  return 1
end

return {
  detents = {
    { id = 'low', height = 150 },
    { id = 'mid', fraction = 0.45 },
    { id = 'high', fraction = 0.7 },
    { id = 'top', inset = 30 },
  },
  on_release = function(sheet, gesture)
    local order = sheet.order
    local i = start_index(sheet)
    local up = -gesture.velocity
    if up > 2500 then
      return order[math.min(i + 1, #order)], 'fast up: the next detent'
    elseif up > 400 then
      return order[#order], 'the planted bug: a slower flick up goes to the top'
    elseif up < -400 then
      return order[math.max(i - 1, 1)], 'down: the next detent down'
    end
    return order[i], 'slow: back'
  end,
}
