/**
 * A line describing an anomaly's detail where a rule gives one worth reading: the dose rule (issue
 * 22 #4, oddType 2 `rule: 'dose'`) says the applied dose and the medicine's range; a no-fly alert
 * names its zone; an unlisted accessory (oddType 6 `rule: 'accessory'`) names the hardware ids.
 * `key` is the translation key of the dose text in the caller's namespace; the accessory text is
 * its sibling `accessory` (`bulletins:rule.dose` -> `bulletins:rule.accessory`).
 */
type Translate = (key: string, vars?: Record<string, string | number>) => string;

const shown = (v: unknown): string | number => (typeof v === 'number' ? v : String(v ?? ''));

export function describeAnomaly(
  t: Translate,
  key: string,
  detail: Record<string, unknown> | undefined,
): string {
  if (!detail) return '';
  if (detail.rule === 'dose')
    return t(key, {
      dose: shown(detail.doseLPerMu),
      min: shown(detail.minLPerMu),
      max: shown(detail.maxLPerMu),
      tftzId: shown(detail.tftzId),
    });
  if (detail.rule === 'accessory' && Array.isArray(detail.accessories)) {
    const ids = (detail.accessories as Array<{ hwId?: unknown }>).map((a) => String(a.hwId ?? ''));
    const more = typeof detail.count === 'number' && detail.count > ids.length ? ', …' : '';
    return t(key.replace(/dose$/, 'accessory'), { ids: ids.join(', ') + more });
  }
  return typeof detail.zoneName === 'string' ? detail.zoneName : '';
}
