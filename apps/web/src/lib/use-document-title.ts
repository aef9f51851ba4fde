import { useEffect } from 'react';
import { useChamber } from './chamber/use-chamber';

/** Sets the tab title to "<page> | <chamber>" (or just the chamber name without a page). */
export function useDocumentTitle(title?: string) {
  const { name } = useChamber();
  useEffect(() => {
    document.title = title ? `${title} | ${name}` : name;
  }, [title, name]);
}
