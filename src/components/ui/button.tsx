import { type ButtonHTMLAttributes, forwardRef } from 'react';
import { css } from 'styled-system/css';

// docs/product.md §9: sizes sm, md, lg; colours primary, secondary, danger, text, yellow, teal. Each part is a
// class list of its own: the parts set different properties, so any combination composes, and each
// is written out in full, so the build turns it into class names (scripts/static-styles.ts) and no
// page downloads the style runtime for its buttons.
const base = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '2',
  fontWeight: 'semibold',
  borderRadius: 'full',
  cursor: 'pointer',
  transition: 'background 0.15s, color 0.15s, box-shadow 0.15s',
  whiteSpace: 'nowrap',
  textDecoration: 'none',
  _focusVisible: { outline: '3px solid', outlineColor: 'brand.300', outlineOffset: '2px' },
  _disabled: { opacity: 0.5, cursor: 'not-allowed' },
});

const sizes = {
  sm: css({ h: '8', px: '3', fontSize: 'sm' }),
  md: css({ h: '10', px: '5', fontSize: 'md' }),
  lg: css({ h: '12', px: '7', fontSize: 'lg' }),
};

const colors = {
  // brand.700 keeps white text above 4.5:1 contrast.
  primary: css({ bg: 'brand.700', color: 'white', _hover: { bg: 'brand.800' } }),
  secondary: css({
    bg: 'white',
    color: 'brand.700',
    borderWidth: '1px',
    borderColor: 'brand.600',
    _hover: { bg: 'brand.50' },
  }),
  danger: css({ bg: 'red.600', color: 'white', _hover: { bg: 'red.700' } }),
  text: css({ bg: 'transparent', color: 'fg.default', _hover: { bg: 'gray.100' } }),
  yellow: css({ bg: 'yellow.400', color: 'gray.900', _hover: { bg: 'yellow.500' } }),
  teal: css({ bg: 'teal.600', color: 'white', _hover: { bg: 'teal.700' } }),
};

const fullWidth = css({ w: 'full' });

export interface ButtonVariants {
  size?: keyof typeof sizes | undefined;
  color?: keyof typeof colors | undefined;
  /** The full width of its container. */
  block?: boolean | undefined;
}

/** A button's classes, for a link or anything else that should look like one. */
export function buttonRecipe({ size = 'md', color = 'primary', block = false }: ButtonVariants = {}): string {
  return [base, sizes[size], colors[color], block ? fullWidth : ''].filter(Boolean).join(' ');
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & ButtonVariants & { loading?: boolean };

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { size, color, block, loading, className, children, disabled, type = 'button', ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={[buttonRecipe({ size, color, block }), className].filter(Boolean).join(' ')}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {children}
    </button>
  );
});
