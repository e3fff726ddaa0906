// Placeholder product photography: a dish seen from above, drawn as a small self-contained SVG.
// Everything is derived from a seeded PRNG, so the same (seed, art, variant) gives the same bytes.
import type { DishArt } from './dishes';

export type Rng = () => number;
type Pt = readonly [number, number];
type Rgb = readonly [number, number, number];

const TAU = Math.PI * 2;

/** mulberry32: tiny, fast, good enough for placing pasta. */
export function mulberry32(seed: number): Rng {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Round to one decimal place for compact, stable output. */
export function f(x: number): string {
  const v = Math.round(x * 10) / 10;
  return Object.is(v, -0) ? '0' : String(v);
}

export function range(rng: Rng, lo: number, hi: number): number {
  return lo + (hi - lo) * rng();
}

function pick<T>(rng: Rng, items: readonly [T, ...T[]]): T {
  return items[Math.floor(rng() * items.length)] ?? items[0];
}

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

// ---------------------------------------------------------------------------------------------
// Colour helpers

function parseHex(hex: string): Rgb {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  const h = m?.[1];
  if (!h) return [128, 128, 128];
  const full = h.length === 3 ? h.replace(/./g, (c) => c + c) : h;
  const n = parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: Rgb): string {
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

export function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

/** Lighten (amount > 0) or darken (amount < 0). */
export function shade(hex: string, amount: number): string {
  return mix(hex, amount < 0 ? '#000000' : '#ffffff', Math.min(1, Math.abs(amount)));
}

function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

function isGreen(hex: string): boolean {
  const [r, g, b] = parseHex(hex);
  return g > r * 1.05 && g > b * 1.05;
}

// ---------------------------------------------------------------------------------------------
// Path helpers

/** A smooth closed curve through the midpoints of the polygon. */
function smoothClosed(pts: readonly Pt[]): string {
  const n = pts.length;
  const last = pts[n - 1];
  const first = pts[0];
  if (!last || !first) return '';
  let d = `M${f((last[0] + first[0]) / 2)} ${f((last[1] + first[1]) / 2)}`;
  for (let i = 0; i < n; i++) {
    const p = pts[i];
    const q = pts[(i + 1) % n];
    if (!p || !q) continue;
    d += `Q${f(p[0])} ${f(p[1])} ${f((p[0] + q[0]) / 2)} ${f((p[1] + q[1]) / 2)}`;
  }
  return `${d}Z`;
}

/** An irregular round blob (sauce pools, crumbs, chunks). */
function blob(rng: Rng, cx: number, cy: number, r: number, points = 9, wobble = 0.35): string {
  const pts: Pt[] = [];
  const start = rng() * TAU;
  for (let i = 0; i < points; i++) {
    const a = start + (i / points) * TAU;
    const rr = r * (1 - wobble / 2 + rng() * wobble);
    pts.push([cx + Math.cos(a) * rr, cy + Math.sin(a) * rr]);
  }
  return smoothClosed(pts);
}

/** Points scattered in a disc, kept apart from each other (deterministic dart throwing). */
function scatter(rng: Rng, count: number, radius: number, minDist: number): Pt[] {
  const pts: Pt[] = [];
  for (let tries = 0; pts.length < count && tries < count * 60; tries++) {
    const a = rng() * TAU;
    const r = Math.sqrt(rng()) * radius;
    const x = Math.cos(a) * r;
    const y = Math.sin(a) * r;
    if (pts.every(([px, py]) => (px - x) ** 2 + (py - y) ** 2 >= minDist * minDist)) pts.push([x, y]);
  }
  // furthest first, so pieces in the middle sit on top of the pile
  return pts.sort((p, q) => q[0] ** 2 + q[1] ** 2 - (p[0] ** 2 + p[1] ** 2));
}

export function at(x: number, y: number, deg = 0): string {
  return deg === 0 ? `translate(${f(x)} ${f(y)})` : `translate(${f(x)} ${f(y)}) rotate(${f(deg)})`;
}

function leafPath(len: number, width: number): string {
  return `M0 0Q${f(len / 2)} ${f(-width)} ${f(len)} 0Q${f(len / 2)} ${f(width)} 0 0Z`;
}

// ---------------------------------------------------------------------------------------------
// Drawing context

interface Ctx {
  rng: Rng;
  out: string[];
  defs: string[];
  art: DishArt;
  /** Suffix that keeps ids unique when several images are inlined in one page. */
  uid: string;
  /** id of the soft drop-shadow filter */
  sh: string;
}

/** Define a reusable piece drawn around 0,0 (optionally with a drop shadow); returns its id. */
function defPiece(c: Ctx, name: string, body: string, shadow = true): string {
  const id = `${name}${c.uid}`;
  c.defs.push(`<g id="${id}"${shadow ? ` filter="url(#${c.sh})"` : ''}>${body}</g>`);
  return id;
}

function use(id: string, x: number, y: number, deg: number, scale = 1): string {
  const sc = Math.round(scale * 10) === 10 ? '' : ` scale(${f(scale)})`;
  return `<use href="#${id}" transform="${at(x, y, deg)}${sc}"/>`;
}

function pastaColour(art: DishArt): string {
  // Squid-ink (or any very dark) pasta is itself dark; otherwise egg-yellow, lightly tinted by the sauce.
  if (luminance(art.sauce) < 0.15) return mix(art.sauce, '#4a4750', 0.3);
  return mix('#f4d27c', art.sauce, 0.15);
}

/** Small round dots as zero-length round-capped strokes (two sizes), e.g. cheese, pepper, dressing. */
function dots(
  c: Ctx,
  count: number,
  radius: number,
  colour: string,
  sizes: readonly [number, number],
  opacity = 1,
): void {
  const { rng, out } = c;
  const d = ['', ''];
  for (let i = 0; i < count; i++) {
    const a = rng() * TAU;
    const r = Math.sqrt(rng()) * radius;
    d[i % 2] += `M${f(Math.cos(a) * r)} ${f(Math.sin(a) * r)}h0`;
  }
  const op = opacity < 1 ? ` stroke-opacity="${opacity}"` : '';
  sizes.forEach((w, i) => {
    if (d[i])
      out.push(`<path d="${d[i]}" stroke="${colour}" stroke-width="${f(w)}" stroke-linecap="round"${op}/>`);
  });
}

/** Herbs (if the garnish is green) or shavings/flakes, plus a scatter of small dots. */
function garnish(c: Ctx, radius: number, pieces: number, count: number): void {
  const { rng, out, art } = c;
  const g = art.garnish;
  const id = isGreen(g)
    ? defPiece(
        c,
        'h',
        `<path d="${leafPath(22, 8)}" fill="${g}"/><path d="M2 0H19" stroke="${shade(g, 0.3)}" stroke-width="0.8"/>`,
      )
    : defPiece(c, 'h', `<path d="M-6 -2L6 -3L5 2L-5 3Z" fill="${g}"/>`);
  for (let i = 0; i < pieces; i++) {
    const a = rng() * TAU;
    const r = Math.sqrt(rng()) * radius * 0.75;
    out.push(use(id, Math.cos(a) * r, Math.sin(a) * r, rng() * 360, range(rng, 0.75, 1.25)));
  }
  if (count > 0) dots(c, count, radius, g, [2.6, 4.4], 0.9);
}

/** Sauce spooned on top: one main dollop with chunks plus a few smaller ones. */
function sauceTop(c: Ctx, r: number, extra: number, spread: number): void {
  const { rng, out, art } = c;
  let d = blob(rng, range(rng, -10, 10), range(rng, -10, 10), r, 10, 0.45);
  for (let i = 0; i < extra; i++) {
    const a = rng() * TAU;
    const rr = range(rng, r * 0.8, spread);
    d += blob(rng, Math.cos(a) * rr, Math.sin(a) * rr, range(rng, 7, 14), 7, 0.5);
  }
  out.push(`<path d="${d}" fill="${art.sauce}" filter="url(#${c.sh})"/>`);
  let chunks = '';
  for (let i = 0; i < 9; i++) {
    const a = rng() * TAU;
    const rr = Math.sqrt(rng()) * r * 0.75;
    chunks += blob(rng, Math.cos(a) * rr, Math.sin(a) * rr, range(rng, 2.5, 5.5), 5, 0.6);
  }
  out.push(`<path d="${chunks}" fill="${shade(art.sauce, -0.22)}"/>`);
  out.push(
    `<ellipse cx="${f(-r * 0.3)}" cy="${f(-r * 0.3)}" rx="${f(r * 0.3)}" ry="${f(r * 0.12)}" fill="#fff" opacity="0.25" transform="rotate(-30)"/>`,
  );
}

/** The sauce the pasta sits in. */
function saucePool(c: Ctx, r: number, opacity = 1): void {
  const { rng, out, art } = c;
  out.push(
    `<path d="${blob(rng, 0, 0, r, 12, 0.22)}" fill="${art.sauce}"${opacity < 1 ? ` opacity="${opacity}"` : ''}/>`,
  );
}

function splodges(c: Ctx, count: number, radius: number, lo: number, hi: number, colour: string): void {
  const { rng, out } = c;
  let d = '';
  for (let i = 0; i < count; i++) {
    const a = rng() * TAU;
    const r = Math.sqrt(rng()) * radius;
    d += blob(rng, Math.cos(a) * r, Math.sin(a) * r, range(rng, lo, hi), 6, 0.5);
  }
  out.push(`<path d="${d}" fill="${colour}"/>`);
}

// ---------------------------------------------------------------------------------------------
// Shapes (all drawn around 0,0; the plate well has radius ~176)

/** One strand of a twirled nest: a loose spiral arc as a chain of smooth quadratic segments. */
function strandPath(rng: Rng, dir: number, maxR: number, steps: number): string {
  const r0 = 10 + Math.sqrt(rng()) * (maxR - 10);
  const r1 = Math.max(10, Math.min(maxR, r0 + range(rng, -40, 40)));
  const a0 = rng() * TAU;
  const da = (range(rng, 1.6, 3.8) * dir) / steps;
  const wob = range(rng, 0, 3);
  const ph = rng() * TAU;
  const radius = (k: number) => r0 + ((r1 - r0) * k) / steps + wob * Math.sin(k * 1.7 + ph);
  const pt = (k: number, r: number) =>
    `${Math.round(Math.cos(a0 + da * k) * r)} ${Math.round(Math.sin(a0 + da * k) * r)}`;
  const ctrl = (radius(0) + radius(1)) / 2 / Math.cos(da / 2);
  let d = `M${pt(0, radius(0))}Q${pt(0.5, ctrl)} ${pt(1, radius(1))}`;
  for (let k = 2; k <= steps; k++) d += `T${pt(k, radius(k))}`;
  return d;
}

function strands(c: Ctx, width: number, count: number): void {
  const { rng, out, art } = c;
  const pasta = pastaColour(art);
  const dark = luminance(art.sauce) < 0.15;
  saucePool(c, 132, 0.9);
  const dir = rng() < 0.5 ? 1 : -1;
  // wide ribbons are flat: square-ish ends and a soft sheen off-centre; thin strands are round and glossy
  const flat = width >= 12;
  const open = `<g fill="none" stroke-linecap="${flat ? 'butt' : 'round'}">`;
  const sheen = flat
    ? `stroke-opacity="0.22" stroke-width="${f(width * 0.3)}" transform="translate(${f(-width * 0.15)} ${f(-width * 0.15)})"`
    : `stroke-opacity="${dark ? 0.22 : 0.35}" stroke-width="${f(Math.max(1, width * 0.28))}" transform="translate(-0.6 -0.8)"`;
  out.push(open);
  for (let layer = 0; layer < 3; layer++) {
    let paths = '';
    const n = Math.round(count / 3);
    for (let i = 0; i < n; i++) {
      const d = strandPath(rng, rng() < 0.85 ? dir : -dir, 136 - layer * 22, 8);
      paths += `<path d="${d}"/>`;
    }
    const id = `L${layer}${c.uid}`;
    c.defs.push(`<g id="${id}">${paths}</g>`);
    const col = shade(pasta, [-0.1, -0.02, 0.07][layer] ?? 0);
    out.push(
      `<use href="#${id}" stroke="${shade(col, -0.28)}" stroke-width="${f(width + 1.6)}" filter="url(#${c.sh})"/>` +
        `<use href="#${id}" stroke="${col}" stroke-width="${f(width)}"/>` +
        `<use href="#${id}" stroke="#fff" ${sheen}/>`,
    );
    if (layer === 1 && !dark) {
      out.push('</g>');
      splodges(c, 6, 110, 5, 11, art.sauce);
      out.push(open);
    }
  }
  out.push('</g>');
  if (dark) {
    // squid ink: the pasta is the colour; top it with prawns and a few cherry tomatoes
    const g = art.garnish;
    const prawn = defPiece(
      c,
      'k',
      `<path d="M-10 6A11 11 0 1 1 10 6" fill="none" stroke="${g}" stroke-width="8" stroke-linecap="round"/>` +
        `<path d="M-7 -5l4 3M0 -10v5M7 -5l-4 3" stroke="${shade(g, 0.35)}" stroke-width="1.6"/>`,
    );
    for (const [x, y] of scatter(rng, 6, 80, 34))
      out.push(use(prawn, x, y, rng() * 360, range(rng, 0.9, 1.2)));
    splodges(c, 5, 95, 6, 9, '#c8372a');
  } else {
    sauceTop(c, range(rng, 32, 46), Math.floor(range(rng, 3, 6)), 90);
  }
  garnish(c, 110, Math.floor(range(rng, 4, 8)), Math.floor(range(rng, 18, 32)));
}

function scallopSquare(s: number, scallops: number, bump: number): string {
  const h = s / 2;
  const corners: Pt[] = [
    [-h, -h],
    [h, -h],
    [h, h],
    [-h, h],
  ];
  let d = `M${f(-h)} ${f(-h)}`;
  for (let e = 0; e < 4; e++) {
    const a = corners[e];
    const b = corners[(e + 1) % 4];
    if (!a || !b) continue;
    const dx = (b[0] - a[0]) / scallops;
    const dy = (b[1] - a[1]) / scallops;
    // outward normal of a clockwise square in screen coordinates
    const nx = Math.sign(dy);
    const ny = -Math.sign(dx);
    for (let k = 0; k < scallops; k++) {
      const mx = a[0] + dx * (k + 0.5) + nx * bump;
      const my = a[1] + dy * (k + 0.5) + ny * bump;
      d += `Q${f(mx)} ${f(my)} ${f(a[0] + dx * (k + 1))} ${f(a[1] + dy * (k + 1))}`;
    }
  }
  return `${d}Z`;
}

function ravioli(c: Ctx): void {
  const { rng, out, art } = c;
  const pasta = pastaColour(art);
  saucePool(c, 134, 0.9);
  const s = range(rng, 58, 64);
  const inner = s - 20;
  const id = defPiece(
    c,
    'p',
    `<path d="${scallopSquare(s, 5, 3.2)}" fill="${shade(pasta, -0.1)}" stroke="${shade(pasta, -0.25)}" stroke-width="0.8"/>` +
      `<rect x="${f(-inner / 2)}" y="${f(-inner / 2)}" width="${f(inner)}" height="${f(inner)}" rx="${f(inner * 0.34)}" fill="${shade(pasta, 0.15)}"/>` +
      `<ellipse cx="${f(-inner * 0.14)}" cy="${f(-inner * 0.16)}" rx="${f(inner * 0.24)}" ry="${f(inner * 0.13)}" fill="#fff" opacity="0.35"/>`,
  );
  const ringN = rng() < 0.5 ? 6 : 7;
  const ringR = ringN === 6 ? 78 : 84;
  out.push(use(id, range(rng, -6, 6), range(rng, -6, 6), range(rng, 0, 90)));
  const off = rng() * TAU;
  for (let i = 0; i < ringN; i++) {
    const a = off + (i / ringN) * TAU;
    out.push(
      use(
        id,
        Math.cos(a) * ringR + range(rng, -5, 5),
        Math.sin(a) * ringR + range(rng, -5, 5),
        range(rng, 0, 90),
      ),
    );
  }
  splodges(c, 6, 100, 5, 11, art.sauce);
  garnish(c, 110, Math.floor(range(rng, 4, 7)), Math.floor(range(rng, 14, 26)));
}

function tortellini(c: Ctx): void {
  const { rng, out, art } = c;
  const pasta = pastaColour(art);
  saucePool(c, 134);
  const crease = shade(pasta, -0.25);
  const id = defPiece(
    c,
    'p',
    `<ellipse rx="21" ry="18" fill="${pasta}" stroke="${shade(pasta, -0.2)}" stroke-width="0.8"/>` +
      `<ellipse cy="-4" rx="7" ry="6" fill="${shade(mix(pasta, art.sauce, 0.5), -0.3)}"/>` +
      `<path d="M-18 2Q0 22 18 2Q0 12 -18 2Z" fill="${shade(pasta, 0.14)}"/>` +
      `<path d="M-15 -6Q-12 -15 0 -13M15 -6Q12 -15 0 -13" fill="none" stroke="${crease}" stroke-width="1.2"/>` +
      `<ellipse cx="-7" cy="8" rx="6" ry="2" fill="#fff" opacity="0.4"/>`,
  );
  for (const [x, y] of scatter(rng, 22, 104, 34)) out.push(use(id, x, y, rng() * 360, range(rng, 1.2, 1.4)));
  splodges(c, 5, 95, 6, 12, art.sauce);
  garnish(c, 110, Math.floor(range(rng, 4, 7)), Math.floor(range(rng, 16, 28)));
}

function gnocchi(c: Ctx): void {
  const { rng, out, art } = c;
  const potato = mix('#ebc77e', art.sauce, 0.1);
  saucePool(c, 134);
  const ridge = shade(potato, -0.22);
  const id = defPiece(
    c,
    'p',
    `<ellipse rx="15" ry="10.5" fill="${potato}" stroke="${shade(potato, -0.25)}" stroke-width="0.8"/>` +
      `<path d="M-8 -7Q-10.5 0 -8 7M-3 -8.5Q-5.5 0 -3 8.5M2 -8.5Q-0.5 0 2 8.5M7 -7Q4.5 0 7 7" fill="none" stroke="${ridge}" stroke-width="1.3" stroke-linecap="round"/>` +
      `<ellipse cx="-4" cy="-5" rx="6" ry="2.2" fill="#fff" opacity="0.4"/>`,
  );
  for (const [x, y] of scatter(rng, 34, 108, 27)) out.push(use(id, x, y, rng() * 180, range(rng, 1.3, 1.5)));
  splodges(c, 7, 100, 5, 12, art.sauce);
  garnish(c, 105, Math.floor(range(rng, 4, 7)), Math.floor(range(rng, 14, 26)));
}

function rigatoni(c: Ctx): void {
  const { rng, out, art } = c;
  const pasta = pastaColour(art);
  saucePool(c, 134);
  const ridge = shade(pasta, -0.2);
  const id = defPiece(
    c,
    'p',
    `<rect x="-24" y="-10" width="46" height="20" rx="4" fill="${pasta}"/>` +
      `<path d="M-21 -5.5H19M-21 -1.8H19M-21 1.8H19M-21 5.5H19" stroke="${ridge}" stroke-width="1"/>` +
      `<rect x="-22" y="-8" width="38" height="3" rx="1.5" fill="#fff" opacity="0.3"/>` +
      `<ellipse cx="22" rx="4.5" ry="10" fill="${shade(pasta, 0.08)}"/><ellipse cx="22.5" rx="2.8" ry="7.2" fill="${shade(art.sauce, -0.4)}"/>`,
  );
  for (const [x, y] of scatter(rng, 24, 102, 32)) out.push(use(id, x, y, rng() * 360, range(rng, 1.2, 1.4)));
  splodges(c, 12, 105, 4, 10, art.sauce);
  sauceTop(c, range(rng, 20, 28), 2, 70);
  garnish(c, 105, Math.floor(range(rng, 3, 6)), Math.floor(range(rng, 14, 24)));
}

function orecchiette(c: Ctx): void {
  const { rng, out, art } = c;
  const pasta = mix('#efd393', art.sauce, 0.12);
  saucePool(c, 134);
  const id = defPiece(
    c,
    'p',
    `<circle r="12.5" fill="${pasta}"/><ellipse cx="1.2" cy="1.2" rx="8" ry="7.4" fill="${shade(pasta, -0.14)}"/>` +
      `<path d="M-8 -5Q-4 -10 3 -9" fill="none" stroke="#fff" stroke-opacity="0.55" stroke-width="1.4" stroke-linecap="round"/>`,
  );
  for (const [x, y] of scatter(rng, 44, 106, 21)) out.push(use(id, x, y, rng() * 360, range(rng, 1.2, 1.4)));
  splodges(c, 9, 100, 4, 10, shade(art.sauce, -0.08));
  garnish(c, 105, Math.floor(range(rng, 4, 8)), Math.floor(range(rng, 14, 24)));
}

/** A rectangular portion seen from above and slightly in front: a top face and a layered front face. */
function layeredSlab(
  c: Ctx,
  w: number,
  h: number,
  depth: number,
  top: string,
  layers: readonly string[],
): void {
  const { out } = c;
  const x = -w / 2;
  const y = -h / 2 - depth / 2;
  const band = depth / Math.max(1, layers.length);
  let body = '';
  layers.forEach((col, i) => {
    body += `<rect x="${f(x)}" y="${f(y + h + i * band)}" width="${f(w)}" height="${f(band + 0.5)}" fill="${col}"/>`;
  });
  out.push(
    `<g filter="url(#${c.sh})">${body}<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" rx="6" fill="${top}"/></g>`,
  );
}

function lasagne(c: Ctx): void {
  const { rng, out, art } = c;
  const pasta = pastaColour(art);
  const bechamel = '#f4ead0';
  out.push(`<path d="${blob(rng, 0, 10, 140, 12, 0.25)}" fill="${art.sauce}" opacity="0.9"/>`);
  const crust = mix(pasta, '#d08a3a', 0.35);
  out.push(`<g transform="rotate(${f(range(rng, -12, 12))})">`);
  const w = 196;
  const h = 134;
  layeredSlab(c, w, h, 54, crust, [
    pasta,
    art.sauce,
    bechamel,
    pasta,
    shade(art.sauce, 0.08),
    bechamel,
    pasta,
    art.sauce,
  ]);
  // browned, bubbling top
  const top = -h / 2 - 27;
  let spots = '';
  for (let i = 0; i < 24; i++) {
    spots += blob(
      rng,
      range(rng, -w / 2 + 12, w / 2 - 12),
      range(rng, top + 10, top + h - 10),
      range(rng, 3, 9),
      6,
      0.6,
    );
  }
  out.push(`<path d="${spots}" fill="${shade(crust, -0.25)}" opacity="0.7"/>`);
  let bubbles = '';
  for (let i = 0; i < 5; i++) {
    bubbles += blob(
      rng,
      range(rng, -w / 2 + 20, w / 2 - 20),
      range(rng, top + 15, top + h - 15),
      range(rng, 7, 13),
      7,
      0.5,
    );
  }
  out.push(`<path d="${bubbles}" fill="${art.sauce}" opacity="0.85"/>`);
  let gloss = '';
  for (let i = 0; i < 7; i++) {
    const x = range(rng, -w / 2 + 15, w / 2 - 25);
    const y = range(rng, top + 12, top + h - 12);
    gloss += `M${f(x)} ${f(y)}h${f(range(rng, 6, 14))}`;
  }
  out.push(`<path d="${gloss}" stroke="#fff" stroke-width="3" stroke-linecap="round" opacity="0.35"/>`);
  out.push(`<g transform="translate(0 ${f(top + h / 2)})">`);
  garnish(c, 55, Math.floor(range(rng, 3, 5)), 10);
  out.push('</g></g>');
}

function bread(c: Ctx): void {
  const { rng, out, art } = c;
  const crust = art.sauce;
  const w = 270;
  const h = 200;
  out.push(`<g transform="rotate(${f(range(rng, -14, 14))})">`);
  out.push(
    `<rect x="${f(-w / 2)}" y="${f(-h / 2)}" width="${w}" height="${h}" rx="30" fill="${shade(crust, -0.18)}" filter="url(#${c.sh})"/>`,
  );
  out.push(
    `<rect x="${f(-w / 2 + 8)}" y="${f(-h / 2 + 6)}" width="${w - 16}" height="${h - 16}" rx="26" fill="${crust}"/>`,
  );
  out.push(`<ellipse cx="-30" cy="-30" rx="90" ry="55" fill="${shade(crust, 0.2)}" opacity="0.55"/>`);
  let dimples = '';
  let lights = '';
  for (let gy = 0; gy < 4; gy++) {
    for (let gx = 0; gx < 6; gx++) {
      const x = -w / 2 + 30 + gx * ((w - 60) / 5) + range(rng, -9, 9);
      const y = -h / 2 + 32 + gy * ((h - 64) / 3) + range(rng, -8, 8);
      dimples += blob(rng, x, y, range(rng, 5, 8), 6, 0.4);
      lights += `M${f(x - 4)} ${f(y - 6)}q4 -3 8 0`;
    }
  }
  out.push(`<path d="${dimples}" fill="${shade(crust, -0.28)}"/>`);
  out.push(`<path d="${lights}" fill="none" stroke="#fff" stroke-opacity="0.45" stroke-width="1.5"/>`);
  let oil = '';
  for (let i = 0; i < 4; i++)
    oil += blob(rng, range(rng, -100, 100), range(rng, -70, 70), range(rng, 10, 20), 7, 0.5);
  out.push(`<path d="${oil}" fill="#f7e39a" opacity="0.35"/>`);
  const g = art.garnish;
  if (isGreen(g)) {
    // rosemary sprigs
    let needles = '';
    for (let k = 4; k < 40; k += 5) needles += `M${k} 0l4 -6M${k} 0l4 6`;
    const id = defPiece(
      c,
      'r',
      `<g stroke="${g}" stroke-width="2" stroke-linecap="round" fill="none"><path d="M0 0H42"/><path d="${needles}"/></g>`,
      false,
    );
    for (let i = 0; i < 5; i++) {
      out.push(use(id, range(rng, -100, 100), range(rng, -70, 70), rng() * 360, range(rng, 0.8, 1.1)));
    }
    // roasted garlic cloves
    for (let i = 0; i < 4; i++) {
      out.push(
        `<ellipse rx="6" ry="4.5" fill="#e8c27a" stroke="#b98a3c" stroke-width="1" transform="${at(range(rng, -100, 100), range(rng, -70, 70), rng() * 180)}"/>`,
      );
    }
  } else {
    // seeds
    let seeds = '';
    for (let i = 0; i < 70; i++) {
      const x = range(rng, -w / 2 + 14, w / 2 - 14);
      const y = range(rng, -h / 2 + 14, h / 2 - 14);
      const a = rng() * TAU;
      seeds += `M${f(x)} ${f(y)}l${f(Math.cos(a) * 3.5)} ${f(Math.sin(a) * 3.5)}`;
    }
    out.push(`<path d="${seeds}" stroke="${g}" stroke-width="2.6" stroke-linecap="round"/>`);
  }
  // flaky salt
  let salt = '';
  for (let i = 0; i < 26; i++) salt += `M${f(range(rng, -120, 120))} ${f(range(rng, -85, 85))}h2.4v2h-2.4z`;
  out.push(`<path d="${salt}" fill="#fff" opacity="0.85"/>`);
  out.push('</g>');
}

function salad(c: Ctx): void {
  const { rng, out, art } = c;
  const vein = shade(art.sauce, 0.3);
  const leaves = [-0.15, 0, 0.15].map((amt, i) =>
    defPiece(
      c,
      `f${i}`,
      `<path d="${leafPath(58, 19)}" fill="${shade(art.sauce, amt)}"/><path d="M3 0H52" stroke="${vein}" stroke-width="1.2"/>`,
    ),
  );
  for (const [x, y] of scatter(rng, 48, 108, 12)) {
    const id = leaves[Math.floor(rng() * leaves.length)] ?? '';
    // centred on the point; outer leaves point outwards, inner ones any way
    const outer = x * x + y * y > 55 * 55;
    const deg = outer ? (Math.atan2(y, x) * 180) / Math.PI + range(rng, -45, 45) : rng() * 360;
    const sc = range(rng, 0.8, 1.25);
    const half = 29 * sc;
    const rad = (deg * Math.PI) / 180;
    out.push(use(id, x - Math.cos(rad) * half, y - Math.sin(rad) * half, deg, sc));
  }
  // toppings: tomatoes, pear, cheese; big pieces of the garnish colour
  const g = art.garnish;
  const top = defPiece(
    c,
    't',
    `<path d="${blob(rng, 0, 0, 12, 7, 0.3)}" fill="${g}"/><path d="${blob(rng, 0, 0, 6.5, 6, 0.3)}" fill="${shade(g, 0.18)}"/><ellipse cx="-4" cy="-5" rx="3.5" ry="1.6" fill="#fff" opacity="0.45"/>`,
  );
  for (const [x, y] of scatter(rng, 11, 90, 32)) out.push(use(top, x, y, rng() * 360, range(rng, 1, 1.4)));
  dots(c, 30, 110, '#fff', [2.4, 4], 0.45);
}

function dessertGarnish(c: Ctx, cx: number, cy: number, spread: number): void {
  const { rng, out, art } = c;
  const g = art.garnish;
  const id = defPiece(
    c,
    'b',
    `<circle r="6.5" fill="${g}"/><circle cx="-2.2" cy="-2.2" r="2" fill="#fff" opacity="0.5"/>`,
  );
  for (let i = 0; i < 5; i++) {
    out.push(
      use(
        id,
        cx + range(rng, -spread, spread),
        cy + range(rng, -spread * 0.6, spread * 0.6),
        0,
        range(rng, 0.8, 1.2),
      ),
    );
  }
  if (isGreen(g)) {
    out.push(
      `<g transform="${at(cx + 8, cy - 6, range(rng, 0, 360))}"><path d="${leafPath(24, 8)}" fill="${g}"/><path d="${leafPath(20, 7)}" fill="${shade(g, 0.15)}" transform="rotate(70)"/></g>`,
    );
  }
}

function dessert(c: Ctx, layout: number): void {
  const { rng, out, art } = c;
  if (layout === 1) {
    // served in a glass, seen from above
    out.push(
      `<circle r="104" fill="#fff" opacity="0.35" stroke="#cfd8dc" stroke-width="5" filter="url(#${c.sh})"/>`,
    );
    out.push(`<circle r="90" fill="${art.sauce}"/>`);
    out.push(`<circle r="90" fill="none" stroke="#fff" stroke-opacity="0.5" stroke-width="3"/>`);
    let dust = '';
    for (let i = 0; i < 60; i++) {
      const a = rng() * TAU;
      const r = Math.sqrt(rng()) * 84;
      dust += `M${f(Math.cos(a) * r)} ${f(Math.sin(a) * r)}h1.6v1.6h-1.6z`;
    }
    out.push(`<path d="${dust}" fill="${shade(art.sauce, -0.2)}"/>`);
    out.push(
      `<path d="M-70 -40A80 80 0 0 1 -20 -80" fill="none" stroke="#fff" stroke-opacity="0.6" stroke-width="5" stroke-linecap="round"/>`,
    );
    // piped cream rosettes
    const cream = mix('#fbf4e4', art.sauce, 0.08);
    const rosette = defPiece(
      c,
      'c',
      `<circle r="15" fill="${cream}"/><path d="M0 0m-3 0a3 3 0 1 1 6 0a7 7 0 1 1 -13 0a10.5 10.5 0 1 1 20 0" fill="none" stroke="${shade(cream, -0.14)}" stroke-width="1.5"/>`,
    );
    const off = rng() * TAU;
    for (let i = 0; i < 3; i++) {
      const a = off + (i / 3) * TAU;
      out.push(use(rosette, Math.cos(a) * 40, Math.sin(a) * 40, rng() * 360, range(rng, 1.3, 1.5)));
    }
    dessertGarnish(c, 0, 0, 22);
    out.push(`<g transform="${at(128, -30, range(rng, 5, 20))}">`);
    spoonShape(c);
    out.push('</g>');
    return;
  }
  // a slice or portion with visible layers
  const cream = mix('#f6ecd4', art.sauce, 0.12);
  const sponge = mix('#d9b07a', art.sauce, 0.25);
  out.push(`<g transform="rotate(${f(range(rng, -18, 18))})">`);
  out.push(
    `<path d="${blob(rng, range(rng, -20, 20), 40, 115, 10, 0.35)}" fill="${art.garnish}" opacity="0.3"/>`,
  );
  layeredSlab(c, 176, 124, 52, art.sauce, [sponge, cream, sponge, cream, sponge]);
  let dust = '';
  for (let i = 0; i < 60; i++) dust += `M${f(range(rng, -82, 82))} ${f(range(rng, -82, 32))}h1.6v1.6h-1.6z`;
  out.push(`<path d="${dust}" fill="${shade(art.sauce, -0.2)}"/>`);
  dessertGarnish(c, 0, -25, 30);
  out.push('</g>');
}

function giftBox(c: Ctx): void {
  const { rng, out, art } = c;
  const kraft = '#c89d68';
  const ribbon = art.sauce;
  const w = 340;
  const h = 270;
  out.push(`<g transform="rotate(${f(range(rng, -10, 10))})">`);
  out.push(
    `<rect x="${-w / 2}" y="${-h / 2}" width="${w}" height="${h}" rx="6" fill="${kraft}" filter="url(#${c.sh})"/>`,
  );
  out.push(
    `<rect x="${-w / 2 + 8}" y="${-h / 2 + 8}" width="${w - 16}" height="${h - 16}" rx="4" fill="none" stroke="${shade(kraft, -0.12)}" stroke-width="2"/>`,
  );
  let fibres = '';
  for (let i = 0; i < 40; i++) {
    fibres += `M${f(range(rng, -w / 2 + 10, w / 2 - 30))} ${f(range(rng, -h / 2 + 10, h / 2 - 10))}h${f(range(rng, 6, 20))}`;
  }
  out.push(`<path d="${fibres}" stroke="${shade(kraft, -0.1)}" stroke-width="1" opacity="0.6"/>`);
  const rx = range(rng, -40, 40);
  const ry = range(rng, -30, 30);
  out.push(
    `<rect x="${f(rx - 17)}" y="${-h / 2}" width="34" height="${h}" fill="${ribbon}"/><rect x="${-w / 2}" y="${f(ry - 17)}" width="${w}" height="34" fill="${ribbon}"/>`,
  );
  const edge = shade(ribbon, -0.25);
  out.push(
    `<path d="M${f(rx - 13)} ${-h / 2}V${h / 2}M${f(rx + 13)} ${-h / 2}V${h / 2}M${-w / 2} ${f(ry - 13)}H${w / 2}M${-w / 2} ${f(ry + 13)}H${w / 2}" stroke="${edge}" stroke-width="1.2" opacity="0.6"/>`,
  );
  // bow
  const hi = shade(ribbon, 0.2);
  out.push(
    `<g transform="${at(rx, ry, range(rng, -20, 20))}" filter="url(#${c.sh})"><path d="M-4 4L-26 58L-12 52L-4 64Z" fill="${edge}"/><path d="M4 4L28 56L14 52L6 64Z" fill="${edge}"/><path d="M0 0C-22 -52 -86 -40 -74 -6C-66 16 -24 10 0 0Z" fill="${ribbon}"/><path d="M0 0C22 -52 86 -40 74 -6C66 16 24 10 0 0Z" fill="${ribbon}"/><path d="M-10 -8C-28 -34 -60 -30 -58 -10M10 -8C28 -34 60 -30 58 -10" fill="none" stroke="${hi}" stroke-width="3" stroke-linecap="round"/><ellipse rx="15" ry="13" fill="${shade(ribbon, -0.1)}"/></g>`,
  );
  // gift tag on a string
  const tx = w / 2 - 80;
  const ty = h / 2 - 55;
  out.push(
    `<path d="M${f(rx + 8)} ${f(ry + 10)}Q${f(tx - 20)} ${f(ty - 40)} ${f(tx + 4)} ${f(ty + 2)}" fill="none" stroke="${art.garnish}" stroke-width="1.5"/><g transform="${at(tx, ty, -18)}" filter="url(#${c.sh})"><path d="M0 0L14 -14H72V14H14Z" fill="${art.plate}"/><circle cx="10" r="3" fill="${kraft}"/><path d="M24 -4H60M24 4H50" stroke="${shade(art.plate, -0.35)}" stroke-width="2" stroke-linecap="round"/></g>`,
  );
  out.push('</g>');
}

// ---------------------------------------------------------------------------------------------
// Table, plate and cutlery

/** The surface a dish or a drink is seen on: wood, linen, stone or slate. */
export function table(c: Pick<Ctx, 'rng' | 'out' | 'defs' | 'uid'>): void {
  const { rng, out, defs, uid } = c;
  const kind = pick(rng, ['wood', 'wood', 'linen', 'stone', 'slate'] as const);
  if (kind === 'wood') {
    const base = pick(rng, ['#b68a5f', '#9b6b45', '#c6a27c', '#7d5a3f'] as const);
    out.push(`<rect width="800" height="600" fill="${base}"/>`);
    const plank = range(rng, 100, 150);
    let grain = '';
    for (let y = 0; y < 600; y += plank) {
      out.push(
        `<rect y="${f(y)}" width="800" height="${f(plank)}" fill="${shade(base, range(rng, -0.08, 0.08))}"/>`,
      );
      out.push(`<path d="M0 ${f(y)}H800" stroke="${shade(base, -0.35)}" stroke-width="2"/>`);
      for (let k = 0; k < 4; k++) {
        const gy = y + range(rng, 10, plank - 10);
        grain += `M0 ${f(gy)}Q${f(range(rng, 150, 350))} ${f(gy + range(rng, -10, 10))} ${f(range(rng, 400, 500))} ${f(gy + range(rng, -6, 6))}T800 ${f(gy + range(rng, -8, 8))}`;
      }
    }
    out.push(
      `<path d="${grain}" fill="none" stroke="${shade(base, -0.15)}" stroke-width="1.5" opacity="0.6"/>`,
    );
  } else if (kind === 'linen') {
    const base = '#ece4d4';
    out.push(`<rect width="800" height="600" fill="${base}"/>`);
    defs.push(
      `<pattern id="l${uid}" width="6" height="6" patternUnits="userSpaceOnUse"><path d="M0 0H6M0 3H6" stroke="${shade(base, -0.05)}" stroke-width="1"/></pattern>`,
    );
    out.push(`<rect width="800" height="600" fill="url(#l${uid})"/>`);
  } else {
    const base = kind === 'stone' ? '#dcd8d0' : '#4a5157';
    out.push(`<rect width="800" height="600" fill="${base}"/>`);
    let veins = '';
    for (let i = 0; i < 5; i++) {
      const y = range(rng, -50, 650);
      veins += `M-10 ${f(y)}Q${f(range(rng, 150, 400))} ${f(y + range(rng, -150, 150))} ${f(range(rng, 400, 600))} ${f(y + range(rng, -100, 100))}T810 ${f(y + range(rng, -200, 200))}`;
    }
    out.push(
      `<path d="${veins}" fill="none" stroke="${shade(base, kind === 'stone' ? -0.12 : 0.12)}" stroke-width="2" opacity="0.7"/>`,
    );
  }
}

function napkin(c: Ctx, x: number, y: number, deg: number): void {
  const { rng, out, defs, uid } = c;
  const col = pick(rng, ['#b6433a', '#3d5a73', '#6d7c4f', '#c58b2c'] as const);
  defs.push(
    `<pattern id="n${uid}" width="28" height="28" patternUnits="userSpaceOnUse"><rect width="28" height="28" fill="#f7f3ea"/><rect width="14" height="28" fill="${col}" opacity="0.5"/><rect width="28" height="14" fill="${col}" opacity="0.5"/></pattern>`,
  );
  out.push(
    `<rect x="${f(x)}" y="${f(y)}" width="260" height="220" rx="4" fill="url(#n${uid})" transform="rotate(${f(deg)} ${f(x + 130)} ${f(y + 110)})" filter="url(#${c.sh})"/>`,
  );
}

function fork(c: Ctx, x: number, y: number, deg: number): void {
  c.out.push(
    `<g transform="${at(x, y, deg)}" fill="#d5d8dc" stroke="#9ba1a8" stroke-width="1" filter="url(#${c.sh})"><rect x="-7" y="10" width="14" height="170" rx="7"/><path d="M-17 -70V-14Q-17 8 -6 12H6Q17 8 17 -14V-70H13V-20H7V-70H3V-20H-3V-70H-7V-20H-13V-70Z"/></g>`,
  );
}

function knife(c: Ctx, x: number, y: number, deg: number): void {
  c.out.push(
    `<g transform="${at(x, y, deg)}" fill="#d5d8dc" stroke="#9ba1a8" stroke-width="1" filter="url(#${c.sh})"><rect x="-7" y="10" width="14" height="160" rx="7"/><path d="M-6 10V-90Q6 -80 8 -40L7 10Z"/></g>`,
  );
}

function spoonShape(c: Ctx): void {
  c.out.push(
    `<g fill="#d5d8dc" stroke="#9ba1a8" stroke-width="1" filter="url(#${c.sh})"><rect x="-4" y="14" width="8" height="90" rx="4"/><ellipse cy="-4" rx="13" ry="20"/></g>`,
  );
}

function spoon(c: Ctx, x: number, y: number, deg: number): void {
  c.out.push(
    `<g transform="${at(x, y, deg)}" fill="#d5d8dc" stroke="#9ba1a8" stroke-width="1" filter="url(#${c.sh})"><rect x="-5" y="20" width="10" height="120" rx="5"/><ellipse cy="-5" rx="17" ry="27"/></g>`,
  );
}

/**
 * A self-contained SVG (no external references, no fonts, no scripts, no <image>) of the dish seen from
 * above, 800×600 viewBox, deterministic for a given (seed, art, variant).
 */
export function dishSvg(art: DishArt, seed: number, variant: number, title: string): string {
  const s = Math.trunc(seed) || 0;
  const v = Math.trunc(variant) || 0;
  const rng = mulberry32(Math.imul(s, 31) + v);
  const uid = `${Math.abs(s)}_${Math.abs(v)}`;
  const sh = `s${uid}`;
  const defs: string[] = [
    `<filter id="${sh}" x="-20%" y="-20%" width="140%" height="140%"><feDropShadow dx="1" dy="2.5" stdDeviation="2" flood-color="#000" flood-opacity="0.3"/></filter>`,
  ];
  const out: string[] = [];
  const c: Ctx = { rng, out, defs, art, uid, sh };

  table(c);

  // Layout: the three variants put the plate and cutlery in different places.
  const layout = ((v % 3) + 3) % 3;
  const cx = [360, 430, 400][layout] ?? 400;
  const cy = [300, 300, 315][layout] ?? 300;
  if (art.shape !== 'box') {
    if (layout === 0) {
      napkin(c, 560, 180, range(rng, -8, 8));
      fork(c, 650, 300, range(rng, -6, 6));
      knife(c, 700, 300, range(rng, -6, 6));
    } else if (layout === 1) {
      napkin(c, -60, 230, range(rng, -10, 10));
      fork(c, 120, 320, range(rng, -8, 8));
    } else {
      napkin(c, 560, -40, range(rng, 15, 35));
      if (art.shape === 'dessert') spoon(c, 690, 360, range(rng, 20, 40));
      else fork(c, 680, 380, range(rng, 25, 40));
    }
  }

  const R = 238;
  if (art.shape === 'box') {
    out.push(`<g transform="${at(400, 300)}">`);
    giftBox(c);
    out.push('</g>');
  } else {
    const plate = art.plate;
    const well = mix(plate, '#ffffff', 0.82);
    defs.push(
      `<radialGradient id="w${uid}"><stop offset="0.6" stop-color="${well}"/><stop offset="1" stop-color="${shade(well, -0.07)}"/></radialGradient>`,
    );
    out.push(`<circle cx="${f(cx + 6)}" cy="${f(cy + 12)}" r="${R}" fill="#000" opacity="0.18"/>`);
    out.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${R}" fill="${plate}"/>`);
    out.push(
      `<circle cx="${f(cx)}" cy="${f(cy)}" r="${R - 6}" fill="none" stroke="#fff" stroke-opacity="0.25" stroke-width="3"/>`,
    );
    out.push(
      `<circle cx="${f(cx)}" cy="${f(cy)}" r="${R - 62}" fill="url(#w${uid})" stroke="${shade(plate, -0.12)}" stroke-width="2"/>`,
    );
    const upright = art.shape === 'lasagne' || art.shape === 'bread' || art.shape === 'dessert';
    const angle = upright ? 0 : rng() * 360;
    out.push(`<g transform="${at(cx + range(rng, -8, 8), cy + range(rng, -8, 8), angle)}">`);
    switch (art.shape) {
      case 'pappardelle':
        strands(c, 17, 21);
        break;
      case 'tagliatelle':
        strands(c, 8, 33);
        break;
      case 'spaghetti':
        strands(c, 4.2, 42);
        break;
      case 'ravioli':
        ravioli(c);
        break;
      case 'tortellini':
        tortellini(c);
        break;
      case 'gnocchi':
        gnocchi(c);
        break;
      case 'rigatoni':
        rigatoni(c);
        break;
      case 'orecchiette':
        orecchiette(c);
        break;
      case 'lasagne':
        lasagne(c);
        break;
      case 'bread':
        bread(c);
        break;
      case 'salad':
        salad(c);
        break;
      case 'dessert':
        dessert(c, layout);
        break;
    }
    out.push('</g>');
  }

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" width="800" height="600" role="img">` +
    `<title>${escapeXml(title)}</title><defs>${defs.join('')}</defs>${out.join('')}</svg>`
  );
}
