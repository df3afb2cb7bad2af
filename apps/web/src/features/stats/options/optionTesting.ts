/** What the option builders' tests read of an ECharts option, and the formats they pass in. */
export type OptionShape = Record<string, unknown> & {
  series: Array<Record<string, unknown> & { data: unknown[] }>;
  xAxis: { data: string[]; axisLabel: { rotate?: number } };
  legend?: { data?: string[] };
  dataZoom?: Array<{ startValue: number; endValue: number; type: string }>;
  grid: { right: number };
};
export const shape = (o: unknown) => o as OptionShape;
export const format = (v: number) => v.toFixed(2);
export const toAcre = (mu: number) => mu / 10;
