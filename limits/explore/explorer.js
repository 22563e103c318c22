// The explorer: controls, the curve, the value, the limit and the board, all redrawn as p moves.
// One ES module (after exact.js and visits.js): mount() draws into an element from the page's data and a
// store for the view's fragment (the page's address, or a Jupyter widget's model).

const CURVE_COLOURS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
                       "#bcbd22", "#17becf", "#393b79", "#637939"];
const SVGNS = "http://www.w3.org/2000/svg";
const PLOT = { w: 640, h: 300, left: 46, right: 14, top: 14, bottom: 34 };  // w and h follow the page's width
const SHOWN = 6;  // digits of the other faces' values and of the partial sums

function h(tag, attrs = {}, ...children) {
  const e = tag.startsWith("svg:") ? document.createElementNS(SVGNS, tag.slice(4)) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "on") for (const [ev, f] of Object.entries(v)) e.addEventListener(ev, f);
    else if (v !== null && v !== undefined) e.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}

class Family {
  constructor(spec, index) {
    Object.assign(this, spec);
    this.colour = CURVE_COLOURS[index % CURVE_COLOURS.length];
    this.fn = spec.sigma.numerator ? { num: spec.sigma.numerator.map(BigInt), den: spec.sigma.denominator.map(BigInt) }
                                   : null;
    this.affine = spec.faces.map(([a, b]) => [parseRatio(a), parseRatio(b)]);
    this.coinMap = spec.coin ? parseCoin(spec.coin) : null;
    this.series = {};
    for (const [end, view] of Object.entries(spec.limits)) {
      this.series[end] = view.coefficients.map(([j, a]) => [j, parseRatio(a)]);
    }
  }
  get loaded() { return this.kind === "loaded"; }
  faceValues(x) { return this.affine.map(([a, b]) => add(a, mul(b, x))); }
  sigmaAt(x) {  // {value} or {infinite, reason}
    const end = x.n === 0n ? "0" : x.n === x.d ? "1" : null;
    if (end !== null) {
      const q = this.ends[end];
      return q.infinite ? { infinite: true, reason: q.reason } : { value: parseRatio(q.exact) };
    }
    if (!this.fn) return { infinite: true, reason: this.sigma.reason + ` (the loop {${this.sigma.loop.join(", ")}})` };
    const v = evalRational(this.fn, x);
    return v === null ? { infinite: true, reason: "a pole" } : { value: v };
  }
  name(sub = true) { return this.loaded ? (sub ? `σ${subscript(this.delta)}(p)` : `P(${this.delta})`) : "σ(ε)"; }
}

function parseCoin(coin) {  // the optimal coin's map: pieces (flip landings, sigma) between exact breakpoints
  const fn = q => ({ num: q.numerator.map(BigInt), den: q.denominator.map(BigInt) });
  return { breakpoints: coin.breakpoints.map(b => ({ lo: parseRatio(b.isolating[0]), hi: parseRatio(b.isolating[1]),
                                                     poly: b.polynomial.map(BigInt) })),
           pieces: coin.pieces.map(q => ({ flip: q.policy.flip, sigma: fn(q.sigma) })) };
}

function polySign(poly, x) {  // the sign of P(x) for x = n/d, d > 0
  const v = evalPolyHomogeneous(poly, x.n, x.d);
  return v > 0n ? 1 : v < 0n ? -1 : 0;
}

function sideOf(b, x) {  // -1, 0 or 1 as x is left of, at or right of the one root of b.poly in [b.lo, b.hi]
  const low = polySign(b.poly, b.lo);
  if (low === 0 || cmp(b.lo, b.hi) === 0) return cmp(x, b.lo);
  if (polySign(b.poly, b.hi) === 0) return cmp(x, b.hi);
  if (cmp(x, b.lo) <= 0) return -1;
  if (cmp(x, b.hi) >= 0) return 1;
  const s = polySign(b.poly, x);
  return s === 0 ? 0 : s === low ? -1 : 1;
}

function coinAt(map, x) {  // the piece of the optimal coin at an exact x in (0, 1), decided exactly
  let k = 0, at = false;
  for (const b of map.breakpoints) {
    const side = sideOf(b, x);
    if (side >= 0) k += 1;
    if (side === 0) at = true;
  }
  return { index: k, piece: map.pieces[k], at, value: evalRational(map.pieces[k].sigma, x) };
}

function short(x) {  // three significant digits, correctly rounded; from 10^5 up as 1.93e7, as the axis writes
  const t = decimal(x, 3);
  if (/[.e]/.test(t) || t.length < 6) return t;
  const m = t.slice(0, 3).replace(/0+$/, "");
  return `${m[0]}${m.length > 1 ? "." + m.slice(1) : ""}e${t.length - 1}`;
}

function subscript(n) { return String(n).replace(/\d/g, d => "₀₁₂₃₄₅₆₇₈₉"[d]); }

function throttled(save) {  // at most one save every 200 ms (browsers limit changes of the address; a kernel is far)
  let last = 0, pending = null;
  return (fragment, now) => {
    clearTimeout(pending);
    const go = () => { last = performance.now(); save(fragment); };
    if (now || performance.now() - last > 200) go(); else pending = setTimeout(go, 200);
  };
}

function hashStore(initial = "") {
  const here = () => { try { return decodeURIComponent(location.hash.slice(1)); } catch (err) { return location.hash.slice(1); } };
  return {
    read: () => here() || initial,
    write: throttled(fragment => {
      try { history.replaceState(null, "", "#" + fragment); } catch (err) { /* a frame that may not */ }
    }),
    subscribe: f => window.addEventListener("hashchange", () => f(here())),
  };
}

function modelStore(model) {
  let mine = null;  // the value this view wrote: its echo is not a change to follow
  return {
    read: () => model.get("fragment") || "",
    write: throttled(fragment => { mine = fragment; model.set("fragment", fragment); model.save_changes(); }),
    subscribe: f => model.on("change:fragment", () => { const v = model.get("fragment"); if (v !== mine) f(v); }),
  };
}

function mount(root, data, store) {
  const families = data.families.map((f, i) => new Family(f, i));
  const byId = new Map(families.map(f => [f.id, f]));
  const logGrid = data.grid.log.map(parseRatio);
  const linSteps = 1000;
  const state = { family: byId.get(data.initial.family) || families[0], to: data.initial.to, scale: "lin",
                  x: parseRatio(data.initial.value), square: null };
  root.classList.add("lx");
  root.textContent = "";

  // ---- the controls
  const familyButtons = families.map(f => h("button", { type: "button", "data-family": f.id,
    on: { click: () => set({ family: f }) } }, f.loaded ? `δ = ${f.delta}` : "AT → TOWARD"));
  const toButtons = [1, 0].map(to => h("button", { type: "button", "data-to": to,
    on: { click: () => set({ to }) } }, `P(δ) → ${to}`));
  const scaleButtons = ["lin", "log"].map(scale => h("button", { type: "button", "data-scale": scale,
    on: { click: () => set({ scale }) } }, scale === "lin" ? "linear" : "log"));
  const slider = h("input", { type: "range", id: "slider", min: 0, step: 1, "aria-label": "p" });
  const input = h("input", { type: "text", id: "p-input", spellcheck: "false", autocomplete: "off",
                             "aria-label": "an exact value" });
  const problem = h("span", { class: "problem", role: "alert" });
  const where = h("span", { class: "where" });
  const form = h("form", { class: "exact", on: { submit: e => {
    e.preventDefault();
    try { set({ x: parseValue(input.value) }); problem.textContent = ""; } catch (err) { problem.textContent = err.message; }
  } } }, h("label", {}, h("span", { class: "varname" }, "p"), " = ", input), h("button", { type: "submit" }, "show"),
    where, problem);
  const sigmaLabel = h("span", { class: "label" });
  const sigmaOut = h("output", { id: "sigma" });
  const sigmaHow = h("span", { class: "how" });
  const sigmaReason = h("p", { class: "reason", id: "sigma-reason" });
  const coinOut = h("p", { class: "coin", id: "coin" });
  const plot = h("svg:svg", { viewBox: `0 0 ${PLOT.w} ${PLOT.h}`, class: "plot", role: "img" });
  const limitHead = h("h3", {});
  const expansion = h("div", { class: "formula" });
  const partial = h("table", { class: "partial" });
  const variance = h("div", { class: "formula" });
  const law = h("div", { class: "law" });
  const exactCoefficients = h("div", { class: "exact-coefficients" });
  const board = h("div", { class: "board" });
  const legend = h("ul", { class: "legend" });
  const visitsNote = h("p", { class: "visits-note" });
  const top = h("ol", { class: "top" });
  const chosen = h("p", { class: "chosen" });
  const others = h("table", { class: "others" });
  const link = h("a", { class: "permalink" }, "link to this view");
  const b = data.board;
  root.append(
    h("header", {}, h("h2", {}, "Chutes & Ladders: slide p, watch the game change"),
      h("p", { class: "inputs" }, `board ${b.name} (${b.size} squares, ${b.jumps.length} jumps, hash ${b.hash}), ` +
        `rule ${data.rule}, ${data.faces} faces, start ${data.start} · limits ${data.version}`)),
    h("section", { class: "controls" }, h("div", { class: "row" }, ...familyButtons),
      h("div", { class: "row" }, h("span", { class: "to" }, ...toButtons), h("span", { class: "scale" }, "scale: ", ...scaleButtons)),
      slider, form),
    h("section", { class: "value" }, h("p", {}, sigmaLabel, " = ", sigmaOut), sigmaHow, sigmaReason, coinOut),
    h("div", { class: "panels" },
      h("section", { class: "curve" }, h("h3", {}, "σ against the slider"), plot, others),
      h("section", { class: "limit" }, limitHead, expansion, partial, variance, law, exactCoefficients),
      h("section", { class: "walk" }, h("h3", {}, "The board: the game in the limit, and the visits at this p"),
        board, legend, visitsNote, chosen, top)),
    h("footer", {}, link, " · every number shown is exact or certified: see the notes under each view"));

  const narrow = () => (root.clientWidth || 1000) < 600;
  let drawn = {};  // what the slow parts were last drawn for
  const positions = () => (state.scale === "lin" ? linSteps + 1 : logGrid.length);
  const toward = () => (state.family.loaded ? state.to : 0);  // the end the family tends to
  const valueAt = i => {  // slider position -> exact value
    if (state.scale === "lin") return rat(BigInt(i), BigInt(linSteps));
    const d = logGrid[i];
    return toward() === 1 ? sub(ONE, d) : d;
  };
  const positionOf = x => {
    if (state.scale === "lin") return Math.round(ratToFloat(x) * linSteps);
    const d = toward() === 1 ? sub(ONE, x) : x;
    if (d.n === 0n) return logGrid.length - 1;
    const t = -log10Rat(d) * 20;
    return Math.max(0, Math.min(logGrid.length - 2, Math.round(t)));
  };
  const eps = x => (toward() === 1 ? sub(ONE, x) : x);

  function set(change, fromSlider = false) {
    const before = { ...state };
    Object.assign(state, change);
    if (!state.family.loaded) state.to = 0;
    else if (before.family && !before.family.loaded && !("to" in change)) state.to = data.initial.to;
    update(fromSlider);
    store.write(fragment(), !fromSlider);
  }

  function fragment() {
    const f = state.family;
    const parts = [f.loaded ? `delta=${f.delta}` : "family=1"];
    if (f.loaded && state.to === 0) parts.push("to=0");
    parts.push(`${f.loaded ? "p" : "eps"}=${valueText(state.x)}`);
    if (state.scale === "log") parts.push("scale=log");
    return parts.join("&");
  }

  function read(text) {  // the fragment's view; an unreadable part is reported and left as it was
    const change = {};
    try {
      for (const part of text.replace(/^#/, "").split("&")) {
        const [k, v = ""] = part.split("=");
        if (k === "delta") {
          const f = byId.get(`d${v}`);
          if (!f) throw new Error(`no loaded face ${v} on this die`);
          change.family = f;
        } else if (k === "family" && v === "1" && byId.has("family")) change.family = byId.get("family");
        else if (k === "to" && (v === "0" || v === "1")) change.to = Number(v);
        else if (k === "scale" && (v === "lin" || v === "log")) change.scale = v;
        else if (k === "p" || k === "eps") change.x = parseValue(v);
      }
      problem.textContent = "";
    } catch (err) { problem.textContent = err.message; }
    Object.assign(state, change);
    if (!state.family.loaded) state.to = 0;
    update(false);
  }

  function update(fromSlider) {
    const f = state.family, end = String(toward());
    const view = f.limits[end];
    const key = `${f.id}/${end}/${state.scale}`;
    if (drawn.controls !== key) {
      familyButtons.forEach(bt => bt.classList.toggle("on", bt.dataset.family === f.id));
      toButtons.forEach(bt => { bt.classList.toggle("on", Number(bt.dataset.to) === state.to); bt.hidden = !f.loaded; });
      scaleButtons.forEach(bt => bt.classList.toggle("on", bt.dataset.scale === state.scale));
      const v = f.loaded ? "p" : "ε";
      scaleButtons[1].textContent = `log10 ${toward() === 1 ? "(1 − p)" : v}`;
      root.querySelector(".varname").textContent = v;
      slider.max = positions() - 1;
      slider.setAttribute("aria-label", v);
      drawLimit(f, view);
      drawPlotFrame();
      drawBoard(view);
      drawn.controls = key;
    }
    if (!fromSlider) slider.value = positionOf(state.x);
    const x = state.x;
    input.value = valueText(x);
    where.textContent = f.loaded ? `ε = ${toward() === 1 ? "1 − p" : "p"} = ${decimal(eps(x), SHOWN)}` : "";
    // the value
    const s = f.sigmaAt(x);
    sigmaLabel.textContent = f.loaded ? `σ${subscript(f.delta)} at P(${f.delta}) = ${valueText(x)}` : `σ at ε = ${valueText(x)}`;
    if (s.infinite) {
      sigmaOut.textContent = "∞";
      sigmaHow.textContent = "infinite";
      sigmaReason.textContent = `because ${s.reason}`;
    } else {
      sigmaOut.textContent = decimal(s.value, data.digits);
      const end = x.n === 0n || x.n === x.d;
      sigmaHow.textContent = `${data.digits} significant digits, correctly rounded from the exact value (` +
        (end ? "solved exactly when the page was built)"
             : `the rational function ${f.loaded ? "σ(p)" : "σ(ε)"} evaluated with exact integers)`);
      sigmaReason.textContent = "";
    }
    drawCoin(f, x);
    drawPoints(x, s);
    drawPartialSums(f, view, x, s);
    drawVisits(f, x, s);
    link.href = "#" + fragment();
    root.dataset.ready = "1";
  }

  // ---- the curve
  let pointRows = [], marker = null, clipLabel = null, yRange = [0, 1];
  const px = i => PLOT.left + (i / (positions() - 1)) * (PLOT.w - PLOT.left - PLOT.right);
  const py = y => PLOT.top + (1 - (y - yRange[0]) / (yRange[1] - yRange[0])) * (PLOT.h - PLOT.top - PLOT.bottom);
  const shownFamilies = () => families.filter(g => g.loaded === state.family.loaded);
  const curveKey = () => (state.scale === "lin" ? "lin" : `log${toward()}`);

  function drawPlotFrame() {
    plot.textContent = "";
    PLOT.w = narrow() ? 400 : 640;  // a narrow page draws fewer, larger units, so the text stays legible
    plot.setAttribute("viewBox", `0 0 ${PLOT.w} ${PLOT.h}`);
    const key = curveKey(), stride = data.stride[state.scale], n = positions();
    const finite = shownFamilies().flatMap(g => g.curves[key].filter(y => y !== null && y > -99));
    let lo = Math.floor(Math.min(...finite, 0)), hi = Math.ceil(Math.max(...finite, 1));
    if (hi - lo < 2) hi = lo + 2;
    yRange = [lo, hi];
    const step = Math.max(1, Math.ceil((hi - lo) / 6));
    for (let k = lo; k <= hi; k += step) {
      plot.append(h("svg:line", { x1: PLOT.left, x2: PLOT.w - PLOT.right, y1: py(k), y2: py(k), class: "grid" }),
        h("svg:text", { x: PLOT.left - 4, y: py(k) + 4, "text-anchor": "end" }, `1e${k}`));
    }
    const ticks = state.scale === "lin" ? [0, 250, 500, 750, 1000].map(i => [i, String(i / 1000)])
      : [0, 100, 200, 300, 400, 500].map(i => [i, i ? `1e-${i / 20}` : "1"]).concat([[n - 1, "0"]]);
    for (const [i, label] of ticks) {
      plot.append(h("svg:text", { x: px(i), y: PLOT.h - PLOT.bottom + 16, "text-anchor": "middle" }, label));
    }
    const axis = state.scale === "lin" ? (state.family.loaded ? "p" : "ε")
      : toward() === 1 ? "1 − p" : state.family.loaded ? "p" : "ε";
    plot.append(h("svg:text", { x: (PLOT.w + PLOT.left) / 2, y: PLOT.h - 4, "text-anchor": "middle", class: "axis" }, axis),
      h("svg:text", { x: 4, y: PLOT.top + 2, class: "axis" }, "σ"));
    for (const g of shownFamilies()) {
      const ys = g.curves[key];
      let d = "", pen = false;
      ys.forEach((y, s) => {
        const i = Math.min(s * stride, n - 1);
        if (y === null || y <= -99) { pen = false; return; }
        d += `${pen ? "L" : "M"}${px(i).toFixed(1)} ${py(Math.min(y, hi)).toFixed(1)} `;
        pen = true;
      });
      plot.append(h("svg:path", { d, class: g === state.family ? "curve on" : "curve", stroke: g.colour,
        "data-family": g.id }));
    }
    drawEnd(n);
    marker = h("svg:line", { y1: PLOT.top, y2: PLOT.h - PLOT.bottom, class: "marker" });
    const points = h("svg:g", {});
    clipLabel = h("svg:text", { class: "clipped" });
    plot.append(marker, points, clipLabel);
    others.textContent = "";
    others.append(h("caption", {}, `σ for every ${state.family.loaded ? "face" : "family"} at this value ` +
      `(${SHOWN} significant digits, correctly rounded)`));
    pointRows = shownFamilies().map(g => {
      const circle = h("svg:circle", { r: g === state.family ? 5 : 3.5, fill: g.colour });
      const arrow = h("svg:path", { fill: g.colour, class: "clipped" });  // a value beyond the chart, at its edge
      const cell = h("td", {});
      points.append(circle, arrow);
      others.append(h("tr", { class: g === state.family ? "on" : "", on: { click: () => set({ family: g }) } },
        h("td", {}, h("span", { class: "swatch", style: `background:${g.colour}` }), g.loaded ? `δ = ${g.delta}` : g.label),
        cell));
      return { g, circle, arrow, cell };
    });
  }

  function drawEnd(n) {  // the curve's value at the end itself (p = 1): the game there, which may not be the limit
    const f = state.family, end = toward(), q = f.ends[String(end)], view = f.limits[String(end)];
    const value = q.infinite ? null : parseRatio(q.exact);
    const limit = view.order === 0 ? parseRatio(view.coefficients[0][1]) : null;  // null: the limit is infinite
    if (value === null || value.n === 0n || (limit !== null && cmp(value, limit) === 0)) return;
    const i = state.scale === "lin" && end === 0 ? 0 : n - 1, x = px(i), y = py(Math.min(log10Rat(value), yRange[1]));
    const at = f.loaded ? `p = ${end}` : "ε = 0", name = f.loaded ? `σ${subscript(f.delta)}(${end})` : "σ(0)";
    const label = `${at} itself: ${name} = ${short(value)}, not the limit ${limit === null ? "∞" : short(limit)}`;
    plot.append(h("svg:circle", { cx: x, cy: y, r: 4, class: "end", stroke: f.colour }),
      h("svg:text", { x: i ? x - 8 : x + 8, y: y < PLOT.top + 24 ? y + 16 : y - 8, "text-anchor": i ? "end" : "start",
                      class: "end" }, label, h("svg:title", {}, `At ${at} the die is the limit die itself: ` +
        `${name} is that game's expected length, not the limit of σ as ${f.loaded ? "p" : "ε"} tends to ${end}`)));
  }

  function drawPoints(x, s) {  // the marker, a point on each curve, and each curve's value in the table
    const i = Number(slider.value);
    marker.setAttribute("x1", px(i));
    marker.setAttribute("x2", px(i));
    let note = "";
    for (const row of pointRows) {
      const { g, circle, arrow, cell } = row, v = g === state.family ? s : g.sigmaAt(x);
      const raw = v.infinite ? Infinity : log10Rat(v.value), y = Math.min(Math.max(raw, yRange[0]), yRange[1]);
      const cx = px(i), cy = py(y), up = raw > yRange[1], clipped = up || (raw < yRange[0] && raw > -99);
      circle.setAttribute("cx", cx);
      circle.setAttribute("cy", cy);
      if (clipped || row.clipped) {  // a value beyond the chart: an arrow at its edge instead of the point
        circle.setAttribute("visibility", clipped ? "hidden" : "visible");
        arrow.setAttribute("d", clipped ? `M${cx - 6} ${cy + (up ? 5 : -5)}h12L${cx} ${cy + (up ? -6 : 6)}z` : "");
        row.clipped = clipped;
      }
      if (clipped && g === state.family) {  // the chosen value, beyond the chart: written beside its mark
        note = `${up ? "↑" : "↓"} ${g.loaded ? `σ${subscript(g.delta)}` : "σ"} = ${v.infinite ? "∞" : short(v.value)}, ` +
          `${up ? "above" : "below"} the chart`;
        Object.entries({ x: cx > PLOT.w / 2 ? cx - 10 : cx + 10, y: cy + (up ? 12 : -4),
                         "text-anchor": cx > PLOT.w / 2 ? "end" : "start" }).forEach(([k, val]) => clipLabel.setAttribute(k, val));
      }
      cell.textContent = v.infinite ? "∞" : decimal(v.value, SHOWN);
    }
    if (clipLabel.textContent !== note) clipLabel.textContent = note;
  }

  // ---- the limit
  function drawLimit(f, view) {
    const variable = view.variable;
    limitHead.textContent = f.loaded ? `As P(${f.delta}) → ${state.to}, with ε = ${variable}`
      : `As ε → 0, for ${f.label}`;
    expansion.innerHTML = view.expansion;
    variance.innerHTML = view.variance ? `<p class="what">The variance of the game length M:</p>${view.variance}` : "";
    law.innerHTML = view.law ? `<p class="what">The game length in the limit:</p>${view.law}` : "";
    exactCoefficients.innerHTML = view.exact;
  }

  function drawPartialSums(f, view, x, s) {
    partial.textContent = "";
    const series = f.series[String(toward())];
    if (!series.length) return;
    const e = eps(x);
    partial.append(h("caption", {}, `The series cut after k terms at ε = ${decimal(e, SHOWN)}, against σ`),
      h("tr", {}, h("th", {}, "k"), h("th", {}, "partial sum"), h("th", {}, "relative gap")));
    let sum = ZERO;
    series.forEach(([j, a], k) => {
      let cell = "∞", gap = "";
      if (e.n !== 0n || j >= 0) {
        const power = j >= 0 ? { n: e.n ** BigInt(j), d: e.d ** BigInt(j) } : { n: e.d ** BigInt(-j), d: e.n ** BigInt(-j) };
        sum = add(sum, mul(a, power));
        cell = decimal(sum, SHOWN);
        if (!s.infinite) {
          const diff = sub(s.value, sum);
          gap = s.value.n === 0n ? "" : decimal({ n: abs(diff.n) * s.value.d, d: diff.d * abs(s.value.n) }, 2);
        } else gap = "σ is infinite";
      } else if (view.order > 0) cell = "∞ (ε = 0)";
      partial.append(h("tr", {}, h("td", {}, String(k + 1)), h("td", {}, cell), h("td", {}, gap)));
    });
  }

  // ---- the optimal coin at this value (a page built with --coin)
  function drawCoin(f, x) {
    for (const r of rects.values()) r.classList.remove("flip");
    coinOut.hidden = !f.coinMap;
    if (!f.coinMap) return;
    const v = f.loaded ? "p" : "ε";
    if (x.n === 0n || x.n === x.d) {
      coinOut.textContent = `With the optimal coin: its map covers ${v} in (0, 1); at the ends see limits optimal --p-to.`;
      return;
    }
    const c = coinAt(f.coinMap, x), n = f.coinMap.pieces.length;
    for (const k of c.piece.flip) rects.get(k)?.classList.add("flip");
    coinOut.textContent = `With the optimal coin: σ = ${decimal(c.value, data.digits)}, flipping on landing on ` +
      `${c.piece.flip.length} squares (dashed gold on the board) — piece ${c.index + 1} of ${n}` +
      (c.at ? `, at a breakpoint (the policies on both sides tie)` : "") +
      `; the map was solved exactly when the page was built, the piece found with exact integers.`;
  }

  // ---- the board and the visits
  let rects = new Map(), circles = new Map();
  function drawBoard(view) {
    board.textContent = "";
    legend.textContent = "";
    rects = new Map(); circles = new Map();
    if (!data.picture || !view.picture) { board.textContent = "(the board is too large to draw)"; return; }
    board.innerHTML = data.picture;
    const svg = board.querySelector("svg");
    const layer = h("svg:g", { class: "visits" });
    for (const r of svg.querySelectorAll("rect[data-square]")) {
      const k = Number(r.dataset.square);
      r.setAttribute("fill", view.picture.colours[k] || "#ffffff");
      r.setAttribute("stroke-width", view.picture.outlined.includes(k) ? 2.5 : 0.5);
      r.addEventListener("click", () => { state.square = k; drawVisits(state.family, state.x, state.family.sigmaAt(state.x)); });
      rects.set(k, r);
      if (k === b.size) continue;
      const c = h("svg:circle", { cx: Number(r.getAttribute("x")) + Number(r.getAttribute("width")) / 2,
        cy: Number(r.getAttribute("y")) + Number(r.getAttribute("height")) / 2 + 4, r: 0, class: "visit" });
      c.addEventListener("click", () => { state.square = k; drawVisits(state.family, state.x, state.family.sigmaAt(state.x)); });
      circles.set(k, c);
      layer.append(c);
    }
    svg.append(layer);
    legend.append(h("li", { class: "title" }, view.picture.title));
    for (const [colour, label] of view.picture.legend) {
      legend.append(h("li", {}, h("span", { class: "swatch", style: `background:${colour}` }), label));
    }
  }

  function drawVisits(f, x, s) {
    top.textContent = "";
    const end = x.n === 0n ? "0" : x.n === x.d ? "1" : null;
    let shown;  // square -> {text, radius weight}
    if (end !== null) {
      shown = new Map(Object.entries(f.visits[end]).map(([k, t]) => [Number(k), { text: t, weight: t === "inf" ? Infinity : Number(t) }]));
      visitsNote.textContent = `Expected visits at ${f.loaded ? "p" : "ε"} = ${end}, solved exactly when the page was built ` +
        `(${data.visit_digits} significant digits, correctly rounded; ∞ on a loop that holds the player).`;
    } else if (s.infinite) {
      shown = new Map();
      visitsNote.textContent = "σ is infinite at this value: a loop can hold the player.";
    } else {
      const got = expectedVisits(data, f, x);
      if (got.infinite) { shown = new Map(); visitsNote.textContent = "A loop can hold the player at this value."; }
      else {
        shown = new Map();
        for (const [k, v] of got.values) shown.set(k, { value: v, weight: v, bound: got.ok ? got.bound : null });
        visitsNote.textContent = "Expected visits (turns that end on each square; a circle's area): state reduction " +
          `in float64 with a proven bound on its error; shown to the digits the bound makes certain (at most ${data.visit_digits}).`;
      }
    }
    const finite = [...shown.values()].map(v => v.weight).filter(w => Number.isFinite(w));
    const most = Math.max(...finite, 1e-300);
    for (const [k, c] of circles) {
      const v = shown.get(k);
      const w = v === undefined ? 0 : v.weight === Infinity ? 1 : v.weight / most;
      c.setAttribute("r", (Math.sqrt(Math.max(w, 0)) * 13).toFixed(2));
      c.classList.toggle("infinite", v !== undefined && v.weight === Infinity);
    }
    const text = v => {
      if (v === undefined) return "0 (not reached)";
      if (v.text !== undefined) return v.text === "inf" ? "∞" : v.text;
      if (v.bound === null) return "not certified here (outside float64's range)";
      const c = certifiedVisits(v.value, v.bound, data.visit_digits);
      return c === null ? "not certified here" : c.text;
    };
    const ranked = [...shown.entries()].sort((a, b2) => b2[1].weight - a[1].weight).slice(0, 5);
    for (const [k, v] of ranked) top.append(h("li", {}, `square ${k}: ${text(v)}`));
    chosen.textContent = state.square === null ? "Tap a square for its expected visits; the most visited:"
      : `Square ${state.square}: ${text(shown.get(state.square))} expected visits. The most visited:`;
  }

  let wasNarrow = narrow();
  window.addEventListener("resize", () => {
    if (narrow() === wasNarrow) return;
    wasNarrow = narrow();
    drawPlotFrame();
    drawPoints(state.x, state.family.sigmaAt(state.x));
  });
  store.subscribe(read);
  const initial = store.read();
  if (initial) read(initial); else update(false);
  slider.addEventListener("input", () => set({ x: valueAt(Number(slider.value)) }, true));
  slider.addEventListener("change", () => store.write(fragment(), true));
  const visitsText = (id, text) => {  // every square's certified visits at an exact value (for the tests)
    const f = byId.get(id), got = expectedVisits(data, f, parseValue(text)), out = {};
    if (got.infinite) return null;
    for (const [k, v] of got.values) {
      const c = got.ok ? certifiedVisits(v, got.bound, data.visit_digits) : null;
      out[k] = c === null ? null : [c.text, c.digits];
    }
    return out;
  };
  const coinText = (id, text) => {  // the optimal coin at an exact value: [piece, sigma to the page's digits] (for the tests)
    const f = byId.get(id), c = f.coinMap ? coinAt(f.coinMap, parseValue(text)) : null;
    return c === null ? null : [c.index, c.at, decimal(c.value, data.digits), c.piece.flip];
  };
  return { set, state, update, rules: { parseValue, valueText, decimal, evalRational, parseRatio, visitsText, coinText } };
}

function standalone(initial = "") {  // the page: its data in the document, its view in the address
  const data = JSON.parse(document.getElementById("explorer-data").textContent);
  window.explorer = mount(document.getElementById("explorer"), data, hashStore(initial));
}

function render({ model, el }) {
  const data = JSON.parse(model.get("data"));
  mount(el, data, modelStore(model));
}

export default { render };
