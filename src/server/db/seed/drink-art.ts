// Placeholder product photography for drinks (issue 19, item 17), in the style of ./dish-art.ts: a flat lay
// seen from above on the same tables, a can or a bottle lying on its side, an espresso or a spritz from
// above. Self-contained SVG (no fonts, scripts or external references), deterministic for a (seed, art).
import { at, escapeXml, f, mix, mulberry32, range, shade, table } from './dish-art';

export interface DrinkArt {
  shape: 'can' | 'bottle' | 'espresso' | 'spritz';
  /** The can's or label's colour; the drink's colour in a cup or glass. */
  body: string;
  /** A band or label detail; the glass of a bottle; a garnish. */
  accent: string;
}

export function isDrinkArt(art: { shape: string }): art is DrinkArt {
  return ['can', 'bottle', 'espresso', 'spritz'].includes(art.shape);
}

interface Canvas {
  out: string[];
  defs: string[];
  sh: string;
  uid: string;
}

/** A can on its side: the printed body, a band, the rolled ends and the light along it. */
function can(c: Canvas, art: DrinkArt): void {
  const { out, defs, uid } = c;
  const w = 330;
  const h = 150;
  defs.push(
    `<linearGradient id="cg${uid}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(art.body, -0.25)}"/><stop offset="0.3" stop-color="${shade(art.body, 0.25)}"/><stop offset="0.55" stop-color="${art.body}"/><stop offset="1" stop-color="${shade(art.body, -0.35)}"/></linearGradient>`,
    `<linearGradient id="ce${uid}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8d949b"/><stop offset="0.35" stop-color="#eef1f3"/><stop offset="1" stop-color="#7b8288"/></linearGradient>`,
  );
  out.push(`<g filter="url(#${c.sh})">`);
  out.push(`<rect x="${-w / 2}" y="${-h / 2}" width="${w}" height="${h}" rx="14" fill="url(#cg${uid})"/>`);
  out.push(
    `<rect x="${-w / 2 + 70}" y="${-h / 2}" width="120" height="${h}" fill="${art.accent}" opacity="0.9"/>`,
    `<circle cx="${-w / 2 + 130}" cy="0" r="38" fill="${shade(art.accent, 0.45)}" opacity="0.85"/>`,
    `<circle cx="${-w / 2 + 130}" cy="0" r="24" fill="${art.body}" opacity="0.9"/>`,
  );
  for (const x of [-w / 2 - 8, w / 2 - 10]) {
    out.push(`<rect x="${x}" y="${-h / 2 + 4}" width="18" height="${h - 8}" rx="7" fill="url(#ce${uid})"/>`);
  }
  out.push(
    `<path d="M${-w / 2 + 20} ${-h / 2 + 22}H${w / 2 - 24}" stroke="#fff" stroke-opacity="0.45" stroke-width="8" stroke-linecap="round"/>`,
  );
  out.push('</g>');
}

/** A bottle on its side: the glass, its shoulder and neck, the cap, the label and a gleam. */
function bottle(c: Canvas, art: DrinkArt): void {
  const { out, defs, uid } = c;
  const glass = art.accent;
  defs.push(
    `<linearGradient id="bg${uid}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(glass, -0.3)}"/><stop offset="0.28" stop-color="${shade(glass, 0.35)}"/><stop offset="0.6" stop-color="${glass}"/><stop offset="1" stop-color="${shade(glass, -0.4)}"/></linearGradient>`,
  );
  out.push(`<g filter="url(#${c.sh})">`);
  out.push(
    `<path d="M-230 -62Q-236 -62 -236 -50V50Q-236 62 -230 62H60Q110 62 140 28Q158 16 200 16H232V-16H200Q158 -16 140 -28Q110 -62 60 -62Z" fill="url(#bg${uid})" fill-opacity="0.92"/>`,
  );
  out.push(`<rect x="226" y="-21" width="26" height="42" rx="5" fill="${shade(art.body, -0.25)}"/>`);
  out.push(
    `<rect x="-190" y="-62" width="190" height="124" fill="${mix(art.body, '#ffffff', 0.15)}"/>`,
    `<rect x="-190" y="-18" width="190" height="36" fill="${shade(art.body, -0.3)}" opacity="0.8"/>`,
    `<path d="M-176 -40H-14M-176 40H-14" stroke="${shade(art.body, -0.45)}" stroke-width="4" opacity="0.5"/>`,
  );
  out.push(
    `<path d="M-220 -40H120" stroke="#fff" stroke-opacity="0.4" stroke-width="7" stroke-linecap="round"/>`,
  );
  out.push('</g>');
}

/** An espresso from above: saucer, cup and handle, the coffee with its crema, a spoon. */
function espresso(c: Canvas, art: DrinkArt, rng: () => number): void {
  const { out, defs, uid } = c;
  defs.push(
    `<radialGradient id="cr${uid}"><stop offset="0" stop-color="${shade(art.accent, 0.15)}"/><stop offset="0.7" stop-color="${art.accent}"/><stop offset="1" stop-color="${art.body}"/></radialGradient>`,
  );
  out.push(`<g filter="url(#${c.sh})">`);
  out.push(`<circle r="170" fill="#f7f4ee"/><circle r="150" fill="none" stroke="#e3ddd2" stroke-width="3"/>`);
  out.push(
    `<rect x="88" y="-22" width="80" height="44" rx="22" fill="#f7f4ee" stroke="#e3ddd2" stroke-width="3"/>`,
  );
  out.push(`<circle r="100" fill="#fbfaf7" stroke="#e3ddd2" stroke-width="3"/>`);
  out.push(`<circle r="84" fill="url(#cr${uid})"/>`);
  let swirl = '';
  for (let i = 0; i < 3; i++) {
    const r = range(rng, 20, 60);
    swirl += `M${f(-r)} ${f(range(rng, -20, 20))}q${f(r)} ${f(range(rng, -30, 30))} ${f(r * 2)} 0`;
  }
  out.push(
    `<path d="${swirl}" fill="none" stroke="${shade(art.accent, 0.35)}" stroke-width="4" opacity="0.6"/>`,
  );
  out.push(
    `<g transform="${at(-60, 130, range(rng, -30, -10))}"><rect x="-5" y="-80" width="10" height="110" rx="5" fill="#c9ced3"/><ellipse cy="-88" rx="12" ry="18" fill="#c9ced3"/></g>`,
  );
  out.push('</g>');
}

/** A spritz from above: the glass's rim, the drink, ice and a slice of orange. */
function spritz(c: Canvas, art: DrinkArt, rng: () => number): void {
  const { out, defs, uid } = c;
  defs.push(
    `<radialGradient id="sp${uid}"><stop offset="0" stop-color="${shade(art.body, 0.3)}"/><stop offset="1" stop-color="${shade(art.body, -0.15)}"/></radialGradient>`,
  );
  out.push(`<g filter="url(#${c.sh})">`);
  out.push(
    `<circle r="160" fill="#ffffff" fill-opacity="0.35" stroke="#ffffff" stroke-opacity="0.8" stroke-width="6"/>`,
  );
  out.push(`<circle r="140" fill="url(#sp${uid})" opacity="0.95"/>`);
  for (let i = 0; i < 4; i++) {
    const x = range(rng, -80, 70);
    const y = range(rng, -80, 70);
    out.push(
      `<rect x="${f(x)}" y="${f(y)}" width="56" height="56" rx="12" fill="#ffffff" opacity="0.45" transform="rotate(${f(range(rng, 0, 90))} ${f(x + 28)} ${f(y + 28)})"/>`,
    );
  }
  const ox = range(rng, -30, 30);
  const oy = range(rng, -30, 30);
  let segments = '';
  for (let k = 0; k < 8; k++) {
    const a = (k / 8) * Math.PI * 2;
    segments += `M${f(ox)} ${f(oy)}L${f(ox + Math.cos(a) * 52)} ${f(oy + Math.sin(a) * 52)}`;
  }
  out.push(
    `<circle cx="${f(ox)}" cy="${f(oy)}" r="62" fill="${art.accent}"/>`,
    `<circle cx="${f(ox)}" cy="${f(oy)}" r="54" fill="${mix(art.accent, '#ffe9a8', 0.45)}"/>`,
    `<path d="${segments}" stroke="#fff6dc" stroke-width="3"/>`,
  );
  out.push('</g>');
}

/** The drink on a table, 800×600 like the dishes, with its name as the title. */
export function drinkSvg(art: DrinkArt, seed: number, title: string): string {
  const s = Math.trunc(seed) || 0;
  const rng = mulberry32(Math.imul(s, 37) + 11);
  const uid = `d${Math.abs(s)}`;
  const sh = `s${uid}`;
  const defs: string[] = [
    `<filter id="${sh}" x="-20%" y="-20%" width="140%" height="140%"><feDropShadow dx="2" dy="5" stdDeviation="5" flood-color="#000" flood-opacity="0.35"/></filter>`,
  ];
  const out: string[] = [];
  table({ rng, out, defs, uid });
  const canvas = { out, defs, sh, uid };
  const lying = art.shape === 'can' || art.shape === 'bottle';
  // As large in the frame as a dish's plate, and whole in the square a menu card crops it to.
  const scale = { can: 1.45, bottle: 1.1, espresso: 1.4, spritz: 1.45 }[art.shape];
  const place = at(400 + range(rng, -20, 20), 300 + range(rng, -15, 15), lying ? range(rng, -12, 12) : 0);
  out.push(`<g transform="${place} scale(${scale})">`);
  if (art.shape === 'can') can(canvas, art);
  else if (art.shape === 'bottle') bottle(canvas, art);
  else if (art.shape === 'espresso') espresso(canvas, art, rng);
  else spritz(canvas, art, rng);
  out.push('</g>');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" width="800" height="600" role="img">` +
    `<title>${escapeXml(title)}</title><defs>${defs.join('')}</defs>${out.join('')}</svg>`
  );
}
