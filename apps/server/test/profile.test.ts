/** GET user/info and PUT user/profile (000 §2 profile dialog, §3, §5). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/demo/accounts.ts';
import { MESSAGES } from '../src/platform/messages.ts';
import { uploadAvatar } from './avatar.ts';
import { createTestApp, loginPd, signInWith, type TestApp } from './helper.ts';
import { multipart, PNG_1X1 } from './multipart.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const info = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/user/info', headers });
const update = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'PUT', url: '/api/user/profile', payload, headers });

describe('user/info', () => {
  it('needs a valid token', async () => {
    const variants: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer nonsense' },
      { authorization: 'Basic abc' },
      { authorization: 'Bearer ' },
    ];
    for (const headers of variants) {
      const res = await info(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 401, message: MESSAGES.unauthorized.zh });
    }
    const en = await info({ 'accept-language': 'en' });
    expect(en.json().message).toBe('Your session has expired, please sign in again');
  });

  it('refuses a token signed with another key, and one whose session has expired', async () => {
    const { data, auth } = await signInWith(t, '13800000003');
    const [header, payload] = data.jToken.split('.');
    const forged = `${header}.${payload}.${Buffer.from('x'.repeat(32)).toString('base64url')}`;
    expect((await info({ authorization: `Bearer ${forged}` })).statusCode).toBe(401);
    expect((await info(auth)).statusCode).toBe(200);
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', data.userId)
      .execute();
    expect((await info(auth)).statusCode).toBe(401);
  });

  it("returns the caller's own info, tenant flag included", async () => {
    const { auth } = await signInWith(t, '13800000005');
    const res = await info(auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      userName: '赵强',
      phoneNum: '86-13800000005',
      accountType: 4,
      accountName: '丰收飞防服务合作社',
      operatorType: '1',
      isTenant: true,
      checkStatus: 2,
    });
    const maker = await info((await signInWith(t, '13800000003')).auth);
    expect(maker.json().data).toMatchObject({
      accountType: 3,
      vipLevel: 1,
      canCreateSub: true,
      leaseModel: 1,
      isTenant: false,
    });
  });
});

describe('user/profile', () => {
  it('needs a token', async () => {
    const res = await update({ userName: 'x', userHeadUrl: '/a.png' });
    expect(res.statusCode).toBe(401);
  });

  it('changes name and avatar of the caller only', async () => {
    const { auth } = await signInWith(t, '13800000006');
    const avatar = await uploadAvatar(t, auth);
    const res = await update(
      { userName: '  孙丽丽 ', userHeadUrl: avatar },
      { ...auth, 'accept-language': 'en' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Success');
    expect(res.json().data).toMatchObject({
      userName: '孙丽丽',
      userHeadUrl: avatar,
      phoneNum: '86-13800000006',
    });
    expect((await info(auth)).json().data).toMatchObject({
      userName: '孙丽丽',
      userHeadUrl: avatar,
    });
    // The password is unchanged without newPassword.
    expect((await loginPd(t, { phoneNum: '13800000006', password: DEMO_PASSWORD })).statusCode).toBe(200);
    const others = await t.db
      .selectFrom('users')
      .select(['user_name', 'avatar_url'])
      .where('phone', '!=', '13800000006')
      .execute();
    expect(others.some((u) => u.user_name === '孙丽丽' || u.avatar_url !== null)).toBe(false);
  });

  it('names a missing field', async () => {
    const { auth } = await signInWith(t, '13800000006');
    const noName = await update({ userHeadUrl: '/a.png' }, { ...auth, 'accept-language': 'en' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe('Invalid value for userName');
    const noAvatar = await update({ userName: '孙丽' }, auth);
    expect(noAvatar.statusCode).toBe(400);
    expect(noAvatar.json().message).toContain('userHeadUrl');
  });

  it('changes the password only with the right old password and a valid new one', async () => {
    const { auth } = await signInWith(t, '13800000009');
    const base = { userName: '吴磊', userHeadUrl: await uploadAvatar(t, auth) };

    const wrongOld = await update(
      { ...base, oldPassword: 'wrong1234', newPassword: 'Better2026' },
      { ...auth, 'accept-language': 'en' },
    );
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json()).toEqual({ code: 1009, message: 'The old password is wrong' });

    const noOld = await update({ ...base, newPassword: 'Better2026' }, auth);
    expect(noOld.statusCode).toBe(400);
    expect(noOld.json()).toEqual({ code: 1009, message: MESSAGES.oldPasswordWrong.zh });

    for (const newPassword of ['short1', 'onlyletters', '12345678', 'waytoolongpassword1']) {
      const weak = await update(
        { ...base, oldPassword: DEMO_PASSWORD, newPassword },
        { ...auth, 'accept-language': 'en' },
      );
      expect(weak.statusCode, newPassword).toBe(400);
      expect(weak.json().message).toBe('Password must be 8~16 digits of letters and numbers combination');
    }
    // Nothing of the refused updates was saved.
    expect((await loginPd(t, { phoneNum: '13800000009', password: DEMO_PASSWORD })).statusCode).toBe(200);
    expect((await info(auth)).json().data.userHeadUrl).toBeNull();

    const elsewhere = await signInWith(t, '13800000009');
    const ok = await update({ ...base, oldPassword: DEMO_PASSWORD, newPassword: 'Better2026' }, auth);
    expect(ok.statusCode).toBe(200);
    // The new password ends the user's other sessions; this one stays.
    expect((await info(elsewhere.auth)).statusCode).toBe(401);
    expect((await info(auth)).statusCode).toBe(200);
    expect((await loginPd(t, { phoneNum: '13800000009', password: DEMO_PASSWORD })).statusCode).toBe(400);
    expect((await loginPd(t, { phoneNum: '13800000009', password: 'Better2026' })).statusCode).toBe(200);
  });
});

describe('user/profile avatar (issue 20, finding 15)', () => {
  const pictureOf = async (auth: Record<string, string>) => {
    const body = multipart([{ name: 'file', filename: 'p.png', type: 'image/png', data: PNG_1X1 }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/upload',
      payload: body.payload,
      headers: { ...body.headers, ...auth },
    });
    return res.json().data.url as string;
  };

  it("refuses another tenant's upload, an anonymous one, and javascript:, data: and external URLs", async () => {
    const mine = await signInWith(t, '13800000005');
    const other = await signInWith(t, '13800000006');
    const theirs = await uploadAvatar(t, other.auth);
    const anonymous = await pictureOf({});
    const own = await uploadAvatar(t, mine.auth);
    const before = (await info(mine.auth)).json().data.userHeadUrl;
    for (const userHeadUrl of [
      theirs,
      anonymous,
      'javascript:alert(document.cookie)',
      'JaVaScRiPt:alert(1)',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'https://evil.example/track.png',
      '//evil.example/a.png',
      `${own}?x=1`,
      `${own}/../../x`,
      `https://evil.example${own}`,
      own.replace('.png', '.jpg'),
      '/api/files/00000000-0000-0000-0000-000000000000.png',
      '/api/files/------------------------------------.png',
      '/brand/logo.svg',
    ]) {
      const res = await update({ userName: '赵强', userHeadUrl }, { ...mine.auth, 'accept-language': 'en' });
      expect(res.statusCode, userHeadUrl).toBe(400);
      expect(res.json()).toEqual({ code: 400, message: 'The avatar must be an image you uploaded' });
    }
    expect((await info(mine.auth)).json().data.userHeadUrl).toBe(before);
    const zh = await update({ userName: '赵强', userHeadUrl: theirs }, mine.auth);
    expect(zh.json().message).toBe(MESSAGES.avatarNotOwn.zh);
    // Their own upload is accepted.
    const ok = await update({ userName: '赵强', userHeadUrl: own }, mine.auth);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.userHeadUrl).toBe(own);
  });

  it('another user of the same account cannot use my upload either', async () => {
    // maker-a's administrator and its lease manager.
    const admin = await signInWith(t, '13800000003');
    const staff = await signInWith(t, '13800000008');
    const adminUpload = await uploadAvatar(t, admin.auth);
    const res = await update({ userName: '周婷', userHeadUrl: adminUpload }, staff.auth);
    expect(res.statusCode).toBe(400);
  });
});
