import fs from 'node:fs/promises';
import path from 'node:path';
import { categoryTree } from './catalog-words.ts';

// Deterministic demo media: 24 product pictures (3 per main category), the logo, hero and banner
// images (SVG). Served from /media/… by the app; the demo's PDFs are product documents (product-files.ts).

const SHAPES = ['circle', 'square', 'triangle', 'hexagon', 'diamond', 'ring'] as const;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Mixes a #rrggbb colour with white; amount 0 = colour, 1 = white. */
function tint(hex: string, amount: number): string {
  const channel = (i: number) => {
    const value = Number.parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);
    return Math.round(value + (255 - value) * amount).toString(16).padStart(2, '0');
  };
  return `#${channel(0)}${channel(1)}${channel(2)}`;
}

function polygon(cx: number, cy: number, r: number, corners: number, rotation: number): string {
  return Array.from({ length: corners }, (_, i) => {
    const angle = rotation + (i * 2 * Math.PI) / corners;
    return `${(cx + r * Math.cos(angle)).toFixed(1)},${(cy + r * Math.sin(angle)).toFixed(1)}`;
  }).join(' ');
}

function shapeSvg(shape: (typeof SHAPES)[number], color: string): string {
  switch (shape) {
    case 'circle':
      return `<circle cx="200" cy="175" r="95" fill="${color}"/>`;
    case 'square':
      return `<rect x="110" y="85" width="180" height="180" rx="24" fill="${color}"/>`;
    case 'triangle':
      return `<polygon points="${polygon(200, 190, 115, 3, -Math.PI / 2)}" fill="${color}"/>`;
    case 'hexagon':
      return `<polygon points="${polygon(200, 175, 105, 6, 0)}" fill="${color}"/>`;
    case 'diamond':
      return `<polygon points="${polygon(200, 175, 115, 4, -Math.PI / 2)}" fill="${color}"/>`;
    case 'ring':
      return `<circle cx="200" cy="175" r="85" fill="none" stroke="${color}" stroke-width="36"/>`;
  }
}

export function productSvg(label: string, color: string, shapeIndex: number, variant: number): string {
  const shape = SHAPES[shapeIndex % SHAPES.length] ?? 'circle';
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">',
    `<rect width="400" height="400" fill="${tint(color, 0.88)}"/>`,
    `<circle cx="${60 + variant * 25}" cy="${330 - variant * 15}" r="${40 + variant * 10}" fill="${tint(color, 0.7)}"/>`,
    shapeSvg(shape, color),
    `<text x="200" y="350" font-family="Arial, Helvetica, sans-serif" font-size="26" font-weight="700" text-anchor="middle" fill="${tint(color, 0.15)}">${escapeXml(label)}</text>`,
    '</svg>',
    '',
  ].join('\n');
}

function logoSvg(): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="60" viewBox="0 0 240 60">',
    '<polygon points="8,48 26,12 44,48" fill="#0f5fa6"/><polygon points="22,48 34,26 46,48" fill="#5fa8e8"/>',
    '<text x="56" y="32" font-family="Arial, Helvetica, sans-serif" font-size="24" font-weight="700" fill="#0b2e4f">Nordlicht</text>',
    '<text x="57" y="50" font-family="Arial, Helvetica, sans-serif" font-size="13" letter-spacing="2" fill="#0f5fa6">GROSSHANDEL</text>',
    '</svg>',
    '',
  ].join('\n');
}

function wideSvg(width: number, height: number, from: string, to: string, title: string): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<title>${escapeXml(title)}</title>`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#g)"/>`,
    `<circle cx="${width * 0.8}" cy="${height * 0.3}" r="${height * 0.45}" fill="#ffffff" fill-opacity="0.12"/>`,
    `<circle cx="${width * 0.92}" cy="${height * 0.85}" r="${height * 0.3}" fill="#ffffff" fill-opacity="0.1"/>`,
    '</svg>',
    '',
  ].join('\n');
}

/** A one-page PDF with a few lines of Helvetica text (Latin-1). */
export function minimalPdf(lines: string[]): Buffer {
  const text = lines.map((line, i) => `BT /F1 ${i === 0 ? 18 : 11} Tf 56 ${780 - i * 24} Td (${line.replace(/[()\\]/g, '\\$&')}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

export async function writeDemoMedia(mediaDir: string): Promise<number> {
  const files = new Map<string, string | Buffer>();
  categoryTree.forEach((main, c) => {
    for (let n = 0; n < 3; n++) files.set(`products/${main.slug}-${n + 1}.svg`, productSvg(main.name, main.color, c + n * 2, n));
  });
  files.set('logo.svg', logoSvg());
  const heroColors: [string, string, string][] = [
    ['#0f5fa6', '#0b2e4f', 'Nordlicht Großhandel'],
    ['#2f9e44', '#0f5fa6', 'Saison 2027'],
    ['#e8590c', '#c92a2a', 'Arbeitsschutz'],
  ];
  heroColors.forEach(([from, to, title], i) => files.set(`heroes/hero-${i + 1}.svg`, wideSvg(1600, 600, from, to, title)));
  const bannerColors: [string, string, string][] = [
    ['#495057', '#0f5fa6', 'Befestigungstechnik'],
    ['#f08c00', '#e8590c', 'Akku 18 V'],
    ['#2f9e44', '#846358', 'Garten 2027'],
  ];
  bannerColors.forEach(([from, to, title], i) => files.set(`heroes/banner-${i + 1}.svg`, wideSvg(800, 300, from, to, title)));

  for (const [relative, content] of files) {
    const target = path.join(mediaDir, relative);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(target, content);
  }
  return files.size;
}
