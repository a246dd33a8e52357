import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Avatar } from '../../src/components/ui/avatar';
import { initialsOf } from '../../src/lib/initials';

describe('initials from any name', () => {
  it('takes whole graphemes and skips words without a letter', () => {
    expect(initialsOf('Maria Santos')).toBe('MS');
    // The emoji is not a letter: no broken half of it ("Z�").
    expect(initialsOf('Zoë 🎵')).toBe('Z');
    // A letter written as e + a combining mark stays one letter.
    expect(initialsOf('e\u0301lodie Durand')).toBe('ÉD');
    expect(initialsOf('q\u0303uinn lee')).toBe('Q\u0303L');
    expect(initialsOf('Jonas & Strings')).toBe('JS');
    expect(initialsOf('🎸 Sam — Carter Band')).toBe('SC');
    expect(initialsOf('王小明')).toBe('王');
    expect(initialsOf('Łukasz Żak')).toBe('ŁŻ');
    expect(initialsOf('"Migs"')).toBe('M');
    expect(initialsOf('ßlo ørn')).toBe('ßØ');
    expect(initialsOf('🎵 🎶')).toBe('');
    expect(initialsOf('   ')).toBe('');
    expect(initialsOf('Ana Maria Reyes', 3)).toBe('AMR');
  });

  it('cuts a plain ASCII name without a segmenter: its first Intl object would cost a phone a long task', async () => {
    vi.resetModules();
    const intl = Intl as { Segmenter: typeof Intl.Segmenter };
    const Segmenter = intl.Segmenter;
    let made = 0;
    intl.Segmenter = new Proxy(Segmenter, {
      construct(target, args) {
        made += 1;
        return Reflect.construct(target, args);
      },
    });
    try {
      const fresh = await import('../../src/lib/initials');
      expect(fresh.initialsOf('Maria "Migs" Santos-Cruz & 3 Strings')).toBe('MM');
      expect(fresh.initialsOf('-- dj_k9 ??')).toBe('D');
      expect(made).toBe(0);
      expect(fresh.initialsOf('Zoë Ramos')).toBe('ZR');
      expect(made).toBe(1);
    } finally {
      intl.Segmenter = Segmenter;
    }
  });
});

describe('Avatar', () => {
  it('shows the photo when there is one', () => {
    const { container } = render(<Avatar src="/media/avatars/x.webp" name="Ana Reyes" size={64} />);
    expect(container.querySelector('img[data-part=avatar-image]')?.getAttribute('src')).toBe('/media/avatars/x.webp');
    expect(container.querySelector('[data-part=avatar-placeholder]')).toBeNull();
  });

  it('without a photo shows the placeholder picture, with Unicode-safe initials when there is room', () => {
    const { container } = render(<Avatar src={null} name="Zoë 🎵" size={64} />);
    const placeholder = container.querySelector('[data-part=avatar-placeholder]');
    expect(placeholder?.querySelector('svg')).not.toBeNull();
    expect(placeholder?.querySelector('[data-part=avatar-initials]')?.textContent).toBe('Z');
    expect(placeholder?.textContent).not.toContain('\uFFFD');
  });

  it('a small placeholder and a name with no letters show the picture alone', () => {
    const small = render(<Avatar src={undefined} name="Maria Santos" size={36} />);
    expect(small.container.querySelector('[data-part=avatar-placeholder] svg')).not.toBeNull();
    expect(small.container.querySelector('[data-part=avatar-initials]')).toBeNull();
    const emoji = render(<Avatar src={null} name="🎵" size={120} />);
    expect(emoji.container.querySelector('[data-part=avatar-placeholder] svg')).not.toBeNull();
    expect(emoji.container.querySelector('[data-part=avatar-initials]')).toBeNull();
  });
});
