import { Link } from 'react-router';
import { useT } from '../../i18n';
import { useInboxUnread } from './api';

/** The header's bell: a link to /inbox with the unread count (in its accessible name as well as on the badge). */
export function InboxBell({ userId }: { userId: string }) {
  const t = useT();
  const { data: count = 0 } = useInboxUnread(userId);
  return (
    <Link to="/inbox" className="inbox-bell" aria-label={t('shell.inbox', { count })}>
      <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
        <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {count > 0 && (
        <span className="inbox-bell__count" aria-hidden="true" data-testid="inbox-count">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
