import type { PushLanguage } from './push-text.js';

/**
 * What an alert says outside the app (push and e-mail) about an inbox item or a resolution, in the reader's language:
 * the same sentences as the web's inbox (web/src/i18n/locales, `inbox.*` and `live.*`); English verbatim from there,
 * isiZulu, Afrikaans and Sesotho machine drafts like those catalogues, not yet reviewed.
 */

/** A personal inbox item as its alert needs it: the kind and only the fields its sentence names. */
export type PersonalAlert =
  | { kind: 'friend-request'; name: string }
  | { kind: 'friend-accepted'; name: string }
  | { kind: 'comment-replied'; name: string }
  | { kind: 'comment-agreed'; name: string; others: number }
  | { kind: 'comment-removed'; reason: string }
  | { kind: 'suspended'; reason: string }
  | { kind: 'suggestion-used'; text: string };

interface AlertWords {
  title: string;
  resolvedTitle: string;
  answer: (question: string, answer: string) => string;
  /** "Resolved YES — IEC results, 30 May": the answer, the source's title and the SAST day it was resolved. */
  resolvedWith: (answer: string, source: string, day: string) => string;
  /** A corrected resolution's title, and its line: the answer as corrected, its source and the resolution's day. */
  correctedTitle: string;
  correctedWith: (answer: string, source: string, day: string) => string;
  /** January … December, for the day ("30 May"). */
  months: readonly string[];
  yes: string;
  no: string;
  personal: { [K in PersonalAlert['kind']]: (a: Extract<PersonalAlert, { kind: K }>) => string };
  /** The mail's link to the inbox, and why the mail came. */
  openInbox: string;
  why: string;
}

const WORDS: Record<PushLanguage, AlertWords> = {
  en: {
    title: 'Mzansi Predicts',
    resolvedTitle: 'Question Resolved!',
    answer: (q, a) => `${q} The answer: ${a}`,
    resolvedWith: (a, source, day) => `Resolved ${a} — ${source}, ${day}`,
    correctedTitle: 'Resolution corrected',
    correctedWith: (a, source, day) => `Corrected: now ${a} — ${source}, ${day}`,
    months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
    yes: 'Yes',
    no: 'No',
    personal: {
      'friend-request': (a) => `${a.name} sent you a friend request`,
      'friend-accepted': (a) => `${a.name} accepted your friend request`,
      'comment-replied': (a) => `${a.name} replied to your comment`,
      'comment-agreed': (a) =>
        a.others === 0
          ? `${a.name} agreed with your comment`
          : `${a.name} and ${a.others} ${a.others === 1 ? 'other' : 'others'} agreed with your comment`,
      'comment-removed': (a) => (a.reason ? `A moderator removed your comment: ${a.reason}` : 'A moderator removed your comment'),
      suspended: (a) => `Your account is suspended: ${a.reason}`,
      'suggestion-used': (a) => `Your suggestion was used: ${a.text}`,
    },
    openInbox: 'Open your inbox',
    why: 'You get this e-mail because this kind of e-mail is on in your notification settings.',
  },
  zu: {
    title: 'Mzansi Predicts',
    resolvedTitle: 'Umbuzo Uxazululiwe!',
    answer: (q, a) => `${q} Impendulo: ${a}`,
    resolvedWith: (a, source, day) => `Kuxazululwe ${a} — ${source}, ${day}`,
    correctedTitle: 'Isixazululo silungisiwe',
    correctedWith: (a, source, day) => `Kulungisiwe: manje ${a} — ${source}, ${day}`,
    months: ['Januwari', 'Februwari', 'Mashi', 'Ephreli', 'Meyi', 'Juni', 'Julayi', 'Agasti', 'Septhemba', 'Okthoba', 'Novemba', 'Disemba'],
    yes: 'Yebo',
    no: 'Cha',
    personal: {
      'friend-request': (a) => `U-${a.name} ukuthumelele isicelo sobungane`,
      'friend-accepted': (a) => `U-${a.name} wamukele isicelo sakho sobungane`,
      'comment-replied': (a) => `U-${a.name} uphendule amazwana akho`,
      'comment-agreed': (a) =>
        a.others === 0
          ? `U-${a.name} uvumelana namazwana akho`
          : a.others === 1
            ? `U-${a.name} nomunye ongu-1 bavumelana namazwana akho`
            : `U-${a.name} nabanye abangu-${a.others} bavumelana namazwana akho`,
      'comment-removed': (a) => (a.reason ? `Umlawuli ususe amazwana akho: ${a.reason}` : 'Umlawuli ususe amazwana akho'),
      suspended: (a) => `I-akhawunti yakho imisiwe: ${a.reason}`,
      'suggestion-used': (a) => `Isiphakamiso sakho sisetshenzisiwe: ${a.text}`,
    },
    openInbox: 'Vula ibhokisi lakho lemiyalezo',
    why: 'Uthola le-imeyili ngoba lolu hlobo lwe-imeyili luvuliwe kuzilungiselelo zakho zezaziso.',
  },
  af: {
    title: 'Mzansi Predicts',
    resolvedTitle: 'Vraag beslis!',
    answer: (q, a) => `${q} Die antwoord: ${a}`,
    resolvedWith: (a, source, day) => `Beslis ${a} — ${source}, ${day}`,
    correctedTitle: 'Beslissing reggestel',
    correctedWith: (a, source, day) => `Reggestel: nou ${a} — ${source}, ${day}`,
    months: ['Januarie', 'Februarie', 'Maart', 'April', 'Mei', 'Junie', 'Julie', 'Augustus', 'September', 'Oktober', 'November', 'Desember'],
    yes: 'Ja',
    no: 'Nee',
    personal: {
      'friend-request': (a) => `${a.name} het vir jou 'n vriendskapversoek gestuur`,
      'friend-accepted': (a) => `${a.name} het jou vriendskapversoek aanvaar`,
      'comment-replied': (a) => `${a.name} het op jou kommentaar geantwoord`,
      'comment-agreed': (a) => (a.others === 0 ? `${a.name} stem saam met jou kommentaar` : `${a.name} en ${a.others} ander stem saam met jou kommentaar`),
      'comment-removed': (a) => (a.reason ? `'n Moderator het jou kommentaar verwyder: ${a.reason}` : "'n Moderator het jou kommentaar verwyder"),
      suspended: (a) => `Jou rekening is opgeskort: ${a.reason}`,
      'suggestion-used': (a) => `Jou voorstel is gebruik: ${a.text}`,
    },
    openInbox: 'Maak jou inkassie oop',
    why: 'Jy kry hierdie e-pos omdat hierdie soort e-pos in jou kennisgewinginstellings aan is.',
  },
  st: {
    title: 'Mzansi Predicts',
    resolvedTitle: 'Potso e Rarollotswe!',
    answer: (q, a) => `${q} Karabo: ${a}`,
    resolvedWith: (a, source, day) => `E rarollotswe ${a} — ${source}, ${day}`,
    correctedTitle: 'Tharollo e lokisitswe',
    correctedWith: (a, source, day) => `E lokisitswe: jwale ${a} — ${source}, ${day}`,
    months: ['Pherekgong', 'Hlakola', 'Hlakubele', 'Mmesa', 'Motsheanong', 'Phupjane', 'Phupu', 'Phato', 'Lwetse', 'Mphalane', 'Pudungwana', 'Tshitwe'],
    yes: 'E',
    no: 'Tjhe',
    personal: {
      'friend-request': (a) => `${a.name} o o rometse kopo ya botswalle`,
      'friend-accepted': (a) => `${a.name} o amohetse kopo ya hao ya botswalle`,
      'comment-replied': (a) => `${a.name} o arabile maikutlo a hao`,
      'comment-agreed': (a) =>
        a.others === 0
          ? `${a.name} o dumellana le maikutlo a hao`
          : a.others === 1
            ? `${a.name} le e mong a 1 ba dumellana le maikutlo a hao`
            : `${a.name} le ba bang ba ${a.others} ba dumellana le maikutlo a hao`,
      'comment-removed': (a) => (a.reason ? `Mookamedi o tlositse maikutlo a hao: ${a.reason}` : 'Mookamedi o tlositse maikutlo a hao'),
      suspended: (a) => `Akhaonto ya hao e emisitswe: ${a.reason}`,
      'suggestion-used': (a) => `Tlhahiso ya hao e sebedisitswe: ${a.text}`,
    },
    openInbox: 'Bula lebokose la hao la melaetsa',
    why: 'O fumana imeile ena hobane mofuta ona wa imeile o butswe ditlhophisong tsa hao tsa ditsebiso.',
  },
};

export const alertWords = (language: PushLanguage): AlertWords => WORDS[language];

/** The sentence of a personal alert in `language`. */
export function personalSentence(alert: PersonalAlert, language: PushLanguage): string {
  const say = WORDS[language].personal[alert.kind] as (a: PersonalAlert) => string;
  return say(alert);
}

/** A resolution's answer word: Yes / No in `language` (a question's options are yes and no). */
export const answerWord = (optionId: string, language: PushLanguage): string =>
  optionId === 'yes' ? WORDS[language].yes : optionId === 'no' ? WORDS[language].no : optionId;

/** The SAST day of an instant as a notice names it: "30 May" (South Africa keeps UTC+2 all year). */
export function sastDay(at: Date, language: PushLanguage): string {
  const sast = new Date(at.getTime() + 2 * 3600_000);
  return `${sast.getUTCDate()} ${WORDS[language].months[sast.getUTCMonth()]}`;
}

/**
 * A resolution's line in `language`: "Resolved YES — IEC results, 30 May", or for a corrected one "Corrected: now NO —
 * IEC final results, 30 May" (the day stays the resolution's). Undefined without a source (a resolution from before
 * sources): the alert then says only the answer.
 */
export function resolutionLine(r: { correctOptionId: string; sourceTitle?: string; resolvedAt?: string; corrected?: boolean }, language: PushLanguage): string | undefined {
  const at = r.resolvedAt ? new Date(r.resolvedAt) : undefined;
  if (!r.sourceTitle || !at || Number.isNaN(at.getTime())) return undefined;
  const w = WORDS[language];
  const say = r.corrected ? w.correctedWith : w.resolvedWith;
  return say(answerWord(r.correctOptionId, language).toUpperCase(), r.sourceTitle, sastDay(at, language));
}
