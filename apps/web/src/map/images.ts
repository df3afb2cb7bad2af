/**
 * Images the map draws itself, on a canvas, when a layer first asks for them (nothing is downloaded):
 *
 * - labels 'lbl|<language>|<kind>|<name>': the name as the browser renders text, with the system's
 *   fonts, so Latin, CJK, Hangul and Thai (which needs complex shaping MapLibre's glyph renderer lacks)
 *   all come out right without glyph files;
 * - 'af-drone': an SDF drone icon, coloured per feature by `icon-color`.
 */
import type { Map as MapLibreMap } from 'maplibre-gl';

export const DRONE_ICON = 'af-drone';

const FONTS: Record<string, string> = {
  zh: '"Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", "Source Han Sans SC"',
  'zh-TW': '"Noto Sans CJK TC", "PingFang TC", "Microsoft JhengHei", "Source Han Sans TC"',
  ko: '"Noto Sans CJK KR", "Apple SD Gothic Neo", "Malgun Gothic", "Source Han Sans KR"',
  th: '"Noto Sans Thai", "Leelawadee UI", "Thonburi", "Tahoma", "Loma"',
  en: '"Noto Sans", "Segoe UI", "Helvetica Neue", Arial',
};

interface LabelStyle {
  size: number;
  weight: number;
  color: string;
}
const COUNTRY_LABEL: LabelStyle = { size: 13, weight: 600, color: '#4a4458' };
const PROVINCE_LABEL: LabelStyle = { size: 12, weight: 500, color: '#5f5472' };
const CITY_LABEL: LabelStyle = { size: 11, weight: 400, color: '#6d6478' };
const GRID_LABEL: LabelStyle = { size: 11, weight: 500, color: '#6f6a5c' };
const STYLES: Record<string, LabelStyle> = { province: PROVINCE_LABEL, city: CITY_LABEL, grid: GRID_LABEL };

/** Draws one label image; `ratio` is the device pixel ratio the image is made for. */
export function drawLabel(language: string, kind: string, name: string, ratio: number): ImageData {
  const style = STYLES[kind] ?? COUNTRY_LABEL;
  const family = `${FONTS[language] ?? FONTS.en}, ${FONTS.en}, sans-serif`;
  const font = `${style.weight} ${style.size * ratio}px ${family}`;
  const halo = 2.5 * ratio;
  const probe = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
  probe.font = font;
  const width = Math.ceil(probe.measureText(name).width + halo * 2 + 2);
  const height = Math.ceil(style.size * ratio * 1.6 + halo * 2);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
  ctx.font = font;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  ctx.lineWidth = halo * 2;
  ctx.strokeStyle = 'rgba(255,255,255,0.9)';
  ctx.strokeText(name, width / 2, height / 2);
  ctx.fillStyle = style.color;
  ctx.fillText(name, width / 2, height / 2);
  return ctx.getImageData(0, 0, width, height);
}

const ICON = 48;
const SDF_RADIUS = 8;
const SDF_CUTOFF = 0.25;

/** A drone seen from above, nose up (heading 0 = north), as a signed distance field. */
export function drawDroneIcon(): ImageData {
  const canvas = document.createElement('canvas');
  canvas.width = ICON;
  canvas.height = ICON;
  const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
  const c = ICON / 2;
  ctx.fillStyle = '#000';
  ctx.beginPath();
  ctx.moveTo(c, 7);
  ctx.lineTo(c + 12, c + 14);
  ctx.lineTo(c, c + 8);
  ctx.lineTo(c - 12, c + 14);
  ctx.closePath();
  ctx.fill();
  const shape = ctx.getImageData(0, 0, ICON, ICON);
  return toSdf(shape);
}

/**
 * Brute-force signed distance field of a small alpha mask, in the encoding MapLibre's SDF icons use
 * (tiny-sdf: 255 - 255 * (distance / radius + cutoff); the edge is at 191).
 */
export function toSdf(mask: ImageData): ImageData {
  const { width: w, height: h, data } = mask;
  const inside = (x: number, y: number) => (data[(y * w + x) * 4 + 3] ?? 0) >= 128;
  const edges: number[] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = inside(x, y);
      if (
        (x > 0 && inside(x - 1, y) !== i) ||
        (y > 0 && inside(x, y - 1) !== i) ||
        (x < w - 1 && inside(x + 1, y) !== i) ||
        (y < h - 1 && inside(x, y + 1) !== i)
      )
        edges.push(x, y);
    }
  }
  const out = new ImageData(w, h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let best = Number.POSITIVE_INFINITY;
      for (let k = 0; k < edges.length; k += 2) {
        const dx = (edges[k] ?? 0) - x;
        const dy = (edges[k + 1] ?? 0) - y;
        best = Math.min(best, dx * dx + dy * dy);
      }
      const d = (inside(x, y) ? -1 : 1) * (Math.sqrt(best) - 0.5);
      const o = (y * w + x) * 4;
      out.data[o] = 255;
      out.data[o + 1] = 255;
      out.data[o + 2] = 255;
      out.data[o + 3] = Math.max(0, Math.min(255, Math.round(255 - 255 * (d / SDF_RADIUS + SDF_CUTOFF))));
    }
  }
  return out;
}

/** Lets the map ask for label and drone images as its layers need them. */
export function installImageResolver(map: MapLibreMap): void {
  const ratio = Math.min(3, Math.max(1, Math.round(window.devicePixelRatio || 1)));
  map.setMissingStyleImageResolver((id) => {
    if (id === DRONE_ICON) {
      map.addImage(id, drawDroneIcon(), { sdf: true, pixelRatio: 2 });
      return;
    }
    if (!id.startsWith('lbl|')) return;
    const [, language = 'en', kind = 'country', ...rest] = id.split('|');
    const name = rest.join('|');
    if (!name) return;
    map.addImage(id, drawLabel(language, kind, name, ratio), { pixelRatio: ratio });
  });
}
