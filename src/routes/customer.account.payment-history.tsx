import { createFileRoute } from '@tanstack/react-router';
import { PaymentHistoryPage } from '../components/account/payment-history-page';

export const Route = createFileRoute('/customer/account/payment-history')({
  staticData: { pageTitle: 'Payment History', name: 'customer.account.payment-history' },
  component: PaymentHistoryPage,
});
