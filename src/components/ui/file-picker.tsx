import { Progress } from '@ark-ui/react/progress';
import { type DragEvent, type ReactNode, useId, useRef, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { formatBytes } from '../artist-application/format';
import { Button } from './button';

export interface FilePickerFile {
  name: string;
  /** Bytes; shown beside the name when known. */
  size?: number | null;
}

export interface FilePickerProps {
  /** The field's visible label; it names the file input (what screen readers and tests find). */
  label: ReactNode;
  /** Keeps the label for screen readers only, where a legend or heading above already says it. */
  hideLabel?: boolean;
  /** Shown under the field when there is no error: formats, the size limit. */
  hint?: ReactNode;
  /** The input's `accept`, e.g. "audio/*". */
  accept?: string;
  /** The input's id (a form focuses `[name]`/`#id` on an error); generated when not given. */
  id?: string;
  name?: string;
  disabled?: boolean;
  /** The chosen or uploaded file, or null: the drop zone shows. The owner's machine decides which. */
  file?: FilePickerFile | null;
  /** A line about the chosen file, e.g. "Your recording is uploaded." (a polite status). */
  status?: ReactNode;
  /** 0–100 while the file is sent; the bar, the file name and Cancel replace the buttons. */
  progress?: number | null;
  onCancel?: () => void;
  /** One message under the field (the owner's wording, e.g. a size limit); marks the field invalid. */
  error?: string | null;
  onSelect: (file: File) => void;
  /** Shows Remove for a chosen file; without it only Replace is offered. */
  onRemove?: () => void;
  /** What the zone invites to choose, e.g. "an audio file". */
  noun?: string;
  /** Extra content in the chosen file's card (a play button). */
  children?: ReactNode;
  /** For the card of a chosen file (tests and styles find it). */
  chosenTestId?: string;
}

const zone = css({
  position: 'relative',
  display: 'flex',
  flexDir: { base: 'column', sm: 'row' },
  alignItems: 'center',
  justifyContent: 'center',
  textAlign: 'center',
  gap: '3',
  px: '4',
  py: '5',
  borderWidth: '2px',
  borderStyle: 'dashed',
  borderColor: 'gray.300',
  borderRadius: 'lg',
  bg: 'white',
  cursor: 'pointer',
  transition: 'border-color 0.15s, background 0.15s',
  _hover: { borderColor: 'brand.400', bg: 'brand.50' },
  '&[data-dragging]': { borderColor: 'brand.600', bg: 'brand.50' },
  '&[data-invalid]': { borderColor: 'red.500' },
  '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
  '&:has(input:focus-visible)': { outline: '3px solid', outlineColor: 'brand.300', outlineOffset: '2px' },
});

const card = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  flexWrap: 'wrap',
  p: '3',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'lg',
  bg: 'bg.subtle',
  '&[data-invalid]': { borderColor: 'red.500' },
  '&[data-dragging]': { borderColor: 'brand.600', bg: 'brand.50' },
});

const pill = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  h: '9',
  px: '4',
  fontSize: 'sm',
  fontWeight: 'semibold',
  borderRadius: 'full',
  borderWidth: '1px',
  borderColor: 'brand.600',
  color: 'brand.700',
  bg: 'white',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  _hover: { bg: 'brand.50' },
  '[data-disabled] &': { cursor: 'not-allowed' },
});

const firstFile = (list: FileList | null | undefined) => (list && list.length > 0 ? list[0] : undefined);

/**
 * A styled file field for every upload: a drop zone (click, keyboard or drag), then the chosen file's
 * name and size with Replace and Remove, a progress bar with Cancel while it uploads, and one message
 * under the field. It keeps no state of the upload: the owner's machine passes what to show and hears
 * `onSelect`/`onRemove`/`onCancel`. The native input stays in the page (visually hidden, focusable,
 * labelled by `label`), so the browser's own "No file chosen" never shows.
 */
export function FilePicker({
  label,
  hideLabel = false,
  hint,
  accept,
  id,
  name,
  disabled = false,
  file = null,
  status,
  progress = null,
  onCancel,
  error = null,
  onSelect,
  onRemove,
  noun = 'a file',
  children,
  chosenTestId,
}: FilePickerProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const labelId = `${inputId}-label`;
  const messageId = error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined;
  const inputRef = useRef<HTMLInputElement>(null);
  // Only how the zone looks while something is dragged over it; the upload's state is the owner's.
  const [dragging, setDragging] = useState(false);
  const uploading = progress !== null;
  const locked = disabled || uploading;

  const drop = {
    onDragOver: (e: DragEvent) => {
      if (locked) return;
      e.preventDefault();
      setDragging(true);
    },
    onDragLeave: () => setDragging(false),
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      setDragging(false);
      const picked = firstFile(e.dataTransfer?.files);
      if (picked && !locked) onSelect(picked);
    },
  };
  const flags = {
    'data-dragging': dragging || undefined,
    'data-invalid': error ? '' : undefined,
    'data-disabled': locked || undefined,
  };

  const input = (
    <input
      ref={inputRef}
      id={inputId}
      name={name}
      type="file"
      accept={accept}
      disabled={locked}
      aria-labelledby={labelId}
      aria-invalid={error ? true : undefined}
      aria-describedby={messageId}
      className={css({ srOnly: true })}
      onChange={(e) => {
        const picked = firstFile(e.target.files);
        // Cleared, so choosing the same file again (after Remove) is a change too.
        e.target.value = '';
        if (picked) onSelect(picked);
      }}
    />
  );

  return (
    <div data-part="file-picker" className={css({ display: 'grid', gap: '1', minW: 0 })}>
      <span id={labelId} className={hideLabel ? css({ srOnly: true }) : css({ fontWeight: 'medium', fontSize: 'sm' })}>
        {label}
      </span>
      {uploading ? (
        <div className={card} data-part="file-progress">
          {input}
          <Progress.Root value={progress} min={0} max={100} className={css({ flex: '1', minW: 0 })}>
            <Progress.Label className={css({ fontSize: 'sm', overflowWrap: 'anywhere' })}>
              Uploading {file?.name ?? noun}
            </Progress.Label>
            <div className={css({ display: 'flex', alignItems: 'center', gap: '3', mt: '1' })}>
              <Progress.Track
                className={css({ flex: '1', h: '2', bg: 'gray.200', borderRadius: 'full', overflow: 'hidden' })}
              >
                <Progress.Range className={css({ h: 'full', bg: 'brand.600', transition: 'width 0.2s' })} />
              </Progress.Track>
              <Progress.ValueText className={css({ fontSize: 'sm', w: '10', textAlign: 'right' })} />
              {onCancel ? (
                <Button size="sm" color="text" onClick={onCancel}>
                  Cancel
                </Button>
              ) : null}
            </div>
          </Progress.Root>
        </div>
      ) : file ? (
        <div className={card} data-part="file-chosen" data-testid={chosenTestId} {...flags} {...drop}>
          {input}
          <span aria-hidden="true" className={css({ fontSize: 'xl', lineHeight: 1 })}>
            ♪
          </span>
          <div className={css({ flex: '1', minW: '8rem', overflowWrap: 'anywhere' })}>
            <p className={css({ fontWeight: 'semibold', fontSize: 'sm' })} data-part="file-name">
              {file.name}{' '}
              {file.size ? (
                <span className={css({ color: 'fg.muted', fontWeight: 'normal' })}>({formatBytes(file.size)})</span>
              ) : null}
            </p>
            {status ? (
              <p role="status" className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                {status}
              </p>
            ) : null}
          </div>
          {children}
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
            {/* The input is the keyboard's way in (focus shows on this button); the click opens it too. */}
            <label
              htmlFor={inputId}
              className={cx(
                pill,
                css({
                  '[data-part=file-chosen]:has(input:focus-visible) &': {
                    outline: '3px solid',
                    outlineColor: 'brand.300',
                    outlineOffset: '2px',
                  },
                }),
              )}
            >
              Replace<span className={css({ srOnly: true })}> {file.name}</span>
            </label>
            {onRemove ? (
              <Button size="sm" color="text" disabled={disabled} onClick={onRemove} aria-label={`Remove ${file.name}`}>
                Remove
              </Button>
            ) : null}
          </div>
        </div>
      ) : (
        <label htmlFor={inputId} className={zone} {...flags} {...drop}>
          {input}
          <span className={pill}>
            <span aria-hidden="true">⬆</span> Choose {noun}
          </span>
          <span className={css({ color: 'fg.muted', fontSize: 'sm' })}>or drop it here</span>
        </label>
      )}
      {error ? (
        <p id={`${inputId}-error`} role="alert" className={css({ color: 'danger.fg', fontSize: 'sm' })}>
          {error}
        </p>
      ) : hint ? (
        <p id={`${inputId}-hint`} className={css({ color: 'fg.muted', fontSize: 'sm' })}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
