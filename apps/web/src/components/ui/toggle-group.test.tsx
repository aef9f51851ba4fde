import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { commitsOf } from '@/test/commits';
import { ToggleGroup, ToggleGroupItem } from './toggle-group';

function Layout() {
  const [view, setView] = useState('grid');
  return (
    <ToggleGroup type="single" value={view} onValueChange={setView} aria-label="Layout">
      <ToggleGroupItem value="grid" aria-label="Grid view" />
      <ToggleGroupItem value="list" aria-label="List view" />
    </ToggleGroup>
  );
}

const radio = (name: string) => screen.getByRole('radio', { name });

describe('ToggleGroup', () => {
  it('is a radio group whose button that is on is checked and the only tab stop', () => {
    render(<Layout />);
    expect(screen.getByRole('radiogroup', { name: 'Layout' })).toBeTruthy();
    expect(radio('Grid view').getAttribute('aria-checked')).toBe('true');
    expect(radio('Grid view').dataset.state).toBe('on');
    expect(radio('Grid view').tabIndex).toBe(0);
    expect(radio('List view').getAttribute('aria-checked')).toBe('false');
    expect(radio('List view').tabIndex).toBe(-1);
  });

  it('mounts in one render, with no update of its own', () => {
    expect(commitsOf(<Layout />)).toEqual(['mount']);
  });

  it('turns a button on when pressed', () => {
    render(<Layout />);
    fireEvent.click(radio('List view'));
    expect(radio('List view').getAttribute('aria-checked')).toBe('true');
    expect(radio('Grid view').getAttribute('aria-checked')).toBe('false');
    expect(radio('List view').tabIndex).toBe(0);
  });

  it('moves to the next and previous with the arrow keys, round the ends, and turns it on', () => {
    render(<Layout />);
    radio('Grid view').focus();
    fireEvent.keyDown(radio('Grid view'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(radio('List view'));
    expect(radio('List view').getAttribute('aria-checked')).toBe('true');
    fireEvent.keyDown(radio('List view'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(radio('Grid view'));
    expect(radio('Grid view').getAttribute('aria-checked')).toBe('true');
    fireEvent.keyDown(radio('Grid view'), { key: 'ArrowLeft' });
    expect(radio('List view').getAttribute('aria-checked')).toBe('true');
    // Other keys are left to the browser.
    fireEvent.keyDown(radio('List view'), { key: 'Enter' });
    expect(radio('List view').getAttribute('aria-checked')).toBe('true');
  });
});
