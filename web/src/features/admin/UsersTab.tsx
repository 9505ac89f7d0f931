import { useMemo, useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActiveSuspension, Person } from '@mzansi/api';
import { getListFn } from '../../lib/api';
import { Badge, Button, Card, CardContent, Input } from '../../ui';
import { formatLongDate } from '../../lib/time';
import { SendResetLinkButton } from './SendResetLinkButton';
import { SuspensionState } from './SuspensionState';
import './admin-tabs.css';
import { useT } from '../../i18n';
import '../../i18n/later';

/** `?q=_all` (admins): everyone, with their join dates, whether their address is verified and any suspension. */
export type AdminUserRow = Person & { joinDate?: string | null; emailVerified?: boolean; suspension?: ActiveSuspension | null };

export const ALL_USERS_KEY = ['/api/users/search?q=_all'] as const;

/** Spec §2, §9: the admin user list shows ids truncated to 8 characters. */
export function shortId(id: string): string {
  return id.slice(0, 8);
}

const allUsersQuery = queryOptions({ queryKey: ALL_USERS_KEY, queryFn: getListFn<AdminUserRow>() });

export function UsersTab() {
  const users = useQuery(allUsersQuery);
  const t = useT();
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => {
    const q = filter.trim().toLowerCase();
    const list = users.data ?? [];
    return q ? list.filter((u) => u.username.toLowerCase().includes(q) || u.name.toLowerCase().includes(q)) : list;
  }, [users.data, filter]);

  if (users.isPending) {
    return (
      <div className="loading-note" aria-live="polite">
        <span className="spinner__ring" aria-hidden="true" />
        <span>{t('admin.usLoading')}</span>
      </div>
    );
  }
  if (users.isError) {
    return (
      <Card className="notice-card">
        <CardContent>
          <p>{t('admin.usFailed')}</p>
          <Button variant="outline" onClick={() => void users.refetch()}>
            {t('common.tryAgain')}
          </Button>
        </CardContent>
      </Card>
    );
  }
  const admins = users.data.filter((u) => u.isAdmin).length;
  return (
    <section className="stack" aria-labelledby="admin-users-title">
      <div>
        <h2 className="admin-list__title" id="admin-users-title">
          {t('admin.usTitle', { count: String(users.data.length) })}
        </h2>
        <p className="field__hint">{t('admin.usAdmins', { count: admins })}</p>
      </div>
      <Input
        type="search"
        aria-label={t('admin.usFilter')}
        placeholder={t('admin.usFilterPlaceholder')}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      {shown.length === 0 ? (
        <p className="empty-note">{users.data.length === 0 ? t('admin.usNone') : t('admin.usNoMatch')}</p>
      ) : (
        <ul className="user-rows" aria-label={t('admin.tabUsers')}>
          {shown.map((u) => (
            <li key={u.id} className="user-row" data-user-id={u.id}>
              <div className="user-row__who">
                <span className="user-row__name">
                  {u.name}
                  {u.isAdmin && (
                    <Badge variant="gold" className="user-row__badge">
                      {t('nav.admin')}
                    </Badge>
                  )}
                </span>
                <span className="user-row__username">@{u.username}</span>
              </div>
              <div className="user-row__meta">
                <code className="user-row__id" title={u.id}>
                  {shortId(u.id)}
                </code>
                {u.joinDate && (
                  <span className="user-row__joined">
                    {t('admin.usJoined')} <time dateTime={u.joinDate}>{formatLongDate(u.joinDate)}</time>
                  </span>
                )}
              </div>
              {u.suspension && <SuspensionState user={u} suspension={u.suspension} />}
              {u.emailVerified && <SendResetLinkButton user={u} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
