import type { AuthUser } from '../../../contracts/auth';

export interface NavLink {
  to: string;
  label: string;
}

export const publicLinks: NavLink[] = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/artists', label: 'Artists' },
];

export const customerMenu: NavLink[] = [
  { to: '/customer/account', label: 'My Account' },
  { to: '/customer/account/order-history', label: 'Order History' },
  { to: '/customer/account/settings', label: 'Settings' },
];

const artistMenuApproved: NavLink[] = [
  { to: '/artist/dashboard', label: 'Dashboard' },
  { to: '/artist/profile', label: 'My Profile' },
  { to: '/artist/song-orders', label: 'Song Orders' },
  { to: '/artist/account-settings', label: 'Account Settings' },
];

/** SPEC §4: an artist who is not approved sees only Profile. */
export function artistMenu(user: AuthUser): NavLink[] {
  if (user.app_status === 'approved') return artistMenuApproved;
  return artistMenuApproved.filter((l) => l.to === '/artist/profile');
}

export function menuFor(user: AuthUser): NavLink[] {
  return user.type === 'artist' ? artistMenu(user) : customerMenu;
}
