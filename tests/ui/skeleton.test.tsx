import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PageSkeleton } from '../../src/components/ui/skeleton';

afterEach(cleanup);

describe('PageSkeleton', () => {
  it('is one busy status that screen readers hear as "Loading…", its shapes hidden from them', () => {
    render(<PageSkeleton />);
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-busy')).toBe('true');
    expect(status.textContent).toBe('Loading…');
    // Everything but the label is hidden from assistive technology.
    const shown = [...status.children].filter((child) => child.getAttribute('aria-hidden') !== 'true');
    expect(shown.map((child) => child.textContent)).toEqual(['Loading…']);
  });

  it('says what is coming when told', () => {
    render(<PageSkeleton label="Loading your orders…" />);
    expect(screen.getByRole('status').textContent).toBe('Loading your orders…');
  });
});
