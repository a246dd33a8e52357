import { Combobox, useListCollection } from '@ark-ui/react/combobox';
import { useMemo } from 'react';
import { css, cx } from 'styled-system/css';
import { type Country, countries, findCountry } from '../../../contracts/countries';
import { specMessages } from '../../../contracts/messages';
import { inputClass } from '../ui/field';

function matches(country: Country, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return (
    country.name.toLowerCase().includes(q) ||
    country.code.toLowerCase() === q ||
    country.dial_code.includes(q.replace(/^\+?/, '+'))
  );
}

/** A searchable country list (Philippines first); "Nothing found." when the search has no match. */
export function CountryCombobox({
  id,
  label,
  value,
  onChange,
  showDialCode,
  invalid,
  describedBy,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (code: string) => void;
  showDialCode?: boolean;
  invalid?: boolean;
  describedBy?: string | undefined;
}) {
  const { collection, filter } = useListCollection({
    initialItems: countries as Country[],
    itemToString: (c) => c.name,
    itemToValue: (c) => c.code,
    filter: (_text, query, item) => matches(item, query),
  });
  const selected = findCountry(value);
  const display = useMemo(
    // Text only: flag emoji do not render everywhere (Windows shows letters), so the flag is an image.
    () => (selected ? (showDialCode ? selected.dial_code : selected.name) : ''),
    [selected, showDialCode],
  );

  return (
    <Combobox.Root
      ids={{ input: id }}
      collection={collection}
      value={selected ? [selected.code] : []}
      inputBehavior="autohighlight"
      openOnClick
      selectionBehavior="clear"
      onInputValueChange={(d) => filter(d.inputValue)}
      onValueChange={(d) => {
        const code = d.value[0];
        if (code) onChange(code);
      }}
      onOpenChange={(d) => {
        if (!d.open) filter('');
      }}
      // Kept on screen on a phone: it slides and shrinks to fit instead of running off the right edge.
      positioning={{
        sameWidth: false,
        placement: 'bottom-start',
        gutter: 5,
        strategy: 'fixed',
        fitViewport: true,
        overflowPadding: 8,
      }}
    >
      <Combobox.Label className={css({ srOnly: true })}>{label}</Combobox.Label>
      <Combobox.Control className={css({ position: 'relative' })}>
        {selected ? (
          <img
            src={selected.image}
            alt=""
            width={20}
            height={15}
            className={css({
              position: 'absolute',
              left: '3',
              top: '50%',
              transform: 'translateY(-50%)',
              pointerEvents: 'none',
            })}
          />
        ) : null}
        <Combobox.Input
          className={cx(inputClass, css({ pl: selected ? '10' : '3', '&::placeholder': { color: 'fg.default' } }))}
          placeholder={display || 'Search country'}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          data-testid={`${id}-input`}
        />
        <Combobox.Trigger
          aria-label={`Choose ${label.toLowerCase()}`}
          className={css({
            position: 'absolute',
            right: '2',
            top: '50%',
            transform: 'translateY(-50%)',
            cursor: 'pointer',
            color: 'fg.muted',
          })}
        >
          <span aria-hidden="true">▾</span>
        </Combobox.Trigger>
      </Combobox.Control>
      {/* Not portalled: inside a modal the list must stay within the dialog's layer. */}
      <Combobox.Positioner>
        <Combobox.Content
          className={css({
            bg: 'white',
            boxShadow: 'lg',
            borderRadius: 'md',
            borderWidth: '1px',
            borderColor: 'border.default',
            maxH: 'min(18rem, var(--available-height, 18rem))',
            overflowY: 'auto',
            w: '20rem',
            maxW: 'calc(100vw - 1rem)',
            zIndex: 'popover',
            py: '1',
          })}
        >
          <Combobox.Empty className={css({ px: '3', py: '2', color: 'fg.muted' })}>
            {specMessages.selectNothingFound}
          </Combobox.Empty>
          {collection.items.map((c) => (
            <Combobox.Item
              key={c.code}
              item={c}
              className={css({
                display: 'flex',
                gap: '2',
                alignItems: 'center',
                px: '3',
                h: '10',
                cursor: 'pointer',
                _highlighted: { bg: 'brand.50' },
                _checked: { fontWeight: 'semibold' },
              })}
            >
              <img src={c.image} alt="" width={20} height={15} loading="lazy" />
              <Combobox.ItemText className={css({ flex: '1', minW: 0, truncate: true })}>{c.name}</Combobox.ItemText>
              <span className={css({ ml: 'auto', color: 'fg.muted', fontSize: 'sm', flexShrink: 0 })}>
                {c.dial_code}
              </span>
            </Combobox.Item>
          ))}
        </Combobox.Content>
      </Combobox.Positioner>
    </Combobox.Root>
  );
}
