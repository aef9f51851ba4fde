import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { commitsOf } from '@/test/commits';
import { LabelledSelect } from './labelled-select';

const sorts = [
  { value: 'name', label: 'Member Name A-Z' },
  { value: 'memberSince', label: 'Member Since' },
  { value: 'tier', label: 'Membership Tier' },
];

function SortBy() {
  const [sort, setSort] = useState('name');
  return (
    <>
      <LabelledSelect label="Sort by" value={sort} onValueChange={setSort} options={sorts} />
      <p>sorted by {sort}</p>
    </>
  );
}

describe('LabelledSelect', () => {
  it("is the browser's select, named by its label, offering each choice", () => {
    render(<SortBy />);
    const select = screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement;
    expect(select.tagName).toBe('SELECT');
    expect([...select.options].map((o) => o.text)).toEqual(sorts.map((s) => s.label));
    expect(select.value).toBe('name');
    fireEvent.change(select, { target: { value: 'tier' } });
    expect(screen.getByText('sorted by tier')).toBeTruthy();
    expect(select.value).toBe('tier');
  });

  it('mounts in one render, with no update of its own', () => {
    expect(commitsOf(<SortBy />)).toEqual(['mount']);
  });
});
