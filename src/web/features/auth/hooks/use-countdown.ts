import { useEffect, useState } from 'react';

/**
 * Whole seconds left until a moment, ticking once a second; `start(n)` (re)starts it at n.
 * Counts from the clock rather than from ticks, so a throttled background tab stays right.
 */
export function useCountdown(initialSeconds = 0): { secondsLeft: number; start: (seconds: number) => void } {
  const [countdown, setCountdown] = useState(() => ({
    endsAt: Date.now() + initialSeconds * 1000,
    secondsLeft: initialSeconds,
  }));

  useEffect(() => {
    if (countdown.secondsLeft <= 0) return;
    const timer = setTimeout(() => {
      setCountdown((current) => ({
        ...current,
        secondsLeft: Math.max(0, Math.ceil((current.endsAt - Date.now()) / 1000)),
      }));
    }, 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  function start(seconds: number) {
    setCountdown({ endsAt: Date.now() + seconds * 1000, secondsLeft: seconds });
  }

  return { secondsLeft: countdown.secondsLeft, start };
}
