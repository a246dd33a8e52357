import { useState } from 'react';
import { css } from 'styled-system/css';

/** The user's avatar; a placeholder when it is missing or fails to load (SPEC §2). */
export function Avatar({ src, name, size = 36 }: { src: string | null | undefined; name: string; size?: number }) {
  const [broken, setBroken] = useState(false);
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase())
    .join('');
  const box = css({
    borderRadius: 'full',
    overflow: 'hidden',
    flexShrink: 0,
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    bg: 'brand.100',
    color: 'brand.800',
    fontWeight: 'bold',
    fontSize: 'sm',
  });
  if (!src || broken) {
    return (
      <span className={box} style={{ width: size, height: size }} data-part="avatar-placeholder" aria-hidden="true">
        {initials || '?'}
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      width={size}
      height={size}
      className={box}
      // The reset's img { height: auto } would keep a photo's own shape: fix the box and cover it.
      style={{ width: size, height: size, objectFit: 'cover' }}
      onError={() => setBroken(true)}
      data-part="avatar-image"
    />
  );
}
