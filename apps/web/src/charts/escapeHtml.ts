/**
 * Text for HTML (issue 20, finding 15). An ECharts tooltip `formatter` function returns HTML that
 * the chart sets as innerHTML; a pilot, drone, region or mode name put in it must be escaped, or a
 * name like `<img src=x onerror=alert(1)>` runs in the viewer's browser. (String templates such as
 * '{b}: {c}' are escaped by ECharts itself; labels and legends are drawn on the canvas.) Every
 * tooltip formatter that builds HTML from data escapes with this one helper.
 */
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (value: unknown): string =>
  String(value ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
