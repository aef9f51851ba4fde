import { useEffect } from 'react';

/**
 * Sets the page's `<meta name="description">` while the page is shown; the previous text
 * (the site-wide one from index.html) comes back when it unmounts.
 */
export function useMetaDescription(description: string) {
  useEffect(() => {
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    const previous = meta.content;
    meta.content = description;
    return () => {
      meta.content = previous;
    };
  }, [description]);
}
