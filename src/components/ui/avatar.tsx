import { useState } from 'react';
import { css } from 'styled-system/css';
import { initialsOf } from '../../lib/initials';

// Below this size the picture sits beside the name (header, menus): the initials would only crowd it.
const INITIALS_FROM = 56;

const box = css({
  position: 'relative',
  borderRadius: 'full',
  overflow: 'hidden',
  flexShrink: 0,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
});

const placeholder = css({
  backgroundImage: 'linear-gradient(160deg, token(colors.brand.200), token(colors.brand.500))',
  color: 'white',
});

const badge = css({
  position: 'absolute',
  left: '50%',
  bottom: '12%',
  transform: 'translateX(-50%)',
  px: '0.4em',
  borderRadius: 'full',
  bg: 'brand.800',
  color: 'white',
  fontWeight: 'bold',
  lineHeight: '1.5',
  letterSpacing: '0.04em',
  whiteSpace: 'nowrap',
});

/**
 * The placeholder picture (docs/product.md §2: used when the photo is missing or broken): a head-and-shoulders
 * silhouette on the brand's warm gradient, with the person's initials on a tag when there is room.
 */
function AvatarPlaceholder({ name, size }: { name: string; size: number }) {
  const initials = size >= INITIALS_FROM ? initialsOf(name) : '';
  return (
    <span
      className={`${box} ${placeholder}`}
      style={{ width: size, height: size }}
      data-part="avatar-placeholder"
      aria-hidden="true"
    >
      <svg viewBox="0 0 64 64" width={size} height={size} focusable="false" aria-hidden="true">
        <circle cx="32" cy="25" r="11.5" fill="currentColor" opacity="0.95" />
        <path d="M9 66 C9 47 19 40.5 32 40.5 C45 40.5 55 47 55 66 Z" fill="currentColor" opacity="0.95" />
      </svg>
      {initials ? (
        <span className={badge} style={{ fontSize: Math.max(11, Math.round(size * 0.15)) }} data-part="avatar-initials">
          {initials}
        </span>
      ) : null}
    </span>
  );
}

/** The user's avatar; a placeholder picture when it is missing or fails to load (docs/product.md §2). */
export function Avatar({ src, name, size = 36 }: { src: string | null | undefined; name: string; size?: number }) {
  const [broken, setBroken] = useState(false);
  if (!src || broken) return <AvatarPlaceholder name={name} size={size} />;
  return (
    <img
      src={src}
      alt=""
      width={size}
      height={size}
      className={css({ borderRadius: 'full', flexShrink: 0, bg: 'brand.100' })}
      // The reset's img { height: auto } would keep a photo's own shape: fix the box and cover it.
      style={{ width: size, height: size, objectFit: 'cover' }}
      onError={() => setBroken(true)}
      data-part="avatar-image"
    />
  );
}
