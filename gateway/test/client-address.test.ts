import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { addressKey, clientAddress, trustProxy } from '../src/client-address.js';
import { REFUSALS, SocketBudget } from '../src/live-limits.js';

describe('clientAddress: the websocket caps count by the address express calls req.ip', () => {
  const forwarded = [undefined, '203.0.113.7', '198.51.100.1, 203.0.113.7', ' 10.0.0.1 ,, 198.51.100.1,203.0.113.7 ', 'garbage, 203.0.113.9'];

  for (const setting of ['false', 'true', '1', '2', '5']) {
    it(`TRUST_PROXY=${setting}: same answer as req.ip for every X-Forwarded-For`, async () => {
      const trust = trustProxy({ TRUST_PROXY: setting });
      const app = express();
      app.set('trust proxy', trust);
      app.get('/', (req, res) => {
        res.json({ express: req.ip, ours: clientAddress(req, trust) });
      });
      for (const xff of forwarded) {
        const r = await request(app)
          .get('/')
          .set(xff === undefined ? {} : { 'x-forwarded-for': xff });
        expect(r.body.ours, `${setting} ${xff}`).toBe(r.body.express);
      }
    });
  }

  it('without trusted proxies a forged X-Forwarded-For changes nothing', async () => {
    const app = express();
    app.get('/', (req, res) => {
      res.json({ ip: clientAddress(req, false) });
    });
    const a = await request(app).get('/').set('x-forwarded-for', '203.0.113.1');
    const b = await request(app).get('/').set('x-forwarded-for', '203.0.113.2');
    expect(a.body.ip).toBe(b.body.ip);
  });
});

describe('addressKey', () => {
  it('IPv4 as it is (IPv4-mapped IPv6 too); IPv6 by its /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:eeee:dddd:cccc')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('64:ff9b::203.0.113.7')).toBe('64:ff9b:0:0::/64');
  });
});

describe('SocketBudget', () => {
  it('refuses past the per-address cap, then past the total; a release frees a place', () => {
    const b = new SocketBudget(2, 3);
    expect(b.take('a')).toBeUndefined();
    expect(b.take('a')).toBeUndefined();
    expect(b.take('a')).toBe('address');
    expect(b.take('b')).toBeUndefined();
    expect(b.take('c')).toBe('total');
    expect(b.size).toBe(3);
    b.release('a');
    expect(b.take('c')).toBeUndefined();
    expect(b.take('a')).toBe('total');
    for (const k of ['a', 'b', 'c']) b.release(k);
    expect(b.size).toBe(0);
    expect(b.keys).toBe(0);
    expect(REFUSALS.address).toEqual({ code: 1008, reason: 'Too many connections from your address' });
  });
});
