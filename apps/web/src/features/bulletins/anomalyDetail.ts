/**
 * A line describing an anomaly's detail where a rule gives one worth reading: the dose rule (issue
 * 22 #4, oddType 2 `rule: 'dose'`) says the applied dose and the medicine's range; a no-fly alert
 * names its zone. `key` is the translation key of the dose text in the caller's namespace.
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
  return typeof detail.zoneName === 'string' ? detail.zoneName : '';
}
