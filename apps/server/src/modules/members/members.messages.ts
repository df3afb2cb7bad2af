/** Server messages of the members module, in the five languages (merged into platform/messages.ts). */
import type { Language } from '@agrifleet/domain';

export const MEMBER_MESSAGES = {
  memberNotFound: {
    zh: '成员不存在',
    en: 'Member not found',
    'zh-TW': '成員不存在',
    th: 'ไม่พบสมาชิก',
    ko: '구성원을 찾을 수 없습니다',
  },
  memberPhoneTaken: {
    zh: '该手机号已是平台用户',
    en: 'This phone number already belongs to a user',
    'zh-TW': '該手機號已是平台用戶',
    th: 'หมายเลขโทรศัพท์นี้เป็นของผู้ใช้อยู่แล้ว',
    ko: '이 전화번호는 이미 사용자에게 등록되어 있습니다',
  },
  memberPhoneInvalid: {
    zh: '请输入正确的手机号',
    en: 'Please enter a correct phone number',
    'zh-TW': '請輸入正確的手機號',
    th: 'กรุณากรอกหมายเลขโทรศัพท์ให้ถูกต้อง',
    ko: '올바른 전화번호를 입력하세요',
  },
  memberTypeNotAllowed: {
    zh: '您不能授予该用户类型',
    en: 'You may not grant this user type',
    'zh-TW': '您不能授予該用戶類型',
    th: 'คุณไม่สามารถกำหนดประเภทผู้ใช้นี้ได้',
    ko: '이 사용자 유형을 부여할 수 없습니다',
  },
  memberNotManageable: {
    zh: '您不能管理该成员',
    en: 'You may not manage this member',
    'zh-TW': '您不能管理該成員',
    th: 'คุณไม่สามารถจัดการสมาชิกนี้ได้',
    ko: '이 구성원을 관리할 수 없습니다',
  },
  memberSelf: {
    zh: '不能删除或停用自己',
    en: 'You cannot delete or disable yourself',
    'zh-TW': '不能刪除或停用自己',
    th: 'คุณไม่สามารถลบหรือปิดใช้งานตัวเองได้',
    ko: '자기 자신은 삭제하거나 비활성화할 수 없습니다',
  },
  memberLastAdmin: {
    zh: '不能删除或停用账号的最后一位管理员',
    en: "The account's last administrator cannot be deleted or disabled",
    'zh-TW': '不能刪除或停用帳號的最後一位管理員',
    th: 'ไม่สามารถลบหรือปิดใช้งานผู้ดูแลคนสุดท้ายของบัญชีได้',
    ko: '계정의 마지막 관리자는 삭제하거나 비활성화할 수 없습니다',
  },
} as const satisfies Record<string, Record<Language, string>>;
