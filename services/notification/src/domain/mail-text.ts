import type { PushLanguage } from './push-text.js';

/**
 * The words of every mail the service sends, in the reader's language: the same four languages as the
 * pushes (push-text.ts), English when we do not know the reader's. English is the mails' text as it always was,
 * verbatim; isiZulu, Afrikaans and Sesotho are machine drafts by an AI assistant like the web's catalogues
 * (web/src/i18n/locales, whose meta says so), not yet reviewed by first-language speakers.
 */
export interface MailWords {
  /** "Hi Thandi," — or the bare greeting when there is no name. */
  greeting: (name: string) => string;
  /** The visible unsubscribe link's text. */
  unsubscribe: string;
  question: {
    subject: string;
    /** Followed by the question (the text mail adds a colon-terminated line; the html a heading). */
    intro: string;
    makePrediction: string;
    why: string;
  };
  verification: {
    subject: string;
    /** Without end punctuation: the text mail follows it with ":" and the link, the html with ".". */
    ask: string;
    button: string;
    /** `until` is the link's expiry, already formatted (mailDate). */
    validUntil: (until: string) => string;
    ignore: string;
  };
  newsletter: {
    subject: string;
    ask: string;
    button: string;
    ignore: string;
  };
  passwordReset: {
    subject: string;
    /** Without end punctuation, like verification.ask; `username` is the account's. */
    ask: (username: string) => string;
    button: string;
    /** `until` is the link's expiry, already formatted (mailDate). */
    validUntil: (until: string) => string;
    ignore: string;
  };
}

const WORDS: Record<PushLanguage, MailWords> = {
  en: {
    greeting: (name) => (name ? `Hi ${name},` : 'Hi,'),
    unsubscribe: 'Unsubscribe',
    question: {
      subject: "Today's question on Mzansi Predicts",
      intro: "Today's question on Mzansi Predicts:",
      makePrediction: 'Make your prediction',
      why: 'You get this e-mail because e-mail notifications are on in your profile settings.',
    },
    verification: {
      subject: 'Confirm your e-mail address for Mzansi Predicts',
      ask: 'Please confirm that this is your e-mail address for Mzansi Predicts',
      button: 'Confirm my e-mail address',
      validUntil: (until) => `The link works once, until ${until} UTC.`,
      ignore: 'If you did not ask for this, ignore this e-mail: nothing more will be sent to this address.',
    },
    newsletter: {
      subject: 'Confirm your Mzansi Predicts newsletter subscription',
      ask: 'Please confirm your subscription to the Mzansi Predicts newsletter',
      button: 'Confirm my subscription',
      ignore: 'If you did not subscribe, ignore this e-mail: you will get nothing more from us.',
    },
    passwordReset: {
      subject: 'Reset your Mzansi Predicts password',
      ask: (username) => `Someone asked to reset the password of your Mzansi Predicts account @${username}. To choose a new password, open this link`,
      button: 'Choose a new password',
      validUntil: (until) => `The link works once, until ${until} UTC. Setting a new password signs you out everywhere.`,
      ignore: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    },
  },
  zu: {
    greeting: (name) => (name ? `Sawubona ${name},` : 'Sawubona,'),
    unsubscribe: 'Yeka ukubhalisa',
    question: {
      subject: 'Umbuzo wanamuhla ku-Mzansi Predicts',
      intro: 'Umbuzo wanamuhla ku-Mzansi Predicts:',
      makePrediction: 'Yenza isibikezelo sakho',
      why: 'Uthola le-imeyili ngoba izaziso ze-imeyili zivuliwe kuzilungiselelo zephrofayili yakho.',
    },
    verification: {
      subject: 'Qinisekisa ikheli lakho le-imeyili le-Mzansi Predicts',
      ask: 'Sicela uqinisekise ukuthi leli yikheli lakho le-imeyili le-Mzansi Predicts',
      button: 'Qinisekisa ikheli lami le-imeyili',
      validUntil: (until) => `Isixhumanisi sisebenza kanye kuphela, kuze kube ngu-${until} UTC.`,
      ignore: 'Uma ungakucelanga lokhu, ziba le-imeyili: akukho okunye okuzothunyelwa kuleli kheli.',
    },
    newsletter: {
      subject: 'Qinisekisa ukubhalisela kwakho iphephandaba le-Mzansi Predicts',
      ask: 'Sicela uqinisekise ukubhalisela kwakho iphephandaba le-Mzansi Predicts',
      button: 'Qinisekisa ukubhalisa kwami',
      ignore: 'Uma ungabhalisanga, ziba le-imeyili: ngeke usathola lutho olunye kithi.',
    },
    passwordReset: {
      subject: 'Setha kabusha iphasiwedi yakho ye-Mzansi Predicts',
      ask: (username) => `Kukhona ocele ukusetha kabusha iphasiwedi ye-akhawunti yakho ye-Mzansi Predicts @${username}. Ukuze ukhethe iphasiwedi entsha, vula lesi sixhumanisi`,
      button: 'Khetha iphasiwedi entsha',
      validUntil: (until) => `Isixhumanisi sisebenza kanye kuphela, kuze kube ngu-${until} UTC. Ukusetha iphasiwedi entsha kukukhipha yonke indawo.`,
      ignore: 'Uma ungakucelanga lokhu, ziba le-imeyili: iphasiwedi yakho ihlala injalo.',
    },
  },
  af: {
    greeting: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
    unsubscribe: 'Teken uit',
    question: {
      subject: 'Vandag se vraag op Mzansi Predicts',
      intro: 'Vandag se vraag op Mzansi Predicts:',
      makePrediction: 'Maak jou voorspelling',
      why: 'Jy kry hierdie e-pos omdat e-poskennisgewings in jou profielinstellings aan is.',
    },
    verification: {
      subject: 'Bevestig jou e-posadres vir Mzansi Predicts',
      ask: 'Bevestig asseblief dat dit jou e-posadres vir Mzansi Predicts is',
      button: 'Bevestig my e-posadres',
      validUntil: (until) => `Die skakel werk een keer, tot ${until} UTC.`,
      ignore: 'As jy nie hierom gevra het nie, ignoreer hierdie e-pos: niks meer sal na hierdie adres gestuur word nie.',
    },
    newsletter: {
      subject: 'Bevestig jou intekening op die Mzansi Predicts-nuusbrief',
      ask: 'Bevestig asseblief jou intekening op die Mzansi Predicts-nuusbrief',
      button: 'Bevestig my intekening',
      ignore: 'As jy nie ingeteken het nie, ignoreer hierdie e-pos: jy sal niks meer van ons kry nie.',
    },
    passwordReset: {
      subject: 'Stel jou Mzansi Predicts-wagwoord terug',
      ask: (username) => `Iemand het gevra om die wagwoord van jou Mzansi Predicts-rekening @${username} terug te stel. Maak hierdie skakel oop om 'n nuwe wagwoord te kies`,
      button: 'Kies \'n nuwe wagwoord',
      validUntil: (until) => `Die skakel werk een keer, tot ${until} UTC. 'n Nuwe wagwoord teken jou oral uit.`,
      ignore: 'As jy nie hierom gevra het nie, ignoreer hierdie e-pos: jou wagwoord bly soos dit is.',
    },
  },
  st: {
    greeting: (name) => (name ? `Dumela ${name},` : 'Dumela,'),
    unsubscribe: 'Tlohela ho ngolisa',
    question: {
      subject: 'Potso ya kajeno ho Mzansi Predicts',
      intro: 'Potso ya kajeno ho Mzansi Predicts:',
      makePrediction: 'Etsa ponelopele ya hao',
      why: 'O fumana imeile ena hobane ditsebiso tsa imeile di butswe ditlhophisong tsa profaele ya hao.',
    },
    verification: {
      subject: 'Netefatsa aterese ya hao ya imeile bakeng sa Mzansi Predicts',
      ask: 'Ka kopo netefatsa hore ena ke aterese ya hao ya imeile bakeng sa Mzansi Predicts',
      button: 'Netefatsa aterese ya ka ya imeile',
      validUntil: (until) => `Sehokelo se sebetsa hang feela, ho fihlela ${until} UTC.`,
      ignore: 'Haeba ha o a kopa sena, hlokomoloha imeile ena: ha ho letho le leng le tla romellwa atereseng ena.',
    },
    newsletter: {
      subject: 'Netefatsa ho ngolisa ha hao koranteng ya Mzansi Predicts',
      ask: 'Ka kopo netefatsa ho ngolisa ha hao koranteng ya Mzansi Predicts',
      button: 'Netefatsa ho ngolisa ha ka',
      ignore: 'Haeba ha o a ngolisa, hlokomoloha imeile ena: o ke ke wa hlola o fumana letho ho rona.',
    },
    passwordReset: {
      subject: 'Seta bocha phasewete ya hao ya Mzansi Predicts',
      ask: (username) => `Motho e mong o kopile ho seta bocha phasewete ya akhaonto ya hao ya Mzansi Predicts @${username}. Ho kgetha phasewete e ntjha, bula sehokelo sena`,
      button: 'Kgetha phasewete e ntjha',
      validUntil: (until) => `Sehokelo se sebetsa hang feela, ho fihlela ${until} UTC. Ho seta phasewete e ntjha ho o ntsha hohle.`,
      ignore: 'Haeba ha o a kopa sena, hlokomoloha imeile ena: phasewete ya hao e dula e le jwalo.',
    },
  },
};

export const mailWords = (language: PushLanguage): MailWords => WORDS[language];

const formats = new Map<PushLanguage, Intl.DateTimeFormat>();

/**
 * A date and time in a mail, by Intl for the language's South African locale (en-ZA where the runtime lacks it),
 * in UTC (the mail says so).
 */
export function mailDate(at: Date, language: PushLanguage): string {
  let format = formats.get(language);
  if (!format) {
    const wanted = `${language}-ZA`;
    const locale = Intl.DateTimeFormat.supportedLocalesOf([wanted]).length > 0 ? wanted : 'en-ZA';
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
    formats.set(language, format);
  }
  return format.format(at);
}
