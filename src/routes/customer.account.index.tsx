import { createFileRoute } from '@tanstack/react-router';
import { CustomerProfilePage } from '../components/account/profile-page';

export const Route = createFileRoute('/customer/account/')({
  staticData: { pageTitle: 'My Profile', name: 'customer.account.profile' },
  component: CustomerProfilePage,
});
