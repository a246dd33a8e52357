import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { emailConfirmationMessages as messages } from '../../../contracts/email-confirmation';
import { useDialogs, useSessionView } from '../../actors/hooks';
import { useEmailConfirmation } from '../../actors/use-email-confirmation';
import { AuthCard } from '../layout/simple-page';
import { Button, buttonRecipe } from '../ui/button';

const notice = css({ p: '3', borderRadius: 'md', mb: '4' });
const good = css({ bg: 'green.50', color: 'green.900' });
const bad = css({ bg: 'red.50', color: 'danger.fg' });

/**
 * /confirm-email?token=…: the welcome mail's link confirms the address and says how it went; a link that
 * was used already says the address is confirmed; one that is expired or replaced says so, with a new link
 * for the signed-in customer (or a login first).
 */
export function ConfirmEmailPage({ token }: { token: string }) {
  const { view, send } = useEmailConfirmation(token);
  const { user } = useSessionView();
  const dialogs = useDialogs();

  if (view.state === 'confirming') {
    return (
      <AuthCard title={messages.reminderTitle}>
        <p role="status">Checking your link…</p>
      </AuthCard>
    );
  }
  if (view.state === 'confirmed') {
    return (
      <AuthCard title={messages.reminderTitle}>
        <p role="status" data-testid="confirm-email-result" className={`${notice} ${good}`}>
          {view.message ?? messages.confirmed}
        </p>
        <Link to="/order/occasion" className={buttonRecipe({ block: true })}>
          Order a song
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={messages.reminderTitle}>
      <p
        role={view.state === 'sent' ? 'status' : 'alert'}
        data-testid="confirm-email-result"
        className={`${notice} ${view.state === 'sent' ? good : bad}`}
      >
        {view.message}
      </p>
      {user?.type === 'user' ? (
        <Button block loading={view.busy} disabled={!view.canResend} onClick={() => send({ type: 'user.resend' })}>
          {messages.sendAgain}
        </Button>
      ) : (
        <Button block onClick={() => dialogs.send({ type: 'dialog.openLogin', returnTo: '/customer/account' })}>
          Log in to get a new link
        </Button>
      )}
    </AuthCard>
  );
}
