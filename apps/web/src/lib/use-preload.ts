import { useEffect } from 'react';

/**
 * What a visitor does first on the page: a press, a touch, a key or the wheel. Until then a
 * page is being read, or is still loading.
 */
const FIRST_INPUTS = ['pointerdown', 'touchstart', 'keydown', 'wheel'] as const;

let inputSeen = false;
const waitingForInput = new Set<() => void>();

function onFirstInput() {
  inputSeen = true;
  for (const type of FIRST_INPUTS) window.removeEventListener(type, onFirstInput, true);
  for (const start of waitingForInput) start();
  waitingForInput.clear();
}

/** Runs `start` at the visitor's first input on the page (at once if there has been one). */
function afterFirstInput(start: () => void): () => void {
  if (inputSeen) {
    start();
    return () => {};
  }
  if (waitingForInput.size === 0) {
    for (const type of FIRST_INPUTS) {
      window.addEventListener(type, onFirstInput, { capture: true, passive: true });
    }
  }
  waitingForInput.add(start);
  return () => waitingForInput.delete(start);
}

/**
 * Starts `load` (the import of a part of the page that `React.lazy` shows) once `wanted`, so
 * the part is there when it is opened and not part of the page's first download. The import
 * is cached: loading again costs nothing.
 *
 * `when: 'first-input'` waits, once wanted, for the visitor's first press, touch, key or wheel
 * on the page: for a part most visitors never open (an event's registration form), whose
 * evaluation would otherwise be one more long task while the page starts. Pressing the button
 * that opens it is such an input, so the load still starts before the click opens it.
 */
export function usePreload(
  load: () => Promise<unknown>,
  wanted: boolean,
  when: 'now' | 'first-input' = 'now',
) {
  useEffect(() => {
    if (!wanted) return;
    if (when === 'now') {
      void load();
      return;
    }
    return afterFirstInput(() => void load());
  }, [load, wanted, when]);
}
