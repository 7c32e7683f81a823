-- stuck.lua: a behaviour with a bug planted for `sheet fuzz` to find (FuzzPlantedTests): after its third
-- animated move it stops choosing detents, and a release leaves the sheet where the finger let go,
-- between detents ("stuck after cycling snaps"). Property: rests.

local settled_moves = 0

-- The detent nearest a height, lowest first on a tie.
local function nearest(sheet, height)
  local best, distance = nil, math.huge
  for _, id in ipairs(sheet.order) do
    local d = math.abs(sheet.detents[id] - height)
    if d < distance then
      best, distance = id, d
    end
  end
  return best
end

return {
  detents = {
    { id = 'peek', height = 200 },
    { id = 'half', fraction = 0.5 },
    { id = 'full', inset = 40 },
  },
  on_state = function(_, _, to)
    if to == 'settling' then
      settled_moves = settled_moves + 1
    end
  end,
  on_release = function(sheet, gesture)
    if settled_moves >= 3 then
      return { height = sheet.height }, 'the planted bug: stuck where the finger let go'
    end
    local projected = sheet.height - gesture.velocity * 0.2
    if projected < 100 then
      return 'dismiss', 'projected below 100'
    end
    return nearest(sheet, projected), 'nearest to the projected height'
  end,
}
