import { createFileRoute } from '@tanstack/react-router';
import { css } from 'styled-system/css';

export const Route = createFileRoute('/customer/account/settings')({
  staticData: { pageTitle: 'Settings', name: 'customer.account.settings' },
  component: function CustomerSettings() {
    return (
      <section aria-labelledby="settings-heading">
        <h2 id="settings-heading" className={css({ fontSize: 'xl', fontWeight: 'bold', mb: '4' })}>
          Settings
        </h2>
        <p className={css({ color: 'fg.muted' })}>Password and account settings.</p>
      </section>
    );
  },
});
