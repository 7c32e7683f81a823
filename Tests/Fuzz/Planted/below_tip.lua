-- below_tip.lua: a behaviour with a bug its author's own property (below_tip.props.lua) catches, for
-- `sheet fuzz` to find (FuzzPlantedTests): a short content adds a `mini` detent under the 120 pt tip.

return {
  detents = {
    {
      id = 'mini',
      height = function(ctx)
        if ctx.content ~= nil and ctx.content < 300 then
          return 90
        end
        return nil
      end,
    },
    { id = 'tip', height = 120 },
    { id = 'half', fraction = 0.5 },
    { id = 'full', inset = 40 },
  },
}
