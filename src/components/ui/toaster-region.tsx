import { Portal } from '@ark-ui/react/portal';
import { createToaster, Toast, Toaster } from '@ark-ui/react/toast';
import { css } from 'styled-system/css';
import { toast as toastConfig } from '../../../contracts/constants';

// Loaded on demand by ./toaster (`notify`, `AppToaster`).
// docs/product.md §9: top-right, 5000 ms, light theme, bounce transition.
export const toaster = createToaster({
  placement: toastConfig.placement,
  duration: toastConfig.durationMs,
  gap: 12,
  max: 5,
});

const root = css({
  bg: 'white',
  color: 'gray.900',
  borderRadius: 'lg',
  boxShadow: 'lg',
  borderLeftWidth: '6px',
  borderLeftColor: 'gray.400',
  p: '4',
  pr: '10',
  // Never wider than a phone's screen, and a long unbroken name wraps instead of widening the toast.
  minW: 'min(18rem, calc(100vw - 2rem))',
  maxW: 'min(24rem, calc(100vw - 2rem))',
  overflowWrap: 'anywhere',
  position: 'relative',
  translate: 'var(--x) var(--y)',
  scale: 'var(--scale)',
  zIndex: 'var(--z-index)',
  height: 'var(--height)',
  opacity: 'var(--opacity)',
  willChange: 'translate, opacity, scale',
  transition: 'translate 400ms, scale 400ms, opacity 400ms, height 400ms',
  '&[data-type=success]': { borderLeftColor: 'green.500' },
  '&[data-type=error]': { borderLeftColor: 'red.500' },
  '&[data-type=info]': { borderLeftColor: 'brand.500' },
  _open: { animation: 'toast-bounce-in 0.6s' },
  _closed: { animation: 'toast-bounce-out 0.5s' },
});

/** The toast region itself; `./toaster` loads it on demand. */
export function ToasterRegion() {
  return (
    // Portalled and stacked above modals: a toast raised from inside a dialog must still be seen and announced.
    <Portal>
      <Toaster toaster={toaster} className={css({ zIndex: 'toast' })}>
        {(t) => (
          <Toast.Root key={t.id} className={root}>
            <Toast.Title className={css({ fontWeight: 'semibold' })}>{t.title}</Toast.Title>
            <Toast.Description className={css({ fontSize: 'sm', color: 'gray.700' })}>
              {t.description}
            </Toast.Description>
            <Toast.CloseTrigger
              aria-label="Dismiss notification"
              className={css({
                position: 'absolute',
                top: '2',
                right: '2',
                w: '7',
                h: '7',
                cursor: 'pointer',
                borderRadius: 'full',
                _hover: { bg: 'gray.100' },
              })}
            >
              <span aria-hidden="true">✕</span>
            </Toast.CloseTrigger>
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}
