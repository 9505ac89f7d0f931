import { NavLink } from 'react-router';
import type { ComponentType, SVGProps } from 'react';
import { AdminIcon, FriendsIcon, HomeIcon, ProfileIcon, ResearchIcon, TrophyIcon, VoteIcon } from '../../ui/icons';
import { cx } from '../../ui';
import { useT, type MessageKey } from '../../i18n';

interface NavItem {
  to: string;
  label: MessageKey;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

const ITEMS: NavItem[] = [
  { to: '/', label: 'nav.home', Icon: HomeIcon },
  { to: '/vote', label: 'nav.vote', Icon: VoteIcon },
  { to: '/leaderboard', label: 'nav.leaders', Icon: TrophyIcon },
  { to: '/research', label: 'nav.research', Icon: ResearchIcon },
  { to: '/friends', label: 'nav.friends', Icon: FriendsIcon },
  { to: '/profile', label: 'nav.profile', Icon: ProfileIcon },
];

const ADMIN_ITEM: NavItem = { to: '/newadmin', label: 'nav.admin', Icon: AdminIcon };

/** Fixed bottom navigation; the admin link only for admins. */
export function BottomNav({ isAdmin }: { isAdmin: boolean }) {
  const t = useT();
  const items = isAdmin ? [...ITEMS, ADMIN_ITEM] : ITEMS;
  return (
    <nav className="bottom-nav" aria-label={t('nav.label')}>
      <ul className="bottom-nav__list">
        {items.map(({ to, label, Icon }) => (
          <li key={to}>
            <NavLink to={to} end className={({ isActive }) => cx('bottom-nav__link', isActive && 'is-active')}>
              <Icon />
              <span className="bottom-nav__label">{t(label)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
