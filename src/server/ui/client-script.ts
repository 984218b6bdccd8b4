/**
 * The dashboard's only script of its own, served as /ui/assets/dashboard.js (the
 * Content-Security-Policy forbids inline scripts). It draws the charts whose data the server put
 * in `data-chart` attributes, keeps the timeline's slider and date in step, and refreshes the
 * Overview when the server-sent events stream says the audit head moved.
 */
export const CLIENT_SCRIPT = String.raw`(function () {
  "use strict";
  function css(name) {
    return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || "#888";
  }
  function drawCharts(root) {
    root.querySelectorAll("[data-chart]").forEach(function (el) {
      if (el.dataset.drawn || typeof uPlot === "undefined") return;
      el.dataset.drawn = "1";
      var spec = JSON.parse(el.dataset.chart);
      var width = Math.max(280, Math.min(640, el.clientWidth || 480));
      if (spec.kind === "lines") return drawLines(el, spec, width);
      var xs = spec.labels.map(function (_, i) { return i; });
      var opts = {
        width: width,
        height: 180,
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: false, range: [-0.5, xs.length - 0.5] } },
        axes: [
          { stroke: css("--fg"), grid: { show: false }, splits: function () { return xs; },
            values: function (_, ticks) { return ticks.map(function (t) { return spec.labels[t] || ""; }); } },
          { stroke: css("--fg"), grid: { stroke: css("--rule") } }
        ],
        series: [{}, { label: spec.label, stroke: css("--accent"), fill: css("--accent"), width: 0,
          paths: uPlot.paths.bars({ size: [0.6, 64] }), points: { show: false } }]
      };
      new uPlot(opts, [xs, spec.values], el);
    });
  }
  function drawLines(el, spec, width) {
    var colours = [css("--accent"), css("--bad")];
    var opts = {
      width: width,
      height: 180,
      cursor: { show: false },
      legend: { show: true, live: false },
      axes: [
        { stroke: css("--fg"), grid: { show: false } },
        { stroke: css("--fg"), grid: { stroke: css("--rule") } }
      ],
      series: [{}].concat(spec.series.map(function (s, i) {
        return { label: s.label, stroke: colours[i % colours.length], width: 2, points: { show: false } };
      }))
    };
    new uPlot(opts, [spec.xs].concat(spec.series.map(function (s) { return s.values; })), el);
  }
  function drawGraph(root) {
    root.querySelectorAll("[data-graph]").forEach(function (el) {
      if (el.dataset.drawn || typeof cytoscape === "undefined") return;
      el.dataset.drawn = "1";
      var spec = JSON.parse(el.dataset.graph);
      var cy = cytoscape({
        container: el,
        elements: spec.nodes.map(function (n) { return { data: n }; }).concat(spec.edges.map(function (e, i) {
          return { data: { id: "l" + i, source: e.source, target: e.target, strength: e.strength } };
        })),
        style: [
          { selector: "node", style: { "background-color": css("--accent"), label: "data(id)", color: css("--fg"),
            "font-size": 12, "text-valign": "bottom", "text-margin-y": 4, width: 18, height: 18 } },
          { selector: "edge", style: { "line-color": css("--muted"), width: "mapData(strength, 0, 3, 1, 6)" } }
        ],
        // A circle reads best for a few episodes; a force layout for many.
        layout: spec.nodes.length <= 12
          ? { name: "circle", padding: 60 }
          : { name: "cose", animate: false, padding: 40, idealEdgeLength: function () { return 120; } },
        maxZoom: 1.5,
        wheelSensitivity: 0.2
      });
      cy.on("tap", "node", function (e) { window.location.href = spec.base + e.target.id(); });
    });
  }
  function syncTimeline(root) {
    root.querySelectorAll("input[data-days-back]").forEach(function (range) {
      if (range.dataset.bound) return;
      range.dataset.bound = "1";
      var form = range.form;
      var date = form && form.querySelector("input[name=at]");
      var today = range.dataset.today;
      range.addEventListener("input", function () {
        var d = new Date(today + "T00:00:00Z");
        d.setUTCDate(d.getUTCDate() - Number(range.max) + Number(range.value));
        if (date) date.value = d.toISOString().slice(0, 10);
        var out = form.querySelector("output");
        if (out) out.textContent = date ? date.value : "";
      });
      range.addEventListener("change", function () { form.requestSubmit(); });
    });
  }
  // One stream per page, while the page shows an element with data-live (the Overview).
  var source = null;
  function live() {
    var el = document.querySelector("[data-live]");
    if (!el) {
      if (source) { source.close(); source = null; }
      return;
    }
    if (source || typeof EventSource === "undefined") return;
    source = new EventSource(el.dataset.live);
    source.addEventListener("head", function (e) {
      var current = document.querySelector("[data-live]");
      if (!current || current.dataset.head === e.data || !window.htmx) return;
      current.dataset.head = e.data;
      htmx.ajax("GET", current.dataset.refresh, { target: "#" + current.id, select: "#" + current.id, swap: "outerHTML" });
    });
  }
  window.addEventListener("pagehide", function () { if (source) { source.close(); source = null; } });
  function init(root) {
    drawCharts(root);
    drawGraph(root);
    syncTimeline(root);
    live();
  }
  document.addEventListener("DOMContentLoaded", function () { init(document); });
  document.addEventListener("htmx:load", function (e) { init(e.target); });
})();
`;
