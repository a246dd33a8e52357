import { createFileRoute } from '@tanstack/react-router';
import { AccountSettingsPage } from '../components/artist/account-settings-page';

export const Route = createFileRoute('/artist/account-settings')({
  staticData: { pageTitle: 'Account Settings', name: 'artist.account-settings', authUser: 'artist', layout: 'artist' },
  component: AccountSettingsPage,
});
