import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { PRODUCT_NAME } from '../../../contracts/constants';

export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg aria-hidden="true" width={size} height={size} viewBox="0 0 32 32">
      <circle cx="16" cy="16" r="16" fill="#ea580c" />
      <path d="M20 7v12.5a3.5 3.5 0 1 1-2-3.16V11l-6 1.5v9a3.5 3.5 0 1 1-2-3.16V10.5L20 7z" fill="#fff" />
    </svg>
  );
}

export function Logo({ to = '/' }: { to?: string }) {
  return (
    <Link
      to={to}
      className={css({
        display: 'inline-flex',
        alignItems: 'center',
        gap: '2',
        fontWeight: 'extrabold',
        fontSize: 'xl',
        color: 'brand.700',
        textDecoration: 'none',
        flexShrink: 0,
      })}
      aria-label={`${PRODUCT_NAME} home`}
    >
      <LogoMark />
      {/* The smallest phones (320 px) keep the mark only, so the bar's buttons fit beside it. */}
      <span className={css({ '@media (max-width: 359.98px)': { display: 'none' } })}>{PRODUCT_NAME}</span>
    </Link>
  );
}
