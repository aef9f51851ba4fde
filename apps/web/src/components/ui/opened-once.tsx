import { createContext, use, useState, type ComponentType, type ReactNode } from 'react';

/**
 * Whether a dialog has been open yet. Its content (overlay, panel, their enter and exit
 * animations) is drawn from the first time it opens on: a closed dialog that never opened
 * mounts nothing, where each part of Radix's closed content still mounted a presence tracker
 * whose first state update React draws synchronously as the page hydrates (decision 171).
 */
const OpenedOnceContext = createContext(true);

/** The content of a dialog: nothing until its dialog first opens. */
export function useOpenedOnce(): boolean {
  return use(OpenedOnceContext);
}

interface RootProps {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  children?: ReactNode;
}

/** Wraps a Radix dialog root (Dialog, AlertDialog) so its content waits for the first opening. */
export function openedOnce<P extends RootProps>(Root: ComponentType<P>) {
  function OpenedOnceRoot(props: P) {
    const { open, defaultOpen, onOpenChange } = props;
    const [opened, setOpened] = useState(Boolean(open ?? defaultOpen));
    // Opened by its owner (a controlled dialog): drawn in the same render.
    if (open && !opened) setOpened(true);
    return (
      <OpenedOnceContext value={opened}>
        <Root
          {...props}
          onOpenChange={(next: boolean) => {
            if (next) setOpened(true);
            onOpenChange?.(next);
          }}
        />
      </OpenedOnceContext>
    );
  }
  OpenedOnceRoot.displayName = `OpenedOnce(${Root.displayName ?? Root.name})`;
  return OpenedOnceRoot;
}
