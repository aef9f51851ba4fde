import { descriptionParts } from '@/lib/jobs/description-parts';

/** A job post's description as written: its line breaks kept, its web links made links. */
export function JobDescription({ text }: { text: string }) {
  return (
    <div className="text-base leading-relaxed whitespace-pre-line">
      {descriptionParts(text).map((part, i) =>
        'href' in part ? (
          <a
            key={i}
            href={part.href}
            rel="nofollow ugc noopener noreferrer"
            target="_blank"
            className="text-primary underline underline-offset-4"
          >
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </div>
  );
}
