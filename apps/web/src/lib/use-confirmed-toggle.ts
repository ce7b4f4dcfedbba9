// A toggle control that shows the requested state at once and then follows the server (spec 000 §4, LAYER-34):
// if the server's state has not matched the request within 1 s, a warning toast shows for 5 s and the control
// reverts to what the server says. Used by the abandoned switch; any server-backed switch can use it.
import { useEffect, useRef, useState } from 'react';

export const TOGGLE_CONFIRM_MS = 1_000;

export function useConfirmedToggle(serverValue: boolean, onMismatch: () => void) {
  const [requested, setRequested] = useState<boolean | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const server = useRef(serverValue);
  const mismatch = useRef(onMismatch);
  useEffect(() => {
    server.current = serverValue;
    mismatch.current = onMismatch;
  });
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const request = (value: boolean) => {
    setRequested(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      if (server.current !== value) mismatch.current();
      setRequested(null); // show the server's state from now on: matched, or reverted
    }, TOGGLE_CONFIRM_MS);
  };

  return { checked: requested ?? serverValue, pending: requested !== null, request };
}
