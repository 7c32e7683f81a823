"""Browser tests of the preview's back action, accessibility actions, reduce-motion switch and the
readouts beside them (the detent index, the last dismiss attempt): each drives the page's own controls
(a click, the Escape key) and checks the frames the server sends back and the sheet's drawn edge against
the layout's detents. Run by preview_test.py after its tests."""

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from harness import luminance
from screen_test import snap_to


def detent_ids(p):
    return [d['id'] for d in p.layout()['detents']]


def test_back_and_escape_dismiss_the_modal_sheet(p, shots):
    """bottom-sheet-vc dismisses on back (the default: a modal sheet hides); the button and the Escape
    key send the same `back`, and the log shows its event."""
    for press in ('button', 'escape'):
        snap_to(p, 'normal')
        if press == 'button':
            p.click('back')
        else:
            p.driver.find_element('id', 'log').click()  # focus away from any field
            ActionChains(p.driver).send_keys(Keys.ESCAPE).perform()
        p.wait(lambda: p.js('return preview.frame.state') in ('dismissing', 'dismissed'), 'back dismisses')
        assert p.js('return preview.sent.length >= 0')
        p.wait(lambda: any('back target=dismiss' in line for line in p.js('return preview.log.slice(-40)')),
               'the log shows the back event')
        p.still()
        p.js('preview.log.length = 0')


def test_the_accessibility_buttons_are_the_offered_actions_and_move_one_detent(p, shots):
    """At the lowest detent the page offers expand (to the next detent up) and dismiss, as Material 3's
    drag handle does; clicking expand goes one detent up, where collapse is offered and goes back."""
    ids = detent_ids(p)
    frame = snap_to(p, ids[0])
    assert frame['actions'] == ['expand', 'dismiss'], frame['actions']
    p.wait(lambda: p.js("return [...document.querySelectorAll('#a11y-actions button')].map(b => b.textContent)")
           == ['expand', 'dismiss'], 'a button per action')
    assert p.js("return document.getElementById('detent-index').textContent").startswith('0.00'), 'index 0 at the lowest'
    p.driver.find_element('css selector', '#a11y-actions button[data-action="expand"]').click()
    p.wait(lambda: p.js('return preview.frame.detent') == ids[1] and p.js('return preview.frame.state') == 'resting',
           'expand goes to %s' % ids[1])
    frame = p.still()
    assert 'collapse' in frame['actions'], frame['actions']
    assert abs(frame['di'] - 1) < 1e-9, frame['di']
    p.wait(lambda: p.js("return document.getElementById('detent-index').textContent").startswith('1.00'),
           'the readout shows index 1')
    p.wait(lambda: p.js("return !!document.querySelector('#a11y-actions button[data-action=\"collapse\"]')"),
           'a collapse button')
    p.driver.find_element('css selector', '#a11y-actions button[data-action="collapse"]').click()
    p.wait(lambda: p.js('return preview.frame.detent') == ids[0] and p.js('return preview.frame.state') == 'resting',
           'collapse goes back to %s' % ids[0])


def test_reduce_motion_cross_fades_in_place(p, shots):
    """With the switch on, a snap is a cross-fade: every frame of it has the sheet at the target's height
    (the fade's `from` is where it was) and a progress in [0, 1]; the page draws the sheet at the target
    from the first such frame. Off again, the frames carry no fade."""
    ids = detent_ids(p)
    heights = {d['id']: d['height'] for d in p.layout()['detents']}
    snap_to(p, ids[0])
    p.click('reduce-motion')
    p.wait(lambda: p.js('return preview.frame.reduce') is True, 'reduce motion is on')
    p.js("preview.fades = []; const keep = preview.fades; const old = window.SheetPreview.showReadouts;"
         "window.SheetPreview.showReadouts = function (f) { if (f.fade) keep.push({h: f.h, fade: f.fade}); old(f); };")
    p.driver.find_element('css selector', '#a11y-actions button[data-action="expand"]').click()
    p.wait(lambda: p.js('return preview.frame.detent') == ids[1] and p.js('return preview.frame.state') == 'resting',
           'the cross-fade ends at %s' % ids[1])
    fades = p.js('return preview.fades')
    assert fades, 'no frame carried a cross-fade'
    for f in fades:
        assert abs(f['h'] - heights[ids[1]]) < 1e-9, f
        assert abs(f['fade']['from'] - heights[ids[0]]) < 1e-9, f
        assert 0 <= f['fade']['progress'] <= 1, f
    p.click('reduce-motion')
    p.wait(lambda: p.js('return preview.frame.reduce') is False, 'reduce motion is off')
    assert p.js('return preview.frame.fade') is None
    # the sheet drawn at its detent: white just below its edge, the dimmed screen just above
    rows, rect, scale = p.screenshot()
    column = int(rect['x'] + rect['w'] * 0.22)
    edge = rect['y'] + (p.layout()['height'] - heights[ids[1]]) * scale
    assert luminance(rows[int(edge) + 6][column]) > 245 and luminance(rows[int(edge) - 8][column]) < 230


def test_the_view_behind_is_drawn_as_the_frames_describe_it(p, shots):
    """A behaviour that describes the view behind (scale 0.9 about the top centre, moved down 40 pt): the
    page's left margin, 19.5 pt wide (195 - 0.9 * 195), shows the dark screen behind it; without it, the
    same pixel is the page's light list background."""
    with open(p.behaviour) as f:
        good = f.read()
    described = good.replace('allow_dismiss = true,',
                             'allow_dismiss = true,\n  behind = function() return { scale = 0.9, offset = 40 } end,', 1)
    assert described != good, 'the behaviour file has no allow_dismiss = true line'

    def pixel():
        snap_to(p, 'normal')
        rows, rect, scale = p.screenshot()
        return luminance(rows[int(rect['y'] + 100 * scale)][int(rect['x'] + 5 * scale)])
    try:
        p.rewrite(described)
        p.wait(lambda: p.js('return preview.frame.behind') is not None, 'the new behaviour runs')
        snap_to(p, 'expanded')  # a still sheet is not stepped: the view behind is asked once it moves
        p.wait(lambda: (p.js('return preview.frame.behind') or {}).get('scale') == 0.9, 'the frames carry it')
        frame = p.js('return preview.frame')
        assert abs(frame['behind']['scale'] - 0.9) < 1e-9 and abs(frame['behind']['offset'] - 40) < 1e-9, frame
        dark = pixel()
    finally:
        p.rewrite(good)
    p.wait(lambda: p.js('return preview.frame.behind') is None, 'the original behaviour is back')
    light = pixel()
    assert dark < 40 and light > 2 * dark + 40, 'margin luminance %s with the view behind, %s without' % (dark, light)


TESTS = [
    test_back_and_escape_dismiss_the_modal_sheet,
    test_the_accessibility_buttons_are_the_offered_actions_and_move_one_detent,
    test_reduce_motion_cross_fades_in_place,
    test_the_view_behind_is_drawn_as_the_frames_describe_it,
]
