import { type Extensions, mergeAttributes, Node } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import StarterKit from '@tiptap/starter-kit';

/** The blocks a message may hold; the server fills them from the portal's data when sent. */
export const CONTENT_BLOCKS = {
  'upcoming-events': 'Upcoming events',
  'new-members': 'New members',
} as const;
export type ContentBlockName = keyof typeof CONTENT_BLOCKS;

const isBlockName = (value: string | null): value is ContentBlockName =>
  value !== null && Object.hasOwn(CONTENT_BLOCKS, value);

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    contentBlock: {
      /** Inserts an 'Upcoming events' or 'New members' block at the selection. */
      insertContentBlock: (block: ContentBlockName) => ReturnType;
    };
  }
}

/**
 * A block placeholder: stored exactly as `<div data-block="upcoming-events"></div>` (or
 * `new-members`), the markup the server's sanitizer keeps and the send fills. In the editor
 * it shows as a labelled box that is selected, moved and deleted as one piece.
 */
export const ContentBlock = Node.create({
  name: 'contentBlock',
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,
  addAttributes() {
    return {
      block: {
        default: 'upcoming-events',
        parseHTML: (element) => element.getAttribute('data-block'),
        renderHTML: (attributes: { block: string }) => ({ 'data-block': attributes.block }),
      },
    };
  },
  parseHTML() {
    return [
      {
        tag: 'div[data-block]',
        getAttrs: (element) => (isBlockName(element.getAttribute('data-block')) ? null : false),
      },
    ];
  },
  renderHTML({ HTMLAttributes }) {
    return ['div', mergeAttributes(HTMLAttributes)];
  },
  renderText({ node }) {
    return `[${CONTENT_BLOCKS[node.attrs.block as ContentBlockName] ?? ''}]`;
  },
  addNodeView() {
    return ({ node }) => {
      const dom = document.createElement('div');
      const name = node.attrs.block as ContentBlockName;
      dom.dataset.blockView = name;
      dom.contentEditable = 'false';
      dom.className =
        'my-3 rounded-md border border-dashed border-primary/60 bg-muted px-3 py-2 text-sm';
      const title = document.createElement('strong');
      title.textContent = CONTENT_BLOCKS[name] ?? name;
      const hint = document.createElement('span');
      hint.className = 'block text-muted-foreground';
      hint.textContent =
        name === 'new-members'
          ? 'The newest members, filled in when the message is sent.'
          : 'The coming events, filled in when the message is sent.';
      dom.append(title, hint);
      return { dom };
    };
  },
  addCommands() {
    return {
      insertContentBlock:
        (block) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs: { block } }),
    };
  },
});

/** Links the server keeps: http, https and mailto. */
export function isAllowedLink(url: string): boolean {
  return /^(https?:\/\/[^\s/]+|mailto:[^\s@]+@[^\s@]+)/i.test(url.trim());
}

/**
 * The editor's schema: what the server's sanitizer keeps (apps/server/src/modules/
 * communications/content.ts) and nothing it would drop: h2/h3, paragraphs, bold, italic,
 * underline, strike, links (a link of the class `button` is a button), lists, blockquote,
 * rule, images and the two blocks. No code, no other heading levels.
 */
export function campaignExtensions(): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3] },
      code: false,
      codeBlock: false,
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        protocols: ['http', 'https', 'mailto'],
        isAllowedUri: (url) => isAllowedLink(url),
        // Mail needs none of these; the sanitizer would drop them anyway.
        HTMLAttributes: { target: null, rel: null, class: null },
      },
    }),
    Image.configure({ inline: false, allowBase64: false }),
    ContentBlock,
  ];
}
