import type { ReactNode } from 'react';
import { Badge } from '../../ui';
import type { Person } from './api';
import { initials } from '../shell/initials';
import { useT } from '../../i18n';

function Avatar({ name }: { name: string }) {
  return (
    <span className="person__avatar" aria-hidden="true">
      {initials(name, { oneWordLetters: 2 })}
    </span>
  );
}

export function PersonLine({ person, extra }: { person: Person; extra?: ReactNode }) {
  const t = useT();
  return (
    <div className="person">
      <Avatar name={person.name} />
      <div className="person__text">
        <div className="person__name-row">
          <span className="person__name">{person.name}</span>
          {person.isAdmin && <Badge variant="gold">{t('nav.admin')}</Badge>}
        </div>
        <span className="person__username">@{person.username}</span>
        {extra}
      </div>
    </div>
  );
}

export function Loading({ text }: { text: string }) {
  return (
    <div className="loading-note" aria-live="polite">
      <span className="spinner__ring" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
