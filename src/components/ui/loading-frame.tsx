import { css } from 'styled-system/css';

/**
 * What shows in the moment a dialog's code is still on its way (it loads on first use): the dimmed
 * backdrop and an empty panel where the dialog will be, announced as busy.
 */
export function DialogFrame({ label }: { label: string }) {
  return (
    <div
      data-part="dialog-frame"
      className={css({
        position: 'fixed',
        inset: '0',
        bg: 'black/50',
        zIndex: 'modal',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      })}
    >
      <div
        role="dialog"
        aria-modal="true"
        aria-busy="true"
        aria-label={label}
        className={css({
          bg: 'white',
          borderRadius: 'xl',
          boxShadow: '2xl',
          w: 'calc(100vw - 2rem)',
          maxW: '24rem',
          minH: '12rem',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          color: 'fg.muted',
        })}
      >
        Loading…
      </div>
    </div>
  );
}
