import { Portal } from '@ark-ui/react/portal';
import { createListCollection, Select, type SelectRootProps } from '@ark-ui/react/select';
import { useId, useMemo } from 'react';
import { css, cx } from 'styled-system/css';
import { specMessages } from '../../../contracts/messages';
import { inputClass } from './field';

export interface SelectOption {
  value: string;
  display: string;
  disabled?: boolean;
}

/** What changes with the size: a form field ('md'), or a small select for a toolbar ('compact', the player's speed). */
const sizes = {
  md: {
    trigger: `${inputClass} ${css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', textAlign: 'left', cursor: 'pointer', gap: '2' })}`,
    content: css({ maxH: '18rem', overflowY: 'auto' }),
    item: css({ h: '10', _disabled: { opacity: 0.5 } }),
    positioning: { gutter: 5, sameWidth: true },
    caret: true,
  },
  compact: {
    trigger: css({
      h: '8',
      minW: '12',
      px: '2',
      borderRadius: 'md',
      borderWidth: '1px',
      borderColor: 'gray.300',
      fontSize: 'xs',
      fontWeight: 'semibold',
      fontVariantNumeric: 'tabular-nums',
      color: 'gray.800',
      cursor: 'pointer',
      _hover: { bg: 'gray.50' },
      _focusVisible: { outline: '3px solid', outlineColor: 'brand.300', outlineOffset: '1px' },
    }),
    content: css({ minW: '20' }),
    item: css({
      gap: '3',
      h: '9',
      fontSize: 'sm',
      '&[data-state=checked]': { fontWeight: 'semibold', color: 'brand.800' },
    }),
    positioning: { gutter: 6 },
    caret: false,
  },
} satisfies Record<
  string,
  {
    trigger: string;
    content: string;
    item: string;
    positioning: SelectRootProps<SelectOption>['positioning'];
    caret: boolean;
  }
>;

/**
 * The "no choice" item's value inside Ark (the field's own value is ''): Ark names no highlighted option
 * (aria-activedescendant) for an empty value, so screen readers heard nothing on "All genres".
 */
const NO_CHOICE = '--none--';

/** A single-choice select (Ark UI): docs/product.md §3 select options, "No Options" when the list is empty. */
export function SelectField({
  label,
  options,
  value,
  onChange,
  placeholder = 'Choose…',
  emptyLabel,
  hideLabel,
  size = 'md',
  placement,
  className,
  errors,
}: {
  label: string;
  options: readonly SelectOption[];
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** An extra first item meaning "no choice" (e.g. "All genres"), whose value is ''. */
  emptyLabel?: string;
  hideLabel?: boolean;
  size?: keyof typeof sizes;
  /** Where the list opens (by default below, or above where there is no room). */
  placement?: 'top' | 'bottom';
  /** Classes of the root, e.g. its place in a grid. */
  className?: string;
  /** The field's messages: the first shows under the select and is linked to it. */
  errors?: readonly string[] | undefined;
}) {
  const errorId = useId();
  const error = errors?.[0];
  const collection = useMemo(
    () =>
      createListCollection({
        items: [...(emptyLabel ? [{ value: NO_CHOICE, display: emptyLabel }] : []), ...options],
        itemToString: (o) => o.display,
        itemToValue: (o) => o.value,
        isItemDisabled: (o) => Boolean((o as SelectOption).disabled),
      }),
    [options, emptyLabel],
  );
  const look = sizes[size];
  return (
    <Select.Root
      className={className}
      collection={collection}
      // A value outside the list ('' in an empty order select) made Ark highlight nothing, so the arrow
      // keys and Enter chose nothing: no value until one is chosen, as the pattern expects.
      value={[value || NO_CHOICE].filter((v) => collection.has(v))}
      onValueChange={(d) => onChange(d.value[0] === NO_CHOICE ? '' : (d.value[0] ?? ''))}
      positioning={placement ? { placement, ...look.positioning } : look.positioning}
    >
      <Select.Label
        className={
          hideLabel ? css({ srOnly: true }) : css({ display: 'block', fontWeight: 'medium', fontSize: 'sm', mb: '1' })
        }
      >
        {label}
      </Select.Label>
      <Select.Control>
        <Select.Trigger
          className={look.trigger}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        >
          <Select.ValueText placeholder={placeholder} />
          {look.caret ? <span aria-hidden="true">▾</span> : null}
        </Select.Trigger>
      </Select.Control>
      <Portal>
        <Select.Positioner>
          <Select.Content
            className={cx(
              css({
                bg: 'white',
                boxShadow: 'lg',
                borderRadius: 'md',
                borderWidth: '1px',
                borderColor: 'border.default',
                py: '1',
                zIndex: 'popover',
                outline: 'none',
              }),
              look.content,
            )}
          >
            {collection.items.length === 0 ? (
              <p className={css({ px: '3', py: '2', color: 'fg.muted' })}>{specMessages.selectNoOptions}</p>
            ) : (
              collection.items.map((o) => (
                <Select.Item
                  key={o.value}
                  item={o}
                  className={cx(
                    css({
                      display: 'flex',
                      justifyContent: 'space-between',
                      px: '3',
                      alignItems: 'center',
                      cursor: 'pointer',
                      _highlighted: { bg: 'brand.50' },
                    }),
                    look.item,
                  )}
                >
                  <Select.ItemText>{o.display}</Select.ItemText>
                  <Select.ItemIndicator>✓</Select.ItemIndicator>
                </Select.Item>
              ))
            )}
          </Select.Content>
        </Select.Positioner>
      </Portal>
      <Select.HiddenSelect />
      {error ? (
        <p id={errorId} role="alert" className={css({ color: 'danger.fg', fontSize: 'sm', mt: '1' })}>
          {error}
        </p>
      ) : null}
    </Select.Root>
  );
}
