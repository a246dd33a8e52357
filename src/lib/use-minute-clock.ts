import { useEffect, useState } from 'react';

const MINUTE = 60_000;

/**
 * The time now, moving on at each minute boundary and at `wakeAt` (e.g. the soonest deadline on the
 * screen, so that it shows as passed the moment it passes): countdowns tick without asking the server.
 */
export function useMinuteClock(wakeAt?: number | null): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      const at = Date.now();
      const nextMinute = at - (at % MINUTE) + MINUTE;
      const next = wakeAt && wakeAt > at && wakeAt < nextMinute ? wakeAt : nextMinute;
      // A few milliseconds late rather than early: at `next` itself the deadline has passed.
      timer = setTimeout(
        () => {
          setNow(new Date());
          schedule();
        },
        next - at + 20,
      );
    };
    schedule();
    return () => clearTimeout(timer);
  }, [wakeAt]);
  return now;
}
