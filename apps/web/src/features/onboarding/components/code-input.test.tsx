import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CodeInput, emptyCode, isCompleteCode } from './code-input';

function Harness() {
  const [digits, setDigits] = useState(emptyCode);
  return (
    <>
      <CodeInput value={digits} onChange={setDigits} />
      <output>{digits.join('')}</output>
      <p>{isCompleteCode(digits) ? 'complete' : 'incomplete'}</p>
    </>
  );
}

const box = (n: number) => screen.getByLabelText(`Digit ${n} of 6`) as HTMLInputElement;
const code = () => screen.getByRole('status').textContent;

describe('CodeInput', () => {
  it('has six labelled numeric boxes, the first offering one-time-code autofill', () => {
    render(<Harness />);
    expect(screen.getByRole('group', { name: 'Confirmation code' })).toBeTruthy();
    for (let n = 1; n <= 6; n++) {
      expect(box(n).getAttribute('inputmode')).toBe('numeric');
      expect(box(n).getAttribute('autocomplete')).toBe(n === 1 ? 'one-time-code' : 'off');
    }
  });

  it('takes digits only and moves on after each', () => {
    render(<Harness />);
    box(1).focus();
    fireEvent.change(box(1), { target: { value: '4' } });
    expect(document.activeElement).toBe(box(2));
    fireEvent.change(box(2), { target: { value: 'x' } });
    expect(box(2).value).toBe('');
    expect(document.activeElement).toBe(box(2));
    fireEvent.change(box(2), { target: { value: '2' } });
    expect(code()).toBe('42');
    expect(document.activeElement).toBe(box(3));
  });

  it('replaces a digit typed over the one already in a box', () => {
    render(<Harness />);
    fireEvent.change(box(1), { target: { value: '1' } });
    fireEvent.change(box(1), { target: { value: '17' } });
    expect(box(1).value).toBe('7');
    expect(document.activeElement).toBe(box(2));
  });

  it('moves back on Backspace in an empty box, clearing the digit before', () => {
    render(<Harness />);
    fireEvent.change(box(1), { target: { value: '1' } });
    fireEvent.change(box(2), { target: { value: '2' } });
    expect(document.activeElement).toBe(box(3));
    fireEvent.keyDown(box(3), { key: 'Backspace' });
    expect(document.activeElement).toBe(box(2));
    expect(code()).toBe('1');
    fireEvent.keyDown(box(2), { key: 'Backspace' });
    expect(document.activeElement).toBe(box(1));
    expect(code()).toBe('');
  });

  it('fills every box from a pasted code, whatever else the text holds', () => {
    render(<Harness />);
    fireEvent.paste(box(3), { clipboardData: { getData: () => ' 123 456\n' } });
    expect(code()).toBe('123456');
    expect(screen.getByText('complete')).toBeTruthy();
    expect(document.activeElement).toBe(box(6));
  });

  it('fills from the box pasted into for part of a code', () => {
    render(<Harness />);
    fireEvent.paste(box(4), { clipboardData: { getData: () => '78' } });
    expect([box(4).value, box(5).value]).toEqual(['7', '8']);
    expect(document.activeElement).toBe(box(6));
    fireEvent.paste(box(1), { clipboardData: { getData: () => 'abc' } });
    expect(box(1).value).toBe('');
  });

  it('spreads a whole code autofilled into one box', () => {
    render(<Harness />);
    fireEvent.change(box(1), { target: { value: '908172' } });
    expect(code()).toBe('908172');
  });

  it('moves with the arrow keys', () => {
    render(<Harness />);
    box(3).focus();
    fireEvent.keyDown(box(3), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(box(2));
    fireEvent.keyDown(box(2), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(box(3));
  });
});
