import type { AuthUser } from '../../../contracts/account';
import type { ArtistMenuEntry } from '../../../machines/artist-gate';

export interface NavLink {
  to: string;
  label: string;
}

export const publicLinks: NavLink[] = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/artists', label: 'Artists' },
];

const customerMenu: NavLink[] = [
  { to: '/customer/account', label: 'My Account' },
  { to: '/customer/account/order-history', label: 'Order History' },
  { to: '/customer/account/settings', label: 'Settings' },
];

/** docs/product.md §2 header links for artists, as far as the artist's status allows (docs/product.md §4). */
const artistHeaderRoutes = ['artist.dashboard', 'artist.profile', 'artist.song-orders', 'artist.account-settings'];

/** `artistMenu`: the artist gate actor's menu for the signed-in artist. */
export function menuFor(user: AuthUser, artistMenu: readonly ArtistMenuEntry[]): readonly NavLink[] {
  if (user.type !== 'artist') return customerMenu;
  return artistMenu.filter((entry) => artistHeaderRoutes.includes(entry.routeName));
}
