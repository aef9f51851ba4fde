import type { Editor } from '@tiptap/core';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import {
  Bold,
  CalendarDays,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link2,
  List,
  ListOrdered,
  Minus,
  MousePointerClick,
  Quote,
  Strikethrough,
  Underline,
  UserPlus,
} from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/utils';
import { campaignExtensions, type ContentBlockName } from '../lib/editor-extensions';
import { ImageDialog } from './image-dialog';
import { LinkDialog } from './link-dialog';

interface Tool {
  label: string;
  icon: ReactNode;
  run: (editor: Editor) => void;
  /** A toggle: pressed while the selection has it. */
  active?: (editor: Editor) => boolean;
}

const block = (name: ContentBlockName) => (editor: Editor) =>
  editor.chain().focus().insertContentBlock(name).run();

const FORMAT: Tool[] = [
  {
    label: 'Heading',
    icon: <Heading2 />,
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
    active: (e) => e.isActive('heading', { level: 2 }),
  },
  {
    label: 'Subheading',
    icon: <Heading3 />,
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
    active: (e) => e.isActive('heading', { level: 3 }),
  },
  {
    label: 'Bold',
    icon: <Bold />,
    run: (e) => e.chain().focus().toggleBold().run(),
    active: (e) => e.isActive('bold'),
  },
  {
    label: 'Italic',
    icon: <Italic />,
    run: (e) => e.chain().focus().toggleItalic().run(),
    active: (e) => e.isActive('italic'),
  },
  {
    label: 'Underline',
    icon: <Underline />,
    run: (e) => e.chain().focus().toggleUnderline().run(),
    active: (e) => e.isActive('underline'),
  },
  {
    label: 'Strikethrough',
    icon: <Strikethrough />,
    run: (e) => e.chain().focus().toggleStrike().run(),
    active: (e) => e.isActive('strike'),
  },
];

const STRUCTURE: Tool[] = [
  {
    label: 'Bulleted list',
    icon: <List />,
    run: (e) => e.chain().focus().toggleBulletList().run(),
    active: (e) => e.isActive('bulletList'),
  },
  {
    label: 'Numbered list',
    icon: <ListOrdered />,
    run: (e) => e.chain().focus().toggleOrderedList().run(),
    active: (e) => e.isActive('orderedList'),
  },
  {
    label: 'Quote',
    icon: <Quote />,
    run: (e) => e.chain().focus().toggleBlockquote().run(),
    active: (e) => e.isActive('blockquote'),
  },
  {
    label: 'Horizontal line',
    icon: <Minus />,
    run: (e) => e.chain().focus().setHorizontalRule().run(),
  },
];

const BLOCKS: Tool[] = [
  { label: 'Upcoming events block', icon: <CalendarDays />, run: block('upcoming-events') },
  { label: 'New members block', icon: <UserPlus />, run: block('new-members') },
];

type Dialog = { kind: 'link' | 'button'; href: string; needsText: boolean } | { kind: 'image' };

/**
 * The message's rich-text editor (TipTap): a toolbar (one tab stop, arrow keys move along
 * it, each button labelled) over the text. `onChange` gets the HTML as the server stores it.
 */
export function CampaignEditor({
  initialContent,
  onChange,
  editable,
  labelledBy,
  describedBy,
  uploadImage,
}: {
  initialContent: string;
  onChange: (html: string) => void;
  editable: boolean;
  labelledBy: string;
  describedBy?: string;
  uploadImage: (file: File) => Promise<string>;
}) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  });
  const editor = useEditor({
    extensions: campaignExtensions(),
    content: initialContent,
    editable,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        class: cn(
          'min-h-72 rounded-b-md border border-input bg-background px-4 py-3 text-base',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          '[&_h2]:mt-4 [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-semibold',
          '[&_h3]:mt-3 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold',
          '[&_p]:my-2 [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6',
          '[&_blockquote]:my-2 [&_blockquote]:border-l-4 [&_blockquote]:pl-3 [&_blockquote]:italic',
          '[&_a]:text-primary [&_a]:underline [&_a.button]:inline-block [&_a.button]:rounded-md',
          '[&_a.button]:bg-primary [&_a.button]:px-4 [&_a.button]:py-2 [&_a.button]:text-primary-foreground [&_a.button]:no-underline',
          '[&_hr]:my-4 [&_img]:my-2 [&_img]:h-auto [&_img]:max-w-full',
          '[&_.ProseMirror-selectednode]:outline-2 [&_.ProseMirror-selectednode]:outline-ring',
        ),
      },
    },
    onUpdate: ({ editor: e }) => changed.current(e.getHTML()),
  });

  useEffect(() => {
    editor?.setEditable(editable);
  }, [editor, editable]);

  const link = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      active: e?.isActive('link') ?? false,
      href: (e?.getAttributes('link').href as string | undefined) ?? '',
      empty: e?.state.selection.empty ?? true,
    }),
  });

  const tools: Tool[][] = [
    FORMAT,
    [
      {
        label: 'Link',
        icon: <Link2 />,
        run: (e) => {
          const href = (e.getAttributes('link').href as string | undefined) ?? '';
          if (e.isActive('link')) e.chain().focus().extendMarkRange('link').run();
          setDialog({
            kind: 'link',
            href,
            needsText: e.state.selection.empty && !e.isActive('link'),
          });
        },
        active: (e) => e.isActive('link'),
      },
      {
        label: 'Button',
        icon: <MousePointerClick />,
        run: () => setDialog({ kind: 'button', href: '', needsText: true }),
      },
      { label: 'Image', icon: <ImagePlus />, run: () => setDialog({ kind: 'image' }) },
    ],
    STRUCTURE,
    BLOCKS,
  ];

  const close = () => {
    setDialog(null);
    editor?.commands.focus();
  };

  return (
    <div>
      {editor && <Toolbar editor={editor} groups={tools} disabled={!editable} />}
      <EditorContent editor={editor} />
      {editor && dialog && dialog.kind !== 'image' && (
        <LinkDialog
          open
          onOpenChange={(open) => !open && close()}
          kind={dialog.kind}
          initialHref={dialog.href}
          needsText={dialog.needsText}
          onRemove={
            dialog.kind === 'link' && link?.active
              ? () => {
                  editor.chain().focus().extendMarkRange('link').unsetLink().run();
                  setDialog(null);
                }
              : undefined
          }
          onSubmit={({ href, text }) => {
            const chain = editor.chain().focus();
            if (dialog.kind === 'button') {
              chain.insertContent({
                type: 'paragraph',
                content: [
                  {
                    type: 'text',
                    text,
                    marks: [{ type: 'link', attrs: { href, class: 'button' } }],
                  },
                ],
              });
            } else if (dialog.needsText) {
              chain.insertContent({
                type: 'text',
                text,
                marks: [{ type: 'link', attrs: { href } }],
              });
            } else {
              chain.extendMarkRange('link').setLink({ href });
            }
            chain.run();
            setDialog(null);
          }}
        />
      )}
      {editor && dialog?.kind === 'image' && (
        <ImageDialog
          open
          onOpenChange={(open) => !open && close()}
          upload={uploadImage}
          onInsert={({ src, alt }) => {
            editor.chain().focus().setImage({ src, alt }).run();
            setDialog(null);
          }}
        />
      )}
    </div>
  );
}

/**
 * The editor's toolbar (WAI-ARIA toolbar): one tab stop; Left/Right, Home/End move between
 * its buttons; toggles say whether they are on (aria-pressed).
 */
function Toolbar({
  editor,
  groups,
  disabled,
}: {
  editor: Editor;
  groups: Tool[][];
  disabled: boolean;
}) {
  const [current, setCurrent] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const pressed = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      groups.flat().map((tool) => (tool.active ? tool.active(e) : undefined)),
  });
  const count = groups.flat().length;

  const move = (event: KeyboardEvent) => {
    const next =
      event.key === 'ArrowRight'
        ? (current + 1) % count
        : event.key === 'ArrowLeft'
          ? (current - 1 + count) % count
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? count - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    setCurrent(next);
    refs.current[next]?.focus();
  };

  const offsets = groups.map((_, g) => groups.slice(0, g).flat().length);
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      aria-disabled={disabled || undefined}
      onKeyDown={move}
      className="flex flex-wrap items-center gap-1 rounded-t-md border border-b-0 border-input bg-muted/40 p-1"
    >
      {groups.map((group, g) => (
        <div key={g} className="flex flex-wrap items-center gap-0.5">
          {g > 0 && <span aria-hidden="true" className="mx-1 h-6 w-px bg-border" />}
          {group.map((tool, j) => {
            const i = offsets[g]! + j;
            const isPressed = pressed?.[i];
            return (
              <button
                key={tool.label}
                ref={(el) => {
                  refs.current[i] = el;
                }}
                type="button"
                aria-label={tool.label}
                title={tool.label}
                aria-pressed={isPressed === undefined ? undefined : isPressed}
                tabIndex={i === current ? 0 : -1}
                disabled={disabled}
                onFocus={() => setCurrent(i)}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => tool.run(editor)}
                className={cn(
                  'inline-flex size-9 cursor-pointer items-center justify-center rounded-md text-foreground hover:bg-muted',
                  'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:opacity-50',
                  'aria-pressed:bg-primary aria-pressed:text-primary-foreground [&_svg]:size-4',
                )}
              >
                {tool.icon}
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}
