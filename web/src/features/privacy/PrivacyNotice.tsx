import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '../shell/Brand';
import { usePrivacyNotice } from './api';
import { useT, type MessageKey } from '../../i18n';
import { richText } from '../../i18n/rich';
import '../../i18n/later';

/**
 * The privacy notice in plain language (POPIA). Its version is the gateway's PRIVACY_NOTICE_VERSION
 * (gateway/src/privacy.ts), which signups record: change the two together — any change to what this says is a new
 * version. The information officer comes from the gateway's configuration.
 */
export function PrivacyNotice() {
  const notice = usePrivacyNotice();
  const t = useT();
  const officer = notice.data?.informationOfficer;
  const items = (keys: readonly MessageKey[]) => (
    <ul>
      {keys.map((key) => (
        <li key={key}>{richText(t(key, { product: PRODUCT_NAME }))}</li>
      ))}
    </ul>
  );

  return (
    <article className="privacy-notice" aria-labelledby="privacy-title">
      <header className="privacy-notice__header">
        <h1 className="privacy-notice__title" id="privacy-title">
          {t('privacy.title')}
        </h1>
        <p className="privacy-notice__lead">{t('privacy.lead', { product: PRODUCT_NAME })}</p>
        {notice.data && <p className="privacy-notice__meta">{t('privacy.version', { version: notice.data.version })}</p>}
      </header>

      <Section title={t('privacy.collectTitle')}>{items(COLLECT)}</Section>

      <Section title={t('privacy.whyTitle')}>
        {items(WHY)}
        <p>{t('privacy.noSale')}</p>
      </Section>

      <Section title={t('privacy.whoTitle')}>{items(WHO)}</Section>

      <Section title={t('privacy.keepTitle')}>{items(KEEP)}</Section>

      <Section title={t('privacy.rightsTitle')}>
        <ul>
          {RIGHTS.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
          <li>
            {t('privacy.rightComplain')} <span className="privacy-notice__nowrap">inforegulator.org.za</span>.
          </li>
        </ul>
      </Section>

      <Section title={t('privacy.contactTitle')}>
        {officer ? (
          <p>
            {officer.name}:{' '}
            <a className="privacy-notice__mail" href={`mailto:${officer.email}`}>
              {officer.email}
            </a>
          </p>
        ) : notice.isError ? (
          <p role="alert">{t('privacy.contactFailed')}</p>
        ) : (
          <p aria-busy="true">{t('privacy.contactLoading')}</p>
        )}
      </Section>
    </article>
  );
}

const COLLECT = ['privacy.collectAccount', 'privacy.collectPredictions', 'privacy.collectPosts', 'privacy.collectFriends', 'privacy.collectSettings', 'privacy.collectTechnical'] as const;
const WHY = ['privacy.whyGame', 'privacy.whyFriends', 'privacy.whyNotify', 'privacy.whySafe'] as const;
const WHO = ['privacy.whoEveryone', 'privacy.whoFriends', 'privacy.whoPlayers', 'privacy.whoAdmins'] as const;
const KEEP = ['privacy.keepAccount', 'privacy.keepSessions', 'privacy.keepLogs', 'privacy.keepAudit', 'privacy.keepDeletion'] as const;
const RIGHTS = ['privacy.rightSee', 'privacy.rightCorrect', 'privacy.rightDelete', 'privacy.rightObject'] as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="privacy-notice__section">
      <h2 className="privacy-notice__heading">{title}</h2>
      {children}
    </section>
  );
}
