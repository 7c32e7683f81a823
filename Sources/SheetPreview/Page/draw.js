// sheet preview: drawing. The screen (the app behind the sheet, the safe area's notch and home
// indicator), the sheet with its content (a header and the rows of its list, scrolled to the frame's
// offset and outlined while the list has the finger), the keyboard, and the plot of the last 5 s.
'use strict';

(function (P) {
  const ROW = 44;  // a row of the list, points (UIKit's default row height)

  // Draws a screen of the layout's kind with the sheet at height h and the backdrop at b; `f` is the
  // frame (its keyboard and scroll view) when the content is drawn, null for a replay's miniature.
  P.drawScreen = function (c, width, height, pixelScale, h, b, L, guides, f) {
    c.save();
    c.setTransform(pixelScale, 0, 0, pixelScale, 0, 0);
    drawBehind(c, width, height, L, f && f.behind);
    // the backdrop
    c.fillStyle = 'rgba(0, 0, 0, ' + Math.max(0, Math.min(1, b)) + ')';
    c.fillRect(0, 0, width, height);
    if (P.isSide(L)) {
      // a side sheet is the bottom (trailing) or top (leading) sheet of the screen turned a quarter:
      // the turned screen's point (x', y') is drawn at (y', height - x'), its height is our width
      c.transform(0, -1, 1, 0, 0, height);
      const turned = Object.assign({}, L, {
        edge: L.edge === 'trailing' ? 'bottom' : 'top', safeTop: 0, safeBottom: 0, safeLeft: 0, safeRight: 0,
      });
      if (guides) drawGuides(c, height, width, turned);
      drawFaded(c, height, width, h, turned, f);
      c.setTransform(pixelScale, 0, 0, pixelScale, 0, 0);
    } else {
      if (guides) drawGuides(c, width, height, L);
      drawFaded(c, width, height, h, L, f);
    }
    if (f && f.k > 0) drawKeyboard(c, width, height, f.k);
    if (f) drawHardware(c, width, height, L);
    c.restore();
  };

  // Whether the layout's sheet is a side sheet: it moves along x, its height is a width.
  P.isSide = function (L) { return L.edge === 'leading' || L.edge === 'trailing'; };

  // The sheet at height h; during a cross-fade (reduce motion) its old place fades out as it fades in at
  // its new one; a dismiss attempt flashes on top.
  function drawFaded(c, width, height, h, L, f) {
    const fade = f && f.fade;
    if (fade && fade.from > 0 && fade.progress < 1) {
      c.globalAlpha = 1 - fade.progress;
      drawSheet(c, width, height, fade.from, L, f);
    }
    c.globalAlpha = fade ? Math.max(0, Math.min(1, fade.progress)) : 1;
    if (h > 0) drawSheet(c, width, height, h, L, f);
    c.globalAlpha = 1;
    if (f && P.state.attempts) drawAttempt(c, width, height, h, L);
  }

  // The app behind the sheet, a plain list, as the frame's view behind describes it (the behaviour's
  // `behind`): scaled about its top centre, its corners rounded, moved down by `offset` and dimmed by a
  // black overlay; without one (or in a replay's miniature) it stays as it is.
  function drawBehind(c, width, height, L, v) {
    c.fillStyle = '#10131a';
    c.fillRect(0, 0, width, height);
    c.save();
    if (v) {
      c.translate(width / 2, v.offset);
      c.scale(v.scale, v.scale);
      c.translate(-width / 2, 0);
    }
    c.fillStyle = '#dfe4ec';
    P.roundRect(c, 0, 0, width, height, v ? Math.min(v.corner_radius, width / 2, height / 2) : 0);
    c.save();
    c.clip();
    c.fillStyle = '#c7cfdc';
    const left = L.safeLeft || 0;
    const right = L.safeRight || 0;
    for (let y = (L.safeTop || 0) + 16; y < height - 40; y += 56) c.fillRect(16 + left, y, width - 32 - left - right, 40);
    if (v && v.dim > 0) {
      c.fillStyle = 'rgba(0, 0, 0, ' + Math.min(1, v.dim) + ')';
      c.fillRect(0, 0, width, height);
    }
    c.restore();
    c.restore();
  }

  // A dismiss attempt (a sheet that may not be dismissed, asked to go): its moving edge flashes red for
  // 600 ms, with the cause.
  function drawAttempt(c, width, height, h, L) {
    const attempt = P.state.attempts[P.state.attempts.length - 1];
    if (!attempt || performance.now() - attempt.at > 600 || h <= 0) return;
    const y = L.edge === 'bottom' ? height - h : h;
    c.strokeStyle = '#d03a2f';
    c.lineWidth = 3;
    c.beginPath(); c.moveTo(0, y); c.lineTo(width, y); c.stroke();
    c.fillStyle = '#d03a2f';
    c.font = '600 12px system-ui, sans-serif';
    c.fillText('dismiss attempt: ' + attempt.cause, 8 + (L.safeLeft || 0), L.edge === 'bottom' ? y - 8 : y + 16);
  }

  // dashed guides at the active detents
  function drawGuides(c, width, height, L) {
    c.strokeStyle = '#e08a1e';
    c.lineWidth = 1;
    c.setLineDash([6, 5]);
    for (const d of L.detents) {
      const y = L.edge === 'bottom' ? height - d.height : d.height;
      c.beginPath(); c.moveTo(0, y + 0.5); c.lineTo(width, y + 0.5); c.stroke();
      c.fillStyle = '#e08a1e';
      c.font = '11px system-ui, sans-serif';
      c.fillText(d.id, 6 + (L.safeLeft || 0), y - 4);
    }
    c.setLineDash([]);
  }

  // The safe area's hardware: a notch or island where an inset of 44 pt or more is (the top in
  // portrait, the left side in landscape) and the home indicator in the bottom inset.
  function drawHardware(c, width, height, L) {
    c.fillStyle = '#10131a';
    if ((L.safeTop || 0) >= 44) P.roundRect(c, width / 2 - 62, 11, 124, 36, 18);
    if ((L.safeLeft || 0) >= 44) P.roundRect(c, 11, height / 2 - 62, 36, 124, 18);
    if ((L.safeBottom || 0) > 0) P.roundRect(c, width / 2 - 67, height - Math.min(L.safeBottom, 13) + 4, 134, 5, 2.5);
  }

  // the sheet, its corners rounded at its moving edge, with its grabber and its content
  function drawSheet(c, width, height, h, L, f) {
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
    if (f) {
      c.save();
      c.clip();
      drawContent(c, width, top, bottom, L, f);
      c.restore();
    }
    if (L.grabber) {
      c.fillStyle = '#c3c7d0';
      const gy = L.edge === 'bottom' ? top + 5 : bottom - 10;
      P.roundRect(c, width / 2 - 18, gy, 36, 5, 2.5);
    }
  }

  // The content: the list's rows in the scroll view's frame (from `top` inside the sheet's leading edge,
  // `height` deep), moved up by the content offset; without a scroll view, rows down to the content's
  // height (or the sheet's end). A bottom sheet's content hangs from its top edge, a top sheet's ends at
  // its bottom edge.
  function drawContent(c, width, top, bottom, L, f) {
    const s = f.scroll;
    const inset = 16 + Math.max(L.safeLeft || 0, 0);
    const rowWidth = width - inset - 16 - (L.safeRight || 0);
    let frameTop, frameHeight, first;
    if (s) {
      frameTop = L.edge === 'bottom' ? top + s.top : bottom - s.top - s.height;
      frameHeight = s.height;
      first = frameTop - s.offset;
    } else {
      const content = L.contentHeight === null || L.contentHeight === undefined ? bottom - top : L.contentHeight;
      frameTop = L.edge === 'bottom' ? top + 32 : bottom - 32 - Math.max(0, bottom - top - 32);
      frameHeight = Math.max(0, Math.min(bottom - top - 32, content - 32));
      first = frameTop;
    }
    c.fillStyle = '#1d2330';
    c.font = '600 15px system-ui, sans-serif';
    c.fillText(L.behaviour || 'sheet', inset, L.edge === 'bottom' ? top + 26 : bottom - 10);
    if (frameHeight <= 0) return;
    c.save();
    c.beginPath();
    c.rect(0, frameTop, width, frameHeight);
    c.clip();
    const rows = s ? Math.ceil(s.content / ROW) : Math.ceil(frameHeight / ROW);
    const from = Math.max(0, Math.floor((frameTop - first) / ROW));
    const to = Math.min(rows, Math.ceil((frameTop + frameHeight - first) / ROW) + 1);
    c.font = '13px system-ui, sans-serif';
    for (let i = from; i < to; i++) {
      const y = first + i * ROW;
      c.fillStyle = i % 2 ? '#eef1f6' : '#e4e9f2';
      c.fillRect(inset, y + 2, rowWidth, ROW - 4);
      c.fillStyle = '#4a5470';
      c.fillText('row ' + (i + 1), inset + 10, y + ROW / 2 + 5);
    }
    c.restore();
    if (!s) return;
    // the scroll indicator, and the frame outlined while the list moves with the finger (orange for
    // 600 ms after a hand-off)
    if (s.max > 0) {
      const bar = Math.max(24, frameHeight * frameHeight / s.content);
      const y = frameTop + (frameHeight - bar) * Math.max(0, Math.min(1, s.offset / s.max));
      c.fillStyle = 'rgba(29, 35, 48, 0.35)';
      P.roundRect(c, width - 6 - (L.safeRight || 0), y, 3, bar, 1.5);
    }
    const handoff = P.state.handoffs[P.state.handoffs.length - 1];
    const recent = handoff && performance.now() - handoff.at < 600;
    if (recent || f.owner === 'scroll') {
      c.strokeStyle = recent ? '#e08a1e' : '#2f5fd0';
      c.lineWidth = 2;
      c.strokeRect(inset - 4, frameTop + 1, rowWidth + 8, frameHeight - 2);
    }
  }

  // The keyboard: `k` points above the screen's bottom edge, a light grey board with four rows of keys.
  function drawKeyboard(c, width, height, k) {
    const top = height - k;
    c.fillStyle = '#cfd3da';
    c.fillRect(0, top, width, k);
    c.fillStyle = '#ffffff';
    const keys = [10, 9, 9, 5];
    const rowHeight = 54;
    keys.forEach((count, row) => {
      const y = top + 8 + row * rowHeight;
      if (y + 42 > height) return;
      const keyWidth = (width - 8) / 10 - 6;
      const start = (width - count * (keyWidth + 6)) / 2;
      for (let i = 0; i < count; i++) P.roundRect(c, start + i * (keyWidth + 6), y, keyWidth, 42, 5);
    });
  }

  P.roundRect = function (c, x, y, w, h, r) {
    c.beginPath();
    c.moveTo(x + r, y); c.arcTo(x + w, y, x + w, y + h, r); c.arcTo(x + w, y + h, x, y + h, r);
    c.arcTo(x, y + h, x, y, r); c.arcTo(x, y, x + w, y, r); c.closePath(); c.fill();
  };

  P.drawPhone = function () {
    const L = P.state.layout;
    const f = P.state.frame;
    if (!L || !f) return;
    const phone = document.getElementById('phone');
    P.drawScreen(phone.getContext('2d'), L.width, L.height, phone.width / L.width, f.h, f.b, L, true, f);
  };

  P.drawPlot = function () {
    const plot = document.getElementById('plot');
    const c = plot.getContext('2d');
    const L = P.state.layout;
    c.clearRect(0, 0, plot.width, plot.height);
    if (!L) return;
    const now = performance.now();
    const x = (t) => plot.width - (now - t) / 5000 * plot.width;
    const extent = P.isSide(L) ? L.width : L.height;  // the screen along the sheet's axis
    const yh = (h) => plot.height - 6 - h / extent * (plot.height - 12);
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
      P.state.history.forEach((p, i) => (i ? c.lineTo(x(p.t), value(p)) : c.moveTo(x(p.t), value(p))));
      c.stroke();
    };
    line('#2f5fd0', (p) => yh(p.h));
    line('#8a8f99', (p) => plot.height - 6 - p.b * (plot.height - 12));
    c.fillStyle = '#2f5fd0'; c.fillText('height', 6, 12);
    c.fillStyle = '#8a8f99'; c.fillText('backdrop (0–1)', 50, 12);
  };
})(window.SheetPreview = window.SheetPreview || {});
