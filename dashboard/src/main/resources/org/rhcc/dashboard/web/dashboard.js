'use strict';

/*
 * The rhcc dashboard page: the time series of one run of an experiment, live while it is simulated (server-sent
 * events from /api/events: a snapshot, then every change) and scrubbable once it has finished. Values shown are also
 * in the DOM: #summary's cells carry data-value (the number exactly as received), #goodput the run's goodput metric,
 * body[data-live-updates] counts the redraws caused by new points of the selected run.
 */
(function () {
  const CHART_HEIGHT = 185;

  const SUMMARY_ROWS = [
    ['t_ms', 't (ms)'],
    ['iio_occupancy', 'IIO occupancy (lines)'],
    ['mba_level_local', 'MBA level, local'],
    ['mba_level_cross', 'MBA level, cross-NUMA'],
    ['rx_delay_ns', 'receiver delay D (ns)'],
    ['r_rev_gbps', 'R_rev, mean per QP (Gbit/s)'],
    ['sender_rate_gbps', 'min(R_rev, R_cc), per QP (Gbit/s)'],
    ['rnic_gbps', 'goodput, all QPs (Gbit/s)'],
    ['pfc_pause_fraction', 'PFC pause fraction'],
    ['cpu_mem_gbps', 'CPU memory (Gbit/s)'],
  ];

  const METRICS = [
    ['goodput', 'rnic_gbps'],
    ['metric-iio', 'iio_occupancy'],
    ['metric-delay', 'rx_delay_ns'],
    ['metric-cpu', 'cpu_mem_gbps'],
    ['metric-pfc', 'pfc_pause_fraction'],
  ];

  function spread(prefix, label, color) {
    return [
      { key: prefix + '_min', label: label + ' min', color: color, width: 1, dash: [4, 3] },
      { key: prefix + '_median', label: label + ' median', color: color, width: 2 },
      { key: prefix + '_max', label: label + ' max', color: color, width: 1, dash: [4, 3] },
    ];
  }

  const CHARTS = [
    {
      id: 'iio', title: 'IIO write-buffer occupancy (64-byte lines)', unit: 'lines',
      lines: [{ key: 'iio_occupancy', label: 'IIO occupancy', color: '#1565c0' }],
      limits: [{ key: 'i_thr', label: 'I_thr', color: '#c62828' },
        { key: 'hostcc_i_t', label: 'I_T (hostCC)', color: '#ef6c00' }],
    },
    {
      id: 'mba', title: 'MBA level per group (1 = 100 %, 5 = 20 %)', unit: 'level',
      lines: [{ key: 'mba_level_local', label: 'local cores', color: '#2e7d32', stepped: true },
        { key: 'mba_level_cross', label: 'cross-NUMA cores', color: '#8e24aa', stepped: true }],
      range: function (u, min, max) {
        return [0.5, Math.max(5.5, (max || 0) + 0.5)];
      },
    },
    {
      id: 'delay', title: 'Receiver processing delay D as the probes see it (ns)', unit: 'ns',
      lines: [{ key: 'rx_delay_ns', label: 'D', color: '#00838f' }],
      limits: [{ key: 'd_thr_ns', label: 'D_thr', color: '#c62828' }],
    },
    {
      id: 'rates', title: 'Rates (Gbit/s): per-QP means per window, and the goodput of all QPs', unit: 'Gbit/s',
      lines: [{ key: 'r_rev_gbps', label: 'R_rev, mean per QP', color: '#6d4c41' },
        { key: 'sender_rate_gbps', label: 'min(R_rev, R_cc), mean per QP', color: '#ef6c00' },
        { key: 'rnic_gbps', label: 'goodput, all QPs', color: '#1565c0' }],
    },
    {
      id: 'pfc', title: 'PFC pause fraction (of each window)', unit: 'fraction',
      lines: [{ key: 'pfc_pause_fraction', label: 'paused', color: '#c62828' }],
      range: function (u, min, max) {
        return [0, Math.max(0.05, max || 0)];
      },
    },
    {
      id: 'cpu', title: 'CPU memory bandwidth (Gbit/s)', unit: 'Gbit/s',
      lines: [{ key: 'cpu_mem_gbps', label: 'CPU memory', color: '#2e7d32' }],
    },
    {
      id: 'qps', wide: true, unit: 'Gbit/s per QP', x: 'qps',
      title: 'Spread over the QPs at each progress tick, per QP: min, median, max (live only)',
      lines: spread('r_rev', 'R_rev', '#6d4c41')
        .concat(spread('r_cc', 'R_cc', '#ef6c00'))
        .concat(spread('goodput', 'goodput', '#1565c0')),
      bands: [[3, 1, 'rgba(109,76,65,0.12)'], [6, 4, 'rgba(239,108,0,0.12)'], [9, 7, 'rgba(21,101,192,0.12)']],
    },
  ];

  const el = {
    run: document.getElementById('run'),
    follow: document.getElementById('follow'),
    status: document.getElementById('status'),
    info: document.getElementById('run-info'),
    label: document.getElementById('run-label'),
    thresholds: document.getElementById('run-thresholds'),
    progress: document.getElementById('run-progress'),
    runState: document.getElementById('run-state'),
    cursor: document.getElementById('cursor'),
    cursorLabel: document.getElementById('cursor-label'),
    wholeRun: document.getElementById('whole-run'),
    charts: document.getElementById('charts'),
    summary: document.getElementById('summary'),
    note: document.getElementById('note'),
  };

  let model = { mode: '', closed: false, experiments: [] };
  let selected = null;
  let plots = [];
  let plotsFor = null;
  let cursorIndex = null;
  let zoom = null;
  let drawTimer = null;
  let liveRedraw = false;
  let liveUpdates = 0;
  let closed = false;
  let source = null;
  let placing = false;

  function runId(experiment, index) {
    return experiment + '/' + index;
  }

  function findExperiment(name) {
    return model.experiments.find(function (e) {
      return e.name === name;
    });
  }

  function findRun(id) {
    if (!id) {
      return null;
    }
    const slash = id.lastIndexOf('/');
    const experiment = findExperiment(id.substring(0, slash));
    return experiment ? experiment.runs[Number(id.substring(slash + 1))] || null : null;
  }

  function fmt(v) {
    if (v === null || v === undefined || Number.isNaN(v)) {
      return '-';
    }
    const a = Math.abs(v);
    if (a >= 100) {
      return v.toFixed(1);
    }
    if (a >= 1 || a === 0) {
      return v.toFixed(2);
    }
    return v.toPrecision(3);
  }

  function setValue(cell, v) {
    cell.dataset.value = v === null || v === undefined ? 'NaN' : String(v);
    cell.textContent = fmt(v);
  }

  // ---------------------------------------------------------------- run selector

  function optionText(run) {
    const state = run.state === 'running' ? ' (' + Math.round(100 * (run.fraction || 0)) + ' %)' :
      run.state === 'planned' ? ' (planned)' : '';
    return '[' + (run.index + 1) + '] ' + run.label + state;
  }

  function rebuildSelector() {
    el.run.textContent = '';
    model.experiments.forEach(function (experiment) {
      const group = document.createElement('optgroup');
      group.label = experiment.name + ' (paper ' + experiment.paper_rows + ')';
      experiment.runs.forEach(function (run) {
        const option = document.createElement('option');
        option.value = runId(experiment.name, run.index);
        option.textContent = optionText(run);
        group.appendChild(option);
      });
      el.run.appendChild(group);
    });
    if (!findRun(selected)) {
      const first = model.experiments.find(function (e) {
        return e.runs.length > 0;
      });
      selected = first ? runId(first.name, 0) : null;
    }
    if (selected) {
      el.run.value = selected;
    }
  }

  function refreshOption(experiment, run) {
    const option = el.run.querySelector('option[value="' + CSS.escape(runId(experiment, run.index)) + '"]');
    if (option) {
      option.textContent = optionText(run);
    }
  }

  function select(id) {
    if (id === selected && plotsFor === id) {
      return;
    }
    selected = id;
    el.run.value = id;
    cursorIndex = null;
    zoom = null;
    buildCharts();
    scheduleDraw(false);
  }

  // ---------------------------------------------------------------- charts

  function chartWidth(def) {
    const columns = def.wide ? 1 : 2;
    return Math.max(300, Math.floor((el.charts.clientWidth - 8 * (columns - 1)) / columns) - 10);
  }

  function chartData(chart, run) {
    const src = chart.x === 'qps' ? run.qps : run.series;
    const xs = (src && src.t_ms) ? src.t_ms.slice() : [];
    const data = [xs];
    chart.shown.forEach(function (line) {
      if (line.limit) {
        data.push(xs.map(function () {
          return line.value;
        }));
      } else {
        const values = src ? src[line.key] : null;
        data.push(values ? values.slice(0, xs.length) : xs.map(function () {
          return null;
        }));
      }
    });
    return data;
  }

  function buildCharts() {
    plots.forEach(function (p) {
      p.plot.destroy();
    });
    plots = [];
    el.charts.textContent = '';
    plotsFor = selected;
    const run = findRun(selected);
    if (!run) {
      return;
    }
    CHARTS.forEach(function (def) {
      const chart = { def: def, x: def.x, shown: def.lines.slice() };
      (def.limits || []).forEach(function (limit) {
        const value = run.thresholds ? run.thresholds[limit.key] : null;
        if (value !== null && value !== undefined) {
          chart.shown.push({ key: limit.key, label: limit.label + ' = ' + value, color: limit.color,
            dash: [6, 4], width: 1.5, limit: true, value: value });
        }
      });
      const box = document.createElement('div');
      box.className = def.wide ? 'chart wide' : 'chart';
      box.id = 'chart-' + def.id;
      el.charts.appendChild(box);
      if (def.x === 'qps' && model.mode === 'replay') {
        const title = document.createElement('div');
        title.className = 'u-title';
        title.textContent = def.title;
        const note = document.createElement('div');
        note.className = 'note';
        note.textContent = 'The spread over the QPs is sampled only while a run is simulated (rhcc experiment ' +
          '--dashboard-port); its JSON keeps the per-window means (Rates).';
        box.appendChild(title);
        box.appendChild(note);
        return;
      }
      const series = [{ label: 't (ms)', value: function (u, v) {
        return v === null || v === undefined ? '-' : v.toFixed(3);
      } }];
      chart.shown.forEach(function (line) {
        series.push({
          label: line.label,
          stroke: line.color,
          width: line.width || 2,
          dash: line.dash,
          spanGaps: false,
          points: line.limit ? { show: false } : undefined,
          paths: line.stepped ? uPlot.paths.stepped({ align: 1 }) : undefined,
          value: function (u, v) {
            return fmt(v);
          },
        });
      });
      const opts = {
        title: def.title,
        width: chartWidth(def),
        height: CHART_HEIGHT,
        scales: { x: { time: false }, y: def.range ? { range: def.range } : {} },
        axes: [{ label: 'simulated time (ms)' }, { label: def.unit }],
        series: series,
        bands: (def.bands || []).map(function (b) {
          return { series: [b[0], b[1]], fill: b[2] };
        }),
        cursor: { y: false, sync: { key: 'rhcc' }, drag: { x: true, y: false, setScale: false } },
        hooks: {
          setSelect: [function (u) {
            if (u.select.width > 2) {
              setZoom(u.posToVal(u.select.left, 'x'), u.posToVal(u.select.left + u.select.width, 'x'));
            }
            u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
          }],
          setCursor: [function (u) {
            if (chart.x !== 'qps' && u.cursor.idx !== null && u.cursor.idx !== undefined && !placing) {
              cursorIndex = u.cursor.idx;
              el.cursor.value = String(cursorIndex);
              showCursor(findRun(selected));
            }
          }],
        },
      };
      chart.plot = new uPlot(opts, chartData(chart, run), box);
      plots.push(chart);
    });
  }

  function placeCursor(run) {
    const xs = run.series.t_ms || [];
    if (xs.length === 0) {
      return;
    }
    const t = xs[cursorIndex === null ? xs.length - 1 : Math.min(cursorIndex, xs.length - 1)];
    placing = true;
    plots.forEach(function (chart) {
      const u = chart.plot;
      const left = u.valToPos(t, 'x');
      if (Number.isFinite(left)) {
        u.setCursor({ left: left, top: u.bbox.height / (2 * (window.devicePixelRatio || 1)) });
      }
    });
    placing = false;
  }

  function setZoom(min, max) {
    zoom = { min: Math.min(min, max), max: Math.max(min, max) };
    plots.forEach(function (chart) {
      chart.plot.setScale('x', zoom);
    });
  }

  function scheduleDraw(live) {
    if (live) {
      liveRedraw = true;
    }
    if (drawTimer === null) {
      drawTimer = setTimeout(draw, 100);
    }
  }

  function draw() {
    drawTimer = null;
    const run = findRun(selected);
    if (!run) {
      showRun(null);
      return;
    }
    if (plotsFor !== selected) {
      buildCharts();
    }
    plots.forEach(function (chart) {
      chart.plot.setData(chartData(chart, run), zoom === null);
      if (zoom !== null) {
        chart.plot.setScale('x', zoom);
      }
    });
    showRun(run);
    // after uPlot has laid out the new data (it commits asynchronously)
    setTimeout(function () {
      if (findRun(selected) === run) {
        placeCursor(run);
      }
    }, 0);
    if (liveRedraw) {
      liveRedraw = false;
      liveUpdates += 1;
      document.body.dataset.liveUpdates = String(liveUpdates);
    }
  }

  // ---------------------------------------------------------------- run panel, summary, scrubbing

  function showRun(run) {
    el.summary.dataset.run = run ? selected : '';
    if (!run) {
      el.info.dataset.state = 'none';
      el.label.textContent = 'no run yet';
      return;
    }
    el.info.dataset.state = run.state;
    el.label.textContent = run.label;
    const limits = run.thresholds;
    el.thresholds.textContent = limits ?
      'I_thr ' + limits.i_thr + ' lines, D_thr ' + limits.d_thr_ns + ' ns' +
        (limits.hostcc_i_t !== null ? ', hostCC I_T ' + limits.hostcc_i_t + ' lines' : '') +
        (Object.keys(run.params || {}).length ? ' (--set ' + Object.entries(run.params).map(function (e) {
          return e[0] + '=' + e[1];
        }).join(' ') + ')' : '') :
      'thresholds unknown to this build';
    el.progress.value = run.fraction || 0;
    el.runState.textContent = run.state === 'running' ?
      Math.round(100 * (run.fraction || 0)) + ' % simulated' : run.state;
    const xs = run.series.t_ms || [];
    const n = xs.length;
    el.summary.dataset.points = String(n);
    el.cursor.max = String(Math.max(0, n - 1));
    el.cursor.disabled = n === 0;
    if (cursorIndex === null) {
      el.cursor.value = String(Math.max(0, n - 1));
    }
    const body = el.summary.tBodies[0];
    if (body.rows.length === 0) {
      SUMMARY_ROWS.forEach(function (row) {
        const tr = body.insertRow();
        tr.dataset.series = row[0];
        const th = document.createElement('th');
        th.textContent = row[1];
        tr.appendChild(th);
        tr.insertCell().className = 'cursor';
        tr.insertCell().className = 'last';
      });
    }
    Array.from(body.rows).forEach(function (tr) {
      const values = run.series[tr.dataset.series];
      setValue(tr.cells[2], values && values.length > 0 ? values[values.length - 1] : null);
    });
    showCursor(run);
    METRICS.forEach(function (m) {
      const cell = document.getElementById(m[0]);
      if (run.metrics) {
        setValue(cell, run.metrics[m[1]]);
      } else {
        cell.dataset.value = '';
        cell.textContent = '-';
      }
    });
    const settled = document.getElementById('metric-settled');
    settled.dataset.value = run.stationary === undefined || run.stationary === null ? '' : String(run.stationary);
    settled.textContent = run.stationary === true ? 'yes' : run.stationary === false ? 'no (halves differ > 5 %)' : '-';
    el.note.textContent = n === 0 && run.state === 'finished' ?
      'This experiment keeps no time series in its JSON (signals, ablation and settling do); ' +
        'a live dashboard shows every run as it is simulated.' : '';
  }

  function showCursor(run) {
    if (!run) {
      return;
    }
    const xs = run.series.t_ms || [];
    const i = xs.length === 0 ? -1 : cursorIndex === null ? xs.length - 1 : Math.min(cursorIndex, xs.length - 1);
    el.cursorLabel.textContent = i < 0 ? '-' : 't = ' + xs[i].toFixed(3) + ' ms' +
      (cursorIndex === null ? ' (last window)' : '');
    Array.from(el.summary.tBodies[0].rows).forEach(function (tr) {
      const values = run.series[tr.dataset.series];
      setValue(tr.cells[1], i >= 0 && values && i < values.length ? values[i] : null);
    });
  }

  el.cursor.addEventListener('input', function () {
    const run = findRun(selected);
    if (!run) {
      return;
    }
    const n = (run.series.t_ms || []).length;
    cursorIndex = Number(el.cursor.value) >= n - 1 && run.state === 'running' ? null : Number(el.cursor.value);
    showCursor(run);
    placeCursor(run);
  });

  el.wholeRun.addEventListener('click', function () {
    zoom = null;
    cursorIndex = null;
    scheduleDraw(false);
  });

  el.run.addEventListener('change', function () {
    el.follow.checked = false;
    select(el.run.value);
  });

  window.addEventListener('resize', function () {
    plots.forEach(function (chart) {
      chart.plot.setSize({ width: chartWidth(chart.def), height: CHART_HEIGHT });
    });
  });

  // ---------------------------------------------------------------- status and events

  function showStatus() {
    const running = model.experiments.filter(function (e) {
      return e.state !== 'finished';
    });
    let state;
    let text;
    if (closed) {
      state = 'closed';
      text = 'the experiment\'s server has stopped: showing what it sent';
    } else if (model.mode === 'replay') {
      state = 'replay';
      text = 'from JSON: ' + model.experiments.map(function (e) {
        return e.name;
      }).join(', ');
    } else if (running.length > 0) {
      const runs = running[0].runs;
      const done = runs.filter(function (r) {
        return r.state === 'finished';
      }).length;
      state = 'live';
      text = 'live: ' + running[0].name + ', ' + done + '/' + runs.length + ' runs finished';
    } else if (model.experiments.length > 0) {
      state = 'finished';
      text = 'finished: ' + model.experiments.map(function (e) {
        return e.name;
      }).join(', ');
    } else {
      state = 'waiting';
      text = 'waiting for the experiment to start';
    }
    el.status.dataset.state = state;
    el.status.textContent = text;
  }

  function onSnapshot(data) {
    model = data;
    el.follow.parentElement.hidden = model.mode === 'replay';
    closed = closed || data.closed;
    rebuildSelector();
    plotsFor = null;
    cursorIndex = null;
    zoom = null;
    showStatus();
    scheduleDraw(false);
  }

  function onExperiment(data) {
    const i = model.experiments.findIndex(function (e) {
      return e.name === data.name;
    });
    if (i >= 0) {
      model.experiments[i] = data;
    } else {
      model.experiments.push(data);
    }
    rebuildSelector();
    if (el.follow.checked && data.runs.length > 0 && !findRun(selected)) {
      select(runId(data.name, 0));
    }
    showStatus();
  }

  function onRun(data) {
    const experiment = findExperiment(data.experiment);
    const run = experiment ? experiment.runs[data.index] : null;
    if (!run) {
      return;
    }
    const started = run.state !== 'running' && data.state === 'running';
    run.state = data.state;
    run.fraction = data.fraction;
    if (data.metrics) {
      run.metrics = data.metrics;
      run.stationary = data.stationary;
    }
    refreshOption(data.experiment, run);
    const id = runId(data.experiment, data.index);
    if (started && el.follow.checked) {
      select(id);
    } else if (id === selected) {
      scheduleDraw(false);
    }
    showStatus();
  }

  function onWindows(data) {
    const experiment = findExperiment(data.experiment);
    const run = experiment ? experiment.runs[data.index] : null;
    if (!run) {
      return;
    }
    [['series', data.series], ['qps', data.qps]].forEach(function (part) {
      const target = run[part[0]];
      Object.entries(part[1] || {}).forEach(function (entry) {
        if (!target[entry[0]]) {
          target[entry[0]] = [];
        }
        Array.prototype.push.apply(target[entry[0]], entry[1]);
      });
    });
    if (runId(data.experiment, data.index) === selected) {
      scheduleDraw(true);
    }
  }

  function onExperimentFinished(data) {
    const experiment = findExperiment(data.experiment);
    if (experiment) {
      experiment.state = 'finished';
    }
    showStatus();
  }

  function connect() {
    source = new EventSource('api/events');
    const handlers = {
      'snapshot': onSnapshot,
      'experiment': onExperiment,
      'run': onRun,
      'windows': onWindows,
      'experiment-finished': onExperimentFinished,
      'closing': function () {
        closed = true;
        source.close();
        showStatus();
      },
    };
    Object.keys(handlers).forEach(function (type) {
      source.addEventListener(type, function (event) {
        handlers[type](JSON.parse(event.data));
      });
    });
    source.onerror = function () {
      if (closed) {
        return;
      }
      if (source.readyState === EventSource.CLOSED) {
        el.status.dataset.state = 'error';
        el.status.textContent = 'the dashboard server does not answer; retrying every 3 s';
        setTimeout(connect, 3000);
      } else {
        el.status.dataset.state = 'error';
        el.status.textContent = 'connection lost; reconnecting';
      }
    };
  }

  connect();
}());
