-- back_unknown.lua: a behaviour with a bug planted for `sheet fuzz` to find (FuzzPlantedTests): its
-- back rule names a detent it does not have when the sheet rests at its largest detent. Property:
-- no-error (the core refuses the answer as a script error naming on_back).

return {
  detents = {
    { id = 'small', height = 250 },
    { id = 'large', inset = 60 },
  },
  on_back = function(sheet)
    if sheet.detent == 'large' and sheet.state == 'resting' then return 'huge' end
    return nil
  end,
}
