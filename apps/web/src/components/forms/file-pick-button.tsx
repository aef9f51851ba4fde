import { useRef, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/**
 * A button that opens the file picker (the file input itself stays hidden) and hands over the
 * chosen file. The input is cleared each time, so picking the same file again still counts.
 */
export function FilePickButton({
  accept,
  disabled,
  describedBy,
  className,
  onFile,
  children,
}: {
  accept: string;
  disabled?: boolean;
  describedBy?: string;
  className?: string;
  onFile: (file: File | undefined) => void;
  children: ReactNode;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={inputRef}
        type="file"
        accept={accept}
        hidden
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          onFile(file);
        }}
      />
      <Button
        type="button"
        variant="outline"
        size="sm"
        className={className}
        disabled={disabled}
        aria-describedby={describedBy}
        onClick={() => inputRef.current?.click()}
      >
        {children}
      </Button>
    </>
  );
}
