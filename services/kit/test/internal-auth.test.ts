import { createHmac, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  ACTOR_TOKEN_REFRESH_BEFORE_S,
  ACTOR_TOKEN_TTL_S,
  ActorTokenSigner,
  ActorTokenVerifier,
  type InternalKey,
} from '../src/internal-auth.js';
import { manualClock } from '../src/testing.js';

const NEW: InternalKey = { kid: 'k2', secret: 'the-new-internal-secret-0123456789abcdef' };
const OLD: InternalKey = { kid: 'k1', secret: 'the-old-internal-secret-0123456789abcdef' };
const T0 = Date.parse('2026-03-01T10:00:00.000Z');

const actor = () => ({ id: randomUUID(), isAdmin: false });

/** Re-encodes a token's payload with `edit` applied, keeping the original header and signature. */
function editPayload(token: string, edit: Record<string, unknown>): string {
  const [header, payload, sig] = token.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  return `${header}.${Buffer.from(JSON.stringify({ ...claims, ...edit })).toString('base64url')}.${sig}`;
}

/** A token made by hand with the real key, for claims the signer never produces. */
function craft(key: InternalKey, claims: Record<string, unknown>, header: Record<string, unknown> = {}) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'mzansi-actor+jwt', kid: key.kid, ...header })
    .sign(new TextEncoder().encode(key.secret));
}

/** A token signed by hand (for headers jose refuses to produce). */
function handMade(key: InternalKey, header: Record<string, unknown>, claims: Record<string, unknown>) {
  const input = [header, claims].map((x) => Buffer.from(JSON.stringify(x)).toString('base64url')).join('.');
  return `${input}.${createHmac('sha256', key.secret).update(input).digest('base64url')}`;
}

describe('actor tokens', () => {
  it('round-trip: subject, isAdmin, audience, a key id and a lifetime of 60 s', async () => {
    const signer = new ActorTokenSigner([NEW], 'voting');
    const verifier = new ActorTokenVerifier([NEW], 'voting');
    for (const a of [actor(), { id: randomUUID(), isAdmin: true }]) {
      const token = await signer.token(a);
      const [header, payload] = token.split('.').slice(0, 2).map((p) => JSON.parse(Buffer.from(p, 'base64url').toString())) as [
        Record<string, unknown>,
        Record<string, number | string | boolean>,
      ];
      expect(header).toEqual({ alg: 'HS256', typ: 'mzansi-actor+jwt', kid: 'k2' });
      expect(payload).toMatchObject({ sub: a.id, isAdmin: a.isAdmin, aud: 'voting' });
      expect(Number(payload.exp) - Number(payload.iat)).toBe(ACTOR_TOKEN_TTL_S);
      expect(await verifier.verify(token)).toEqual(a);
    }
  });

  it('an expired token is no actor, also when it was verified (and cached) before', async () => {
    const clock = manualClock(T0);
    const a = actor();
    const token = await new ActorTokenSigner([NEW], 'voting', clock.now).token(a);
    const cached = new ActorTokenVerifier([NEW], 'voting', clock.now);
    expect(await cached.verify(token)).toEqual(a);

    clock.set(T0 + (ACTOR_TOKEN_TTL_S - 1) * 1000);
    expect(await cached.verify(token)).toEqual(a);
    expect(await new ActorTokenVerifier([NEW], 'voting', clock.now).verify(token)).toEqual(a);

    clock.set(T0 + ACTOR_TOKEN_TTL_S * 1000); // exp itself: expired
    expect(await cached.verify(token)).toBeNull();
    expect(await new ActorTokenVerifier([NEW], 'voting', clock.now).verify(token)).toBeNull();
  });

  it('a token for another service, under an unknown key id, or signed with another secret is no actor', async () => {
    const a = actor();
    const verifier = new ActorTokenVerifier([NEW], 'voting');
    expect(await verifier.verify(await new ActorTokenSigner([NEW], 'identity').token(a))).toBeNull();
    expect(await verifier.verify(await new ActorTokenSigner([{ kid: 'k9', secret: NEW.secret }], 'voting').token(a))).toBeNull();
    expect(await verifier.verify(await new ActorTokenSigner([{ kid: NEW.kid, secret: OLD.secret }], 'voting').token(a))).toBeNull();
  });

  it('a tampered or malformed token is no actor', async () => {
    const a = actor();
    const verifier = new ActorTokenVerifier([NEW], 'voting');
    const token = await new ActorTokenSigner([NEW], 'voting').token(a);
    const [header, payload, sig] = token.split('.') as [string, string, string];
    const now = Math.floor(Date.now() / 1000);
    const forgeries: Record<string, string> = {
      'promoted to admin': editPayload(token, { isAdmin: true }),
      'another subject': editPayload(token, { sub: randomUUID() }),
      'another audience': editPayload(token, { aud: 'identity' }),
      'later expiry': editPayload(token, { exp: now + 3600 }),
      'signature flipped': `${header}.${payload}.${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`,
      'no signature': `${header}.${payload}.`,
      'alg none': `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'mzansi-actor+jwt', kid: NEW.kid })).toString('base64url')}.${payload}.`,
      'not a JWT': 'abc',
      empty: '',
      // Signed with the real key, but not as the signer makes them:
      'lifetime over 60 s': await craft(NEW, { sub: a.id, isAdmin: false, aud: 'voting', iat: now, exp: now + 3600 }),
      'no expiry': await craft(NEW, { sub: a.id, isAdmin: false, aud: 'voting', iat: now }),
      'several audiences': await craft(NEW, { sub: a.id, isAdmin: false, aud: ['identity', 'voting'], iat: now, exp: now + 60 }),
      'isAdmin not a boolean': await craft(NEW, { sub: a.id, isAdmin: 'true', aud: 'voting', iat: now, exp: now + 60 }),
      'another token type': await craft(NEW, { sub: a.id, isAdmin: false, aud: 'voting', iat: now, exp: now + 60 }, { typ: 'JWT' }),
      'no key id': await craft(NEW, { sub: a.id, isAdmin: false, aud: 'voting', iat: now, exp: now + 60 }, { kid: undefined }),
    };
    for (const [name, forged] of Object.entries(forgeries)) expect(await verifier.verify(forged), name).toBeNull();
    // The same hand-made token with the right claims passes: the refusals above are about the claims.
    expect(await verifier.verify(await craft(NEW, { sub: a.id, isAdmin: false, aud: 'voting', iat: now, exp: now + 60 }))).toEqual(a);
  });

  it('the tokens are standard HS256 JWTs: jose verifies ours with the same rules, and ours refuses what jose would', async () => {
    const a = { id: randomUUID(), isAdmin: true };
    const token = new ActorTokenSigner([NEW], 'voting').token(a);
    const { payload, protectedHeader } = await jwtVerify(token, new TextEncoder().encode(NEW.secret), {
      algorithms: ['HS256'],
      typ: 'mzansi-actor+jwt',
      audience: 'voting',
      requiredClaims: ['sub', 'iat', 'exp'],
    });
    expect(protectedHeader.kid).toBe('k2');
    expect(payload).toMatchObject({ sub: a.id, isAdmin: true, aud: 'voting' });

    const verifier = new ActorTokenVerifier([NEW], 'voting');
    const now = Math.floor(Date.now() / 1000);
    const good = { sub: a.id, isAdmin: true, aud: 'voting', iat: now, exp: now + 60 };
    const [header, body, sig] = token.split('.') as [string, string, string];
    const refused: Record<string, string> = {
      'not yet valid (nbf in the future)': await craft(NEW, { ...good, nbf: now + 30 }),
      'a crit header': handMade(NEW, { alg: 'HS256', typ: 'mzansi-actor+jwt', kid: NEW.kid, crit: ['exp'] }, good),
      'HS512 instead of HS256': await new SignJWT(good)
        .setProtectedHeader({ alg: 'HS512', typ: 'mzansi-actor+jwt', kid: NEW.kid })
        .sign(new TextEncoder().encode(NEW.secret)),
      'empty subject': await craft(NEW, { ...good, sub: '' }),
      'iat not a number': await craft(NEW, { ...good, iat: String(now) }),
      'exp not a number': await craft(NEW, { ...good, exp: String(now + 60) }),
      'a fourth part': `${token}.x`,
      'signature with padding': `${header}.${body}.${sig}=`,
      'signature one character short': `${header}.${body}.${sig.slice(0, -1)}`,
      'a payload that is not an object': `${header}.${Buffer.from('[1]').toString('base64url')}.${sig}`,
    };
    for (const [name, forged] of Object.entries(refused)) expect(verifier.verify(forged), name).toBeNull();
    // nbf in the past is fine, as for jose.
    expect(verifier.verify(await craft(NEW, { ...good, nbf: now - 5 }))).toEqual(a);
  });

  it('rotation: [new, old] accepts tokens signed with either, then [new] alone refuses the old', async () => {
    const a = actor();
    const byOld = await new ActorTokenSigner([OLD], 'voting').token(a);
    const byNew = await new ActorTokenSigner([NEW, OLD], 'voting').token(a);
    expect(JSON.parse(Buffer.from(byNew.split('.')[0]!, 'base64url').toString()).kid).toBe('k2');

    const during = new ActorTokenVerifier([NEW, OLD], 'voting');
    expect(await during.verify(byOld)).toEqual(a);
    expect(await during.verify(byNew)).toEqual(a);
    const before = new ActorTokenVerifier([OLD, NEW], 'voting'); // step 1: the new key added as previous
    expect(await before.verify(byNew)).toEqual(a);

    const after = new ActorTokenVerifier([NEW], 'voting');
    expect(await after.verify(byOld)).toBeNull();
    expect(await after.verify(byNew)).toEqual(a);
  });

  it('the signer reuses a token (synchronously) until it is within 15 s of expiry, per actor and role', async () => {
    const clock = manualClock(T0);
    const signer = new ActorTokenSigner([NEW], 'voting', clock.now);
    const a = actor();
    const token = signer.token(a);
    expect(typeof token).toBe('string'); // signed synchronously: no promise on the call path
    expect(signer.token(a)).toBe(token); // the same token: not signed again
    expect(await signer.token({ ...a, isAdmin: true })).not.toBe(token);
    expect(await signer.token(actor())).not.toBe(token);

    clock.set(T0 + (ACTOR_TOKEN_TTL_S - ACTOR_TOKEN_REFRESH_BEFORE_S) * 1000 - 1);
    expect(signer.token(a)).toBe(token);
    clock.advance(1);
    const renewed = await signer.token(a);
    expect(renewed).not.toBe(token);
    const verifier = new ActorTokenVerifier([NEW], 'voting', clock.now);
    expect(await verifier.verify(renewed)).toEqual(a);
    // The token handed out last before renewal still has 15 s to live.
    expect(await verifier.verify(token)).toEqual(a);
  });
});
