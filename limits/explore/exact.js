// Exact rationals with BigInt: values of p read from text, rational functions evaluated at them,
// and decimals rounded correctly, by the same rules as limits.exact.digits and limits.explore.fragment.

const MAX_PROBABILITY_DIGITS = 4000;  // limits.model.probability.MAX_PROBABILITY_DIGITS
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const FRACTION = /^([+-]?\d+)\s*\/\s*([+-]?\d+)$/;
const POW10 = new Map();

function pow10(k) {
  let v = POW10.get(k);
  if (v === undefined) { v = 10n ** BigInt(k); if (k < 5000) POW10.set(k, v); }
  return v;
}

function abs(n) { return n < 0n ? -n : n; }

function gcd(a, b) {
  a = abs(a); b = abs(b);
  while (b) { [a, b] = [b, a % b]; }
  return a;
}

function rat(n, d = 1n) {
  if (d === 0n) throw new Error("a zero denominator");
  if (d < 0n) { n = -n; d = -d; }
  const g = gcd(n, d) || 1n;
  return { n: n / g, d: d / g };
}

// Sums and products are left unreduced: a gcd of numbers of thousands of digits costs more than everything
// else a slider move does, and rounding does not need the lowest terms. rat() reduces where it matters.
function add(x, y) { return x.d === y.d ? { n: x.n + y.n, d: x.d } : { n: x.n * y.d + y.n * x.d, d: x.d * y.d }; }
function sub(x, y) { return add(x, { n: -y.n, d: y.d }); }
function mul(x, y) { return { n: x.n * y.n, d: x.d * y.d }; }
function cmp(x, y) { const a = x.n * y.d, b = y.n * x.d; return a < b ? -1 : a > b ? 1 : 0; }
const ZERO = { n: 0n, d: 1n }, ONE = { n: 1n, d: 1n };

function parseRatio(text) {  // "a/b" or "a", as the page's data writes exact values
  const [n, d] = text.split("/");
  return rat(BigInt(n), d === undefined ? 1n : BigInt(d));
}

function tooLarge(text) {
  return new Error(`the probability ${text} needs more than ${MAX_PROBABILITY_DIGITS} decimal digits`);
}

function parseProbability(text) {  // limits.model.probability.as_probability on text
  const t = text.trim();
  if (t.length > 2 * MAX_PROBABILITY_DIGITS + 16) throw tooLarge("given");
  let value;
  const f = FRACTION.exec(t);
  if (f) {
    if (Math.max(f[1].length, f[2].length) > MAX_PROBABILITY_DIGITS + 1) throw tooLarge(t);
    if (BigInt(f[2]) === 0n) throw new Error(`not an exact probability: ${t} (a zero denominator)`);
    value = rat(BigInt(f[1]), BigInt(f[2]));
  } else {
    const m = DECIMAL.exec(t);
    if (!m) throw new Error(`not an exact probability: ${JSON.stringify(t)}`);
    const mantissa = t.replace(/[eE].*$/, "");
    const exp = m[2] ? Number(m[2].slice(1)) : 0;
    if (!Number.isSafeInteger(exp)) throw tooLarge(t);
    const negative = mantissa.startsWith("-");
    const [whole, frac = ""] = mantissa.replace(/^[+-]/, "").split(".");
    let digits = (whole + frac).replace(/^0+/, "");
    if (digits === "") return ZERO;
    let exponent = exp - frac.length;  // value = digits * 10^exponent, as Python's Decimal holds it
    if (exponent + digits.length - 1 >= 1) throw new Error(`a probability must lie in [0, 1], not ${t}`);
    if (-exponent > MAX_PROBABILITY_DIGITS || digits.length > MAX_PROBABILITY_DIGITS) throw tooLarge(t);
    const stripped = digits.replace(/0+$/, "");
    exponent += digits.length - stripped.length;
    digits = stripped;
    const n = BigInt(digits) * (exponent > 0 ? pow10(exponent) : 1n);
    value = rat(negative ? -n : n, exponent < 0 ? pow10(-exponent) : 1n);
  }
  if (value.n < 0n || value.n > value.d) throw new Error(`a probability must lie in [0, 1], not ${t}`);
  return value;
}

function parseValue(text) {  // limits.explore.fragment.parse_value: a probability, or 1- one
  const t = text.trim();
  if (t.startsWith("1-") && t.length > 2) return sub(ONE, parseProbability(t.slice(2)));
  return parseProbability(t);
}

function bitLength(n) { return n === 0n ? 0 : n.toString(16).length * 4 - Math.clz32(parseInt(n.toString(16)[0], 16)) + 28; }

function exponent10(a, b) {  // e with 10^e <= a/b < 10^(e+1), for a, b > 0
  let e = Math.floor((bitLength(a) - bitLength(b)) * 0.30102999566398120);
  const below = k => (k >= 0 ? pow10(k) * b <= a : b <= a * pow10(-k));
  while (!below(e)) e--;
  while (below(e + 1)) e++;
  return e;
}

function roundQuotient(num, den, negative, rounding) {  // num, den > 0: |value| rounded as its sign asks
  const q = num / den, r = num % den;
  if (rounding === "half_even") {
    const twice = 2n * r;
    return twice > den || (twice === den && q % 2n === 1n) ? q + 1n : q;
  }
  const up = (rounding === "ceiling") !== negative;  // away from zero for ceiling of +, floor of -
  return r !== 0n && up ? q + 1n : q;
}

function renderDecimal(n, shift) {  // limits.exact.digits._render: n / 10^shift, trailing zeros dropped
  const sign = n < 0n ? "-" : "";
  const full = abs(n).toString();
  let text = full.replace(/0+$/, "");
  shift -= full.length - text.length;
  const exp = text.length - 1 - shift;
  if (exp < -6 || exp >= 21) {
    return `${sign}${text[0]}${text.length > 1 ? "." + text.slice(1) : ""}e${exp}`;
  }
  if (shift <= 0) return sign + text + "0".repeat(-shift);
  if (shift >= text.length) text = "0".repeat(shift - text.length + 1) + text;
  return `${sign}${text.slice(0, text.length - shift)}.${text.slice(text.length - shift)}`;
}

function decimal(x, digits, rounding = "half_even") {  // limits.exact.digits.decimal on an exact x
  if (x.n === 0n) return "0";
  const negative = x.n < 0n, a = abs(x.n), b = x.d;
  let shift = digits - 1 - exponent10(a, b);
  const scaled = s => roundQuotient(s >= 0 ? a * pow10(s) : a, s >= 0 ? b : b * pow10(-s), negative, rounding);
  let m = scaled(shift);
  if (m >= pow10(digits)) { shift -= 1; m = scaled(shift); }
  return renderDecimal(negative ? -m : m, shift);
}

function valueText(x) {  // limits.explore.fragment.value_text: the shortest exact text of x, a tie to the first
  x = rat(x.n, x.d);
  const dec = exactDecimal(x);
  const candidates = dec === null ? [] : [dec];
  candidates.push(x.d === 1n ? x.n.toString() : `${x.n}/${x.d}`);
  const rest = rat(x.d - x.n, x.d);
  if (rest.n > 0n && cmp(rest, { n: 1n, d: 1000n }) < 0) {
    const r = exactDecimal(rest);
    if (r !== null) candidates.push(`1-${r}`);
  }
  return candidates.reduce((a, b) => (b.length < a.length ? b : a));
}

function exactDecimal(x) {
  let d = x.d, twos = 0, fives = 0;
  while (d % 2n === 0n) { d /= 2n; twos++; }
  while (d % 5n === 0n) { d /= 5n; fives++; }
  if (d !== 1n) return null;
  if (x.n === 0n) return "0";
  const places = Math.max(twos, fives);
  return decimal(x, (abs(x.n) * pow10(places) / x.d).toString().length);
}

function evalPolyHomogeneous(coeffs, a, b) {  // sum c_i a^i b^(deg - i) = b^deg P(a/b)
  const deg = coeffs.length - 1;
  let acc = coeffs[deg], bp = 1n;
  for (let i = deg - 1; i >= 0; i--) {
    bp *= b;
    acc = acc * a + coeffs[i] * bp;
  }
  return acc;
}

function evalRational(fn, x) {  // exact N(x)/D(x) (not reduced; null at a pole)
  const num = evalPolyHomogeneous(fn.num, x.n, x.d);
  const den = evalPolyHomogeneous(fn.den, x.n, x.d);
  if (den === 0n) return null;
  const k = fn.den.length - fn.num.length;
  let n = k >= 0 ? num * x.d ** BigInt(k) : num, d = k >= 0 ? den : den * x.d ** BigInt(-k);
  if (d < 0n) { n = -n; d = -d; }
  return { n, d };
}

function log10Rat(x) {  // log10 |x| as a float, for drawing; -Infinity for 0
  if (x.n === 0n) return -Infinity;
  const part = v => {
    const s = abs(v).toString(16), bits = s.length * 4, lead = s.slice(0, 13);
    return Math.log10(parseInt(lead, 16)) + (bits - lead.length * 4) * 0.30102999566398120;
  };
  return part(x.n) - part(x.d);
}

function ratToFloat(x) {  // nearest-ish float64: within two roundings (relative 2^-52) for normal results
  if (x.n === 0n) return 0;
  const negative = x.n < 0n, a = abs(x.n);
  const shift = 64 - (bitLength(a) - bitLength(x.d));  // a * 2^shift / d has 63..65 bits
  const q = shift >= 0 ? (a << BigInt(shift)) / x.d : a / (x.d << BigInt(-shift));
  let v = Number(q);
  let s = shift;
  while (s > 1000) { v *= 2 ** -1000; s -= 1000; }
  while (s < -1000) { v *= 2 ** 1000; s += 1000; }
  v *= 2 ** -s;
  return negative ? -v : v;
}

function floatToRat(v) {  // the exact value of a finite float64
  if (v === 0) return ZERO;
  const buf = new DataView(new ArrayBuffer(8));
  buf.setFloat64(0, v);
  const bits = buf.getBigUint64(0);
  const negative = bits >> 63n === 1n;
  const e = Number((bits >> 52n) & 0x7ffn);
  let m = bits & ((1n << 52n) - 1n);
  let exp;
  if (e === 0) exp = -1074; else { m |= 1n << 52n; exp = e - 1075; }
  const n = negative ? -m : m;
  return exp >= 0 ? rat(n << BigInt(exp)) : rat(n, 1n << BigInt(-exp));
}

function sharedDigits(lo, hi, most) {  // the most significant digits (<= most) on which both ends round alike
  for (let d = most; d >= 1; d--) {
    const a = decimal(lo, d);
    if (a === decimal(hi, d)) return { text: a, digits: d };
  }
  return null;
}
