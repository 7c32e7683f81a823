// sheet preview: the panels. The thresholds (a slider and a number field each; a field applies its
// value on Enter or when it loses focus, and goes back to the sheet's value when the value is refused,
// with the refusal shown) and their write-back into the behaviour file; the keyboard, the list and the
// device; the readouts of the release velocity and the scroll hand-off; the buttons.
'use strict';

(function (P) {
  const $ = (id) => document.getElementById(id);
  const now = () => performance.now();

  // ---------------------------------------------------------------- thresholds

  let editing = null;        // the threshold whose control has focus: the server's value does not overwrite it
  let pendingSet = null;     // the latest slider value not sent yet
  let lastSetTime = 0;

  function message(text, kind) {
    const box = $('threshold-message');
    box.textContent = text;
    box.className = kind || '';
    box.hidden = !text;
  }

  function current(name) {
    const L = P.state.layout;
    const t = L && L.thresholds.find((x) => x.name === name);
    return t ? t.value : null;
  }

  // Puts a threshold's slider and field back to the sheet's value.
  function revert(name) {
    const value = current(name);
    if (value === null) return;
    const number = $('threshold-' + name);
    const slider = $('slider-' + name);
    if (number) { number.value = value; delete number.dataset.sent; }
    if (slider) slider.value = value;
  }

  // A number field's value, applied: on Enter or when it loses focus, never while it is typed in. Text
  // that is no number goes back at once; a number the sheet refuses goes back when the refusal comes.
  function commit(name, number) {
    const text = number.value.trim();
    const value = Number(text);
    if (text === '' || !Number.isFinite(value)) {
      revert(name);
      message(name + ': \'' + text + '\' is not a number; kept ' + current(name), 'error');
      return;
    }
    if (value === current(name) || number.dataset.sent === String(value)) return;
    number.dataset.sent = String(value);  // Enter, then the blur: sent once
    setThreshold(name, value);
  }

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
          pendingSet = { name: t.name, value: Number(slider.value) };
        });
        number.addEventListener('keydown', (event) => {
          if (event.key === 'Enter') { event.preventDefault(); commit(t.name, number); }
          if (event.key === 'Escape') { revert(t.name); number.blur(); }
        });
        number.addEventListener('blur', () => commit(t.name, number));
        for (const input of [slider, number]) {
          input.addEventListener('focus', () => { editing = t.name; });
          input.addEventListener('blur', () => { if (editing === t.name) editing = null; });
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
        delete number.dataset.sent;
      }
    }
  }

  function setThreshold(name, value) {
    lastSetTime = performance.now();
    P.send({ type: 'set', name: name, value: value, t: performance.now() });
  }

  // Slider moves are sent at most 20 times a second; the last one always goes.
  P.flushSet = function (time) {
    if (pendingSet && time - lastSetTime >= 50) {
      setThreshold(pendingSet.name, pendingSet.value);
      pendingSet = null;
    }
  };

  // A refusal from the server: a refused threshold goes back to the sheet's value, and the message
  // shows beside the thresholds (as a refused write's does).
  P.refused = function (m) {
    if (m.refused === 'set' && m.name) {
      revert(m.name);
      message(m.message, 'error');
    } else if (m.refused === 'write') {
      message(m.message, 'error');
    }
  };

  P.showWritten = function (m) {
    message(m.changes.length
      ? 'wrote ' + m.changes.map((c) => c.name + ' = ' + c.new + ' (line ' + c.line + ')').join(', ') + ' to ' + m.file
      : m.file + ' already holds these values: nothing written', 'ok');
  };

  $('reset-thresholds').onclick = () => { editing = null; P.send({ type: 'reset_thresholds', t: now() }); };
  $('write-thresholds').onclick = () => P.send({ type: 'write' });

  // ---------------------------------------------------------------- keyboard, list, device

  // A number field of the panels: its value when it is a finite number in [min, max], else null.
  function field(id) {
    const input = $(id);
    const value = Number(input.value);
    const ok = input.value.trim() !== '' && Number.isFinite(value) && value >= Number(input.min) &&
      (input.max === '' || value <= Number(input.max));
    input.classList.toggle('invalid', !ok);
    return ok ? value : null;
  }

  $('keyboard-show').onclick = () => {
    const height = field('keyboard-height');
    const duration = field('keyboard-duration');
    if (height !== null && duration !== null) P.send({ type: 'keyboard', height: height, duration: duration, t: now() });
  };
  $('keyboard-hide').onclick = () => {
    const duration = field('keyboard-duration');
    P.send({ type: 'keyboard', height: 0, duration: duration === null ? 0.25 : duration, t: now() });
  };

  function sendList() {
    const content = field('list-height');
    if (!$('list').checked) P.send({ type: 'scroll_view', on: false, t: now() });
    else if (content !== null) P.send({ type: 'scroll_view', on: true, content_height: content, top: 32, t: now() });
  }
  $('list').onchange = sendList;
  $('list-height').addEventListener('change', sendList);
  $('list-top').onclick = () => P.send({ type: 'scroll_to', offset: 0, t: now() });
  $('device').onchange = () => P.send({ type: 'device', name: $('device').value, t: now() });

  // What the layout says about the controls: the thresholds, the device, the keyboard, the file.
  P.applyControls = function (L) {
    buildThresholds(L.thresholds);
    P.fillSelect($('device'), L.devices.map((d) => d.id), L.devices.map((d) => d.name));
    $('device').value = L.device;
    $('rotate').textContent = L.landscape ? 'portrait' : 'landscape';
    $('keyboard-state').textContent = L.keyboard > 0 ? 'up, ' + L.keyboard + ' pt' : 'hidden';
    const write = $('write-thresholds');
    write.disabled = !L.file;
    write.title = L.file ? 'write the thresholds into ' + L.file + ' (only their numbers change)'
      : 'the behaviour is a preset: there is no file to write into';
  };

  // ---------------------------------------------------------------- readouts

  const fixed = (v) => (Math.abs(v) < 0.05 ? 0 : v).toFixed(1);
  const way = (v) => (v > 0 ? ' ↓' : v < 0 ? ' ↑' : '');

  P.showReadouts = function (f) {
    const state = P.state;
    const last = state.releases[state.releases.length - 1];
    $('velocity-live').textContent = f.pv === null || f.pv === undefined ? '—' : fixed(f.pv) + ' pt/s' + way(f.pv);
    $('velocity-last').textContent = last === undefined ? 'none yet' : fixed(last) + ' pt/s' + way(last);
    $('pan-owner').textContent = f.owner || '—';
    $('list').checked = !!f.scroll;
    $('scroll-offset').textContent = f.scroll ? fixed(f.scroll.offset) + ' of ' + fixed(f.scroll.max) + ' pt' : 'no list';
    const handoff = state.handoffs[state.handoffs.length - 1];
    $('handoff').textContent = handoff ? 'to ' + handoff.to + ' at height ' + fixed(handoff.height) + ', offset ' +
      fixed(handoff.offset) + ' (t ' + handoff.t.toFixed(3) + ' s)' : 'none yet';
    $('keyboard-now').textContent = fixed(f.k || 0) + ' pt';
    showAccessibility(f);
  };

  // The detent index (2.35: 35% of the way from the third detent to the fourth), the last dismiss
  // attempt, the reduce-motion switch and a button per accessibility action the sheet offers now.
  function showAccessibility(f) {
    const di = f.di === undefined || f.di < 0 ? null : f.di;
    $('detent-index').textContent = di === null ? '—' : di.toFixed(2) + ' (' + Math.round((di - Math.floor(di)) * 100) + '% past ' +
      (P.state.layout && P.state.layout.detents[Math.floor(di)] ? P.state.layout.detents[Math.floor(di)].id : '?') + ')';
    const attempt = P.state.attempts[P.state.attempts.length - 1];
    $('dismiss-attempt').textContent = attempt ? attempt.cause + ' (t ' + attempt.t.toFixed(3) + ' s)' : 'none yet';
    $('reduce-motion').checked = !!f.reduce;
    const actions = f.actions || [];
    const box = $('a11y-actions');
    if (box.dataset.names === actions.join(' ')) return;
    box.dataset.names = actions.join(' ');
    box.replaceChildren(...actions.map((name) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'a11y-action';
      button.dataset.action = name;
      button.textContent = name;
      button.onclick = () => P.send({ type: 'accessibility_action', name: name, t: now() });
      return button;
    }));
  }

  // ---------------------------------------------------------------- buttons

  $('present').onclick = () => P.send({ type: 'present', t: now() });
  $('dismiss').onclick = () => P.send({ type: 'dismiss', t: now() });
  $('back').onclick = () => P.send({ type: 'back', t: now() });
  $('reduce-motion').onchange = () => P.send({ type: 'reduce_motion', on: $('reduce-motion').checked, t: now() });
  document.addEventListener('keydown', (event) => {
    const field = event.target && ['INPUT', 'SELECT', 'TEXTAREA'].includes(event.target.tagName);
    if (event.key === 'Escape' && !field) P.send({ type: 'back', t: now() });
  });
  $('snap').onclick = () => P.send({ type: 'snap', detent: $('snap-detent').value, t: now() });
  $('rotate').onclick = () => P.send({ type: 'rotate', t: now() });
  $('fps').onchange = () => P.send({ type: 'fps', fps: Number($('fps').value) });
  $('record').onclick = () => P.send({ type: 'record', on: !(P.state.layout && P.state.layout.recording), t: now() });
  $('save').onclick = () => P.send({ type: 'save' });

  P.showSaved = function (m) {
    $('saved-path').textContent = 'saved ' + m.path + ' (sheet run ' + m.path + ')';
    const link = $('download');
    link.href = URL.createObjectURL(new Blob([m.text], { type: 'text/x-lua' }));
    link.download = m.path.split('/').pop();
    link.hidden = false;
  };
})(window.SheetPreview = window.SheetPreview || {});
