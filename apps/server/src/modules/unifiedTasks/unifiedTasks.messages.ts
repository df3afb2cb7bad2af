/** Server messages of the unified-task module, in the five languages (merged into platform/messages.ts). */
import type { Language } from '@agrifleet/domain';

export const UNIFIED_TASK_MESSAGES = {
  taskNotFound: {
    zh: '统防统治任务不存在',
    en: 'Unified task not found',
    'zh-TW': '統防統治任務不存在',
    th: 'ไม่พบงานควบคุมศัตรูพืชแบบรวม',
    ko: '통합 방제 작업을 찾을 수 없습니다',
  },
  taskOutsideRegion: {
    zh: '只能在本辖区内开展统防统治任务',
    en: 'A unified task must lie inside your own region',
    'zh-TW': '只能在本轄區內開展統防統治任務',
    th: 'งานควบคุมแบบรวมต้องอยู่ในเขตพื้นที่ของคุณ',
    ko: '통합 방제 작업은 관할 지역 안에서만 할 수 있습니다',
  },
  taskClosed: {
    zh: '任务已结束或已取消，不能再修改',
    en: 'The task is finished or cancelled and can no longer be changed',
    'zh-TW': '任務已結束或已取消，不能再修改',
    th: 'งานสิ้นสุดหรือถูกยกเลิกแล้ว จึงแก้ไขไม่ได้',
    ko: '작업이 끝났거나 취소되어 더 이상 바꿀 수 없습니다',
  },
  taskPolygonInvalid: {
    zh: '任务范围无效：{reason}',
    en: 'The task boundary is not valid: {reason}',
    'zh-TW': '任務範圍無效：{reason}',
    th: 'ขอบเขตของงานไม่ถูกต้อง: {reason}',
    ko: '작업 경계가 올바르지 않습니다: {reason}',
  },
  taskDatesOutsidePeriod: {
    zh: '作业日期须在任务周期 {start} 至 {end} 之内',
    en: 'The dates must lie within the task period, {start} to {end}',
    'zh-TW': '作業日期須在任務週期 {start} 至 {end} 之內',
    th: 'วันที่ต้องอยู่ในช่วงของงาน {start} ถึง {end}',
    ko: '날짜는 작업 기간 {start} ~ {end} 안이어야 합니다',
  },
  taskNoOperatorDrones: {
    zh: '该运营商没有可纳入的无人机',
    en: 'That operator has no drones you can enrol',
    'zh-TW': '該營運商沒有可納入的無人機',
    th: 'ผู้ให้บริการรายนี้ไม่มีโดรนที่คุณลงทะเบียนได้',
    ko: '그 운영사에는 등록할 수 있는 드론이 없습니다',
  },
} satisfies Record<string, Record<Language, string>>;
