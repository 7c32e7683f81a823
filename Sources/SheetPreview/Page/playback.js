// sheet preview: playback. The replay view plays a scenario's frames (the command line's scenario or
// the last recording) with play, pause, frame step and a scrubber; the compare view plays one gesture
// under two behaviours side by side.
'use strict';

(function (P) {
  const $ = (id) => document.getElementById(id);

  // ---------------------------------------------------------------- replay

  const replayCanvas = $('replay-canvas');
  let replayPlaying = false;
  let replayClock = null;

  $('replay-scenario').onclick = () => P.send({ type: 'replay', source: 'scenario' });
  $('replay-recording').onclick = () => P.send({ type: 'replay', source: 'recording' });
  $('replay-play').onclick = () => { if (P.state.replay) { replayPlaying = true; replayClock = null; } };
  $('replay-pause').onclick = () => { replayPlaying = false; };
  $('replay-step').onclick = () => {
    replayPlaying = false;
    const scrub = $('replay-scrub');
    scrub.value = String(Math.min(Number(scrub.max), Number(scrub.value) + 1));
    drawReplay();
  };
  $('replay-scrub').oninput = () => { replayPlaying = false; drawReplay(); };

  P.startReplay = function (m) {
    P.state.replay = m;
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
  };

  function replayLayout(m) {
    const L = P.state.layout || {};
    return { width: m.width, height: m.height, safeTop: m.safeTop, edge: L.edge || 'bottom',
      cornerRadius: L.cornerRadius || 12, grabber: L.grabber, detents: [] };
  }

  function drawReplay() {
    const m = P.state.replay;
    if (!m || !m.frames.length) return;
    const index = Number($('replay-scrub').value);
    const f = m.frames[index];
    P.drawScreen(replayCanvas.getContext('2d'), m.width, m.height, replayCanvas.width / m.width, f[1], f[2],
      replayLayout(m), false, null);
    $('replay-time').textContent = f[0].toFixed(3) + ' s  ' + f[3] + (f[4] ? ' ' + f[4] : '');
  }

  function advanceReplay(time) {
    const m = P.state.replay;
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
  $('compare-run').onclick = () => P.send({ type: 'compare', behaviour: $('compare-with').value });
  $('compare-play').onclick = () => { comparePlaying = true; compareClock = null; };

  P.showCompare = function (m) {
    P.state.compare = m;
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
  };

  function advanceCompare(time) {
    const m = P.state.compare;
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
      P.drawScreen(run.canvas.getContext('2d'), m.width, m.height, run.canvas.width / m.width, f[1], f[2],
        replayLayout(m), false, null);
    }
    if (!running) comparePlaying = false;
  }

  // Each animation frame: the replay and the comparison move on.
  P.advancePlayback = function (time) {
    advanceReplay(time);
    if (comparePlaying || (P.state.compare && compareClock === null)) advanceCompare(time);
  };
})(window.SheetPreview = window.SheetPreview || {});
