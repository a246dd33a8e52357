import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPolicyPage } from '../pages/privacy-policy-page';

export const Route = createFileRoute('/privacy-policy')({
  staticData: { pageTitle: 'Privacy Policy', name: 'privacy-policy' },
  component: PrivacyPolicyPage,
});
