import sharp from "sharp";

/** How a product is drawn: a garment or accessory silhouette. */
export type Motif = "kurta" | "suit" | "frock" | "lehenga" | "dupatta" | "clutch" | "jhumka";

interface Palette {
  cloth: string;
  light: string;
  dark: string;
  background: [string, string];
  ink: string;
}

const GOLD = "#d4af37";

/** Drawn on a 600 × 800 canvas, rendered at 450 × 600: sharp enough for the gallery, and the
 * demo store's 70-odd pictures still process in a few seconds on a small machine. */
const WIDTH = 450;
const HEIGHT = 600;

/** Each store colour as a cloth shade, with a background it reads well on. */
const PALETTES: Record<string, Palette> = {
  Red: { cloth: "#b3202a", light: "#d9434b", dark: "#7a1018", background: ["#fbeae8", "#f3cfcb"], ink: "#5c0f14" },
  Blue: { cloth: "#1f4f96", light: "#3d73c4", dark: "#12315f", background: ["#e9f0fa", "#cddcf2"], ink: "#12315f" },
  Green: { cloth: "#2f7a45", light: "#4fa066", dark: "#1b4d2a", background: ["#eaf5ec", "#cfe6d4"], ink: "#1b4d2a" },
  Yellow: { cloth: "#e0b228", light: "#f2cf5b", dark: "#a97f10", background: ["#fdf7e3", "#f6e7b5"], ink: "#6b500a" },
  Pink: { cloth: "#d9739b", light: "#eda3c0", dark: "#a94772", background: ["#fdeef4", "#f7d6e3"], ink: "#7d2f52" },
  Purple: { cloth: "#6c3a96", light: "#8f5fb9", dark: "#44225f", background: ["#f2ebf8", "#dfd0ee"], ink: "#44225f" },
  Black: { cloth: "#26232a", light: "#46424c", dark: "#0e0d10", background: ["#efece6", "#d9d4ca"], ink: "#1c1a1f" },
  White: { cloth: "#f7f3ea", light: "#ffffff", dark: "#ddd5c4", background: ["#e6e0d4", "#cfc6b4"], ink: "#4a4236" },
};

export const paletteOf = (color: string): Palette => PALETTES[color] ?? PALETTES.White;

/** Silhouettes on a 600 × 800 canvas: the garment's outline, then its trims in gold. */
function silhouette(motif: Motif): { body: string; trims: string } {
  const kurta =
    "M265 140 L300 190 L335 140 L400 165 L450 330 L415 342 L385 235 L395 640 L205 640 L215 235 L185 342 L150 330 L200 165 Z";
  switch (motif) {
    case "kurta":
      return {
        body: `<path d="${kurta}"/>`,
        trims: `<path d="M265 140 L300 190 L335 140" /><path d="M205 610 L395 610"/><path d="M300 190 L300 330"/>`,
      };
    case "suit":
      return {
        body: `<path d="M232 560 L228 700 L292 700 L298 560 Z M302 560 L308 700 L372 700 L368 560 Z"/><path d="${kurta.replace(/640/g, "575")}"/>`,
        trims: `<path d="M265 140 L300 190 L335 140"/><path d="M205 550 L395 550"/><path d="M200 170 C260 260 330 420 395 520" stroke-width="26" opacity=".55"/>`,
      };
    case "frock":
      return {
        body: `<path d="M268 140 L300 180 L332 140 L380 160 L420 300 L392 310 L365 232 L362 300 L470 668 Q300 712 130 668 L238 300 L235 232 L208 310 L180 300 L220 160 Z"/>`,
        trims: `<path d="M238 300 L362 300"/><path d="M150 640 Q300 684 450 640"/><path d="M268 140 L300 180 L332 140"/>`,
      };
    case "lehenga":
      return {
        body: `<path d="M250 150 L300 185 L350 150 L395 170 L420 250 L395 258 L372 215 L370 272 L230 272 L228 215 L205 258 L180 250 L205 170 Z"/><path d="M232 285 L368 285 L480 700 Q300 740 120 700 Z"/>`,
        trims: `<path d="M232 285 L368 285"/><path d="M140 668 Q300 708 460 668"/><path d="M160 600 Q300 636 440 600" opacity=".6"/><path d="M205 170 C240 320 200 480 150 560" stroke-width="22" opacity=".5"/>`,
      };
    case "dupatta":
      return {
        body: `<path d="M190 120 Q300 96 410 120 L440 676 Q300 716 160 676 Z"/>`,
        trims: `<path d="M170 640 Q300 678 430 640"/><path d="M250 130 L238 660" opacity=".35"/><path d="M350 130 L362 660" opacity=".35"/><path d="M175 690 l0 22 M215 700 l0 22 M255 706 l0 22 M295 708 l0 22 M335 706 l0 22 M375 700 l0 22 M415 690 l0 22"/>`,
      };
    case "clutch":
      return {
        body: `<rect x="150" y="330" width="300" height="200" rx="26"/>`,
        trims: `<path d="M185 330 C185 170 415 170 415 330" fill="none" stroke-dasharray="4 10"/><path d="M150 380 L300 450 L450 380"/><circle cx="300" cy="450" r="16" fill="${GOLD}"/>`,
      };
    case "jhumka": {
      const ear = (x: number) =>
        `<circle cx="${x}" cy="250" r="24"/><path d="M${x - 75} 430 Q${x} 250 ${x + 75} 430 Z"/>`;
      const drops = (x: number) =>
        [-60, -40, -20, 0, 20, 40, 60].map((d) => `<circle cx="${x + d}" cy="452" r="8" fill="${GOLD}"/>`).join("");
      return {
        body: ear(210) + ear(390),
        trims: `<path d="M210 274 L210 330 M390 274 L390 330"/><path d="M135 430 L285 430 M315 430 L465 430"/>${drops(210)}${drops(390)}`,
      };
    }
  }
}

/** Small embroidered dots over the cloth (drawn, not a <pattern>: librsvg renders patterns slowly). */
const BUTI = Array.from({ length: 13 }, (_, row) =>
  Array.from(
    { length: 9 },
    (_, col) => `<circle cx="${120 + col * 45 + (row % 2) * 22}" cy="${130 + row * 45}" r="3"/>`,
  ).join(""),
).join("");

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A product picture: the silhouette in the colour on a soft ground, and the product's name. */
export function productSvg(name: string, color: string, motif: Motif): string {
  const p = paletteOf(color);
  const { body, trims } = silhouette(motif);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 600 800">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.background[0]}"/><stop offset="1" stop-color="${p.background[1]}"/></linearGradient>
<linearGradient id="cloth" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.light}"/><stop offset=".55" stop-color="${p.cloth}"/><stop offset="1" stop-color="${p.dark}"/></linearGradient>
<clipPath id="shape">${body}</clipPath>
</defs>
<rect width="600" height="800" fill="url(#bg)"/>
<g fill="url(#cloth)" stroke="${p.dark}" stroke-width="3" stroke-linejoin="round">${body}</g>
<g clip-path="url(#shape)" fill="${GOLD}" opacity=".55">${BUTI}</g>
<g fill="none" stroke="${GOLD}" stroke-width="7" stroke-linecap="round">${trims}</g>
<text x="300" y="765" text-anchor="middle" font-family="Georgia, 'DejaVu Serif', serif" font-size="28" fill="${p.ink}">${escapeXml(name)}</text>
</svg>`;
}

/** A close-up of the fabric: the colour with a block-printed flower pattern and a gold border. */
export function detailSvg(name: string, color: string): string {
  const p = paletteOf(color);
  const petals = [0, 60, 120, 180, 240, 300]
    .map((a) => `<ellipse cx="50" cy="34" rx="7" ry="15" transform="rotate(${a} 50 50)"/>`)
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 600 800">
<defs>
<linearGradient id="cloth" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.light}"/><stop offset="1" stop-color="${p.dark}"/></linearGradient>
<pattern id="flower" width="100" height="100" patternUnits="userSpaceOnUse"><g fill="${GOLD}" opacity=".6">${petals}</g><circle cx="50" cy="50" r="8" fill="${p.background[0]}"/></pattern>
</defs>
<rect width="600" height="800" fill="url(#cloth)"/>
<rect width="600" height="680" fill="url(#flower)"/>
<rect y="680" width="600" height="120" fill="${p.dark}"/>
<rect y="688" width="600" height="8" fill="${GOLD}"/>
<text x="300" y="760" text-anchor="middle" font-family="Georgia, 'DejaVu Serif', serif" font-size="28" fill="${p.background[0]}">${escapeXml(name)}</text>
</svg>`;
}

/** Renders an SVG to a PNG quickly (light compression: the upload path re-encodes it anyway). */
export function renderSvg(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}
