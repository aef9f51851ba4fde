import { describe, expect, it } from 'vitest';
import { contentText } from './campaign-format';

describe('contentText', () => {
  it('keeps a word break between blocks, and none inside a word', () => {
    expect(
      contentText(
        '<h2>Spring news</h2><p>Read <strong>the</strong> programme.</p><ul><li>One</li><li>Two</li></ul>',
      ),
    ).toBe('Spring news Read the programme. One Two');
    expect(contentText('<p>Line one<br>line two</p>')).toBe('Line one line two');
    expect(contentText('<p>un<em>break</em>able</p>')).toBe('unbreakable');
  });

  it('shortens a long text with an ellipsis', () => {
    expect(contentText(`<p>${'a'.repeat(20)}</p>`, 10)).toBe('aaaaaaaaa…');
  });
});
