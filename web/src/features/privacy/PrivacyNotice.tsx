import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '../shell/Brand';
import { usePrivacyNotice } from './api';

/**
 * The privacy notice in plain language (POPIA). Its version is the gateway's PRIVACY_NOTICE_VERSION
 * (gateway/src/privacy.ts), which signups record: change the two together — any change to what this says is a new
 * version. The information officer comes from the gateway's configuration.
 */
export function PrivacyNotice() {
  const notice = usePrivacyNotice();
  const officer = notice.data?.informationOfficer;

  return (
    <article className="privacy-notice" aria-labelledby="privacy-title">
      <header className="privacy-notice__header">
        <h1 className="privacy-notice__title" id="privacy-title">
          Privacy notice
        </h1>
        <p className="privacy-notice__lead">
          How {PRODUCT_NAME} looks after your information. Your predictions can show your political views, which South
          African law (POPIA) treats as special personal information, so we only use them with your consent.
        </p>
        {notice.data && <p className="privacy-notice__meta">Version {notice.data.version}</p>}
      </header>

      <Section title="What we collect">
        <ul>
          <li>Your account: username, name, password (stored only as a one-way hash), and, if you give them, your e-mail address and phone number.</li>
          <li>Your predictions: which option you chose on each question, and when.</li>
          <li>What you post: comments and the images you attach, and the questions you suggest.</li>
          <li>Your friends and friend requests.</li>
          <li>Your settings: notifications, push subscriptions on your devices, the newsletter, and who sees your answers.</li>
          <li>Technical records: a sign-in cookie, and your internet address in our logs to keep the service safe.</li>
        </ul>
      </Section>

      <Section title="Why we use it">
        <ul>
          <li>To run the game: record your predictions, count the results, score them and rank the leaderboards.</li>
          <li>To show your friends your predictions, when your settings allow it.</li>
          <li>To send you the notifications and newsletter you ask for, and nothing else.</li>
          <li>To keep the service safe: stop abuse, spam and password guessing.</li>
        </ul>
        <p>We do not sell your information or use it for advertising.</p>
      </Section>

      <Section title="Who sees what">
        <ul>
          <li>
            <strong>Everyone</strong>, even without an account, sees only totals, such as how many people chose each option.
            Never who chose what.
          </li>
          <li>
            <strong>Your friends</strong> see your predictions and your score, unless you change that under Profile → Privacy:
            choose <em>Nobody</em>, or show a prediction only after the question is resolved. With <em>Nobody</em> you
            also leave every leaderboard but your own.
          </li>
          <li>
            <strong>Other players</strong> see your username and name, your comments, and your place on the national
            leaderboard (unless you chose <em>Nobody</em>).
          </li>
          <li>
            <strong>Our administrators</strong> manage questions, comments and suggestions. Every administrator action is
            recorded.
          </li>
        </ul>
      </Section>

      <Section title="How long we keep it">
        <ul>
          <li>Your account, predictions and posts: until you delete your account.</li>
          <li>Sign-in sessions: until you log out, or 14 days without use (90 days at most).</li>
          <li>Internet addresses in logs and delivery records of messages: at most 30 days.</li>
          <li>The record of administrator actions: one year.</li>
          <li>
            When you delete your account, everything about you is erased from every part of the service. The national
            totals keep your vote as an anonymous count.
          </li>
        </ul>
      </Section>

      <Section title="Your rights">
        <ul>
          <li>See and download everything we hold about you, as one file, from your Profile.</li>
          <li>Correct your name, e-mail address and phone number on your Profile.</li>
          <li>Delete your account from your Profile. This also withdraws your consent.</li>
          <li>Object to how we use your information, or ask us anything about it: write to our information officer.</li>
          <li>
            Complain to the Information Regulator (South Africa) at <span className="privacy-notice__nowrap">inforegulator.org.za</span>.
          </li>
        </ul>
      </Section>

      <Section title="Contact our information officer">
        {officer ? (
          <p>
            {officer.name}:{' '}
            <a className="privacy-notice__mail" href={`mailto:${officer.email}`}>
              {officer.email}
            </a>
          </p>
        ) : notice.isError ? (
          <p role="alert">The information officer’s contact details could not be loaded. Please try again later.</p>
        ) : (
          <p aria-busy="true">Loading contact details…</p>
        )}
      </Section>
    </article>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="privacy-notice__section">
      <h2 className="privacy-notice__heading">{title}</h2>
      {children}
    </section>
  );
}
