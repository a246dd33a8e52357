import { RadioGroup } from '@ark-ui/react/radio-group';
import { css } from 'styled-system/css';

// The payment method choice and the hand-over to the provider, the same on /pay/{id} and the order's
// checkout step.

const itemClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  p: '3',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'lg',
  cursor: 'pointer',
  bg: 'white',
  _checked: { borderColor: 'brand.600', bg: 'brand.50' },
  '&[data-focus-visible]': { outline: '2px solid', outlineColor: 'brand.400', outlineOffset: '2px' },
});
const controlClass = css({
  w: '5',
  h: '5',
  flexShrink: 0,
  borderRadius: 'full',
  borderWidth: '2px',
  borderColor: 'gray.400',
  _checked: { borderColor: 'brand.700', boxShadow: 'inset 0 0 0 4px white', bg: 'brand.700' },
});

/** The methods of GET /options as radio cards (Ark UI RadioGroup: arrow keys move the choice). */
export function PaymentMethods({
  methods,
  value,
  onValueChange,
  labelHidden = false,
  errorId,
}: {
  methods: readonly { value: string; display: string }[];
  value: string;
  onValueChange: (value: string) => void;
  /** The label is still read out; hidden where a section heading already says "Payment method". */
  labelHidden?: boolean;
  /** The id of the message that tells what is wrong with the choice, while there is one. */
  errorId?: string | undefined;
}) {
  return (
    <RadioGroup.Root
      value={value}
      onValueChange={(d) => d.value && onValueChange(d.value)}
      className={css({ display: 'grid', gap: '2' })}
      aria-describedby={errorId}
    >
      <RadioGroup.Label className={labelHidden ? css({ srOnly: true }) : css({ fontWeight: 'semibold' })}>
        Payment method
      </RadioGroup.Label>
      {methods.map((m) => (
        <RadioGroup.Item key={m.value} value={m.value} className={itemClass}>
          <RadioGroup.ItemControl className={controlClass} />
          <RadioGroup.ItemText>{m.display}</RadioGroup.ItemText>
          <RadioGroup.ItemHiddenInput />
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}

/** Said while the browser leaves for the provider's payment page. */
export function LeavingForPayment({ className }: { className?: string }) {
  return (
    <p role="status" className={className}>
      Taking you to the payment page…
    </p>
  );
}
