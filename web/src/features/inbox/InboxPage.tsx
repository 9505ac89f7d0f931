import { Link } from 'react-router';
import { Button, Spinner } from '../../ui';
import { useLanguage, useT, type Language } from '../../i18n';
import { formatLongDate, formatMonthDay, formatRelativeAge } from '../../lib/time';
import { useUser } from '../auth/useSession';
import { ScreenHeader } from '../shell/ScreenHeader';
import { useInboxPages, useMarkRead, type InboxItem } from './api';
import './inbox.css';

type T = ReturnType<typeof useT>;

const questionText = (q: { text: string; translations: Record<string, string> }, lang: Language) => (lang !== 'en' && q.translations[lang]) || q.text;

/** What an item says, in the reader's language. */
function itemText(i: InboxItem, t: T, lang: Language): string {
  switch (i.kind) {
    case 'friend-request':
      return t('inbox.friendRequest', { name: i.from.name });
    case 'friend-accepted':
      return t('inbox.friendAccepted', { name: i.friend.name });
    case 'comment-replied':
      return t('inbox.replied', { name: i.from.name });
    case 'comment-agreed':
      return t('inbox.agreed', { name: i.latest.name, others: i.others });
    case 'comment-removed':
      return i.reason ? t('inbox.removed', { reason: i.reason }) : t('inbox.removedNoReason');
    case 'suspended':
      return i.until ? t('inbox.suspended', { date: formatLongDate(i.until), reason: i.reason }) : t('inbox.suspendedForever', { reason: i.reason });
    case 'suggestion-used':
      return t('inbox.suggestionUsed', { text: i.text });
    case 'question-published':
      return t('inbox.newQuestion', { text: questionText(i.question, lang) });
    case 'question-resolved':
      return t('inbox.resolved', { text: questionText(i.question, lang) });
    case 'resolution-corrected':
      return t('inbox.corrected', { text: questionText(i.question, lang) });
  }
}

/** A resolution's line: "Resolved YES — IEC results, 30 May" (a corrected one: "Corrected: now NO — …"); null without a source. */
function resolutionLine(i: InboxItem, t: T): string | null {
  if ((i.kind !== 'question-resolved' && i.kind !== 'resolution-corrected') || !i.source || !i.resolvedAt) return null;
  const answer = (i.correctOptionId === 'yes' ? t('live.yes') : i.correctOptionId === 'no' ? t('live.no') : i.correctOptionId).toUpperCase();
  const values = { answer, source: i.source.title, day: formatMonthDay(i.resolvedAt) };
  return i.kind === 'resolution-corrected' ? t('resolution.correctedLine', values) : t('resolution.line', values);
}

/** Where an item leads. */
function itemLink(i: InboxItem): string {
  switch (i.kind) {
    case 'friend-request':
    case 'friend-accepted':
      return '/friends';
    case 'comment-replied':
    case 'comment-agreed':
    case 'comment-removed':
      return `/q/${i.questionId}`;
    case 'suspended':
      return '/guidelines';
    case 'suggestion-used':
      return i.questionId ? `/q/${i.questionId}` : '/my-suggestions';
    case 'question-published':
      return '/vote';
    case 'question-resolved':
    case 'resolution-corrected':
      return `/q/${i.question.id}`;
  }
}

function Item({ item, onOpen }: { item: InboxItem; onOpen: (item: InboxItem) => void }) {
  const t = useT();
  const lang = useLanguage();
  const outcome = 'outcome' in item && item.outcome ? t(item.outcome === 'called-it' ? 'inbox.calledIt' : 'inbox.notThisTime') : null;
  const line = resolutionLine(item, t);
  return (
    <li>
      <Link to={itemLink(item)} className={`inbox-item${item.read ? '' : ' inbox-item--unread'}`} onClick={() => onOpen(item)} data-testid="inbox-item">
        <span className="inbox-item__text">{itemText(item, t, lang)}</span>
        {line && <span className="inbox-item__line">{line}</span>}
        <span className="inbox-item__meta">
          {outcome && <span className="inbox-item__outcome">{outcome}</span>}
          <span>{formatRelativeAge(item.createdAt, new Date())}</span>
          {!item.read && <span>{t('inbox.unreadMark')}</span>}
        </span>
      </Link>
    </li>
  );
}

/** /inbox: what reached me, newest first; opening an item marks it read. */
export function InboxPage() {
  const t = useT();
  const user = useUser();
  const userId = user?.id ?? '';
  const pages = useInboxPages(userId);
  const markRead = useMarkRead(userId);
  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const anyUnread = items.some((i) => !i.read);
  const open = (item: InboxItem) => {
    if (!item.read) markRead.mutate({ ids: [item.id] });
  };

  return (
    <div className="inbox">
      <ScreenHeader title={t('inbox.title')} />
      {pages.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : pages.isError ? (
        <p className="inbox__empty" role="alert">
          {t('inbox.error')}
        </p>
      ) : items.length === 0 ? (
        <p className="inbox__empty">{t('inbox.empty')}</p>
      ) : (
        <>
          <div className="inbox__actions">
            <Button variant="outline" size="sm" disabled={!anyUnread || markRead.isPending} onClick={() => markRead.mutate({ all: true })}>
              {t('inbox.markAll')}
            </Button>
          </div>
          <ul className="inbox__list" aria-label={t('inbox.title')}>
            {items.map((item) => (
              <Item key={item.id} item={item} onOpen={open} />
            ))}
          </ul>
          {pages.hasNextPage && (
            <div className="inbox__more">
              <Button variant="secondary" size="sm" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
                {t('inbox.loadOlder')}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
