import { type ButtonHTMLAttributes, forwardRef } from 'react';
import { cva, type RecipeVariantProps } from 'styled-system/css';

// SPEC §9: sizes sm, md, lg; colours primary, secondary, danger, text, yellow, teal.
export const buttonRecipe = cva({
  base: {
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
  },
  variants: {
    size: {
      sm: { h: '8', px: '3', fontSize: 'sm' },
      md: { h: '10', px: '5', fontSize: 'md' },
      lg: { h: '12', px: '7', fontSize: 'lg' },
    },
    color: {
      // brand.700 keeps white text above 4.5:1 contrast.
      primary: { bg: 'brand.700', color: 'white', _hover: { bg: 'brand.800' } },
      secondary: {
        bg: 'white',
        color: 'brand.700',
        borderWidth: '1px',
        borderColor: 'brand.600',
        _hover: { bg: 'brand.50' },
      },
      danger: { bg: 'red.600', color: 'white', _hover: { bg: 'red.700' } },
      text: { bg: 'transparent', color: 'fg.default', _hover: { bg: 'gray.100' } },
      yellow: { bg: 'yellow.400', color: 'gray.900', _hover: { bg: 'yellow.500' } },
      teal: { bg: 'teal.600', color: 'white', _hover: { bg: 'teal.700' } },
    },
    block: { true: { w: 'full' } },
  },
  defaultVariants: { size: 'md', color: 'primary' },
});

export type ButtonVariants = RecipeVariantProps<typeof buttonRecipe>;

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
