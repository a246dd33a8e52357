import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { ConfirmEmailPage } from '../components/auth/confirm-email-page';

/** The welcome mail's link (docs/product.md §2): the token may be missing; the server then says the link is incomplete. */
const confirmSearchSchema = v.object({ token: v.optional(v.string(), '') });

export const Route = createFileRoute('/confirm-email')({
  staticData: { pageTitle: 'Confirm your email', name: 'confirm-email' },
  validateSearch: confirmSearchSchema,
  component: function ConfirmEmail() {
    const { token } = Route.useSearch();
    return <ConfirmEmailPage token={token} />;
  },
});
