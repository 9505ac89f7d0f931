import { NavLink } from 'react-router';
import type { ComponentType, SVGProps } from 'react';
import { AdminIcon, FriendsIcon, HomeIcon, ProfileIcon, ResearchIcon, TrophyIcon, VoteIcon } from '../../ui/icons';
import { cx } from '../../ui';

interface NavItem {
  to: string;
  label: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

const ITEMS: NavItem[] = [
  { to: '/', label: 'Home', Icon: HomeIcon },
  { to: '/vote', label: 'Vote', Icon: VoteIcon },
  { to: '/leaderboard', label: 'Leaders', Icon: TrophyIcon },
  { to: '/research', label: 'Research', Icon: ResearchIcon },
  { to: '/friends', label: 'Friends', Icon: FriendsIcon },
  { to: '/profile', label: 'Profile', Icon: ProfileIcon },
];

const ADMIN_ITEM: NavItem = { to: '/newadmin', label: 'Admin', Icon: AdminIcon };

/** Fixed bottom navigation; the admin link only for admins. */
export function BottomNav({ isAdmin }: { isAdmin: boolean }) {
  const items = isAdmin ? [...ITEMS, ADMIN_ITEM] : ITEMS;
  return (
    <nav className="bottom-nav" aria-label="Main">
      <ul className="bottom-nav__list">
        {items.map(({ to, label, Icon }) => (
          <li key={to}>
            <NavLink to={to} end className={({ isActive }) => cx('bottom-nav__link', isActive && 'is-active')}>
              <Icon />
              <span className="bottom-nav__label">{label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
