// Draws the charts described in #mq-charts (built by ChartSpec.java) with Chart.js, then records in
// #mq-status how many drew something, so a headless browser test can check the page.
(function () {
  'use strict';
  var errors = window.__mqErrors || [];
  var status = document.getElementById('mq-status');

  // sizes in binary units (heap, segments), rates in decimal ones as HumanUnits prints them (MB = 10^6 bytes)
  function scaled(v, base, units) {
    var i = 0;
    while (Math.abs(v) >= base && i < units.length - 1) { v /= base; i++; }
    return (i === 0 ? v.toFixed(0) : v.toFixed(Math.abs(v) < 10 ? 1 : 0)) + ' ' + units[i];
  }
  function bytes(v) { return scaled(v, 1024, ['B', 'KiB', 'MiB', 'GiB', 'TiB']); }
  function rate(v) { return scaled(v, 1000, ['B', 'kB', 'MB', 'GB', 'TB']) + '/s'; }
  function compact(v) {
    var a = Math.abs(v);
    if (a >= 1e6) { return +(v / 1e6).toFixed(1) + 'M'; }
    if (a >= 1e3) { return +(v / 1e3).toFixed(1) + 'k'; }
    return +v.toFixed(a < 10 ? 2 : 0) + '';
  }
  function micros(v) {
    if (v < 1000) { return v.toFixed(0) + ' µs'; }
    if (v < 1e6) { return +(v / 1000).toFixed(1) + ' ms'; }
    return +(v / 1e6).toFixed(2) + ' s';
  }
  function elapsed(v) {
    var s = Math.round(v), m = Math.floor(s / 60), r = Math.abs(s % 60);
    return m + ':' + (r < 10 ? '0' : '') + r;
  }
  // unit ids are MetricUnit.id() in Java
  var FORMAT = {
    bytes_per_second: rate,
    bytes: bytes,
    cores: function (v) { return +v.toFixed(2) + ''; },
    percent: function (v) { return +v.toFixed(1) + ' %'; },
    millis: function (v) { return micros(v * 1000); },
    micros: micros,
    per_second: function (v) { return compact(v) + '/s'; },
    count: compact,
    elapsed: elapsed
  };
  function format(unit, v) {
    if (v === null || v === undefined || isNaN(v)) { return '–'; }
    return (FORMAT[unit] || compact)(v);
  }

  var bands = {
    id: 'mqBands',
    beforeDatasetsDraw: function (chart, args, options) {
      var list = options && options.bands;
      if (!list || !list.length) { return; }
      var x = chart.scales.x, area = chart.chartArea, ctx = chart.ctx;
      ctx.save();
      ctx.font = '10px system-ui, sans-serif';
      list.forEach(function (b) {
        var x0 = Math.max(area.left, x.getPixelForValue(b.x[0]));
        var x1 = Math.min(area.right, x.getPixelForValue(b.x[1]));
        if (!(x1 > x0)) { return; }
        ctx.fillStyle = b.color;
        ctx.fillRect(x0, area.top, x1 - x0, area.bottom - area.top);
        if (b.label && x1 - x0 > 8) {
          ctx.fillStyle = '#475569';
          ctx.fillText(b.label, x0 + 2, b.bottom ? area.bottom - 4 : area.top + 10);
        }
      });
      ctx.restore();
    }
  };

  // size axes get ticks on round binary values (16 MiB, not 16.8 MB shown as 16 MiB); rate axes keep Chart.js's decimal ones
  function binaryStep(max) {
    var unit = 1;
    while (max / unit >= 1024) { unit *= 1024; }
    var raw = max / unit / 5, steps = [1, 2, 2.5, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000];
    for (var i = 0; i < steps.length; i++) { if (steps[i] >= raw) { return steps[i] * unit; } }
    return 1000 * unit;
  }
  // Chart.js then widens min/max to its own decimal ticks; the binary ticks and bounds are put back after
  function binaryTicks(axis) {
    if (!(axis.max > 0)) { return; }
    var step = binaryStep(axis.max);
    axis.mqStep = step;
    axis.mqMax = Math.ceil(axis.max / step - 1e-9) * step;
  }
  function binaryTickList(axis) {
    if (!axis.mqStep) { return; }
    var ticks = [];
    for (var v = 0; v <= axis.mqMax + axis.mqStep / 2; v += axis.mqStep) { ticks.push({ value: v }); }
    axis.ticks = ticks;
    axis.min = 0;
    axis.max = axis.mqMax;
  }

  function axisOptions(axis, position, grid) {
    var o = {
      type: 'linear', position: position, beginAtZero: true,
      title: { display: !!axis.title, text: axis.title },
      grid: { drawOnChartArea: grid },
      ticks: { maxTicksLimit: 7, callback: function (v) { return format(axis.unit, v); } }
    };
    if (axis.max !== undefined) { o.max = axis.max; }
    if (axis.suggestedMax !== undefined) { o.suggestedMax = axis.suggestedMax; }
    if (axis.unit === 'bytes' && axis.max === undefined) {
      o.afterDataLimits = binaryTicks;
      o.afterBuildTicks = binaryTickList;
    }
    return o;
  }

  function config(spec) {
    var axes = spec.axes || {};
    var scales = {};
    if (spec.x.type === 'category') {
      scales.x = { type: 'category', labels: spec.x.labels, title: { display: true, text: spec.x.title } };
    } else {
      scales.x = { type: 'linear', title: { display: true, text: spec.x.title },
        ticks: { maxTicksLimit: 8, callback: function (v) { return elapsed(v); } } };
    }
    Object.keys(axes).forEach(function (id, i) {
      scales[id] = axisOptions(axes[id], i === 0 ? 'left' : 'right', i === 0);
      if (spec.stacked) { scales[id].stacked = true; }
    });
    if (spec.stacked) { scales.x.stacked = true; }
    var datasets = spec.datasets.map(function (d) {
      var marker = !!d.marker;
      return {
        label: d.label, data: d.data, yAxisID: d.axis,
        borderColor: d.color, backgroundColor: d.fill && d.color.length === 7 && !spec.stacked ? d.color + '22' : d.color,
        borderWidth: d.width || 2, borderDash: d.dash ? [6, 4] : [],
        fill: !!d.fill, tension: 0, spanGaps: false, showLine: d.line !== false,
        pointStyle: marker ? d.marker : 'circle',
        pointRadius: marker ? 9 : (spec.x.type === 'category' && d.points !== false ? 3 : 0),
        pointHoverRadius: marker ? 11 : 4,
        pointBorderWidth: marker ? (/^(star|cross|crossRot)$/.test(d.marker) ? 3 : 2) : 1,
        // star and cross shapes are drawn by their outline only
        pointBorderColor: marker && !/^(star|cross|crossRot)$/.test(d.marker) ? '#ffffff' : d.color,
        order: marker ? -1 : 0,
        unit: (axes[d.axis] || {}).unit
      };
    });
    return {
      type: spec.stacked ? 'bar' : 'line',
      data: { datasets: datasets, labels: spec.x.type === 'category' ? spec.x.labels : undefined },
      options: {
        animation: false, responsive: true, maintainAspectRatio: false, parsing: true, normalized: true,
        layout: { padding: { top: 12 } },
        interaction: { mode: spec.x.type === 'category' ? 'index' : 'nearest', axis: 'x', intersect: false },
        scales: scales,
        plugins: {
          legend: { position: 'bottom', labels: { boxWidth: 12, boxHeight: 8, usePointStyle: true, font: { size: 11 } } },
          tooltip: {
            callbacks: {
              title: function (items) {
                if (!items.length) { return ''; }
                return spec.x.type === 'category' ? items[0].label : elapsed(items[0].parsed.x);
              },
              label: function (item) {
                return item.dataset.label + ': ' + format(item.dataset.unit, item.parsed.y);
              }
            }
          },
          mqBands: { bands: spec.bands || [] }
        }
      },
      plugins: [bands]
    };
  }

  // a chart counts as drawn when some dataset has a point on the canvas and the canvas holds pixels
  function drew(chart) {
    var points = 0;
    chart.data.datasets.forEach(function (d, i) {
      if (!chart.isDatasetVisible(i)) { return; }
      chart.getDatasetMeta(i).data.forEach(function (el) {
        if (el && !el.skip && isFinite(el.x) && isFinite(el.y)) { points++; }
      });
    });
    var canvas = chart.canvas;
    if (points === 0 || !canvas.width || !canvas.height) { return false; }
    var pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    for (var i = 3; i < pixels.length; i += 4) {
      if (pixels[i] !== 0) { return true; }
    }
    return false;
  }

  var drawn = 0;
  var specs = [];
  try {
    specs = JSON.parse(document.getElementById('mq-charts').textContent);
    if (typeof Chart === 'undefined') { throw new Error('Chart.js did not load'); }
    Chart.defaults.font.family = 'system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif';
    Chart.defaults.color = '#334155';
    specs.forEach(function (spec) {
      try {
        var chart = new Chart(document.getElementById(spec.id), config(spec));
        if (drew(chart)) { drawn++; } else { errors.push('chart ' + spec.id + ' drew nothing'); }
      } catch (e) {
        errors.push('chart ' + spec.id + ': ' + e.message);
      }
    });
  } catch (e) {
    errors.push('charts: ' + e.message);
  }
  status.setAttribute('data-charts-expected', String(specs.length));
  status.setAttribute('data-charts-drawn', String(drawn));
  if (window.__mqPublishErrors) { window.__mqPublishErrors(); } else { status.setAttribute('data-errors', errors.join(' | ')); }
  status.setAttribute('data-ready', 'true');
})();
