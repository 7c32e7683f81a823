#!/usr/bin/env python3
"""Browser tests of `sheet preview`: Debian's headless Chromium driven by chromedriver through selenium.

Each test drives the page through the browser's own input pipeline (W3C pointer actions) and checks
what a user would see: pixels of a screenshot, the decisions the page shows, and that what it records
replays under `sheet run` to the same decisions. The harness is harness.py; the tests of the sheet's
content, the keyboard, the devices, the readouts and the thresholds' fields and write-back are
screen_test.py, and a side sheet's side_test.py. Run by scripts/browser-test (which installs what is missing); the last line is
`N passed, N failed`.

usage: preview_test.py --sheet PATH/TO/sheet [--screenshot OUT.png] [--keep]
"""

import argparse
import os
import shutil
import socket
import sys
import tempfile
import time
import traceback

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from harness import ROOT, Preview, decisions_of_run, decode_png, luminance, number
import accessibility_test
import screen_test
import side_test


# ---------------------------------------------------------------------------- the tests

def test_page_loads_and_shows_the_sheet_at_its_detent(p, shots):
    """No console error; on a screenshot's pixels the sheet's edge is where the presented detent puts it."""
    frame = p.resting()
    layout = p.layout()
    errors = p.console_errors()
    assert not errors, 'console errors: %s' % errors
    normal = next(d['height'] for d in layout['detents'] if d['id'] == 'normal')
    assert frame['detent'] == 'normal' and abs(frame['h'] - normal) < 0.01, frame
    png = p.driver.get_screenshot_as_png()
    width, height, rows = decode_png(png)
    rect = p.js("const r = document.getElementById('phone').getBoundingClientRect();"
                "return {x: r.left, y: r.top, w: r.width, h: r.height};")
    scale = rect['h'] / layout['height']
    column = int(rect['x'] + rect['w'] * 0.22)  # left of the grabber, away from the content handle
    expected = rect['y'] + (layout['height'] - normal) * scale
    # scanning down the column: the backdrop-dimmed screen, then the sheet's white
    edge = None
    for y in range(int(rect['y']) + 2, int(rect['y'] + rect['h']) - 2):
        if luminance(rows[y][column]) > 245 and all(luminance(rows[y + k][column]) > 245 for k in range(1, 6)):
            edge = y
            break
    assert edge is not None, 'no sheet found in the screenshot'
    assert abs(edge - expected) <= 2.5, 'sheet edge at %s px, the detent puts it at %.1f px' % (edge, expected)
    above = luminance(rows[int(expected) - 8][column])
    assert above < 200, 'the backdrop above the sheet is not dimmed (luminance %.0f)' % above
    below = rows[int(expected) + 6][column]  # the header above the list
    assert min(below) > 245, 'the sheet is not white below its edge: %s' % (below,)
    # a dashed guide at the expanded detent (orange) on the dimmed screen
    expanded = next(d['height'] for d in layout['detents'] if d['id'] == 'expanded')
    guide_y = int(rect['y'] + (layout['height'] - expanded) * scale)
    orange = [rows[y][x] for y in range(guide_y - 1, guide_y + 2)
              for x in range(int(rect['x']), int(rect['x'] + rect['w']))]
    assert any(r > 150 and g < 150 and b < 80 for r, g, b in orange), 'no guide at the expanded detent'


def test_a_drag_decides_as_the_equivalent_scenario(p, shots):
    """A pointer drag through the browser gives the same release decision as `sheet run` of the same
    touches (their positions and their timestamps' differences), on a resting sheet."""
    p.resting()
    layout = p.layout()
    decision, sent = p.drag(p.sheet_top() + 12, -220, steps=10, step_ms=14)
    down = next(m for m in sent if m['type'] == 'touch_down')
    scroll = p.js('return preview.frame.scroll')
    lines = ['-- scenario: the browser drag, replayed', 'behaviour %r' % p.behaviour,
             'set { %s }' % ', '.join('%s = %s' % (t['name'], number(t['value'])) for t in layout['thresholds']),
             'content { scroll = { content_height = %s, top = %s } }' % (number(scroll['content']), number(scroll['top'])),
             'present()', 'settle()', 'local t0 = sheet.time']
    last = None
    for m in sent:
        at = 't0 + %s' % number((m['t'] - down['t']) / 1000)
        if m['type'] == 'touch_down':
            lines.append('touch_down { x = %s, y = %s, time = %s }' % (number(m['x']), number(m['y']), at))
            last = (m['x'], m['y'])
        elif m['type'] == 'touch_move':
            lines.append('touch_move { x = %s, y = %s, time = %s }' % (number(m['x']), number(m['y']), at))
            last = (m['x'], m['y'])
        elif m['type'] == 'touch_up':
            if (m['x'], m['y']) != last:  # the lift at another point is a last move there
                lines.append('touch_move { x = %s, y = %s, time = %s }' % (number(m['x']), number(m['y']), at))
            lines.append('touch_up { time = %s }' % at)
    lines.append("expect(true, 'replayed')")
    path = os.path.join(p.folder, 'browser_drag.lua')
    with open(path, 'w') as out:
        out.write('\n'.join(lines) + '\n')
    found, run = decisions_of_run(p, path)
    assert found == [(decision['target'], decision['reason'])], \
        'page decided %s, sheet run %s\n%s%s' % (decision, found, run.stdout[-400:], run.stderr)
    assert len(sent) >= 5, 'the drag sent %d pointer messages' % len(sent)
    p.resting()
    p.js('window.scrollTo(0, 0)')
    shots['readme'] = p.driver.get_screenshot_as_png()


def test_a_threshold_slider_changes_an_outcome(p, shots):
    """The same downward drag dismisses with dismiss_velocity low and snaps back with it high.

    The drag must be a flick: a release delivered more than 40 ms after the last move means the finger
    stopped (the core's velocity estimate is then 0), which a loaded machine can do to any drag. Such a
    drag shows nothing about the threshold, so it is made again, at most five times."""
    outcomes = {}
    for value in (100, 100000):
        p.set_threshold('dismiss_velocity', value)
        for _ in range(5):
            if p.js('return preview.frame.state') != 'resting':
                p.click('present')
            p.resting()
            if p.js('return preview.frame.detent') != 'normal':
                p.driver.find_element(By.ID, 'snap-detent').send_keys('normal')
                p.click('snap')
                p.wait(lambda: p.js('return preview.frame.detent') == 'normal', 'the sheet snaps to normal')
                p.resting()
            decision, sent = p.drag(p.sheet_top() + 12, 60, steps=5, step_ms=10)
            p.resting()
            moves = [m['t'] for m in sent if m['type'] == 'touch_move']
            up = next(m['t'] for m in sent if m['type'] == 'touch_up')
            if moves and up - moves[-1] <= 30:
                outcomes[value] = decision['target']
                break
        assert value in outcomes, 'every drag stopped before its release (dismiss_velocity %s)' % value
    assert outcomes == {100: 'dismiss', 100000: 'normal'}, outcomes
    p.click('reset-thresholds')
    p.wait(lambda: next(t for t in p.layout()['thresholds'] if t['name'] == 'dismiss_velocity')['value'] == 1800,
           'reset restores 1800 (the scenario set it)')
    p.click('present')
    p.resting()


def test_a_broken_save_shows_its_error_and_a_fixed_one_recovers(p, shots):
    """Saving a broken behaviour shows its file:line error in the page while the last good one keeps
    running; saving a fixed one takes over and clears the error."""
    with open(p.behaviour) as f:
        good = f.read()
    broken = good.replace('dismiss_velocity = 1500', 'dismiss_velocity = = 1500', 1)
    assert broken != good, 'the behaviour file has no dismiss_velocity = 1500 line'
    line = good[:good.index('dismiss_velocity = 1500')].count('\n') + 1
    p.rewrite(broken)
    box = p.wait(lambda: p.driver.find_element(By.ID, 'reload-error').is_displayed()
                 and p.driver.find_element(By.ID, 'reload-error'), 'the error shows')
    name = os.path.basename(p.behaviour)
    assert '%s:%d:' % (name, line) in box.text, box.text
    p.resting()
    decision, _ = p.drag(p.sheet_top() + 12, -200, steps=8, step_ms=14)  # the last good one still decides
    assert decision['target'] in ('expanded', 'normal'), decision
    shots['broken'] = p.driver.get_screenshot_as_png()
    p.rewrite(good.replace('min_top = 40', 'min_top = 60', 1))
    p.wait(lambda: not p.driver.find_element(By.ID, 'reload-error').is_displayed(), 'the error clears')
    p.wait(lambda: any(t['name'] == 'min_top' and t['value'] == 60 for t in p.layout()['thresholds']),
           'the fixed version runs (min_top 60)')
    p.rewrite(good)
    p.wait(lambda: any(t['name'] == 'min_top' and t['value'] == 40 for t in p.layout()['thresholds']),
           'the original is back')


def test_a_recorded_gesture_replays_under_sheet_run(p, shots):
    """Record, drag three times (one catching the sheet while it moves), tap the backdrop, save: `sheet
    run` of the saved file passes its expectations and decides as the page did."""
    p.resting()
    p.click('record')
    p.wait(lambda: p.layout()['recording'], 'recording starts')
    try:
        start = len(p.js('return preview.decisions'))
        p.resting()
        p.drag(p.sheet_top() + 12, -220, steps=10, step_ms=14)
        p.resting()
        p.drag(p.sheet_top() + 12, 140, steps=4, step_ms=10)
        p.wait(lambda: p.js('return preview.frame.state') != 'dragging', 'the lift is taken')  # catch it moving
        if p.js('return preview.frame.state') in ('settling', 'resting'):
            p.drag(p.sheet_top() + 12, -60, steps=4, step_ms=12)
        p.resting()
        if p.js('return preview.frame.state') == 'resting':
            p.js('window.scrollTo(0, 0)')  # the phone's top in view
            canvas = p.driver.find_element(By.ID, 'phone')
            def last_tap():  # the log's lines carry their time, so a new tap's line differs from the last one
                return next((line for line in reversed(p.js('return preview.log')) if 'tap region=' in line), None)
            before = last_tap()
            ActionChains(p.driver).move_to_element_with_offset(canvas, 0, -canvas.rect['height'] / 2 + 8).click().perform()
            p.wait(lambda: last_tap() != before, 'the tap is taken')
            p.resting()
        page = [(d['target'], d['reason']) for d in p.js('return preview.decisions')[start:]]
        p.click('save')
        saved = p.wait(lambda: p.js('return preview.saved'), 'the recording is saved')
        assert os.path.dirname(os.path.abspath(saved['path'])) == os.path.abspath(p.folder), saved['path']
        found, run = decisions_of_run(p, saved['path'])
        assert run.returncode == 0, 'sheet run failed:\n%s\n%s\n%s' % (run.stdout[-600:], run.stderr, saved['text'])
        assert len(page) >= 2 and found == page, 'page %s\nsheet run %s\n%s' % (page, found, saved['text'])
    finally:  # a failure above must not leave the page recording (a write-back would be refused)
        if p.layout()['recording']:
            p.click('record')  # stop
            p.wait(lambda: not p.layout()['recording'], 'recording stops')
    # the replay view plays the recording; the compare view runs it under two behaviours
    p.driver.find_element(By.CSS_SELECTOR, '#replay-panel summary').click()
    p.click('replay-recording')
    replay = p.wait(lambda: p.js('return preview.replay'), 'the replay arrives')
    assert replay['passed'] and len(replay['frames']) > 10, replay['summary']
    assert [(d['target'], d['reason']) for d in replay['decisions']] == page
    p.driver.find_element(By.CSS_SELECTOR, '#compare-panel summary').click()
    p.click('compare-run')
    compare = p.wait(lambda: p.js('return preview.compare'), 'the comparison arrives')
    runs = compare['runs']
    assert len(runs) == 2 and all(r['frames'] for r in runs), [(r['behaviour'], r['summary']) for r in runs]
    # the running behaviour under the recorded gesture decides as the page did
    assert [(d['target'], d['reason']) for d in runs[0]['decisions']] == page, runs[0]['decisions']
    p.js('window.scrollTo(0, 0)')
    shots['recorded'] = p.driver.get_screenshot_as_png()


def test_a_foreign_origin_is_refused(p, shots):
    """A WebSocket handshake from a foreign Origin and a request naming a foreign Host are refused."""
    def request(text, timeout=5):
        with socket.create_connection(('127.0.0.1', p.port), timeout=timeout) as s:
            s.sendall(text.encode())
            data = b''
            try:
                while True:
                    chunk = s.recv(4096)
                    if not chunk:
                        break
                    data += chunk
            except socket.timeout:
                pass
            return data.decode('latin-1')
    handshake = ('GET /ws HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n'
                 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n'
                 'Origin: %s\r\n\r\n')
    foreign = request(handshake % (p.port, 'http://evil.example'))
    assert ' 101 ' not in foreign.split('\r\n')[0], foreign[:200]
    own = request(handshake % (p.port, 'http://127.0.0.1:%d' % p.port), timeout=1).split('\r\n')[0]
    assert ' 101 ' in own, own
    rebound = request('GET / HTTP/1.1\r\nHost: evil.example:%d\r\nConnection: close\r\n\r\n' % p.port)
    assert rebound.startswith('HTTP/1.1 403'), rebound[:200]
    # the page itself still works
    assert p.js('return preview.connected')


def test_a_page_over_the_session_cap_shows_why(p, shots):
    """With every session taken, another page is refused and shows the server's reason."""
    handshake = ('GET /ws HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n'
                 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n'
                 'Origin: http://127.0.0.1:%d\r\n\r\n') % (p.port, p.port)
    held = []
    try:
        for _ in range(3):  # with the page's own, the four sessions
            s = socket.create_connection(('127.0.0.1', p.port), timeout=5)
            s.sendall(handshake.encode())
            answer = s.recv(4096).decode('latin-1')
            assert answer.startswith('HTTP/1.1 101 '), answer[:200]
            held.append(s)
        first = p.driver.current_window_handle
        p.driver.switch_to.new_window('tab')
        try:
            p.driver.get(p.url)
            refusal = p.wait(lambda: p.js('return window.preview && preview.refusal'), 'the page is refused')
            assert refusal == 'four previews are open: close one', refusal
            assert p.driver.find_element(By.ID, 'status').text == refusal
        finally:
            p.driver.close()
            p.driver.switch_to.window(first)
    finally:
        for s in held:
            s.close()
    assert p.js('return preview.connected')


TESTS = [
    test_page_loads_and_shows_the_sheet_at_its_detent,
    test_a_drag_decides_as_the_equivalent_scenario,
    test_a_threshold_slider_changes_an_outcome,
    test_a_broken_save_shows_its_error_and_a_fixed_one_recovers,
    test_a_recorded_gesture_replays_under_sheet_run,
    test_a_foreign_origin_is_refused,
    test_a_page_over_the_session_cap_shows_why,
] + screen_test.TESTS + side_test.TESTS + accessibility_test.TESTS


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--sheet', required=True)
    parser.add_argument('--screenshot', help='where to write the page screenshot the README shows')
    parser.add_argument('--keep', action='store_true', help='keep the temporary folder')
    parser.add_argument('--only', action='append', help='run only this test (by name; may repeat)')
    parser.add_argument('--folder', help='the folder the preview saves into (kept), instead of a temporary one')
    args = parser.parse_args()
    tests = [t for t in TESTS if not args.only or t.__name__ in args.only]
    unknown = sorted(set(args.only or []) - {t.__name__ for t in TESTS})
    if unknown:
        parser.error('no test named %s' % ', '.join(unknown))
    if args.folder:
        os.makedirs(args.folder, exist_ok=True)
        folder = os.path.abspath(args.folder)
    else:
        folder = tempfile.mkdtemp(prefix='sheet-preview-browser-')
    behaviour = os.path.join(folder, 'sheet.lua')
    shutil.copy(os.path.join(ROOT, 'Sources', 'SheetScript', 'Presets', 'bottom-sheet-vc.lua'), behaviour)
    preview = Preview(os.path.abspath(args.sheet), folder, behaviour, os.path.join(ROOT, 'Tests', 'Scenarios', 'tour.lua'))
    passed = failed = 0
    shots = {}
    try:
        for test in tests:
            started = time.time()
            try:
                test(preview, shots)
                passed += 1
                print('ok    %s (%.1f s)' % (test.__name__, time.time() - started), flush=True)
            except Exception:
                failed += 1
                print('FAIL  %s\n%s' % (test.__name__, traceback.format_exc()), flush=True)
        if args.screenshot and 'readme' in shots:
            os.makedirs(os.path.dirname(os.path.abspath(args.screenshot)), exist_ok=True)
            with open(args.screenshot, 'wb') as out:
                out.write(shots['readme'])
            print('screenshot: %s' % args.screenshot)
    finally:
        preview.close()
        if not args.keep and not args.folder:
            shutil.rmtree(folder, ignore_errors=True)
        else:
            print('kept %s' % folder)
    print('%d passed, %d failed' % (passed, failed))
    return 0 if failed == 0 else 1


if __name__ == '__main__':
    sys.exit(main())
