import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import type { ReactNode } from 'react';
import { css, cva } from 'styled-system/css';

// docs/product.md §9: sizes xs–lg; the body scrolls past 450px (630px from md up); headings green;
// a static backdrop only closes through its buttons.
const content = cva({
  base: {
    bg: 'white',
    borderRadius: 'xl',
    boxShadow: '2xl',
    w: 'calc(100vw - 2rem)',
    position: 'relative',
    _open: { animation: 'fade-in 0.15s ease-out' },
    _closed: { animation: 'fade-out 0.1s ease-in' },
  },
  variants: {
    size: { xs: { maxW: '20rem' }, sm: { maxW: '24rem' }, md: { maxW: '32rem' }, lg: { maxW: '48rem' } },
  },
  defaultVariants: { size: 'md' },
});

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  size?: 'xs' | 'sm' | 'md' | 'lg';
  /** A static backdrop ignores outside clicks and Escape; the dialog closes through its own buttons. */
  staticBackdrop?: boolean;
  hideCloseButton?: boolean;
  children: ReactNode;
  footer?: ReactNode;
  role?: 'dialog' | 'alertdialog';
  /** Where focus returns on close, when the dialog did not open from the focused control (by default, that control). */
  finalFocusEl?: () => HTMLElement | null;
}

export function Modal({
  open,
  onClose,
  title,
  description,
  size,
  staticBackdrop,
  hideCloseButton,
  children,
  footer,
  role = 'dialog',
  finalFocusEl,
}: ModalProps) {
  return (
    <Dialog.Root
      open={open}
      role={role}
      lazyMount
      unmountOnExit
      closeOnInteractOutside={!staticBackdrop}
      closeOnEscape={!staticBackdrop}
      finalFocusEl={finalFocusEl}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop className={css({ position: 'fixed', inset: 0, bg: 'black/50', zIndex: 'overlay' })} />
        <Dialog.Positioner
          className={css({
            position: 'fixed',
            inset: 0,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            zIndex: 'modal',
          })}
        >
          <Dialog.Content className={content({ size })}>
            {/* Plain divs: a dialog's heading and buttons are not page landmarks (banner, contentinfo). */}
            <div className={css({ px: '6', pt: '6', pb: '2', pr: '12' })}>
              <Dialog.Title className={css({ fontSize: 'xl', fontWeight: 'bold', color: 'heading.modal' })}>
                {title}
              </Dialog.Title>
              {description ? (
                <Dialog.Description className={css({ color: 'fg.muted', mt: '1', fontSize: 'sm' })}>
                  {description}
                </Dialog.Description>
              ) : null}
            </div>
            <div
              className={css({
                px: '6',
                pb: '6',
                pt: '2',
                overflowY: 'auto',
                maxH: { base: '450px', md: '630px' },
              })}
            >
              {children}
            </div>
            {footer ? (
              // Wraps on a phone: two nowrap buttons side by side are wider than a 375 px dialog ("Keep the song").
              <div
                className={css({
                  px: '6',
                  pb: '6',
                  display: 'flex',
                  flexWrap: 'wrap',
                  gap: '3',
                  justifyContent: 'flex-end',
                })}
              >
                {footer}
              </div>
            ) : null}
            {hideCloseButton ? null : (
              <Dialog.CloseTrigger
                aria-label="Close"
                className={css({
                  position: 'absolute',
                  top: '4',
                  right: '4',
                  w: '8',
                  h: '8',
                  borderRadius: 'full',
                  cursor: 'pointer',
                  color: 'fg.muted',
                  _hover: { bg: 'gray.100' },
                  _focusVisible: { outline: '2px solid', outlineColor: 'brand.400' },
                })}
              >
                <span aria-hidden="true">✕</span>
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
