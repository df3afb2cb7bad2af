/** Server messages of the accounts module, in the five languages (merged into platform/messages.ts). */
import type { Language } from '@agrifleet/domain';

export const ACCOUNT_MESSAGES = {
  accountHasDrones: {
    zh: '该账号仍拥有 {count} 架无人机：请先转移或删除这些无人机（或改为停用账号），再删除账号',
    en: 'The account still owns {count} drones: move or delete them first (or disable the account instead), then delete it',
    'zh-TW': '該帳號仍擁有 {count} 架無人機：請先轉移或刪除這些無人機（或改為停用帳號），再刪除帳號',
    th: 'บัญชีนี้ยังมีโดรน {count} ลำ: ย้ายหรือลบโดรนก่อน (หรือระงับบัญชีแทน) แล้วจึงลบบัญชี',
    ko: '이 계정은 아직 드론 {count}대를 보유합니다: 먼저 드론을 이전하거나 삭제(또는 계정을 비활성화)한 후 삭제하세요',
  },
  accountHasSubAccounts: {
    zh: '该账号有 {count} 个子账号：请先删除这些子账号，再删除该账号',
    en: 'The account has {count} sub-accounts: delete them first, then delete this account',
    'zh-TW': '該帳號有 {count} 個子帳號：請先刪除這些子帳號，再刪除該帳號',
    th: 'บัญชีนี้มีบัญชีย่อย {count} บัญชี: ลบบัญชีย่อยก่อน แล้วจึงลบบัญชีนี้',
    ko: '이 계정에는 하위 계정 {count}개가 있습니다: 먼저 하위 계정을 삭제하세요',
  },
  accountInUse: {
    zh: '该账号仍有关联数据（机型、地块、订单等）：请先删除这些数据，或改为停用账号',
    en: 'The account still has records (models, fields, orders...): remove them first, or disable the account instead',
    'zh-TW': '該帳號仍有關聯資料（機型、地塊、訂單等）：請先刪除這些資料，或改為停用帳號',
    th: 'บัญชีนี้ยังมีข้อมูลที่เกี่ยวข้อง (รุ่น แปลง คำสั่งซื้อ...): ลบข้อมูลก่อน หรือระงับบัญชีแทน',
    ko: '이 계정에 연결된 데이터(기종, 필지, 주문 등)가 있습니다: 먼저 삭제하거나 계정을 비활성화하세요',
  },
  accountOwnForbidden: {
    zh: '不能停用或删除自己所在的账号',
    en: 'You cannot disable or delete your own account',
    'zh-TW': '不能停用或刪除自己所在的帳號',
    th: 'ไม่สามารถระงับหรือลบบัญชีของตนเองได้',
    ko: '자신의 계정은 비활성화하거나 삭제할 수 없습니다',
  },
  subAccountsNotAllowed: {
    zh: '该账号不能创建子账号（一级账号需有会员等级，下级账号需有创建子账号权限）',
    en: 'This account may not create sub-accounts (a level-1 account needs a VIP level, a lower level the create-sub permission)',
    'zh-TW': '該帳號不能建立子帳號（一級帳號需有會員等級，下級帳號需有建立子帳號權限）',
    th: 'บัญชีนี้สร้างบัญชีย่อยไม่ได้ (บัญชีระดับ 1 ต้องมีระดับ VIP ระดับที่ต่ำกว่าต้องได้รับสิทธิ์สร้างบัญชีย่อย)',
    ko: '이 계정은 하위 계정을 만들 수 없습니다(1단계 계정은 VIP 등급, 하위 단계는 하위 계정 생성 권한 필요)',
  },
  subPlatformEndpoint: {
    zh: '子平台账号请使用子平台的创建子公司接口，其他账号请使用普通接口',
    en: 'Sub-platform accounts create sub-companies through the sub-platform call, other accounts through the ordinary one',
    'zh-TW': '子平台帳號請使用子平台的建立子公司介面，其他帳號請使用一般介面',
    th: 'บัญชีแพลตฟอร์มย่อยต้องสร้างบริษัทย่อยผ่านคำสั่งของแพลตฟอร์มย่อย บัญชีอื่นใช้คำสั่งปกติ',
    ko: '하위 플랫폼 계정은 하위 플랫폼 호출로, 다른 계정은 일반 호출로 하위 회사를 만드세요',
  },
  adminContactRequired: {
    zh: '请填写管理员的手机号或邮箱',
    en: "Give the administrator's phone number or e-mail",
    'zh-TW': '請填寫管理員的手機號或信箱',
    th: 'กรอกหมายเลขโทรศัพท์หรืออีเมลของผู้ดูแล',
    ko: '관리자의 전화번호 또는 이메일을 입력하세요',
  },
  adminContactInvalid: {
    zh: '管理员的手机号或邮箱格式不正确',
    en: "The administrator's phone number or e-mail is not valid",
    'zh-TW': '管理員的手機號或信箱格式不正確',
    th: 'หมายเลขโทรศัพท์หรืออีเมลของผู้ดูแลไม่ถูกต้อง',
    ko: '관리자의 전화번호 또는 이메일 형식이 올바르지 않습니다',
  },
  mergeNotManufacturers: {
    zh: '合并的两个账号必须是不同的厂商账号',
    en: 'Both accounts of a merge must be manufacturers, and different ones',
    'zh-TW': '合併的兩個帳號必須是不同的廠商帳號',
    th: 'ทั้งสองบัญชีที่รวมต้องเป็นผู้ผลิตและต้องไม่ใช่บัญชีเดียวกัน',
    ko: '병합할 두 계정은 서로 다른 제조사 계정이어야 합니다',
  },
  regionUnknown: {
    zh: '行政区划代码 {code} 不存在',
    en: 'The region code {code} is unknown',
    'zh-TW': '行政區劃代碼 {code} 不存在',
    th: 'ไม่รู้จักรหัสพื้นที่ {code}',
    ko: '지역 코드 {code}을(를) 찾을 수 없습니다',
  },
  applyPending: {
    zh: '已有一份修改申请在等待审核，请等待审核结果',
    en: 'A modification application is already waiting for review: wait for its decision',
    'zh-TW': '已有一份修改申請在等待審核，請等待審核結果',
    th: 'มีคำขอแก้ไขที่รอการตรวจสอบอยู่แล้ว กรุณารอผลการพิจารณา',
    ko: '이미 검토 대기 중인 수정 신청이 있습니다. 결과를 기다려 주세요',
  },
  accountWelcome: {
    zh: '【AgriFleet】已为您开通账号“{accountName}”。请使用 {account} 和初始密码 {password} 登录，登录后请立即修改密码。',
    en: '[AgriFleet] The account "{accountName}" was opened for you. Sign in with {account} and the initial password {password}, then change the password at once.',
    'zh-TW':
      '【AgriFleet】已為您開通帳號「{accountName}」。請使用 {account} 和初始密碼 {password} 登入，登入後請立即修改密碼。',
    th: '[AgriFleet] เปิดบัญชี "{accountName}" ให้คุณแล้ว เข้าสู่ระบบด้วย {account} และรหัสผ่านเริ่มต้น {password} แล้วเปลี่ยนรหัสผ่านทันที',
    ko: '[AgriFleet] "{accountName}" 계정이 개설되었습니다. {account}와 초기 비밀번호 {password}로 로그인한 후 바로 비밀번호를 변경하세요.',
  },
  accountWelcomeSubject: {
    zh: 'AgriFleet 账号已开通',
    en: 'Your AgriFleet account is open',
    'zh-TW': 'AgriFleet 帳號已開通',
    th: 'บัญชี AgriFleet ของคุณเปิดใช้งานแล้ว',
    ko: 'AgriFleet 계정이 개설되었습니다',
  },
} as const satisfies Record<string, Record<Language, string>>;
