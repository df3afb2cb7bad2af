/**
 * Sharing a block (issue 20 item 13): the share call answers alike for a registered and an
 * unregistered phone (it answered 404 "no user with phone ..." before: phone enumeration), for a
 * user of the owning account and for a second share; only the caller's own number and a malformed
 * one are refused. Unsharing (DELETE share/{blockId}/{userId}): the owner ends a share, the user
 * loses the block at once (detail, list, its route plans), the change is in the system log; 401,
 * wrong role, other tenant, a user it is not shared with.
 */
import { BLOCK_BASE, ROUTE_BASE } from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { block, blocksKit, type Role } from './blocks.kit.ts';

let k: Awaited<ReturnType<typeof blocksKit>>;
beforeAll(async () => {
  k = await blocksKit();
});
afterAll(async () => {
  await k?.t.close();
});

const share = (blockId: number, phone: string, role: Role = 'operatorA', lang = 'en') =>
  k.call('POST', `${BLOCK_BASE}/share/${blockId}`, role, { targetUserPhone: phone }, lang);
const unshare = (blockId: number, userId: number, role: Role | null = 'operatorA', lang = 'en') =>
  k.call('DELETE', `${BLOCK_BASE}/share/${blockId}/${userId}`, role, undefined, lang);
const sharesOf = (blockId: number) =>
  k.t.db.selectFrom('block_shares').select('user_id').where('block_id', '=', blockId).execute();
const userId = async (phone: string) =>
  (await k.t.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id;

describe('share answers alike', () => {
  it('gives a registered, an unregistered, an own-account phone and a second share the same answer', async () => {
    const { blockId } = await k.create('operatorA', block({ blockName: '同答田' }));
    const answers = [];
    // Operator B's user, an unknown number (bare and with its country code), a user of the owning
    // account (operator A's sub-account user is not: it is another account), and operator B again.
    for (const phone of ['13800000006', '13912345678', '86-13912345678', '13800000007', '86-13800000006']) {
      const res = await share(blockId, phone);
      answers.push({ status: res.statusCode, body: res.json() });
    }
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(answers[0]?.status).toBe(200);
    // Only the registered users got a share.
    const ids = (await sharesOf(blockId)).map((r) => r.user_id).sort();
    expect(ids).toEqual([await userId('13800000006'), await userId('13800000007')].sort());
    // Same in Chinese: no message names the phone.
    const zh = await share(blockId, '13912345679', 'operatorA', 'zh');
    expect(zh.statusCode).toBe(200);
    expect(zh.body).not.toContain('13912345679');
  });

  it('refuses only a malformed number and the caller’s own, in the caller’s language', async () => {
    const { blockId } = await k.create('operatorA', block({ blockName: '自分享田' }));
    const bad = await share(blockId, '12345');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Invalid phone number/);
    const self = await share(blockId, '13800000005');
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('This is your own phone number: no need to share it');
    expect((await share(blockId, '13800000005', 'operatorA', 'zh')).json().message).toBe(
      '这是您自己的手机号，无需分享',
    );
    expect(await sharesOf(blockId)).toEqual([]);
  });

  it('shares once under 20 parallel shares of the same user', async () => {
    const { blockId } = await k.create('operatorA', block({ blockName: '并发分享田' }));
    const res = await Promise.all(Array.from({ length: 20 }, () => share(blockId, '13800000006')));
    expect(res.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await sharesOf(blockId)).toHaveLength(1);
  });
});

describe('unshare', () => {
  it('ends a share: the user loses the block, its plans and its list row at once; logged', async () => {
    const { blockId } = await k.create('operatorA', block({ blockName: '收回田' }));
    const routeId = await k.routeOf(blockId, k.ids.operatorA);
    expect((await share(blockId, '13800000006')).statusCode).toBe(200);
    const target = await userId('13800000006');
    const sees = async () => {
      const detail = await k.call('GET', `${BLOCK_BASE}/${blockId}`, 'operatorB');
      const routes = await k.call(
        'GET',
        `${ROUTE_BASE}/list?blockId=${blockId}&pageIndex=1&size=10`,
        'operatorB',
      );
      const route =
        routes.statusCode === 200 &&
        routes.json().data.records.some((r: { routeId: number }) => r.routeId === routeId);
      const list = (await k.call('GET', `${BLOCK_BASE}/list?size=500`, 'operatorB')).json().data.records;
      return [detail.statusCode, route, list.some((r: { blockId: number }) => r.blockId === blockId)];
    };
    expect(await sees()).toEqual([200, true, true]);
    const own = (await k.call('GET', `${BLOCK_BASE}/${blockId}`, 'operatorA')).json().data;
    expect(own.shares.map((s: { userId: number }) => s.userId)).toEqual([target]);

    const res = await unshare(blockId, target);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ blockId });
    expect(await sees()).toEqual([404, false, false]);
    const after = (await k.call('GET', `${BLOCK_BASE}/${blockId}`, 'operatorA')).json().data;
    expect(after.shares).toEqual([]);
    // The system log has the change (every write route is logged).
    await expect
      .poll(
        async () =>
          (
            await k.t.db
              .selectFrom('system_logs')
              .select(['action', 'result'])
              .where('action', '=', `DELETE ${BLOCK_BASE}/share/:blockId/:userId`)
              .where('result', '=', 200)
              .execute()
          ).length,
      )
      .toBe(1);
    // A second unshare: nothing to end.
    const again = await unshare(blockId, target);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('This block is not shared with this user');
    expect((await unshare(blockId, target, 'operatorA', 'zh')).json().message).toBe('该地块没有分享给此用户');
  });

  it('401 without a session, 403 for a role without blocks and for the user it is shared with, 404 for another tenant', async () => {
    const { blockId } = await k.create('operatorA', block({ blockName: '收回权限田' }));
    expect((await share(blockId, '13800000006')).statusCode).toBe(200);
    const target = await userId('13800000006');
    expect((await unshare(blockId, target, null)).statusCode).toBe(401);
    expect((await unshare(blockId, target, 'leaseManager')).statusCode).toBe(403);
    expect((await unshare(blockId, target, 'farmer')).statusCode).toBe(403);
    // The user it is shared with reads it, may not change its shares.
    expect((await unshare(blockId, target, 'operatorB')).statusCode).toBe(403);
    const other = await unshare(blockId, target, 'makerB');
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Block not found');
    expect(await sharesOf(blockId)).toHaveLength(1);
    // The parent of the owning account and the platform may end it.
    expect((await unshare(blockId, target, 'platform')).statusCode).toBe(200);
    expect(await sharesOf(blockId)).toHaveLength(0);
  });

  it('a deleted block takes its shares with it', async () => {
    const { blockId } = await k.create('operatorA', block({ blockName: '删除分享田' }));
    expect((await share(blockId, '13800000006')).statusCode).toBe(200);
    expect((await k.call('DELETE', `${BLOCK_BASE}?ids=${blockId}`, 'operatorA')).statusCode).toBe(200);
    expect(await sharesOf(blockId)).toEqual([]);
  });
});
