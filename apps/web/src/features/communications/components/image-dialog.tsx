import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { IMAGE_ACCEPT } from '@/lib/media/image-file';

/**
 * Uploads an image to the portal's media and hands back its address and description; a
 * file the media checks refuse shows the server's reason here.
 */
export function ImageDialog({
  open,
  onOpenChange,
  upload,
  onInsert,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  upload: (file: File) => Promise<string>;
  onInsert: (image: { src: string; alt: string }) => void;
}) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (!file) return setError('Choose an image (JPEG or PNG).');
    setBusy(true);
    setError(null);
    try {
      onInsert({ src: await upload(file), alt: alt.trim() });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The image was not added.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Add an image</DialogTitle>
            <DialogDescription>JPEG or PNG, less than 5MB.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-file`}>Image</Label>
            <Input
              id={`${id}-file`}
              type="file"
              accept={IMAGE_ACCEPT}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-alt`}>Description (for those who cannot see it)</Label>
            <Input
              id={`${id}-alt`}
              value={alt}
              onChange={(e) => setAlt(e.target.value)}
              maxLength={200}
            />
          </div>
          {error && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="submit" disabled={busy}>
              {busy ? 'Uploading…' : 'Add the image'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
