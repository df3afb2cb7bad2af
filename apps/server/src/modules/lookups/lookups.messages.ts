/** Server messages of the lookups module, in the five languages (merged into platform/messages.ts). */
import type { Language } from '@agrifleet/domain';

export const LOOKUP_MESSAGES = {
  medNotFound: {
    zh: '药剂不存在',
    en: 'Medicine not found',
    'zh-TW': '藥劑不存在',
    th: 'ไม่พบสารเคมี',
    ko: '약제를 찾을 수 없습니다',
  },
  medRegNoTaken: {
    zh: '登记证号 {regNo} 已被其他药剂使用',
    en: 'The registration number {regNo} is already used by another medicine',
    'zh-TW': '登記證號 {regNo} 已被其他藥劑使用',
    th: 'เลขทะเบียน {regNo} ถูกใช้กับสารเคมีอื่นแล้ว',
    ko: '등록번호 {regNo}는 이미 다른 약제에 사용 중입니다',
  },
  medDoseRange: {
    zh: '每亩最小用液量 {min} L 不能大于最大用液量 {max} L',
    en: 'The minimum of {min} L per mu must not exceed the maximum of {max} L per mu',
    'zh-TW': '每畝最小用液量 {min} L 不能大於最大用液量 {max} L',
    th: 'ปริมาณต่ำสุด {min} ลิตรต่อหมู่ต้องไม่เกินปริมาณสูงสุด {max} ลิตรต่อหมู่',
    ko: '무당 최소 {min} L는 최대 {max} L를 넘을 수 없습니다',
  },
  medPlatformOnly: {
    zh: '只有平台可以维护药剂目录',
    en: 'Only the platform maintains the medicine catalogue',
    'zh-TW': '只有平台可以維護藥劑目錄',
    th: 'เฉพาะแพลตฟอร์มเท่านั้นที่ดูแลรายการสารเคมีได้',
    ko: '약제 목록은 플랫폼만 관리할 수 있습니다',
  },
  medUnknown: {
    zh: '药剂 {medId} 不存在或已停用',
    en: 'Medicine {medId} does not exist or is disabled',
    'zh-TW': '藥劑 {medId} 不存在或已停用',
    th: 'ไม่มีสารเคมี {medId} หรือถูกปิดใช้งานแล้ว',
    ko: '약제 {medId}이(가) 없거나 사용 중지되었습니다',
  },
  cropUnknown: {
    zh: '作物 {cropId} 不存在或已停用',
    en: 'Crop {cropId} does not exist or is disabled',
    'zh-TW': '作物 {cropId} 不存在或已停用',
    th: 'ไม่มีพืช {cropId} หรือถูกปิดใช้งานแล้ว',
    ko: '작물 {cropId}이(가) 없거나 사용 중지되었습니다',
  },
} as const satisfies Record<string, Record<Language, string>>;
