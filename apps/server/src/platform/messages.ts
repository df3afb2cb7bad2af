/** Server messages in the five languages; the caller's Accept-Language picks one. */
import type { Language } from '@agrifleet/domain';
import { ACCOUNT_MESSAGES } from '../modules/accounts/accounts.messages.ts';
import { APPROVAL_MESSAGES } from '../modules/approvals/approvals.messages.ts';
import { BLOCK_MESSAGES } from '../modules/blocks/blocks.messages.ts';
import { BULLETIN_MESSAGES } from '../modules/bulletins/bulletins.messages.ts';
import { CONTROL_MESSAGES } from '../modules/control/control.messages.ts';
import { DRONE_MESSAGES } from '../modules/drones/drones.messages.ts';
import { LEASING_CLIENTS_MESSAGES } from '../modules/leasing/clients.messages.ts';
import { LEASING_MONEY_MESSAGES } from '../modules/leasing/money.messages.ts';
import { LEASING_RECORDS_MESSAGES } from '../modules/leasing/records.messages.ts';
import { LEASING_STATS_MESSAGES } from '../modules/leasing/stats.messages.ts';
import { LOOKUP_MESSAGES } from '../modules/lookups/lookups.messages.ts';
import { MEMBER_MESSAGES } from '../modules/members/members.messages.ts';
import { MODEL_MESSAGES } from '../modules/models/models.messages.ts';
import { NOFLY_MESSAGES } from '../modules/nofly/nofly.messages.ts';
import { ORDER_MESSAGES } from '../modules/orders/orders.messages.ts';
import { RTK_MESSAGES } from '../modules/rtk/rtk.messages.ts';
import { SUBSIDY_MESSAGES } from '../modules/subsidies/subsidies.messages.ts';
import { SYSLOG_MESSAGES } from '../modules/syslog/syslog.messages.ts';
import { TEAM_MESSAGES } from '../modules/teams/teams.messages.ts';
import { UNIFIED_TASK_MESSAGES } from '../modules/unifiedTasks/unifiedTasks.messages.ts';

/** Messages of the platform and the first modules; later modules keep theirs in `<area>.messages.ts`. */
const CORE_MESSAGES = {
  ok: { zh: '成功', en: 'Success', 'zh-TW': '成功', th: 'สำเร็จ', ko: '성공' },
  badRequest: {
    zh: '请求参数有误',
    en: 'Invalid request',
    'zh-TW': '請求參數有誤',
    th: 'คำขอไม่ถูกต้อง',
    ko: '잘못된 요청입니다',
  },
  invalidField: {
    zh: '参数 {field} 有误',
    en: 'Invalid value for {field}',
    'zh-TW': '參數 {field} 有誤',
    th: 'ค่าของ {field} ไม่ถูกต้อง',
    ko: '{field} 값이 올바르지 않습니다',
  },
  invalidValue: {
    zh: '请求中有超出范围或无法识别的值',
    en: 'The request has a value out of range or not understood',
    'zh-TW': '請求中有超出範圍或無法識別的值',
    th: 'คำขอมีค่าที่อยู่นอกช่วงหรือไม่สามารถอ่านได้',
    ko: '요청에 범위를 벗어나거나 알 수 없는 값이 있습니다',
  },
  alreadyExists: {
    zh: '该记录已存在或已被他人同时修改，请刷新后重试',
    en: 'This record already exists or was changed by someone else at the same time; reload and try again',
    'zh-TW': '該記錄已存在或已被他人同時修改，請重新整理後再試',
    th: 'ระเบียนนี้มีอยู่แล้วหรือถูกผู้อื่นแก้ไขในเวลาเดียวกัน กรุณาโหลดใหม่แล้วลองอีกครั้ง',
    ko: '이 기록이 이미 있거나 다른 사람이 동시에 변경했습니다. 새로 고친 후 다시 시도하세요',
  },
  concurrentChange: {
    zh: '该数据正被他人同时修改，请稍后重试',
    en: 'Someone else is changing the same data right now; please try again',
    'zh-TW': '該資料正被他人同時修改，請稍後再試',
    th: 'มีผู้อื่นกำลังแก้ไขข้อมูลเดียวกันอยู่ กรุณาลองอีกครั้ง',
    ko: '다른 사람이 같은 데이터를 동시에 변경하고 있습니다. 다시 시도하세요',
  },
  unauthorized: {
    zh: '登录已失效，请重新登录',
    en: 'Your session has expired, please sign in again',
    'zh-TW': '登入已失效，請重新登入',
    th: 'เซสชันหมดอายุ กรุณาเข้าสู่ระบบอีกครั้ง',
    ko: '세션이 만료되었습니다. 다시 로그인하세요',
  },
  forbidden: {
    zh: '没有权限执行此操作',
    en: 'You do not have permission to do this',
    'zh-TW': '沒有權限執行此操作',
    th: 'คุณไม่มีสิทธิ์ดำเนินการนี้',
    ko: '이 작업을 수행할 권한이 없습니다',
  },
  notFound: {
    zh: '资源不存在',
    en: 'Not found',
    'zh-TW': '資源不存在',
    th: 'ไม่พบข้อมูล',
    ko: '찾을 수 없습니다',
  },
  internal: {
    zh: '服务器内部错误',
    en: 'Internal server error',
    'zh-TW': '伺服器內部錯誤',
    th: 'เกิดข้อผิดพลาดภายในเซิร์ฟเวอร์',
    ko: '서버 내부 오류',
  },
  tooManyRequests: {
    zh: '操作过于频繁，请 {seconds} 秒后再试',
    en: 'Too many requests, please try again in {seconds} seconds',
    'zh-TW': '操作過於頻繁，請 {seconds} 秒後再試',
    th: 'ส่งคำขอบ่อยเกินไป กรุณาลองใหม่ใน {seconds} วินาที',
    ko: '요청이 너무 많습니다. {seconds}초 후에 다시 시도하세요',
  },
  telemetryKeyInvalid: {
    zh: '遥测密钥无效：请用 Basic 认证发送 vid:secret',
    en: 'Invalid telemetry key: send vid:secret with Basic authentication',
    'zh-TW': '遙測金鑰無效：請用 Basic 認證傳送 vid:secret',
    th: 'คีย์เทเลเมทรีไม่ถูกต้อง: ส่ง vid:secret ด้วย Basic authentication',
    ko: '텔레메트리 키가 올바르지 않습니다: Basic 인증으로 vid:secret을 보내세요',
  },
  telemetryUnavailable: {
    zh: '遥测暂时无法保存，请稍后重发',
    en: 'Telemetry cannot be stored right now; send it again later',
    'zh-TW': '遙測暫時無法儲存，請稍後重新傳送',
    th: 'ไม่สามารถบันทึกเทเลเมทรีได้ในขณะนี้ โปรดส่งใหม่ภายหลัง',
    ko: '지금은 텔레메트리를 저장할 수 없습니다. 나중에 다시 보내세요',
  },
  databaseUnavailable: {
    zh: '服务暂时不可用（数据库正在恢复），请 {seconds} 秒后重试',
    en: 'The service is briefly unavailable (its database is recovering); please try again in {seconds} seconds',
    'zh-TW': '服務暫時無法使用（資料庫正在恢復），請 {seconds} 秒後重試',
    th: 'บริการไม่พร้อมใช้งานชั่วคราว (ฐานข้อมูลกำลังกู้คืน) โปรดลองใหม่ใน {seconds} วินาที',
    ko: '서비스를 잠시 사용할 수 없습니다(데이터베이스 복구 중). {seconds}초 후에 다시 시도하세요',
  },
  telemetryKeyUnreviewed: {
    zh: '账户审核通过后才能创建遥测密钥',
    en: 'A telemetry key can be created once the account has passed review',
    'zh-TW': '帳戶審核通過後才能建立遙測金鑰',
    th: 'สร้างคีย์เทเลเมทรีได้เมื่อบัญชีผ่านการตรวจสอบแล้วเท่านั้น',
    ko: '계정 심사를 통과한 후에 텔레메트리 키를 만들 수 있습니다',
  },
  vidTaken: {
    zh: '该 vid 已被使用',
    en: 'This vid is already in use',
    'zh-TW': '該 vid 已被使用',
    th: 'vid นี้ถูกใช้งานแล้ว',
    ko: '이미 사용 중인 vid입니다',
  },
  applyDecided: {
    zh: '该申请已审核，不能重复审核',
    en: 'This application has already been reviewed',
    'zh-TW': '該申請已審核，不能重複審核',
    th: 'คำขอนี้ได้รับการตรวจสอบแล้ว',
    ko: '이미 심사가 완료된 신청입니다',
  },
  captchaWrong: {
    zh: '图形验证码错误或已失效',
    en: 'The image code is wrong or has expired',
    'zh-TW': '圖形驗證碼錯誤或已失效',
    th: 'รหัสภาพไม่ถูกต้องหรือหมดอายุ',
    ko: '이미지 인증 코드가 틀렸거나 만료되었습니다',
  },
  codeWrong: {
    zh: '验证码错误',
    en: 'The verification code is wrong',
    'zh-TW': '驗證碼錯誤',
    th: 'รหัสยืนยันไม่ถูกต้อง',
    ko: '인증 코드가 올바르지 않습니다',
  },
  codeExpired: {
    zh: '验证码已失效，请重新获取',
    en: 'The verification code has expired, please request a new one',
    'zh-TW': '驗證碼已失效，請重新獲取',
    th: 'รหัสยืนยันหมดอายุ กรุณาขอรหัสใหม่',
    ko: '인증 코드가 만료되었습니다. 새 코드를 요청하세요',
  },
  codeAttempts: {
    zh: '验证码错误次数过多，请重新获取',
    en: 'Too many wrong codes, please request a new one',
    'zh-TW': '驗證碼錯誤次數過多，請重新獲取',
    th: 'ใส่รหัสผิดหลายครั้งเกินไป กรุณาขอรหัสใหม่',
    ko: '잘못된 코드 입력이 너무 많습니다. 새 코드를 요청하세요',
  },
  loginFailed: {
    zh: '账号或密码错误',
    en: 'Wrong account or password',
    'zh-TW': '帳號或密碼錯誤',
    th: 'บัญชีหรือรหัสผ่านไม่ถูกต้อง',
    ko: '계정 또는 비밀번호가 올바르지 않습니다',
  },
  accountDisabled: {
    zh: '账号已被停用',
    en: 'This account has been disabled',
    'zh-TW': '帳號已被停用',
    th: 'บัญชีนี้ถูกระงับการใช้งาน',
    ko: '비활성화된 계정입니다',
  },
  accountExists: {
    zh: '该账号已注册',
    en: 'This account is already registered',
    'zh-TW': '該帳號已註冊',
    th: 'บัญชีนี้ลงทะเบียนแล้ว',
    ko: '이미 등록된 계정입니다',
  },
  customDomainTaken: {
    zh: '该企业二级域名已被使用',
    en: 'This company domain is already taken',
    'zh-TW': '該企業二級網域已被使用',
    th: 'โดเมนย่อยของบริษัทนี้ถูกใช้แล้ว',
    ko: '이미 사용 중인 회사 도메인입니다',
  },
  accountUnknown: {
    zh: '该账号未注册',
    en: 'This account is not registered',
    'zh-TW': '該帳號未註冊',
    th: 'บัญชีนี้ยังไม่ได้ลงทะเบียน',
    ko: '등록되지 않은 계정입니다',
  },
  accountFormat: {
    zh: '请输入正确的手机号或邮箱',
    en: 'Please enter a correct phone number or e-mail',
    'zh-TW': '請輸入正確的手機號或郵箱',
    th: 'กรุณากรอกหมายเลขโทรศัพท์หรืออีเมลให้ถูกต้อง',
    ko: '올바른 전화번호 또는 이메일을 입력하세요',
  },
  passwordRule: {
    zh: '密码必须为8~16位字母和数字组合',
    en: 'Password must be 8~16 digits of letters and numbers combination',
    'zh-TW': '密碼必須為8~16位字母和數字組合',
    th: 'รหัสผ่านต้องมี 8~16 ตัว ประกอบด้วยตัวอักษรและตัวเลข',
    ko: '비밀번호는 영문과 숫자를 조합한 8~16자여야 합니다',
  },
  oldPasswordWrong: {
    zh: '原密码错误',
    en: 'The old password is wrong',
    'zh-TW': '原密碼錯誤',
    th: 'รหัสผ่านเดิมไม่ถูกต้อง',
    ko: '기존 비밀번호가 올바르지 않습니다',
  },
  tokenInvalid: {
    zh: '刷新令牌无效或已过期',
    en: 'The refresh token is invalid or has expired',
    'zh-TW': '刷新令牌無效或已過期',
    th: 'โทเค็นรีเฟรชไม่ถูกต้องหรือหมดอายุ',
    ko: '리프레시 토큰이 유효하지 않거나 만료되었습니다',
  },
  uploadType: {
    zh: '只能上传 JPEG 或 PNG 图片',
    en: 'Only JPEG or PNG images can be uploaded',
    'zh-TW': '只能上傳 JPEG 或 PNG 圖片',
    th: 'อัปโหลดได้เฉพาะรูปภาพ JPEG หรือ PNG',
    ko: 'JPEG 또는 PNG 이미지만 업로드할 수 있습니다',
  },
  uploadTooLarge: {
    zh: '文件不能超过 {size}',
    en: 'The file must not exceed {size}',
    'zh-TW': '檔案不能超過 {size}',
    th: 'ไฟล์ต้องมีขนาดไม่เกิน {size}',
    ko: '파일은 {size}를 초과할 수 없습니다',
  },
  avatarNotOwn: {
    zh: '头像只能使用本人上传的图片',
    en: 'The avatar must be an image you uploaded',
    'zh-TW': '頭像只能使用本人上傳的圖片',
    th: 'รูปโปรไฟล์ต้องเป็นรูปภาพที่คุณอัปโหลดเอง',
    ko: '프로필 사진은 본인이 업로드한 이미지만 사용할 수 있습니다',
  },
  uploadDimensions: {
    zh: '图片尺寸过大：每边不超过 {side} 像素，总计不超过 {megapixels} 百万像素',
    en: 'The image is too large: at most {side} pixels per side and {megapixels} megapixels in all',
    'zh-TW': '圖片尺寸過大：每邊不超過 {side} 像素，總計不超過 {megapixels} 百萬像素',
    th: 'รูปภาพใหญ่เกินไป: ด้านละไม่เกิน {side} พิกเซล และรวมไม่เกิน {megapixels} ล้านพิกเซล',
    ko: '이미지가 너무 큽니다: 한 변은 {side}픽셀, 전체는 {megapixels}메가픽셀 이하여야 합니다',
  },
  uploadMalformed: {
    zh: '上传的内容格式有误，请重新选择文件上传',
    en: 'The upload could not be read; please choose the file again',
    'zh-TW': '上傳的內容格式有誤，請重新選擇檔案上傳',
    th: 'ไม่สามารถอ่านข้อมูลที่อัปโหลดได้ กรุณาเลือกไฟล์อีกครั้ง',
    ko: '업로드한 내용을 읽을 수 없습니다. 파일을 다시 선택하세요',
  },
  uploadMissing: {
    zh: '请选择要上传的文件',
    en: 'Please choose a file to upload',
    'zh-TW': '請選擇要上傳的檔案',
    th: 'กรุณาเลือกไฟล์ที่จะอัปโหลด',
    ko: '업로드할 파일을 선택하세요',
  },
  codeSendFailed: {
    zh: '验证码发送失败，请稍后再试',
    en: 'The code could not be sent, please try again later',
    'zh-TW': '驗證碼發送失敗，請稍後再試',
    th: 'ส่งรหัสไม่สำเร็จ กรุณาลองใหม่ภายหลัง',
    ko: '코드를 보내지 못했습니다. 잠시 후 다시 시도하세요',
  },
  codeSms: {
    zh: '【AgriFleet】您的验证码是 {code}，5分钟内有效。',
    en: '[AgriFleet] Your verification code is {code}. It is valid for 5 minutes.',
    'zh-TW': '【AgriFleet】您的驗證碼是 {code}，5分鐘內有效。',
    th: '[AgriFleet] รหัสยืนยันของคุณคือ {code} ใช้ได้ภายใน 5 นาที',
    ko: '[AgriFleet] 인증 코드는 {code}입니다. 5분간 유효합니다.',
  },
  codeSmsRegistered: {
    zh: '【AgriFleet】有人用此账号申请注册，但它已注册。请直接登录，忘记密码可在登录页找回。如非本人操作，请忽略。',
    en: '[AgriFleet] Someone asked to register with this account, but it is already registered. Please sign in, or reset your password on the sign-in page. If this was not you, ignore this message.',
    'zh-TW':
      '【AgriFleet】有人用此帳號申請註冊，但它已註冊。請直接登入，忘記密碼可在登入頁找回。如非本人操作，請忽略。',
    th: '[AgriFleet] มีผู้ขอลงทะเบียนด้วยบัญชีนี้ แต่บัญชีนี้ลงทะเบียนแล้ว กรุณาเข้าสู่ระบบ หรือรีเซ็ตรหัสผ่านที่หน้าเข้าสู่ระบบ หากไม่ใช่คุณ โปรดเพิกเฉยข้อความนี้',
    ko: '[AgriFleet] 이 계정으로 가입 요청이 있었지만 이미 등록된 계정입니다. 로그인하시거나 로그인 페이지에서 비밀번호를 재설정하세요. 본인이 아니라면 이 메시지를 무시하세요.',
  },
  codeSmsUnregistered: {
    zh: '【AgriFleet】有人用此账号申请登录或找回密码，但它尚未注册 AgriFleet 账号。如需使用，请先注册。如非本人操作，请忽略。',
    en: '[AgriFleet] Someone asked to sign in or reset a password with this account, but no AgriFleet account uses it. To use AgriFleet, please register first. If this was not you, ignore this message.',
    'zh-TW':
      '【AgriFleet】有人用此帳號申請登入或找回密碼，但它尚未註冊 AgriFleet 帳號。如需使用，請先註冊。如非本人操作，請忽略。',
    th: '[AgriFleet] มีผู้ขอเข้าสู่ระบบหรือรีเซ็ตรหัสผ่านด้วยบัญชีนี้ แต่ยังไม่มีบัญชี AgriFleet ที่ใช้บัญชีนี้ หากต้องการใช้งาน กรุณาลงทะเบียนก่อน หากไม่ใช่คุณ โปรดเพิกเฉยข้อความนี้',
    ko: '[AgriFleet] 이 계정으로 로그인 또는 비밀번호 재설정 요청이 있었지만 이를 사용하는 AgriFleet 계정이 없습니다. 사용하시려면 먼저 가입하세요. 본인이 아니라면 이 메시지를 무시하세요.',
  },
  codeMailSubject: {
    zh: 'AgriFleet 验证码',
    en: 'AgriFleet verification code',
    'zh-TW': 'AgriFleet 驗證碼',
    th: 'รหัสยืนยัน AgriFleet',
    ko: 'AgriFleet 인증 코드',
  },
  datastatPeriodRange: {
    zh: '自定义时段需要开始时间和结束时间，且开始时间不能晚于结束时间',
    en: 'A custom period needs startTime and endTime, with startTime not after endTime',
    'zh-TW': '自訂時段需要開始時間和結束時間，且開始時間不能晚於結束時間',
    th: 'ช่วงเวลาที่กำหนดเองต้องมี startTime และ endTime และ startTime ต้องไม่อยู่หลัง endTime',
    ko: '사용자 지정 기간에는 startTime과 endTime이 필요하며 startTime이 endTime보다 늦을 수 없습니다',
  },
  datastatDayRange: {
    zh: '按日统计的时段不能超过 {days} 天',
    en: 'Statistics per day cover at most {days} days',
    'zh-TW': '按日統計的時段不能超過 {days} 天',
    th: 'สถิติรายวันครอบคลุมได้ไม่เกิน {days} วัน',
    ko: '일별 통계는 최대 {days}일까지 가능합니다',
  },
  datastatDroneRange: {
    zh: '起始无人机编号不能大于结束无人机编号',
    en: 'startDroneId must not come after endDroneId',
    'zh-TW': '起始無人機編號不能大於結束無人機編號',
    th: 'startDroneId ต้องไม่อยู่หลัง endDroneId',
    ko: 'startDroneId는 endDroneId보다 뒤일 수 없습니다',
  },
  datastatDimensionIsX: {
    zh: '维度不能与横轴相同',
    en: 'The dimension must differ from x',
    'zh-TW': '維度不能與橫軸相同',
    th: 'มิติต้องไม่เหมือนกับแกน x',
    ko: '차원은 x축과 달라야 합니다',
  },
  datastatPieDimension: {
    zh: '饼图只显示一个系列，请不要选择维度',
    en: 'A pie chart shows one series: leave the dimension empty',
    'zh-TW': '圓餅圖只顯示一個系列，請不要選擇維度',
    th: 'แผนภูมิวงกลมแสดงได้ชุดเดียว: ไม่ต้องเลือกมิติ',
    ko: '원형 차트는 하나의 계열만 표시합니다. 차원을 비워 두세요',
  },
  datastatRegionUnknown: {
    zh: '未知的行政区划代码 {region}',
    en: 'Unknown region code {region}',
    'zh-TW': '未知的行政區劃代碼 {region}',
    th: 'ไม่รู้จักรหัสพื้นที่ {region}',
    ko: '알 수 없는 지역 코드 {region}',
  },
  datastatNameRequired: {
    zh: '请输入统计项名称',
    en: 'Please enter a name for the stat item',
    'zh-TW': '請輸入統計項名稱',
    th: 'กรุณาตั้งชื่อรายการสถิติ',
    ko: '통계 항목 이름을 입력하세요',
  },
  datastatTooMany: {
    zh: '每个账号最多 {max} 个统计项',
    en: 'An account can have at most {max} stat items',
    'zh-TW': '每個帳號最多 {max} 個統計項',
    th: 'บัญชีหนึ่งมีรายการสถิติได้ไม่เกิน {max} รายการ',
    ko: '계정당 통계 항목은 최대 {max}개입니다',
  },
  stillReferenced: {
    zh: '该记录仍被其他数据引用，无法删除',
    en: 'This record is still referred to by other data and cannot be removed',
    'zh-TW': '該記錄仍被其他資料引用，無法刪除',
    th: 'ระเบียนนี้ยังถูกอ้างอิงโดยข้อมูลอื่น จึงลบไม่ได้',
    ko: '이 기록은 다른 데이터가 아직 참조하고 있어 삭제할 수 없습니다',
  },
  datastatOthers: { zh: '其他', en: 'Others', 'zh-TW': '其他', th: 'อื่นๆ', ko: '기타' },
  datastatUnknown: { zh: '未知', en: 'Unknown', 'zh-TW': '未知', th: 'ไม่ทราบ', ko: '알 수 없음' },
} as const satisfies Record<string, Record<Language, string>>;

export const MESSAGES = {
  ...CORE_MESSAGES,
  ...DRONE_MESSAGES,
  ...MODEL_MESSAGES,
  ...NOFLY_MESSAGES,
  ...RTK_MESSAGES,
  ...LOOKUP_MESSAGES,
  ...SUBSIDY_MESSAGES,
  ...UNIFIED_TASK_MESSAGES,
  ...BLOCK_MESSAGES,
  ...CONTROL_MESSAGES,
  ...ACCOUNT_MESSAGES,
  ...APPROVAL_MESSAGES,
  ...MEMBER_MESSAGES,
  ...TEAM_MESSAGES,
  ...SYSLOG_MESSAGES,
  ...BULLETIN_MESSAGES,
  ...ORDER_MESSAGES,
  ...LEASING_CLIENTS_MESSAGES,
  ...LEASING_MONEY_MESSAGES,
  ...LEASING_RECORDS_MESSAGES,
  ...LEASING_STATS_MESSAGES,
} as const satisfies Record<string, Record<Language, string>>;

/**
 * Catalogues that modules hand in where app.ts composes them (`registerMessages`), so that this
 * file imports no module for them (ARCHITECTURE "Imports run downward"; the imports above are the
 * older arrows, to be moved the same way). A module names its keys by merging into this interface:
 *
 *   declare module '../../platform/messages.ts' {
 *     interface ModuleMessages { firmware: typeof FIRMWARE_MESSAGES }
 *   }
 */
export interface ModuleMessages {
  /** A placeholder member: the interface is filled by declaration merging. */
  core: Record<never, Record<Language, string>>;
}
type ModuleMessageKey = {
  [M in keyof ModuleMessages]: keyof ModuleMessages[M] & string;
}[keyof ModuleMessages];

export type MessageKey = keyof typeof MESSAGES | ModuleMessageKey;

type Catalogue = Record<string, Record<Language, string>>;
const handedIn = new Map<string, Record<Language, string>>();

/** Adds a module's catalogue (idempotent for the same texts; a key taken by other texts throws). */
export function registerMessages(catalogue: Catalogue): void {
  for (const [key, texts] of Object.entries(catalogue)) {
    const known = (MESSAGES as Catalogue)[key] ?? handedIn.get(key);
    if (known && known !== texts) throw new Error(`message key ${key} is defined twice`);
    handedIn.set(key, texts);
  }
}

export function translate(
  key: MessageKey,
  lang: Language,
  params: Record<string, string | number> = {},
): string {
  const texts = (MESSAGES as Catalogue)[key] ?? handedIn.get(key);
  const text: string = texts ? (texts[lang] ?? texts.zh) : key;
  return text.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? `{${k}}`));
}

/** Picks the best of our languages from an Accept-Language header (default zh). */
export function pickLanguage(header: string | undefined): Language {
  if (!header) return 'zh';
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.find((r) => r.trim().startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    if (tag === 'zh-tw' || tag === 'zh-hk' || tag === 'zh-mo' || tag.startsWith('zh-hant')) return 'zh-TW';
    if (tag.startsWith('zh')) return 'zh';
    if (tag.startsWith('en')) return 'en';
    if (tag.startsWith('th')) return 'th';
    if (tag.startsWith('ko')) return 'ko';
  }
  return 'zh';
}
