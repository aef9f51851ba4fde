import { useEffect } from 'react';

/**
 * Asks search engines not to index the page while it is shown (`<meta name="robots"
 * content="noindex">`); the server writes the same tag into the page's first HTML.
 */
export function useNoIndex() {
  useEffect(() => {
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]');
    const added = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'robots';
      document.head.append(meta);
    }
    const previous = meta.content;
    meta.content = 'noindex';
    return () => {
      if (added) meta.remove();
      else meta.content = previous;
    };
  }, []);
}
