/**
 * Prism themes with every token colour at a WCAG AA contrast (4.5:1) against the code background:
 * the stock themes keep their hues, but colours that are too faint are darkened (light themes) or
 * lightened (dark themes) step by step until they pass.
 */
import type {PrismTheme} from 'prism-react-renderer';

type Rgb = [number, number, number];

function parse(color: string): Rgb | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (hex) {
    const h = hex[1].length === 3 ? [...hex[1]].map((c) => c + c).join('') : hex[1];
    return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb;
  }
  const rgb = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/i.exec(color.trim());
  return rgb ? [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])] : null;
}

function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrast(a: Rgb, b: Rgb): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

const toHex = (c: Rgb) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/** The colour moved toward black (or white) until it reaches `min` contrast against `background`. */
export function ensureContrast(color: string, background: string, min = 4.5): string {
  const fg = parse(color);
  const bg = parse(background);
  if (!fg || !bg || contrast(fg, bg) >= min) return color;
  const target: Rgb = luminance(bg) > 0.5 ? [0, 0, 0] : [255, 255, 255];
  let mixed: Rgb = fg;
  for (let t = 0.05; t <= 1 && contrast(mixed, bg) < min; t += 0.05) {
    mixed = fg.map((v, i) => v + (target[i] - v) * t) as Rgb;
  }
  return toHex(mixed);
}

export function accessibleTheme(theme: PrismTheme, min = 4.5): PrismTheme {
  const background = theme.plain.backgroundColor ?? '#ffffff';
  const fix = (color: string | undefined) => (color ? ensureContrast(color, background, min) : color);
  return {
    plain: {...theme.plain, color: fix(theme.plain.color)},
    styles: theme.styles.map((s) => ({...s, style: {...s.style, color: fix(s.style.color)}})),
  };
}
