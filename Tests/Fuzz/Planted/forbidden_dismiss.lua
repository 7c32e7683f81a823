-- forbidden_dismiss.lua: a behaviour with a bug planted for `sheet fuzz` to find (FuzzPlantedTests): it
-- does not allow dismissal, but its release rule forgets that for a flick down faster than 3000 pt/s
-- from the lowest detent. Property: no-dismiss.

return {
  allow_dismiss = false,
  detents = {
    { id = 'small', height = 250 },
    { id = 'large', inset = 60 },
  },
  on_release = function(sheet, gesture)
    local lowest = sheet.detents[sheet.order[1]]
    if gesture.velocity > 3000 and sheet.height < lowest then
      return 'dismiss', 'the planted bug: a fast flick down dismisses'
    end
    local projected = sheet.height - gesture.velocity * 0.15
    local highest = sheet.detents[sheet.order[#sheet.order]]
    if projected > (lowest + highest) / 2 then
      return sheet.order[#sheet.order], 'projected above the middle'
    end
    return sheet.order[1], 'projected below the middle'
  end,
}
