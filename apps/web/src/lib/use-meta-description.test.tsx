import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useMetaDescription } from './use-meta-description';

function Page({ text }: { text: string }) {
  useMetaDescription(text);
  return null;
}

const description = () =>
  document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;

describe('useMetaDescription', () => {
  it('sets the page description and puts the site-wide one back when the page goes', () => {
    const meta = document.createElement('meta');
    meta.name = 'description';
    meta.content = 'Site-wide description';
    document.head.append(meta);

    const { rerender, unmount } = render(<Page text="About the chamber" />);
    expect(description()).toBe('About the chamber');
    rerender(<Page text="Contact the chamber" />);
    expect(description()).toBe('Contact the chamber');
    unmount();
    expect(description()).toBe('Site-wide description');
    meta.remove();
  });

  it('adds the tag when the document has none', () => {
    const { unmount } = render(<Page text="Nominations" />);
    expect(description()).toBe('Nominations');
    unmount();
  });
});
