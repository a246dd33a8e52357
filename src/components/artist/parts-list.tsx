import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { connectApplicationForm } from '../../../machines/application-form.connect';
import type { ApplicationPart } from '../../../machines/application-form.types';
import { Button } from '../ui/button';
import type { ApplicationFormActor } from './part-forms';

/** The parts as collapsible sections: title, done mark, and the open part's form. */
export function PartsList({
  actor,
  forms,
  only,
}: {
  actor: ApplicationFormActor;
  forms: Record<ApplicationPart, ReactNode>;
  only?: readonly ApplicationPart[];
}) {
  const view = useSelector(actor, connectApplicationForm);
  const parts = only ? view.parts.filter((p) => only.includes(p.part)) : view.parts;
  return (
    <ol className={css({ display: 'grid', gap: '4', gridTemplateColumns: 'minmax(0, 1fr)' })}>
      {parts.map((p, index) => (
        <li
          key={p.part}
          className={css({
            bg: 'white',
            borderRadius: 'xl',
            borderWidth: '1px',
            borderColor: p.open ? 'brand.300' : 'border.default',
            boxShadow: 'sm',
          })}
        >
          <section aria-labelledby={`part-${p.part}`}>
            <div className={css({ display: 'flex', alignItems: 'center', gap: '3', p: { base: '4', sm: '5' } })}>
              <span
                aria-hidden="true"
                className={css({
                  w: '8',
                  h: '8',
                  borderRadius: 'full',
                  display: 'inline-flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  fontWeight: 'bold',
                  bg: p.done ? 'green.600' : 'gray.200',
                  color: p.done ? 'white' : 'gray.700',
                })}
              >
                {p.done ? '✓' : index + 1}
              </span>
              <h2
                id={`part-${p.part}`}
                className={css({ fontSize: 'lg', fontWeight: 'bold', flex: '1', minW: 0, overflowWrap: 'anywhere' })}
              >
                {p.title}
                <span className={css({ srOnly: true })}>{p.done ? ' (done)' : ' (to do)'}</span>
              </h2>
              {p.open ? null : (
                <Button
                  size="sm"
                  color="secondary"
                  disabled={!p.canOpen}
                  onClick={() => actor.send({ type: 'part.open', part: p.part })}
                  aria-label={`${p.done ? 'Edit' : 'Fill in'} ${p.title.toLowerCase()}`}
                >
                  {p.done ? 'Edit' : 'Fill in'}
                </Button>
              )}
            </div>
            {p.open ? <div className={css({ px: { base: '4', sm: '5' }, pb: '5' })}>{forms[p.part]}</div> : null}
          </section>
        </li>
      ))}
    </ol>
  );
}
