/**
 * A subsidy's track as KML 2.2, written in the browser (pure; tested in kml.test.ts): one placemark
 * per sortie (its spraying path, styled by verdict: paid green, partial orange, none red) and the
 * programme's polygon where it has one. Names are escaped; coordinates are lng,lat as KML wants.
 */
import type { SubsidyTrack } from '@agrifleet/domain';
import { formatDate } from '@agrifleet/domain';

export type Verdict = SubsidyTrack['sorties'][number]['verdict'];
/** Map colours (#rrggbb) of the verdicts; the map uses the same. */
export const VERDICT_COLORS: Record<Verdict, string> = {
  paid: '#16a34a',
  partial: '#f59e0b',
  none: '#dc2626',
};

export const xmlEscape = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string,
  );

/** KML's aabbggrr from #rrggbb. */
export function kmlColor(hex: string, alpha = 'ff'): string {
  const h = hex.replace('#', '');
  return `${alpha}${h.slice(4, 6)}${h.slice(2, 4)}${h.slice(0, 2)}`.toLowerCase();
}

const coord = (p: readonly number[]) => `${Number(p[0]).toFixed(7)},${Number(p[1]).toFixed(7)}`;

export interface KmlNames {
  /** The document's name (the subsidy). */
  title: string;
  /** Translated verdict names. */
  verdict: Record<Verdict, string>;
  /** The programme's polygon. */
  region: string;
}

export function trackKml(track: SubsidyTrack, names: KmlNames): string {
  const styles = (Object.keys(VERDICT_COLORS) as Verdict[]).map(
    (v) =>
      `<Style id="${v}"><LineStyle><color>${kmlColor(VERDICT_COLORS[v])}</color><width>3</width></LineStyle></Style>`,
  );
  styles.push(
    `<Style id="region"><LineStyle><color>${kmlColor('#1677ff')}</color><width>2</width></LineStyle><PolyStyle><color>${kmlColor('#1677ff', '33')}</color></PolyStyle></Style>`,
  );
  const sorties = track.sorties
    .filter((s) => s.path.length >= 2)
    .map(
      (s) =>
        `<Placemark><name>${xmlEscape(`${s.sortieId} ${s.droneId}`)}</name>` +
        `<description>${xmlEscape(`${names.verdict[s.verdict]} · ${formatDate(s.startTime, 'YYYY-MM-DD HH:mm:ss')}`)}</description>` +
        `<TimeStamp><when>${new Date(s.startTime).toISOString()}</when></TimeStamp>` +
        `<styleUrl>#${s.verdict}</styleUrl><LineString><tessellate>1</tessellate>` +
        `<coordinates>${s.path.map(coord).join(' ')}</coordinates></LineString></Placemark>`,
    );
  const rings = track.polygon?.coordinates ?? [];
  const polygon = rings.length
    ? `<Placemark><name>${xmlEscape(names.region)}</name><styleUrl>#region</styleUrl><Polygon>` +
      rings
        .map(
          (ring, i) =>
            `<${i ? 'innerBoundaryIs' : 'outerBoundaryIs'}><LinearRing><coordinates>${ring.map(coord).join(' ')}</coordinates></LinearRing></${i ? 'innerBoundaryIs' : 'outerBoundaryIs'}>`,
        )
        .join('') +
      '</Polygon></Placemark>'
    : '';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<kml xmlns="http://www.opengis.net/kml/2.2"><Document>',
    `<name>${xmlEscape(names.title)}</name>`,
    ...styles,
    polygon,
    ...sorties,
    '</Document></kml>',
    '',
  ]
    .filter((l) => l !== '')
    .join('\n')
    .concat('\n');
}

export const KML_TYPE = 'application/vnd.google-earth.kml+xml';
