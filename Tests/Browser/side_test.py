"""Browser tests of a side sheet in `sheet preview`: Tests/Scenarios/side_sheet.lua's screen (844 x 390)
and edge (`edge 'trailing'`) under the `system` preset, in a preview of its own. The sheet is drawn at
the screen's right edge, as wide as its height (medium: 0.5 x 844 = 422 pt), and a drag left along x
opens it. Run by preview_test.py after its tests."""

import os

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from harness import ROOT, Preview, luminance


def test_a_side_sheet_is_drawn_at_the_right_edge_and_a_drag_left_opens_it(p, shots):
    """Scanning a row of a screenshot from the left: the dimmed screen, then the sheet's white where the
    detent puts its leading edge, x = (844 - 422) pt; a pointer drag left past the middle between medium
    and large opens it to large. The drag goes that far so that the release's speed, which depends on how
    fast a loaded machine delivers the moves, cannot change the decision: at any speed left, or at rest,
    large is where it lands."""
    side = Preview(p.sheet, p.folder, 'system', os.path.join(ROOT, 'Tests', 'Scenarios', 'side_sheet.lua'))
    try:
        frame = side.resting()
        layout = side.layout()
        assert layout['edge'] == 'trailing' and layout['width'] == 844 and layout['height'] == 390, layout
        medium = next(d['height'] for d in layout['detents'] if d['id'] == 'medium')
        large = next(d['height'] for d in layout['detents'] if d['id'] == 'large')
        assert abs(medium - 422) < 1e-9 and frame['detent'] == 'medium' and abs(frame['h'] - 422) < 0.01, frame
        rows, rect, scale = side.screenshot()
        row = int(rect['y'] + 0.22 * layout['height'] * scale)  # above the grabber (the edge's middle)
        expected = rect['x'] + (layout['width'] - medium) * scale
        edge = None
        for x in range(int(rect['x']) + 2, int(rect['x'] + rect['w']) - 8):
            if all(luminance(rows[row][x + k]) > 245 for k in range(6)):
                edge = x
                break
        assert edge is not None, 'no sheet found in the screenshot'
        assert abs(edge - expected) <= 2.5, 'sheet edge at %s px, the detent puts it at %.1f px' % (edge, expected)
        assert luminance(rows[row][int(expected) - 8]) < 200, 'the screen left of the sheet is not dimmed'
        # a drag left from 10 pt inside the leading edge, three quarters of the way to large, in 8 moves
        reach = 0.75 * (large - medium)
        assert reach > 100 and layout['width'] - medium + 10 - reach > 0, (medium, large)
        canvas = side.driver.find_element(By.ID, 'phone')
        before = len(side.js('return preview.decisions'))
        x0 = (layout['width'] - medium + 10) * scale
        y0 = 0.22 * layout['height'] * scale
        actions = ActionChains(side.driver, duration=12)
        actions.move_to_element_with_offset(canvas, x0 - canvas.rect['width'] / 2, y0 - canvas.rect['height'] / 2)
        actions.click_and_hold()
        for _ in range(8):
            actions.move_by_offset(-reach * scale / 8, 0)
        actions.release()
        actions.perform()
        side.wait(lambda: len(side.js('return preview.decisions')) > before, 'the release decides')
        after = side.resting()
        assert after['detent'] == 'large' and abs(after['h'] - large) < 0.01, 'a drag left opened the side sheet: %s' % after
        assert not side.console_errors(), side.console_errors()
    finally:
        side.close()


TESTS = [test_a_side_sheet_is_drawn_at_the_right_edge_and_a_drag_left_opens_it]
