import { useEffect, useRef } from 'react';

/** Calls `onVisible` when scrolled near the end of the list (infinite scroll). */
export function LoadMoreSentinel({
  onVisible,
  active,
}: {
  onVisible: () => void;
  active: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onVisible);
  useEffect(() => {
    callback.current = onVisible;
  });

  useEffect(() => {
    const node = ref.current;
    if (!node || !active || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: '0px 0px 400px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [active]);

  return <div ref={ref} aria-hidden="true" className="h-px" />;
}
