"""The harness of the browser tests (preview_test.py, screen_test.py): a `sheet preview` process with a
headless Chromium on its page (selenium, the system's chromedriver), pointer drags through the browser's
own input pipeline, and a PNG decoder for checking screenshots by their pixels."""

import json
import os
import shutil
import struct
import subprocess
import time
import zlib

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


# ---------------------------------------------------------------------------- PNG pixels

def decode_png(data):
    """Decodes an 8-bit, non-interlaced RGB or RGBA PNG (what Chromium's screenshots are) into
    (width, height, rows of (r, g, b) tuples). The PNG specification's filters 0-4."""
    assert data[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG'
    pos, idat, width, height, color, depth = 8, b'', 0, 0, 0, 0
    while pos < len(data):
        length, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b'IHDR':
            width, height, depth, color, _, _, interlace = struct.unpack('>IIBBBBB', body)
            assert depth == 8 and color in (2, 6) and interlace == 0, 'unexpected PNG format'
        elif kind == b'IDAT':
            idat += body
        pos += 12 + length
    channels = 3 if color == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous, i = [], bytearray(stride), 0
    for _ in range(height):
        kind = raw[i]
        line = bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = previous[x]
            c = previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x * channels:x * channels + 3]) for x in range(width)])
        previous = line
    return width, height, rows


def luminance(pixel):
    r, g, b = pixel
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


# ---------------------------------------------------------------------------- the harness

class Preview:
    """A `sheet preview` process and a headless Chromium on its page."""

    def __init__(self, sheet, folder, behaviour, scenario):
        self.sheet = sheet
        self.folder = folder
        self.behaviour = behaviour
        self.process = subprocess.Popen(
            [sheet, 'preview', scenario, '--behaviour', behaviour, '--port', '0', '--record-dir', folder],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        if not line.startswith('sheet preview: http://127.0.0.1:'):
            raise RuntimeError('preview did not start: %r %s' % (line, self.process.stderr.read()))
        self.url = line.split()[2]
        self.port = int(self.url.rsplit(':', 1)[1].strip('/'))
        options = webdriver.ChromeOptions()
        options.binary_location = shutil.which('chromium') or '/usr/bin/chromium'
        for argument in ('--headless=new', '--no-sandbox', '--disable-gpu', '--window-size=1280,940',
                         '--force-device-scale-factor=1', '--disable-dev-shm-usage', '--no-first-run',
                         '--disable-extensions', '--disable-background-networking'):
            options.add_argument(argument)
        options.set_capability('goog:loggingPrefs', {'browser': 'ALL'})
        # the system's chromedriver: selenium must not look for (or download) another
        driver_path = shutil.which('chromedriver') or '/usr/bin/chromedriver'
        self.driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=options)
        self.driver.set_script_timeout(20)
        self.driver.get(self.url)
        self.wait(lambda: self.js('return !!(window.preview && preview.layout && preview.frame)'), 'the page connects')

    def close(self):
        try:
            self.driver.quit()
        finally:
            self.process.terminate()
            self.process.wait(10)

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def wait(self, condition, what, timeout=15):
        deadline = time.time() + timeout
        while time.time() < deadline:
            value = condition()
            if value:
                return value
            time.sleep(0.05)
        raise AssertionError('timed out waiting until ' + what)

    def resting(self):
        """Waits until the sheet is at rest with no finger on it (a still sheet is not stepped: its frame stays)."""
        return self.wait(lambda: self.js('return preview.frame.state') in ('resting', 'dismissed', 'hidden')
                         and not self.js('return preview.frame.finger') and self.js('return preview.frame'),
                         'the sheet comes to rest')

    def rewrite(self, text):
        """Writes the behaviour file with a modification time its watcher has not seen: a second past the
        last one, or now if later (a file system may keep whole seconds), so no test waits for the clock."""
        before = os.stat(self.behaviour).st_mtime_ns
        with open(self.behaviour, 'w') as f:
            f.write(text)
        stamp = max(time.time_ns(), before + 1_000_000_000)
        os.utime(self.behaviour, ns=(stamp, stamp))

    def layout(self):
        return self.js('return preview.layout')

    def scale(self):
        return self.js("const r = document.getElementById('phone').getBoundingClientRect();"
                       "return r.height / preview.layout.height;")

    def drag(self, from_y, dy, steps=8, step_ms=12, x_pt=None):
        """A mouse drag through the browser's input pipeline: press at a screen point of the phone
        (points), move `dy` points in `steps` moves of `step_ms` each, release."""
        canvas = self.driver.find_element(By.ID, 'phone')
        scale = self.scale()
        layout = self.layout()
        x = (x_pt if x_pt is not None else layout['width'] / 2) * scale
        y = from_y * scale
        rect = canvas.rect
        before = len(self.js('return preview.decisions'))
        sent = len(self.js('return preview.sent'))
        actions = ActionChains(self.driver, duration=step_ms)
        actions.move_to_element_with_offset(canvas, x - rect['width'] / 2, y - rect['height'] / 2)
        actions.click_and_hold()
        for _ in range(steps):
            actions.move_by_offset(0, dy * scale / steps)
        actions.release()
        actions.perform()
        self.wait(lambda: len(self.js('return preview.decisions')) > before, 'the release decides')
        decision = self.js('return preview.decisions[preview.decisions.length - 1]')
        return decision, self.js('return preview.sent.slice(arguments[0])', sent)

    def sheet_top(self):
        """The sheet's leading edge, screen points, for a bottom sheet."""
        return self.layout()['height'] - self.js('return preview.frame.h')

    def set_threshold(self, name, value):
        field = self.driver.find_element(By.ID, 'threshold-' + name)
        field.click()
        field.send_keys(Keys.CONTROL, 'a')  # typed over (a field emptied and left goes back to its value)
        field.send_keys(str(value) + '\n')
        self.driver.find_element(By.ID, 'log').click()  # the field loses focus
        self.wait(lambda: any(t['name'] == name and t['value'] == value for t in self.layout()['thresholds']),
                  '%s becomes %s' % (name, value))

    def still(self):
        """Waits until the sheet rests, the list (if any) has stopped and the keyboard is where it goes."""
        self.wait(lambda: self.js('const f = preview.frame, L = preview.layout;'
                                  'return (f.state === "resting" || f.state === "dismissed" || f.state === "hidden")'
                                  ' && !f.finger && (!f.scroll || f.scroll.velocity === 0)'
                                  ' && Math.abs(f.k - L.keyboard) < 1e-9'), 'everything comes to rest')
        return self.js('return preview.frame')

    def frames_pass(self, count):
        """Waits until `count` more frames have come back from the server."""
        start = self.js('return preview.frame.seq')
        self.wait(lambda: self.js('return preview.frame.seq') >= start + count, '%d frames' % count)

    def screenshot(self):
        """The page scrolled to its top, as pixels: (rows, the phone's rect in CSS px, points to px)."""
        self.js('window.scrollTo(0, 0)')
        self.frames_pass(3)  # drawn since
        _, _, rows = decode_png(self.driver.get_screenshot_as_png())
        rect = self.rect('phone')
        return rows, rect, rect['h'] / self.layout()['height']

    def rect(self, element_id):
        return self.js("const r = document.getElementById(arguments[0]).getBoundingClientRect();"
                       "return {x: r.left, y: r.top, w: r.width, h: r.height};", element_id)

    def click(self, element_id):
        self.driver.find_element(By.ID, element_id).click()

    def console_errors(self):
        return [entry for entry in self.driver.get_log('browser') if entry['level'] == 'SEVERE']

    def run(self, *arguments):
        return subprocess.run([self.sheet] + list(arguments), capture_output=True, text=True, timeout=120)


def decisions_of_run(preview, scenario):
    """The decisions `sheet run --format jsonl` prints for a scenario file: (target, reason)."""
    run = preview.run('run', scenario, '--format', 'jsonl')
    found = []
    for line in run.stdout.splitlines():
        record = json.loads(line)
        if record.get('event') == 'decision':
            found.append((record['target'], record['reason']))
    return found, run


def number(value):
    return repr(float(value))
