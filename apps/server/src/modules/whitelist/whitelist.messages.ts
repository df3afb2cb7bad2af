/** Server messages of the whitelist module, in the five languages (handed in by index.ts). */
import type { Language } from '@agrifleet/domain';

export const WHITELIST_MESSAGES = {
  whitelistBadLines: {
    zh: '{count} 行不是有效的硬件编号（1-64 个字母、数字或 . _ : -）：第 {lines} 行；未导入任何编号',
    en: 'Not valid hardware ids (1-64 letters, digits or . _ : -) on line(s) {lines} ({count} in all); nothing was imported',
    'zh-TW': '{count} 行不是有效的硬體編號（1-64 個字母、數字或 . _ : -）：第 {lines} 行；未匯入任何編號',
    th: '{count} บรรทัดไม่ใช่รหัสฮาร์ดแวร์ที่ถูกต้อง (1-64 ตัวอักษร ตัวเลข หรือ . _ : -): บรรทัด {lines}; ไม่ได้นำเข้ารหัสใดเลย',
    ko: '{count}개 줄이 올바른 하드웨어 ID가 아닙니다 (1-64자의 문자, 숫자 또는 . _ : -): {lines}번째 줄; 아무것도 가져오지 않았습니다',
  },
  whitelistTooManyLines: {
    zh: '文件最多 {max} 行',
    en: 'A file holds at most {max} lines',
    'zh-TW': '檔案最多 {max} 行',
    th: 'ไฟล์มีได้ไม่เกิน {max} บรรทัด',
    ko: '파일은 최대 {max}줄까지 가능합니다',
  },
  whitelistEmpty: {
    zh: '文件中没有硬件编号',
    en: 'The file holds no hardware id',
    'zh-TW': '檔案中沒有硬體編號',
    th: 'ไฟล์ไม่มีรหัสฮาร์ดแวร์',
    ko: '파일에 하드웨어 ID가 없습니다',
  },
  whitelistFileType: {
    zh: '请上传 .txt、.csv 或 .xlsx 文件',
    en: 'Upload a .txt, .csv or .xlsx file',
    'zh-TW': '請上傳 .txt、.csv 或 .xlsx 檔案',
    th: 'โปรดอัปโหลดไฟล์ .txt, .csv หรือ .xlsx',
    ko: '.txt, .csv 또는 .xlsx 파일을 업로드하세요',
  },
  whitelistNotXlsx: {
    zh: '文件不是有效的 .xlsx 工作簿',
    en: 'The file is not a valid .xlsx workbook',
    'zh-TW': '檔案不是有效的 .xlsx 活頁簿',
    th: 'ไฟล์ไม่ใช่เวิร์กบุ๊ก .xlsx ที่ถูกต้อง',
    ko: '파일이 올바른 .xlsx 통합 문서가 아닙니다',
  },
  whitelistNotText: {
    zh: '文件不是文本文件（.txt 或 .csv）',
    en: 'The file is not a text file (.txt or .csv)',
    'zh-TW': '檔案不是文字檔（.txt 或 .csv）',
    th: 'ไฟล์ไม่ใช่ไฟล์ข้อความ (.txt หรือ .csv)',
    ko: '파일이 텍스트 파일(.txt 또는 .csv)이 아닙니다',
  },
} as const satisfies Record<string, Record<Language, string>>;

declare module '../../platform/messages.ts' {
  interface ModuleMessages {
    whitelist: typeof WHITELIST_MESSAGES;
  }
}
