import { useEffect } from 'react';

/**
 * Loads a third-party script once per page load (e.g. a form provider's embed script that
 * sizes its iframes). Later calls with the same address reuse the first tag.
 */
export function useExternalScript(src: string | null | undefined) {
  useEffect(() => {
    if (!src) return;
    const existing = Array.from(document.scripts).some((script) => script.src === src);
    if (existing) return;
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.embed = 'form';
    document.body.append(script);
  }, [src]);
}
