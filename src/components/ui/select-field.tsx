import { Portal } from '@ark-ui/react/portal';
import { createListCollection, Select } from '@ark-ui/react/select';
import { useMemo } from 'react';
import { css } from 'styled-system/css';
import { specMessages } from '../../../contracts/messages';
import { inputClass } from './field';

export interface SelectOption {
  value: string;
  display: string;
  disabled?: boolean;
}

/** A single-choice select (Ark UI): SPEC §3 select options, "No Options" when the list is empty. */
export function SelectField({
  label,
  options,
  value,
  onChange,
  placeholder = 'Choose…',
  emptyLabel,
  hideLabel,
}: {
  label: string;
  options: readonly SelectOption[];
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** An extra first item meaning "no choice" (e.g. "All genres"), whose value is ''. */
  emptyLabel?: string;
  hideLabel?: boolean;
}) {
  const collection = useMemo(
    () =>
      createListCollection({
        items: [...(emptyLabel ? [{ value: '', display: emptyLabel }] : []), ...options],
        itemToString: (o) => o.display,
        itemToValue: (o) => o.value,
        isItemDisabled: (o) => Boolean((o as SelectOption).disabled),
      }),
    [options, emptyLabel],
  );
  return (
    <Select.Root
      collection={collection}
      value={[value]}
      onValueChange={(d) => onChange(d.value[0] ?? '')}
      positioning={{ gutter: 5, sameWidth: true }}
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
          className={`${inputClass} ${css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', textAlign: 'left', cursor: 'pointer', gap: '2' })}`}
        >
          <Select.ValueText placeholder={placeholder} />
          <span aria-hidden="true">▾</span>
        </Select.Trigger>
      </Select.Control>
      <Portal>
        <Select.Positioner>
          <Select.Content
            className={css({
              bg: 'white',
              boxShadow: 'lg',
              borderRadius: 'md',
              borderWidth: '1px',
              borderColor: 'border.default',
              py: '1',
              maxH: '18rem',
              overflowY: 'auto',
              zIndex: 'popover',
              outline: 'none',
            })}
          >
            {collection.items.length === 0 ? (
              <p className={css({ px: '3', py: '2', color: 'fg.muted' })}>{specMessages.selectNoOptions}</p>
            ) : (
              collection.items.map((o) => (
                <Select.Item
                  key={o.value}
                  item={o}
                  className={css({
                    display: 'flex',
                    justifyContent: 'space-between',
                    px: '3',
                    h: '10',
                    alignItems: 'center',
                    cursor: 'pointer',
                    _highlighted: { bg: 'brand.50' },
                    _disabled: { opacity: 0.5 },
                  })}
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
    </Select.Root>
  );
}
