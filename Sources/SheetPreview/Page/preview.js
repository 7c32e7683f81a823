// sheet preview: the page. Plain JavaScript, no framework, no build step. The sheet itself runs in the
// server (the real Swift core through the host API); this page sends the pointer's touches with their
// own timestamps, asks for a frame on every animation frame, and draws what comes back.
'use strict';

(function () {
  const $ = (id) => document.getElementById(id);
  const state = {
    layout: null,
    frame: null,
    decisions: [],   // {target, reason, t}
    log: [],         // every event's text, as the log shows it
    errors: [],      // error replies
    sent: [],        // pointer messages sent (for the tests): {type, x, y, t}
    reloadError: null,
    saved: null,
    replay: null,
    compare: null,
    history: [],     // [{t, h, b}] for the plot (host time, ms)
    connected: false,
    refusal: null,   // why the server refused this page, if it did
  };
  window.preview = state;

  const phone = $('phone');
  const ctx = phone.getContext('2d');
  let scale = 1;
  let socket = null;

  // ---------------------------------------------------------------- connection

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function connect() {
    socket = new WebSocket('ws://' + location.host + '/ws');
    let opened = false;
    socket.onopen = () => {
      opened = true;
      state.connected = true;
      $('status').textContent = 'connected';
      send({ type: 'hello', t: performance.now() });
    };
    socket.onclose = () => {
      state.connected = false;
      $('status').textContent = 'disconnected (reload the page)';
      // a refused handshake tells the page nothing: the server says why at /session (all previews open)
      if (!opened) {
        fetch('/session', { cache: 'no-store' })
          .then((response) => response.ok ? null : response.text())
          .then((text) => {
            if (!text) return;
            state.refusal = text.trim();
            $('status').textContent = state.refusal;
            addLog('error', state.refusal);
          })
          .catch(() => {});
      }
    };
    socket.onmessage = (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch (e) { return; }
      receive(message);
    };
  }

  function receive(m) {
    switch (m.type) {
      case 'layout': applyLayout(m); break;
      case 'frame': applyFrame(m); break;
      case 'error':
        state.errors.push(m.message);
        addLog('error', m.message);
        break;
      case 'saved':
        state.saved = m;
        showSaved(m);
        break;
      case 'replay': startReplay(m); break;
      case 'compare': showCompare(m); break;
    }
  }

  // ---------------------------------------------------------------- layout

  function applyLayout(layout) {
    const first = !state.layout;
    const sized = !state.layout || state.layout.width !== layout.width || state.layout.height !== layout.height;
    state.layout = layout;
    $('behaviour-name').textContent = layout.behaviour;
    $('recording-flag').hidden = !layout.recording;
    $('record').textContent = layout.recording ? 'stop recording' : 'record';
    $('save').disabled = !layout.recording;
    $('fps').value = String(layout.fps);
    $('fps').disabled = layout.recording;
    if (sized) sizePhone();
    fillSelect($('snap-detent'), layout.detents.map((d) => d.id));
    if (first || $('compare-with').options.length !== layout.compare.length) {
      fillSelect($('compare-with'), layout.compare);
      if (layout.compare.length > 1) $('compare-with').selectedIndex = 1;
    }
    $('replay-scenario').disabled = !layout.scenario;
    buildThresholds(layout.thresholds);
    placeContentHandle();
  }

  function fillSelect(select, values) {
    const current = select.value;
    select.textContent = '';
    for (const value of values) {
      const option = document.createElement('option');
      option.value = value;
      option.textContent = value;
      select.appendChild(option);
    }
    if (values.includes(current)) select.value = current;
  }

  function sizePhone() {
    const L = state.layout;
    scale = Math.min(1, 680 / L.height, 680 / L.width);
    phone.style.width = (L.width * scale) + 'px';
    phone.style.height = (L.height * scale) + 'px';
    const ratio = window.devicePixelRatio || 1;
    phone.width = Math.round(L.width * scale * ratio);
    phone.height = Math.round(L.height * scale * ratio);
  }

  // ---------------------------------------------------------------- thresholds

  let editing = null;        // the threshold whose control has focus: the server's value does not overwrite it
  let pendingSet = null;     // the latest slider value not sent yet
  let lastSetTime = 0;

  function buildThresholds(list) {
    const box = $('thresholds');
    const names = list.map((t) => t.name).join(',');
    if (box.dataset.names !== names) {
      box.textContent = '';
      box.dataset.names = names;
      for (const t of list) {
        const label = document.createElement('label');
        label.textContent = t.name + (t.unit ? ' (' + t.unit + ')' : '');
        label.htmlFor = 'threshold-' + t.name;
        if (!t.declared) {
          label.className = 'undeclared';
          label.title = 'no range declared: any finite number; the slider spans 0 to 4 × the default';
        }
        const slider = document.createElement('input');
        slider.type = 'range';
        slider.id = 'slider-' + t.name;
        const number = document.createElement('input');
        number.type = 'number';
        number.id = 'threshold-' + t.name;
        number.dataset.name = slider.dataset.name = t.name;
        slider.addEventListener('input', () => {
          number.value = slider.value;
          queueSet(t.name, Number(slider.value));
        });
        number.addEventListener('change', () => {
          const value = Number(number.value);
          if (Number.isFinite(value)) setThreshold(t.name, value);
        });
        for (const input of [slider, number]) {
          input.addEventListener('focus', () => { editing = t.name; });
          input.addEventListener('blur', () => { editing = null; });
        }
        box.append(label, slider, number);
      }
    }
    for (const t of list) {
      const slider = $('slider-' + t.name);
      const number = $('threshold-' + t.name);
      slider.min = t.min;
      slider.max = t.max;
      slider.step = t.flag ? 1 : (t.max - t.min) / 200 || 'any';
      number.step = t.flag ? 1 : 'any';
      if (!t.declared) { number.removeAttribute('min'); number.removeAttribute('max'); }
      else { number.min = t.min; number.max = t.max; }
      if (editing !== t.name) {
        slider.value = t.value;
        number.value = t.value;
      }
    }
  }

  function setThreshold(name, value) {
    lastSetTime = performance.now();
    send({ type: 'set', name: name, value: value, t: performance.now() });
  }

  // Slider moves are sent at most 20 times a second; the last one always goes.
  function queueSet(name, value) {
    pendingSet = { name, value };
  }

  function flushSet(now) {
    if (pendingSet && now - lastSetTime >= 50) {
      setThreshold(pendingSet.name, pendingSet.value);
      pendingSet = null;
    }
  }

  // ---------------------------------------------------------------- frames and events

  function applyFrame(f) {
    state.frame = f;
    if (state.layout) state.history.push({ t: performance.now(), h: f.h, b: f.b });
    while (state.history.length && performance.now() - state.history[0].t > 5000) state.history.shift();
    $('recording-flag').hidden = !f.recording;
    for (const e of f.events) {
      const fields = e.fields || {};
      if (e.type === 'decision') {
        state.decisions.push({ target: fields.target, reason: fields.reason, t: e.t });
        $('decision-text').textContent = 'target ' + fields.target + ' — ' + fields.reason;
      }
      if (e.type === 'reload') {
        state.reloadError = fields.ok ? null : fields.message;
        const box = $('reload-error');
        box.hidden = fields.ok;
        box.textContent = fields.ok ? '' : 'the behaviour did not load; the last good one keeps running:\n' + fields.message;
      }
      addLog(e.type === 'decision' ? 'decision' : e.script_error ? 'script-error' : e.type === 'note' ? 'note' : '',
        (e.t !== undefined ? e.t.toFixed(4) + '  ' : '') + e.line);
    }
  }

  function addLog(kind, text) {
    state.log.push(text);
    if (state.log.length > 2000) state.log.shift();
    const item = document.createElement('li');
    if (kind) item.className = kind;
    item.textContent = text;
    const list = $('log');
    list.appendChild(item);
    while (list.childNodes.length > 300) list.removeChild(list.firstChild);
    list.scrollTop = list.scrollHeight;
  }

  // ---------------------------------------------------------------- drawing

  // Draws a screen of the layout's kind with the sheet at height h and the backdrop at b.
  function drawScreen(c, width, height, pixelScale, h, b, L, guides) {
    c.save();
    c.setTransform(pixelScale, 0, 0, pixelScale, 0, 0);
    // the app behind the sheet: a plain list
    c.fillStyle = '#dfe4ec';
    c.fillRect(0, 0, width, height);
    c.fillStyle = '#c7cfdc';
    for (let y = (L.safeTop || 0) + 16; y < height - 40; y += 56) c.fillRect(16, y, width - 32, 40);
    // the backdrop
    c.fillStyle = 'rgba(0, 0, 0, ' + Math.max(0, Math.min(1, b)) + ')';
    c.fillRect(0, 0, width, height);
    // dashed guides at the active detents
    if (guides) {
      c.strokeStyle = '#e08a1e';
      c.lineWidth = 1;
      c.setLineDash([6, 5]);
      for (const d of L.detents) {
        const y = L.edge === 'bottom' ? height - d.height : d.height;
        c.beginPath(); c.moveTo(0, y + 0.5); c.lineTo(width, y + 0.5); c.stroke();
        c.fillStyle = '#e08a1e';
        c.font = '11px system-ui, sans-serif';
        c.fillText(d.id, 6, y - 4);
      }
      c.setLineDash([]);
    }
    // the sheet, its corners rounded at its moving edge, with its grabber
    if (h > 0) {
      const r = Math.min(L.cornerRadius || 0, h / 2, width / 2);
      const top = L.edge === 'bottom' ? height - h : 0;
      const bottom = L.edge === 'bottom' ? height : h;
      c.fillStyle = '#ffffff';
      c.shadowColor = 'rgba(0, 0, 0, 0.25)';
      c.shadowBlur = 12;
      c.beginPath();
      if (L.edge === 'bottom') {
        c.moveTo(0, bottom); c.lineTo(0, top + r); c.arcTo(0, top, r, top, r);
        c.lineTo(width - r, top); c.arcTo(width, top, width, top + r, r); c.lineTo(width, bottom);
      } else {
        c.moveTo(0, top); c.lineTo(0, bottom - r); c.arcTo(0, bottom, r, bottom, r);
        c.lineTo(width - r, bottom); c.arcTo(width, bottom, width, bottom - r, r); c.lineTo(width, top);
      }
      c.closePath();
      c.fill();
      c.shadowBlur = 0;
      c.shadowColor = 'transparent';
      if (L.grabber) {
        c.fillStyle = '#c3c7d0';
        const gy = L.edge === 'bottom' ? top + 5 : bottom - 10;
        roundRect(c, width / 2 - 18, gy, 36, 5, 2.5);
      }
    }
    c.restore();
  }

  function roundRect(c, x, y, w, h, r) {
    c.beginPath();
    c.moveTo(x + r, y); c.arcTo(x + w, y, x + w, y + h, r); c.arcTo(x + w, y + h, x, y + h, r);
    c.arcTo(x, y + h, x, y, r); c.arcTo(x, y, x + w, y, r); c.closePath(); c.fill();
  }

  function drawPhone() {
    const L = state.layout;
    const f = state.frame;
    if (!L || !f) return;
    const ratio = phone.width / L.width;
    drawScreen(ctx, L.width, L.height, ratio, f.h, f.b, L, true);
  }

  function drawPlot() {
    const plot = $('plot');
    const c = plot.getContext('2d');
    const L = state.layout;
    c.clearRect(0, 0, plot.width, plot.height);
    if (!L) return;
    const now = performance.now();
    const x = (t) => plot.width - (now - t) / 5000 * plot.width;
    const yh = (h) => plot.height - 6 - h / L.height * (plot.height - 12);
    c.strokeStyle = '#e08a1e';
    c.setLineDash([4, 4]);
    for (const d of L.detents) {
      c.beginPath(); c.moveTo(0, yh(d.height) + 0.5); c.lineTo(plot.width, yh(d.height) + 0.5); c.stroke();
    }
    c.setLineDash([]);
    const line = (color, value) => {
      c.strokeStyle = color;
      c.lineWidth = 1.5;
      c.beginPath();
      state.history.forEach((p, i) => (i ? c.lineTo(x(p.t), value(p)) : c.moveTo(x(p.t), value(p))));
      c.stroke();
    };
    line('#2f5fd0', (p) => yh(p.h));
    line('#8a8f99', (p) => plot.height - 6 - p.b * (plot.height - 12));
    c.fillStyle = '#2f5fd0'; c.fillText('height', 6, 12);
    c.fillStyle = '#8a8f99'; c.fillText('backdrop (0–1)', 50, 12);
  }

  function placeContentHandle() {
    const L = state.layout;
    const handle = $('content-handle');
    if (!L) return;
    handle.hidden = false;
    const h = L.contentHeight === null || L.contentHeight === undefined ? L.height / 2 : L.contentHeight;
    const y = L.edge === 'bottom' ? L.height - h : h;
    handle.style.top = (10 + y * scale - 11) + 'px';
    handle.title = 'content height ' + (L.contentHeight === null ? '(none; drag to set one)' : Math.round(h));
  }

  // ---------------------------------------------------------------- input

  // Every pointer on the phone is a press, numbered as a finger (the lowest of 1 to 10 not down); the
  // server's host decides which finger drags the sheet. A press becomes a drag once it has moved 3 px
  // (as a pan recognizer begins), starting where it went down with the press's own timestamp; a press
  // released before that is a tap.
  const presses = new Map();  // pointerId -> press

  function point(event) {
    const rect = phone.getBoundingClientRect();
    return { x: (event.clientX - rect.left) / scale, y: (event.clientY - rect.top) / scale };
  }

  function freeFinger() {
    const used = new Set([...presses.values()].map((p) => p.finger));
    for (let finger = 1; finger <= 10; finger++) if (!used.has(finger)) return finger;
    return null;
  }

  function sendTouch(type, press, p, t) {
    const message = { type: type, finger: press.finger, x: p.x, y: p.y, t: t };
    state.sent.push(message);
    send(message);
  }

  phone.addEventListener('pointerdown', (event) => {
    const finger = freeFinger();
    if (finger === null) return;
    phone.setPointerCapture(event.pointerId);
    presses.set(event.pointerId, { finger: finger, start: point(event), t: event.timeStamp, dragging: false, clientX: event.clientX, clientY: event.clientY });
    event.preventDefault();
  });

  phone.addEventListener('pointermove', (event) => {
    const press = presses.get(event.pointerId);
    if (!press) return;
    const samples = event.getCoalescedEvents ? event.getCoalescedEvents() : [];
    const list = samples.length ? samples : [event];
    for (const e of list) {
      if (!press.dragging) {
        if (Math.hypot(e.clientX - press.clientX, e.clientY - press.clientY) < 3) continue;
        press.dragging = true;
        sendTouch('touch_down', press, press.start, press.t);
      }
      sendTouch('touch_move', press, point(e), Math.max(e.timeStamp, press.t));
    }
  });

  phone.addEventListener('pointerup', (event) => {
    const press = presses.get(event.pointerId);
    if (!press) return;
    presses.delete(event.pointerId);
    if (press.dragging) sendTouch('touch_up', press, point(event), event.timeStamp);
    else { const p = point(event); state.sent.push({ type: 'tap', x: p.x, y: p.y, t: event.timeStamp }); send({ type: 'tap', x: p.x, y: p.y, t: event.timeStamp }); }
  });

  phone.addEventListener('pointercancel', (event) => {
    const press = presses.get(event.pointerId);
    if (!press) return;
    presses.delete(event.pointerId);
    if (press.dragging) send({ type: 'touch_cancel', finger: press.finger, t: event.timeStamp });
  });

  // the content-height handle: dragged along the screen's height
  const handle = $('content-handle');
  let handleDrag = null;
  handle.addEventListener('pointerdown', (event) => {
    handle.setPointerCapture(event.pointerId);
    handleDrag = event.pointerId;
    event.preventDefault();
  });
  handle.addEventListener('pointermove', (event) => {
    if (handleDrag !== event.pointerId || !state.layout) return;
    const L = state.layout;
    const y = Math.max(0, Math.min(L.height, (event.clientY - phone.getBoundingClientRect().top) / scale));
    const h = L.edge === 'bottom' ? L.height - y : y;
    handle.style.top = (10 + y * scale - 11) + 'px';
    handle.dataset.pending = String(Math.round(h));
  });
  handle.addEventListener('pointerup', (event) => {
    if (handleDrag !== event.pointerId) return;
    handleDrag = null;
    if (handle.dataset.pending) send({ type: 'content', height: Number(handle.dataset.pending), t: performance.now() });
    delete handle.dataset.pending;
  });

  const now = () => performance.now();
  $('present').onclick = () => send({ type: 'present', t: now() });
  $('dismiss').onclick = () => send({ type: 'dismiss', t: now() });
  $('snap').onclick = () => send({ type: 'snap', detent: $('snap-detent').value, t: now() });
  $('rotate').onclick = () => send({ type: 'rotate', t: now() });
  $('fps').onchange = () => send({ type: 'fps', fps: Number($('fps').value) });
  $('reset-thresholds').onclick = () => { editing = null; send({ type: 'reset_thresholds', t: now() }); };
  $('record').onclick = () => send({ type: 'record', on: !(state.layout && state.layout.recording), t: now() });
  $('save').onclick = () => send({ type: 'save' });

  function showSaved(m) {
    $('saved-path').textContent = 'saved ' + m.path + ' (sheet run ' + m.path + ')';
    const link = $('download');
    link.href = URL.createObjectURL(new Blob([m.text], { type: 'text/x-lua' }));
    link.download = m.path.split('/').pop();
    link.hidden = false;
  }

  // ---------------------------------------------------------------- replay

  const replayCanvas = $('replay-canvas');
  let replayPlaying = false;
  let replayClock = null;

  $('replay-scenario').onclick = () => send({ type: 'replay', source: 'scenario' });
  $('replay-recording').onclick = () => send({ type: 'replay', source: 'recording' });
  $('replay-play').onclick = () => { if (state.replay) { replayPlaying = true; replayClock = null; } };
  $('replay-pause').onclick = () => { replayPlaying = false; };
  $('replay-step').onclick = () => {
    replayPlaying = false;
    const scrub = $('replay-scrub');
    scrub.value = String(Math.min(Number(scrub.max), Number(scrub.value) + 1));
    drawReplay();
  };
  $('replay-scrub').oninput = () => { replayPlaying = false; drawReplay(); };

  function startReplay(m) {
    state.replay = m;
    $('replay-panel').open = true;
    $('replay-summary').textContent = m.file + ': ' + m.summary + ', ' + m.decisions.length + ' decisions';
    const scrub = $('replay-scrub');
    scrub.max = String(Math.max(0, m.frames.length - 1));
    scrub.value = '0';
    const s = Math.min(0.5, 422 / m.height, 300 / m.width);
    replayCanvas.width = Math.round(m.width * s);
    replayCanvas.height = Math.round(m.height * s);
    replayPlaying = true;
    replayClock = null;
    drawReplay();
  }

  function replayLayout(m) {
    const L = state.layout || {};
    return { width: m.width, height: m.height, safeTop: m.safeTop, edge: L.edge || 'bottom',
      cornerRadius: L.cornerRadius || 12, grabber: L.grabber, detents: [] };
  }

  function drawReplay() {
    const m = state.replay;
    if (!m || !m.frames.length) return;
    const index = Number($('replay-scrub').value);
    const f = m.frames[index];
    drawScreen(replayCanvas.getContext('2d'), m.width, m.height, replayCanvas.width / m.width, f[1], f[2], replayLayout(m), false);
    $('replay-time').textContent = f[0].toFixed(3) + ' s  ' + f[3] + (f[4] ? ' ' + f[4] : '');
  }

  function advanceReplay(time) {
    const m = state.replay;
    if (!replayPlaying || !m || !m.frames.length) return;
    const scrub = $('replay-scrub');
    if (replayClock === null) replayClock = { wall: time, sheet: m.frames[Number(scrub.value)][0] };
    const target = replayClock.sheet + (time - replayClock.wall) / 1000;
    let index = Number(scrub.value);
    while (index < m.frames.length - 1 && m.frames[index + 1][0] <= target) index++;
    scrub.value = String(index);
    if (index >= m.frames.length - 1) replayPlaying = false;
    drawReplay();
  }

  // ---------------------------------------------------------------- compare

  let comparePlaying = false;
  let compareClock = null;
  $('compare-run').onclick = () => send({ type: 'compare', behaviour: $('compare-with').value });
  $('compare-play').onclick = () => { comparePlaying = true; compareClock = null; };

  function showCompare(m) {
    state.compare = m;
    $('compare-panel').open = true;
    const box = $('compare-views');
    box.textContent = '';
    for (const run of m.runs) {
      const figure = document.createElement('figure');
      const canvas = document.createElement('canvas');
      const s = Math.min(0.4, 340 / m.height);
      canvas.width = Math.round(m.width * s);
      canvas.height = Math.round(m.height * s);
      run.canvas = canvas;
      const caption = document.createElement('figcaption');
      caption.textContent = run.behaviour + ': ' + run.status + ', ends ' + run.state + (run.detent ? ' at ' + run.detent : '') +
        '. ' + run.decisions.map((d) => d.target).join(', ');
      caption.title = run.decisions.map((d) => d.reason).join('\n');
      figure.append(canvas, caption);
      box.appendChild(figure);
    }
    comparePlaying = true;
    compareClock = null;
  }

  function advanceCompare(time) {
    const m = state.compare;
    if (!m) return;
    if (compareClock === null) compareClock = time;
    const t = comparePlaying ? (time - compareClock) / 1000 : Infinity;
    let running = false;
    for (const run of m.runs) {
      if (!run.frames.length) continue;
      let index = 0;
      while (index < run.frames.length - 1 && run.frames[index + 1][0] <= t) index++;
      if (index < run.frames.length - 1) running = true;
      const f = run.frames[index];
      drawScreen(run.canvas.getContext('2d'), m.width, m.height, run.canvas.width / m.width, f[1], f[2], replayLayout(m), false);
    }
    if (!running) comparePlaying = false;
  }

  // ---------------------------------------------------------------- the loop

  function tick(time) {
    send({ type: 'frame', t: time });
    flushSet(time);
    drawPhone();
    drawPlot();
    advanceReplay(time);
    if (comparePlaying || (state.compare && compareClock === null)) advanceCompare(time);
    requestAnimationFrame(tick);
  }

  connect();
  requestAnimationFrame(tick);
})();
