/** Server messages of leasing (stats), in the five languages (merged into platform/messages.ts). */
import type { Language } from '@agrifleet/domain';

export const LEASING_STATS_MESSAGES = {
  leaseStatRangeTooLong: {
    zh: '统计时段不能超过 {days} 天',
    en: 'A statistics range covers at most {days} days',
    'zh-TW': '統計時段不能超過 {days} 天',
    th: 'ช่วงเวลาสถิติต้องไม่เกิน {days} วัน',
    ko: '통계 기간은 최대 {days}일입니다',
  },
  leaseStatRangeReversed: {
    zh: '统计的结束时间不能早于开始时间',
    en: 'The end of a statistics range cannot be before its start',
    'zh-TW': '統計的結束時間不能早於開始時間',
    th: 'เวลาสิ้นสุดของช่วงสถิติต้องไม่ก่อนเวลาเริ่มต้น',
    ko: '통계 기간의 종료 시각은 시작 시각보다 앞설 수 없습니다',
  },
} satisfies Record<string, Record<Language, string>>;
