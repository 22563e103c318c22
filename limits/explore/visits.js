// Expected visits at the current p, by state reduction (GTH) in float64, with a proven bound on the
// relative error of every square's value, so that the page prints only digits that are certain.
//
// The chain: the squares the game can reach from its start at this p, and the goal, which leads back to
// the start ("restart"). Its stationary vector pi gives the expected visits of one game: v_j = pi_j / pi_goal.
// GTH eliminates the states one by one with sums, products and quotients of positive numbers only.
// The bound (docs/explorer.md derives it): by the Markov chain tree theorem, pi_j is proportional to a sum
// over spanning trees of products of m - 1 transition probabilities, so changing every probability by a
// factor within F^a (F = 1/(1 - u), u = 2^-53) changes every ratio pi_j / pi_0 by a factor within
// F^(2a(m - 1)). Each elimination step is exact for its own inputs up to such factors, and the
// back-substitution's sums of positive terms add their own; the exponents add up to K below.

const UNIT = 2 ** -53;
const INPUT_ROUNDINGS = 2;  // ratToFloat: a truncated quotient, then one rounding
const TINY = 2 ** -1000;  // well above the subnormal range, where the relative bound would fail

function gthBound(m) {  // K: every v_j within a factor F^K of the value for the exact probabilities
  // alpha[j]: the ratios of the chain on states 0..j against those of the whole chain
  const alpha = new Float64Array(m);
  for (let j = m - 2; j >= 0; j--) {
    const k = j + 1;  // removing state k from the chain on states 0..k: entries within F^(k+2), trees of k-1 edges
    alpha[j] = alpha[j + 1] + 2 * (k - 1) * (k + 2);
  }
  let b = 0;
  for (let j = 1; j < m; j++) b = b + 2 * alpha[j] + 2 * j;
  return b + 2 * (m - 1) * INPUT_ROUNDINGS;
}

function chainAt(data, family, x) {  // the merged exact rows at x: [{square, targets: Map(target -> rational)}]
  const probs = family.faceValues(x);
  const rows = new Map();
  data.squares.forEach((s, i) => {
    const targets = new Map();
    data.moves[i].forEach((t, f) => {
      const p = probs[f];
      if (p.n === 0n) return;
      const old = targets.get(t);
      targets.set(t, old === undefined ? p : add(old, p));
    });
    rows.set(s, targets);
  });
  return rows;
}

function expectedVisits(data, family, x) {
  // {values: Map(square -> float), bound: K, ok} or {infinite: true} when a loop can hold the player
  const rows = chainAt(data, family, x);
  const goal = data.board.size, entry = data.entry;
  if (entry === goal) return { values: new Map(), bound: 0, ok: true, exact: true };
  const order = [goal, entry];  // the goal first: v_j = x_j / x_0 = x_j
  const seen = new Set(order);
  for (let i = 1; i < order.length; i++) {
    for (const t of rows.get(order[i]).keys()) if (!seen.has(t)) { seen.add(t); order.push(t); }
  }
  const m = order.length, index = new Map(order.map((s, i) => [s, i]));
  const P = new Float64Array(m * m);
  P[0 * m + 1] = 1;  // the goal leads back to the start
  let ok = true;
  for (let i = 1; i < m; i++) {
    for (const [t, p] of rows.get(order[i])) {
      const j = index.get(t);
      if (j === i) continue;  // a turn that ends where it began: only the diagonal, which GTH never reads
      const v = ratToFloat(p);
      if (!(v >= TINY)) ok = false;
      P[i * m + j] = v;
    }
  }
  for (let k = m - 1; k >= 1; k--) {
    let s = 0;
    const rk = k * m;
    for (let j = 0; j < k; j++) s += P[rk + j];
    if (!(s > 0)) return { infinite: true };  // state k cannot reach the goal: a loop holds the player
    for (let i = 0; i < k; i++) {
      const ri = i * m;
      const q = P[ri + k];
      if (q === 0) continue;
      const f = q / s;
      if (f < TINY) ok = false;
      P[ri + k] = f;
      for (let j = 0; j < k; j++) {
        const t = P[rk + j];
        if (t !== 0 && j !== i) {
          const g = f * t;
          if (g < TINY) ok = false;  // a product near underflow would break the relative bound
          P[ri + j] += g;
        }
      }
    }
  }
  const xs = new Float64Array(m);
  xs[0] = 1;
  for (let j = 1; j < m; j++) {
    let acc = 0;
    for (let i = 0; i < j; i++) {
      const g = xs[i] * P[i * m + j];
      if (g !== 0 && g < TINY) ok = false;
      acc += g;
    }
    xs[j] = acc;
    if (!(acc >= TINY && acc < 1e300)) ok = false;
  }
  const values = new Map();
  for (let j = 1; j < m; j++) values.set(order[j], xs[j]);
  return { values, bound: gthBound(m), ok };
}

function certifiedVisits(value, bound, most) {  // digits of a visits value certain under the bound F^K
  const x = floatToRat(value);
  // F^K <= exp(K u / (1 - u)) <= 1 + t (1 + t) for t = K u (1 + 2^-20) < 1; F^-K >= 1 - K u
  const t = mul({ n: BigInt(bound) * ((1n << 20n) + 1n), d: 1n << 73n }, ONE);
  if (cmp(t, { n: 1n, d: 1000n }) > 0) return null;
  const up = add(ONE, mul(t, add(ONE, t)));
  const down = sub(ONE, t);
  return sharedDigits(mul(x, down), mul(x, up), most);
}
