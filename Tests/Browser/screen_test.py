"""Browser tests of what `sheet preview` shows on and beside its phone: the list's rows inside the sheet
and their hand-off, the keyboard, the devices and their rotation beside the side panel, the release
velocity, the thresholds' number fields and their write-back into the behaviour file. Each checks a
screenshot's pixels or a number against its own calculation; run by preview_test.py after its tests."""

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from harness import luminance

ROW = 44  # a row of the preview's list, points


def is_row(pixel):
    """A pixel of a row's bar: the list's light blue-grey (#e4e9f2 or #eef1f6), not the sheet's white."""
    r, g, b = pixel
    return luminance(pixel) < 243 and b > r + 5 and luminance(pixel) > 200


def row_starts(rows, column, y_from, y_to):
    """The screen rows (px) where a row's bar begins below the white gap between bars."""
    return [y for y in range(int(y_from) + 1, int(y_to))
            if is_row(rows[y][column]) and luminance(rows[y - 1][column]) >= 243]


def snap_to(p, detent):
    """The sheet presented and at rest at `detent`."""
    if p.js('return preview.frame.state') in ('hidden', 'dismissed'):
        p.click('present')
        p.wait(lambda: p.js('return preview.frame.state') not in ('hidden', 'dismissed'), 'the sheet presents')
    p.still()
    if p.js('return preview.frame.detent') != detent:
        Select(p.driver.find_element(By.ID, 'snap-detent')).select_by_value(detent)
        p.click('snap')
        p.wait(lambda: p.js('return preview.frame.detent') == detent, 'the sheet snaps to %s' % detent)
    return p.still()


def test_the_sheet_shows_its_list_rows_inside_it(p, shots):
    """On a screenshot, bars of the list's colour start 2 pt below the list's top (32 pt inside the sheet's
    edge) and every 44 pt after, down the sheet, and none above it."""
    f = snap_to(p, 'normal')
    layout = p.layout()
    s = f['scroll']
    assert s and s['offset'] == 0 and s['top'] == 32, s
    rows, rect, k = p.screenshot()
    frame_top = layout['height'] - f['h'] + s['top']
    column = int(rect['x'] + 170 * k)  # inside the bars, right of their labels
    starts = row_starts(rows, column, rect['y'] + (frame_top - 40) * k, rect['y'] + rect['h'] - 2)
    assert len(starts) >= 8, 'rows found at %s' % starts
    assert abs(starts[0] - (rect['y'] + (frame_top + 2) * k)) <= 1.5, (starts[0], rect['y'] + (frame_top + 2) * k)
    gaps = [b - a for a, b in zip(starts, starts[1:])]
    assert all(abs(g - ROW * k) <= 1.5 for g in gaps), gaps
    above = [y for y in range(int(rect['y']) + 2, int(rect['y'] + (layout['height'] - f['h']) * k) - 2)
             if is_row(rows[y][column])]
    assert not above, 'row colour above the sheet at %s' % above[:5]
    shots['list'] = p.driver.get_screenshot_as_png()


def test_a_drag_on_the_list_hands_off_to_it_as_it_happens(p, shots):
    """A drag up from the list at normal grows the sheet to expanded, then the list scrolls: one hand-off
    to the list, near expanded, shown as it happens; at rest, the rows on a screenshot sit where the
    frame's offset puts them."""
    f = snap_to(p, 'normal')
    layout = p.layout()
    largest = max(d['height'] for d in layout['detents'])
    before = len(p.js('return preview.handoffs'))
    top = layout['height'] - f['h']
    p.drag(top + f['scroll']['top'] + 100, -(largest - f['h']) - 120, steps=12, step_ms=16)
    handoffs = p.js('return preview.handoffs')[before:]
    assert handoffs and handoffs[0]['to'] == 'scroll', handoffs
    # the sheet takes the travel up to expanded (bottom-sheet-vc keeps the last height the seed's pan
    # rule gave below min_top, within one move of it)
    assert largest - 60 <= handoffs[0]['height'] <= largest, (handoffs[0], largest)
    assert 'to scroll at height' in p.driver.find_element(By.ID, 'handoff').text
    f = p.still()
    s = f['scroll']
    assert f['h'] == largest and s['offset'] > 0, (f['h'], s)
    rows, rect, k = p.screenshot()
    frame_top = layout['height'] - f['h'] + s['top']
    column = int(rect['x'] + 170 * k)
    starts = row_starts(rows, column, rect['y'] + (frame_top + 2) * k, rect['y'] + (frame_top + 160) * k)
    # the first bar that starts in the frame: at frame_top - offset + 44 i + 2
    first = frame_top - s['offset'] + 2
    while first < frame_top + 2:
        first += ROW
    expected = rect['y'] + first * k
    assert starts and abs(starts[0] - expected) <= 1.5, 'rows at %s, the offset %.2f puts one at %.1f' % (
        starts[:3], s['offset'], expected)
    shots['handoff'] = p.driver.get_screenshot_as_png()
    p.click('list-top')
    p.wait(lambda: p.js('return preview.frame.scroll.offset') == 0, 'the list back at its top')
    snap_to(p, 'normal')


def test_the_keyboard_control_draws_the_keyboard(p, shots):
    """Show: the keyboard's grey rises to 300 pt with white keys on it; hide: it is gone."""
    snap_to(p, 'normal')
    for field, value in (('keyboard-height', '300'), ('keyboard-duration', '0.25')):
        box = p.driver.find_element(By.ID, field)
        box.clear()
        box.send_keys(value)
    p.click('keyboard-show')
    p.wait(lambda: p.js('return preview.frame.k') == 300, 'the keyboard at 300 pt')
    p.still()
    layout = p.layout()
    rows, rect, k = p.screenshot()
    y = int(rect['y'] + (layout['height'] - 300 + 4) * k)        # above the first row of keys
    key_y = int(rect['y'] + (layout['height'] - 300 + 8 + 21) * k)  # the middle of the first row
    grey = lambda px: all(abs(a - b) <= 3 for a, b in zip(px, (207, 211, 218)))  # #cfd3da
    for fraction in (0.1, 0.5, 0.9):
        pixel = rows[y][int(rect['x'] + rect['w'] * fraction)]
        assert grey(pixel), 'not the keyboard at %.1f of the width: %s' % (fraction, pixel)
    assert min(rows[key_y][int(rect['x'] + 20 * k)]) > 245, 'no key at the first row'
    assert grey(rows[key_y][int(rect['x'] + 39 * k)]), 'no gap between the first two keys'
    above = rows[int(rect['y'] + (layout['height'] - 300 - 8) * k)][int(rect['x'] + rect['w'] * 0.5)]
    assert not grey(above), 'keyboard grey above the keyboard: %s' % (above,)
    assert p.driver.find_element(By.ID, 'keyboard-now').text == '300.0 pt'
    shots['keyboard'] = p.driver.get_screenshot_as_png()
    p.click('keyboard-hide')
    p.wait(lambda: p.js('return preview.frame.k') == 0, 'the keyboard hidden')
    p.still()
    rows, rect, k = p.screenshot()
    assert not grey(rows[y][int(rect['x'] + rect['w'] * 0.5)]), 'the keyboard is still drawn'


def check_beside(p, expected, what):
    """The layout's screen is `expected` (width, height, insets top, bottom, left, right), and on a
    screenshot the phone and the side panel do not overlap: the panel's box starts right of the phone's
    (or below it), and the phone's dark frame ends where its box does."""
    p.wait(lambda: tuple(p.layout()[k] for k in ('width', 'height', 'safeTop', 'safeBottom', 'safeLeft',
                                                  'safeRight')) == expected, '%s: the screen %s' % (what, expected))
    p.still()
    rows, rect, k = p.screenshot()
    wrap, side = p.rect('phone-wrap'), p.rect('side')
    beside = wrap['x'] + wrap['w'] <= side['x']
    below = wrap['y'] + wrap['h'] <= side['y']
    assert beside or below, '%s: the panel %s overlaps the phone %s' % (what, side, wrap)
    y = int(wrap['y'] + min(wrap['h'], 600) / 4)  # above the content handle (at the middle)
    edge = int(wrap['x'] + wrap['w']) - 3
    assert luminance(rows[y][edge]) < 60, '%s: no phone frame at its right edge: %s' % (what, rows[y][edge])
    if beside:
        gap = rows[y][int(wrap['x'] + wrap['w']) + 3]
        assert luminance(gap) > 200, '%s: the phone reaches past its box: %s' % (what, gap)
    if expected[4] >= 44:  # the notch, on the left in landscape, over the backdrop
        notch = rows[int(rect['y'] + expected[1] / 2 * k)][int(rect['x'] + 29 * k)]
        assert luminance(notch) < 40, '%s: no notch in the left inset: %s' % (what, notch)
    return rows


def test_rotation_moves_the_insets_and_never_covers_the_panel(p, shots):
    """Rotate and choose devices: each screen's size and insets are the device's (a rotation swaps the
    size; on an iPhone the notch's inset moves to the sides and the bottom shrinks to the home
    indicator's), and the phone never lies under the side panel."""
    device = Select(p.driver.find_element(By.ID, 'device'))
    assert p.layout()['device'] == 'screen'
    p.click('rotate')
    check_beside(p, (844, 390, 0, 34, 47, 47), 'the reference screen turned')
    shots['landscape'] = p.driver.get_screenshot_as_png()
    device.select_by_value('iphone-15')
    check_beside(p, (852, 393, 0, 21, 59, 59), 'iPhone 15 in landscape')
    device.select_by_value('ipad')
    check_beside(p, (1180, 820, 24, 20, 0, 0), 'iPad in landscape')
    p.click('rotate')
    check_beside(p, (820, 1180, 24, 20, 0, 0), 'iPad in portrait')
    device.select_by_value('iphone-se')
    check_beside(p, (375, 667, 20, 0, 0, 0), 'iPhone SE')
    device.select_by_value('iphone-15-pro-max')
    check_beside(p, (430, 932, 59, 34, 0, 0), 'iPhone 15 Pro Max')
    device.select_by_value('screen')
    check_beside(p, (390, 844, 47, 34, 0, 0), 'the reference screen')
    snap_to(p, 'normal')


def test_the_release_velocity_shows_live_and_after_the_release(p, shots):
    """While the finger is down the readout shows the frame's estimate (up, while the finger moves up);
    after the release it shows the release's velocity, the number the event log's `release` line holds."""
    f = snap_to(p, 'normal')
    layout = p.layout()
    canvas = p.driver.find_element(By.ID, 'phone')
    k = p.scale()
    y = (layout['height'] - f['h'] + 12) * k
    actions = ActionChains(p.driver, duration=12)
    actions.move_to_element_with_offset(canvas, 0, y - canvas.rect['height'] / 2)
    actions.click_and_hold()
    for _ in range(6):
        actions.move_by_offset(0, -12)
    actions.perform()
    p.wait(lambda: p.js('return preview.frame.finger && preview.frame.pv !== null'), 'a live estimate')
    pv, text = p.js("return [preview.frame.pv, document.getElementById('velocity-live').textContent]")
    assert text == shown(p, pv) + ' pt/s' + way(pv), (pv, text)
    moving = [h['pv'] for h in p.js('return preview.history') if h['pv'] is not None]
    assert moving and min(moving) < -50, 'no upward estimate while the finger moved up: %s' % moving[-10:]
    before = len(p.js('return preview.releases'))
    ActionChains(p.driver).release().perform()
    p.wait(lambda: len(p.js('return preview.releases')) > before, 'the release')
    release = p.js('return preview.releases[preview.releases.length - 1]')
    logged = [line for line in p.js('return preview.log') if ' release finger_velocity=' in line][-1]
    field = float(logged.split('finger_velocity=')[1].split()[0])
    assert abs(field - release) <= 1e-3 * max(1, abs(release)), (logged, release)
    text = p.driver.find_element(By.ID, 'velocity-last').text
    assert text == shown(p, release) + ' pt/s' + way(release), (text, release)
    p.wait(lambda: p.driver.find_element(By.ID, 'velocity-live').text == '—', 'no live estimate without a finger')
    snap_to(p, 'normal')


def shown(p, velocity):
    """A velocity as the readouts show it: one decimal, below 0.05 in size as 0."""
    return p.js('const v = arguments[0]; return (Math.abs(v) < 0.05 ? 0 : v).toFixed(1)', velocity)


def way(velocity):
    return ' ↑' if velocity < 0 else ' ↓' if velocity > 0 else ''


def test_a_threshold_field_applies_on_enter_or_blur_and_goes_back_when_refused(p, shots):
    """Typing applies nothing; Enter applies; an empty field goes back with a message; a value the
    behaviour refuses (a negative duration: its curves refuse it) goes back with the refusal shown."""
    value = lambda name: next(t['value'] for t in p.layout()['thresholds'] if t['name'] == name)
    start = value('dismiss_velocity')
    field = p.driver.find_element(By.ID, 'threshold-dismiss_velocity')
    field.click()
    field.send_keys(Keys.CONTROL, 'a')
    field.send_keys('25')
    p.frames_pass(20)
    assert value('dismiss_velocity') == start, 'applied while typing'
    field.send_keys(Keys.ENTER)
    p.wait(lambda: value('dismiss_velocity') == 25, 'Enter applies 25')
    field.send_keys(Keys.CONTROL, 'a')
    field.send_keys(Keys.BACKSPACE)
    p.driver.find_element(By.ID, 'log').click()  # the field loses focus
    message = p.driver.find_element(By.ID, 'threshold-message')
    p.wait(lambda: 'is not a number' in message.text, 'the empty field is refused')
    assert field.get_attribute('value') == '25' and value('dismiss_velocity') == 25
    duration = p.driver.find_element(By.ID, 'threshold-duration')
    duration.click()
    duration.send_keys(Keys.CONTROL, 'a')
    duration.send_keys('-1' + Keys.ENTER)
    p.wait(lambda: 'duration' in message.text and 'error' in message.get_attribute('class'), 'the refusal shows')
    assert duration.get_attribute('value') == '0.25' and value('duration') == 0.25, duration.get_attribute('value')
    p.click('reset-thresholds')
    p.wait(lambda: value('dismiss_velocity') == start, 'reset')


def test_write_back_changes_only_the_tuned_numbers(p, shots):
    """Write: the file is the same text with the tuned number changed; a file changed on disk since it
    was loaded (a broken save the preview could not load) is refused and left as it is."""
    with open(p.behaviour) as f:
        original = f.read()
    line = original[:original.index('dismiss_velocity = 1500')].count('\n') + 1
    message = p.driver.find_element(By.ID, 'threshold-message')
    try:
        p.set_threshold('dismiss_velocity', 1700)
        p.click('write-thresholds')
        p.wait(lambda: message.text.startswith('wrote'), 'the write')
        assert message.text == 'wrote dismiss_velocity = 1700 (line %d) to %s' % (line, p.behaviour), message.text
        with open(p.behaviour) as f:
            assert f.read() == original.replace('dismiss_velocity = 1500', 'dismiss_velocity = 1700', 1)
        written = original.replace('dismiss_velocity = 1500', 'dismiss_velocity = 1700', 1)
        broken = written.replace('min_top = 40', 'min_top = = 40', 1)
        p.rewrite(broken)
        p.wait(lambda: p.driver.find_element(By.ID, 'reload-error').is_displayed(), 'the broken save is seen')
        p.click('write-thresholds')
        p.wait(lambda: 'changed on disk since it was loaded' in message.text, 'the stale file is refused')
        with open(p.behaviour) as f:
            assert f.read() == broken
        shots['write'] = p.driver.get_screenshot_as_png()
    finally:
        p.rewrite(original)
    p.wait(lambda: not p.driver.find_element(By.ID, 'reload-error').is_displayed(), 'the original loads again')
    p.click('reset-thresholds')
    p.wait(lambda: next(t['value'] for t in p.layout()['thresholds'] if t['name'] == 'dismiss_velocity') == 1800,
           'reset')


TESTS = [
    test_the_sheet_shows_its_list_rows_inside_it,
    test_a_drag_on_the_list_hands_off_to_it_as_it_happens,
    test_the_keyboard_control_draws_the_keyboard,
    test_rotation_moves_the_insets_and_never_covers_the_panel,
    test_the_release_velocity_shows_live_and_after_the_release,
    test_a_threshold_field_applies_on_enter_or_blur_and_goes_back_when_refused,
    test_write_back_changes_only_the_tuned_numbers,
]
