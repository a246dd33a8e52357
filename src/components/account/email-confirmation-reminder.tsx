import { css } from 'styled-system/css';
import { emailConfirmationMessages as messages } from '../../../contracts/email-confirmation';
import { useEmailConfirmation } from '../../actors/use-email-confirmation';
import { Button } from '../ui/button';

/** "Confirm your email" on the account page until the welcome mail's link has been opened; nothing waits for it. */
export function EmailConfirmationReminder() {
  const { view, send } = useEmailConfirmation(null);
  if (!view.canResend && view.state !== 'resending') return null;
  return (
    <section
      aria-labelledby="confirm-email-heading"
      data-testid="email-confirmation-reminder"
      className={css({ bg: 'yellow.50', borderRadius: 'lg', p: '4', mb: '6' })}
    >
      <h3 id="confirm-email-heading" className={css({ fontWeight: 'bold', mb: '1' })}>
        {messages.reminderTitle}
      </h3>
      <p className={css({ mb: '3' })}>{view.email ? messages.reminder(view.email) : null}</p>
      {view.message ? (
        <p role="status" className={css({ mb: '3', fontWeight: 'medium' })}>
          {view.message}
        </p>
      ) : null}
      <Button size="sm" loading={view.busy} onClick={() => send({ type: 'user.resend' })}>
        {messages.sendAgain}
      </Button>
    </section>
  );
}
