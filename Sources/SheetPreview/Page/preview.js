// sheet preview: the page's core. Plain JavaScript, no framework, no build step. The sheet itself runs
// in the server (the real Swift core through the host API); this page sends the pointer's touches with
// their own timestamps, asks for a frame on every animation frame, and draws what comes back.
//
// The page's files, loaded in order by index.html, share one object, `SheetPreview` (P):
//   draw.js      drawing: the screen, the sheet and its content, the keyboard, the plot
//   controls.js  the panels: thresholds (and their write-back), keyboard, list, device, readouts
//   input.js     the pointer on the phone and the content-height handle
//   playback.js  the replay and compare views
//   preview.js   this file: the state, the connection, the layout and frames, the loop
'use strict';

(function (P) {
  const $ = (id) => document.getElementById(id);
  // Appends to one of the page's lists, keeping its last 2000 entries: a page left open for hours
  // keeps a bounded history.
  P.keep = (list, item) => {
    list.push(item);
    if (list.length > 2000) list.shift();
  };
  const state = {
    layout: null,
    frame: null,
    decisions: [],   // {target, reason, t}
    releases: [],    // finger velocities of the releases, screen pt/s (+ = down)
    attempts: [],    // {cause, t, at}: the dismiss attempts, as they happen
    handoffs: [],    // {to, height, offset, t, at}: the scroll hand-offs, as they happen
    log: [],         // every event's text, as the log shows it
    errors: [],      // error replies
    sent: [],        // pointer messages sent (for the tests): {type, x, y, t}
    reloadError: null,
    saved: null,
    written: null,   // the last write-back's reply
    replay: null,
    compare: null,
    history: [],     // [{t, h, b, pv}]: the last 5 s (page time, ms), for the plot
    connected: false,
    refusal: null,   // why the server refused this page, if it did
  };
  window.preview = state;
  P.state = state;
  P.$ = $;
  P.scale = 1;
  P.now = () => performance.now();

  let socket = null;

  // ---------------------------------------------------------------- connection

  P.send = function (message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  };

  function connect() {
    socket = new WebSocket('ws://' + location.host + '/ws');
    let opened = false;
    socket.onopen = () => {
      opened = true;
      state.connected = true;
      $('status').textContent = 'connected';
      P.send({ type: 'hello', t: performance.now() });
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
        P.keep(state.errors, m.message);
        addLog('error', m.message);
        P.refused(m);
        break;
      case 'saved':
        state.saved = m;
        P.showSaved(m);
        break;
      case 'written':
        state.written = m;
        P.showWritten(m);
        break;
      case 'replay': P.startReplay(m); break;
      case 'compare': P.showCompare(m); break;
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
    P.fillSelect($('snap-detent'), layout.detents.map((d) => d.id));
    if (first || $('compare-with').options.length !== layout.compare.length) {
      P.fillSelect($('compare-with'), layout.compare);
      if (layout.compare.length > 1) $('compare-with').selectedIndex = 1;
    }
    $('replay-scenario').disabled = !layout.scenario;
    P.applyControls(layout);
    P.placeContentHandle();
  }

  P.fillSelect = function (select, values, labels) {
    const current = select.value;
    select.textContent = '';
    values.forEach((value, i) => {
      const option = document.createElement('option');
      option.value = value;
      option.textContent = labels ? labels[i] : value;
      select.appendChild(option);
    });
    if (values.includes(current)) select.value = current;
  };

  // The phone is scaled to fit 680 px high and 560 px wide (a landscape screen), and the stage is as
  // wide as the phone, so the side panel, beside it or wrapped below it, never lies under it.
  function sizePhone() {
    const L = state.layout;
    const phone = $('phone');
    P.scale = Math.min(1, 680 / L.height, 560 / L.width);
    phone.style.width = (L.width * P.scale) + 'px';
    phone.style.height = (L.height * P.scale) + 'px';
    const ratio = window.devicePixelRatio || 1;
    phone.width = Math.round(L.width * P.scale * ratio);
    phone.height = Math.round(L.height * P.scale * ratio);
    $('stage').style.width = Math.max(340, Math.ceil(L.width * P.scale) + 34) + 'px';
  }

  // ---------------------------------------------------------------- frames and events

  function applyFrame(f) {
    state.frame = f;
    if (state.layout) state.history.push({ t: performance.now(), h: f.h, b: f.b, pv: f.pv });
    while (state.history.length && performance.now() - state.history[0].t > 5000) state.history.shift();
    $('recording-flag').hidden = !f.recording;
    for (const e of f.events) {
      const fields = e.fields || {};
      if (e.type === 'decision') {
        P.keep(state.decisions, { target: fields.target, reason: fields.reason, t: e.t });
        $('decision-text').textContent = 'target ' + fields.target + ' — ' + fields.reason;
      }
      if (e.type === 'release') P.keep(state.releases, fields.finger_velocity);
      if (e.type === 'dismiss_attempt') P.keep(state.attempts, { cause: fields.cause, t: e.t, at: performance.now() });
      if (e.type === 'scroll_handoff') {
        P.keep(state.handoffs, { to: fields.to, height: fields.height, offset: fields.offset, t: e.t, at: performance.now() });
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
    P.showReadouts(f);
  }

  function addLog(kind, text) {
    P.keep(state.log, text);
    const item = document.createElement('li');
    if (kind) item.className = kind;
    item.textContent = text;
    const list = $('log');
    list.appendChild(item);
    while (list.childNodes.length > 300) list.removeChild(list.firstChild);
    list.scrollTop = list.scrollHeight;
  }

  // ---------------------------------------------------------------- the loop

  function tick(time) {
    P.send({ type: 'frame', t: time });
    P.flushSet(time);
    P.drawPhone();
    P.drawPlot();
    P.advancePlayback(time);
    requestAnimationFrame(tick);
  }

  connect();
  requestAnimationFrame(tick);
})(window.SheetPreview = window.SheetPreview || {});
