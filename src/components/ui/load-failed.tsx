import { css } from 'styled-system/css';
import { Button } from './button';

/** A list or section whose data could not be loaded: the server's message and a way to ask again. */
export function LoadFailed({ message, onRetry }: { message: string | null; onRetry: () => void }) {
  return (
    <div role="alert" className={css({ display: 'grid', gap: '2', justifyItems: 'start' })}>
      <p>{message}</p>
      <Button size="sm" color="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
