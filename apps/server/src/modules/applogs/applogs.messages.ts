/** Server messages of the applogs module, in the five languages (handed in by index.ts). */
import type { Language } from '@agrifleet/domain';

export const APP_LOG_MESSAGES = {
  appLogTooManyEntries: {
    zh: '一批最多 {max} 条日志',
    en: 'A batch holds at most {max} log entries',
    'zh-TW': '一批最多 {max} 條日誌',
    th: 'หนึ่งชุดมีบันทึกได้ไม่เกิน {max} รายการ',
    ko: '한 배치에는 로그를 최대 {max}개까지 보낼 수 있습니다',
  },
  appLogTimeOutOfRange: {
    zh: '第 {index} 条日志的时间超出范围（最早 {days} 天前，最晚 1 天后）',
    en: 'Log entry {index} has a time out of range (at most {days} days ago, at most 1 day ahead)',
    'zh-TW': '第 {index} 條日誌的時間超出範圍（最早 {days} 天前，最晚 1 天後）',
    th: 'บันทึกรายการที่ {index} มีเวลาอยู่นอกช่วง (ย้อนหลังไม่เกิน {days} วัน ล่วงหน้าไม่เกิน 1 วัน)',
    ko: '{index}번째 로그의 시간이 범위를 벗어났습니다 (최대 {days}일 전, 최대 1일 후)',
  },
  appLogDroneNotYours: {
    zh: '第 {index} 条日志的无人机 {droneId} 不属于该密钥的账号',
    en: 'Log entry {index}: drone {droneId} does not belong to the account of this key',
    'zh-TW': '第 {index} 條日誌的無人機 {droneId} 不屬於該金鑰的帳號',
    th: 'บันทึกรายการที่ {index}: โดรน {droneId} ไม่ได้เป็นของบัญชีของคีย์นี้',
    ko: '{index}번째 로그: 드론 {droneId}은(는) 이 키의 계정 소유가 아닙니다',
  },
  appLogSortieUnknown: {
    zh: '第 {index} 条日志的架次 {sortieId} 不是无人机 {droneId} 的架次',
    en: 'Log entry {index}: sortie {sortieId} is not a sortie of drone {droneId}',
    'zh-TW': '第 {index} 條日誌的架次 {sortieId} 不是無人機 {droneId} 的架次',
    th: 'บันทึกรายการที่ {index}: เที่ยวบิน {sortieId} ไม่ใช่เที่ยวบินของโดรน {droneId}',
    ko: '{index}번째 로그: 비행 {sortieId}은(는) 드론 {droneId}의 비행이 아닙니다',
  },
  appLogSearchShort: {
    zh: '搜索内容至少 {min} 个字符',
    en: 'Search for at least {min} characters',
    'zh-TW': '搜尋內容至少 {min} 個字元',
    th: 'ค้นหาอย่างน้อย {min} ตัวอักษร',
    ko: '검색어는 {min}자 이상이어야 합니다',
  },
} as const satisfies Record<string, Record<Language, string>>;

declare module '../../platform/messages.ts' {
  interface ModuleMessages {
    applogs: typeof APP_LOG_MESSAGES;
  }
}
