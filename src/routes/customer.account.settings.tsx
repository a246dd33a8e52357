import { createFileRoute } from '@tanstack/react-router';
import { CustomerSettingsPage } from '../components/account/customer-settings-page';

export const Route = createFileRoute('/customer/account/settings')({
  staticData: { pageTitle: 'Settings', name: 'customer.account.settings' },
  component: CustomerSettingsPage,
});
