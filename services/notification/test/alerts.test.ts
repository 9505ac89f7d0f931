import { describe, expect, it } from 'vitest';
import { alertMessages } from '../src/domain/alerts.js';
import { unsubscribeLinks } from '../src/domain/messages.js';

const URL = 'https://mzansipredicts.co.za';
const unsubscribe = unsubscribeLinks(URL, 'tok');
const pushOf = (json: string) => JSON.parse(json) as { title: string; body: string; url: string; tag: string };

describe('alerts outside the app', () => {
  it('a reply in each language, to its one person, chosen under its own kind', () => {
    const m = alertMessages({ kind: 'inbox-item', eventId: 'e1', payload: { kind: 'comment-replied', userId: 'u1', name: 'Sipho' } }, URL);
    expect(m.audience).toEqual({ kind: 'comment-replied', userId: 'u1' });
    expect(pushOf(m.push('en'))).toEqual({ title: 'Mzansi Predicts', body: 'Sipho replied to your comment', url: '/inbox', tag: 'inbox-e1' });
    expect(pushOf(m.push('zu')).body).toBe('U-Sipho uphendule amazwana akho');
    expect(pushOf(m.push('af')).body).toBe('Sipho het op jou kommentaar geantwoord');
    expect(pushOf(m.push('st')).body).toBe('Sipho o arabile maikutlo a hao');
    const mail = m.mailer('zu')({ name: 'Thandi' }, unsubscribe);
    expect(mail.subject).toBe('U-Sipho uphendule amazwana akho');
    expect(mail.text).toContain(`${URL}/inbox`);
    expect(mail.text).toContain('Vula ibhokisi lakho lemiyalezo');
    expect(mail.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('agrees count the others and replace each other per comment; a removal and a suspension are moderation', () => {
    const agree = (others: number) =>
      alertMessages({ kind: 'inbox-item', eventId: `e${others}`, payload: { kind: 'comment-agreed', userId: 'u1', name: 'Lerato', others, commentId: 'c9' } }, URL);
    expect(pushOf(agree(0).push('en')).body).toBe('Lerato agreed with your comment');
    expect(pushOf(agree(1).push('en')).body).toBe('Lerato and 1 other agreed with your comment');
    expect(pushOf(agree(4).push('st')).body).toBe('Lerato le ba bang ba 4 ba dumellana le maikutlo a hao');
    expect(agree(1).topic).toBe(agree(4).topic);
    expect(pushOf(agree(1).push('en')).tag).toBe(pushOf(agree(4).push('af')).tag);
    const removed = alertMessages({ kind: 'inbox-item', eventId: 'r', payload: { kind: 'comment-removed', userId: 'u1', reason: '' } }, URL);
    expect(removed.audience.kind).toBe('moderation');
    expect(pushOf(removed.push('af')).body).toBe("'n Moderator het jou kommentaar verwyder");
    const suspended = alertMessages({ kind: 'inbox-item', eventId: 's', payload: { kind: 'suspended', userId: 'u1', reason: 'Spam' } }, URL);
    expect(suspended.audience.kind).toBe('moderation');
  });

  it('a resolution goes to everyone who wants resolutions, in the question’s own translation, with the answer', () => {
    const m = alertMessages(
      { kind: 'question-resolved', eventId: 'q', payload: { questionId: 'q1', text: 'Will it rain in Durban', translations: { zu: 'Ingabe lizona eThekwini' }, correctOptionId: 'no' } },
      URL,
    );
    expect(m.audience).toEqual({ kind: 'question-resolved' });
    expect(pushOf(m.push('en'))).toMatchObject({ title: 'Question Resolved!', body: 'Will it rain in Durban? The answer: No' });
    expect(pushOf(m.push('zu')).body).toBe('Ingabe lizona eThekwini? Impendulo: Cha');
    expect(pushOf(m.push('af')).body).toBe('Will it rain in Durban? Die antwoord: Nee');
    expect(m.mailer('st')({ name: '' }, unsubscribe).subject).toBe('Potso e Rarollotswe!');
  });

  it('a resolution with a source says it, with the SAST day, in each language: "Resolved YES — IEC results, 30 May"', () => {
    // 22:30 UTC on 29 May is 00:30 SAST on 30 May.
    const payload = { questionId: 'q1', text: 'Will turnout pass 60%', translations: {}, correctOptionId: 'yes', sourceTitle: 'IEC results', resolvedAt: '2026-05-29T22:30:00.000Z' };
    const m = alertMessages({ kind: 'question-resolved', eventId: 'q', payload }, URL);
    expect(pushOf(m.push('en')).body).toBe('Will turnout pass 60%? Resolved YES — IEC results, 30 May');
    expect(pushOf(m.push('zu')).body).toBe('Will turnout pass 60%? Kuxazululwe YEBO — IEC results, 30 Meyi');
    expect(pushOf(m.push('af')).body).toBe('Will turnout pass 60%? Beslis JA — IEC results, 30 Mei');
    expect(pushOf(m.push('st')).body).toBe('Will turnout pass 60%? E rarollotswe E — IEC results, 30 Motsheanong');
    expect(m.mailer('en')({ name: 'Thandi' }, unsubscribe).text).toContain('Resolved YES — IEC results, 30 May');
  });

  it('a corrected resolution goes only to the players it names, saying what it is now, in each language', () => {
    const payload = {
      questionId: 'q1',
      text: 'Will turnout pass 60%',
      translations: { af: 'Sal die opkoms 60% oorskry' },
      correctOptionId: 'no',
      sourceTitle: 'IEC final results',
      resolvedAt: '2026-05-30T10:00:00.000Z',
      userIds: ['u1', 'u2'],
    };
    const m = alertMessages({ kind: 'resolution-corrected', eventId: 'c', payload }, URL);
    expect(m.audience).toEqual({ kind: 'question-resolved', userIds: ['u1', 'u2'] });
    expect(pushOf(m.push('en'))).toMatchObject({ title: 'Resolution corrected', body: 'Will turnout pass 60%? Corrected: now NO — IEC final results, 30 May' });
    expect(pushOf(m.push('zu'))).toMatchObject({ title: 'Isixazululo silungisiwe', body: 'Will turnout pass 60%? Kulungisiwe: manje CHA — IEC final results, 30 Meyi' });
    expect(pushOf(m.push('af'))).toMatchObject({ title: 'Beslissing reggestel', body: 'Sal die opkoms 60% oorskry? Reggestel: nou NEE — IEC final results, 30 Mei' });
    expect(pushOf(m.push('st'))).toMatchObject({ title: 'Tharollo e lokisitswe', body: 'Will turnout pass 60%? E lokisitswe: jwale TJHE — IEC final results, 30 Motsheanong' });
    expect(m.mailer('af')({ name: '' }, unsubscribe).subject).toBe('Beslissing reggestel');
    expect(m.topic).not.toBe(alertMessages({ kind: 'question-resolved', eventId: 'q', payload }, URL).topic);
  });
});
