import sharp from 'sharp';

// Demo artists' photos, made at seed time (the machine that seeds may have no network): a performer
// seen against stage lights, the way many musicians' press photos look. Each artist gets their own
// light colours, haze, hair and build from a seed, so the same seed always gives the same picture.
// The layers are drawn as SVG and finished by sharp as a photo would be: the background is out of
// focus, the figure is slightly soft and rim-lit, and film grain and a vignette sit over everything.

export interface PortraitSpec {
  /** Any whole number; the same seed draws the same picture. */
  seed: number;
  /** Key and fill light colours of the stage, as hues (0–360). */
  hues: [number, number];
  /** How many people stand in the picture (a band or a trio: 2 or 3). */
  people?: 1 | 2 | 3;
  /** What the performer holds, if anything. */
  prop?: 'mic' | 'guitar' | 'none';
  /** Hair shape of the front figure. */
  hair?: 'short' | 'long' | 'bun' | 'curly';
}

/** Square side in pixels: sharp for the 120 px artist page on a 3x screen, small as WebP (~6 KB). */
export const PORTRAIT_SIZE = 512;

/** mulberry32: a tiny deterministic generator, enough for placing lights. */
function randomFrom(seed: number): () => number {
  let a = seed >>> 0 || 1;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(h) % 360} ${Math.round(s)}% ${Math.round(l)}%)`;
const svgOf = (body: string, size = PORTRAIT_SIZE) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${body}</svg>`,
  );

/** The stage: a dark gradient, beams from above, and lights that the lens turns into discs. */
function backgroundSvg(spec: PortraitSpec, rand: () => number): Buffer {
  const S = PORTRAIT_SIZE;
  const [key, fill] = spec.hues;
  const beams = Array.from({ length: 3 + Math.floor(rand() * 3) }, (_, i) => {
    const x = S * (0.1 + 0.8 * rand());
    const spread = S * (0.12 + 0.18 * rand());
    const hue = i % 2 ? key : fill;
    return `<path d="M${x - 8} -10 L${x + 8} -10 L${x + spread} ${S} L${x - spread} ${S} Z" fill="${hsl(hue, 80, 70)}" opacity="${(0.1 + 0.12 * rand()).toFixed(2)}"/>`;
  }).join('');
  const discs = Array.from({ length: 26 }, () => {
    const hue = rand() < 0.6 ? key + (rand() - 0.5) * 30 : fill + (rand() - 0.5) * 30;
    const r = S * (0.025 + 0.09 * rand() ** 2);
    const y = S * (0.05 + 0.75 * rand());
    return `<circle cx="${(S * rand()).toFixed(1)}" cy="${y.toFixed(1)}" r="${r.toFixed(1)}" fill="${hsl(hue, 85, 60 + 25 * rand())}" opacity="${(0.25 + 0.55 * rand()).toFixed(2)}"/>`;
  }).join('');
  return svgOf(`
<defs>
  <linearGradient id="bg" x1="0" y1="0" x2="0.3" y2="1">
    <stop offset="0" stop-color="${hsl(key, 55, 22)}"/>
    <stop offset="0.55" stop-color="${hsl((key + fill) / 2, 45, 12)}"/>
    <stop offset="1" stop-color="${hsl(fill, 50, 8)}"/>
  </linearGradient>
  <radialGradient id="glow" cx="${(0.3 + 0.4 * rand()).toFixed(2)}" cy="0.35" r="0.6">
    <stop offset="0" stop-color="${hsl(key, 90, 65)}" stop-opacity="0.75"/>
    <stop offset="1" stop-color="${hsl(key, 90, 65)}" stop-opacity="0"/>
  </radialGradient>
</defs>
<rect width="${S}" height="${S}" fill="url(#bg)"/>
<rect width="${S}" height="${S}" fill="url(#glow)"/>
${beams}${discs}`);
}

/** One performer from the chest up, as a dark shape with a light edge; `x` is the centre, `scale` 1 fills the frame. */
function figure(spec: PortraitSpec, rand: () => number, x: number, scale: number, front: boolean, id: string): string {
  const S = PORTRAIT_SIZE;
  const [key, fill] = spec.hues;
  const headR = S * 0.105 * scale * (0.94 + 0.12 * rand());
  const headY = S - S * 0.53 * scale;
  const neckW = headR * 0.62;
  const shoulderW = headR * (2.8 + 0.5 * rand());
  // In the figure's own frame: the head's centre is 0,0; the frame's bottom edge is far below.
  const shoulderY = headR * 1.75;
  const bottom = S - headY + headR;
  const tilt = (rand() - 0.5) * 10;
  const styles = ['short', 'long', 'curly', 'bun'] as const;
  const hair = front ? (spec.hair ?? 'short') : (styles[Math.floor(rand() * styles.length)] ?? 'short');
  const hairShape = {
    short: `<path d="M${-headR * 0.98} ${headR * 0.15} C${-headR * 1.2} ${-headR * 1.45} ${headR * 1.2} ${-headR * 1.45} ${headR * 0.98} ${headR * 0.15} C${headR * 0.8} ${-headR * 0.5} ${-headR * 0.8} ${-headR * 0.5} ${-headR * 0.98} ${headR * 0.15} Z"/>`,
    long: `<path d="M${-headR * 1.05} ${headR * 1.6} C${-headR * 1.35} ${-headR * 0.4} ${-headR * 0.9} ${-headR * 1.35} 0 ${-headR * 1.18} C${headR * 0.9} ${-headR * 1.35} ${headR * 1.35} ${-headR * 0.4} ${headR * 1.05} ${headR * 1.6} Z"/>`,
    bun: `<circle cx="${headR * 0.25}" cy="${-headR * 1.05}" r="${headR * 0.5}"/><path d="M${-headR * 0.95} ${headR * 0.1} C${-headR * 1.1} ${-headR * 1.3} ${headR * 1.1} ${-headR * 1.3} ${headR * 0.95} ${headR * 0.1} Z"/>`,
    curly: Array.from({ length: 11 }, (_, i) => {
      const a = Math.PI * (1.05 + (0.9 * i) / 10);
      return `<circle cx="${(Math.cos(a) * headR * 0.95).toFixed(1)}" cy="${(Math.sin(a) * headR * 0.95).toFixed(1)}" r="${(headR * 0.38).toFixed(1)}"/>`;
    }).join(''),
  }[hair];
  const body = `M${-shoulderW} ${bottom} C${-shoulderW} ${shoulderY + headR * 0.5} ${-shoulderW * 0.8} ${shoulderY} ${-neckW * 1.6} ${shoulderY - headR * 0.2} L${-neckW} ${headR * 0.6} L${neckW} ${headR * 0.6} L${neckW * 1.6} ${shoulderY - headR * 0.2} C${shoulderW * 0.8} ${shoulderY} ${shoulderW} ${shoulderY + headR * 0.5} ${shoulderW} ${bottom} Z`;
  const prop =
    front && spec.prop === 'mic'
      ? `<g transform="translate(${headR * 0.75} ${headR * 0.75}) rotate(-35)"><rect x="${-headR * 0.1}" y="0" width="${headR * 0.2}" height="${headR * 1.9}" rx="${headR * 0.08}"/><ellipse cx="0" cy="0" rx="${headR * 0.26}" ry="${headR * 0.34}"/></g>`
      : front && spec.prop === 'guitar'
        ? `<g transform="translate(${-shoulderW * 0.15} ${shoulderY + headR * 2.2}) rotate(-28)"><ellipse cx="0" cy="0" rx="${headR * 1.5}" ry="${headR * 1.15}"/><ellipse cx="${headR * 1.2}" cy="0" rx="${headR * 1.05}" ry="${headR * 0.85}"/><rect x="${headR * 1.8}" y="${-headR * 0.14}" width="${headR * 3.4}" height="${headR * 0.28}"/></g>`
        : '';
  // Drawn twice: in the light's colour, shifted towards the light (the rim), then the dark figure over it.
  const shape = (fill: string) =>
    `<g fill="${fill}"><path d="${body}"/><ellipse cx="0" cy="0" rx="${headR * 0.86}" ry="${headR}"/>${hairShape}${prop}</g>`;
  // One shading for the whole figure (user space), so hair, head and body read as one lit shape.
  const l = front ? 13 : 9;
  return `<g transform="translate(${x.toFixed(1)} ${headY.toFixed(1)}) rotate(${tilt.toFixed(1)})">
  <defs><radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${(-headR * 0.8).toFixed(1)}" cy="${(-headR * 0.6).toFixed(1)}" r="${(headR * 5).toFixed(1)}">
    <stop offset="0" stop-color="${hsl(fill, 25, l + 9)}"/>
    <stop offset="0.45" stop-color="${hsl(key, 20, l)}"/>
    <stop offset="1" stop-color="${hsl(key, 30, Math.max(2, l - 7))}"/>
  </radialGradient></defs>
  <g transform="translate(${(-headR * 0.05).toFixed(1)} ${(-headR * 0.04).toFixed(1)})" opacity="0.95">${shape(hsl(key, 90, 78))}</g>
  <g>${shape(`url(#${id})`)}</g>
</g>`;
}

function subjectSvg(spec: PortraitSpec, rand: () => number): Buffer {
  const S = PORTRAIT_SIZE;
  const people = spec.people ?? 1;
  const placements =
    people === 1
      ? [{ x: S * (0.42 + 0.16 * rand()), scale: 1, front: true }]
      : people === 2
        ? [
            { x: S * 0.68, scale: 0.82, front: false },
            { x: S * 0.36, scale: 0.92, front: true },
          ]
        : [
            { x: S * 0.2, scale: 0.74, front: false },
            { x: S * 0.8, scale: 0.76, front: false },
            { x: S * 0.5, scale: 0.88, front: true },
          ];
  return svgOf(placements.map((p, i) => figure(spec, rand, p.x, p.scale, p.front, `figure${i}`)).join(''));
}

/** Haze low in the frame and a vignette: the light falls off towards the edges as through a lens. */
function finishSvg(spec: PortraitSpec): Buffer {
  const S = PORTRAIT_SIZE;
  return svgOf(`
<defs>
  <radialGradient id="v" cx="0.5" cy="0.45" r="0.75">
    <stop offset="0.55" stop-color="#000" stop-opacity="0"/>
    <stop offset="1" stop-color="#000" stop-opacity="0.6"/>
  </radialGradient>
  <linearGradient id="haze" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0.55" stop-color="${hsl(spec.hues[1], 60, 60)}" stop-opacity="0"/>
    <stop offset="1" stop-color="${hsl(spec.hues[1], 60, 60)}" stop-opacity="0.18"/>
  </linearGradient>
</defs>
<rect width="${S}" height="${S}" fill="url(#haze)"/>
<rect width="${S}" height="${S}" fill="url(#v)"/>`);
}

/** Grey noise with a faint, even alpha: grey and alpha bytes for each pixel. */
function grainOf(rand: () => number): Buffer {
  const S = PORTRAIT_SIZE;
  const bytes = Buffer.alloc(S * S * 2);
  for (let i = 0; i < S * S; i++) {
    // The sum of three uniform numbers is close enough to a bell curve for grain.
    bytes[i * 2] = Math.round(((rand() + rand() + rand()) / 3) * 255);
    bytes[i * 2 + 1] = 20;
  }
  return bytes;
}

/** A portrait as WebP bytes (PORTRAIT_SIZE square). */
export async function renderPortrait(spec: PortraitSpec): Promise<Buffer> {
  const rand = randomFrom(spec.seed);
  const S = PORTRAIT_SIZE;
  // Drawn in a fixed order (the generator's sequence), then rendered side by side.
  const stage = backgroundSvg(spec, rand);
  const people = subjectSvg(spec, rand);
  const grainBytes = grainOf(rand);
  const [background, subject, grain] = await Promise.all([
    // The lens: the stage far behind is strongly out of focus, the performer only a little.
    sharp(stage).blur(11).png().toBuffer(),
    sharp(people).blur(1.3).png().toBuffer(),
    // Film grain from the same generator (libvips' own noise is random per run).
    sharp(grainBytes, { raw: { width: S, height: S, channels: 2 } })
      .png()
      .toBuffer(),
  ]);
  return sharp(background)
    .composite([{ input: subject }, { input: finishSvg(spec) }, { input: grain, blend: 'soft-light' }])
    .webp({ quality: 80 })
    .toBuffer();
}
