/** Server messages of the teams module, in the five languages (merged into platform/messages.ts). */
import type { Language } from '@agrifleet/domain';

export const TEAM_MESSAGES = {
  teamNotFound: {
    zh: '团队不存在',
    en: 'Team not found',
    'zh-TW': '團隊不存在',
    th: 'ไม่พบทีม',
    ko: '팀을 찾을 수 없습니다',
  },
  teamNameTaken: {
    zh: '已有同名团队',
    en: 'A team with this name already exists',
    'zh-TW': '已有同名團隊',
    th: 'มีทีมชื่อนี้อยู่แล้ว',
    ko: '같은 이름의 팀이 이미 있습니다',
  },
  teamUsersInvalid: {
    zh: '只能添加本账号的成员',
    en: 'Only members of your account can be added',
    'zh-TW': '只能添加本帳號的成員',
    th: 'เพิ่มได้เฉพาะสมาชิกของบัญชีคุณเท่านั้น',
    ko: '내 계정의 구성원만 추가할 수 있습니다',
  },
  teamUserInOtherTeam: {
    zh: '成员 {names} 已在其他团队中,请先将其移出',
    en: 'Member {names} is already in another team: remove them from it first',
    'zh-TW': '成員 {names} 已在其他團隊中,請先將其移出',
    th: 'สมาชิก {names} อยู่ในทีมอื่นแล้ว กรุณานำออกจากทีมนั้นก่อน',
    ko: '구성원 {names}은(는) 이미 다른 팀에 있습니다. 먼저 그 팀에서 제외하세요',
  },
  teamLeaderNotMember: {
    zh: '队长必须是该团队的成员',
    en: 'The leader must be a member of the team',
    'zh-TW': '隊長必須是該團隊的成員',
    th: 'หัวหน้าทีมต้องเป็นสมาชิกของทีม',
    ko: '팀장은 팀의 구성원이어야 합니다',
  },
  teamMemberNotFound: {
    zh: '该用户不在此团队中',
    en: 'This user is not in the team',
    'zh-TW': '該用戶不在此團隊中',
    th: 'ผู้ใช้นี้ไม่ได้อยู่ในทีม',
    ko: '이 사용자는 팀에 없습니다',
  },
} as const satisfies Record<string, Record<Language, string>>;
