import type { ReactNode } from 'react';
import { css } from 'styled-system/css';

/** A page body with a title and a lead paragraph, for pages whose content is short. */
export function SimplePage({ title, lead, children }: { title: string; lead?: string; children?: ReactNode }) {
  return (
    <div className={css({ maxW: '3xl', mx: 'auto', px: '4', py: { base: '10', md: '16' } })}>
      <h1 className={css({ fontSize: { base: '3xl', md: '4xl' }, fontWeight: 'extrabold', color: 'gray.900' })}>
        {title}
      </h1>
      {lead ? <p className={css({ mt: '3', fontSize: 'lg', color: 'fg.muted' })}>{lead}</p> : null}
      <div
        className={css({
          mt: '8',
          display: 'grid',
          gap: '4',
          '& a': { color: 'brand.700', textDecoration: 'underline' },
        })}
      >
        {children}
      </div>
    </div>
  );
}

/** A centred card, for the auth pages. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div
      className={css({
        w: 'full',
        maxW: '28rem',
        mx: 'auto',
        bg: 'white',
        borderRadius: 'xl',
        boxShadow: 'lg',
        p: { base: '6', md: '8' },
        my: { base: '8', md: '12' },
      })}
    >
      <h1 className={css({ fontSize: '2xl', fontWeight: 'bold', color: 'heading.modal', mb: '5' })}>{title}</h1>
      {children}
    </div>
  );
}
