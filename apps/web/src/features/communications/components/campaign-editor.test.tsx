import { Editor } from '@tiptap/core';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { campaignExtensions } from '../lib/editor-extensions';
import { CampaignEditor } from './campaign-editor';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

// jsdom lays nothing out; ProseMirror asks where the selection is to scroll it into view.
const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
const noRect = () => new DOMRect(0, 0, 0, 0);
beforeAll(() => {
  Range.prototype.getClientRects ??= noRects;
  Range.prototype.getBoundingClientRect ??= noRect;
});

let editors: Editor[] = [];
afterEach(() => {
  editors.forEach((e) => e.destroy());
  editors = [];
});

/** The HTML the editor stores after reading `html`. */
function roundTrip(html: string): string {
  const editor = new Editor({ extensions: campaignExtensions(), content: html });
  editors.push(editor);
  return editor.getHTML();
}

describe('the campaign editor’s schema', () => {
  it('keeps both block placeholders exactly as the server stores them', () => {
    const html =
      '<h2>Spring news</h2><div data-block="upcoming-events"></div><p>Welcome to</p><div data-block="new-members"></div>';
    expect(roundTrip(html)).toBe(html);
  });

  it('drops a block the server does not know', () => {
    expect(roundTrip('<div data-block="weather"></div><p>Hi</p>')).not.toContain('data-block');
  });

  it('keeps what the sanitizer keeps: h2/h3, emphasis, links, buttons, lists, quote, rule, images', () => {
    const html =
      '<h2>A</h2><h3>B</h3><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> ' +
      '<a href="https://example.org/x">link</a> <a href="mailto:hi@example.org">mail</a></p>' +
      '<p><a class="button" href="https://example.org/join">Join</a></p>' +
      '<ul><li><p>one</p></li></ul><ol><li><p>two</p></li></ol>' +
      '<blockquote><p>q</p></blockquote><hr><img src="https://example.org/a.png" alt="A photo">';
    expect(roundTrip(html)).toBe(html);
  });

  it('refuses script links and turns other headings into the allowed ones', () => {
    const out = roundTrip('<h1>Big</h1><p><a href="javascript:alert(1)">x</a></p>');
    expect(out).not.toContain('javascript');
    expect(out).not.toContain('<h1');
  });
});

function renderEditor(initialContent = '<p>Hello</p>') {
  const onChange = vi.fn<(html: string) => void>();
  const upload = vi.fn<(file: File) => Promise<string>>();
  render(
    <>
      <span id="label">Message</span>
      <CampaignEditor
        initialContent={initialContent}
        onChange={onChange}
        editable
        labelledBy="label"
        uploadImage={upload}
      />
    </>,
  );
  return { onChange, upload };
}

describe('the campaign editor', () => {
  it('has a named text box and a toolbar of labelled buttons with one tab stop', async () => {
    renderEditor();
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeTruthy();
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    const buttons = within(toolbar).getAllByRole('button');
    for (const name of [
      'Heading',
      'Subheading',
      'Bold',
      'Italic',
      'Underline',
      'Strikethrough',
      'Link',
      'Button',
      'Image',
      'Bulleted list',
      'Numbered list',
      'Quote',
      'Horizontal line',
      'Upcoming events block',
      'New members block',
    ]) {
      expect(within(toolbar).getByRole('button', { name })).toBeTruthy();
    }
    expect(buttons.filter((b) => b.tabIndex === 0)).toHaveLength(1);
  });

  it('moves along the toolbar with the arrow keys, Home and End', async () => {
    renderEditor();
    const toolbar = await screen.findByRole('toolbar', { name: 'Formatting' });
    const heading = within(toolbar).getByRole('button', { name: 'Heading' });
    act(() => heading.focus());
    fireEvent.keyDown(heading, { key: 'ArrowRight' });
    const sub = within(toolbar).getByRole('button', { name: 'Subheading' });
    expect(document.activeElement).toBe(sub);
    expect(sub.tabIndex).toBe(0);
    expect(heading.tabIndex).toBe(-1);
    fireEvent.keyDown(sub, { key: 'End' });
    expect(document.activeElement).toBe(
      within(toolbar).getByRole('button', { name: 'New members block' }),
    );
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(heading);
  });

  it('inserts the blocks and toggles formatting, reporting the stored HTML', async () => {
    const { onChange } = renderEditor();
    const toolbar = await screen.findByRole('toolbar', { name: 'Formatting' });
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Upcoming events block' }));
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith(
        expect.stringContaining('<div data-block="upcoming-events"></div>'),
      ),
    );
    fireEvent.click(within(toolbar).getByRole('button', { name: 'New members block' }));
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith(
        expect.stringContaining('<div data-block="new-members"></div>'),
      ),
    );
    const bold = within(toolbar).getByRole('button', { name: 'Bold' });
    expect(bold.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Bulleted list' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.stringContaining('<ul>')));
    expect(
      within(toolbar).getByRole('button', { name: 'Bulleted list' }).getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('adds a button from its dialog, refusing an address that is not a link', async () => {
    const { onChange } = renderEditor();
    const toolbar = await screen.findByRole('toolbar', { name: 'Formatting' });
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Button' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a button' });
    fireEvent.change(within(dialog).getByLabelText('Button text'), { target: { value: 'Join' } });
    fireEvent.change(within(dialog).getByLabelText('Address'), {
      target: { value: 'javascript:alert(1)' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add the button' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Enter a web address');
    fireEvent.change(within(dialog).getByLabelText('Address'), {
      target: { value: 'example.org/join' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add the button' }));
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith(
        expect.stringContaining('<a class="button" href="https://example.org/join">Join</a>'),
      ),
    );
  });

  it("shows the server's reason when the image is refused", async () => {
    const { upload, onChange } = renderEditor();
    upload.mockRejectedValueOnce(
      new Error('The image was not added: File is not a JPEG or PNG image'),
    );
    const toolbar = await screen.findByRole('toolbar', { name: 'Formatting' });
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Image' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an image' });
    const file = new File(['GIF89a'], 'x.png', { type: 'image/png' });
    fireEvent.change(within(dialog).getByLabelText('Image'), { target: { files: [file] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add the image' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'The image was not added: File is not a JPEG or PNG image',
    );
    expect(upload).toHaveBeenCalledWith(file);
    expect(onChange).not.toHaveBeenCalledWith(expect.stringContaining('<img'));
  });
});
