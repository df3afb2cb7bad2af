/** Server messages of the approvals module, in the five languages (merged into platform/messages.ts). */
import type { Language } from '@agrifleet/domain';

export const APPROVAL_MESSAGES = {
  applyReasonRequired: {
    zh: '驳回时请填写原因',
    en: 'Please give a reason for the rejection',
    'zh-TW': '駁回時請填寫原因',
    th: 'โปรดระบุเหตุผลในการปฏิเสธ',
    ko: '반려 사유를 입력하세요',
  },
  applyNoticeSubject: {
    zh: '【AgriFleet】审核结果',
    en: '[AgriFleet] Review result',
    'zh-TW': '【AgriFleet】審核結果',
    th: '[AgriFleet] ผลการตรวจสอบ',
    ko: '[AgriFleet] 심사 결과',
  },
  applyPassedNotice: {
    zh: '【AgriFleet】您的{kind}（{name}）已审核通过。',
    en: '[AgriFleet] Your {kind} ({name}) has been approved.',
    'zh-TW': '【AgriFleet】您的{kind}（{name}）已審核通過。',
    th: '[AgriFleet] {kind} ของคุณ ({name}) ได้รับการอนุมัติแล้ว',
    ko: '[AgriFleet] {kind}({name})이(가) 승인되었습니다.',
  },
  applyRejectedNotice: {
    zh: '【AgriFleet】您的{kind}（{name}）未通过审核，原因：{reason}',
    en: '[AgriFleet] Your {kind} ({name}) was rejected. Reason: {reason}',
    'zh-TW': '【AgriFleet】您的{kind}（{name}）未通過審核，原因：{reason}',
    th: '[AgriFleet] {kind} ของคุณ ({name}) ถูกปฏิเสธ เหตุผล: {reason}',
    ko: '[AgriFleet] {kind}({name})이(가) 반려되었습니다. 사유: {reason}',
  },
  applyKindRegistration: {
    zh: '注册申请',
    en: 'registration',
    'zh-TW': '註冊申請',
    th: 'คำขอลงทะเบียน',
    ko: '가입 신청',
  },
  applyKindModification: {
    zh: '账户信息修改申请',
    en: 'account change request',
    'zh-TW': '帳戶資訊修改申請',
    th: 'คำขอแก้ไขข้อมูลบัญชี',
    ko: '계정 정보 변경 신청',
  },
  applyKindJoin: {
    zh: '加入机构申请',
    en: 'request to join',
    'zh-TW': '加入機構申請',
    th: 'คำขอเข้าร่วมองค์กร',
    ko: '기관 가입 신청',
  },
  userApplyAccountUnknown: {
    zh: '未找到该机构',
    en: 'No such organisation',
    'zh-TW': '找不到該機構',
    th: 'ไม่พบองค์กรนี้',
    ko: '해당 기관을 찾을 수 없습니다',
  },
  userApplyPending: {
    zh: '该手机号已有待审核的申请',
    en: 'This phone number already has an application waiting for review',
    'zh-TW': '該手機號已有待審核的申請',
    th: 'หมายเลขโทรศัพท์นี้มีคำขอที่รอการตรวจสอบอยู่แล้ว',
    ko: '이 휴대폰 번호로 심사 대기 중인 신청이 이미 있습니다',
  },
} as const satisfies Record<string, Record<Language, string>>;
