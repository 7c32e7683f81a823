-- backdrop_above_one.lua: a behaviour with a bug planted for `sheet fuzz` to find (FuzzPlantedTests):
-- its backdrop is the height over the largest detent's, which passes 1 once the sheet is dragged above
-- that detent (the core refuses the value as a script error of `backdrop`). Property: no-error.

return {
  detents = {
    { id = 'medium', fraction = 0.5 },
    { id = 'large', inset = 20 },
  },
  backdrop = function(sheet)
    return sheet.height / sheet.detents[sheet.order[#sheet.order]]
  end,
}
