import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grpc } from '@mzansi/kit';
import { eventually, expectGrpcError } from '@mzansi/kit/testing';
import { ADMIN_USERNAME, socialHarness, stem, type Harness, type TestUser } from './helpers.js';

/**
 * People search (spec §5): a case-insensitive substring of the username, sorted by username, at least 2 characters,
 * excluding me, my friends, people who asked me and people I asked. Users arrive through identity's events.
 */
let h: Harness;
const tok = stem();
let me: TestUser, friend: TestUser, fan: TestUser, idol: TestUser, zola: TestUser, alpha: TestUser, mid: TestUser;

const search = (who: TestUser, query: string) => h.client.searchPeople({ query, limit: 50 }, { actor: who.actor }).then((r) => r.people);
const usernames = async (who: TestUser, query: string) => (await search(who, query)).map((p) => p.username);

beforeAll(async () => {
  h = await socialHarness();
  const users = await Promise.all(['me', 'friend', 'fan', 'idol', 'Zola', 'alpha', 'mid'].map((n) => h.signUp(`${tok}_${n}`)));
  [me, friend, fan, idol, zola, alpha, mid] = users as [TestUser, TestUser, TestUser, TestUser, TestUser, TestUser, TestUser];
  // friend: a real friendship (request, then accepted).
  const sent = await h.client.sendFriendRequest({ friendId: friend.id, friendUsername: '' }, { actor: me.actor });
  await h.client.acceptFriendRequest({ id: sent.request!.id }, { actor: friend.actor });
  // fan asked me; I asked idol.
  await h.client.sendFriendRequest({ friendId: me.id, friendUsername: '' }, { actor: fan.actor });
  await h.client.sendFriendRequest({ friendId: '', friendUsername: idol.username }, { actor: me.actor });
});

afterAll(async () => {
  await h?.cleanup();
});

describe('searchPeople', () => {
  it('excludes me, my friends, people who asked me and people I asked; includes everyone else', async () => {
    const found = await search(me, tok);
    expect(found.map((p) => p.username)).toEqual([alpha.username, mid.username, zola.username]);
    expect(found[0]).toEqual({ id: alpha.id, username: alpha.username, name: `Name of ${alpha.username}`, isAdmin: false });
    const ids = found.map((p) => p.id);
    expect(ids).not.toContain(me.id);
    expect(ids).not.toContain(friend.id);
    expect(ids).not.toContain(fan.id);
    expect(ids).not.toContain(idol.id);
  });

  it('applies the same exclusions from the other side', async () => {
    expect(await usernames(friend, tok)).not.toContain(me.username); // friends both ways
    expect(await usernames(fan, tok)).not.toContain(me.username); // fan already asked me
    expect(await usernames(idol, tok)).not.toContain(me.username); // I asked idol
    // Strangers to each other see each other.
    expect(await usernames(zola, tok)).toEqual(
      [me, friend, fan, idol, alpha, mid].map((u) => u.username).sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
  });

  it('matches a case-insensitive substring anywhere in the username', async () => {
    expect(await usernames(me, tok.toUpperCase())).toEqual([alpha.username, mid.username, zola.username]);
    expect(await usernames(me, `${tok.slice(2)}_zO`)).toEqual([zola.username]);
    expect(await usernames(me, 'LPH')).toContain(alpha.username);
    expect(await usernames(me, `  ${tok}_MI  `)).toEqual([mid.username]); // trimmed
    expect(await usernames(me, `${tok}_nobody`)).toEqual([]);
  });

  it('sorts by username, ignoring case', async () => {
    const names = await usernames(zola, tok);
    expect(names).toEqual([...names].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
    // "Zola" sorts after "mid" although "Z" < "m" in ASCII.
    const mine = await usernames(me, tok);
    expect(mine.indexOf(zola.username)).toBeGreaterThan(mine.indexOf(mid.username));
  });

  it('treats LIKE wildcards literally', async () => {
    expect(await usernames(me, '%%')).toEqual([]);
    expect(await usernames(me, `${tok}%`)).toEqual([]);
    expect(await usernames(me, `${tok}_a`)).toEqual([alpha.username]);
  });

  it('needs at least 2 characters (after trimming)', async () => {
    for (const q of ['', 'a', ' a ', '   ']) {
      await expectGrpcError(h.client.searchPeople({ query: q, limit: 20 }, { actor: me.actor }), grpc.status.INVALID_ARGUMENT, 'Type at least 2 characters to search');
    }
    expect(await usernames(me, `${tok.slice(0, 2)}`)).toContain(alpha.username);
  });

  it('needs a signed-in actor', async () => {
    await expectGrpcError(h.client.searchPeople({ query: tok, limit: 20 }), grpc.status.UNAUTHENTICATED);
  });

  it('shows the Admin flag: the bootstrapped admin is in the directory with isAdmin true', async () => {
    const admin = await eventually(async () => (await search(me, 'ADMIN')).find((p) => p.username === ADMIN_USERNAME), 10_000);
    expect(admin!.isAdmin).toBe(true);
    expect((await search(me, tok)).every((p) => p.isAdmin === false)).toBe(true);
  });

  it('shows someone again once their request to me is rejected', async () => {
    const [incoming] = (await h.client.listIncomingRequests({ userId: '' }, { actor: me.actor })).requests;
    expect(incoming!.requester!.id).toBe(fan.id);
    await h.client.rejectFriendRequest({ id: incoming!.id }, { actor: me.actor });
    expect(await usernames(me, tok)).toEqual([alpha.username, fan.username, mid.username, zola.username]);
  });
});
