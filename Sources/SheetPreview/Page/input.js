// sheet preview: the pointer. Every pointer on the phone is a press, numbered as a finger; a press that
// moves becomes a drag (touch_down, touch_move..., touch_up with the pointer's own timestamps), one that
// does not is a tap. The handle beside the phone sets the content's height.
'use strict';

(function (P) {
  const phone = document.getElementById('phone');
  const handle = document.getElementById('content-handle');

  // Every pointer on the phone is a press, numbered as a finger (the lowest of 1 to 10 not down); the
  // server's host decides which finger drags the sheet. A press becomes a drag once it has moved 3 px
  // (as a pan recognizer begins), starting where it went down with the press's own timestamp; a press
  // released before that is a tap.
  const presses = new Map();  // pointerId -> press

  function point(event) {
    const rect = phone.getBoundingClientRect();
    return { x: (event.clientX - rect.left) / P.scale, y: (event.clientY - rect.top) / P.scale };
  }

  function freeFinger() {
    const used = new Set([...presses.values()].map((p) => p.finger));
    for (let finger = 1; finger <= 10; finger++) if (!used.has(finger)) return finger;
    return null;
  }

  function sendTouch(type, press, p, t) {
    const message = { type: type, finger: press.finger, x: p.x, y: p.y, t: t };
    P.keep(P.state.sent, message);
    P.send(message);
  }

  phone.addEventListener('pointerdown', (event) => {
    const finger = freeFinger();
    if (finger === null) return;
    phone.setPointerCapture(event.pointerId);
    presses.set(event.pointerId, {
      finger: finger, start: point(event), t: event.timeStamp, dragging: false, clientX: event.clientX,
      clientY: event.clientY,
    });
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
    if (press.dragging) {
      sendTouch('touch_up', press, point(event), event.timeStamp);
    } else {
      const p = point(event);
      const tap = { type: 'tap', x: p.x, y: p.y, t: event.timeStamp };
      P.keep(P.state.sent, tap);
      P.send(tap);
    }
  });

  phone.addEventListener('pointercancel', (event) => {
    const press = presses.get(event.pointerId);
    if (!press) return;
    presses.delete(event.pointerId);
    if (press.dragging) P.send({ type: 'touch_cancel', finger: press.finger, t: event.timeStamp });
  });

  // the content-height handle: dragged along the screen's height (a side sheet has none)
  P.placeContentHandle = function () {
    const L = P.state.layout;
    if (!L) return;
    handle.hidden = P.isSide(L);
    const h = L.contentHeight === null || L.contentHeight === undefined ? L.height / 2 : L.contentHeight;
    const y = L.edge === 'bottom' ? L.height - h : h;
    handle.style.top = (10 + y * P.scale - 11) + 'px';
    handle.title = 'content height ' + (L.contentHeight === null ? '(none; drag to set one)' : Math.round(h));
  };

  let handleDrag = null;
  handle.addEventListener('pointerdown', (event) => {
    handle.setPointerCapture(event.pointerId);
    handleDrag = event.pointerId;
    event.preventDefault();
  });
  handle.addEventListener('pointermove', (event) => {
    if (handleDrag !== event.pointerId || !P.state.layout) return;
    const L = P.state.layout;
    const y = Math.max(0, Math.min(L.height, (event.clientY - phone.getBoundingClientRect().top) / P.scale));
    const h = L.edge === 'bottom' ? L.height - y : y;
    handle.style.top = (10 + y * P.scale - 11) + 'px';
    handle.dataset.pending = String(Math.round(h));
  });
  handle.addEventListener('pointerup', (event) => {
    if (handleDrag !== event.pointerId) return;
    handleDrag = null;
    if (handle.dataset.pending) P.send({ type: 'content', height: Number(handle.dataset.pending), t: performance.now() });
    delete handle.dataset.pending;
  });
})(window.SheetPreview = window.SheetPreview || {});
