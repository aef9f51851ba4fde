import { SaveIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** Cancel and Save at the foot of a profile editor (docs/product.md#states Profile edit). */
export function EditFormActions({ saving, onCancel }: { saving: boolean; onCancel: () => void }) {
  return (
    <div className="flex flex-col-reverse gap-3 border-t pt-6 sm:flex-row sm:justify-end">
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={saving}>
        <SaveIcon aria-hidden="true" />
        {saving ? 'Saving...' : 'Save'}
      </Button>
    </div>
  );
}
