import { createFileRoute } from '@tanstack/react-router';
import { CustomerAccountLayout } from '../components/account/account-layout';

export const Route = createFileRoute('/customer/account')({
  staticData: { pageTitle: 'My Account', name: 'customer.account', authUser: 'user' },
  component: CustomerAccountLayout,
});
